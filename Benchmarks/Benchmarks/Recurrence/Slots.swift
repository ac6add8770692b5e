// Issue 26, point 4: "Slots for 5 people over 2 weeks with 30-minute length:
// < 5 ms".
//
// Five people in five zones (Paris, New York, Tokyo, Sydney, London), the
// two weeks 2026-03-23..04-06 (Paris and London change to summer time on
// 29 March; Sydney leaves it on 5 April). Working hours: four weekly
// patterns (one with a lunch break, one with Tuesday and Thursday evenings)
// and one VAVAILABILITY read from iCalendar text (Mon-Fri 08:30-16:30 in
// Sydney, with a PRIORITY:1 half day). Busy periods: per person and
// weekday 3-7 meetings of 15 minutes to 2 hours, on quarter hours between
// 07:00 and 19:00 local, of types BUSY (70%), BUSY-TENTATIVE (20%),
// BUSY-UNAVAILABLE (10%), overlapping at times; built in setup.
//
// - F2: `SlotFinder(people).slots(in: twoWeeks, length: 30 min)` (everyone);
// - F2-k3: the same with at least 3 of the 5.
//
// Measured: the whole query (each person's hours expanded in their zone, the
// busy periods merged and subtracted, the sweep). Setup checks both rows
// against a brute force on the minute grid (the property test's spec):
// every slot free for its people throughout, maximal, and no start with a
// quorum free for 30 minutes left out.

import Almanac
import AlmanacAvailability
import AlmanacCalendar
import Benchmark

struct SlotsFixture {
    let finder: SlotFinder
    let window: Range<Timestamp>
    let quorum: Quorum
}

let slotsText = "5 people (Paris, New York, Tokyo, Sydney, London; 4 weekly patterns, 1 VAVAILABILITY), 2026-03-23..04-06, 30 min"

let slotsAvailabilityICS = """
    BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Almanac//benchmark//EN\r\n\
    BEGIN:VAVAILABILITY\r\nUID:f2-hours\r\nDTSTAMP:20260301T000000Z\r\n\
    BEGIN:AVAILABLE\r\nUID:f2-weekdays\r\nDTSTAMP:20260301T000000Z\r\n\
    DTSTART;TZID=Australia/Sydney:20260105T083000\r\nDTEND;TZID=Australia/Sydney:20260105T163000\r\n\
    RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR\r\nEND:AVAILABLE\r\nEND:VAVAILABILITY\r\n\
    BEGIN:VAVAILABILITY\r\nUID:f2-half-day\r\nDTSTAMP:20260301T000000Z\r\nPRIORITY:1\r\n\
    DTSTART;TZID=Australia/Sydney:20260401T000000\r\nDTEND;TZID=Australia/Sydney:20260402T000000\r\n\
    BEGIN:AVAILABLE\r\nUID:f2-morning\r\nDTSTAMP:20260301T000000Z\r\n\
    DTSTART;TZID=Australia/Sydney:20260401T083000\r\nDURATION:PT4H\r\nEND:AVAILABLE\r\nEND:VAVAILABILITY\r\n\
    END:VCALENDAR\r\n
    """

