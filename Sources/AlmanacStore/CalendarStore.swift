import Almanac
import AlmanacCalendar
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Calendars, per-day records and an index of every instance, in SQLite
/// (this module, through GRDB) or PostgreSQL (AlmanacStorePostgres), with
/// one API: snapshots applied through the diff, window queries from the
/// index, records carried to their new keys in the same transaction.
///
/// ```swift
/// let store = try CalendarStore(sqlitePath: "almanac.sqlite")
/// let report = try await store.apply(try EventCalendar(contentsOf: "work.ics"), to: "work")
/// let week = try await store.instances(of: ["work"], overlapping: monday..<nextMonday, viewer: paris)
/// try await store.mark(DayRecord(key: week[0].dayKeys(in: paris)[0], mark: .done, recordedAt: CalendarStore.now()), calendar: "work")
/// ```
///
/// **Cost.** A store remembers the last snapshot it applied to each of a
/// few calendars; the next snapshot of one of them is compared with it in
/// memory, series by series, and only the changed series are written out,
/// expanded and stored. A store that has not seen the calendar's current
/// series (a new process, another writer in between) writes every series'
/// text once to compare digests.
///
/// **Consistency.** A snapshot is prepared outside the transaction (which
/// series changed, their instances, where their records go) against the
/// calendar's version, and committed in one transaction only if the
/// version is still the same; otherwise it is prepared again. A crash at
/// any point leaves the old state or the new one. Records are never
/// dropped: a record whose day is gone is kept with ``StoredRecord/orphanedAt``.
public final class CalendarStore: Sendable {
    let backend: any StoreBackend
    /// The last snapshots applied, to find the changed series of the next in memory.
    let snapshots = SnapshotCache()

    /// A store over `backend` (SQLite or PostgreSQL).
    package init(backend: any StoreBackend) {
        self.backend = backend
    }

    /// The store in the SQLite file at `path`, created `0600` and migrated
    /// when needed (WAL mode: readers in other processes never wait).
    ///
    /// ```swift
    /// let store = try CalendarStore(sqlitePath: "almanac.sqlite")
    /// ```
    public convenience init(sqlitePath path: String) throws(StoreError) {
        self.init(backend: try SQLiteBackend(path: path))
    }

    /// A store in memory (SQLite), gone when released: for tests, previews
    /// and one-off queries.
    ///
    /// ```swift
    /// let scratch = try CalendarStore.inMemory()
    /// ```
    public static func inMemory() throws(StoreError) -> CalendarStore {
        CalendarStore(backend: try SQLiteBackend())
    }

    /// Forgets the snapshots remembered to compare the next ones with (see
    /// "Cost" above): memory back under pressure; the next snapshot of each
    /// calendar writes every series' text once.
    ///
    /// ```swift
    /// store.forgetSnapshots()
    /// ```
    public func forgetSnapshots() { snapshots.forgetAll() }

    /// Releases the backend's connections.
    ///
    /// ```swift
    /// await store.close()
    /// ```
    public func close() async { await backend.close() }

    /// The system clock's time, to the second.
    ///
    /// ```swift
    /// let now = CalendarStore.now()
    /// ```
    public static func now() -> Timestamp { Timestamp(secondsSinceEpoch: Int64(time(nil))) }

    /// The default horizon of a new calendar's index: from a year before
    /// `now`'s day (UTC) to two years after it.
    ///
    /// ```swift
    /// CalendarStore.defaultHorizon(around: CalendarStore.now())   // 2025-11-28 ..< 2028-11-28, say
    /// ```
    public static func defaultHorizon(around now: Timestamp) -> Range<Timestamp> {
        let day = Int64(now.secondsSinceEpoch.floorDivided(by: 86_400)) * 86_400
        return Timestamp(secondsSinceEpoch: day - 365 * 86_400)..<Timestamp(secondsSinceEpoch: day + 2 * 365 * 86_400)
    }

    /// The calendar named `id`, or `nil`.
    ///
    /// ```swift
    /// if let c = try await store.calendar("work") { print(c.version, c.sync.etag ?? "") }
    /// ```
    public func calendar(_ id: String) async throws(StoreError) -> StoredCalendar? {
        try await backend.calendar(id)
    }

    /// All calendars of the store (of `owner`, when given), by name.
    ///
    /// ```swift
    /// for c in try await store.calendars(owner: "ana") { print(c.id) }
    /// ```
    public func calendars(owner: String? = nil) async throws(StoreError) -> [StoredCalendar] {
        try await backend.calendars(owner: owner)
    }
}

extension Int64 {
    /// Floor division (towards negative infinity).
    func floorDivided(by d: Int64) -> Int64 {
        let q = self / d
        return (self % d != 0 && (self < 0) != (d < 0)) ? q - 1 : q
    }
}
