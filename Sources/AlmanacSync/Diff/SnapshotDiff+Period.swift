import Almanac
import AlmanacCalendar

extension SnapshotDiff {
    /// The diff of two snapshots over the days of a planner period in
    /// `viewer`'s zone: the diff over the instants from the viewer's start
    /// of the period's first day to the start of the day after its last.
    ///
    /// ```swift
    /// let diff = try SnapshotDiff(before: cached, after: fresh, period: Period.month(2024, 5), viewer: paris)
    /// for c in diff.changes where c.kind == .moved { print(c.key) }
    /// ```
    ///
    /// - Complexity: as `init(before:after:window:viewer:)`.
    public init(before: [SyncEvent], after: [SyncEvent], period: Period, viewer: Zone = .utc) {
        self.init(before: before, after: after, window: period.instants(in: viewer), viewer: viewer)
    }

    /// The diff of two calendars over the days of a planner period in
    /// `viewer`'s zone (see the other `init(before:after:period:viewer:)`).
    ///
    /// ```swift
    /// let diff = try SnapshotDiff(before: old, after: new, period: Period.week(2024, 19), viewer: paris)
    /// ```
    ///
    /// - Complexity: as `init(before:after:window:viewer:)`.
    public init(before: EventCalendar, after: EventCalendar, period: Period, viewer: Zone = .utc) {
        self.init(before: before, after: after, window: period.instants(in: viewer), viewer: viewer)
    }
}
