extension Period {
    /// The period of one day.
    ///
    /// ```swift
    /// Period.day(CivilDate(2023, 11, 13)!).description   // "2023-11-13"
    /// ```
    ///
    /// - Complexity: O(1).
    public static func day(_ date: CivilDate) -> Period {
        let d = date.daysSinceEpoch
        return Period(_first: d, last: d, kind: .day)
    }

    /// Week `week` of the week-numbering `year`, or `nil` when the year has no
    /// such week or the week would cross 0001-01-01 or 9999-12-31.
    ///
    /// ```swift
    /// Period.week(2025, 1)!.firstDay                    // 2024-12-30
    /// Period.week(2023, 53)                             // nil: 2023 has 52 ISO weeks
    /// Period.week(2024, 1, rule: .us)!.firstDay         // 2023-12-31
    /// ```
    ///
    /// - Complexity: O(1).
    public static func week(_ year: Int, _ week: Int, rule: WeekRule = .iso) -> Period? {
        guard _yearRange.contains(year), week >= 1, week <= rule.weeksInYear(year) else { return nil }
        return _week(startingOn: rule._weekOneStart(year) + (week - 1) * 7, rule: rule)
    }

    /// The ISO week `isoWeek`, or `nil` when it does not exist.
    ///
    /// ```swift
    /// Period.week(CivilDate(2023, 11, 30)!.isoWeek)!.description   // "2023-W48"
    /// ```
    ///
    /// - Complexity: O(1).
    public static func week(_ isoWeek: ISOWeek) -> Period? { week(isoWeek.year, isoWeek.week) }

    /// Month `month` of `year`, or `nil` outside 1...12 or years 1...9999.
    ///
    /// ```swift
    /// Period.month(2024, 2)!.dayCount   // 29
    /// ```
    ///
    /// - Complexity: O(1).
    public static func month(_ year: Int, _ month: Int) -> Period? {
        guard _yearRange.contains(year), (1...12).contains(month) else { return nil }
        let first = daysFromCivil(year, month, 1)
        return Period(_first: first, last: first + _daysInMonth(year, month) - 1, kind: .month)
    }

    /// The year `year`, or `nil` outside 1...9999.
    ///
    /// ```swift
    /// Period.year(2024)!.dayCount   // 366
    /// ```
    ///
    /// - Complexity: O(1).
    public static func year(_ year: Int) -> Period? {
        guard _yearRange.contains(year) else { return nil }
        return Period(_first: daysFromCivil(year, 1, 1), last: daysFromCivil(year, 12, 31), kind: .year)
    }

    /// The span of `dayCount` days starting on `start`, or `nil` when
    /// `dayCount < 1` or the span runs past 9999-12-31.
    ///
    /// ```swift
    /// Period.span(from: CivilDate(2023, 11, 13)!, dayCount: 7)!.description   // "2023-11-13/P7D"
    /// ```
    ///
    /// - Complexity: O(1).
    public static func span(from start: CivilDate, dayCount: Int) -> Period? {
        let first = start.daysSinceEpoch
        guard dayCount >= 1, dayCount <= _maxDayNumber - first + 1 else { return nil }
        return Period(_first: first, last: first + dayCount - 1, kind: .span)
    }

    /// The span from `start` through `end`, both included, or `nil` when
    /// `end` is before `start`.
    ///
    /// ```swift
    /// Period.span(from: CivilDate(2023, 11, 13)!, through: CivilDate(2023, 11, 15)!)!.dayCount   // 3
    /// ```
    ///
    /// - Complexity: O(1).
    public static func span(from start: CivilDate, through end: CivilDate) -> Period? {
        let (a, b) = (start.daysSinceEpoch, end.daysSinceEpoch)
        guard a <= b else { return nil }
        return Period(_first: a, last: b, kind: .span)
    }

    /// The period of `granularity` that contains `date`; weeks follow
    /// `weekRule`. `nil` only for a week that would cross 0001-01-01 or
    /// 9999-12-31 (ISO week 52 of 9999 ends on 10000-01-02).
    ///
    /// ```swift
    /// Period.containing(CivilDate(2023, 11, 13)!, .week)!.description              // "2023-W46"
    /// Period.containing(CivilDate(2023, 12, 31)!, .week, weekRule: .us)!.description // "2024-W01@SU1"
    /// Period.containing(CivilDate(2023, 11, 13)!, .month)!.description             // "2023-11"
    /// ```
    ///
    /// - Complexity: O(1).
    public static func containing(_ date: CivilDate, _ granularity: Granularity, weekRule: WeekRule = .iso) -> Period? {
        let d = date.daysSinceEpoch
        switch granularity {
        case .day: return Period(_first: d, last: d, kind: .day)
        case .week: return _week(startingOn: weekRule._weekStart(ofDay: d), rule: weekRule)
        case .month: return month(date.year, date.month)
        case .year: return year(date.year)
        }
    }

    /// The week starting on day number `start`, if it lies in the supported range.
    @inlinable
    static func _week(startingOn start: Int, rule: WeekRule) -> Period? {
        guard start >= _minDayNumber, start + 6 <= _maxDayNumber else { return nil }
        return Period(_first: start, last: start + 6, kind: .week, rule: rule)
    }
}
