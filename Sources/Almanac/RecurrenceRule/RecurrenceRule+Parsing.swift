import AlmanacCore

extension RecurrenceRule {
    /// Reads an RRULE value (RFC 5545 section 3.3.10, with RFC 7529's RSCALE
    /// and SKIP): the text after `RRULE:`.
    ///
    /// ```swift
    /// let rule = try RecurrenceRule("FREQ=MONTHLY;BYDAY=-1FR;COUNT=10")
    /// rule.byDay        // [.nth(-1, .friday)]
    /// let loose = try RecurrenceRule("rrule:freq=weekly;byday=mo,we;", mode: .lenient)
    /// loose.description // "FREQ=WEEKLY;BYDAY=MO,WE"
    /// ```
    ///
    /// See ``parse(_:mode:)`` for what each mode accepts; this initializer
    /// drops the lenient readings.
    ///
    /// - Throws: ``AlmanacError`` of kind ``AlmanacError/Kind/invalidRule``
    ///   (``AlmanacError/Kind/outOfRange`` for a COUNT or INTERVAL past
    ///   2^63-1 or an UNTIL year outside 1...9999), with the offending text
    ///   and its 1-based column.
    public init(_ text: some StringProtocol, mode: ParsingMode = .strict) throws(AlmanacError) {
        self = try Self.parse(text, mode: mode).rule
    }

