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
    /// - a part with no `=` that names no part (`AnythingRandom;FREQ=...`):
    ///   skipped (`COUNT` alone stays an error: skipping it would change the rule);
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
            var parser = RuleParser(bytes, lenient: mode == .lenient)
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
struct RuleParser {
    typealias Reading = RecurrenceRule.Reading
    typealias WeekdayNum = RecurrenceRule.WeekdayNum

    let b: UnsafeBufferPointer<UInt8>
    let lenient: Bool
    var columns: Columns
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
        self.columns = Columns(bytes)
    }

    // MARK: The rule

    /// Reads the whole text into ``rule`` and ``readings``.
    mutating func run() throws(AlmanacError) {
        var s = 0, e = b.count
        while s < e, isSpace(b[s]) { s += 1 }
        guard s < e else {
            throw wholeRuleError("the rule is empty (expected at least FREQ=..., RFC 5545 section 3.3.10)", 0, b.count)
        }
        while isSpace(b[e - 1]) { e -= 1 }
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

        guard seen & (1 << RulePart.freq.rawValue) != 0 else {
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
                rule.byDay = sortedUnique(rule.byDay.map { .every($0.weekday) })
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
            let message = "rule part \"\(columns.text(s, pe))\" has no \"=\" (expected NAME=VALUE)"
            // A word that names no part (`AnythingRandom;FREQ=...`) says
            // nothing a rule can use: lenient mode skips it. A part's name
            // without its value (`COUNT`) stays an error: skipping it would
            // change the rule.
            guard lenient, knownPart(s, pe) == nil else { throw error(s, pe, message) }
            readings.append(Reading(column: columns.column(s), text: columns.text(s, pe), message: message + ": skipped"))
            return
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
    mutating func assign(_ p: RulePart, _ s: Int, _ e: Int) throws(AlmanacError) {
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
                throw error(s, e, RecurrenceRule.unknownScaleMessage(columns.text(s, e)))
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
}
