import AlmanacCore

extension RecurrenceRule {
    /// The RFC 7529 RSCALE names Almanac accepts, upper case.
    ///
    /// RSCALE values are case-insensitive (RFC 7529); the parser stores them
    /// upper case, so `RSCALE=hebrew` reads as `"HEBREW"`. Any other name is
    /// an error in both parsing modes: a rule is never silently read as
    /// Gregorian.
    ///
    /// ```swift
    /// RecurrenceRule.supportedScales.contains("HEBREW")   // true
    /// ```
    public static let supportedScales: [String] = [
        "GREGORIAN", "CHINESE", "DANGI", "HEBREW", "ISLAMIC", "ISLAMIC-CIVIL", "ISLAMIC-UMALQURA",
        "ISLAMIC-TBLA", "ISLAMIC-RGSA", "PERSIAN", "ETHIOPIC", "ETHIOAA", "COPTIC", "INDIAN", "BUDDHIST",
        "JAPANESE", "ROC", "ISO8601",
    ]

    /// Checks everything RFC 5545 (section 3.3.10) and RFC 7529 require of a
    /// rule, as strict parsing does, for a rule built in code.
    ///
    /// The checks: value ranges (INTERVAL and COUNT at least 1, BYSECOND
    /// 0...60, BYMINUTE 0...59, BYHOUR 0...23, BYMONTHDAY ±1...31, BYYEARDAY
    /// ±1...366, BYWEEKNO ±1...53, BYMONTH 1...12, BYSETPOS ±1...366, BYDAY
    /// ordinals ±1...53); COUNT and UNTIL not both; BYWEEKNO only with YEARLY;
    /// BYDAY ordinals only with MONTHLY or YEARLY, and not with YEARLY and
    /// BYWEEKNO; BYYEARDAY not with DAILY, WEEKLY or MONTHLY; BYMONTHDAY not
    /// with WEEKLY; BYSETPOS only beside another BYxxx part; RSCALE one of
    /// ``supportedScales``; SKIP only with RSCALE; leap months (`5L`) and month
    /// 13 only with a non-Gregorian RSCALE; extensions named `X-...` in upper
    /// case, with values that have no `;` and no surrounding whitespace (so
    /// ``description`` reads back as the same rule).
    ///
    /// A rule that passes is one strict parsing accepts from its
    /// ``description``. Rules read in lenient mode may not pass: lenient mode
    /// keeps some parts RFC 5545 forbids (see ``ParsingMode/lenient``).
    ///
    /// ```swift
    /// var rule = RecurrenceRule(frequency: .monthly)
    /// rule.byWeekNo = [20]
    /// try rule.validate()
    /// // throws: invalid RRULE: BYWEEKNO is only valid with FREQ=YEARLY (RFC 5545 section 3.3.10)
    /// ```
    ///
    /// - Throws: ``AlmanacError`` of kind ``AlmanacError/Kind/invalidRule`` for
    ///   the first problem found, with no text or column (the rule has no text).
    /// - Complexity: O(n) in the number of list values.
    public func validate() throws(AlmanacError) {
        if let v = _violations(firstOnly: true).first {
            throw AlmanacError(v.kind, "invalid RRULE: " + v.message)
        }
    }
}

// MARK: - Internal: part names and constraint checks shared with the parser

/// The rule parts Almanac knows, in canonical order (the order of
/// ``RecurrenceRule/description``).
enum RulePart: Int, CaseIterable {
    case freq, rscale, skip, until, count, interval
    case bySecond, byMinute, byHour, byDay, byMonthDay, byYearDay, byWeekNo, byMonth, bySetPos
    case wkst

