import Testing
@testable import Almanac

/// DST behaviour of the expander on a zone with two known transitions (the
/// US rules of 2024: 2024-03-10 02:00 EST -> 03:00 EDT at 07:00Z, and
/// 2024-11-03 02:00 EDT -> 01:00 EST at 06:00Z), so the expected values
/// follow from RFC 5545 section 3.3.5 and DESIGN.md's decisions alone.
@Suite struct ExpansionDSTTests {
    let zone = try! Zone(identifier: "Test/US-2024",
                         transitions: [1_710_054_000, 1_730_613_600],
                         offsets: try [Offset(hours: -5), Offset(hours: -4), Offset(hours: -5)])

    func run(_ build: (inout RecurrenceRule) throws -> Void, _ f: RecurrenceRule.Frequency, from: CivilDateTime,
             limit: Int = 20, options: ExpansionOptions = .init()) throws -> [String] {
        var r = RecurrenceRule(frequency: f)
        try build(&r)
        return Array(try r.occurrences(from: .zoned(from, zone), options: options).prefix(limit)).map(\.description)
    }

    @Test func transitionInstantsAreWhatTheTestAssumes() {
        #expect(Timestamp(secondsSinceEpoch: 1_710_054_000).description == "2024-03-10T07:00:00Z")
        #expect(Timestamp(secondsSinceEpoch: 1_730_613_600).description == "2024-11-03T06:00:00Z")
    }

    @Test func dailyTimeInGapShiftsThatDayOnly() throws {
        // 02:30 does not exist on 2024-03-10: read with the offset before the gap (-05:00) = 03:30 EDT.
        let got = try run({ $0.count = 4 }, .daily, from: CivilDate(2024, 3, 8).at(2, 30))
        #expect(got == ["2024-03-08T02:30:00-05:00", "2024-03-09T02:30:00-05:00", "2024-03-10T03:30:00-04:00", "2024-03-11T02:30:00-04:00"])
    }

    @Test func skipPolicyDropsTheGapTime() throws {
        let got = try run({ $0.count = 3 }, .daily, from: CivilDate(2024, 3, 8).at(2, 30), options: .init(nonexistentTimes: .skip))
        #expect(got == ["2024-03-08T02:30:00-05:00", "2024-03-09T02:30:00-05:00", "2024-03-11T02:30:00-04:00"])
    }

    @Test func shiftedTimeLandingOnARealOneAppearsOnce() throws {
        // BYHOUR=1,2,3: 02:00 shifts to 03:00 EDT, which the rule also produces. COUNT counts it once.
        let got = try run({ $0.count = 4; $0.byHour = [1, 2, 3]; $0.byMinute = [0] }, .daily, from: CivilDate(2024, 3, 10).at(1, 0))
        #expect(got == ["2024-03-10T01:00:00-05:00", "2024-03-10T03:00:00-04:00", "2024-03-11T01:00:00-04:00", "2024-03-11T02:00:00-04:00"])
    }

    @Test func shiftedTimesAreMergedInInstantOrder() throws {
        // 02:00 -> 03:00 and 02:30 -> 03:30 EDT coincide with the real 03:00 and 03:30.
        let set = try RecurrenceSet(start: .zoned(CivilDate(2024, 3, 10).at(0, 0), zone),
                                rules: [{ var r = RecurrenceRule(frequency: .daily); r.byHour = [2, 3]; r.byMinute = [0, 30]; return r }()],
                                options: .init(includesStart: false))
        let got = Array(try set.occurrences().prefix(4))
        #expect(got.map(\.description) == ["2024-03-10T03:00:00-04:00", "2024-03-10T03:30:00-04:00", "2024-03-11T02:00:00-04:00", "2024-03-11T02:30:00-04:00"])
        #expect(try got[0].recurrenceID == RecurrenceID(CivilDate(2024, 3, 10).at(3, 0)))
    }

