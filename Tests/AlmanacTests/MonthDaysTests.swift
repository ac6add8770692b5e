import Testing
@testable import Almanac

/// A MONTHLY frame's candidate days (`DayParts.monthDays`) read straight
/// from the masks when only BYMONTHDAY or only BYDAY is given: checked
/// against RFC 5545's definition day by day, for every month of 2023-2025
/// (28 to 31 days, every weekday of the 1st) and SKIP's moves (RFC 7529).
@Suite struct MonthDaysTests {
    static let rules = [
        "FREQ=MONTHLY;BYMONTHDAY=1,15,-1", "FREQ=MONTHLY;BYMONTHDAY=31", "FREQ=MONTHLY;BYMONTHDAY=-31,29,30",
        "RSCALE=GREGORIAN;FREQ=MONTHLY;BYMONTHDAY=31;SKIP=BACKWARD", "RSCALE=GREGORIAN;FREQ=MONTHLY;BYMONTHDAY=-30,31;SKIP=FORWARD",
        "FREQ=MONTHLY;BYDAY=MO,FR", "FREQ=MONTHLY;BYDAY=2TU,-1FR", "FREQ=MONTHLY;BYDAY=5SU,SA", "FREQ=MONTHLY;BYDAY=-5MO,1WE,TH",
    ]

    @Test(arguments: rules)
    func masksGiveTheDaysTheRuleNames(_ text: String) throws {
        let rule = try RecurrenceRule(text)
        let parts = try DayParts(rule: rule, start: CivilDate(2023, 1, 1), scale: nil)
        for year in 2023...2025 {
            for month in 1...12 {
                let first = try CivilDate(year, month, 1).daysSinceEpoch, length = _daysInMonth(year, month)
                var expected: [Int] = []
                for d in 1...length {
                    let weekday = isoWeekday(ofDays: first + d - 1)
                    let k = (d - 1) / 7 + 1, kLast = (length - d) / 7 + 1
                    let byDay = rule.byDay.contains { $0.weekday.rawValue == weekday && ($0.ordinal == nil || $0.ordinal == k || $0.ordinal == -kLast) }
                    let byMonthDay = rule.byMonthDay.contains { $0 == d || $0 == d - length - 1 }
                    if rule.byDay.isEmpty ? byMonthDay : byDay { expected.append(d) }
                }
                // SKIP (RFC 7529 section 3.2): a day past the end moves to the
                // last day (BACKWARD) or the next month's 1st (FORWARD); one
                // before the start (-31 in a 30-day month) to the day before
                // the 1st (BACKWARD) or to the 1st (FORWARD).
                let tooLate = rule.byMonthDay.contains { $0 > length }, tooEarly = rule.byMonthDay.contains { $0 < -length }
                switch rule.skip {
                case .backward?: expected += (tooLate ? [length] : []) + (tooEarly ? [0] : [])
                case .forward?: expected += (tooLate ? [length + 1] : []) + (tooEarly ? [1] : [])
                default: break
                }
                let set = parts.monthDays(year, month)
                var got: [Int] = [], i = set.next(from: 0)
                while let j = i { got.append(j - parts.monthLead + 1); i = set.next(from: j + 1) }
                #expect(got == Array(Set(expected)).sorted(), "\(text) in \(year)-\(month)")
            }
        }
    }
}
