// Issue 26's free/busy row, on the C rows' generated calendar (CalendarFile.swift):
//
// F1-Almanac  `EventCalendar.busyPeriods(overlapping:)` over June 2024 (UTC):
//             every instance that blocks time, merged and typed, on the
//             parsed calendar (viewer UTC, all-day events busy).
// F1-libical  `icalspanlist_new` (libicalss) over the same month on the same
//             components, then `icalspanlist_free` (Sources/CLibical): its
//             set holds the file's VTIMEZONEs and VEVENTs.
//
// Setup checks Almanac's periods against the union of every instance of a
// window two months wider (filtered by the busy rules, merged by a sweep
// written here), and compares them with libical's spans
// (`icalspanlist_as_vfreebusy`), reporting where the two differ.

import AlmanacAvailability
import AlmanacCalendar
import Almanac
import Benchmark
import CLibical
import Foundation

/// F1's month: June 2024, UTC.
let freeBusyMonth = try! Timestamp(utc: CivilDate(2024, 6, 1).at(0, 0))..<Timestamp(utc: CivilDate(2024, 7, 1).at(0, 0))

/// libical's set of the file's components (never freed: see clibical.h).
struct SpanlistSet: @unchecked Sendable {
    let pointer: UnsafeMutableRawPointer
}

func registerFreeBusy() {
    Benchmark("F1-Almanac") { benchmark, calendar in
        benchmark.timed { blackHole(freeBusyTally(calendar)) }
    } setup: { () -> EventCalendar in
        let calendar = readCalendar(calendarFile.bytes)
        checkFreeBusy(calendar)
        return calendar
    }

    Benchmark("F1-libical") { benchmark, set in
        let (lo, hi) = (freeBusyMonth.lowerBound.secondsSinceEpoch, freeBusyMonth.upperBound.secondsSinceEpoch)
        benchmark.timed { blackHole(clibical_spanlist_run(set.pointer, lo, hi)) }
    } setup: { () -> SpanlistSet in
        let text = calendarFile.bytes.map { CChar(bitPattern: $0) } + [0]
        guard let p = text.withUnsafeBufferPointer({ clibical_spanlist_set($0.baseAddress!) }) else {
            fatalError("F1: libical could not build its set of the generated calendar")
        }
        let set = SpanlistSet(pointer: p)
        writeCalendarFile(calendarFile)   // beside the report, to look into differences
        compareSpanlist(set, almanac: readCalendar(calendarFile.bytes))
        return set
    }
}

/// F1's run: the month's busy periods, folded into a `Tally`.
@inline(never)
func freeBusyTally(_ calendar: EventCalendar) -> Tally {
    var t = Tally()
    for p in calendar.busyPeriods(overlapping: freeBusyMonth) {
        t.add(seconds: p.range.lowerBound.secondsSinceEpoch, offset: Int32(truncatingIfNeeded: p.range.upperBound.secondsSinceEpoch))
    }
    return t
}

/// Merges `spans` (start, end, rank: 1 tentative, 2 busy, 3 unavailable)
/// by an elementary sweep over every boundary, for the checks.
func sweep(_ spans: [(Int64, Int64, Int)], in window: Range<Timestamp>) -> [(Int64, Int64, Int)] {
    let (lo, hi) = (window.lowerBound.secondsSinceEpoch, window.upperBound.secondsSinceEpoch)
    let cut = spans.map { (max($0.0, lo), min($0.1, hi), $0.2) }.filter { $0.0 < $0.1 && $0.2 > 0 }
    let bounds = Array(Set(cut.flatMap { [$0.0, $0.1] })).sorted()
    var out: [(Int64, Int64, Int)] = []
    // Spans sorted by start: each elementary segment looks at those that started.
    let byStart = cut.sorted { $0.0 < $1.0 }
    var open: [(Int64, Int64, Int)] = [], next = 0
    for (a, b) in zip(bounds, bounds.dropFirst()) {
        while next < byStart.count, byStart[next].0 <= a { open.append(byStart[next]); next += 1 }
        open.removeAll { $0.1 <= a }
        let rank = open.map(\.2).max() ?? 0
        guard rank > 0 else { continue }
        if let last = out.last, last.1 == a, last.2 == rank { out[out.count - 1].1 = b } else { out.append((a, b, rank)) }
    }
    return out
}

/// Almanac's month against the brute force; reports the count.
func checkFreeBusy(_ calendar: EventCalendar) {
    let got = calendar.busyPeriods(overlapping: freeBusyMonth)
    let wide = (freeBusyMonth.lowerBound + -60 * 86_400)..<(freeBusyMonth.upperBound + 60 * 86_400)
    var spans: [(Int64, Int64, Int)] = []
    var instances = 0
    for o in calendar.occurrences(overlapping: wide) {
        let r = o.occurrence.instants(in: .utc)
        if r.lowerBound < freeBusyMonth.upperBound && r.upperBound > freeBusyMonth.lowerBound { instances += 1 }
        guard o.transparency != .transparent, o.status != .cancelled, o.component == .event else { continue }
        spans.append((r.lowerBound.secondsSinceEpoch, r.upperBound.secondsSinceEpoch, o.status == .tentative ? 1 : 2))
    }
    let expected = sweep(spans, in: freeBusyMonth)
    let busy = got.reduce(Int64(0)) { $0 + ($1.range.upperBound - $1.range.lowerBound) }
    report("count", "F1", "Almanac", String(got.count),
           "June 2024 UTC: \(instances.formatted) instances overlap it; \(got.count) busy periods, \(busy / 3600) h busy")
    let same = got.count == expected.count && zip(got, expected).allSatisfy {
        $0.range.lowerBound.secondsSinceEpoch == $1.0 && $0.range.upperBound.secondsSinceEpoch == $1.1 && FreeBusyTestRank.of($0.type) == $1.2
    }
    if same {
        report("check", "F1", "agree", "Almanac's \(got.count) periods equal the sweep of every instance of a window four months wide (\(spans.count) busy instances)")
    } else {
        warn("F1: Almanac's \(got.count) busy periods differ from the \(expected.count) of the sweep over a window four months wide")
    }
}

