import Almanac
import AlmanacCalendar

/// What changed in a window between two snapshots of a calendar (any mix of
/// sources): the occurrences added, removed, moved (same identity, new
/// time) and changed (same time, other title, status or form), each keyed
/// by its `OccurrenceKey`; and the day records carried to their new keys.
///
/// ```swift
/// let diff = SnapshotDiff(before: cached, after: try GoogleEvents.read(json: fresh), window: month, viewer: paris)
/// for c in diff.changes where c.kind == .moved { askTheUser(c.key, c.before!, c.after!) }
/// for (old, new) in diff.dayKeys.mapping { records[new] = records.removeValue(forKey: old) }
/// diff.dayKeys.orphaned   // records whose day is gone: show them, never drop them
/// ```
///
/// **Identity.** An occurrence keeps its identity across the snapshots when
/// its key (UID and recurrence id) is the same, or, for a series whose rule
/// changed, when `Rekeying` maps its key to the new one (same date, same
/// rank that day: a stand-up moved from 09:00 to 10:00 is moved, not removed
/// and added). An occurrence that left the window but still exists is moved,
/// as is one that came in from outside it. Cancelled instances count as
/// absent: a cancellation is a removal.
///
/// - Complexity: linear in the occurrences of the window in both snapshots,
///   plus a lookup (a seek of one series) for each occurrence found on one
///   side only, and `Rekeying` over the window for each series whose
///   recurrence changed.
public struct SnapshotDiff: Sendable {
    /// The changes, in order of the occurrence's start (before the change,
    /// or after it for an added one).
    public var changes: [Change]
    /// The day keys of the window before the change, of every series that
    /// changed: each mapped to its key after it (itself when its occurrence
    /// did not move), or orphaned: its occurrence was removed, or its day no
    /// longer exists (a trip shortened by a day). The keys of series that
    /// did not change are not listed: they stay as they are.
    public var dayKeys: RekeyResult<DayKey>

    /// One occurrence that is not the same in both snapshots.
    public struct Change: Sendable, Hashable {
        /// What happened to it.
        public var kind: Kind
        /// Its key before the change (after it, for an added one).
        public var key: OccurrenceKey
        /// Its key after the change, when the series' rule changed it.
        public var newKey: OccurrenceKey?
        /// The occurrence before the change (`nil` when added).
        public var before: CalendarOccurrence?
        /// The occurrence after the change (`nil` when removed).
        public var after: CalendarOccurrence?
        /// For a moved occurrence: whether its start, its end, or both moved.
        public var time: TimeChange?
        /// The other fields that differ (a moved occurrence may have some too).
        public var fields: [Field]
    }

    /// `added`, `removed`, `moved` or `changed`.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// Only after the change.
        case added
        /// Only before it (a cancellation too).
        case removed
        /// Same identity, another start or end.
        case moved
        /// Same identity and time, other fields.
        case changed
    }

    /// What moved: a sync layer asks the user about time changes.
    public enum TimeChange: String, Sendable, Hashable, Codable {
        /// The start moved, the end did not.
        case start
        /// The end moved (it got longer or shorter).
        case end
        /// Both moved.
        case both
    }

    /// The fields compared besides the time.
    public enum Field: String, Sendable, Hashable, Codable, CaseIterable {
        /// SUMMARY, `summary`, `subject`.
        case title
        /// STATUS (TENTATIVE, CONFIRMED...).
        case status
        /// All day or timed.
        case allDay
        /// The zone of its start value.
        case zone
    }

    /// The diff of two snapshots of a window.
    public init(before: [SyncEvent], after: [SyncEvent], window: Range<Timestamp>, viewer: Zone = .utc) {
        self.init(before: EventCalendar(events: before.map(\.series)), after: EventCalendar(events: after.map(\.series)),
                  window: window, viewer: viewer)
    }

    /// The diff of two calendars over a window.
    public init(before: EventCalendar, after: EventCalendar, window: Range<Timestamp>, viewer: Zone = .utc) {
        // Only the UIDs whose series differ can change: the others have the
        // same occurrences, and their day keys stay as they are.
        let (old, new) = ChangedSeries(before, after, window: window).flags()
        var d = Differ(before: before, after: after, only: (old, new), window: window, viewer: viewer)
        d.run()
        changes = d.changes.sorted { $0.start < $1.start }.map(\.change)
        dayKeys = RekeyResult(mapping: d.mapping, orphaned: d.orphaned)
    }
}
