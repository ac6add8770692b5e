import Testing
@testable import AlmanacCore

private func date(_ y: Int, _ m: Int, _ d: Int) -> CivilDate { try! CivilDate(y, m, d) }
private func texts(_ ps: [Period]) -> [String] { ps.map(\.description) }

/// The planner examples ("a to-do assigned to ISO week 48 of
/// 2023 (27 Nov - 3 Dec) shows in the week list, in November and December,
/// and in 2023"), ISO 8601 week rules, US weeks, and the range ends.
@Suite struct PeriodTests {
    @Test func week48Of2023SpansNovemberAndDecember() throws {
        let w = try Period.week(2023, 48)
        #expect(w.firstDay == date(2023, 11, 27) && w.lastDay == date(2023, 12, 3) && w.dayCount == 7)
        #expect(texts(w.periods(of: .month)) == ["2023-11", "2023-12"])
        #expect(texts(w.periods(of: .year)) == ["2023"])
        #expect(texts(w.periods(of: .week)) == ["2023-W48"])
        #expect(w.periods(of: .day).map(\.firstDay) == Array(w.dates))
        #expect(w.weekOfYear! == (2023, 48))
    }

    @Test func week52Of2023StaysInDecember() throws {
        let w = try Period.week(2023, 52)
        #expect(w.firstDay == date(2023, 12, 25) && w.lastDay == date(2023, 12, 31))
        #expect(texts(w.periods(of: .month)) == ["2023-12"])
        #expect(texts(w.periods(of: .year)) == ["2023"])
        #expect(try !w.overlaps(Period.month(2024, 1)))
        #expect(w.next!.description == "2024-W01")
    }

    @Test func week1Of2025StartsIn2024() throws {
        let w = try Period.week(2025, 1)
        #expect(w.firstDay == date(2024, 12, 30) && w.lastDay == date(2025, 1, 5))
        #expect(texts(w.periods(of: .month)) == ["2024-12", "2025-01"])
        #expect(texts(w.periods(of: .year)) == ["2024", "2025"])
        #expect(try Period.containing(date(2024, 12, 30), .week) == w)
        #expect(try Period.week(date(2024, 12, 31).isoWeek) == w)
    }

    @Test func isoWeekCounts() throws {
        // ISO 8601: 2020 and 2026 have 53 weeks (they start on a Thursday, or a Wednesday in a leap year).
        #expect(WeekRule.iso.weeksInYear(2020) == 53 && WeekRule.iso.weeksInYear(2026) == 53)
        #expect(WeekRule.iso.weeksInYear(2023) == 52)
        #expect(try Period.week(2020, 53).lastDay == date(2021, 1, 3))
        #expect((try? Period.week(2023, 53)) == nil && (try? Period.week(2023, 0)) == nil)
        #expect(WeekRule.iso.firstDayOfWeekOne(in: 2025) == date(2024, 12, 30))
    }

    @Test func usWeeks() throws {
        let us = try WeekRule(firstWeekday: .sunday, minimumDaysInFirstWeek: 1)
        #expect(us == .us && !us.isISO && us.description == "SU1")
        // 2024-01-01 is a Monday: the US week holding it starts Sunday 2023-12-31 and is week 1 of 2024.
        let w = try Period.containing(date(2023, 12, 31), .week, weekRule: us)
        #expect(w.firstDay == date(2023, 12, 31) && w.lastDay == date(2024, 1, 6))
        #expect(w.description == "2024-W01@SU1" && w.weekRule == us)
        #expect(texts(w.periods(of: .year)) == ["2023", "2024"])
        // 2023-01-01 is a Sunday: week 1 of 2023 is 1...7 January.
        #expect(try Period.week(2023, 1, rule: us).firstDay == date(2023, 1, 1))
        #expect(us.week(of: date(2023, 11, 13)) == (2023, 46))
        #expect(try Period.containing(date(2023, 11, 13), .week, weekRule: us).firstDay == date(2023, 11, 12))
        // 2022-01-01 is a Saturday, so US week 1 of 2022 starts 2021-12-26 and 2022 has 53 weeks.
        #expect(us.weeksInYear(2022) == 53)
        #expect(try Period.week(2022, 53, rule: us).firstDay == date(2022, 12, 25))
        #expect(try Period.week(2022, 1, rule: us).firstDay == date(2021, 12, 26))
        // The rule is part of the value: same days, different periods.
        let mo1 = try WeekRule(firstWeekday: .monday, minimumDaysInFirstWeek: 1)
        let a = try Period.containing(date(2023, 11, 13), .week), b = try Period.containing(date(2023, 11, 13), .week, weekRule: mo1)
        #expect(a.dates.elementsEqual(b.dates) && a != b && b < a)   // rules compare by (weekday, minimum days)
        // 2023-01-01 is a Sunday, so Monday-first weeks with 1 day start week 1 on 2022-12-26.
        #expect(b.description == "2023-W47@MO1")
    }

