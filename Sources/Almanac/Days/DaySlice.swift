import AlmanacCore

/// One local day of an occurrence, as a viewer in some zone sees it: the date,
/// the part of the occurrence that falls on it, and where it sits among the
/// occurrence's days.
///
/// A to-do app keeps its per-day records on these: a trip from 1 to 3 May is
/// one occurrence and three slices.
///
/// ```swift
/// let ny = try Zone("America/New_York")
/// let trip = try RecurrenceSet(start: .date(CivilDate(2024, 5, 1)),
///                          length: try .end(.date(CivilDate(2024, 5, 4))))   // DTEND is exclusive
/// let o = Array(try trip.occurrences())[0]
/// for s in o.daySlices(in: ny) {
///     print(s.date, s.index, s.count)   // 2024-05-01 0 3, 2024-05-02 1 3, 2024-05-03 2 3
/// }
/// ```
///
/// How a slice is cut (see ``Occurrence/daySlices(in:)``):
/// - A timed slice is the occurrence clipped to the viewer's day
///   `[start of date, start of the next date)`, with each day's start from
///   ``Zone/startOfDay(_:)``; its ``length`` is real elapsed time, so a full
///   slice lasts 23 hours on a spring-forward day and 25 on a fall-back day.
/// - An all-day (DATE) slice covers its whole date: ``start`` and ``end`` are
///   the viewer's start of that date and of the next one.
///
/// - Complexity: a small value (about 100 bytes, with its occurrence); every
///   member is O(1).
public struct DaySlice: Sendable, Hashable {
    /// The local date in the viewer's zone (for an all-day occurrence, a date
    /// of the event itself, the same in every zone).
    ///
    /// ```swift
    /// slice.date   // 2024-05-01
    /// ```
    public var date: CivilDate
    /// The first instant of the slice: the occurrence's start on its first
    /// day, the viewer's start of ``date`` on the others.
    ///
    /// ```swift
    /// slice.start   // 2024-05-01T04:00:00Z: midnight in New York
    /// ```
    public var start: Timestamp
    /// The instant after the slice, exclusive: the occurrence's end on its
    /// last day, the viewer's start of the next date on the others.
    ///
    /// ```swift
    /// slice.end     // 2024-05-02T04:00:00Z
    /// ```
    public var end: Timestamp
    /// The position of this day among the occurrence's days, from 0.
    ///
    /// ```swift
    /// slice.index   // 1 for the second day of a trip
    /// ```
    public var index: Int
    /// How many days the occurrence touches in the viewer's zone.
    ///
    /// ```swift
    /// slice.count   // 3 for a trip from 1 to 3 May
    /// ```
    public var count: Int
    /// The occurrence this slice belongs to.
    ///
    /// ```swift
    /// slice.occurrence.recurrenceID   // 2024-05-01T00:00:00
    /// ```
    public var occurrence: Occurrence

    /// A slice from its parts; ``Occurrence/daySlices(in:)`` makes them.
    ///
    /// ```swift
    /// let s = DaySlice(date: d, start: t0, end: t1, index: 0, count: 1, occurrence: o)
    /// ```
    public init(date: CivilDate, start: Timestamp, end: Timestamp, index: Int, count: Int, occurrence: Occurrence) {
        self.date = date
        self.start = start
        self.end = end
        self.index = index
        self.count = count
        self.occurrence = occurrence
    }

    /// Whether this is the occurrence's first day.
    ///
    /// ```swift
    /// o.daySlices(in: ny).first!.isFirst   // true
    /// ```
    public var isFirst: Bool { index == 0 }

    /// Whether this is the occurrence's last day.
    ///
    /// ```swift
    /// o.daySlices(in: ny).last!.isLast     // true
    /// ```
    public var isLast: Bool { index == count - 1 }

    /// Whether the occurrence is all-day (a DATE series).
    ///
    /// ```swift
    /// slice.isAllDay   // true for DTSTART;VALUE=DATE
    /// ```
    public var isAllDay: Bool { occurrence.kind == .date }

    /// Elapsed seconds from ``start`` to ``end``: 0 for a zero-length
    /// occurrence, up to 90000 for a full 25-hour day.
    ///
    /// ```swift
    /// slice.length   // 82800 on 2024-03-10 in New York (23 hours)
    /// ```
    public var length: Int64 { end - start }
}

extension DaySlice: CustomStringConvertible {
    /// The date, the position and the instants:
    /// `2024-05-02 (2/3) 2024-05-02T04:00:00Z..<2024-05-03T04:00:00Z`.
    ///
    /// ```swift
    /// print(slice)   // 2024-05-02 (2/3) 2024-05-02T04:00:00Z..<2024-05-03T04:00:00Z
    /// ```
    public var description: String {
        "\(date) (\(index + 1)/\(count)) \(start)..<\(end)"
    }
}
