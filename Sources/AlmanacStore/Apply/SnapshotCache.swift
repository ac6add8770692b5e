import Almanac
import Synchronization

/// The last snapshots this store applied, by calendar (at most
/// ``capacity``): the next snapshot of a calendar compares its series with
/// them in memory and writes the text of the changed ones only, instead of
/// writing every series' text to compare digests. A cached snapshot is
/// used only while the calendar is still at the version it made (no other
/// writer applied a snapshot since; marks do not change the version).
final class SnapshotCache: Sendable {
    /// How many calendars' snapshots are kept (the least recently applied go first).
    static let capacity = 8
    private let plans = Mutex<[(id: String, version: Int64, plan: SnapshotPlan)]>([])

    /// The cached plan of a calendar, if the calendar is at the version it made.
    func plan(of id: String, version: Int64) -> SnapshotPlan? {
        plans.withLock { $0.first { $0.id == id && $0.version == version }?.plan }
    }

    /// Keeps the plan a calendar now stores, at its new version.
    func keep(_ plan: SnapshotPlan, of id: String, version: Int64) {
        plans.withLock { list in
            list.removeAll { $0.id == id }
            list.insert((id, version, plan), at: 0)
            if list.count > Self.capacity { list.removeLast() }
        }
    }

    /// The file zones of calendars, read at a version of theirs (a window
    /// query reads a zoned row's zone there; parsing a VTIMEZONE's
    /// transitions each time would cost more than the query).
    private let fileZones = Mutex<[String: (version: Int64, zones: [String: Zone])]>([:])

    /// A calendar's file zones at `version`, from `load` when not known.
    func fileZones(of id: String, version: Int64,
                   load: () async throws(StoreError) -> [String: Zone]) async throws(StoreError) -> [String: Zone] {
        if let z = fileZones.withLock({ $0[id] }), z.version == version { return z.zones }
        let zones = try await load()
        fileZones.withLock { cache in
            if cache.count >= 4 * Self.capacity { cache.removeAll() }
            cache[id] = (version, zones)
        }
        return zones
    }

    /// Forgets every plan.
    func forgetAll() {
        plans.withLock { $0.removeAll() }
    }

    /// Forgets a calendar's plan (after a failed or conflicting commit).
    func forget(_ id: String) {
        plans.withLock { $0.removeAll { $0.id == id } }
    }
}