    var name: String {
        switch self {
        case .freq: "FREQ"
        case .rscale: "RSCALE"
        case .skip: "SKIP"
        case .until: "UNTIL"
        case .count: "COUNT"
        case .interval: "INTERVAL"
        case .bySecond: "BYSECOND"
        case .byMinute: "BYMINUTE"
        case .byHour: "BYHOUR"
        case .byDay: "BYDAY"
        case .byMonthDay: "BYMONTHDAY"
        case .byYearDay: "BYYEARDAY"
        case .byWeekNo: "BYWEEKNO"
        case .byMonth: "BYMONTH"
        case .bySetPos: "BYSETPOS"
        case .wkst: "WKST"
        }
    }

    /// The part whose upper-case name is `name`, if any.
    init?(upperCaseName name: some StringProtocol) {
        guard let p = RulePart.allCases.first(where: { $0.name == name }) else { return nil }
        self = p
    }

    /// For BYxxx number lists: the values RFC 5545 allows, whether a sign is
    /// allowed, and the most digits the grammar writes.
    var numberGrammar: (range: ClosedRange<Int>, signed: Bool, maxDigits: Int) {
        switch self {
        case .bySecond: (0...60, false, 2)
        case .byMinute: (0...59, false, 2)
        case .byHour: (0...23, false, 2)
        case .byMonthDay: (-31...31, true, 2)
        case .byYearDay: (-366...366, true, 3)
        case .byWeekNo: (-53...53, true, 2)
        case .bySetPos: (-366...366, true, 3)
        case .byMonth: (1...13, false, 2)
        default: (1...Int.max, false, Int.max)
        }
    }

    /// Why `value` is not allowed in this number list, or `nil` when it is.
    /// The text is a parenthesised explanation that follows "is out of range".
    /// Any `Int` is a valid argument, `Int.min` included (the parser passes it for
    /// a negative number that overflows, and rules built in code can hold it), so
    /// ranges are checked with `contains`, never `abs`.
    func rangeProblem(_ value: Int) -> String? {
        switch self {
        case .bySecond:
            return (0...60).contains(value) ? nil : "(expected 0...60)"
        case .byMinute:
            return (0...59).contains(value) ? nil : "(expected 0...59)"
        case .byHour:
            return (0...23).contains(value) ? nil : "(expected 0...23)"
        case .byMonthDay:
            if value == 0 { return "(expected 1...31 or -31...-1; there is no day 0)" }
            return (-31...31).contains(value) ? nil : "(a month has at most 31 days)"
        case .byYearDay:
            if value == 0 { return "(expected 1...366 or -366...-1; there is no day 0)" }
            return (-366...366).contains(value) ? nil : "(a year has at most 366 days)"
        case .byWeekNo:
            if value == 0 { return "(expected 1...53 or -53...-1; there is no week 0)" }
            return (-53...53).contains(value) ? nil : "(a year has at most 53 weeks)"
        case .bySetPos:
            if value == 0 { return "(expected 1...366 or -366...-1; positions count from 1)" }
            return (-366...366).contains(value) ? nil : "(expected 1...366 or -366...-1)"
        case .byMonth:
            return (1...13).contains(value) ? nil : "(expected 1...12, or 1...13 with a non-Gregorian RSCALE)"
        case .interval, .count:
            return value >= 1 ? nil : "(expected a positive integer)"
        default:
            return nil
        }
    }

    /// Whether `value` (abs of a BYDAY ordinal) is out of range, and why.
    static func ordinalProblem(_ ordinal: Int) -> String? {
        if ordinal == 0 { return "(the ordinal must be 1...53 or -53...-1; 0 is not allowed)" }
        return (-53...53).contains(ordinal) ? nil : "(the ordinal must be 1...53 or -53...-1: a year has at most 53 of each weekday)"
    }
}

/// The violations found so far.
struct ViolationList {
    var items: [RuleViolation] = []
    let firstOnly: Bool

    /// Adds one; `true` when the search should stop.
    mutating func add(_ v: RuleViolation) -> Bool {
        items.append(v)
        return firstOnly
    }
}

