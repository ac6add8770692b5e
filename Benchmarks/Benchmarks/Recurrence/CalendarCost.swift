// Issue 24's calendar rows: cost on shapes the 10 MB calendar does not have.
//
// C4-5k-Almanac, C4-20k-Almanac
//     a daily series (America/New_York, 09:00) with 5,000 or 20,000
//     RANGE=THISANDFUTURE overrides, one every third day, each moving the
//     rest 0-2 hours later with its own 30- to 90-minute length: the file
//     read (`EventCalendar(ics:)`) and every instance listed from DTSTART to
//     30 days after the last override (15,030 or 60,030 instances). Linear
//     in the chain: 20,000 should cost at most 8x 5,000 (issue 24; on main
//     at ea9f8e6 each segment walked the instances of all earlier ones).
// C5-Almanac
//     200,000 small timed VEVENTs (UID, DTSTART and DTEND in UTC, SUMMARY;
//     25 MB) read: `EventCalendar(ics:)` on the file's bytes, the calendar
//     dropped at the end of the run. Its memory is measured in setup as C3's
//     (CalendarMemory.swift): the peak of reading and holding it, at most 3x
//     the file (issue 24; 9x on main at ea9f8e6).
//
// Every input is generated in setup, outside the measured region, the same
// bytes in every run.

import AlmanacCalendar
import Almanac
import Benchmark
import AlmanacFoundation
import Foundation

/// A generated calendar and what reading it must give.
struct CostFile {
    let bytes: [UInt8]
    let window: Range<Timestamp>
    /// Series and overrides the file holds, instances in `window`.
    let series: Int, overrides: Int, instances: Int
}

/// C4's file: a daily series and `n` THISANDFUTURE overrides.
func chainFile(_ n: Int) -> CostFile {
    var s = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Almanac//benchmarks C4//EN\r\n"
    let day0 = try! CivilDate(2000, 1, 1)
    func wall(_ day: Int, _ hour: Int) -> String { try! CivilDateTime(day0.adding(days: day), CivilTime(hour, 0)).description.filter { $0 != "-" && $0 != ":" } }
    s += "BEGIN:VEVENT\r\nUID:chain@example.com\r\nDTSTAMP:20240101T000000Z\r\nDTSTART;TZID=America/New_York:\(wall(0, 9))\r\n"
        + "DURATION:PT1H\r\nRRULE:FREQ=DAILY\r\nSUMMARY:Chain\r\nEND:VEVENT\r\n"
    for i in 1...n {
        s += "BEGIN:VEVENT\r\nUID:chain@example.com\r\nDTSTAMP:20240101T000000Z\r\n"
            + "RECURRENCE-ID;RANGE=THISANDFUTURE;TZID=America/New_York:\(wall(3 * i, 9))\r\n"
            + "DTSTART;TZID=America/New_York:\(wall(3 * i, 9 + i % 3))\r\nDURATION:PT\(30 + 30 * (i % 3))M\r\n"
            + "SUMMARY:Segment \(i)\r\nEND:VEVENT\r\n"
    }
    s += "END:VCALENDAR\r\n"
    let from = try! Timestamp(utc: day0.at(0, 0))
    let to = try! Timestamp(utc: day0.adding(days: 3 * n + 30).at(0, 0))
    return CostFile(bytes: Array(s.utf8), window: from..<to, series: 1, overrides: n, instances: 3 * n + 30)
}

/// C5's file: `n` small timed events, 37 minutes apart from 2024-01-01.
func smallEventsFile(_ n: Int) -> CostFile {
    var b: [UInt8] = []
    b.reserveCapacity(n * 130)
    b += Array("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Almanac//benchmarks C5//EN\r\n".utf8)
    let t0 = try! Timestamp(utc: CivilDate(2024, 1, 1).at(9, 0)).secondsSinceEpoch
    func utc(_ s: Int64) -> String { Timestamp(secondsSinceEpoch: s).utc!.description.filter { $0 != "-" && $0 != ":" } + "Z" }
    for i in 0..<n {
        let start = t0 + Int64(i) * 37 * 60
        let uid = String(i)
        b += Array(("BEGIN:VEVENT\r\nUID:ev-" + String(repeating: "0", count: max(0, 7 - uid.count)) + uid + "@example.com\r\n"
            + "DTSTART:" + utc(start) + "\r\nDTEND:" + utc(start + 3600) + "\r\nSUMMARY:Event \(i)\r\nEND:VEVENT\r\n").utf8)
    }
    b += Array("END:VCALENDAR\r\n".utf8)
    let from = Timestamp(secondsSinceEpoch: t0)
    return CostFile(bytes: b, window: from..<Timestamp(secondsSinceEpoch: t0 + Int64(n) * 37 * 60), series: n, overrides: 0, instances: n)
}

/// C4's run: the file read and every instance of the window folded into a `Tally`.
@inline(never)
func chainTally(_ f: CostFile) -> Tally {
    var t = Tally()
    for o in readCalendar(f.bytes).occurrences(overlapping: f.window) {
        t.add(seconds: o.occurrence.instants(in: .utc).lowerBound.secondsSinceEpoch, offset: Int32(truncatingIfNeeded: o.eventIndex))
    }
    return t
}

/// What C4 and C5 must read and list; reports the file's size and counts.
func checkCostFile(_ id: String, _ f: CostFile, what: String) {
    let c = readCalendar(f.bytes)
    let overrides = c.events.reduce(0) { $0 + $1.overrides.count }
    let instances = c.occurrences(overlapping: f.window).reduce(0) { n, _ in n + 1 }
    report("costfile", id, String(f.bytes.count), what)
    report("count", id, "Almanac", String(instances), what)
    if c.events.count != f.series || overrides != f.overrides || instances != f.instances || !c.problems.isEmpty {
        warn("\(id): Almanac read \(c.events.count) series, \(overrides) overrides and listed \(instances) instances; "
             + "the file has \(f.series), \(f.overrides) and \(f.instances)")
    } else {
        report("check", id, "agree", "Almanac read the \(f.series.formatted) series and \(f.overrides.formatted) overrides "
               + "and listed the \(f.instances.formatted) instances")
    }
}

func registerCalendarCost() {
    for (id, n) in [("C4-5k", 5_000), ("C4-20k", 20_000)] {
        Benchmark("\(id)-Almanac") { benchmark, f in
            benchmark.timed { blackHole(chainTally(f)) }
        } setup: { () -> CostFile in
            let f = chainFile(n)
            checkCostFile(id, f, what: "a daily series with \(n.formatted) RANGE=THISANDFUTURE overrides, every instance listed")
            return f
        }
    }

    Benchmark("C5-Almanac") { benchmark, bytes in
        benchmark.timed { blackHole(readCalendar(bytes)) }
    } setup: { () -> [UInt8] in
        let f = smallEventsFile(200_000)
        checkCostFile("C5", f, what: "200,000 small timed events read")
        measureHolding("Almanac", row: "C5", fileSize: f.bytes.count, { readCalendar(f.bytes) }, release: { _ in })
        return f.bytes
    }
}
