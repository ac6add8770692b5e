import Testing
@testable import Almanac

/// `DayLimitSeek` tests the coming days one by one for an iterator's first
/// few dozen days (a week's query then never computes a year's shape), and
/// reads year shapes after that: a long walk must not test a week of days
/// per instance.
@Suite struct DayLimitSeekTests {
    @Test(arguments: ["FREQ=DAILY;BYDAY=SU", "FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR", "FREQ=DAILY;BYDAY=SA,SU;BYMONTH=1,7"])
    func aLongWalkReadsYearShapes(_ text: String) throws {
        let set = try RecurrenceSet(start: .utc(CivilDate(2000, 1, 1).at(9, 0)), rules: [try RecurrenceRule(text)])
        let (first, workFirst) = try set.occurrences().firstWithWork(2_000)
        let (all, workAll) = try set.occurrences().firstWithWork(4_000)
        #expect(first.count == 2_000 && all.count == 4_000)
        // Past the first 2,000 instances (decades: every year shape met),
        // an instance costs its frame and a lookup in its year's shape,
        // about 3 steps (measured 2.9-3.0). Testing the coming week's days
        // for every instance would add up to six steps a Sunday.
        let perInstance = Double(workAll - workFirst) / 2_000
        #expect(perInstance <= 4, "\(text): \(perInstance) steps an instance")
    }

    @Test func aWeeksQueryComputesNoYearShape() throws {
        let rule = try RecurrenceRule("FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR")
        let start = try CivilDate(2020, 1, 1).at(9, 0)
        let set = RecurrenceSet(start: .utc(start), rules: [rule])
        let from = try Timestamp(utc: CivilDate(2024, 6, 3).at(0, 0))
        let week = from..<Timestamp(secondsSinceEpoch: from.secondsSinceEpoch + 7 * 86_400)
        let (instances, work) = try set.occurrences(in: .instants(week)).firstWithWork(100)
        #expect(instances.count == 5)
        // A year's shape would cost 365 steps.
        #expect(work < 365, "work \(work)")
    }
}
