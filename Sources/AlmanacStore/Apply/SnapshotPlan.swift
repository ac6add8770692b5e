import Almanac
import AlmanacCalendar

/// A snapshot cut into series by UID, each with its text and digest: made
/// once per snapshot, compared against the stored digests on each attempt.
struct SnapshotPlan: Sendable {
    let snapshot: EventCalendar
    /// UIDs in the order of their first series in the snapshot.
    let uids: [String]
    /// The series of each UID (indices into `snapshot.events`).
    let members: [String: [Int]]
    let texts: [String: String]
    let digests: [String: Int64]
    /// The snapshot's file zones (VTIMEZONE), whose digest seeds every series' digest.
    let zones: [ZoneRow]

    /// The plan of a snapshot. With `previous`, the plan of the snapshot
    /// the store holds, a series whose content is the same as there keeps
    /// its digest and text, and only the others are written and digested.
    init(_ snapshot: EventCalendar, previous: SnapshotPlan? = nil) {
        self.snapshot = snapshot
        var uids: [String] = [], members: [String: [Int]] = [:]
        for (i, e) in snapshot.events.enumerated() {
            if members[e.id] == nil { uids.append(e.id) }
            members[e.id, default: []].append(i)
        }
        let zones = StoredZones.rows(snapshot.fileZones, calendarID: "")
        let sameZones = previous.map { $0.snapshot.fileZones == snapshot.fileZones } ?? false
        let seed = StoredZones.digest(zones)
        var texts: [String: String] = [:], digests: [String: Int64] = [:]
        texts.reserveCapacity(members.count)
        digests.reserveCapacity(members.count)
        for (uid, ix) in members {
            if sameZones, let previous, let old = previous.members[uid], Self.same(ix, snapshot, old, previous.snapshot),
               let t = previous.texts[uid], let d = previous.digests[uid] {
                texts[uid] = t
                digests[uid] = d
                continue
            }
            let t = SeriesText.text(ix.lazy.map { snapshot.events[$0] })
            texts[uid] = t
            digests[uid] = SeriesText.digest(t, zones: seed)
        }
        (self.uids, self.members, self.texts, self.digests, self.zones) = (uids, members, texts, digests, zones)
    }

    /// Whether the series of one UID are the same in two snapshots.
    static func same(_ a: [Int], _ x: EventCalendar, _ b: [Int], _ y: EventCalendar) -> Bool {
        guard a.count == b.count else { return false }
        return x.events.withUnsafeBufferPointer { xs in
            y.events.withUnsafeBufferPointer { ys in
                zip(a, b).allSatisfy { xs[$0].hasSameContent(as: ys[$1]) }
            }
        }
    }

    /// The UIDs whose series are new or differ from the stored ones (in the
    /// snapshot's order), and the stored UIDs the snapshot lacks (sorted).
    func changes(against stored: [String: Int64]) -> (changed: [String], removed: [String]) {
        let changed = uids.filter { stored[$0] != digests[$0] }
        let removed = stored.keys.filter { members[$0] == nil }.sorted()
        return (changed, removed)
    }

    /// The series of `uids`, in the snapshot's order.
    func events(of uids: [String]) -> [CalendarEvent] {
        var ix: [Int] = []
        for u in uids { ix += members[u] ?? [] }
        return ix.sorted().map { snapshot.events[$0] }
    }

    /// The zone rows of a calendar.
    func zoneRows(calendarID: String) -> [ZoneRow] {
        zones.map { ZoneRow(calendarID: calendarID, tzid: $0.tzid, transitions: $0.transitions, offsets: $0.offsets) }
    }

    /// The row that stores the series of `uid`.
    func row(of uid: String, calendarID: String) -> SeriesRow {
        SeriesRow(calendarID: calendarID, uid: uid, digest: digests[uid] ?? 0, text: texts[uid] ?? "")
    }
}
