import Almanac

extension EventCalendar {
    /// The instances that overlap a day of `period` in `viewer`'s zone: the
    /// instances of a day, week, month or year list, as
    /// ``occurrences(overlapping:viewer:dropsCancelled:)`` gives them over the
    /// instants from the viewer's start of the period's first day to the
    /// start of the day after its last.
    ///
    /// ```swift
    /// let paris = try Zone("Europe/Paris")
    /// for o in try calendar.occurrences(in: Period.week(2024, 19), viewer: paris) {
    ///     print(o.viewerStart, o.title ?? "")   // 2024-05-06T09:00:00 Standup ...
    /// }
    /// ```
    ///
    /// - Complexity: as ``occurrences(overlapping:viewer:dropsCancelled:)``.
    public func occurrences(in period: Period, viewer: Zone = .utc, dropsCancelled: Bool = false) -> CalendarOccurrences {
        occurrences(overlapping: period.instants(in: viewer), viewer: viewer, dropsCancelled: dropsCancelled)
    }
}

extension CalendarOccurrence {
    /// The start on the viewer's clock: the wall clock a user in the zone
    /// of the query (``viewer``) sees when the instance starts.
    ///
    /// ```swift
    /// let o = try calendar.occurrences(in: Period.day(CivilDate(2024, 5, 6)), viewer: paris).first { _ in true }!
    /// o.viewerStart   // 2024-05-06T15:00:00 for a 09:00 call in New York
    /// ```
    ///
    /// The same as `occurrence.wallClock(in: viewer).lowerBound` (see
    /// `Occurrence.wallClock(in:)`): an all-day instance starts at the
    /// viewer's start of its first day.
    ///
    /// - Complexity: O(log t) in the viewer's transitions.
    public var viewerStart: CivilDateTime { occurrence.wallClock(in: viewer).lowerBound }

    /// The end on the viewer's clock (exclusive): see ``viewerStart``.
    ///
    /// ```swift
    /// o.viewerEnd     // 2024-05-06T16:00:00 for a one-hour call
    /// ```
    ///
    /// - Complexity: O(log t) in the viewer's transitions.
    public var viewerEnd: CivilDateTime { occurrence.wallClock(in: viewer).upperBound }
}
