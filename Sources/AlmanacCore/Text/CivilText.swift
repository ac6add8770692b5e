// The canonical texts of the civil values, read back by `init(parsing:)` and
// used by their `Codable` conformances (ISO 8601 extended forms, as
// `description` writes them).

extension CivilDate: TextCoded {
    /// Reads `YYYY-MM-DD` (ISO 8601 extended, what ``description`` writes), and nothing else.
    ///
    /// ```swift
    /// try CivilDate(parsing: "2024-05-06").weekday   // .monday
    /// try CivilDate(parsing: "2024-13-40")
    /// // throws: invalid date "2024-13-40" at column 6: month 13 is not in 01...12
    /// ```
    ///
    /// - Throws: ``AlmanacError`` of kind ``AlmanacError/Kind/invalidValue``
    ///   (``AlmanacError/Kind/outOfRange`` for year 0000) with the column of the fault.
    /// - Complexity: O(length of the text).
    public init(parsing text: some StringProtocol) throws(AlmanacError) {
        self = try ValueText.read(text, "date") { s throws(AlmanacError) in try s.date() }
    }

    package static var textShape: String { "a date is written \"YYYY-MM-DD\"" }
}

extension CivilTime: TextCoded {
    /// Reads `HH:MM:SS` (what ``description`` writes), and nothing else.
    ///
    /// ```swift
    /// try CivilTime(parsing: "09:30:00").secondsSinceMidnight   // 34200
    /// try CivilTime(parsing: "99:00:00")
    /// // throws: invalid time "99:00:00" at column 1: hour 99 is not in 00...23
    /// ```
    ///
    /// - Throws: ``AlmanacError`` of kind ``AlmanacError/Kind/invalidValue``
    ///   with the column of the fault.
    /// - Complexity: O(length of the text).
    public init(parsing text: some StringProtocol) throws(AlmanacError) {
        self = try ValueText.read(text, "time") { s throws(AlmanacError) in try s.time() }
    }

    package static var textShape: String { "a time is written \"HH:MM:SS\"" }
}

extension CivilDateTime: TextCoded {
    /// Reads `YYYY-MM-DDTHH:MM:SS` (what ``description`` writes), and nothing else.
    ///
    /// ```swift
    /// try CivilDateTime(parsing: "1997-09-02T09:00:00").time   // 09:00:00
    /// ```
    ///
    /// - Throws: ``AlmanacError`` of kind ``AlmanacError/Kind/invalidValue``
    ///   with the column of the fault.
    /// - Complexity: O(length of the text).
    public init(parsing text: some StringProtocol) throws(AlmanacError) {
        self = try ValueText.read(text, "date-time") { s throws(AlmanacError) in try s.dateTime() }
    }

    package static var textShape: String { "a date-time is written \"YYYY-MM-DDTHH:MM:SS\"" }
}

extension Timestamp: TextCoded {
    /// Reads `YYYY-MM-DDTHH:MM:SSZ` (what ``description`` writes for years
    /// 1...9999), and nothing else.
    ///
    /// ```swift
    /// try Timestamp(parsing: "1997-09-02T13:00:00Z").secondsSinceEpoch   // 873205200
    /// ```
    ///
    /// - Throws: ``AlmanacError`` of kind ``AlmanacError/Kind/invalidValue``
    ///   with the column of the fault.
    /// - Complexity: O(length of the text).
    public init(parsing text: some StringProtocol) throws(AlmanacError) {
        self = try ValueText.read(text, "timestamp") { s throws(AlmanacError) in
            let c = try s.dateTime()
            try s.expect(0x5A, "expected \"Z\" after the time (a timestamp is in UTC)")
            return Timestamp(utc: c)
        }
    }

    package static var textShape: String { "a timestamp is written \"YYYY-MM-DDTHH:MM:SSZ\"" }

    /// Writes `YYYY-MM-DDTHH:MM:SSZ` as a single string.
    ///
    /// ```swift
    /// try JSONEncoder().encode(Timestamp(secondsSinceEpoch: 0))   // "1970-01-01T00:00:00Z"
    /// ```
    ///
    /// - Throws: `EncodingError.invalidValue` for an instant outside years
    ///   1...9999 (``min``...``max``), which has no such text.
    /// - Complexity: O(1).
    public func encode(to encoder: any Encoder) throws {
        guard let c = utc else {
            throw EncodingError.invalidValue(self, EncodingError.Context(
                codingPath: encoder.codingPath,
                debugDescription: "timestamp \(secondsSinceEpoch) s is outside years 1...9999 and has no text form"))
        }
        var s = encoder.singleValueContainer()
        try s.encode(c.description + "Z")
    }
}
