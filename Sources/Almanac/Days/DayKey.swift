import AlmanacCore

/// A stable key for one day of one occurrence: an ``OccurrenceKey`` and the
/// local date of a ``DaySlice``. A to-do app keys its per-day records ("done",
/// "a note") with it: a three-day trip has three day keys.
///
/// ```swift
/// let key = try DayKey(occurrence: OccurrenceKey(seriesID: "trip-42", recurrenceID: RecurrenceID(date: CivilDate(2024, 5, 1))),
///                  date: try CivilDate(2024, 5, 2))
/// key.description                                             // "trip-42/2024-05-01/2024-05-02"
/// try DayKey(parsing: "trip-42/2024-05-01/2024-05-02") == key  // true
/// ```
///
/// Canonical text: `occurrence-key "/" date`, with ``OccurrenceKey``'s
/// grammar (the id percent-escaped, so its `/` never shows) and `date` as
/// `YYYY-MM-DD`. Text and key determine each other.
///
/// The date of an all-day occurrence's day is the same in every zone; the
/// date of a timed occurrence's day is the viewer's: an event at 20:00 in
/// New York falls on the next date in Tokyo. An app whose users travel can
/// key days in a fixed zone (the user's home zone, or the event's own zone)
/// rather than the device's current one.
///
/// - Complexity: making, comparing, hashing and writing a key are O(length
///   of the series id); reading one is O(length of the text).
public struct DayKey: Sendable, Hashable {
    /// The occurrence.
    ///
    /// ```swift
    /// try DayKey(parsing: "trip-42/2024-05-01/2024-05-02").occurrence.seriesID   // "trip-42"
    /// ```
    public let occurrence: OccurrenceKey
    /// The local date of the day.
    ///
    /// ```swift
    /// try DayKey(parsing: "trip-42/2024-05-01/2024-05-02").date   // 2024-05-02
    /// ```
    public let date: CivilDate

    /// A key from its parts.
    ///
    /// ```swift
    /// try DayKey(occurrence: key, date: CivilDate(2024, 5, 2))
    /// ```
    public init(occurrence: OccurrenceKey, date: CivilDate) {
        self.occurrence = occurrence
        self.date = date
    }

    /// The key of a slice of an occurrence of the series `seriesID`.
    ///
    /// ```swift
    /// for s in try set.daySlices(in: window, viewer: ny) {
    ///     records[DayKey(seriesID: "trip-42", slice: s)]
    /// }
    /// ```
    public init(seriesID: String, slice: DaySlice) {
        self.init(occurrence: OccurrenceKey(seriesID: seriesID, occurrence: slice.occurrence), date: slice.date)
    }

    /// The series' id.
    ///
    /// ```swift
    /// try DayKey(parsing: "trip-42/2024-05-01/2024-05-02").seriesID   // "trip-42"
    /// ```
    public var seriesID: String { occurrence.seriesID }
}

extension DayKey: CustomStringConvertible, LosslessStringConvertible {
    /// The canonical text: `trip-42/2024-05-01/2024-05-02`.
    ///
    /// ```swift
    /// key.description   // "trip-42/2024-05-01/2024-05-02"
    /// ```
    ///
    /// - Complexity: O(length of the id).
    public var description: String {
        var out: [UInt8] = []
        out.reserveCapacity(occurrence.seriesID.utf8.count + 36)
        KeyText.write(occurrence, into: &out)
        out.append(0x2F)
        out.append(contentsOf: date.description.utf8)
        return String(decoding: out, as: UTF8.self)
    }

    /// Reads the canonical text, and nothing else.
    ///
    /// ```swift
    /// try DayKey(parsing: "trip-42/2024-05-01/2024-05-02").date   // 2024-05-02
    /// try DayKey(parsing: "trip-42/2024-05-01")   // throws: expected "/" after the recurrence id
    /// ```
    ///
    /// - Throws: ``AlmanacError/Kind/invalidValue`` with the column of the fault.
    /// - Complexity: O(length of the text).
    public init(parsing text: some StringProtocol) throws(AlmanacError) {
        var scanner = ValueText(text, what: "day key")
        let occurrence = try scanner.occurrenceKey()
        try scanner.expect(0x2F, "expected \"/\" after the recurrence id")
        let date = try scanner.date()
        try scanner.finish()
        self.init(occurrence: occurrence, date: date)
    }

}

extension DayKey: Codable, CodingKeyRepresentable, CanonicalText {}
