import AlmanacCore

// The values of an RRULE's parts: FREQ, UNTIL, integer lists, BYDAY, BYMONTH.

extension RuleParser {
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
        throw error(s, e, "FREQ value \"\(columns.text(s, e))\" is not a frequency (expected \(RulePart.freq.expectation))")
    }

    mutating func until(_ s: Int, _ e: Int) throws(AlmanacError) -> RecurrenceRule.Until {
        let read: (value: DateValue, leapSecond: Bool)
        do throws(ValueFault) {
            read = try readDateValue(b, s, e, foldCase: true, leapSecondAs59: lenient)
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
    mutating func nextItem(_ p: RulePart, _ i: inout Int, _ e: Int) throws(AlmanacError) -> (start: Int, end: Int)? {
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

    mutating func integers(_ p: RulePart, _ s: Int, _ e: Int) throws(AlmanacError) -> [Int] {
        var out: [Int] = []
        out.reserveCapacity(itemCount(s, e))
        var i = s
        while let item = try nextItem(p, &i, e) { out.append(try integer(p, item.start, item.end)) }
        return sortedUnique(out)
    }

    /// One number of `p`'s grammar in `b[s..<e]`: digits, with a sign where
    /// the grammar has one; range-checked.
    mutating func integer(_ p: RulePart, _ s: Int, _ e: Int) throws(AlmanacError) -> Int {
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
        return sortedUnique(out)
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
        if let why = RulePart.ordinalProblem(ordinal) {
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
        return sortedUnique(out)
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
}
