import Almanac

/// What a database does for ``CalendarStore``: a few reads, and one
/// transaction that applies a prepared ``StoreChange`` whole or not at all.
/// The store's logic (which series changed, their instances, where the
/// records go) is the same for every backend; a backend only keeps rows.
///
/// SQLite (``SQLiteBackend``, GRDB) and PostgreSQL (AlmanacStorePostgres)
/// implement it; ``StoreBackendTests`` runs one suite against both.
/// Every value reaches the database as a bound parameter.
package protocol StoreBackend: Sendable {
    /// The calendar named `id`, or `nil`.
    func calendar(_ id: String) async throws(StoreError) -> StoredCalendar?
    /// All calendars (of `owner` when given), by name.
    func calendars(owner: String?) async throws(StoreError) -> [StoredCalendar]
    /// The digest of every stored series of a calendar, by UID.
    func seriesDigests(calendar: String) async throws(StoreError) -> [String: Int64]
    /// How many series, index rows, records and orphans a calendar holds (counted by the database).
    func counts(calendar: String) async throws(StoreError) -> StoredCounts
    /// The stored series of a calendar (only those of `uids` when given), by UID.
    func series(calendar: String, uids: [String]?) async throws(StoreError) -> [SeriesRow]
    /// The zones the calendar's files defined (VTIMEZONE), by TZID.
    func zones(calendar: String) async throws(StoreError) -> [ZoneRow]
    /// Applies a change in one transaction; throws `.conflict` (and changes
    /// nothing) when the calendar's version is not `change.expectedVersion`.
    /// Inside the transaction, after the series and index rows, it reads the
    /// records of `change.carriedSeries`, asks `change.carry` where they go,
    /// and moves them (old keys deleted first, then the new rows written, a
    /// history entry each); it returns those moves. Marks made meanwhile
    /// wait for the transaction or come after it: none is missed.
    func commit(_ change: StoreChange) async throws(StoreError) -> [RecordMove]
    /// The index rows of `calendars` that can overlap `window` (see ``InstanceRow/lo``):
    /// rows with `lo` in `window.lowerBound - InstanceRow.shortSpan ..< window.upperBound`,
    /// and long rows with `lo < window.upperBound` and `hi >= window.lowerBound`.
    func instanceRows(calendars: [String], window: Range<Int64>) async throws(StoreError) -> [InstanceRow]
    /// The records matching a query.
    func records(_ query: RecordQuery) async throws(StoreError) -> [StoredRecord]
    /// Stores a record (replacing the one at its key) and adds a `marked`
    /// history entry, in one transaction (`.notFound` when the calendar is
    /// not there). A record whose day lies inside the
    /// horizon (a day from its ends) but whose occurrence the index lacks
    /// is stored orphaned at `at` (a snapshot removed it after the caller
    /// read the key); the record as stored is returned.
    func mark(_ record: StoredRecord, at: Timestamp) async throws(StoreError) -> StoredRecord
    /// The history entries whose key is one of `keys`, in the order they were written.
    func history(calendar: String, keys: [String]) async throws(StoreError) -> [RecordChange]
    /// Releases connections (PostgreSQL); SQLite has nothing to do.
    func close() async
}

/// A series as stored: all components of one UID, as iCalendar text.
package struct SeriesRow: Sendable, Hashable {
    package var calendarID: String
    package var uid: String
    /// FNV-1a of `text`: equal digests, same series.
    package var digest: Int64
    /// The VEVENT/VTODO components of the UID (series, then overrides), without VCALENDAR.
    package var text: String

    package init(calendarID: String, uid: String, digest: Int64, text: String) {
        self.calendarID = calendarID
        self.uid = uid
        self.digest = digest
        self.text = text
    }
}

