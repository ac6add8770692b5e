extension Period {
    /// The period of one day.
    ///
    /// ```swift
    /// try Period.day(CivilDate(2023, 11, 13)).description   // "2023-11-13"
    /// ```
    ///
    /// - Complexity: O(1).
    public static func day(_ date: CivilDate) -> Period {
        let d = date.daysSinceEpoch
        return Period(_first: d, last: d, kind: .day)
    }

    /// Week `week` of the week-numbering `year`, throwing when the year has
    /// no such week or the week would cross 0001-01-01 or 9999-12-31.
    ///
    /// ```swift
    /// try Period.week(2025, 1).firstDay                 // 2024-12-30
    /// try Period.week(2023, 53)                         // throws: week 53 is not in 1...52 for 2023
    /// try Period.week(2024, 1, rule: .us).firstDay      // 2023-12-31
    /// ```
    ///
    /// - Throws: ``AlmanacError`` of kind ``AlmanacError/Kind/invalidValue``
    ///   (a week the year does not have) or ``AlmanacError/Kind/outOfRange``
    ///   (a year outside 1...9999, or a week crossing its ends).
    /// - Complexity: O(1).
    public static func week(_ year: Int, _ week: Int, rule: WeekRule = .iso) throws(AlmanacError) -> Period {
        guard _yearRange.contains(year) else { throw yearError(year) }
        let n = rule.weeksInYear(year)
        guard week >= 1, week <= n else {
            throw AlmanacError(.invalidValue, "week \(week) is not in 1...\(n) for \(year)" + (rule.isISO ? "" : " under rule \(rule)"))
        }
        guard let p = _week(startingOn: rule._weekOneStart(year) + (week - 1) * 7, rule: rule) else {
            throw AlmanacError(.outOfRange, "week \(week) of \(year) crosses the supported range 0001-01-01...9999-12-31")
        }
        return p
    }

    /// The ISO week `isoWeek`.
    ///
    /// ```swift
    /// try Period.week(CivilDate(2023, 11, 30).isoWeek).description   // "2023-W48"
    /// ```
    ///
    /// - Throws: ``AlmanacError`` of kind ``AlmanacError/Kind/outOfRange``
    ///   for week 52 of 9999, which ends on 10000-01-02.
    /// - Complexity: O(1).
    public static func week(_ isoWeek: ISOWeek) throws(AlmanacError) -> Period { try week(isoWeek.year, isoWeek.week) }

    /// Month `month` of `year`.
    ///
    /// ```swift
    /// try Period.month(2024, 2).dayCount   // 29
    /// try Period.month(2024, 13)           // throws: month 13 is not in 1...12
    /// ```
    ///
    /// - Throws: ``AlmanacError`` of kind ``AlmanacError/Kind/invalidValue``
    ///   (a month outside 1...12) or ``AlmanacError/Kind/outOfRange`` (a year
    ///   outside 1...9999).
    /// - Complexity: O(1).
    public static func month(_ year: Int, _ month: Int) throws(AlmanacError) -> Period {
        guard _yearRange.contains(year) else { throw yearError(year) }
        guard (1...12).contains(month) else { throw AlmanacError(.invalidValue, "month \(month) is not in 1...12") }
        return Period.month(unchecked: year, month)
    }

    /// Month `month` of `year`, both in range.
    static func month(unchecked year: Int, _ month: Int) -> Period {
        let first = daysFromCivil(year, month, 1)
        return Period(_first: first, last: first + _daysInMonth(year, month) - 1, kind: .month)
    }

    /// The year `year`.
    ///
    /// ```swift
    /// try Period.year(2024).dayCount   // 366
    /// ```
    ///
    /// - Throws: ``AlmanacError`` of kind ``AlmanacError/Kind/outOfRange``
    ///   outside 1...9999.
    /// - Complexity: O(1).
    public static func year(_ year: Int) throws(AlmanacError) -> Period {
        guard _yearRange.contains(year) else { throw yearError(year) }
        return Period.year(unchecked: year)
    }

    /// The year `year`, in range.
    static func year(unchecked year: Int) -> Period {
        Period(_first: daysFromCivil(year, 1, 1), last: daysFromCivil(year, 12, 31), kind: .year)
    }

    static func yearError(_ year: Int) -> AlmanacError {
        AlmanacError(.outOfRange, "year \(year) is not in the supported range 1...9999")
    }

    /// The span of `dayCount` days starting on `start`.
    ///
    /// ```swift
    /// try Period.span(from: CivilDate(2023, 11, 13), dayCount: 7).description   // "2023-11-13/P7D"
    /// ```
    ///
    /// - Throws: ``AlmanacError`` of kind ``AlmanacError/Kind/invalidValue``
    ///   when `dayCount < 1`, ``AlmanacError/Kind/outOfRange`` when the span
    ///   runs past 9999-12-31.
    /// - Complexity: O(1).
    public static func span(from start: CivilDate, dayCount: Int) throws(AlmanacError) -> Period {
        let first = start.daysSinceEpoch
        guard dayCount >= 1 else { throw AlmanacError(.invalidValue, "a span has at least one day, not \(dayCount)") }
        guard dayCount <= _maxDayNumber - first + 1 else {
            throw AlmanacError(.outOfRange, "a span of \(dayCount) days from \(start) runs past 9999-12-31")
        }
        return Period(_first: first, last: first + dayCount - 1, kind: .span)
    }

    /// The span from `start` through `end`, both included.
    ///
    /// ```swift
    /// try Period.span(from: CivilDate(2023, 11, 13), through: CivilDate(2023, 11, 15)).dayCount   // 3
    /// ```
    ///
    /// - Throws: ``AlmanacError`` of kind ``AlmanacError/Kind/invalidValue``
    ///   when `end` is before `start`.
    /// - Complexity: O(1).
    public static func span(from start: CivilDate, through end: CivilDate) throws(AlmanacError) -> Period {
        let (a, b) = (start.daysSinceEpoch, end.daysSinceEpoch)
        guard a <= b else { throw AlmanacError(.invalidValue, "a span ends on or after its start: \(end) is before \(start)") }
        return Period(_first: a, last: b, kind: .span)
    }

    /// The period of `granularity` that contains `date`; weeks follow
    /// `weekRule`.
    ///
    /// ```swift
    /// try Period.containing(CivilDate(2023, 11, 13), .week).description              // "2023-W46"
    /// try Period.containing(CivilDate(2023, 12, 31), .week, weekRule: .us).description // "2024-W01@SU1"
    /// try Period.containing(CivilDate(2023, 11, 13), .month).description             // "2023-11"
    /// ```
    ///
    /// - Throws: ``AlmanacError`` of kind ``AlmanacError/Kind/outOfRange``
    ///   only for a week that would cross 0001-01-01 or 9999-12-31 (ISO week
    ///   52 of 9999 ends on 10000-01-02).
    /// - Complexity: O(1).
    public static func containing(_ date: CivilDate, _ granularity: Granularity, weekRule: WeekRule = .iso) throws(AlmanacError) -> Period {
        let d = date.daysSinceEpoch
        switch granularity {
        case .day: return Period(_first: d, last: d, kind: .day)
        case .week:
            guard let p = _week(startingOn: weekRule._weekStart(ofDay: d), rule: weekRule) else {
                throw AlmanacError(.outOfRange, "the week of \(date) crosses the supported range 0001-01-01...9999-12-31")
            }
            return p
        case .month: return month(unchecked: date.year, date.month)
        case .year: return year(unchecked: date.year)
        }
    }

    /// The week starting on day number `start`, if it lies in the supported range.
    @inlinable
    static func _week(startingOn start: Int, rule: WeekRule) -> Period? {
        guard start >= _minDayNumber, start + 6 <= _maxDayNumber else { return nil }
        return Period(_first: start, last: start + 6, kind: .week, rule: rule)
    }
}
