// Issue 26's alarm rows, on the C rows' calendar (CalendarFile.swift: 10,000
// series, 1,000 overrides; a third of the events carry a VALARM, DISPLAY,
// TRIGGER -PT5M to -PT30M, overrides included):
//
// AL1-Almanac  the alarms that fire in C2's week (2024-06-03..10 UTC, viewer
//              UTC): `calendar.alarms(in:)`, every firing read. Its peer,
//              recurring-ical-events' alarm query on the same file and window
//              (`of(cal, components=["VALARM"]).between(from, to)`), is timed
//              by Benchmarks/peers/recurring_ical_events_alarms.py, started
//              from this setup in the same run (skipped in quick mode).
// AL2-Almanac  the next 64 alarms from a date (`nextAlarms(64, from:)`): one
//              query per run, the date taking the next of eight spread over
//              2020-2026 each run (the query seeks; its cost should not grow
//              with the date).
//
// (AL, not A: A1 is issue 4's agenda list.)

import Almanac
import AlmanacCalendar
import AlmanacReminders
import Benchmark
import Foundation

/// AL2's dates: eight instants from the calendar's first weeks to its last year.
let alarmDates: [Timestamp] = [(2020, 1, 6), (2020, 11, 2), (2021, 8, 16), (2022, 5, 9), (2023, 2, 27), (2024, 6, 3), (2025, 3, 17), (2026, 10, 5)]
    .map { try! Timestamp(utc: CivilDate($0.0, $0.1, $0.2).at(8, 0)) }

func registerAlarms() {
    Benchmark("AL1-Almanac") { benchmark, calendar in
        benchmark.timed { blackHole(alarmTally(calendar, in: calendarWindow)) }
    } setup: { () -> EventCalendar in
        let f = calendarFile
        let calendar = readCalendar(f.bytes)
        let week = checkAlarmWeek(calendar)
        if !quickMode {
            runAlarmPeer(writeCalendarFile(f), almanac: week)
        }
        return calendar
    }

    Benchmark("AL2-Almanac") { benchmark, calendar in
        var k = 0
        benchmark.timed {
            blackHole(nextTally(calendar, from: alarmDates[k & 7]))
            k &+= 1
        }
    } setup: { () -> EventCalendar in
        let calendar = readCalendar(calendarFile.bytes)
        checkNextAlarms(calendar)
        return calendar
    }
}

/// AL1's loop: every firing of the window, its time and series folded into a `Tally`.
@inline(never)
func alarmTally(_ calendar: EventCalendar, in window: Range<Timestamp>) -> Tally {
    var t = Tally()
    for f in calendar.alarms(in: window) {
        t.add(seconds: f.time.secondsSinceEpoch, offset: Int32(truncatingIfNeeded: f.instance.eventIndex))
    }
    return t
}

/// AL2's query: the next 64 firings from `date`, folded into a `Tally`.
@inline(never)
func nextTally(_ calendar: EventCalendar, from date: Timestamp) -> Tally {
    var t = Tally()
    for f in calendar.nextAlarms(64, from: date) {
        t.add(seconds: f.time.secondsSinceEpoch, offset: Int32(truncatingIfNeeded: f.instance.eventIndex))
    }
    return t
}

/// AL1's firings, checked: some, in time order, the same as those of the
/// week's instances and of the days around it computed alarm by alarm from
/// the window query. Returns them.
func checkAlarmWeek(_ calendar: EventCalendar) -> [AlarmFiring] {
    let week = Array(calendar.alarms(in: calendarWindow))
    report("count", "AL1", "Almanac", String(week.count),
           "alarms of 2024-06-03 to 2024-06-10 UTC, viewer UTC, on the C rows' calendar (\(Set(week.map(\.instance.eventIndex)).count) series)")
    let wide = (calendarWindow.lowerBound + -2 * 86_400)..<(calendarWindow.upperBound + 2 * 86_400)
    var brute: [(Int64, String)] = []
    for o in calendar.occurrences(overlapping: wide, dropsCancelled: true) {
        for a in calendar.alarms(of: o) where a.firesAtATime {
            guard case .start(let d) = a.trigger, d.days == 0 else { continue }   // the file's alarms: -PTnM from the start
            let t = o.occurrence.instants(in: .utc).lowerBound.secondsSinceEpoch + Int64(d.seconds)
            if calendarWindow.contains(Timestamp(secondsSinceEpoch: t)) { brute.append((t, o.seriesID)) }
        }
    }
    let ours = week.map { ($0.time.secondsSinceEpoch, $0.instance.seriesID) }
    let sorted = zip(ours, ours.dropFirst()).allSatisfy { $0.0 <= $1.0 }
    if week.isEmpty {
        warn("AL1: Almanac found no alarm in the week")
    } else if !sorted || ours.sorted(by: { $0 < $1 }).map({ "\($0.0) \($0.1)" }) != brute.sorted(by: { $0 < $1 }).map({ "\($0.0) \($0.1)" }) {
        warn("AL1: the week's \(week.count) firings (in order: \(sorted)) differ from the \(brute.count) of its instances' alarms")
    } else {
        report("check", "AL1", "agree", "the week's \(week.count) firings, in time order, equal the alarms of the instances around it, one by one")
    }
    return week
}

/// AL2: each date's next 64 are the first 64 of a year's window from it.
func checkNextAlarms(_ calendar: EventCalendar) {
    var total = 0
    for d in alarmDates {
        let next = calendar.nextAlarms(64, from: d)
        let year = Array(calendar.alarms(in: d..<(d + 366 * 86_400)).prefix(64))
        total += next.count
        guard next == year, next.count == 64 else {
            warn("AL2: the next alarms from \(d.utc!) are \(next.count), not the first 64 of a year's window (\(year.count))")
            return
        }
    }
    report("count", "AL2", "Almanac", "64", "the next 64 alarms from one of 8 dates in 2020-2026 (one date per run), viewer UTC")
    report("check", "AL2", "agree", "from each of the 8 dates, the next 64 (\(total) in all) are the first 64 of a year's window")
}