/// Whether a record's day lies far enough inside a horizon that the index
/// must hold its occurrence (a day from each end: the day is a date in the
/// calendar's zone, which is at most a day from UTC's).
package func horizonHolds(day: Int64, horizonStart: Int64, horizonEnd: Int64) -> Bool {
    day * 86_400 >= horizonStart + 86_400 && (day + 1) * 86_400 <= horizonEnd - 86_400
}

/// A zone a calendar's file defined, as text: its transitions (UTC
/// seconds) and the offsets in force before, between and after them
/// (seconds), comma-separated.
package struct ZoneRow: Sendable, Hashable {
    package var calendarID: String
    package var tzid: String
    package var transitions: String
    package var offsets: String

    package init(calendarID: String, tzid: String, transitions: String, offsets: String) {
        self.calendarID = calendarID
        self.tzid = tzid
        self.transitions = transitions
        self.offsets = offsets
    }
}

/// Which records a query wants: all of a calendar's, one key's, a day
/// range's, one series', or the orphans.
package struct RecordQuery: Sendable, Hashable {
    package var calendars: [String]
    /// Only this day key (its text).
    package var key: String?
    /// Only records whose day is in this range (day numbers since 1970-01-01).
    package var days: Range<Int64>?
    /// Only these series (UIDs).
    package var seriesIDs: [String]?
    /// Only orphans.
    package var orphansOnly: Bool

    package init(calendars: [String], key: String? = nil, days: Range<Int64>? = nil, seriesIDs: [String]? = nil,
                 orphansOnly: Bool = false) {
        self.calendars = calendars
        self.key = key
        self.days = days
        self.seriesIDs = seriesIDs
        self.orphansOnly = orphansOnly
    }
}

/// Everything one snapshot changes, prepared outside the transaction.
package struct StoreChange: Sendable {
    /// The calendar after the change (its version is `expectedVersion + 1`, or 1).
    package var calendar: StoredCalendar
    /// The version the change was prepared against (`nil`: a new calendar).
    package var expectedVersion: Int64?
    /// UIDs whose series and index rows are deleted (changed and removed series).
    package var removedSeries: [String]
    /// Series written (changed and added).
    package var series: [SeriesRow]
    /// Index rows written (of the written series).
    package var instances: [InstanceRow]
    /// The calendar's file zones, replacing the stored ones (`nil`: unchanged).
    package var zones: [ZoneRow]?
    /// Whether the whole index of the calendar is rebuilt (the horizon moved): all rows deleted first.
    package var rebuildsIndex: Bool
    /// The series (UIDs) whose day records the change carries.
    package var carriedSeries: [String]
    /// Where the records of `carriedSeries` go, given the records there are
    /// (``RecordCarry``): moved to a new key, orphaned, or restored. No two
    /// want one key, and none a key that a record keeps.
    package var carry: @Sendable ([StoredRecord]) -> [RecordMove]
    /// When the change was made (its history entries' time).
    package var at: Timestamp

    package init(calendar: StoredCalendar, expectedVersion: Int64?, removedSeries: [String], series: [SeriesRow],
                 instances: [InstanceRow], zones: [ZoneRow]?, rebuildsIndex: Bool = false, carriedSeries: [String],
                 carry: @escaping @Sendable ([StoredRecord]) -> [RecordMove], at: Timestamp) {
        self.calendar = calendar
        self.expectedVersion = expectedVersion
        self.removedSeries = removedSeries
        self.series = series
        self.instances = instances
        self.zones = zones
        self.rebuildsIndex = rebuildsIndex
        self.carriedSeries = carriedSeries
        self.carry = carry
        self.at = at
    }
}

/// One record a snapshot moves: from its key to a new one, or to the orphans, or back.
package struct RecordMove: Sendable, Hashable {
    /// The record as it was.
    package var old: StoredRecord
    /// The record as it becomes (its key, its orphan mark).
    package var new: StoredRecord
    /// The history entry's kind.
    package var change: RecordChange.Change

    package init(old: StoredRecord, new: StoredRecord, change: RecordChange.Change) {
        self.old = old
        self.new = new
        self.change = change
    }
}
