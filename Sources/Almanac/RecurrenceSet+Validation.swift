import AlmanacCore

extension RecurrenceSet {
    /// Checks the set against RFC 5545 where its rules meet DTSTART, and
    /// returns how lenient mode read what strict mode rejects.
    ///
    /// - UNTIL must have DTSTART's value form (section 3.3.10): a DATE for a
    ///   DATE series, a floating DATE-TIME for a floating one, a UTC DATE-TIME
    ///   for a zoned or UTC one. Lenient mode reads the others (README, "RFC
    ///   choices").
    /// - BYHOUR, BYMINUTE and BYSECOND mean nothing on a DATE series: strict
    ///   mode rejects them, lenient mode ignores them.
    /// - A sub-daily FREQ on a DATE series is an error in both modes, and
    ///   so is an RSCALE whose calendar the system ICU lacks.
    ///
    /// ```swift
    /// var set = try RecurrenceSet(start: .date(CivilDate(2024, 1, 1)),
    ///                         rules: [try RecurrenceRule("FREQ=DAILY;UNTIL=20240105T000000Z")])
    /// try set.validate(mode: .strict)   // throws: UNTIL must be a DATE ...
    /// try set.validate(mode: .lenient)  // one reading
    /// ```
    /// - Throws: ``AlmanacError/Kind/invalidRule`` (or `.unsupported`).
    @discardableResult
    public func validate(mode: RecurrenceRule.ParsingMode) throws(AlmanacError) -> [RecurrenceRule.Reading] {
        var readings: [RecurrenceRule.Reading] = []
        for (name, rule) in rules.map({ ("RRULE", $0) }) + exclusionRules.map({ ("EXRULE", $0) }) {
            if mode == .strict { try rule.validate() }
            // The errors of both modes are the plan's.
            _ = try _RulePlan(rule: rule, start: start, options: options)
            if let until = rule.until, let problem = Self.untilProblem(until, start: start) {
                if mode == .strict { throw AlmanacError(.invalidRule, "invalid \(name): \(problem) (RFC 5545 section 3.3.10)", text: "UNTIL") }
                readings.append(.init(column: 0, text: "UNTIL", message: "\(name): \(problem); read \(Self.untilReading(until, start: start))"))
            }
            if case .date = start, !(rule.byHour.isEmpty && rule.byMinute.isEmpty && rule.bySecond.isEmpty) {
                let problem = "BYHOUR, BYMINUTE and BYSECOND need a DATE-TIME DTSTART, and DTSTART is a DATE"
                if mode == .strict { throw AlmanacError(.invalidRule, "invalid \(name): \(problem)", text: "BYHOUR") }
                readings.append(.init(column: 0, text: "BYHOUR", message: "\(name): \(problem); ignored"))
            }
        }
        return readings
    }

    /// What is wrong with an UNTIL of this form on this DTSTART (RFC 5545
    /// section 3.3.10), or `nil`; the calendar reader asks it before it
    /// calls ``validate(mode:)`` in lenient mode, so that a well-formed rule
    /// costs no plan.
    package static func untilProblem(_ until: RecurrenceRule.Until, start: Anchor) -> String? {
        switch (start, until) {
        case (.date, .date), (.floating, .local), (.utc, .utc), (.zoned, .utc): return nil
        case (.date, _): return "UNTIL must be a DATE when DTSTART is a DATE"
        case (.floating, _): return "UNTIL must be a floating DATE-TIME when DTSTART is floating"
        case (.utc, _), (.zoned, _): return "UNTIL must be a UTC DATE-TIME when DTSTART is in UTC or has a TZID"
        }
    }

    static func untilReading(_ until: RecurrenceRule.Until, start: Anchor) -> String {
        switch (start, until) {
        case (_, .date): "as the end of that day"
        case (.zoned, .local): "as a wall-clock time in DTSTART's zone"
        case (.utc, .local): "as UTC"
        default: "by its wall-clock fields"
        }
    }
}
