// The canonical texts of the other Core values (weeks, offsets, weekdays,
// week rules, durations, horizons), read back by `init(parsing:)` and used by
// their `Codable` conformances.

extension ISOWeek: TextCoded {
    /// Reads `YYYY-Www` (what ``description`` writes), and nothing else.
    ///
    /// ```swift
    /// try ISOWeek(parsing: "2024-W19").firstDay   // 2024-05-06
    /// try ISOWeek(parsing: "2023-W53")
    /// // throws: invalid ISO week "2023-W53" at column 7: week 53 is not in 01...52 for 2023
    /// ```
    ///
    /// - Throws: ``AlmanacError`` of kind ``AlmanacError/Kind/invalidValue``
    ///   with the column of the fault.
    /// - Complexity: O(length of the text).
    public init(parsing text: some StringProtocol) throws(AlmanacError) {
        self = try ValueText.read(text, "ISO week") { s throws(AlmanacError) in
            let y = try s.digits(4, "year")
            try s.expect(0x2D, "expected \"-W\" after the year")
            try s.expect(0x57, "expected \"W\" before the week number")
            let at = s.i
            let w = try s.digits(2, "week")
            do throws(AlmanacError) { return try ISOWeek(year: y, week: w) } catch { throw s.fail(error.message, at: y == 0 ? 0 : at, kind: error.kind) }
        }
    }

    package static var textShape: String { "an ISO week is written \"YYYY-Www\"" }
}

extension Offset: TextCoded {
    /// Reads `±HH:MM` or `±HH:MM:SS` (what ``description`` writes), within
    /// -18:00...+18:00. `-00:00` is refused, as RFC 5545 refuses `-0000`
    /// (section 3.3.14).
    ///
    /// ```swift
    /// try Offset(parsing: "-04:56:02").seconds   // -17762
    /// try Offset(parsing: "+19:00")
    /// // throws: invalid UTC offset "+19:00" at column 1: UTC offset 68400 seconds (+19:00) is out of range: ...
    /// ```
    ///
    /// - Throws: ``AlmanacError`` of kind ``AlmanacError/Kind/invalidValue``
    ///   (``AlmanacError/Kind/outOfRange`` beyond ±18:00) with the column of the fault.
    /// - Complexity: O(length of the text).
    public init(parsing text: some StringProtocol) throws(AlmanacError) {
        self = try ValueText.read(text, "UTC offset") { s throws(AlmanacError) in
            guard let sign = s.next, sign == 0x2B || sign == 0x2D else { throw s.fail("expected \"+\" or \"-\"") }
            s.i += 1
            let h = try s.digits(2, "hours")
            try s.expect(0x3A, "expected \":\" after the hours")
            let mAt = s.i
            let m = try s.digits(2, "minutes")
            guard m <= 59 else { throw s.fail("minutes \(_pad(m, 2)) are not in 00...59", at: mAt) }
            var sec = 0
            if s.next == 0x3A {
                s.i += 1
                let at = s.i
                sec = try s.digits(2, "seconds")
                guard sec <= 59 else { throw s.fail("seconds \(_pad(sec, 2)) are not in 00...59", at: at) }
            }
            let total = h * 3600 + m * 60 + sec
            if sign == 0x2D && total == 0 { throw s.fail("-00:00 is not an offset: write +00:00 (RFC 5545 section 3.3.14)", at: 0) }
            do throws(AlmanacError) { return try Offset(seconds: sign == 0x2D ? -total : total) } catch { throw s.fail(error.message, at: 0, kind: error.kind) }
        }
    }

    package static var textShape: String { "a UTC offset is written \"±HH:MM\" or \"±HH:MM:SS\"" }
}

extension Weekday: Codable {
    /// Reads a two-letter RFC 5545 code, upper case (`"MO"` ... `"SU"`).
    ///
    /// ```swift
    /// try JSONDecoder().decode(Weekday.self, from: Data(#""SU""#.utf8))   // .sunday
    /// ```
    ///
    /// - Throws: `DecodingError.dataCorrupted` whose underlying error is an
    ///   ``AlmanacError`` for any other value.
    /// - Complexity: O(1).
    public init(from decoder: any Decoder) throws {
        self = try decoder.decodeText("a weekday is written \"MO\", \"TU\", \"WE\", \"TH\", \"FR\", \"SA\" or \"SU\"") { text throws(AlmanacError) in
            guard let d = Weekday(rfcCode: text) else {
                throw ValueText(text, what: "weekday").fail("expected MO, TU, WE, TH, FR, SA or SU", at: 0)
            }
            return d
        }
    }

