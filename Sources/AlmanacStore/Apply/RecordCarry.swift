import Almanac
import AlmanacCalendar
import AlmanacSync

/// Where the records of changed series go: the snapshot diff maps each day
/// key of the old series (over the index's window) to its key in the new
/// ones, or orphans it. A record outside that window, or already an
/// orphan, is looked up in the new series on its own day: it stays (or is
/// restored) when its day exists, and is orphaned when not. None is dropped.
struct RecordCarry {
    let before: EventCalendar
    let after: EventCalendar
    let window: Range<Timestamp>
    let zone: Zone
    let now: Timestamp

    func moves(_ records: [StoredRecord]) -> [RecordMove] {
        let diff = SnapshotDiff(before: before, after: after, window: window, viewer: zone)
        let orphaned = Set(diff.dayKeys.orphaned)
        var out: [RecordMove] = []
        for r in records {
            let key = r.record.key
            if r.orphanedAt == nil, let new = diff.dayKeys.mapping[key] {
                if new != key { out.append(move(r, to: new)) }
            } else if r.orphanedAt == nil, orphaned.contains(key) {
                out.append(RecordMove(old: r, new: StoredRecord(calendarID: r.calendarID, record: r.record, orphanedAt: now),
                                      change: .orphaned))
            } else {
                let exists = exists(key)
                if exists && r.orphanedAt != nil {
                    out.append(RecordMove(old: r, new: StoredRecord(calendarID: r.calendarID, record: r.record), change: .restored))
                } else if !exists && r.orphanedAt == nil {
                    out.append(RecordMove(old: r, new: StoredRecord(calendarID: r.calendarID, record: r.record, orphanedAt: now),
                                          change: .orphaned))
                }
            }
        }
        return out
    }

    func move(_ r: StoredRecord, to key: DayKey) -> RecordMove {
        var record = r.record
        record.key = key
        return RecordMove(old: r, new: StoredRecord(calendarID: r.calendarID, record: record), change: .rekeyed)
    }

    /// Whether the new series have a day slice with this key (in the records' zone).
    func exists(_ key: DayKey) -> Bool {
        let d = key.date.daysSinceEpoch
        guard let next = CivilDate(daysSinceEpoch: d + 1) else { return false }
        let day = zone.startOfDay(key.date)..<zone.startOfDay(next)
        return after.daySlices(overlapping: day, viewer: zone).contains { $0.key == key }
    }
}
