// Issue 11's calendar rows, on one generated 10 MB file (CalendarFile.swift):
//
// C1-Almanac  `EventCalendar(ics:)` on the file's bytes (lenient, the
//             default), the calendar dropped at the end of each run.
// C1-libical  `icalparser_parse_string` on the same bytes, NUL-terminated,
//             then `icalcomponent_free` (Sources/CLibical).
// C2-Almanac  one week's window query on the parsed calendar (viewer UTC,
//             cancelled instances included), every instance read. Its peer,
//             recurring-ical-events on the same file and window, is timed by
//             Benchmarks/peers/recurring_ical_events_query.py, started from
//             this setup in the same run (skipped in quick mode).
// C3          the memory of holding the parsed calendar, Almanac's and
//             libical's, measured in C1's setups (CalendarMemory.swift).
//
// Setup writes the file next to the report (or to ALMANAC_BENCH_CALENDAR)
// so that the peers read the same bytes and it can be inspected.

import AlmanacCalendar
import Almanac
import Benchmark
import CLibical
import AlmanacFoundation
import Foundation

func registerCalendars() {
    Benchmark("C1-Almanac") { benchmark, bytes in
        benchmark.timed { blackHole(readCalendar(bytes)) }
    } setup: { () -> [UInt8] in
        let f = calendarFile
        writeCalendarFile(f)
        checkCalendar(f, readCalendar(f.bytes))
        measureHolding("Almanac", fileSize: f.bytes.count, { readCalendar(f.bytes) }, release: { _ in })
        return f.bytes
    }

    Benchmark("C1-libical") { benchmark, text in
        benchmark.timed {
            blackHole(text.withUnsafeBufferPointer { clibical_parse_count_free($0.baseAddress!) })
        }
    } setup: { () -> [CChar] in
        let f = calendarFile
        let text = f.bytes.map { CChar(bitPattern: $0) } + [0]
        checkLibical(f, text)
        measureHolding("libical", fileSize: f.bytes.count, {
            text.withUnsafeBufferPointer { clibical_parse($0.baseAddress!) }
        }, release: { clibical_free($0) })
        return text
    }

    Benchmark("C2-Almanac") { benchmark, calendar in
        benchmark.timed { blackHole(calendarTally(calendar, in: calendarWindow)) }
    } setup: { () -> EventCalendar in
        let f = calendarFile
        let calendar = readCalendar(f.bytes)
        let week = checkWindow(calendar)
        if !quickMode {
            // The peer takes seconds per query: full runs only, as the Foundation rows.
            runQueryPeer(writeCalendarFile(f), almanac: week)
        }
        return calendar
    }
}

@inline(never)
func readCalendar(_ bytes: [UInt8]) -> EventCalendar {
    do { return try EventCalendar(ics: bytes) } catch { fatalError("the generated calendar does not read: \(error)") }
}

/// C2's loop: every instance of the window, its start instant (all-day ones
/// placed in UTC) folded into a `Tally`.
@inline(never)
func calendarTally(_ calendar: EventCalendar, in window: Range<Timestamp>) -> Tally {
    var t = Tally()
    for o in calendar.occurrences(overlapping: window) {
        t.add(seconds: o.occurrence.instants(in: .utc).lowerBound.secondsSinceEpoch, offset: Int32(truncatingIfNeeded: o.eventIndex))
    }
    return t
}

/// Writes the file next to the report (`calendar.ics`), to
/// ALMANAC_BENCH_CALENDAR when set, else to the temporary directory; returns the path.
@discardableResult
func writeCalendarFile(_ f: CalendarFile) -> String {
    let env = ProcessInfo.processInfo.environment
    let path = env["ALMANAC_BENCH_CALENDAR"]
        ?? env["ALMANAC_BENCH_REPORT"].map { URL(fileURLWithPath: $0).deletingLastPathComponent().appendingPathComponent("calendar.ics").path }
        ?? NSTemporaryDirectory() + "/almanac-bench-calendar.ics"
    do { try Data(f.bytes).write(to: URL(fileURLWithPath: path)) } catch { fatalError("cannot write \(path): \(error)") }
    return path
}

/// Almanac read every series and override, with no problem; reports the file's size.
func checkCalendar(_ f: CalendarFile, _ calendar: EventCalendar) {
    report("calendar", String(f.bytes.count), f.text, String(f.exdates))
    report("count", "C1", "Almanac", String(calendar.events.count + calendar.events.reduce(0) { $0 + $1.overrides.count }), f.text)
    let overrides = calendar.events.reduce(0) { $0 + $1.overrides.count }
    let recurring = calendar.events.filter(\.isRecurring).count
    if calendar.events.count != f.series || overrides != f.overrides || recurring != f.recurring {
        warn("C1: Almanac read \(calendar.events.count) series (\(recurring) recurring) and \(overrides) overrides; the generator wrote \(f.series) (\(f.recurring)) and \(f.overrides)")
    } else if !calendar.problems.isEmpty {
        warn("C1: Almanac cannot expand \(calendar.problems.count) series, e.g. \(calendar.problems[0])")
    } else {
        report("check", "C1", "agree", "Almanac read the \(f.series.formatted) series and \(f.overrides.formatted) overrides the generator wrote, "
               + "\(calendar.fileZones.count) zones from VTIMEZONEs, no problem")
    }
}

/// libical read every VEVENT (series and overrides) with no X-LIC-ERROR.
func checkLibical(_ f: CalendarFile, _ text: [CChar]) {
    var errors: Int64 = 0
    let handle = text.withUnsafeBufferPointer { clibical_parse($0.baseAddress!) }
    guard let handle else {
        warn("C1: libical returned no component for the generated calendar")
        return
    }
    let events = Int(clibical_count_events(handle, &errors))
    clibical_free(handle)
    report("count", "C1", "libical", String(events), f.text)
    if events != f.series + f.overrides || errors != 0 {
        warn("C1: libical read \(events) VEVENTs with \(errors) X-LIC-ERROR properties; the file has \(f.series + f.overrides) VEVENTs")
    } else {
        report("check", "C1", "agree", "libical read the \((f.series + f.overrides).formatted) VEVENTs, no X-LIC-ERROR")
    }
}

/// C2's instances, checked: some, and the same as a window four weeks
/// longer filtered to the week. Returns them.
func checkWindow(_ calendar: EventCalendar) -> [CalendarOccurrence] {
    let week = Array(calendar.occurrences(overlapping: calendarWindow))
    let wide = (calendarWindow.lowerBound + -14 * 86_400)..<(calendarWindow.upperBound + 14 * 86_400)
    let filtered = calendar.occurrences(overlapping: wide).filter { o in
        let r = o.occurrence.instants(in: .utc)
        return r.lowerBound < calendarWindow.upperBound
            && (r.upperBound > calendarWindow.lowerBound || r.isEmpty && r.lowerBound == calendarWindow.lowerBound)
    }
    let cancelled = week.filter { $0.status == .cancelled }.count
    let series = Set(week.map(\.eventIndex)).count
    report("count", "C2", "Almanac", String(week.count),
           "2024-06-03 to 2024-06-10 UTC, viewer UTC, cancelled instances included (\(cancelled)); \(series) series")
    if week.isEmpty {
        warn("C2: Almanac found no instance in the week")
    } else if week != filtered {
        warn("C2: the week's \(week.count) instances differ from the \(filtered.count) of a window four weeks longer, filtered to the week")
    } else {
        report("check", "C2", "agree", "the week's \(week.count) instances (\(series) series, \(cancelled) cancelled) equal a window four weeks longer filtered to the week")
    }
    return week
}
