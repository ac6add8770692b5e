import Testing
@testable import Almanac

/// Expansion semantics, with rules built in code. Expected values come from
/// the examples of RFC 5545 section 3.8.5.3 (read as floating times) and from
/// the rules of section 3.3.10, worked out by hand.
@Suite struct ExpansionTests {
    func rule(_ f: RecurrenceRule.Frequency, _ build: (inout RecurrenceRule) throws -> Void = { _ in }) rethrows -> RecurrenceRule {
        var r = RecurrenceRule(frequency: f)
        try build(&r)
        return r
    }

    func expand(_ r: RecurrenceRule, _ start: Anchor, limit: Int = 50, options: ExpansionOptions = .init()) throws -> [String] {
        Array(try r.occurrences(from: start, options: options).prefix(limit)).map(\.description)
    }

    let sep2 = try! Anchor.floating(CivilDate(1997, 9, 2).at(9, 0))

    @Test func dailyCount10() throws {
        // RFC 5545 p.123: "Daily for 10 occurrences"
        let got = try expand(rule(.daily) { $0.count = 10 }, sep2)
        #expect(got == (2...11).map { "1997-09-\($0 < 10 ? "0" : "")\($0)T09:00:00" })
    }

    @Test func everyOtherDayUntilLimit() throws {
        // "Every 10 days, 5 occurrences": Sep 2, 12, 22, Oct 2, 12
        let got = try expand(rule(.daily) { $0.interval = 10; $0.count = 5 }, sep2)
        #expect(got == ["1997-09-02T09:00:00", "1997-09-12T09:00:00", "1997-09-22T09:00:00", "1997-10-02T09:00:00", "1997-10-12T09:00:00"])
    }