func makeSlotsFixture(quorum: Quorum) -> SlotsFixture {
    let window = Timestamp(utc: try! CivilDate(2026, 3, 23).at(0, 0))..<Timestamp(utc: try! CivilDate(2026, 4, 6).at(0, 0))
    let hours: [WorkingHours] = [
        .weekly(try! WeeklyHours(parsing: "Mon-Fri 09:00-17:30")),
        .weekly(try! WeeklyHours(parsing: "Mon-Fri 09:00-12:30,13:30-18:00")),
        .weekly(try! WeeklyHours(parsing: "Mon-Fri 09:00-18:00; Tue,Thu 20:00-23:00")),
        .availability(try! EventCalendar(ics: slotsAvailabilityICS).availability),
        .weekly(try! WeeklyHours(parsing: "Mon-Thu 08:00-16:00; Fri 08:00-13:00")),
    ]
    let zones = ["Europe/Paris", "America/New_York", "Asia/Tokyo", "Australia/Sydney", "Europe/London"].map(loadZone)
    var rng = SplitMix64(0x5_1075_F2)
    var people: [Attendee] = []
    for (i, zone) in zones.enumerated() {
        var busy: [BusyPeriod] = []
        for day in 0..<15 {
            let date = CivilDate(daysSinceEpoch: try! CivilDate(2026, 3, 22).daysSinceEpoch + day)!
            guard date.weekday.rawValue <= 5 else { continue }
            for _ in 0..<(3 + rng.int(5)) {
                let minute = 7 * 60 + 15 * rng.int(48), length = 15 * (1 + rng.int(8))
                let start = try! zone.timestamp(for: date.at(minute / 60, minute % 60))
                let r = rng.int(10), type: FreeBusyType = r < 7 ? .busy : r < 9 ? .busyTentative : .busyUnavailable
                busy.append(BusyPeriod(range: start..<(start + Int64(length * 60)), type: type))
            }
        }
        people.append(Attendee(name: "p\(i)", zone: zone, busy: busy, hours: hours[i]))
    }
    return SlotsFixture(finder: SlotFinder(people), window: window, quorum: quorum)
}

func almanacSlots(_ f: SlotsFixture) -> [FreeSlot] {
    try! f.finder.slots(in: f.window, length: 1800, quorum: f.quorum)
}

/// The brute force on the minute grid: free minutes from `freeTime(of:in:)`
/// (checked against the hours and busy periods minute by minute), then
/// every slot and every 30-minute start.
func checkSlots(_ id: String, _ f: SlotsFixture, _ slots: [FreeSlot]) {
    let w0 = f.window.lowerBound, minutes = Int((f.window.upperBound - w0) / 60), n = f.finder.attendees.count
    var free = Array(repeating: Array(repeating: false, count: minutes), count: n)
    for p in 0..<n {
        let a = f.finder.attendees[p]
        let hours = a.hours.intervals(in: f.window, zone: a.zone)
        for m in 0..<minutes {
            let t = w0 + Int64(m) * 60
            free[p][m] = hours.contains { $0.contains(t) } && !a.busy.contains { $0.range.contains(t) && $0.type != .free }
        }
    }
    let k: Int = { if case .atLeast(let k) = f.quorum { return k } else { return n } }()
    var problems: [String] = []
    for s in slots {
        let a = Int((s.range.lowerBound - w0) / 60), b = Int((s.range.upperBound - w0) / 60)
        let throughout = (0..<n).filter { p in (a..<b).allSatisfy { free[p][$0] } }
        if throughout != s.attendees || s.attendees.count < k || b - a < 30 { problems.append("slot \(s) is not free for its people") }
        if a > 0 && s.attendees.allSatisfy({ free[$0][a - 1] }) || b < minutes && s.attendees.allSatisfy({ free[$0][b] }) {
            problems.append("slot \(s) is not maximal")
        }
    }
    for m in 0...(minutes - 30) {
        let group = (0..<n).filter { p in (m..<(m + 30)).allSatisfy { free[p][$0] } }
        guard group.count >= k else { continue }
        let s = w0 + Int64(m) * 60
        if !slots.contains(where: { $0.range.lowerBound <= s && s + 1800 <= $0.range.upperBound && Set(group).isSubset(of: $0.attendees) }) {
            problems.append("missed \(s) for \(group)")
        }
    }
    if problems.isEmpty {
        report("check", id, "agree", "the minute-grid brute force: \(slots.count) slots, none missed")
    } else {
        let message = "\(id) \(slotsText): \(problems.count) problems, the first: \(problems[0])"
        report("check", id, "MISMATCH", message)
        warn(message)
    }
}

func registerSlots() {
    for (id, quorum) in [("F2", Quorum.all), ("F2-k3", Quorum.atLeast(3))] {
        Benchmark("\(id)-Almanac") { benchmark, f in
            benchmark.timed { blackHole(almanacSlots(f)) }
        } setup: { () -> SlotsFixture in
            let f = makeSlotsFixture(quorum: quorum)
            let slots = almanacSlots(f)
            report("count", id, "Almanac", String(slots.count), slotsText + (id == "F2" ? "" : ", at least 3"))
            checkSlots(id, f, slots)
            return f
        }
    }
}
