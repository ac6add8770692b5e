import AlmanacCore

/// A series: what recurs, or happens once, with an identity and a title.
///
/// Every series type of Almanac's modules conforms: a calendar's
/// `CalendarEvent`, a synced `SyncEvent`, a review's `ReviewSeries`. They
/// share these names (see <doc:Glossary>): ``id`` is the series id that
/// every ``OccurrenceKey`` and ``DayKey`` of the series carries (an
/// iCalendar UID), ``title`` what the series is called (SUMMARY), and
/// ``recurrence`` the set its instances come from.
///
/// ```swift
/// func keys(of series: some Series, in window: Range<Timestamp>) throws -> [OccurrenceKey] {
///     try series.recurrence.occurrences(in: .instants(window)).map(series.occurrenceKey(for:))
/// }
/// ```
public protocol Series: Identifiable, Sendable where ID == String {
    /// The series id: unique in its calendar, the ``OccurrenceKey/seriesID``
    /// of its keys (an iCalendar UID).
    ///
    /// ```swift
    /// event.id   // "standup"
    /// ```
    var id: String { get }
    /// What the series is called (iCalendar's SUMMARY, Google's `summary`,
    /// Graph's `subject`); `nil` when its source gives none.
    ///
    /// ```swift
    /// event.title   // "Standup"
    /// ```
    var title: String? { get }
    /// The recurrence set its instances come from (for a calendar's event,
    /// before its overrides apply).
    ///
    /// ```swift
    /// event.recurrence.rules   // [FREQ=DAILY]
    /// ```
    var recurrence: RecurrenceSet { get }
}

extension Series {
    /// The key of one of the series' occurrences: its ``id`` and the
    /// occurrence's recurrence id.
    ///
    /// ```swift
    /// let o = try series.recurrence.occurrences().first { _ in true }!
    /// series.occurrenceKey(for: o).description   // "standup/2024-05-06T09:00:00"
    /// ```
    ///
    /// - Complexity: O(1).
    public func occurrenceKey(for occurrence: Occurrence) -> OccurrenceKey {
        OccurrenceKey(seriesID: id, occurrence: occurrence)
    }

    /// The key of one day of one of the series' occurrences: its ``id``, the
    /// occurrence's recurrence id and the slice's date.
    ///
    /// ```swift
    /// for s in try series.recurrence.daySlices(in: Period.week(2024, 19), viewer: ny) {
    ///     print(series.dayKey(for: s))   // standup/2024-05-06T09:00:00/2024-05-06 ...
    /// }
    /// ```
    ///
    /// - Complexity: O(1).
    public func dayKey(for slice: DaySlice) -> DayKey {
        DayKey(seriesID: id, slice: slice)
    }
}