/// The rank a busy type has in the checks' sweep.
enum FreeBusyTestRank {
    static func of(_ t: FreeBusyType) -> Int { t == .busyTentative ? 1 : t == .busyUnavailable ? 3 : 2 }
}

/// libical's spans (union, types aside) against Almanac's periods: the
/// same busy time, or a note of how much differs and why.
func compareSpanlist(_ set: SpanlistSet, almanac calendar: EventCalendar) {
    let (lo, hi) = (freeBusyMonth.lowerBound.secondsSinceEpoch, freeBusyMonth.upperBound.secondsSinceEpoch)
    var buffer = [Int64](repeating: 0, count: 200_000)
    let n = Int(clibical_spanlist_busy(set.pointer, lo, hi, &buffer, Int64(buffer.count)))
    guard n >= 0, 2 * n <= buffer.count else {
        warn("F1: libical's icalspanlist gave no free/busy (\(n))")
        return
    }
    let theirs = sweep((0..<n).map { (buffer[2 * $0], buffer[2 * $0 + 1], 2) }, in: freeBusyMonth)
    let ours = sweep(calendar.busyPeriods(overlapping: freeBusyMonth).map { ($0.range.lowerBound.secondsSinceEpoch, $0.range.upperBound.secondsSinceEpoch, 2) },
                     in: freeBusyMonth)
    report("count", "F1", "libical", String(theirs.count), "icalspanlist_new over June 2024 UTC: \(n) busy spans, \(theirs.count) once merged")
    func seconds(_ s: [(Int64, Int64, Int)]) -> Int64 { s.reduce(0) { $0 + $1.1 - $1.0 } }
    if theirs.count == ours.count && zip(theirs, ours).allSatisfy({ $0.0 == $1.0 && $0.1 == $1.1 }) {
        report("check", "F1", "agree", "libical: the same busy time (\(ours.count) merged periods, types aside)")
        return
    }
    let onlyOurs = difference(ours, theirs), onlyTheirs = difference(theirs, ours)
    let message = "F1: libical's busy time differs from Almanac's (types aside): \(theirs.count) merged periods, \(seconds(theirs) / 60) min, "
        + "against \(ours.count), \(seconds(ours) / 60) min; \(seconds(onlyTheirs) / 60) min busy only for libical (e.g. \(show(onlyTheirs))"
        + "; \(classify(onlyTheirs, calendar))), \(seconds(onlyOurs) / 60) min only for Almanac (e.g. \(show(onlyOurs)))"
    report("check", "F1", "differ", message)
    note(message)
}

/// What Almanac has where libical alone is busy, in minutes: cancelled
/// instances, TRANSP:TRANSPARENT ones, the original slots of moved
/// instances (libical's `icalcomponent_foreach_recurrence` does not apply
/// RECURRENCE-ID overrides), or nothing.
func classify(_ segments: [(Int64, Int64, Int)], _ calendar: EventCalendar) -> String {
    let wide = (freeBusyMonth.lowerBound + -60 * 86_400)..<(freeBusyMonth.upperBound + 60 * 86_400)
    var kinds: [(String, Int64, Int64)] = []
    for o in calendar.occurrences(overlapping: wide) {
        let r = o.occurrence.instants(in: .utc)
        let (s, e) = (r.lowerBound.secondsSinceEpoch, r.upperBound.secondsSinceEpoch)
        if o.status == .cancelled { kinds.append(("cancelled", s, e)) }
        if o.transparency == .transparent { kinds.append(("transparent", s, e)) }
        if let a = o.originalStart {
            let t = a.instant(in: .utc).secondsSinceEpoch
            if t != s { kinds.append(("original slot of a moved instance", t, t + e - s)) }
        }
    }
    var minutes: [String: Int64] = [:]
    for g in segments {
        var m = g.0
        while m < g.1 {
            let k = kinds.first { $0.1 <= m && m < $0.2 }?.0 ?? "unexplained"
            minutes[k, default: 0] += 1
            m += 60
        }
    }
    return minutes.sorted { $0.key < $1.key }.map { "\($0.value) min \($0.key)" }.joined(separator: ", ")
}

/// The parts of `a` (merged, sorted) that `b` does not cover.
func difference(_ a: [(Int64, Int64, Int)], _ b: [(Int64, Int64, Int)]) -> [(Int64, Int64, Int)] {
    var out: [(Int64, Int64, Int)] = []
    for x in a {
        var start = x.0
        for y in b where y.1 > start && y.0 < x.1 {
            if y.0 > start { out.append((start, y.0, 0)) }
            start = max(start, y.1)
        }
        if start < x.1 { out.append((start, x.1, 0)) }
    }
    return out
}

func show(_ s: [(Int64, Int64, Int)]) -> String {
    let t = { (x: Int64) in Timestamp(secondsSinceEpoch: x).utc!.description + "Z" }
    return s.prefix(3).map { "\(t($0.0))..\(t($0.1))" }.joined(separator: "; ")
}
