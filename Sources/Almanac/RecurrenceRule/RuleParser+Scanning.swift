import AlmanacCore

// The parser's byte-level scanning (part names, tokens, case, whitespace) and
// its errors and lenient readings, located by column.

extension RuleParser {
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
        while i < j, isSpace(b[i]) { i += 1 }
        while j > i, isSpace(b[j - 1]) { j -= 1 }
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
    func locate(_ p: RulePart) -> (Int, Int)? {
        var i = ruleStart
        while i <= ruleEnd {
            var j = i
            while j < ruleEnd, b[j] != UInt8(ascii: ";") { j += 1 }
            var (s, e) = (i, j)
            while s < e, isSpace(b[s]) { s += 1 }
            while e > s, isSpace(b[e - 1]) { e -= 1 }
            var eq = s
            while eq < e, b[eq] != UInt8(ascii: "=") { eq += 1 }
            var ne = eq
            while ne > s, isSpace(b[ne - 1]) { ne -= 1 }
            if eq < e, knownPart(s, ne) == p { return (s, e) }
            i = j + 1
        }
        return nil
    }

    /// The byte range a violation concerns.
    func site(_ site: RuleViolation.Site) -> (Int, Int) {
        func part(_ p: RulePart) -> (Int, Int)? { locate(p) }
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
    func knownPart(_ s: Int, _ e: Int) -> RulePart? {
        func m(_ name: StaticString, _ p: RulePart) -> RulePart? { matches(s, e, name) ? p : nil }
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
        for k in s..<e where isLower(b[k]) { return true }
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
        for k in s..<e where !(isUpperAlnum(_upper(b[k])) || b[k] == UInt8(ascii: "-")) { return false }
        return true
    }
}

extension RulePart {
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
func sortedUnique<T: Comparable>(_ values: [T]) -> [T] {
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
