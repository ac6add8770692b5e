import Testing
@testable import Almanac

/// An RRULE that is also an EXRULE, or that is written twice (README,
/// Limits: "EXRULE and EXDATE only remove"). Expanded against its EXRULE,
/// such a rule made every query walk all of its candidates to find nothing:
/// `FREQ=SECONDLY` with the same EXRULE and no window walked to 9999
/// (found by Tools/fuzz, fuzz-ics, 2026-11-27; Corpus/hostile.jsonl,
/// `hostile-exrule-same-as-rrule-*`).
struct ExcludedRuleTests {
    static let start = try! Anchor.utc(CivilDate(2024, 1, 1).at(0, 0))
    static let year = try! Timestamp(utc: CivilDate(2024, 1, 1).at(0, 0))..<Timestamp(utc: CivilDate(2025, 1, 1).at(0, 0))

    /// Every frequency, DTSTART matching the rule: the set is empty, and
    /// finding that out costs a few steps. The year's window comes first
    /// so that the test fails, rather than hangs, when the rule is walked.
    @Test(arguments: RecurrenceRule.Frequency.allCases)
    func aRuleThatIsAlsoAnExruleAddsNothing(_ f: RecurrenceRule.Frequency) throws {
        let rule = try RecurrenceRule("FREQ=\(f.rawValue)")
        let set = RecurrenceSet(start: Self.start, rules: [rule, rule], exclusionRules: [rule])
        let (inYear, yearWork) = try set.occurrences(in: .instants(Self.year)).firstWithWork(1)
        #expect(inYear.isEmpty, "\(f): \(inYear)")
        try #require(yearWork <= 10, "FREQ=\(f.rawValue): \(yearWork) steps over a year")
        let (all, work) = try set.occurrences().firstWithWork(1)
        #expect(all.isEmpty, "\(f): \(all)")
        #expect(work <= 10, "FREQ=\(f.rawValue): \(work) steps")
    }

    /// Leaving such rules out gives what expanding them gives: the
    /// instances of the RRULEs and RDATEs less those of the EXRULEs
    /// (expanded without the DTSTART-is-an-instance rule, README, RFC
    /// choice 12), computed here set by set from separate expansions.
    @Test func leavingThemOutKeepsTheSetsInstances() throws {
        func r(_ text: String) throws -> RecurrenceRule { try RecurrenceRule(text) }
        let cases: [(rules: [RecurrenceRule], exclusions: [RecurrenceRule])] = try [
            ([r("FREQ=DAILY;COUNT=3")], [r("FREQ=DAILY;COUNT=3")]),
            ([r("FREQ=DAILY;COUNT=3"), r("FREQ=WEEKLY;COUNT=2")], [r("FREQ=DAILY;COUNT=3")]),
            ([r("FREQ=HOURLY;BYMINUTE=30;COUNT=4")], [r("FREQ=HOURLY;BYMINUTE=30;COUNT=4")]),   // DTSTART does not match
            ([r("FREQ=DAILY;COUNT=5"), r("FREQ=DAILY;COUNT=5")], [r("FREQ=DAILY;COUNT=2")]),
            ([r("FREQ=WEEKLY;COUNT=3"), r("FREQ=DAILY;INTERVAL=2;COUNT=4")], [r("FREQ=DAILY;INTERVAL=2;COUNT=4"), r("FREQ=WEEKLY;COUNT=3")]),
        ]
        let rdate = try Anchor.utc(CivilDate(2024, 1, 5).at(9, 0))
        for (rules, exclusions) in cases {
            for includesStart in [true, false] {
                let options = ExpansionOptions(includesStart: includesStart)
                func starts(_ s: RecurrenceSet) throws -> Set<Timestamp> { Set(try s.occurrences().map(\.timestamp)) }
                var kept = try starts(RecurrenceSet(start: Self.start, rules: rules, dates: [rdate], options: options))
                for x in exclusions {
                    kept.subtract(try starts(RecurrenceSet(start: Self.start, rules: [x], options: ExpansionOptions(includesStart: false))))
                }
                let set = RecurrenceSet(start: Self.start, rules: rules, exclusionRules: exclusions, dates: [rdate], options: options)
                let got = try set.occurrences().map(\.timestamp)
                #expect(got == kept.sorted(), "\(rules) less \(exclusions), includesStart \(includesStart)")
            }
        }
    }
}
