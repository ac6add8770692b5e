import Almanac
import AlmanacCalendar

/// A snapshot cut into series by UID, each with its digest, compared with
/// the stored digests: which series changed, which are gone, and the text
/// of the changed ones (the only texts written).
struct SnapshotPlan: Sendable {
    let snapshot: EventCalendar
    /// UIDs in the order of their first series in the snapshot.
    let uids: [String]
    /// The first series of each UID (an index into `snapshot.events`).
    let first: [String: Int]
    /// All series of the UIDs that have more than one (a VEVENT and a VTODO, revisions kept).
    let several: [String: [Int]]
    /// The digest of every UID's series.
    let digests: [String: Int64]
    /// The text of the series to write: those whose digest is not the stored one.
    let texts: [String: String]
    /// The snapshot's file zones (VTIMEZONE) and their digest, which seeds every series' digest.
    let zones: [ZoneRow]
    let seed: UInt64
    /// Whether the file zones are the remembered snapshot's (and so the stored ones).
    let zonesAreStored: Bool
    /// UIDs new or changed against the stored digests (snapshot order), and stored UIDs the snapshot lacks (sorted).
    let changed: [String]
    let removed: [String]

    /// The plan of a snapshot against the stored digests. With `previous`,
    /// the plan of the snapshot the store holds (`stored` is its digests),
    /// a series with the same content as there keeps its digest without
    /// being written out; only the others are written and digested.
    init(_ snapshot: EventCalendar, stored: [String: Int64], previous: SnapshotPlan? = nil) {
        self.snapshot = snapshot
        var uids: [String] = [], first: [String: Int] = [:], several: [String: [Int]] = [:]
        uids.reserveCapacity(snapshot.events.count)
        first.reserveCapacity(snapshot.events.count)
        for (i, e) in snapshot.events.enumerated() {
            if let f = first[e.id] {
                several[e.id, default: [f]].append(i)
            } else {
                first[e.id] = i
                uids.append(e.id)
            }
        }
        let sameZones = previous.map { $0.snapshot.fileZones == snapshot.fileZones } ?? false
        let zones = sameZones ? previous!.zones : StoredZones.rows(snapshot.fileZones, calendarID: "")
        let seed = sameZones ? previous!.seed : StoredZones.digest(zones)
        var digests = sameZones ? previous!.digests : [:]
        var texts: [String: String] = [:], changed: [String] = []
        var kept = 0   // UIDs whose series are the previous snapshot's
        digests.reserveCapacity(uids.count)
        snapshot.events.withUnsafeBufferPointer { events in
            for uid in uids {
                let one = first[uid]!
                let mine = several.isEmpty ? nil : several[uid]
                if sameZones, let previous, previous.hasSameSeries(uid, as: one, several: mine, of: events) {
                    kept += 1   // its digest is the previous one, which is the stored one
                    continue
                }
                let t = mine.map { ix in SeriesText.text(ix.lazy.map { events[$0] }) } ?? SeriesText.text(CollectionOfOne(events[one]))
                let d = SeriesText.digest(t, zones: seed)
                digests[uid] = d
                if stored[uid] != d {
                    texts[uid] = t
                    changed.append(uid)
                }
            }
        }
        var removed: [String] = []
        // Every UID of the previous snapshot is still here when as many are kept as it had.
        if !(sameZones && kept == previous!.uids.count) {
            for uid in stored.keys where first[uid] == nil { removed.append(uid) }
        }
        if sameZones { for uid in removed { digests[uid] = nil } }
        (self.uids, self.first, self.several, self.digests, self.texts) = (uids, first, several, digests, texts)
        (self.zones, self.seed, self.changed, self.removed) = (zones, seed, changed, removed.sorted())
        zonesAreStored = sameZones
    }

    /// Whether this snapshot's series of `uid` are those of another's
    /// events: the one at `one`, or the `several` (all of them) when given.
    func hasSameSeries(_ uid: String, as one: Int, several others: [Int]?, of events: UnsafeBufferPointer<CalendarEvent>) -> Bool {
        guard let mine = first[uid] else { return false }
        let ours = several.isEmpty ? nil : several[uid]
        return snapshot.events.withUnsafeBufferPointer { own in
            switch (ours, others) {
            case (nil, nil): return own[mine].hasSameContent(as: events[one])
            case (let a?, let b?): return a.count == b.count && zip(a, b).allSatisfy { own[$0].hasSameContent(as: events[$1]) }
            default: return false
            }
        }
    }

    /// The series of `uids`, in the snapshot's order.
    func events(of uids: [String]) -> [CalendarEvent] {
        var ix: [Int] = []
        for u in uids {
            if let s = several[u] { ix += s } else if let f = first[u] { ix.append(f) }
        }
        return ix.sorted().map { snapshot.events[$0] }
    }

    /// The zone rows of a calendar.
    func zoneRows(calendarID: String) -> [ZoneRow] {
        zones.map { ZoneRow(calendarID: calendarID, tzid: $0.tzid, transitions: $0.transitions, offsets: $0.offsets) }
    }

    /// The row that stores the series of `uid` (one of ``changed``).
    func row(of uid: String, calendarID: String) -> SeriesRow {
        SeriesRow(calendarID: calendarID, uid: uid, digest: digests[uid] ?? 0, text: texts[uid] ?? "")
    }
}
