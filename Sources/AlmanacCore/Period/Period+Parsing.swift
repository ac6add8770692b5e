extension Period {
    /// Reads a period from its text.
    ///
    /// | form              | period                                          |
    /// |-------------------|-------------------------------------------------|
    /// | `2023-11-13`      | a day                                           |
    /// | `2023-W48`        | an ISO 8601 week                                |
    /// | `2023-W48@SU1`    | week 48 under ``WeekRule`` Sunday-first, 1 day   |
    /// | `2023-11`         | a month                                         |
    /// | `2023`            | a year                                          |
    /// | `2023-11-13/P7D`  | a span of 7 days starting on 13 November 2023   |
    ///
    /// Years have exactly four digits (0001...9999), months, days and weeks
    /// two. `@MO4` (the ISO rule written out) is accepted; ``description``
    /// leaves it out. Letters are read in either case: ISO 8601 writes them
    /// upper case, people type `2023-w48` and `2023-11-27/p7d`, and no
    /// form differs from another by case alone. ``description`` writes
    /// upper case.
    ///
    /// ```swift
    /// try Period(parsing: "2025-W01").firstDay   // 2024-12-30
    /// try Period(parsing: "2023-w48").description   // "2023-W48"
    /// try Period(parsing: "2023-W54")
    /// // throws: invalid period "2023-W54" at column 7: week 54 does not exist in 2023, which has 52 weeks
    /// ```
    ///
    /// - Throws: ``AlmanacError`` of kind ``AlmanacError/Kind/invalidValue``
    ///   whose ``AlmanacError/text`` is the offending piece and whose
    ///   ``AlmanacError/column`` is its 1-based column.
    /// - Complexity: O(n) in the length of the text.
    public init(parsing text: some StringProtocol) throws(AlmanacError) {
        var p = PeriodParser(String(text))
        self = try p.period()
    }
}

/// A one-pass reader over the UTF-8 bytes of a period's text.
struct PeriodParser {
    let text: String
    let bytes: [UInt8]
    var i = 0

    init(_ text: String) {
        self.text = text
        self.bytes = Array(text.utf8)
    }