    @Test func weeklyTuesdayThursdayUntil() throws {
        // "Weekly on Tuesday and Thursday for five weeks" (UNTIL=19971007T000000Z read as floating)
        let got = try expand(rule(.weekly) {
            $0.until = try .local(CivilDate(1997, 10, 7).at(0, 0)); $0.byDay = [.every(.tuesday), .every(.thursday)]
        }, sep2)
        #expect(got == ["1997-09-02", "1997-09-04", "1997-09-09", "1997-09-11", "1997-09-16", "1997-09-18",
                        "1997-09-23", "1997-09-25", "1997-09-30", "1997-10-02"].map { $0 + "T09:00:00" })
    }

    @Test func monthlyFirstFridayCount10() throws {
        // "Monthly on the first Friday for 10 occurrences", DTSTART 1997-09-05
        let got = try expand(rule(.monthly) { $0.count = 10; $0.byDay = [.nth(1, .friday)] },
                             .floating(try CivilDate(1997, 9, 5).at(9, 0)))
        #expect(got == ["1997-09-05", "1997-10-03", "1997-11-07", "1997-12-05", "1998-01-02", "1998-02-06",
                        "1998-03-06", "1998-04-03", "1998-05-01", "1998-06-05"].map { $0 + "T09:00:00" })
    }

    @Test func monthlySecondToLastMonday() throws {
        // "Monthly on the second-to-last Monday of the month for 6 months", DTSTART 1997-09-22
        let got = try expand(rule(.monthly) { $0.count = 6; $0.byDay = [.nth(-2, .monday)] },
                             .floating(try CivilDate(1997, 9, 22).at(9, 0)))
        #expect(got == ["1997-09-22", "1997-10-20", "1997-11-17", "1997-12-22", "1998-01-19", "1998-02-16"].map { $0 + "T09:00:00" })
    }

    @Test func monthlyThirdToLastDay() throws {
        // "Monthly on the third-to-the-last day of the month, forever", DTSTART 1997-09-28
        let got = try expand(rule(.monthly) { $0.byMonthDay = [-3] }, .floating(CivilDate(1997, 9, 28).at(9, 0)), limit: 6)
        #expect(got == ["1997-09-28", "1997-10-29", "1997-11-28", "1997-12-29", "1998-01-29", "1998-02-26"].map { $0 + "T09:00:00" })
    }

    @Test func yearlyEveryTwentiethMonday() throws {
        // "Monday of week number 20 (where the default start of the week is Monday), forever", DTSTART 1997-05-12
        let got = try expand(rule(.yearly) { $0.byWeekNo = [20]; $0.byDay = [.every(.monday)] },
                             .floating(try CivilDate(1997, 5, 12).at(9, 0)), limit: 3)
        #expect(got == ["1997-05-12T09:00:00", "1998-05-11T09:00:00", "1999-05-17T09:00:00"])
    }

    @Test func yearly100thDay() throws {
        // "Every third year on the 1st, 100th, and 200th day for 10 occurrences", DTSTART 1997-01-01
        let got = try expand(rule(.yearly) { $0.interval = 3; $0.count = 10; $0.byYearDay = [1, 100, 200] },
                             .floating(try CivilDate(1997, 1, 1).at(9, 0)))
        #expect(got == ["1997-01-01", "1997-04-10", "1997-07-19", "2000-01-01", "2000-04-09", "2000-07-18",
                        "2003-01-01", "2003-04-10", "2003-07-19", "2006-01-01"].map { $0 + "T09:00:00" })
    }

    @Test func fridayThe13th() throws {
        // "Every Friday the 13th, forever" with EXDATE of DTSTART: here without the EXDATE, so DTSTART comes first.
        let got = try expand(rule(.monthly) { $0.byDay = [.every(.friday)]; $0.byMonthDay = [13] }, sep2, limit: 5)
        #expect(got == ["1997-09-02", "1998-02-13", "1998-03-13", "1998-11-13", "1999-08-13"].map { $0 + "T09:00:00" })
    }

    @Test func lastWorkdayOfMonthBySetPos() throws {
        // "The last work day of the month", DTSTART 1997-09-29
        let got = try expand(rule(.monthly) { $0.byDay = [.every(.monday), .every(.tuesday), .every(.wednesday), .every(.thursday), .every(.friday)]; $0.bySetPos = [-1] },
                             .floating(try CivilDate(1997, 9, 29).at(9, 0)), limit: 6)
        #expect(got == ["1997-09-30", "1997-10-31", "1997-11-28", "1997-12-31", "1998-01-30", "1998-02-27"].map { $0 + "T09:00:00" }.reduce(into: ["1997-09-29T09:00:00"]) { $0.append($1) }.prefix(6).map { $0 })
    }

    @Test func thirdInstanceTueWedThu() throws {
        // "The third instance into the month of one of Tuesday, Wednesday, or Thursday, for the next 3 months", DTSTART 1997-09-04
        let got = try expand(rule(.monthly) { $0.count = 3; $0.byDay = [.every(.tuesday), .every(.wednesday), .every(.thursday)]; $0.bySetPos = [3] },
                             .floating(try CivilDate(1997, 9, 4).at(9, 0)))
        #expect(got == ["1997-09-04T09:00:00", "1997-10-07T09:00:00", "1997-11-06T09:00:00"])
    }

    @Test func everyThreeHoursUntil() throws {
        // "Every 3 hours from 9:00 AM to 5:00 PM on a specific day"
        let got = try expand(rule(.hourly) { $0.interval = 3; $0.until = try .local(CivilDate(1997, 9, 2).at(17, 0)) }, sep2)
        #expect(got == ["1997-09-02T09:00:00", "1997-09-02T12:00:00", "1997-09-02T15:00:00"])
    }

    @Test func every20MinutesBetween9And1640() throws {
        // "Every 20 minutes from 9:00 AM to 4:40 PM every day", two days shown
        let got = try expand(rule(.minutely) { $0.interval = 20; $0.byHour = Array(9...16) }, sep2, limit: 26)
        var want: [String] = []
        for d in ["1997-09-02", "1997-09-03"] { for h in 9...16 { for m in [0, 20, 40] { want.append("\(d)T\(h < 10 ? "0" : "")\(h):\(m == 0 ? "00" : String(m)):00") } } }
        #expect(got == Array(want.prefix(26)))
    }

    @Test func februaryThirtiethNeverComesAndEnds() throws {
        // RFC 5545 3.3.10: invalid dates are ignored; the rule can never match again: it must end.
        let got = try expand(rule(.yearly) { $0.byMonth = [2]; $0.byMonthDay = [30] }, sep2)
        #expect(got == ["1997-09-02T09:00:00"])
        let daily = try expand(rule(.daily) { $0.byMonth = [2]; $0.byMonthDay = [30] }, sep2)
        #expect(daily == ["1997-09-02T09:00:00"])
    }

    @Test func includeStartFalseDropsNonMatchingStart() throws {
        let got = try expand(rule(.monthly) { $0.count = 2; $0.byDay = [.nth(1, .friday)] }, sep2, options: .init(includesStart: false))
        #expect(got == ["1997-09-05T09:00:00", "1997-10-03T09:00:00"])
    }

    @Test func dateSeries() throws {
        let got = try expand(rule(.monthly) { $0.count = 3; $0.byMonthDay = [31] }, .date(CivilDate(2024, 1, 31)))
        #expect(got == ["2024-01-31", "2024-03-31", "2024-05-31"])
    }

    @Test func utcSeries() throws {
        let got = try expand(rule(.weekly) { $0.count = 2 }, .utc(CivilDate(2024, 3, 9).at(12, 0)))
        #expect(got == ["2024-03-09T12:00:00Z", "2024-03-16T12:00:00Z"])
    }

    @Test func windowSeeksFarAhead() throws {
        let r = try rule(.daily)
        let set = try RecurrenceSet(start: .floating(CivilDate(2000, 1, 1).at(9, 0)), rules: [r])
        let got = Array(try set.occurrences(in: .dates(CivilDate(2090, 1, 1)..<CivilDate(2090, 2, 1)))).map(\.description)
        #expect(got.count == 31)
        #expect(got.first == "2090-01-01T09:00:00")
        #expect(got.last == "2090-01-31T09:00:00")
    }

    @Test func exdateAndRdate() throws {
        let s = RecurrenceSet(start: sep2, rules: [rule(.daily) { $0.count = 3 }],
                              dates: try [.floating(CivilDate(1997, 9, 10).at(9, 0))],
                              excludedDates: try [.floating(CivilDate(1997, 9, 3).at(9, 0))])
        #expect(Array(try s.occurrences()).map(\.description) == ["1997-09-02T09:00:00", "1997-09-04T09:00:00", "1997-09-10T09:00:00"])
    }
}