/// A rule that breaks RFC 5545 / RFC 7529, as found by
/// ``RecurrenceRule/_violations(firstOnly:)``.
struct RuleViolation {
    /// What lenient mode does about it; `.none` means it is an error in both modes.
    enum Remedy { case none, keep, dropOrdinals, gregorianScale }
    /// Where in the text the violation lies, for the parser to give a column.
    enum Site {
        case rule
        case part(RulePart)
        /// Whichever of the two parts comes later in the text.
        case later(RulePart, RulePart)
        case byDayOrdinal, month13, leapMonth
        case extensionItem(Int)
    }

    var kind: AlmanacError.Kind = .invalidRule
    var site: Site
    /// The error, without the `invalid RRULE...:` context.
    var message: String
    var remedy: Remedy = .none
    /// How lenient mode reads it (when `remedy != .none`).
    var reading: String = ""
}

extension RecurrenceRule {
    var _hasNonGregorianScale: Bool { rscale != nil && rscale != "GREGORIAN" }

    /// Every constraint violation, in a fixed order: ranges, RSCALE, then the
    /// combinations RFC 5545 section 3.3.10 forbids. At most one range
    /// violation per list. With `firstOnly`, stops at the first; with
    /// `rangesChecked` (the parser has checked each value as it read it),
    /// skips the number ranges.
    ///
    /// - Complexity: O(n) in the number of list values; allocates only when
    ///   it finds something.
    func _violations(firstOnly: Bool = false, rangesChecked: Bool = false) -> [RuleViolation] {
        var found = ViolationList(firstOnly: firstOnly)
        // Ranges (a parsed rule has passed these already; a rule built in code may not).
        if !rangesChecked, addRangeViolations(to: &found) { return found.items }
        if addScaleViolations(to: &found) { return found.items }
        if addCombinationViolations(to: &found) { return found.items }

        // Extensions must write back as what they are.
        for (i, e) in extensions.enumerated() {
            if let problem = Self.extensionProblem(e),
               found.add(.init(site: .extensionItem(i), message: problem)) { return found.items }
        }
        return found.items
    }

    /// The number ranges of ``_violations(firstOnly:rangesChecked:)``;
    /// `true` when `found` wants no more.
    func addRangeViolations(to found: inout ViolationList) -> Bool {
        if let why = RulePart.interval.rangeProblem(interval),
           found.add(.init(site: .part(.interval), message: "INTERVAL value \(interval) is out of range \(why)")) { return true }
        if let count, let why = RulePart.count.rangeProblem(count),
           found.add(.init(site: .part(.count), message: "COUNT value \(count) is out of range \(why)")) { return true }
        if let v = Self.rangeViolation(.bySecond, bySecond) ?? Self.rangeViolation(.byMinute, byMinute)
            ?? Self.rangeViolation(.byHour, byHour) ?? Self.rangeViolation(.byMonthDay, byMonthDay)
            ?? Self.rangeViolation(.byYearDay, byYearDay) ?? Self.rangeViolation(.byWeekNo, byWeekNo)
            ?? Self.rangeViolation(.bySetPos, bySetPos),
           found.add(v) { return true }
        if let d = byDay.first(where: { $0.ordinal.map { RulePart.ordinalProblem($0) != nil } ?? false }),
           found.add(.init(site: .part(.byDay), message: "BYDAY value \"\(d.rfc5545)\" is out of range \(RulePart.ordinalProblem(d.ordinal!)!)")) { return true }
        if let m = byMonth.first(where: { !(1...13).contains($0.number) }),
           found.add(.init(site: .part(.byMonth),
                           message: "BYMONTH value \(m.rfc5545) is out of range \(RulePart.byMonth.rangeProblem(m.number)!)")) { return true }
        return false
    }

