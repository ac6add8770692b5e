import Almanac
import AlmanacReview

/// A day record as the store holds it: the record, its calendar, and
/// whether its day is gone (an orphan is kept, never dropped).
///
/// ```swift
/// for r in try await store.records(calendar: "work", series: "standup@example.com") where r.orphanedAt != nil {
///     print("orphan:", r.record.key, r.record.mark.name)
/// }
/// ```
public struct StoredRecord: Sendable, Hashable {
    /// The calendar of its event.
    public var calendarID: String
    /// The record: day key, mark, note, when recorded.
    public var record: DayRecord
    /// When a snapshot found its day gone (`nil`: its key exists).
    public var orphanedAt: Timestamp?

    /// A stored record.
    ///
    /// ```swift
    /// let r = StoredRecord(calendarID: "work", record: DayRecord(key: key, mark: .done, recordedAt: now))
    /// ```
    public init(calendarID: String, record: DayRecord, orphanedAt: Timestamp? = nil) {
        self.calendarID = calendarID
        self.record = record
        self.orphanedAt = orphanedAt
    }
}

/// One entry of a record's history: every mark, every move to a new key
/// and every orphaning is kept.
///
/// ```swift
/// for h in try await store.history(calendar: "work", key: key) { print(h.at, h.change, h.record.mark.name) }
/// ```
public struct RecordChange: Sendable, Hashable {
    /// The calendar.
    public var calendarID: String
    /// The record after the change (its key is the key after a move).
    public var record: DayRecord
    /// What happened.
    public var change: Change
    /// The key before a move.
    public var previousKey: DayKey?
    /// When the change was made.
    public var at: Timestamp

    /// The kinds of change.
    public enum Change: String, Sendable, Hashable, CaseIterable {
        /// Marked (or marked again) by a user.
        case marked
        /// Carried to a new key by a snapshot that moved its occurrence.
        case rekeyed
        /// Its day is gone from the calendar.
        case orphaned
        /// Its day came back (a snapshot restored its occurrence).
        case restored
    }

    /// A history entry.
    ///
    /// ```swift
    /// let h = RecordChange(calendarID: "work", record: r, change: .marked, previousKey: nil, at: now)
    /// ```
    public init(calendarID: String, record: DayRecord, change: Change, previousKey: DayKey?, at: Timestamp) {
        self.calendarID = calendarID
        self.record = record
        self.change = change
        self.previousKey = previousKey
        self.at = at
    }
}