    /// An error for the bytes from `start` (`length` of them, or the rest of
    /// the text), widened to whole characters; the column counts characters.
    func fail(_ what: String, at start: Int, length: Int? = nil) -> AlmanacError {
        var end = min(bytes.count, start + (length ?? max(1, bytes.count - start)))
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }   // UTF-8 continuation bytes
        let piece = start < bytes.count ? String(decoding: bytes[start..<end], as: UTF8.self) : ""
        let column = String(decoding: bytes[..<start], as: UTF8.self).count + 1
        return AlmanacError(.invalidValue, "invalid period \"\(text)\" at column \(column): \(what)",
                            text: piece, column: column)
    }

    var atEnd: Bool { i == bytes.count }

    func isDigit(_ j: Int) -> Bool { j < bytes.count && bytes[j] >= 0x30 && bytes[j] <= 0x39 }

    /// Reads a run of digits; returns its value (capped to stay far from
    /// overflow), where it began and how many digits it had.
    mutating func digits() -> (value: Int, start: Int, count: Int) {
        let start = i
        var v = 0
        while isDigit(i) {
            v = min(v * 10 + Int(bytes[i] - 0x30), 1_000_000_000)
            i += 1
        }
        return (v, start, i - start)
    }

    /// The byte `byte` next; with `foldingCase`, a letter in either case.
    mutating func expect(_ byte: UInt8, _ what: String, foldingCase: Bool = false) throws(AlmanacError) {
        guard !atEnd, bytes[i] == byte || (foldingCase && bytes[i] | 0x20 == byte | 0x20) else {
            throw fail(atEnd ? "expected \(what) after \"\(text)\"" : "expected \(what)", at: i, length: 1)
        }
        i += 1
    }

    /// Exactly `width` digits for `field`.
    mutating func field(_ field: String, width: Int) throws(AlmanacError) -> (value: Int, start: Int) {
        let d = digits()
        guard d.count == width else {
            if d.count == 0 { throw fail("expected the \(width)-digit \(field)", at: d.start, length: 1) }
            throw fail("\(field) \"\(String(decoding: bytes[d.start..<i], as: UTF8.self))\" must have \(width) digits",
                       at: d.start, length: d.count)
        }
        return (d.value, d.start)
    }

    func checkEnd() throws(AlmanacError) {
        guard atEnd else { throw fail("unexpected text after the period", at: i) }
    }

    mutating func period() throws(AlmanacError) -> Period {
        guard !bytes.isEmpty else {
            throw AlmanacError(.invalidValue, "invalid period \"\": the text is empty (expected YYYY, YYYY-MM, YYYY-MM-DD, YYYY-Www or YYYY-MM-DD/PnD)",
                               text: "", column: 1)
        }
        let y = digits()
        let yearText = String(decoding: bytes[y.start..<i], as: UTF8.self)
        if y.count == 0 {
            throw fail("expected a four-digit year (YYYY, YYYY-MM, YYYY-MM-DD, YYYY-Www or YYYY-MM-DD/PnD)", at: 0, length: 1)
        }
        if y.count > 4 || (y.count == 4 && y.value == 0) {
            throw fail("year \(yearText) is not in 0001...9999", at: y.start, length: y.count)
        }
        if y.count < 4 { throw fail("year \"\(yearText)\" must have 4 digits", at: y.start, length: y.count) }
        let year = y.value
        if atEnd { return Period.year(unchecked: year) }
        try expect(0x2D, "\"-\"")   // -
        if !atEnd, bytes[i] | 0x20 == 0x77 {   // W or w
            i += 1
            return try week(year)
        }
        let m = try field("month", width: 2)
        guard (1...12).contains(m.value) else {
            throw fail("month \(_pad(m.value, 2)) is not in 01...12", at: m.start, length: 2)
        }
        if atEnd { return Period.month(unchecked: year, m.value) }
        try expect(0x2D, "\"-\"")
        let d = try field("day", width: 2)
        let n = _daysInMonth(year, m.value)
        guard d.value >= 1, d.value <= n else {
            let ym = _pad(year, 4) + "-" + _pad(m.value, 2)
            let why = m.value == 2 && d.value == 29 ? "\(ym)-29 does not exist: \(_pad(year, 4)) is not a leap year"
                : "day \(_pad(d.value, 2)) does not exist in \(ym), which has \(n) days"
            throw fail(why, at: d.start, length: 2)
        }
        let date = CivilDate(_unchecked: year, m.value, d.value)
        if atEnd { return Period.day(date) }
        try expect(0x2F, "\"/\" and a duration such as P7D")   // /
        try expect(0x50, "\"P\" (a duration such as P7D)", foldingCase: true)      // P
        let c = digits()
        guard c.count > 0 else { throw fail("expected a number of days (such as P7D)", at: c.start, length: 1) }
        try expect(0x44, "\"D\" (a span counts days: P7D)", foldingCase: true)     // D
        try checkEnd()
        guard c.value >= 1 else { throw fail("a span has at least one day (P1D)", at: c.start, length: c.count) }
        guard let span = try? Period.span(from: date, dayCount: c.value) else {
            throw fail("a span of \(String(decoding: bytes[c.start..<(c.start + c.count)], as: UTF8.self)) days from \(date) runs past 9999-12-31",
                       at: c.start, length: c.count)
        }
        return span
    }

    mutating func week(_ year: Int) throws(AlmanacError) -> Period {
        let w = try field("week", width: 2)
        var rule = WeekRule.iso
        if !atEnd {
            try expect(0x40, "\"@\" and a week rule such as @SU1")   // @
            guard i + 2 <= bytes.count, let wd = Weekday(rfcCode: String(decoding: bytes[i..<(i + 2)], as: UTF8.self).uppercased()) else {
                throw fail("expected a weekday code (MO, TU, WE, TH, FR, SA or SU) for the first day of the week", at: i, length: 2)
            }
            i += 2
            guard isDigit(i), bytes[i] >= 0x31, bytes[i] <= 0x37 else {
                throw fail("expected the minimum days in the first week, a digit in 1...7", at: i, length: 1)
            }
            rule = WeekRule(_unchecked: wd, Int(bytes[i] - 0x30))
            i += 1
            try checkEnd()
        }
        let count = rule.weeksInYear(year)
        guard w.value >= 1, w.value <= count else {
            let rules = rule.isISO ? "" : " under rule \(rule)"
            let why = w.value == 0 ? "week 00 does not exist (weeks are numbered from 01)"
                : "week \(_pad(w.value, 2)) does not exist in \(_pad(year, 4))\(rules), which has \(count) weeks"
            throw fail(why, at: w.start, length: 2)
        }
        guard let p = try? Period.week(year, w.value, rule: rule) else {
            throw fail("week \(_pad(w.value, 2)) of \(_pad(year, 4)) crosses the supported range 0001-01-01...9999-12-31",
                       at: w.start, length: 2)
        }
        return p
    }
}
