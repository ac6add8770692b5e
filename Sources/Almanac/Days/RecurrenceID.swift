import AlmanacCore

/// What identifies an occurrence within its series: its unmodified start as a
/// wall-clock value (RFC 5545 section 3.8.4.4, RECURRENCE-ID), with no zone
/// and no offset.
///
/// - All-day (DATE) series: the date.
/// - Timed series: the wall-clock date-time the recurrence produced, before
///   any DST-gap shift: in the series' zone for
///   zoned series, in UTC for UTC series, as written for floating series.
/// - On a fall-back night a rule that steps in elapsed time (HOURLY, ...)
///   produces the same wall-clock time twice; the second is marked
///   ``isRepeat`` (the "fold" of PEP 495), so the two stay distinct.
///
/// Why wall-clock and not the UTC instant: the instant of a future
/// occurrence changes when tz data changes (a country drops DST) or when the
/// series moves to another zone with the same local time, and it differs
/// between zone sources (ICU's 2022e and Foundation's 2025b); the wall-clock
/// value does not, so records keyed by it survive those changes untouched.
/// Edits that do change it are carried across by ``Rekeying``.
///
/// ```swift
/// try RecurrenceID(date: CivilDate(2024, 5, 1)).description                 // "2024-05-01"
/// try RecurrenceID(CivilDate(2024, 5, 1).at(9, 0)).description              // "2024-05-01T09:00:00"
/// try RecurrenceID(CivilDate(2024, 11, 3).at(1, 30), isRepeat: true).description   // "2024-11-03T01:30:00~2"
/// ```
///
/// - Complexity: O(1) to make, compare, hash and write; O(1) to read (the
///   text has at most 22 characters).
public struct RecurrenceID: Sendable, Hashable, Comparable {
    /// The date (of the wall-clock start).
    ///
    /// ```swift
    /// try RecurrenceID(CivilDate(2024, 5, 1).at(9, 0)).date   // 2024-05-01
    /// ```
    ///
    /// - Complexity: O(1).
    public let date: CivilDate
    /// The wall-clock time; `nil` for an all-day (DATE) occurrence.
    ///
    /// ```swift
    /// try RecurrenceID(date: CivilDate(2024, 5, 1)).time   // nil
    /// ```
    ///
    /// - Complexity: O(1).
    public let time: CivilTime?
    /// Whether this is the second of two occurrences at the same wall-clock
    /// time (the later instant of a time a fall-back repeats). Always
    /// `false` for an all-day ID.
    ///
    /// ```swift
    /// try RecurrenceID(CivilDate(2024, 11, 3).at(1, 30), isRepeat: true).isRepeat   // true
    /// ```
    ///
    /// - Complexity: O(1).
    public let isRepeat: Bool

    /// The ID of an all-day occurrence.
    ///
    /// ```swift
    /// try RecurrenceID(date: CivilDate(2024, 5, 1))   // 2024-05-01
    /// ```
    ///
    /// - Complexity: O(1).
    public init(date: CivilDate) {
        self.date = date
        time = nil
        isRepeat = false
    }

    /// The ID of a timed occurrence.
    ///
    /// ```swift
    /// try RecurrenceID(CivilDate(2024, 5, 1).at(9, 0))   // 2024-05-01T09:00:00
    /// ```
    ///
    /// - Complexity: O(1).
    public init(_ dateTime: CivilDateTime, isRepeat: Bool = false) {
        date = dateTime.date
        time = dateTime.time
        self.isRepeat = isRepeat
    }

    /// The wall-clock date-time (midnight for an all-day ID).
    ///
    /// ```swift
    /// try RecurrenceID(date: CivilDate(2024, 5, 1)).dateTime   // 2024-05-01T00:00:00
    /// ```
    ///
    /// - Complexity: O(1).
    public var dateTime: CivilDateTime { CivilDateTime(date, time ?? .midnight) }

    /// Whether this is the ID of an all-day occurrence.
    ///
    /// ```swift
    /// try RecurrenceID(date: CivilDate(2024, 5, 1)).isAllDay   // true
    /// ```
    ///
    /// - Complexity: O(1).
    public var isAllDay: Bool { time == nil }

    /// By date, then all-day before timed, then time, then the first of a
    /// repeated time before its repeat.
    ///
    /// ```swift
    /// try RecurrenceID(date: d) < RecurrenceID(d.at(0, 0))   // true
    /// ```
    ///
    /// - Complexity: O(1).
    public static func < (a: RecurrenceID, b: RecurrenceID) -> Bool {
        if a.date != b.date { return a.date < b.date }
        switch (a.time, b.time) {
        case (nil, nil): return false
        case (nil, _): return true
        case (_, nil): return false
        case let (x?, y?): return x != y ? x < y : (!a.isRepeat && b.isRepeat)
        }
    }
}

extension RecurrenceID: LosslessStringConvertible, Codable, CanonicalText {
    /// The canonical text: `YYYY-MM-DD` (all-day), `YYYY-MM-DDTHH:MM:SS`
    /// (timed), `YYYY-MM-DDTHH:MM:SS~2` (the repeat of a wall-clock time).
    ///
    /// ```swift
    /// try RecurrenceID(CivilDate(2024, 5, 1).at(9, 0)).description   // "2024-05-01T09:00:00"
    /// ```
    ///
    /// - Complexity: O(1).
    public var description: String {
        guard let time else { return date.description }
        return date.description + "T" + time.description + (isRepeat ? "~2" : "")
    }

    /// Reads the canonical text (see ``description``), and nothing else.
    ///
    /// ```swift
    /// try RecurrenceID(parsing: "2024-11-03T01:30:00~2").isRepeat   // true
    /// try RecurrenceID(parsing: "2024-02-30")   // throws: day 30 does not exist in 2024-02, which has 29 days
    /// ```
    ///
    /// - Throws: ``AlmanacError/Kind/invalidValue`` with the column of the fault.
    /// - Complexity: O(length of the text).
    public init(parsing text: some StringProtocol) throws(AlmanacError) {
        var scanner = ValueText(text, what: "recurrence id")
        self = try scanner.recurrenceID()
        try scanner.finish()
    }


}
