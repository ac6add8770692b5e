import AlmanacTestSupport
import AlmanacFoundation
import Foundation
import Testing
@testable import Almanac

/// Week numbers against Foundation's Gregorian calendar (`weekOfYear`,
/// `yearForWeekOfYear`) as an independent oracle, for ISO, US and every other
/// first weekday and minimum, on dates after the 1582 cutover Foundation applies.
@Suite struct PeriodFoundationTests {
    @Test func weekRulesRoundTripThroughCalendar() throws {
        let utc = TimeZone(identifier: "UTC")!
        for wd in Weekday.allCases {
            for m in 1...7 {
                let rule = try WeekRule(firstWeekday: wd, minimumDaysInFirstWeek: m)
                #expect(WeekRule(Calendar(gregorianWith: rule, timeZone: utc)) == rule)
            }
        }
        #expect(WeekRule(Calendar(identifier: .iso8601)) == .iso)
    }

    @Test func weekNumbersMatchFoundation() throws {
        let utc = TimeZone(identifier: "UTC")!
        var g = SplitMix64(seed: 0xF0_0D)
        for wd in Weekday.allCases {
            for m in 1...7 {
                let rule = try WeekRule(firstWeekday: wd, minimumDaysInFirstWeek: m)
                let calendar = Calendar(gregorianWith: rule, timeZone: utc)
                for i in 0..<60 {
                    // Half the dates within ten days of a new year, where rules disagree.
                    let d = i % 2 == 0 ? g.date(years: 1900...2100)
                        : try CivilDate(2000 + i, 1, 1).adding(days: Int.random(in: -10...10, using: &g))
                    let instant = try Date(Timestamp(utc: d.at(12, 0)))
                    let c = calendar.dateComponents([.weekOfYear, .yearForWeekOfYear], from: instant)
                    let w = rule.week(of: d)
                    #expect(w.year == c.yearForWeekOfYear && w.week == c.weekOfYear, "\(d) \(rule)")
                    #expect(try Period.containing(d, .week, weekRule: rule).weekOfYear! == w)
                }
            }
        }
    }
}
