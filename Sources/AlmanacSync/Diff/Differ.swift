import Almanac
import AlmanacCalendar

/// The work of a ``SnapshotDiff``.
struct Differ {
    let before: EventCalendar, after: EventCalendar
    /// The series of each side that are compared (those of the UIDs that changed).
    let only: (before: [Bool], after: [Bool])
    let window: Range<Timestamp>
    let viewer: Zone
    var changes: [(start: Timestamp, change: SnapshotDiff.Change)] = []
    var mapping: [DayKey: DayKey] = [:]
    var orphaned: [DayKey] = []

    init(before: EventCalendar, after: EventCalendar, only: (before: [Bool], after: [Bool]), window: Range<Timestamp>, viewer: Zone) {
        self.before = before
        self.after = after
        self.only = only
        self.window = window
        self.viewer = viewer
    }

    mutating func run() {
        let old = Array(before.occurrences(overlapping: window, viewer: viewer, dropsCancelled: true, only: only.before))
        let new = Array(after.occurrences(overlapping: window, viewer: viewer, dropsCancelled: true, only: only.after))
        var newIndex: [OccurrenceKey: Int] = [:]
        newIndex.reserveCapacity(new.count)
        for (i, o) in new.enumerated() { newIndex[o.key] = i }
        mapping.reserveCapacity(old.count)
        var used = [Bool](repeating: false, count: new.count)
        let rekeyed = rekeyings(old)
        // Identity: the same key first (an override keeps its recurrence id
        // even when the rule moved), then the key Rekeying gives.
        for b in old {
            var target = b.key
            var a: CalendarOccurrence?
            if let i = newIndex[b.key] {
                a = new[i]
                used[i] = true
            } else if let t = rekeyed[b.key], let i = newIndex[t], !used[i] {
                (a, target) = (new[i], t)
                used[i] = true
            } else if let found = live(after.occurrence(for: b.key, viewer: viewer)) {
                a = found
            } else if let t = rekeyed[b.key], let found = live(after.occurrence(for: t, viewer: viewer)) {
                (a, target) = (found, t)
            }
            record(b, a, newKey: target == b.key ? nil : target)
        }
        let oldKeys = Set(old.map(\.key))
        var inverse: [OccurrenceKey: OccurrenceKey] = [:]
        for (o, n) in rekeyed { inverse[n] = o }
        for (i, a) in new.enumerated() where !used[i] {
            // Not matched by an occurrence of the window: it came in from
            // outside it (moved), or it is new.
            var source: CalendarOccurrence?, key = a.key
            if !oldKeys.contains(a.key), let b = live(before.occurrence(for: a.key, viewer: viewer)) {
                source = b
            } else if let o = inverse[a.key], !oldKeys.contains(o), let b = live(before.occurrence(for: o, viewer: viewer)) {
                (source, key) = (b, o)
            }
            if let b = source {
                if let c = compare(b, a, key: key, newKey: key == a.key ? nil : a.key) { changes.append((start(a), c)) }
            } else {
                changes.append((start(a), SnapshotDiff.Change(kind: .added, key: a.key, newKey: nil, before: nil, after: a, time: nil, fields: [])))
            }
        }
    }

    /// An instance that is not cancelled (a cancellation is an absence).
    func live(_ o: CalendarOccurrence?) -> CalendarOccurrence? { o?.status == .cancelled ? nil : o }

    func start(_ o: CalendarOccurrence) -> Timestamp { o.occurrence.instants(in: viewer).lowerBound }

    /// Old key → new key for the occurrences of the series whose recurrence changed.
    func rekeyings(_ old: [CalendarOccurrence]) -> [OccurrenceKey: OccurrenceKey] {
        // Once per series of the window (by its index: no UID hashed per
        // occurrence); the series of one UID give the same mapping.
        var out: [OccurrenceKey: OccurrenceKey] = [:], seen = [Bool](repeating: false, count: before.events.count)
        for o in old where !seen[o.eventIndex] {
            seen[o.eventIndex] = true
            guard let i = before.eventIndices(seriesID: o.seriesID).first, let j = after.eventIndices(seriesID: o.seriesID).first,
                  before.events[i].recurrence != after.events[j].recurrence,
                  let r = try? Rekeying.occurrenceKeys(old: before.events[i].recurrence, new: after.events[j].recurrence,
                                                       seriesID: o.seriesID, window: window, viewer: viewer)
            else { continue }
            for (k, v) in r.mapping where k != v { out[k] = v }
        }
        return out
    }

    /// An occurrence of the window before the change, and what became of it.
    mutating func record(_ b: CalendarOccurrence, _ a: CalendarOccurrence?, newKey: OccurrenceKey?) {
        let oldSlices = b.occurrence.daySlices(in: viewer).filter { window.overlapsInstance(start: $0.start, end: $0.end) }
        guard let a else {
            for s in oldSlices { orphaned.append(DayKey(occurrence: b.key, date: s.date)) }
            changes.append((start(b), SnapshotDiff.Change(kind: .removed, key: b.key, newKey: nil, before: b, after: nil, time: nil, fields: [])))
            return
        }
        if a.occurrence.instants(in: viewer) == b.occurrence.instants(in: viewer) {
            // The same instants: the same days, slice for slice.
            for s in oldSlices { mapping[DayKey(occurrence: b.key, date: s.date)] = DayKey(occurrence: a.key, date: s.date) }
        } else {
            let newSlices = a.occurrence.daySlices(in: viewer)
            for s in oldSlices {
                if s.index < newSlices.count {
                    mapping[DayKey(occurrence: b.key, date: s.date)] = DayKey(occurrence: a.key, date: newSlices[s.index].date)
                } else {
                    orphaned.append(DayKey(occurrence: b.key, date: s.date))
                }
            }
        }
        if let c = compare(b, a, key: b.key, newKey: newKey) { changes.append((start(b), c)) }
    }

    /// `moved` when the time differs (start, end or both), `changed` when
    /// only other fields do; `nil` when nothing does.
    func compare(_ b: CalendarOccurrence, _ a: CalendarOccurrence, key: OccurrenceKey, newKey: OccurrenceKey?) -> SnapshotDiff.Change? {
        let x = b.occurrence.instants(in: viewer), y = a.occurrence.instants(in: viewer)
        let time: SnapshotDiff.TimeChange?
        switch (x.lowerBound != y.lowerBound, x.upperBound != y.upperBound) {
        case (true, true): time = .both
        case (true, false): time = .start
        case (false, true): time = .end
        case (false, false): time = nil
        }
        var fields: [SnapshotDiff.Field] = []
        if b.title != a.title { fields.append(.title) }
        if b.status != a.status { fields.append(.status) }
        if b.isAllDay != a.isAllDay { fields.append(.allDay) }
        if b.zone?.identifier != a.zone?.identifier { fields.append(.zone) }
        guard time != nil || !fields.isEmpty else { return nil }
        return SnapshotDiff.Change(kind: time != nil ? .moved : .changed, key: key, newKey: newKey, before: b, after: a,
                                   time: time, fields: fields)
    }
}
