/// A value of AlmanacCore with one canonical text form (``CivilDate``'s
/// `2024-05-06`, ``ISOWeek``'s `2024-W19`, ``EventDuration``'s `PT1H30M`) that
/// its `Codable` conformance writes and reads through a single-value
/// container, validating on the way in. Package access: users see the public
/// `Codable` conformances, not this protocol.
package protocol TextCoded: Codable, CustomStringConvertible {
    /// Reads the canonical text and nothing else.
    init(parsing text: some StringProtocol) throws(AlmanacError)
    /// What the value is and its text's shape, for the error when a decoder
    /// finds something other than a string: `a date is written "YYYY-MM-DD"`.
    static var textShape: String { get }
}

extension TextCoded {
    /// Writes the canonical text (``description``) as a single string.
    ///
    /// ```swift
    /// try JSONEncoder().encode(CivilDate(2024, 5, 6))   // "2024-05-06"
    /// ```
    ///
    /// - Complexity: O(1).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(description)
    }

    /// Reads the canonical text, validating it.
    ///
    /// ```swift
    /// try JSONDecoder().decode(CivilDate.self, from: Data(#""2024-13-40""#.utf8))
    /// // throws DecodingError.dataCorrupted: invalid date "2024-13-40" at column 6: month 13 is not in 1...12
    /// ```
    ///
    /// - Throws: `DecodingError.dataCorrupted` whose underlying error is the
    ///   ``AlmanacError`` that says why: the text is malformed or names a
    ///   value that does not exist, or the value is not a string at all.
    /// - Complexity: O(length of the text).
    public init(from decoder: any Decoder) throws {
        self = try decoder.decodeText(Self.textShape) { text throws(AlmanacError) in try Self(parsing: text) }
    }
}

extension Decoder {
    /// Reads a single string and hands it to `read`; a non-string or an error
    /// of `read` becomes `DecodingError.dataCorrupted` at this coding path
    /// carrying an ``AlmanacError``. Not API.
    package func decodeText<T>(_ shape: String, _ read: (String) throws(AlmanacError) -> T) throws -> T {
        let c = try singleValueContainer()
        func corrupted(_ error: AlmanacError) -> DecodingError {
            .dataCorrupted(DecodingError.Context(codingPath: codingPath, debugDescription: error.message, underlyingError: error))
        }
        guard let text = try? c.decode(String.self) else {
            throw corrupted(AlmanacError(.invalidValue, "\(shape), found a value that is not a string"))
        }
        do { return try read(text) } catch { throw corrupted(error) }
    }
}

/// Reads the canonical text of a Core value left to right, throwing errors
/// that name the value and the column (in characters). Not API.
package struct ValueText {
    package let text: String
    package let bytes: [UInt8]
    package let what: String
    package var i = 0

    package init(_ text: some StringProtocol, what: String) {
        self.text = String(text)
        bytes = Array(text.utf8)
        self.what = what
    }

    /// Reads the whole of `text` with `body`, refusing anything left over.
    package static func read<T>(_ text: some StringProtocol, _ what: String,
                                _ body: (inout ValueText) throws(AlmanacError) -> T) throws(AlmanacError) -> T {
        var s = ValueText(text, what: what)
        let value = try body(&s)
        try s.finish()
        return value
    }

    package var atEnd: Bool { i == bytes.count }

    /// The next byte, if any.
    package var next: UInt8? { i < bytes.count ? bytes[i] : nil }

    package func fail(_ why: String, at position: Int? = nil, kind: AlmanacError.Kind = .invalidValue) -> AlmanacError {
        let p = min(position ?? i, bytes.count)
        let column = String(decoding: bytes[..<p], as: UTF8.self).count + 1
        var e = AlmanacError(kind, "invalid \(what) \"\(text)\" at column \(column): \(why)", text: text, column: column)
        e.reason = why
        return e
    }

    /// Refuses anything left after the value.
    package func finish() throws(AlmanacError) {
        guard atEnd else { throw fail("unexpected text after the \(what)") }
    }

    package mutating func expect(_ c: UInt8, _ why: String) throws(AlmanacError) {
        guard i < bytes.count, bytes[i] == c else { throw fail(why) }
        i += 1
    }

    /// Exactly `n` decimal digits.
    package mutating func digits(_ n: Int, _ field: String) throws(AlmanacError) -> Int {
        var v = 0
        for k in 0..<n {
            guard i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 else {
                throw fail("expected \(n) digits for the \(field)", at: i - k)
            }
            v = v * 10 + Int(bytes[i] - 0x30)
            i += 1
        }
        return v
    }

    /// One or more decimal digits (at most 9, so the value cannot overflow).
    package mutating func number(_ field: String) throws(AlmanacError) -> Int {
        let begin = i
        var v = 0
        while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 {
            guard i - begin < 9 else { throw fail("the \(field) has too many digits", at: begin, kind: .outOfRange) }
            v = v * 10 + Int(bytes[i] - 0x30)
            i += 1
        }
        guard i > begin else { throw fail("expected a number for the \(field)") }
        return v
    }

    /// `YYYY-MM-DD`.
    package mutating func date() throws(AlmanacError) -> CivilDate {
        let y = try digits(4, "year")
        try expect(0x2D, "expected \"-\" after the year")
        let mAt = i
        let m = try digits(2, "month")
        try expect(0x2D, "expected \"-\" after the month")
        let dAt = i
        let d = try digits(2, "day")
        guard y >= 1 else { throw fail("year 0000 is not in the supported range 0001...9999", at: mAt - 5, kind: .outOfRange) }
        guard (1...12).contains(m) else { throw fail("month \(_pad(m, 2)) is not in 01...12", at: mAt) }
        let n = _daysInMonth(y, m)
        guard d >= 1, d <= n else {
            let ym = _pad(y, 4) + "-" + _pad(m, 2)
            throw fail(m == 2 && d == 29 ? "\(ym)-29 does not exist: \(_pad(y, 4)) is not a leap year"
                       : "day \(_pad(d, 2)) does not exist in \(ym), which has \(n) days", at: dAt)
        }
        return CivilDate(_unchecked: y, m, d)
    }

    /// `HH:MM:SS`.
    package mutating func time() throws(AlmanacError) -> CivilTime {
        let hAt = i
        let h = try digits(2, "hour")
        try expect(0x3A, "expected \":\" after the hour")
        let mAt = i
        let m = try digits(2, "minute")
        try expect(0x3A, "expected \":\" after the minute")
        let sAt = i
        let s = try digits(2, "second")
        guard h <= 23 else { throw fail("hour \(_pad(h, 2)) is not in 00...23", at: hAt) }
        guard m <= 59 else { throw fail("minute \(_pad(m, 2)) is not in 00...59", at: mAt) }
        guard s <= 59 else {
            throw fail("second \(_pad(s, 2)) is not in 00...59" + (s == 60 ? " (Almanac has no leap seconds)" : ""), at: sAt)
        }
        return CivilTime(_unchecked: h, m, s)
    }

    /// `YYYY-MM-DDTHH:MM:SS`.
    package mutating func dateTime() throws(AlmanacError) -> CivilDateTime {
        let d = try date()
        try expect(0x54, "expected \"T\" and a time after the date")
        return CivilDateTime(d, try time())
    }
}