/// Rules that can never match again end promptly (DESIGN.md, "Terminate").
@Suite struct TerminationTests {
    func count(_ text: (inout RecurrenceRule) -> Void, _ f: RecurrenceRule.Frequency, _ start: Anchor) throws -> Int {
        var r = RecurrenceRule(frequency: f)
        text(&r)
        return try r.occurrences(from: start).reduce(0) { n, _ in n + 1 }
    }

    let start = try! Anchor.floating(CivilDate(2000, 1, 1).at(9, 0))

    @Test func unreachableSecondIsDetected() throws {
        // Every other second from an even second never lands on an odd one.
        #expect(try count({ $0.interval = 2; $0.bySecond = [1] }, .secondly, start) == 1)
    }

    @Test func unreachableHourIsDetected() throws {
        // Every 24 hours from 09:00 on a clock with no DST is always 09:00.
        #expect(try count({ $0.interval = 24; $0.byHour = [5] }, .hourly, start) == 1)
    }

    @Test func outOfRangeValuesOfARuleBuiltInCodeNeverMatch() throws {
        // validate() rejects these and the parser never produces them, but a
        // rule built in code can hold any Int: expansion must not trap
        // (abs(Int.min), -Int.min) and a value out of range matches nothing,
        // as BYMONTHDAY=32 does. Found by Tools/fuzz (fuzz-expand).
        let edges = [Int.min, Int.max, -367, 367]
        let parts: [(RecurrenceRule.Frequency, (inout RecurrenceRule, Int) -> Void)] = [
            (.monthly, { $0.byMonthDay = [$1] }), (.yearly, { $0.byYearDay = [$1] }), (.yearly, { $0.byWeekNo = [$1] }),
            (.monthly, { $0.byDay = [.nth($1, .monday)] }), (.yearly, { $0.byDay = [.nth($1, .monday)] }),
            (.yearly, { $0.byMonth = [.init($1)] }), (.daily, { $0.bySetPos = [$1] }),
            (.secondly, { $0.bySecond = [$1] }), (.secondly, { $0.byMinute = [$1] }), (.secondly, { $0.byHour = [$1] }),
            (.minutely, { $0.byMinute = [$1] }), (.hourly, { $0.byHour = [$1] }), (.daily, { $0.byHour = [$1] }),
        ]
        for (f, set) in parts {
            for v in edges {
                #expect(try count({ set(&$0, v) }, f, start) == 1, "\(f) \(v)")
            }
        }
        // Ordinals past ±53 with weekdays that do exist: only the plain weekday matches.
        var r = RecurrenceRule(frequency: .monthly)
        r.byDay = [.nth(Int.min, .monday), .every(.friday)]
        r.count = 3
        #expect(try r.occurrences(from: start).map(\.start.date.description) == ["2000-01-01", "2000-01-07", "2000-01-14"])
    }

    @Test func impossibleDatesEndForEveryFrequency() throws {
        for f in RecurrenceRule.Frequency.allCases where f != .weekly {
            #expect(try count({ $0.byMonth = [2]; $0.byMonthDay = [30] }, f, start) == 1, "\(f)")
        }
    }

    @Test func hugeIntervalEndsAfterOnePeriod() throws {
        for f in RecurrenceRule.Frequency.allCases {
            #expect(try count({ $0.interval = Int.max }, f, start) == 1, "\(f)")
        }
    }

    @Test func yearNineThousandNineHundredNinetyNineIsTheEnd() throws {
        let late = try Anchor.floating(CivilDate(9999, 12, 30).at(23, 0))
        #expect(try count({ _ in }, .daily, late) == 2)
        #expect(try count({ _ in }, .hourly, late) == 25)
        #expect(try count({ _ in }, .yearly, late) == 1)
    }
}