    @Test func weekRuleValidation() throws {
        #expect(throws: AlmanacError(.invalidValue, "minimum days in the first week 8 is not in 1...7")) {
            try WeekRule(firstWeekday: .sunday, minimumDaysInFirstWeek: 8)
        }
        #expect(try WeekRule(firstWeekday: .monday, minimumDaysInFirstWeek: 4) == .iso)
    }

    @Test func kindsAndCounts() throws {
        #expect(try Period.month(2024, 2).dayCount == 29 && Period.month(2023, 2).dayCount == 28)
        #expect(try Period.year(2024).dayCount == 366 && Period.year(2023).dayCount == 365)
        #expect((try? Period.month(2023, 13)) == nil && (try? Period.year(0)) == nil && (try? Period.year(10000)) == nil)
        let s = try Period.span(from: date(2023, 11, 13), dayCount: 7)
        #expect(s.isSpan && s.granularity == nil && s.lastDay == date(2023, 11, 19) && s.weekRule == nil && s.weekOfYear == nil)
        #expect((try? Period.span(from: date(2023, 11, 13), dayCount: 0)) == nil)
        #expect((try? Period.span(from: date(2023, 11, 13), through: date(2023, 11, 12))) == nil)
        #expect(try Period.span(from: date(2023, 11, 13), through: date(2023, 11, 13)).dayCount == 1)
        #expect(Period.day(date(2023, 11, 13)).granularity == .day)
        #expect(Period.Granularity.day < .week && Period.Granularity.week < .month && Period.Granularity.month < .year)
    }

    @Test func listGranularityOfSpansFollowsLength() throws {
        let d = date(2023, 11, 13)
        let g = try [1, 2, 7, 8, 31, 32, 366, 400].map { try Period.span(from: d, dayCount: $0).listGranularity }
        #expect(g == [.day, .week, .week, .month, .month, .year, .year, .year])
        #expect(try Period.week(2023, 48).listGranularity == .week)
    }

    @Test func relations() throws {
        let w48 = try Period.week(2023, 48), nov = try Period.month(2023, 11), dec = try Period.month(2023, 12)
        #expect(w48.contains(date(2023, 12, 3)) && !w48.contains(date(2023, 12, 4)) && !w48.contains(date(2023, 11, 26)))
        #expect(try w48.overlaps(nov) && w48.overlaps(dec) && !nov.contains(w48) && Period.year(2023).contains(w48))
        #expect(!nov.overlaps(dec) && nov.intersection(dec) == nil)
        #expect(w48.intersection(dec)!.description == "2023-12-01/P3D")
        #expect(nov.intersection(nov)!.description == "2023-11-01/P30D")
        #expect(nov.contains(nov) && nov.contains(Period.day(date(2023, 11, 30))))
    }

    @Test func periodsOfFinerGranularity() throws {
        #expect(try texts(Period.month(2023, 11).periods(of: .week)) == ["2023-W44", "2023-W45", "2023-W46", "2023-W47", "2023-W48"])
        #expect(try Period.year(2023).periods(of: .month).count == 12)
        #expect(try Period.year(2023).periods(of: .week).count == 53)   // 2022-W52 holds 1 January 2023
        #expect(try Period.year(2023).periods(of: .week).first!.description == "2022-W52")
        #expect(try Period.year(2023).periods(of: .day).count == 365)
        #expect(texts(Period.periods(of: .week, from: date(2023, 11, 1), through: date(2023, 11, 30)))
                == ["2023-W44", "2023-W45", "2023-W46", "2023-W47", "2023-W48"])
        #expect(Period.periods(of: .day, from: date(2023, 11, 2), through: date(2023, 11, 1)).isEmpty)
        #expect(texts(Period.periods(of: .year, from: date(2023, 12, 31), through: date(2024, 1, 1))) == ["2023", "2024"])
        #expect(try texts(Period.month(2023, 1).periods(of: .week, weekRule: .us)).first == "2023-W01@SU1")
    }

    @Test func stepping() throws {
        #expect(try Period.month(2023, 11).advanced(by: 3)!.description == "2024-02")
        #expect(try Period.month(2023, 1).advanced(by: -1)!.description == "2022-12")
        #expect(try Period.month(2023, 1).advanced(by: -25)!.description == "2020-12")
        #expect(try Period.span(from: date(2023, 11, 13), dayCount: 7).advanced(by: -1)!.description == "2023-11-06/P7D")
        #expect(Period.day(date(2024, 2, 28)).next!.description == "2024-02-29")
        #expect(try Period.week(2023, 52).next!.description == "2024-W01")
        #expect(try Period.week(2020, 1).previous!.description == "2019-W52")
        #expect(try Period.week(2023, 1, rule: .us).previous!.description == "2022-W53@SU1")
        #expect(try Period.year(2023).advanced(by: 0) == Period.year(2023))
    }

    @Test func rangeEndsGiveNilNotACrash() throws {
        let last = date(9999, 12, 31), first = date(1, 1, 1)
        #expect(try Period.year(9999).next == nil && Period.year(1).previous == nil)
        #expect(try Period.month(9999, 12).next == nil && Period.month(1, 1).previous == nil)
        #expect(Period.day(last).next == nil && Period.day(first).previous == nil)
        #expect(try Period.span(from: last, dayCount: 1).next == nil)
        #expect((try? Period.span(from: last, dayCount: 2)) == nil)
        for n in [Int.max, Int.min, Int.max / 7, Int.min / 7 + 1] {
            #expect(try Period.week(2023, 48).advanced(by: n) == nil)
            #expect(try Period.month(2023, 11).advanced(by: n) == nil)
            #expect(try Period.span(from: date(2023, 1, 1), dayCount: 1000).advanced(by: n) == nil)
        }
        // 0001-01-01 is a Monday, so ISO week 1 of year 1 exists; the US week holding it would start in year 0.
        #expect(try Period.week(1, 1).firstDay == first)
        #expect((try? Period.containing(first, .week, weekRule: .us)) == nil)
        // 9999-12-31 is a Friday: ISO week 52 of 9999 would end on 10000-01-02.
        #expect((try? Period.containing(last, .week)) == nil && (try? Period.week(9999, 52)) == nil)
        #expect(try Period.week(9999, 51).next == nil)
        #expect(try Period.year(9999).periods(of: .week).last!.description == "9999-W51")
        #expect(try Period.containing(last, .year).description == "9999")
        #expect(WeekRule.iso.weeksInYear(Int.max) == 0 && WeekRule.us.weeksInYear(0) == 0 && (try? Period.week(Int.max, 1)) == nil)
        #expect(WeekRule.us.week(of: last) == (10000, 1) && WeekRule.iso.week(of: last) == (9999, 52))
    }

    @Test func comparisonIsTotalAndAgreesWithEquality() throws {
        let d = date(2023, 11, 13)
        let ps = try [Period.span(from: d, dayCount: 1), Period.day(d), Period.span(from: d, dayCount: 7),
                  try Period.containing(d, .week), try Period.containing(d, .week, weekRule: WeekRule(firstWeekday: .monday, minimumDaysInFirstWeek: 1)),
                  try Period.month(2023, 11), Period.day(date(2023, 11, 1))]
        #expect(texts(ps.sorted()) == ["2023-11-01", "2023-11", "2023-11-13", "2023-11-13/P1D", "2023-W47@MO1", "2023-W46", "2023-11-13/P7D"])
        for a in ps { for b in ps { #expect((a == b) == (!(a < b) && !(b < a))) } }
    }

    @Test func horizons() throws {
        let wed = date(2023, 11, 15)
        #expect(try Horizon.days(7).span(from: wed).description == "2023-11-15/P7D")
        #expect(try Horizon.days(7).periods(from: wed).map(\.firstDay) == Array(try Horizon.days(7).span(from: wed).dates))
        #expect(try Horizon.weeks(6).span(from: wed).description == "2023-11-13/P42D")
        #expect(texts(try Horizon.weeks(6).periods(from: wed)) == ["2023-W46", "2023-W47", "2023-W48", "2023-W49", "2023-W50", "2023-W51"])
        #expect(texts(try Horizon.weeks(2).periods(from: wed, weekRule: .us)) == ["2023-W46@SU1", "2023-W47@SU1"])
        #expect(texts(try Horizon.months(6).periods(from: wed)) == ["2023-11", "2023-12", "2024-01", "2024-02", "2024-03", "2024-04"])
        #expect(try Horizon.months(2).span(from: wed).description == "2023-11-01/P61D")
        #expect(texts(try Horizon.years(2).periods(from: wed)) == ["2023", "2024"])
        #expect(Horizon.weeks(6).description == "P6W" && Horizon(.month, count: 6) == .months(6))
        // Out of range: a typed error that says why, not nil.
        let empty = #expect(throws: AlmanacError.self) { try Horizon.days(0).span(from: wed) }
        #expect(empty?.kind == .outOfRange && empty?.message == "a horizon of P0D holds no period: its count must be at least 1")
        #expect(throws: AlmanacError.self) { try Horizon.days(-3).periods(from: wed) }
        let beyond = #expect(throws: AlmanacError.self) { try Horizon.days(2).span(from: date(9999, 12, 31)) }
        #expect(beyond?.kind == .outOfRange && beyond?.message == "a horizon of P2D from 9999-12-31 leaves the supported years 0001...9999")
        #expect(throws: AlmanacError.self) { try Horizon.months(Int.max).periods(from: wed) }
        #expect(try Horizon.days(1).periods(from: date(9999, 12, 31)).count == 1)
    }
}
