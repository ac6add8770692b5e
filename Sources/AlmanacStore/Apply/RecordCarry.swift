import Almanac
import AlmanacCalendar
import AlmanacSync

/// Where the records of changed series go: the snapshot diff maps each day
/// key of the old series (over the index's window) to its key in the new
/// ones, or orphans it. A record outside that window, or already an
/// orphan, is looked up in the new series on its own day: it stays (or is
/// restored) when its day exists, and is orphaned when not. None is dropped.
///
/// It runs inside the commit's transaction, on the records there are then.
/// Without `before` (the snapshot was prepared when the changed series had
/// no record, and one was marked before the commit), every record is
/// looked up on its own day.
struct RecordCarry: Sendable {
    let before: EventCalendar?
    let after: EventCalendar
    let horizon: Range<Timestamp>
    let zone: Zone
    let now: Timestamp

    /// The window the diff maps keys over: the index's, widened to the days
    /// of the records (a record of a day before the horizon is carried too).
    static func window(horizon: Range<Timestamp>, records: [StoredRecord], zone: Zone) -> Range<Timestamp> {
        let w = IndexRows.expansionWindow(horizon)
        guard let first = records.map(\.record.key.date).min(), let last = records.map(\.record.key.date).max() else { return w }
        let pad: Int64 = 2 * 86_400
        let lo = min(w.lowerBound.secondsSinceEpoch, zone.startOfDay(first).secondsSinceEpoch - pad)
        let hi = max(w.upperBound.secondsSinceEpoch, zone.startOfDay(last).secondsSinceEpoch + 86_400 + pad)
        return Timestamp(secondsSinceEpoch: max(lo, Timestamp.min.secondsSinceEpoch))..<Timestamp(secondsSinceEpoch: min(hi, Timestamp.max.secondsSinceEpoch))
    }

    func moves(_ records: [StoredRecord]) -> [RecordMove] {
        Self.resolvingCollisions(rawMoves(records), records: records, now: now)
    }

    /// Moves whose new key another record keeps or also wants become
    /// orphans at their old key, until no two records want one key: a
    /// record is never written over another (both are kept).
    static func resolvingCollisions(_ moves: [RecordMove], records: [StoredRecord], now: Timestamp) -> [RecordMove] {
        var moves = moves
        while true {
            var moving = Set<DayKey>()
            for m in moves where m.new.record.key != m.old.record.key { moving.insert(m.old.record.key) }
            var claims: [DayKey: Int] = [:]
            for r in records where !moving.contains(r.record.key) { claims[r.record.key, default: 0] += 1 }
            for m in moves where m.new.record.key != m.old.record.key { claims[m.new.record.key, default: 0] += 1 }
            guard let i = moves.firstIndex(where: { $0.new.record.key != $0.old.record.key && claims[$0.new.record.key]! > 1 }) else {
                return moves
            }
            let old = moves[i].old
            if old.orphanedAt == nil {
                moves[i] = RecordMove(old: old, new: StoredRecord(calendarID: old.calendarID, record: old.record, orphanedAt: now),
                                      change: .orphaned)
            } else {
                moves.remove(at: i)
            }
        }
    }

    func rawMoves(_ records: [StoredRecord]) -> [RecordMove] {
        let dayKeys = before.map {
            SnapshotDiff(before: $0, after: after, window: Self.window(horizon: horizon, records: records, zone: zone), viewer: zone).dayKeys
        } ?? RekeyResult(mapping: [:], orphaned: [])
        let orphaned = Set(dayKeys.orphaned)
        var out: [RecordMove] = []
        for r in records {
            let key = r.record.key
            if r.orphanedAt == nil, let new = dayKeys.mapping[key] {
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
