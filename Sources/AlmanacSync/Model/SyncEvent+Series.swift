import Almanac
import AlmanacCalendar

extension SyncEvent: Series {
    /// The series id: the UID of ``series``, which keys the event's
    /// occurrences (`OccurrenceKey/seriesID`); not its ``sourceID``.
    ///
    /// ```swift
    /// event.id         // "7cbh8rpc10lrc0ckih9tafss99@google.com", Google's iCalUID
    /// ```
    public var id: String { series.id }

    /// The recurrence set of ``series`` (before its overrides apply).
    ///
    /// ```swift
    /// event.recurrence.rules   // [FREQ=WEEKLY;BYDAY=MO]
    /// ```
    public var recurrence: RecurrenceSet { series.recurrence }
}