    /// Writes the RFC 5545 code (``rfcCode``).
    ///
    /// ```swift
    /// try JSONEncoder().encode(Weekday.friday)   // "FR"
    /// ```
    ///
    /// - Complexity: O(1).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(rfcCode)
    }
}

extension WeekRule: TextCoded {
    /// Reads the text ``description`` writes: the first weekday's RFC 5545
    /// code and the minimum days in week 1 (`MO4` for ISO 8601, `SU1`).
    ///
    /// ```swift
    /// try WeekRule(parsing: "SU1") == .us   // true
    /// ```
    ///
    /// - Throws: ``AlmanacError`` of kind ``AlmanacError/Kind/invalidValue``
    ///   with the column of the fault.
    /// - Complexity: O(1).
    public init(parsing text: some StringProtocol) throws(AlmanacError) {
        self = try ValueText.read(text, "week rule") { s throws(AlmanacError) in
            guard s.bytes.count >= 2, let d = Weekday(rfcCode: String(decoding: s.bytes[0..<2], as: UTF8.self)) else {
                throw s.fail("expected a weekday code (MO, TU, WE, TH, FR, SA or SU) for the first day of the week")
            }
            s.i = 2
            guard let n = s.next, n >= 0x31, n <= 0x37 else {
                throw s.fail("expected the minimum days in the first week, a digit in 1...7")
            }
            s.i += 1
            return WeekRule(_unchecked: d, Int(n - 0x30))
        }
    }

    package static var textShape: String { "a week rule is written as a weekday code and a digit, such as \"MO4\"" }
}

extension EventDuration: TextCoded {
    package static var textShape: String { "a duration is written as RFC 5545 text such as \"PT1H30M\"" }

    /// Writes the canonical RFC 5545 text (``description``) as a single string.
    ///
    /// ```swift
    /// try JSONEncoder().encode(EventDuration(seconds: 5400))   // "PT1H30M"
    /// ```
    ///
    /// - Throws: `EncodingError.invalidValue` when ``days`` and ``seconds``
    ///   have opposite signs, which no DURATION text can say.
    /// - Complexity: O(1).
    public func encode(to encoder: any Encoder) throws {
        guard (days >= 0 && seconds >= 0) || (days <= 0 && seconds <= 0) else {
            throw EncodingError.invalidValue(self, EncodingError.Context(
                codingPath: encoder.codingPath,
                debugDescription: "a duration of \(days) days and \(seconds) seconds has parts of opposite signs and no DURATION text"))
        }
        var c = encoder.singleValueContainer()
        try c.encode(description)
    }
}

extension Horizon: TextCoded {
    /// Reads the text ``description`` writes: `P`, a count of at least 1 and
    /// a unit, `D`, `W`, `M` or `Y` (`P7D`, `P6W`, `P6M`, `P1Y`).
    ///
    /// ```swift
    /// try Horizon(parsing: "P6W") == .weeks(6)   // true
    /// try Horizon(parsing: "P0D")
    /// // throws: invalid horizon "P0D" at column 2: a horizon holds at least one period
    /// ```
    ///
    /// - Throws: ``AlmanacError`` of kind ``AlmanacError/Kind/invalidValue``
    ///   with the column of the fault.
    /// - Complexity: O(length of the text).
    public init(parsing text: some StringProtocol) throws(AlmanacError) {
        self = try ValueText.read(text, "horizon") { s throws(AlmanacError) in
            try s.expect(0x50, "expected \"P\"")
            let at = s.i
            let n = try s.number("count")
            guard n >= 1 else { throw s.fail("a horizon holds at least one period", at: at) }
            let g: Period.Granularity
            switch s.next {
            case 0x44: g = .day
            case 0x57: g = .week
            case 0x4D: g = .month
            case 0x59: g = .year
            default: throw s.fail("expected the unit D, W, M or Y after the count")
            }
            s.i += 1
            return Horizon(g, count: n)
        }
    }

    package static var textShape: String { "a horizon is written \"PnD\", \"PnW\", \"PnM\" or \"PnY\"" }
}
