// ST3: applying a fresh snapshot of the C rows' calendar in which a few
// series changed, to a store that holds it with its index (ST1's import).
//
// ST3-Almanac       10 of the 10,000 series changed;
// ST3-100-Almanac   100 of the 10,000 (the cost should grow with the changes);
// ST3-1k-Almanac    10 of a calendar of 1,000 series (the file's first 1,000):
//                   the same changes, a tenth of the series that did not change;
// ST3-parse-Almanac what reading the snapshot costs before `apply` gets it:
//                   `EventCalendar(ics:)` on the 10 MB file (C1's work; a
//                   snapshot with a few edits is the same size).
//
// The snapshots are parsed in setup: a run is `store.apply(snapshot, to:)`
// alone. Runs alternate between the edited snapshot and the original, so
// every run changes exactly the same series (checked in setup: the report's
// changed series, and the index against an expansion after each).
//
// The edits, cycled over series picked by a seeded generator: a series
// retitled; moved an hour later (a day for all-day ones; DTSTART and DTEND);
// its rule changed (a weekly rule with COUNT=10 replaces its rules, which
// makes a one-off recurring).

import Almanac
import AlmanacCalendar
import AlmanacStore
import Benchmark

/// A store holding `base`, and the snapshot with `changed` series edited.
final class ApplyFixture: @unchecked Sendable {
    let store: CalendarStore
    let base: EventCalendar
    let edited: EventCalendar
    let changed: Int
    /// Whether the store holds `edited` now (runs alternate).
    var holdsEdited = false

    init(store: CalendarStore, base: EventCalendar, edited: EventCalendar, changed: Int) {
        (self.store, self.base, self.edited, self.changed) = (store, base, edited, changed)
    }

    /// The next run's snapshot: the one the store does not hold.
    func next() -> EventCalendar {
        holdsEdited.toggle()
        return holdsEdited ? edited : base
    }
}

/// `calendar` with `n` series edited (seeded picks, edits cycled).
func edited(_ calendar: EventCalendar, changing n: Int, seed: UInt64) -> EventCalendar {
    var events = calendar.events
    var rng = SplitMix64(seed)
    var picked = Set<Int>()
    while picked.count < n { picked.insert(rng.int(events.count)) }
    let weekly = must("rule") { try RecurrenceRule("FREQ=WEEKLY;COUNT=10") }
    for (k, j) in picked.sorted().enumerated() {
        switch k % 3 {
        case 0:
            events[j].title = (events[j].title ?? "") + " (renamed)"
        case 1:
            let seconds: Int64 = events[j].recurrence.start.kind == .date ? 86_400 : 3600
            events[j].recurrence.start = moved(events[j].recurrence.start, seconds)
            if case .end(let e)? = events[j].recurrence.length { events[j].recurrence.length = .end(moved(e, seconds)) }
        default:
            events[j].recurrence.rules = [weekly]
        }
    }
    return EventCalendar(events: events, fileZones: calendar.fileZones)
}

/// An anchor moved: seconds for a time, whole days for a date.
func moved(_ a: Anchor, _ seconds: Int64) -> Anchor {
    func move(_ c: CivilDateTime) -> CivilDateTime { CivilDateTime(localSeconds: c.localSeconds + seconds)! }
    switch a {
    case .zoned(let c, let z): return .zoned(move(c), z)
    case .utc(let c): return .utc(move(c))
    case .floating(let c): return .floating(move(c))
    case .date(let d): return must("date") { try .date(d.adding(days: Int(seconds / 86_400))) }
    }
}

func makeApplyFixture(_ id: String, series: Int, changed: Int, check: Bool) async -> ApplyFixture {
    let full = parseCalendar(calendarFile.bytes)
    let base = series == full.events.count ? full : EventCalendar(events: Array(full.events.prefix(series)), fileZones: full.fileZones)
    let edit = edited(base, changing: changed, seed: 0x57_0BE3 ^ UInt64(changed))
    let (store, _) = await importedStore(storePath("\(id.lowercased()).sqlite"), base)
    let f = ApplyFixture(store: store, base: base, edited: edit, changed: changed)
    if check { await checkApply(id, f) }
    return f
}

/// Applies the edited snapshot and the original back, checking each: the
/// changed series are exactly the edited ones, and the index answers C2's
/// week as the snapshot's expansion does. Leaves the store at the original.
func checkApply(_ id: String, _ f: ApplyFixture) async {
    var problems: [String] = [], written: [Int] = []
    for snapshot in [f.next(), f.next()] {
        let r = await must("apply") { try await f.store.apply(snapshot, to: storeCalendarID, options: ApplyOptions(now: calendarWindow.lowerBound)) }
        written.append(r.instancesWritten)
        if r.changedSeries.count != f.changed || !r.removedSeries.isEmpty {
            problems.append("\(r.changedSeries.count) series changed and \(r.removedSeries.count) removed, expected \(f.changed) and none")
        }
        let index = await must("index query") { try await f.store.instances(of: [storeCalendarID], overlapping: calendarWindow) }
        let fresh = snapshot.occurrences(overlapping: calendarWindow).map { "\($0.key) \($0.occurrence.instants(in: .utc))" }.sorted()
        if index.map({ "\($0.key) \($0.instants)" }).sorted() != fresh {
            problems.append("after the snapshot, the index gives \(index.count) instances in C2's week, its expansion \(fresh.count)")
        }
    }
    report("count", id, "Almanac", String(f.changed),
           "\(f.changed.formatted) of \(f.base.events.count.formatted) series changed; index rows rewritten per run: \(written.map(\.formatted).joined(separator: " and "))")
    if problems.isEmpty {
        report("check", id, "agree", "each run re-expands exactly the \(f.changed) edited series, and the index then answers C2's week as the snapshot's expansion")
    } else {
        for p in problems { warn("\(id): \(p)") }
    }
}

func registerApply() {
    for (id, series, changed) in [("ST3", 10_000, 10), ("ST3-100", 10_000, 100), ("ST3-1k", 1_000, 10)] {
        Benchmark("\(id)-Almanac") { benchmark, f in
            let snapshot = f.next()
            var r: ApplyReport?
            await measured(benchmark) {
                r = await must("apply") { try await f.store.apply(snapshot, to: storeCalendarID, options: ApplyOptions(now: calendarWindow.lowerBound)) }
            }
            if r?.changedSeries.count != f.changed { fatalError("\(id): \(r?.changedSeries.count ?? -1) series changed, expected \(f.changed)") }
        } setup: { () -> ApplyFixture in
            await makeApplyFixture(id, series: series, changed: changed, check: true)
        }
    }

    Benchmark("ST3-parse-Almanac") { benchmark, bytes in
        var n = 0
        await measured(benchmark) { n = parseCalendar(bytes).events.count }
        blackHole(n)
    } setup: { () -> [UInt8] in
        calendarFile.bytes
    }
}