    /// Reads an RRULE value and reports the liberties lenient mode took.
    ///
    /// Both modes read every RFC 5545 part (FREQ, UNTIL, COUNT, INTERVAL,
    /// BYSECOND, BYMINUTE, BYHOUR, BYDAY, BYMONTHDAY, BYYEARDAY, BYWEEKNO,
    /// BYMONTH, BYSETPOS, WKST), RFC 7529's RSCALE (case-insensitive, stored
    /// upper case) and SKIP, and `X-` parts (kept in ``extensions``). Lists
    /// are stored sorted without repeats. `BYSECOND=60` is kept, as the
    /// grammar allows it, but Almanac has no leap seconds, so expansion never
    /// matches it. In both modes these are errors:
    /// a missing FREQ; an empty value; a value out of its RFC 5545 range
    /// (BYDAY ordinal 0, BYMONTHDAY=32, INTERVAL=0, ...); a malformed
    /// number (`1.5`, `+`, digits past 2^63-1); an UNTIL that is not
    /// `YYYYMMDD`, `YYYYMMDDTHHMMSS` or `YYYYMMDDTHHMMSSZ` or names a day that
    /// does not exist; an unknown RSCALE; a leap month (`5L`) or month 13
    /// without a non-Gregorian RSCALE; a part repeated with a different value.
    ///
    /// **Strict** mode (``ParsingMode/strict``) also enforces the rest of RFC
    /// 5545 and RFC 7529, as ``validate()`` does, and refuses lower case, an
    /// `RRULE:` prefix, empty parts and a trailing `;`, whitespace, unknown
    /// parts, any repeated part, and digits beyond the grammar's width
    /// (`BYMONTH=007`). `readings` is always empty.
    ///
    /// **Lenient** mode (``ParsingMode/lenient``) accepts what real producers
    /// emit and appends a ``Reading`` for each liberty, saying how it read it:
    ///
    /// - lower or mixed case names and values (read upper case);
    /// - an `RRULE:` prefix, surrounding whitespace, empty parts (`;;`), a
    ///   trailing `;` (ignored);
    /// - unknown parts such as `FOO=BAR` (kept in ``extensions``, ignored by expansion);
    /// - a part repeated with the same value (`COUNT=5;COUNT=5`: read once);
    /// - COUNT with UNTIL (both kept; expansion stops at whichever comes first);
    /// - BYDAY ordinals with DAILY or WEEKLY, or with YEARLY and BYWEEKNO
    ///   (ordinal dropped, the plain weekday kept);
    /// - BYWEEKNO with a frequency other than YEARLY, BYYEARDAY with DAILY,
    ///   WEEKLY or MONTHLY, BYMONTHDAY with WEEKLY (kept: they act as limits);
    /// - BYSETPOS without another BYxxx part (kept);
    /// - SKIP without RSCALE (read as `RSCALE=GREGORIAN`);
    /// - second 60 in UNTIL (read as 59, as RFC 5545 section 3.3.5 advises);
    /// - numbers with extra leading zeros (`BYMONTH=007` read as 7).
    ///
    /// ```swift
    /// let (rule, readings) = try RecurrenceRule.parse("RRULE:FREQ=WEEKLY;BYDAY=1MO", mode: .lenient)
    /// rule.description          // "FREQ=WEEKLY;BYDAY=MO"
    /// readings.map(\.description)
    /// // ["column 1: \"RRULE:\" prefix ignored",
    /// //  "column 19: BYDAY ordinals are not valid with FREQ=WEEKLY: ordinals dropped, read as BYDAY=MO"]
    /// ```
    ///
    /// Columns are 1-based and count Unicode scalars.
    ///
    /// - Throws: ``AlmanacError`` of kind ``AlmanacError/Kind/invalidRule``
    ///   (``AlmanacError/Kind/outOfRange`` for a COUNT or INTERVAL past
    ///   2^63-1 or an UNTIL year outside 1...9999). Its message starts with
    ///   `invalid RRULE at column N:` and names the part; ``AlmanacError/text``
    ///   is the offending text and ``AlmanacError/column`` its column. Errors
    ///   about the whole rule (empty, no FREQ) start with `invalid RRULE:`.
    /// - Complexity: O(n log n) in the length of the text (lists are sorted);
    ///   it reads UTF-8 bytes and allocates only for the lists it keeps.
    public static func parse(_ text: some StringProtocol, mode: ParsingMode) throws(AlmanacError) -> (rule: RecurrenceRule, readings: [Reading]) {
        var string = String(text)
        var rule = RecurrenceRule(frequency: .yearly)
        var readings: [Reading] = []
        var failure: AlmanacError?
        string.withUTF8 { bytes in
            var parser = _RuleParser(bytes, lenient: mode == .lenient)
            do throws(AlmanacError) {
                try parser.run()
                rule = parser.rule
                readings = parser.readings
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        return (rule, readings)
    }
}

/// A single pass over the UTF-8 bytes of an RRULE value.
struct _RuleParser {
    typealias Reading = RecurrenceRule.Reading
    typealias WeekdayNum = RecurrenceRule.WeekdayNum

    let b: UnsafeBufferPointer<UInt8>
    let lenient: Bool
    var columns: _Columns
    var rule = RecurrenceRule(frequency: .yearly)   // FREQ is required; checked at the end
    var readings: [Reading] = []
    /// Bit `rawValue` is set for each part read. (Where a part is written is
    /// found again by ``locate(_:)``, only when a message needs it.)
    var seen: UInt32 = 0
    /// The BYDAY value with an ordinal that sorts first (the one a violation
    /// message names), and its byte range.
    var firstOrdinal: (Int, Int, WeekdayNum)?
    var firstMonth13: (Int, Int)?
    var firstLeapMonth: (Int, Int)?
    var ruleStart = 0
    var ruleEnd = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>, lenient: Bool) {
        self.b = bytes
        self.lenient = lenient
        self.columns = _Columns(bytes)
    }

    // MARK: The rule

    /// Reads the whole text into ``rule`` and ``readings``.
    mutating func run() throws(AlmanacError) {
        var s = 0, e = b.count
        while s < e, _isSpace(b[s]) { s += 1 }
        guard s < e else {
            throw wholeRuleError("the rule is empty (expected at least FREQ=..., RFC 5545 section 3.3.10)", 0, b.count)
        }
        while _isSpace(b[e - 1]) { e -= 1 }
        if s > 0 { try whitespace(0, s) }
        if e < b.count { try whitespace(e, b.count) }

        if e - s >= 6, hasPrefix(s, "RRULE:") {
            guard s + 6 < e else { throw wholeRuleError("the rule is empty after \"RRULE:\" (expected at least FREQ=...)", 0, b.count) }
            try liberty(s, s + 6,
                        error: "the \"RRULE:\" prefix is not part of the rule value (RFC 5545 section 3.8.5.3: pass the text after the colon, or use lenient mode)",
                        reading: "\"RRULE:\" prefix ignored")
            s += 6
        }
        ruleStart = s
        ruleEnd = e

        var i = s
        while true {
            var j = i
            while j < e, b[j] != UInt8(ascii: ";") { j += 1 }
            try part(i, j, ruleEnd: e)
            if j == e { break }
            i = j + 1
        }

        guard seen & (1 << _RulePart.freq.rawValue) != 0 else {
            throw wholeRuleError("FREQ is required (RFC 5545 section 3.3.10)", ruleStart, ruleEnd)
        }

        for v in rule._violations(rangesChecked: true) {
            // Extensions come from this text: X- names (strict) or unknown
            // parts already reported (lenient); they are consistent by construction.
            if case .extensionItem = v.site { continue }
            let (s, e) = site(v.site)
            if !lenient || v.remedy == .none { throw error(s, e, v.message, kind: v.kind) }
            var (rs, re) = (s, e)
            switch v.remedy {
            case .dropOrdinals:
                rule.byDay = _sortedUnique(rule.byDay.map { .every($0.weekday) })
                (rs, re) = site(.part(.byDay))
            case .gregorianScale:
                rule.rscale = "GREGORIAN"
            case .keep, .none:
                break
            }
            readings.append(Reading(column: columns.column(rs), text: columns.text(rs, re), message: v.reading))
        }
        // In the order of the text (the sort is stable: readings at one column keep their order).
        if readings.count > 1 {
            readings = readings.enumerated().sorted { ($0.element.column, $0.offset) < ($1.element.column, $1.offset) }.map(\.element)
        }
    }

    // MARK: Parts

    mutating func part(_ s0: Int, _ e0: Int, ruleEnd e: Int) throws(AlmanacError) {
        let (s, pe) = try trim(s0, e0)
        if s == pe {
            // An empty part: name the ";" before it (or, for a leading one, after it).
            if s0 > ruleStart, e0 == e {
                try liberty(s0 - 1, s0, error: "trailing \";\" (RFC 5545 section 3.3.10: a rule does not end with \";\")",
                            reading: "trailing \";\" ignored")
            } else {
                let (cs, ce) = s0 > ruleStart ? (s0 - 1, s0) : (e0, e0 + 1)
                try liberty(cs, ce, error: "empty rule part (RFC 5545 section 3.3.10 separates parts with one \";\")",
                            reading: "empty rule part ignored")
            }
            return
        }
        var eq = s
        while eq < pe, b[eq] != UInt8(ascii: "=") { eq += 1 }
        guard eq < pe else {
            throw error(s, pe, "rule part \"\(columns.text(s, pe))\" has no \"=\" (expected NAME=VALUE)")
        }
        let (ns, ne) = try trim(s, eq)
        let (vs, ve) = try trim(eq + 1, pe)
        guard ns < ne else {
            throw error(s, pe, "rule part \"\(columns.text(s, pe))\" has no name (expected NAME=VALUE)")
        }

        if let p = knownPart(ns, ne) {
            guard vs < ve else {
                throw error(s, pe, "\(p.name) has an empty value (expected \(p.expectation))")
            }
            let bit: UInt32 = 1 << p.rawValue
            if seen & bit == 0 {
                seen |= bit
                try assign(p, vs, ve)
            } else {
                let before = rule
                try assign(p, vs, ve)
                let (fs, fe) = locate(p) ?? (s, pe)
                let firstColumn = columns.column(fs)
                if rule != before {
                    throw error(s, pe, "\(columns.text(s, pe)) conflicts with \(columns.text(fs, fe)) at column \(firstColumn) (RFC 5545 section 3.3.10: each rule part at most once)")
                }
                try liberty(s, pe, error: "\(p.name) appears more than once (RFC 5545 section 3.3.10: each rule part at most once)",
                            reading: "repeated \(p.name) ignored: it says the same as column \(firstColumn)")
            }
            // RSCALE values are case-insensitive (RFC 7529); everything else is written upper case.
            try caseCheck(ns, ne, vs, p == .rscale ? vs : ve)
        } else if isExtensionName(ns, ne) {
            try caseCheck(ns, ne, vs, vs)
            rule.extensions.append(.init(name: upperText(ns, ne), value: columns.text(vs, ve)))
        } else if isToken(ns, ne) {
            let name = columns.text(ns, ne)
            try liberty(s, pe,
                        error: "unknown rule part \"\(name)\" (RFC 5545 section 3.3.10 defines FREQ, UNTIL, COUNT, INTERVAL, BYSECOND, BYMINUTE, BYHOUR, BYDAY, BYMONTHDAY, BYYEARDAY, BYWEEKNO, BYMONTH, BYSETPOS and WKST, RFC 7529 adds RSCALE and SKIP; X- parts are kept)",
                        reading: "unknown rule part \"\(columns.text(s, pe))\" kept as an extension; expansion ignores it")
            rule.extensions.append(.init(name: upperText(ns, ne), value: columns.text(vs, ve)))
        } else {
            throw error(ns, ne, "rule part name \"\(columns.text(ns, ne))\" is not valid (expected a name such as FREQ or BYDAY, or an X- name)")
        }
    }

    /// Reads the value of part `p` in `b[s..<e]` into ``rule`` (one field;
    /// the rule is not copied).
    mutating func assign(_ p: _RulePart, _ s: Int, _ e: Int) throws(AlmanacError) {
        switch p {
        case .freq: rule.frequency = try frequency(s, e)
        case .until: rule.until = try until(s, e)
        case .count: rule.count = try integer(p, s, e)
        case .interval: rule.interval = try integer(p, s, e)
        case .bySecond: rule.bySecond = try integers(p, s, e)
        case .byMinute: rule.byMinute = try integers(p, s, e)
        case .byHour: rule.byHour = try integers(p, s, e)
        case .byDay: rule.byDay = try weekdayNums(s, e)
        case .byMonthDay: rule.byMonthDay = try integers(p, s, e)
        case .byYearDay: rule.byYearDay = try integers(p, s, e)
        case .byWeekNo: rule.byWeekNo = try integers(p, s, e)
        case .byMonth: rule.byMonth = try months(s, e)
        case .bySetPos: rule.bySetPos = try integers(p, s, e)
        case .wkst:
            guard e - s == 2, let d = weekday(s) else {
                throw error(s, e, "WKST value \"\(columns.text(s, e))\" is not a weekday (expected MO, TU, WE, TH, FR, SA or SU)")
            }
            rule.weekStart = d
        case .rscale:
            let name = upperText(s, e)
            guard RecurrenceRule.supportedScales.contains(name) else {
                throw error(s, e, RecurrenceRule._unknownScaleMessage(columns.text(s, e)))
            }
            rule.rscale = name
        case .skip:
            if matches(s, e, "OMIT") { rule.skip = .omit }
            else if matches(s, e, "BACKWARD") { rule.skip = .backward }
            else if matches(s, e, "FORWARD") { rule.skip = .forward }
            else {
                throw error(s, e, "SKIP value \"\(columns.text(s, e))\" is not valid (expected OMIT, BACKWARD or FORWARD, RFC 7529)")
            }
        }
    }

    // MARK: Values

    mutating func frequency(_ s: Int, _ e: Int) throws(AlmanacError) -> RecurrenceRule.Frequency {
        func m(_ name: StaticString, _ f: RecurrenceRule.Frequency) -> RecurrenceRule.Frequency? { matches(s, e, name) ? f : nil }
        let f: RecurrenceRule.Frequency? = switch e - s {
        case 5: m("DAILY", .daily)
        case 6: m("WEEKLY", .weekly) ?? m("YEARLY", .yearly) ?? m("HOURLY", .hourly)
        case 7: m("MONTHLY", .monthly)
        case 8: m("MINUTELY", .minutely) ?? m("SECONDLY", .secondly)
        default: nil
        }
        if let f { return f }
        throw error(s, e, "FREQ value \"\(columns.text(s, e))\" is not a frequency (expected \(_RulePart.freq.expectation))")
    }

    mutating func until(_ s: Int, _ e: Int) throws(AlmanacError) -> RecurrenceRule.Until {
        let read: (value: _DateValue, leapSecond: Bool)
        do throws(_ValueFault) {
            read = try _readDateValue(b, s, e, foldCase: true, leapSecondAs59: lenient)
        } catch {
            let value = columns.text(s, e)
            let message = error.isShape
                ? "UNTIL value \"\(value)\" is not a date or date-time (\(error.detail))"
                : "UNTIL value \"\(value)\" is not valid: \(error.detail)"
            throw self.error(error.start, error.end, message, kind: error.kind == .outOfRange ? .outOfRange : .invalidRule)
        }
        if read.leapSecond {
            readings.append(Reading(column: columns.column(s), text: columns.text(s, e),
                                    message: "second 60 of UNTIL read as 59 (RFC 5545 section 3.3.5; Almanac has no leap seconds)"))
        }
        switch read.value {
        case .date(let d): return .date(d)
        case .local(let c): return .local(c)
        case .utc(let c): return .utc(c)
        }
    }

    /// The next item of a comma-separated list of part `p` that starts at
    /// `i` and ends at `e`, trimmed (a liberty when it had whitespace); `nil`
    /// after the last one. Moves `i` past the item and its comma.
    mutating func nextItem(_ p: _RulePart, _ i: inout Int, _ e: Int) throws(AlmanacError) -> (start: Int, end: Int)? {
        guard i <= e else { return nil }
        var j = i
        while j < e, b[j] != UInt8(ascii: ",") { j += 1 }
        let (s, t) = try trim(i, j)
        guard s < t else {
            let (cs, ce) = j < e ? (j, j + 1) : (i - 1, i)
            throw error(cs, ce, "\(p.name) has an empty value in its list (expected \(p.expectation))")
        }
        i = j + 1
        return (s, t)
    }

    /// How many items a comma-separated list in `b[s..<e]` has, so each list
    /// is allocated once.
    func itemCount(_ s: Int, _ e: Int) -> Int {
        var n = 1
        for k in s..<e where b[k] == UInt8(ascii: ",") { n += 1 }
        return n
    }

    mutating func integers(_ p: _RulePart, _ s: Int, _ e: Int) throws(AlmanacError) -> [Int] {
        var out: [Int] = []
        out.reserveCapacity(itemCount(s, e))
        var i = s
        while let item = try nextItem(p, &i, e) { out.append(try integer(p, item.start, item.end)) }
        return _sortedUnique(out)
    }

    /// One number of `p`'s grammar in `b[s..<e]`: digits, with a sign where
    /// the grammar has one; range-checked.
    mutating func integer(_ p: _RulePart, _ s: Int, _ e: Int) throws(AlmanacError) -> Int {
        let g = p.numberGrammar
        var i = s
        let hasSign = b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-")
        let negative = b[i] == UInt8(ascii: "-")
        if hasSign { i += 1 }
        let digitsStart = i
        var magnitude = 0
        var overflow = false
        while i < e, _isDigit(b[i]) {
            if !overflow {
                let (m, o1) = magnitude.multipliedReportingOverflow(by: 10)
                let (a, o2) = m.addingReportingOverflow(Int(b[i] &- 0x30))
                overflow = o1 || o2
                magnitude = a
            }
            i += 1
        }
        var written: String { columns.text(s, e) }   // for messages only
        guard i == e, i > digitsStart else {
            throw error(s, e, "\(p.name) value \"\(written)\" is not an integer (expected \(p.expectation))")
        }
        if overflow {
            if p == .count || p == .interval {
                throw error(s, e, "\(p.name) value \(written) is too large (Almanac supports at most \(Int.max))", kind: .outOfRange)
            }
            throw error(s, e, "\(p.name) value \(written) is out of range \(p.rangeProblem(negative ? Int.min : Int.max)!)")
        }
        let value = negative ? -magnitude : magnitude
        if let why = p.rangeProblem(value) {
            throw error(s, e, "\(p.name) value \(written) is out of range \(why)")
        }
        if hasSign, !g.signed {
            throw error(s, e, "\(p.name) value \"\(written)\" has a sign, which RFC 5545 section 3.3.10 does not allow here (expected \(p.expectation))")
        }
        if e - digitsStart > g.maxDigits {
            try liberty(s, e, error: "\(p.name) value \"\(written)\" has \(e - digitsStart) digits; RFC 5545 section 3.3.10 writes at most \(g.maxDigits) (lenient mode reads it as \(value))",
                        reading: "\(p.name) value \"\(written)\" read as \(value)")
        }
        return value
    }

    mutating func weekdayNums(_ s: Int, _ e: Int) throws(AlmanacError) -> [WeekdayNum] {
        var out: [WeekdayNum] = []
        out.reserveCapacity(itemCount(s, e))
        var i = s
        while let item = try nextItem(.byDay, &i, e) { out.append(try weekdayNum(item.start, item.end)) }
        return _sortedUnique(out)
    }

    /// `MO`, `1MO`, `+1MO`, `-1FR`: `[[plus / minus] ordwk] weekday`.
    mutating func weekdayNum(_ s: Int, _ e: Int) throws(AlmanacError) -> WeekdayNum {
        var i = s
        let hasSign = b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-")
        let negative = b[i] == UInt8(ascii: "-")
        if hasSign { i += 1 }
        let digitsStart = i
        var magnitude = 0
        while i < e, _isDigit(b[i]) {
            magnitude = min(magnitude * 10 + Int(b[i] &- 0x30), 1_000_000)   // saturate: only "> 53" matters
            i += 1
        }
        var written: String { columns.text(s, e) }   // for messages only
        guard e - i == 2, let day = weekday(i) else {
            throw error(s, e, "BYDAY value \"\(written)\" is not a weekday (expected MO, TU, WE, TH, FR, SA or SU)")
        }
        let digits = i - digitsStart
        if digits == 0 {
            if hasSign { throw error(s, e, "BYDAY value \"\(written)\" has a sign but no ordinal (expected e.g. +1\(day.rfcCode) or -1\(day.rfcCode))") }
            return .every(day)
        }
        let ordinal = negative ? -magnitude : magnitude
        if let why = _RulePart.ordinalProblem(ordinal) {
            throw error(s, e, "BYDAY value \"\(written)\" is out of range \(why)")
        }
        if digits > 2 {
            try liberty(s, e, error: "BYDAY value \"\(written)\" has \(digits) digits in its ordinal; RFC 5545 section 3.3.10 writes at most 2 (lenient mode reads it as \(ordinal)\(day.rfcCode))",
                        reading: "BYDAY value \"\(written)\" read as \(ordinal)\(day.rfcCode)")
        }
        let value = WeekdayNum.nth(ordinal, day)
        if firstOrdinal == nil || value < firstOrdinal!.2 { firstOrdinal = (s, e, value) }
        return value
    }

    mutating func months(_ s: Int, _ e: Int) throws(AlmanacError) -> [RecurrenceRule.Month] {
        var out: [RecurrenceRule.Month] = []
        out.reserveCapacity(itemCount(s, e))
        var i = s
        while let item = try nextItem(.byMonth, &i, e) { out.append(try month(item.start, item.end)) }
        return _sortedUnique(out)
    }

    /// `5` or, RFC 7529, `5L`.
    mutating func month(_ s: Int, _ e: Int) throws(AlmanacError) -> RecurrenceRule.Month {
        let isLeap = e - s >= 2 && _upper(b[e - 1]) == UInt8(ascii: "L") && _isDigit(b[e - 2])
        let number = try integer(.byMonth, s, isLeap ? e - 1 : e)
        if isLeap, firstLeapMonth == nil { firstLeapMonth = (s, e) }
        if number == 13, !isLeap, firstMonth13 == nil { firstMonth13 = (s, e) }
        return RecurrenceRule.Month(number, isLeap: isLeap)
    }

    /// The weekday whose two-letter code is at `b[i], b[i+1]` (any case).
    func weekday(_ i: Int) -> Weekday? {
        switch (_upper(b[i]), _upper(b[i + 1])) {
        case (0x4D, 0x4F): .monday      // MO
        case (0x54, 0x55): .tuesday     // TU
        case (0x57, 0x45): .wednesday   // WE
        case (0x54, 0x48): .thursday    // TH
        case (0x46, 0x52): .friday      // FR
        case (0x53, 0x41): .saturday    // SA
        case (0x53, 0x55): .sunday      // SU
        default: nil
        }
    }

    // MARK: Liberties and errors

    /// Something RFC 5545 does not allow but lenient mode reads: an error in
    /// strict mode, a reading in lenient mode.
    mutating func liberty(_ s: Int, _ e: Int, error message: String, reading: String) throws(AlmanacError) {
        guard lenient else { throw error(s, e, message) }
        readings.append(Reading(column: columns.column(s), text: columns.text(s, e), message: reading))
    }

    mutating func whitespace(_ s: Int, _ e: Int) throws(AlmanacError) {
        try liberty(s, e, error: "whitespace is not allowed in a rule (RFC 5545 section 3.3.10; lenient mode ignores it)",
                    reading: "whitespace ignored")
    }

    /// `b[s..<e]` without surrounding whitespace (a liberty when there was some).
    mutating func trim(_ s: Int, _ e: Int) throws(AlmanacError) -> (Int, Int) {
        var i = s, j = e
        while i < j, _isSpace(b[i]) { i += 1 }
        while j > i, _isSpace(b[j - 1]) { j -= 1 }
        if i > s { try whitespace(s, i) }
        if j < e { try whitespace(j, e) }
        return (i, j)
    }

    /// Lower case in a part's name (`b[ns..<ne]`) or value (`b[vs..<ve]`).
    mutating func caseCheck(_ ns: Int, _ ne: Int, _ vs: Int, _ ve: Int) throws(AlmanacError) {
        let nameLower = hasLower(ns, ne)
        let valueLower = hasLower(vs, ve)
        guard nameLower || valueLower else { return }
        let (s, e) = nameLower && valueLower ? (ns, ve) : nameLower ? (ns, ne) : (vs, ve)
        let written = columns.text(s, e)
        let upper = upperText(s, e)
        try liberty(s, e, error: "lower-case \"\(written)\" is not allowed in strict mode (RFC 5545 writes rule parts in upper case; lenient mode reads it as \"\(upper)\")",
                    reading: "lower-case \"\(written)\" read as \"\(upper)\"")
    }

    mutating func error(_ s: Int, _ e: Int, _ message: String, kind: AlmanacError.Kind = .invalidRule) -> AlmanacError {
        let column = columns.column(s)
        return AlmanacError(kind, "invalid RRULE at column \(column): \(message)", text: columns.text(s, e), column: column)
    }

    mutating func wholeRuleError(_ message: String, _ s: Int, _ e: Int) -> AlmanacError {
        AlmanacError(.invalidRule, "invalid RRULE: \(message)", text: columns.text(s, e), column: columns.column(s))
    }

    /// Where the first part `p` is written (without surrounding whitespace), if anywhere.
    ///
    /// - Complexity: O(n): it reads the text again, so it is for messages only.
    func locate(_ p: _RulePart) -> (Int, Int)? {
        var i = ruleStart
        while i <= ruleEnd {
            var j = i
            while j < ruleEnd, b[j] != UInt8(ascii: ";") { j += 1 }
            var (s, e) = (i, j)
            while s < e, _isSpace(b[s]) { s += 1 }
            while e > s, _isSpace(b[e - 1]) { e -= 1 }
            var eq = s
            while eq < e, b[eq] != UInt8(ascii: "=") { eq += 1 }
            var ne = eq
            while ne > s, _isSpace(b[ne - 1]) { ne -= 1 }
            if eq < e, knownPart(s, ne) == p { return (s, e) }
            i = j + 1
        }
        return nil
    }

    /// The byte range a violation concerns.
    func site(_ site: _RuleViolation.Site) -> (Int, Int) {
        func part(_ p: _RulePart) -> (Int, Int)? { locate(p) }
        let whole = (ruleStart, ruleEnd)
        switch site {
        case .rule, .extensionItem: return whole
        case .part(let p): return part(p) ?? whole
        case .later(let p, let q):
            guard let a = part(p) else { return part(q) ?? whole }
            guard let c = part(q) else { return a }
            return a.0 > c.0 ? a : c
        case .byDayOrdinal: return firstOrdinal.map { ($0.0, $0.1) } ?? part(.byDay) ?? whole
        case .month13: return firstMonth13 ?? part(.byMonth) ?? whole
        case .leapMonth: return firstLeapMonth ?? part(.byMonth) ?? whole
        }
    }

    // MARK: Bytes

    /// The part named by `b[s..<e]` (any case), if Almanac knows it.
    func knownPart(_ s: Int, _ e: Int) -> _RulePart? {
        func m(_ name: StaticString, _ p: _RulePart) -> _RulePart? { matches(s, e, name) ? p : nil }
        switch e - s {
        case 4: return m("FREQ", .freq) ?? m("WKST", .wkst) ?? m("SKIP", .skip)
        case 5: return m("COUNT", .count) ?? m("BYDAY", .byDay) ?? m("UNTIL", .until)
        case 6: return m("BYHOUR", .byHour) ?? m("RSCALE", .rscale)
        case 7: return m("BYMONTH", .byMonth)
        case 8: return m("INTERVAL", .interval) ?? m("BYSETPOS", .bySetPos) ?? m("BYMINUTE", .byMinute)
            ?? m("BYSECOND", .bySecond) ?? m("BYWEEKNO", .byWeekNo)
        case 9: return m("BYYEARDAY", .byYearDay)
        case 10: return m("BYMONTHDAY", .byMonthDay)
        default: return nil
        }
    }

    /// Whether `b[s..<e]`, read upper case, is `name`.
    func matches(_ s: Int, _ e: Int, _ name: StaticString) -> Bool {
        guard e - s == name.utf8CodeUnitCount else { return false }
        let p = name.utf8Start
        for k in 0..<name.utf8CodeUnitCount where _upper(b[s + k]) != p[k] { return false }
        return true
    }

    func hasPrefix(_ s: Int, _ prefix: StaticString) -> Bool {
        matches(s, s + prefix.utf8CodeUnitCount, prefix)
    }

    func hasLower(_ s: Int, _ e: Int) -> Bool {
        for k in s..<e where _isLower(b[k]) { return true }
        return false
    }

    func upperText(_ s: Int, _ e: Int) -> String {
        guard hasLower(s, e) else { return columns.text(s, e) }
        return String(decoding: UnsafeBufferPointer(rebasing: b[s..<e]).map(_upper), as: UTF8.self)
    }

    /// `X-` then letters, digits and `-` (RFC 5545 section 3.1 x-name).
    func isExtensionName(_ s: Int, _ e: Int) -> Bool {
        e - s > 2 && _upper(b[s]) == UInt8(ascii: "X") && b[s + 1] == UInt8(ascii: "-") && isToken(s + 2, e)
    }

    /// Letters, digits and `-` (RFC 5545 section 3.1 iana-token).
    func isToken(_ s: Int, _ e: Int) -> Bool {
        guard s < e else { return false }
        for k in s..<e where !(_isUpperAlnum(_upper(b[k])) || b[k] == UInt8(ascii: "-")) { return false }
        return true
    }
}

extension _RulePart {
    /// What a value of this part looks like, for messages.
    var expectation: String {
        switch self {
        case .freq: "SECONDLY, MINUTELY, HOURLY, DAILY, WEEKLY, MONTHLY or YEARLY"
        case .rscale: "a calendar such as GREGORIAN or HEBREW"
        case .skip: "OMIT, BACKWARD or FORWARD"
        case .until: _dateValueShapes.dropFirst("expected ".count).description
        case .count, .interval: "a positive integer"
        case .bySecond: "integers 0...60"
        case .byMinute: "integers 0...59"
        case .byHour: "integers 0...23"
        case .byDay: "weekdays such as MO, 1MO or -1FR"
        case .byMonthDay: "integers 1...31 or -31...-1"
        case .byYearDay: "integers 1...366 or -366...-1"
        case .byWeekNo: "integers 1...53 or -53...-1"
        case .byMonth: "months 1...12"
        case .bySetPos: "integers 1...366 or -366...-1"
        case .wkst: "MO, TU, WE, TH, FR, SA or SU"
        }
    }
}

/// `values` sorted, each once.
///
/// - Complexity: O(n) when already sorted without repeats, else O(n log n).
func _sortedUnique<T: Comparable>(_ values: [T]) -> [T] {
    guard values.count > 1 else { return values }
    var increasing = true
    for k in 1..<values.count where !(values[k - 1] < values[k]) {
        increasing = false
        break
    }
    if increasing { return values }
    var a = values
    a.sort()
    var w = 1
    for r in 1..<a.count where a[r] != a[w - 1] {
        a[w] = a[r]
        w += 1
    }
    a.removeLast(a.count - w)
    return a
}
