/// How weeks are numbered: the weekday a week starts on, and how many days of
/// the new year the first week must hold.
///
/// Week 1 of a year is the first week holding at least
/// ``minimumDaysInFirstWeek`` days of that year, which is the week holding
/// January *n* for n = `minimumDaysInFirstWeek`. A week belongs to the year of
/// its week 1 count, so its first days may lie in the previous calendar year
/// (or its last days in the next one).
///
/// ```swift
/// WeekRule.iso                      // Monday first, 4 days: ISO 8601 (week 1 holds the first Thursday)
/// WeekRule.us                       // Sunday first, 1 day: the week of 1 January is week 1
/// let r = try WeekRule(firstWeekday: .sunday, minimumDaysInFirstWeek: 1)
/// try r.week(of: CivilDate(2023, 12, 31))   // (year: 2024, week: 1)
/// r.description                          // "SU1"
/// ```
public struct WeekRule: Sendable, Hashable, CustomStringConvertible {
    /// The weekday every week starts on.
    ///
    /// ```swift
    /// WeekRule.us.firstWeekday   // .sunday
    /// ```
    public let firstWeekday: Weekday
    @usableFromInline let _minimumDays: UInt8

    /// How many days of a year its week 1 holds at least, 1...7.
    ///
    /// ```swift
    /// WeekRule.iso.minimumDaysInFirstWeek   // 4
    /// ```
    @inlinable public var minimumDaysInFirstWeek: Int { Int(_minimumDays) }

    /// A week rule, throwing when `minimumDaysInFirstWeek` is not in `1...7`.
    ///
    /// ```swift
    /// let us = try WeekRule(firstWeekday: .sunday, minimumDaysInFirstWeek: 1)
    /// try WeekRule(firstWeekday: .sunday, minimumDaysInFirstWeek: 8)
    /// // throws: minimum days in the first week 8 is not in 1...7
    /// ```
    ///
    /// - Throws: ``AlmanacError`` of kind ``AlmanacError/Kind/invalidValue``.
    /// - Complexity: O(1).
    @inlinable
    public init(firstWeekday: Weekday, minimumDaysInFirstWeek: Int) throws(AlmanacError) {
        guard (1...7).contains(minimumDaysInFirstWeek) else {
            throw AlmanacError(.invalidValue, "minimum days in the first week \(minimumDaysInFirstWeek) is not in 1...7")
        }
        self.init(_unchecked: firstWeekday, minimumDaysInFirstWeek)
    }

    @inlinable
    package init(_unchecked firstWeekday: Weekday, _ minimumDays: Int) {
        self.firstWeekday = firstWeekday
        self._minimumDays = UInt8(truncatingIfNeeded: minimumDays)
    }

    /// ISO 8601 weeks: Monday first, week 1 holds at least 4 days (the year's
    /// first Thursday, and 4 January). The default everywhere in Almanac.
    ///
    /// ```swift
    /// try WeekRule.iso.week(of: CivilDate(2021, 1, 3))   // (year: 2020, week: 53)
    /// ```
    public static let iso = WeekRule(_unchecked: .monday, 4)

    /// US weeks: Sunday first, week 1 is the week of 1 January.
    ///
    /// ```swift
    /// try WeekRule.us.week(of: CivilDate(2021, 1, 3))    // (year: 2021, week: 2)
    /// ```
    public static let us = WeekRule(_unchecked: .sunday, 1)

    /// Whether this is ``iso``.
    ///
    /// ```swift
    /// WeekRule.iso.isISO   // true
    /// ```
    @inlinable public var isISO: Bool { firstWeekday == .monday && _minimumDays == 4 }

    /// The rule's short code: the RFC 5545 code of the first weekday and the
    /// minimum days, `MO4` for ISO, `SU1` for US weeks. Week periods with a
    /// non-ISO rule carry it after `@` in their text (`2023-W48@SU1`).
    ///
    /// ```swift
    /// WeekRule.us.description   // "SU1"
    /// ```
    public var description: String { firstWeekday.rfcCode + String(minimumDaysInFirstWeek) }

    /// The date that starts week 1 of `year` under this rule, or `nil` when it
    /// lies before 0001-01-01 (or `year` is outside 1...9999).
    ///
    /// ```swift
    /// WeekRule.iso.firstDayOfWeekOne(in: 2025)   // 2024-12-30
    /// WeekRule.us.firstDayOfWeekOne(in: 2023)    // 2023-01-01 (a Sunday)
    /// ```
    ///
    /// - Complexity: O(1).
    public func firstDayOfWeekOne(in year: Int) -> CivilDate? {
        guard _yearRange.contains(year) else { return nil }
        return CivilDate(daysSinceEpoch: _weekOneStart(year))
    }

    /// How many weeks (52 or 53) `year` has under this rule; 0 for a year
    /// outside 1...9999.
    ///
    /// ```swift
    /// WeekRule.iso.weeksInYear(2020)   // 53
    /// WeekRule.iso.weeksInYear(2023)   // 52
    /// ```
    ///
    /// - Complexity: O(1).
    public func weeksInYear(_ year: Int) -> Int {
        guard _yearRange.contains(year) else { return 0 }
        return (_weekOneStart(year + 1) - _weekOneStart(year)) / 7
    }

    /// The week-numbering year and the week number (1...53) of a date. The
    /// last days of 9999 may fall in week 1 of 10000 (under US rules, for one).
    ///
    /// ```swift
    /// try WeekRule.iso.week(of: CivilDate(2024, 12, 30))   // (year: 2025, week: 1)
    /// try WeekRule.us.week(of: CivilDate(2023, 12, 31))    // (year: 2024, week: 1)
    /// ```
    ///
    /// - Complexity: O(1).
    public func week(of date: CivilDate) -> (year: Int, week: Int) {
        _week(ofWeekStarting: _weekStart(ofDay: date.daysSinceEpoch))
    }

    // MARK: Day-number kernels

    /// Day number of the first day of the week holding day number `day`.
    @inlinable @inline(__always)
    func _weekStart(ofDay day: Int) -> Int {
        day - Weekday(rawValue: isoWeekday(ofDays: day))!.offset(from: firstWeekday)
    }

    /// Day number of the first day of week 1 of `year`: the week holding
    /// January `minimumDaysInFirstWeek`.
    @inlinable @inline(__always)
    func _weekOneStart(_ year: Int) -> Int {
        _weekStart(ofDay: daysFromCivil(year, 1, minimumDaysInFirstWeek))
    }

    /// Week-year and number of the week starting on day number `start`. The
    /// week belongs to the year of its day `7 - minimumDays` (counted from 0):
    /// that day falls in 1...7 January exactly for week 1.
    @inlinable @inline(__always)
    func _week(ofWeekStarting start: Int) -> (year: Int, week: Int) {
        let key = start + 7 - minimumDaysInFirstWeek
        let year = civilFromDays(key).year
        return (year, (key - daysFromCivil(year, 1, 1)) / 7 + 1)
    }
}