    /// RFC 7529: RSCALE names, leap months, SKIP; `true` when `found` wants no more.
    func addScaleViolations(to found: inout ViolationList) -> Bool {
        if let rscale, !Self.supportedScales.contains(rscale),
           found.add(.init(site: .part(.rscale), message: Self.unknownScaleMessage(rscale))) { return true }
        if !_hasNonGregorianScale, !byMonth.isEmpty {
            if let m = byMonth.first(where: { $0.number == 13 && !$0.isLeap }),
               found.add(.init(site: .month13, message: "BYMONTH value \(m.rfc5545) is out of range (expected 1...12; month 13 needs a non-Gregorian RSCALE, RFC 7529)")) { return true }
            if let m = byMonth.first(where: \.isLeap),
               found.add(.init(site: .leapMonth, message: "BYMONTH value \(m.rfc5545) is a leap month, which needs a non-Gregorian RSCALE (RFC 7529)")) { return true }
        }
        return false
    }

    /// The combinations RFC 5545 section 3.3.10 forbids; `true` when `found`
    /// wants no more.
    func addCombinationViolations(to found: inout ViolationList) -> Bool {
        if count != nil, until != nil,
           found.add(.init(site: .later(.count, .until),
                           message: "COUNT and UNTIL must not both be given (RFC 5545 section 3.3.10)",
                           remedy: .keep,
                           reading: "COUNT and UNTIL both given: both kept; expansion stops at whichever comes first")) { return true }
        if !byWeekNo.isEmpty, frequency != .yearly,
           found.add(.init(site: .part(.byWeekNo),
                           message: "BYWEEKNO is only valid with FREQ=YEARLY (RFC 5545 section 3.3.10)",
                           remedy: .keep,
                           reading: "BYWEEKNO with FREQ=\(frequency.rawValue) kept: it acts as a limit (only dates in these weeks of the year)")) { return true }
        if let first = byDay.first(where: { $0.ordinal != nil }) {
            if frequency != .monthly, frequency != .yearly {
                if found.add(.init(site: .byDayOrdinal,
                                   message: "BYDAY value \"\(first.rfc5545)\" has an ordinal, which is only valid with FREQ=MONTHLY or FREQ=YEARLY (RFC 5545 section 3.3.10)",
                                   remedy: .dropOrdinals,
                                   reading: "BYDAY ordinals are not valid with FREQ=\(frequency.rawValue): ordinals dropped, read as BYDAY=\(Self.plainDays(byDay))")) { return true }
            } else if frequency == .yearly, !byWeekNo.isEmpty {
                if found.add(.init(site: .byDayOrdinal,
                                   message: "BYDAY value \"\(first.rfc5545)\" has an ordinal, which is not valid with FREQ=YEARLY and BYWEEKNO (RFC 5545 section 3.3.10)",
                                   remedy: .dropOrdinals,
                                   reading: "BYDAY ordinals are not valid with FREQ=YEARLY and BYWEEKNO: ordinals dropped, read as BYDAY=\(Self.plainDays(byDay))")) { return true }
            }
        }
        if !byYearDay.isEmpty, frequency == .daily || frequency == .weekly || frequency == .monthly,
           found.add(.init(site: .part(.byYearDay),
                           message: "BYYEARDAY is not valid with FREQ=\(frequency.rawValue) (RFC 5545 section 3.3.10)",
                           remedy: .keep,
                           reading: "BYYEARDAY with FREQ=\(frequency.rawValue) kept: it acts as a limit (only these days of the year)")) { return true }
        if !byMonthDay.isEmpty, frequency == .weekly,
           found.add(.init(site: .part(.byMonthDay),
                           message: "BYMONTHDAY is not valid with FREQ=WEEKLY (RFC 5545 section 3.3.10)",
                           remedy: .keep,
                           reading: "BYMONTHDAY with FREQ=WEEKLY kept: it acts as a limit (only these days of the month)")) { return true }
        if !bySetPos.isEmpty, bySecond.isEmpty, byMinute.isEmpty, byHour.isEmpty, byDay.isEmpty,
           byMonthDay.isEmpty, byYearDay.isEmpty, byWeekNo.isEmpty, byMonth.isEmpty,
           found.add(.init(site: .part(.bySetPos),
                           message: "BYSETPOS is only valid beside another BYxxx part (RFC 5545 section 3.3.10)",
                           remedy: .keep,
                           reading: "BYSETPOS without another BYxxx part kept: each period has one instance, so only positions 1 and -1 select it")) { return true }
        if let skip, rscale == nil,
           found.add(.init(site: .part(.skip),
                           message: "SKIP is only valid with RSCALE (RFC 7529)",
                           remedy: .gregorianScale,
                           reading: "SKIP without RSCALE read as RSCALE=GREGORIAN;SKIP=\(skip.rawValue)")) { return true }
        return false
    }

