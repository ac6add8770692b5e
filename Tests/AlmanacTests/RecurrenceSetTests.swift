import Testing
@testable import Almanac

/// RFC 5545 section 3.8.5: the recurrence set is the union of DTSTART, the
/// RRULE and RDATE instances, less the EXRULE and EXDATE instances; sorted,
/// each instant once.
@Suite struct RecurrenceSetTests {
    func rule(_ f: RecurrenceRule.Frequency, _ build: (inout RecurrenceRule) throws -> Void = { _ in }) rethrows -> RecurrenceRule {
        var r = RecurrenceRule(frequency: f)
        try build(&r)
        return r
    }

    let start = try! Anchor.floating(CivilDate(2024, 1, 1).at(9, 0))   // a Monday

    func strings(_ s: RecurrenceSet, _ n: Int = 100) throws -> [String] {
        Array(try s.occurrences().prefix(n)).map { $0.start.date.description }
    }

    @Test func severalRulesMergeSortedWithoutDuplicates() throws {
        // Every Monday and every day-of-month 1 and 8: 2024-01-01 and 01-08 come from both.
        let s = RecurrenceSet(start: start, rules: [
            try rule(.weekly) { $0.until = try .local(CivilDate(2024, 1, 31).at(23, 0)) },
            rule(.monthly) { $0.byMonthDay = [1, 8]; $0.count = 4 },
        ])
        #expect(try strings(s) == ["2024-01-01", "2024-01-08", "2024-01-15", "2024-01-22", "2024-01-29", "2024-02-01", "2024-02-08"])
    }

    @Test func exruleRemovesItsInstances() throws {
        // Daily for two weeks except Saturdays and Sundays (EXRULE, RFC 2445 section 4.8.5.2).
        let s = RecurrenceSet(start: start, rules: [rule(.daily) { $0.count = 14 }],
                              exclusionRules: [rule(.weekly) { $0.byDay = [.every(.saturday), .every(.sunday)] }])
        #expect(try strings(s) == ["2024-01-01", "2024-01-02", "2024-01-03", "2024-01-04", "2024-01-05",
                                   "2024-01-08", "2024-01-09", "2024-01-10", "2024-01-11", "2024-01-12"])
    }

    @Test func exruleDoesNotRemoveDTSTARTUnlessItProducesIt() throws {
        // The EXRULE is expanded without the RFC's DTSTART-is-an-instance rule (README, "RFC choices").
        let s = RecurrenceSet(start: start, rules: [rule(.daily) { $0.count = 3 }],
                              exclusionRules: [rule(.monthly) { $0.byMonthDay = [2] }])
        #expect(try strings(s) == ["2024-01-01", "2024-01-03"])
    }

    @Test func exdateStillCountsTowardCount() throws {
        // COUNT bounds the rule; EXDATE removes afterwards (RFC 5545 section 3.8.5.1).
        let s = RecurrenceSet(start: start, rules: [rule(.daily) { $0.count = 3 }],
                              excludedDates: try [.floating(CivilDate(2024, 1, 2).at(9, 0))])
        #expect(try strings(s) == ["2024-01-01", "2024-01-03"])
    }

    @Test func exdateMatchesByInstantInTimedSeries() throws {
        // 10:00 is not an instance at 09:00: nothing is removed.
        let s = RecurrenceSet(start: start, rules: [rule(.daily) { $0.count = 2 }],
                              excludedDates: try [.floating(CivilDate(2024, 1, 2).at(10, 0))])
        #expect(try strings(s) == ["2024-01-01", "2024-01-02"])
    }

    @Test func exdateMatchesByDateInDateSeries() throws {
        let s = try RecurrenceSet(start: .date(CivilDate(2024, 1, 1)), rules: [rule(.daily) { $0.count = 3 }],
                              excludedDates: try [.date(CivilDate(2024, 1, 2))])
        #expect(Array(try s.occurrences()).map(\.description) == ["2024-01-01", "2024-01-03"])
    }

    @Test func dateExdateRemovesTheWholeLocalDayOfATimedSeries() throws {
        let s = RecurrenceSet(start: start, rules: [rule(.daily) { $0.count = 2; $0.byHour = [9, 18] }],
                              excludedDates: try [.date(CivilDate(2024, 1, 1))])
        #expect(Array(try s.occurrences()).isEmpty)
        let t = RecurrenceSet(start: start, rules: [rule(.daily) { $0.count = 4; $0.byHour = [9, 18] }],
                              excludedDates: try [.date(CivilDate(2024, 1, 1))])
        #expect(Array(try t.occurrences()).map(\.description) == ["2024-01-02T09:00:00", "2024-01-02T18:00:00"])
    }

    @Test func rdatesMergeAndDuplicateRuleInstancesAppearOnce() throws {
        let s = RecurrenceSet(start: start, rules: [rule(.daily) { $0.count = 2 }],
                              dates: try [.floating(CivilDate(2024, 1, 2).at(9, 0)), .floating(CivilDate(2023, 12, 25).at(9, 0)),
                                      .floating(try CivilDate(2024, 1, 5).at(9, 0))])
        #expect(try strings(s) == ["2023-12-25", "2024-01-01", "2024-01-02", "2024-01-05"])
    }

    @Test func noRuleMeansDTSTARTAndRDATEs() throws {
        let s = try RecurrenceSet(start: start, dates: [.floating(CivilDate(2024, 2, 1).at(9, 0))])
        #expect(try strings(s) == ["2024-01-01", "2024-02-01"])
    }

    @Test func zonedRdateIsShownInTheSeriesZone() throws {
        let ny = try Zone("America/New_York")
        let s = try RecurrenceSet(start: .zoned(CivilDate(2024, 1, 1).at(9, 0), ny),
                              dates: try [.utc(CivilDate(2024, 7, 1).at(12, 0))])
        #expect(Array(try s.occurrences()).map(\.description) == ["2024-01-01T09:00:00-05:00", "2024-07-01T08:00:00-04:00"])
    }

    @Test func windowAppliesToRdatesToo() throws {
        let s = try RecurrenceSet(start: start, rules: [rule(.weekly)], dates: [.floating(CivilDate(2024, 1, 3).at(9, 0))])
        #expect(Array(try s.occurrences(in: .dates(CivilDate(2024, 1, 2)..<CivilDate(2024, 1, 16)))).map { $0.start.date.description } == ["2024-01-03", "2024-01-08", "2024-01-15"])
    }

    @Test func subDailyRuleOnADateIsAnError() throws {
        let s = try RecurrenceSet(start: .date(CivilDate(2024, 1, 1)), rules: [rule(.hourly)])
        #expect(throws: AlmanacError.self) { try s.occurrences() }
    }

    @Test func validationReadsUntilForms() throws {
        let s = try RecurrenceSet(start: .date(CivilDate(2024, 1, 1)), rules: [rule(.daily) { $0.until = try .utc(CivilDate(2024, 1, 3).at(0, 0)) }])
        #expect(throws: AlmanacError.self) { try s.validate(mode: .strict) }
        #expect(try s.validate(mode: .lenient).count == 1)
        #expect(Array(try s.occurrences()).map(\.description) == ["2024-01-01", "2024-01-02", "2024-01-03"])
    }
}
