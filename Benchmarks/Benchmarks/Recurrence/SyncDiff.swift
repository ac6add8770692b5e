// S3 (issue 12): a diff of two snapshots of a 10,000-series calendar over
// one month, June 2024 in Europe/Berlin (the viewer).
//
// "before" is issue 11's generated calendar (CalendarFile.swift: 10,000
// series, 3,334 recurring, 1,000 overrides), read once. "after" is the same
// series with a seeded set of edits, made to series that have instances in
// the window, none within three hours of its edges (users edit what is
// coming up; and no edit moves anything across an edge):
//
// - 100 series retitled (series without overrides, whose instances all
//   take the series' title): each live instance in the window is `changed`;
// - 100 timed series moved an hour later, DTSTART and DTEND (series with
//   no override and no EXDATE, which would stop matching): each instance
//   is `moved`;
// - 50 instances moved two hours (a day, all-day) and 50 cancelled, by a
//   new override (one each in recurring series with none): `moved` and
//   `removed`;
// - 10 series deleted: each instance `removed`;
// - 10 series added (7 one-offs, 3 weekly with COUNT=8): `added`.
//
// Both EventCalendars are built in setup (`EventCalendar(events:)`, which
// builds the window index), outside the measured region: a run is
// `SnapshotDiff(before:after:window:viewer:)` alone. Setup checks that the
// diff reports exactly the changes the edits make, by kind.

import Almanac
import AlmanacCalendar
import AlmanacSync

/// S3's two calendars and the changes the edits must show.
struct DiffFixture {
    let before: EventCalendar
    let after: EventCalendar
    let expected: [SnapshotDiff.Kind: Int]
    let text: String
}

let diffViewer = syncZone("Europe/Berlin")
/// June 2024 in Berlin.
let diffWindow = try! diffViewer.startOfDay(CivilDate(2024, 6, 1))..<diffViewer.startOfDay(CivilDate(2024, 7, 1))

@inline(never)
func snapshotDiff(_ f: DiffFixture) -> SnapshotDiff {
    SnapshotDiff(before: f.before, after: f.after, window: diffWindow, viewer: diffViewer)
}

/// The edits, as counts of the changes they make.
struct DiffEdits {
    var events: [CalendarEvent]
    var expected: [SnapshotDiff.Kind: Int] = [:]
    var rng = SplitMix64(0xD1FF_5EED)

    /// Live instances in the window, per series.
    let live: [Int: Int]
    /// Series with an instance near the window's edges.
    let edge: Set<Int>

    init(_ calendar: EventCalendar) {
        events = calendar.events
        var live: [Int: Int] = [:], edge: Set<Int> = []
        for o in calendar.occurrences(overlapping: diffWindow, viewer: diffViewer, dropsCancelled: true) { live[o.eventIndex, default: 0] += 1 }
        let margin: Int64 = 3 * 3600
        for o in calendar.occurrences(overlapping: (diffWindow.lowerBound + -margin)..<(diffWindow.upperBound + margin), viewer: diffViewer) {
            let r = o.occurrence.instants(in: diffViewer)
            if r.lowerBound < diffWindow.lowerBound + margin || r.upperBound > diffWindow.upperBound + -margin { edge.insert(o.eventIndex) }
        }
        self.live = live
        self.edge = edge
    }

    /// The candidates in a seeded order.
    mutating func candidates() -> [Int] {
        var c = live.keys.filter { !edge.contains($0) }.sorted()
        for i in stride(from: c.count - 1, to: 0, by: -1) { c.swapAt(i, rng.int(i + 1)) }
        return c
    }

    mutating func make() -> (events: [CalendarEvent], text: String) {
        var pool = candidates()
        func take(_ n: Int, _ ok: (CalendarEvent) -> Bool) -> [Int] {
            var out: [Int] = []
            while out.count < n, let k = pool.firstIndex(where: { ok(events[$0]) }) { out.append(pool.remove(at: k)) }
            precondition(out.count == n, "S3: not enough series to edit")
            return out
        }
        for j in take(100, { $0.overrides.isEmpty }) {
            events[j].title = (events[j].title ?? "") + " (renamed)"
            expected[.changed, default: 0] += live[j]!
        }
        for j in take(100, { $0.overrides.isEmpty && $0.recurrence.excludedDates.isEmpty && $0.recurrence.start.kind != .date }) {
            events[j].recurrence.start = shifted(events[j].recurrence.start, 3600)
            if case .end(let e)? = events[j].recurrence.length { events[j].recurrence.length = .end(shifted(e, 3600)) }
            expected[.moved, default: 0] += live[j]!
        }
        for (k, j) in take(100, { $0.overrides.isEmpty && $0.isRecurring }).enumerated() {
            events[j].overrides.append(override(j, cancels: k % 2 == 1))
            expected[k % 2 == 1 ? .removed : .moved, default: 0] += 1
        }
        let deleted = Set(take(10, { _ in true }))
        for j in deleted { expected[.removed, default: 0] += live[j]! }
        events = events.indices.filter { !deleted.contains($0) }.map { events[$0] }
        for k in 0..<10 {
            let e = added(k)
            events.append(e)
            expected[.added, default: 0] += EventCalendar(events: [e]).occurrences(overlapping: diffWindow, viewer: diffViewer).reduce(0) { n, _ in n + 1 }
        }
        return (events, "100 series retitled, 100 moved an hour later, 50 instances moved and 50 cancelled by new overrides, 10 series deleted, 10 added")
    }

