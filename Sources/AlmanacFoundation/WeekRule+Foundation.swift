import Almanac
import Foundation

extension WeekRule {
    /// The week rule of a Foundation `Calendar`: its `firstWeekday` (1 is
    /// Sunday in Foundation) and `minimumDaysInFirstWeek` (clamped to 1...7).
    /// Only the Gregorian calendar numbers weeks the way Almanac does.
    ///
    /// ```swift
    /// WeekRule(Calendar(identifier: .gregorian))          // .us with a US locale
    /// WeekRule(Calendar(identifier: .iso8601))            // .iso
    /// ```
    ///
    /// - Complexity: O(1).
    public init(_ calendar: Calendar) {
        let weekday = Weekday(rawValue: calendar.firstWeekday == 1 ? 7 : calendar.firstWeekday - 1) ?? .monday
        self.init(_unchecked: weekday, min(7, max(1, calendar.minimumDaysInFirstWeek)))
    }
}

extension Calendar {
    /// A Gregorian calendar in `timeZone` that numbers weeks by `rule`.
    ///
    /// ```swift
    /// let c = Calendar(gregorianWith: .iso, timeZone: TimeZone(identifier: "UTC")!)
    /// c.minimumDaysInFirstWeek   // 4
    /// ```
    ///
    /// - Complexity: O(1).
    public init(gregorianWith rule: WeekRule, timeZone: TimeZone) {
        self.init(identifier: .gregorian)
        self.timeZone = timeZone
        self.firstWeekday = rule.firstWeekday == .sunday ? 1 : rule.firstWeekday.rawValue + 1
        self.minimumDaysInFirstWeek = rule.minimumDaysInFirstWeek
    }
}