    @Test func gapShiftedRecurrenceIDKeepsTheRuleTime() throws {
        var r = RecurrenceRule(frequency: .daily)
        r.count = 3
        let got = Array(try r.occurrences(from: .zoned(CivilDate(2024, 3, 9).at(2, 30), zone)))
        #expect(try got[1].start == CivilDate(2024, 3, 10).at(3, 30))
        #expect(try got[1].recurrenceID == RecurrenceID(CivilDate(2024, 3, 10).at(2, 30)))
    }

    @Test func ambiguousTimeTakesTheEarlierInstant() throws {
        let got = try run({ $0.count = 3 }, .daily, from: CivilDate(2024, 11, 2).at(1, 30))
        #expect(got == ["2024-11-02T01:30:00-04:00", "2024-11-03T01:30:00-04:00", "2024-11-04T01:30:00-05:00"])
    }

    @Test func hourlyStepsInElapsedTimeOverTheGap() throws {
        let got = try run({ $0.count = 4 }, .hourly, from: CivilDate(2024, 3, 10).at(0, 0))
        #expect(got == ["2024-03-10T00:00:00-05:00", "2024-03-10T01:00:00-05:00", "2024-03-10T03:00:00-04:00", "2024-03-10T04:00:00-04:00"])
    }

    @Test func hourlyVisitsTheRepeatedHourTwice() throws {
        let got = try run({ $0.count = 4 }, .hourly, from: CivilDate(2024, 11, 3).at(0, 0))
        #expect(got == ["2024-11-03T00:00:00-04:00", "2024-11-03T01:00:00-04:00", "2024-11-03T01:00:00-05:00", "2024-11-03T02:00:00-05:00"])
    }

    @Test func byHourFiltersOnWallClockAndMatchesBothRepeatedHours() throws {
        let got = try run({ $0.count = 4; $0.byHour = [1] }, .hourly, from: CivilDate(2024, 11, 2).at(1, 0))
        #expect(got == ["2024-11-02T01:00:00-04:00", "2024-11-03T01:00:00-04:00", "2024-11-03T01:00:00-05:00", "2024-11-04T01:00:00-05:00"])
    }

    @Test func sevenHoursAfterElevenPMIsSevenAMOnSpringNight() throws {
        // DESIGN.md: seven hours after 23:00 EST on the spring-forward night is 07:00 EDT.
        let got = try run({ $0.count = 2; $0.interval = 7 }, .hourly, from: CivilDate(2024, 3, 9).at(23, 0))
        #expect(got == ["2024-03-09T23:00:00-05:00", "2024-03-10T07:00:00-04:00"])
    }

    @Test func utcUntilIsAnInstant() throws {
        // UNTIL 2024-11-04T14:00Z = 09:00 EST: inclusive.
        let got = try run({ $0.until = try .utc(CivilDate(2024, 11, 4).at(14, 0)) }, .daily, from: CivilDate(2024, 11, 2).at(9, 0))
        #expect(got == ["2024-11-02T09:00:00-04:00", "2024-11-03T09:00:00-05:00", "2024-11-04T09:00:00-05:00"])
    }

    @Test func windowQueryEqualsFilteredFullExpansion() throws {
        var r = RecurrenceRule(frequency: .daily)
        r.byHour = [1, 2, 3]
        let set = try RecurrenceSet(start: .zoned(CivilDate(2024, 1, 1).at(0, 0), zone), rules: [r])
        let all = Array(try set.occurrences().prefix(2000))
        for (lo, hi) in [(1_710_000_000, 1_710_200_000), (1_730_500_000, 1_730_700_000), (1_704_000_000, 1_704_100_000)] as [(Int64, Int64)] {
            let window = Timestamp(secondsSinceEpoch: lo)..<Timestamp(secondsSinceEpoch: hi)
            let expected = all.filter { window.contains($0.timestamp) }
            #expect(Array(try set.occurrences(in: window)) == expected)
            #expect(!expected.isEmpty)
        }
    }
}