    /// A new override of one of series `j`'s instances in the window.
    mutating func override(_ j: Int, cancels: Bool) -> CalendarEvent.Override {
        let e = events[j]
        let one = EventCalendar(events: [e])
        let instances = Array(one.occurrences(overlapping: diffWindow, viewer: diffViewer, dropsCancelled: true))
        let o = instances[rng.int(instances.count)]
        let rid = o.originalStart!
        let length: RecurrenceSet.Length
        if o.isAllDay {
            let days = (o.occurrence.instants(in: .utc).upperBound.secondsSinceEpoch - o.occurrence.instants(in: .utc).lowerBound.secondsSinceEpoch) / 86_400
            length = .duration(EventDuration(days: Int(days)))
        } else {
            let r = o.occurrence.instants(in: diffViewer)
            length = .duration(EventDuration(seconds: Int(r.upperBound.secondsSinceEpoch - r.lowerBound.secondsSinceEpoch)))
        }
        let start = cancels ? rid : shifted(rid, o.isAllDay ? 86_400 : 7_200)
        return CalendarEvent.Override(originalStart: rid, start: start, length: length, title: e.title, status: cancels ? .cancelled : nil)
    }

    /// New series `k`: one-offs, then weekly series, in Berlin, in June.
    mutating func added(_ k: Int) -> CalendarEvent {
        let start = try! CivilDate(2024, 6, 3 + rng.int(20)).at(9 + rng.int(8), 30 * rng.int(2))
        var set = RecurrenceSet(start: .zoned(start, diffViewer), length: .duration(EventDuration(seconds: 1800 * (1 + rng.int(4)))))
        if k >= 7 {
            do { set.rules = [try RecurrenceRule("FREQ=WEEKLY;COUNT=8")] } catch { fatalError("\(error)") }
        }
        return CalendarEvent(id: "added-\(k)@example.com", title: "New: " + summaries[k], recurrence: set)
    }
}

/// An anchor moved: seconds for a time, whole days for a date.
func shifted(_ a: Anchor, _ seconds: Int64) -> Anchor {
    func move(_ c: CivilDateTime) -> CivilDateTime { CivilDateTime(localSeconds: c.localSeconds + seconds)! }
    switch a {
    case .zoned(let c, let z): return .zoned(move(c), z)
    case .utc(let c): return .utc(move(c))
    case .floating(let c): return .floating(move(c))
    case .date(let d): return try! .date(d.adding(days: Int(seconds / 86_400)))
    }
}

/// The window's live instances, in order: what the diff reads on each side.
@inline(never)
func windowInstances(_ c: EventCalendar) -> [CalendarOccurrence] {
    Array(c.occurrences(overlapping: diffWindow, viewer: diffViewer, dropsCancelled: true))
}

/// S3's calendars, built, and checked when `check` (setup).
func makeDiffFixture(check: Bool) -> DiffFixture {
    let parsed = readCalendar(calendarFile.bytes)
    var edits = DiffEdits(parsed)
    let (events, text) = edits.make()
    let f = DiffFixture(before: EventCalendar(events: parsed.events), after: EventCalendar(events: events), expected: edits.expected, text: text)
    if check { checkDiff(f, snapshotDiff(f)) }
    return f
}

/// S3's edits between two readings of the file, as a sync layer diffs a
/// snapshot it read before against one it reads now (S3's after calendar
/// is built from the before's events and shares their values: the zones
/// a VTIMEZONE defines are then one object on both sides, where two
/// readings made two until zones were interned).
func makeRereadDiffFixture() -> DiffFixture {
    let first = readCalendar(calendarFile.bytes), second = readCalendar(calendarFile.bytes)
    var edits = DiffEdits(second)
    let (events, text) = edits.make()
    let f = DiffFixture(before: EventCalendar(events: first.events), after: EventCalendar(events: events), expected: edits.expected, text: text)
    var got: [SnapshotDiff.Kind: Int] = [:]
    for c in snapshotDiff(f).changes { got[c.kind, default: 0] += 1 }
    let same = SnapshotDiff.Kind.allCases.allSatisfy { got[$0] ?? 0 == f.expected[$0] ?? 0 }
    if same {
        report("check", "S3-reread", "agree", "the diff of two readings reports the edits' changes, as S3's")
    } else {
        warn("S3-reread: the diff of two readings reports \(got), the edits make \(f.expected)")
    }
    return f
}

/// The diff's changes by kind against the edits'.
func checkDiff(_ f: DiffFixture, _ d: SnapshotDiff) {
    var got: [SnapshotDiff.Kind: Int] = [:]
    for c in d.changes { got[c.kind, default: 0] += 1 }
    let kinds = SnapshotDiff.Kind.allCases
    let instances = windowInstances(f.before)
    let series = Set(instances.map(\.eventIndex)).count
    report(["diff", "S3"] + kinds.map { String(got[$0] ?? 0) } + [
        "\(f.before.events.count.formatted) series (\(instances.count.formatted) live instances of \(series.formatted) series in the window) "
            + "against the same with edits: \(f.text)",
        String(d.dayKeys.mapping.count), String(d.dayKeys.orphaned.count),
    ])
    report("count", "S3", "Almanac", String(d.changes.count), "changes")
    func show(_ x: [SnapshotDiff.Kind: Int]) -> String { kinds.map { "\(x[$0] ?? 0) \($0.rawValue)" }.joined(separator: ", ") }
    if kinds.allSatisfy({ got[$0] ?? 0 == f.expected[$0] ?? 0 }) {
        report("check", "S3", "agree", "the diff reports the edits' changes: \(show(got))")
    } else {
        warn("S3: the diff reports \(show(got)); the edits make \(show(f.expected))")
    }
}