    /// The first value of a number list outside its range, as a violation.
    static func rangeViolation(_ part: RulePart, _ values: [Int]) -> RuleViolation? {
        for v in values {
            if let why = part.rangeProblem(v) {
                return .init(site: .part(part), message: "\(part.name) value \(v) is out of range \(why)")
            }
        }
        return nil
    }

    static func unknownScaleMessage(_ name: String) -> String {
        "RSCALE value \"\(name)\" is not a supported calendar (expected "
            + supportedScales.dropLast().joined(separator: ", ") + " or " + supportedScales.last! + ")"
    }

    /// `MO,FR`: the weekdays of a BYDAY list without ordinals, sorted, each once.
    static func plainDays(_ days: [WeekdayNum]) -> String {
        var seen = Set<Weekday>()
        return days.map(\.weekday).sorted().filter { seen.insert($0).inserted }.map(\.rfcCode).joined(separator: ",")
    }

    static func extensionProblem(_ e: Extension) -> String? {
        let name = Array(e.name.utf8)
        if RulePart(upperCaseName: e.name) != nil {
            return "extension name \"\(e.name)\" is a rule part, not an extension"
        }
        let isX = name.count > 2 && name[0] == UInt8(ascii: "X") && name[1] == UInt8(ascii: "-")
        guard isX else {
            return "unknown rule part \"\(e.name)\" (RFC 5545 section 3.3.10; only X- parts are kept in strict mode)"
        }
        guard name.allSatisfy({ isUpperAlnum($0) || $0 == UInt8(ascii: "-") }) else {
            return "extension name \"\(e.name)\" is not an upper-case X- name (expected X- then A-Z, 0-9 or -)"
        }
        let value = Array(e.value.utf8)
        if value.contains(UInt8(ascii: ";")) {
            return "extension \(e.name) value \"\(e.value)\" contains \";\", which ends a rule part"
        }
        if let f = value.first, let l = value.last, isSpace(f) || isSpace(l) {
            return "extension \(e.name) value \"\(e.value)\" has surrounding whitespace"
        }
        return nil
    }
}

extension RecurrenceRule.WeekdayNum {
    /// `-1FR`, `MO`: the RFC 5545 text of one BYDAY value.
    var rfc5545: String {
        guard let ordinal else { return weekday.rfcCode }
        return String(ordinal) + weekday.rfcCode
    }
}

extension RecurrenceRule.Month {
    /// `5`, `5L`: the RFC 5545 / RFC 7529 text of one BYMONTH value.
    var rfc5545: String { isLeap ? String(number) + "L" : String(number) }
}

@inline(__always) func isSpace(_ c: UInt8) -> Bool {
    c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D
}

@inline(__always) func _isDigit(_ c: UInt8) -> Bool { c &- 0x30 < 10 }

@inline(__always) func isUpperAlnum(_ c: UInt8) -> Bool { _isDigit(c) || (c &- 0x41) < 26 }

@inline(__always) func isLower(_ c: UInt8) -> Bool { (c &- 0x61) < 26 }

@inline(__always) func _upper(_ c: UInt8) -> UInt8 { isLower(c) ? c &- 0x20 : c }
