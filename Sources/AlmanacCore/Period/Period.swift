/// A run of whole days that a planner lists together: a day, a week, a month,
/// a year, or a span of days (`2023-11-13/P7D`).
///
/// Weeks follow ISO 8601 unless another ``WeekRule`` is given; the rule is
/// part of a week's value, so ISO week 48 of 2023 and a Monday-first week
/// numbered under another rule are different periods even on the same days.
/// Every period lies within 0001-01-01...9999-12-31: the few weeks that would
/// cross either end do not exist, and the functions that would produce them
/// return `nil`.
///
/// All arithmetic runs on day numbers (``CivilDate/daysSinceEpoch``); a
/// period stores its first and last day number, its kind and its week rule.
///
/// ```swift
/// let w = Period.week(2023, 48)!               // 2023-W48: 27 Nov ... 3 Dec 2023
/// w.firstDay                                   // 2023-11-27
/// w.periods(of: .month).map(\.description)     // ["2023-11", "2023-12"]
/// let s = try Period(parsing: "2023-11-13/P7D")
/// s.granularity                                // nil: a span has none
/// s.listGranularity                            // .week (it fits in a week)
/// ```
///
/// Periods compare by first day, then by last day, then by kind (day, week,
/// month, year, span), then by week rule, so the order is total and agrees
/// with `==`.
public struct Period: Sendable, Hashable {
    /// The calendar granularities, finest first: day < week < month < year.
    ///
    /// A span has no granularity (``Period/granularity`` is `nil`); where a
    /// span must be ranked against lists it uses
    /// ``Period/listGranularity``.
    ///
    /// ```swift
    /// Period.Granularity.week < .month    // true
    /// ```
    public enum Granularity: Int, Sendable, Hashable, Codable, CaseIterable, Comparable, CustomStringConvertible {
        case day = 0, week, month, year

        /// The most days a period of this granularity holds: 1, 7, 31, 366.
        ///
        /// - Complexity: O(1).
        public var maximumDayCount: Int {
            switch self {
            case .day: 1
            case .week: 7
            case .month: 31
            case .year: 366
            }
        }

        /// `day`, `week`, `month` or `year`.
        ///
        /// - Complexity: O(1).
        public var description: String {
            switch self {
            case .day: "day"
            case .week: "week"
            case .month: "month"
            case .year: "year"
            }
        }

        /// - Complexity: O(1).
        public static func < (a: Granularity, b: Granularity) -> Bool { a.rawValue < b.rawValue }
    }

    /// Kind codes, in comparison order.
    @usableFromInline enum _Kind: UInt8, Sendable, Hashable {
        case day = 0, week, month, year, span
    }

    @usableFromInline let _first: Int32
    @usableFromInline let _last: Int32
    @usableFromInline let _kind: _Kind
    /// The week rule of a week; ``WeekRule/iso`` for every other kind, so that
    /// synthesized equality and hashing ignore it there.
    @usableFromInline let _rule: WeekRule

    @inlinable
    init(_first first: Int, last: Int, kind: _Kind, rule: WeekRule = .iso) {
        _first = Int32(truncatingIfNeeded: first)
        _last = Int32(truncatingIfNeeded: last)
        _kind = kind
        _rule = kind == .week ? rule : .iso
    }

    // MARK: Making periods

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
        let first = _daysFromCivil(year, month, 1)
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
        return Period(_first: _daysFromCivil(year, 1, 1), last: _daysFromCivil(year, 12, 31), kind: .year)
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

    // MARK: What a period is

    /// The granularity of a day, week, month or year; `nil` for a span.
    ///
    /// - Complexity: O(1).
    public var granularity: Granularity? {
        switch _kind {
        case .day: .day
        case .week: .week
        case .month: .month
        case .year: .year
        case .span: nil
        }
    }

    /// Whether this is a span of days rather than a calendar period.
    ///
    /// - Complexity: O(1).
    @inlinable public var isSpan: Bool { _kind == .span }

    /// The granularity whose lists this period is ranked with: its own
    /// granularity, or for a span the finest granularity whose longest period
    /// holds it (1 day: `.day`; 2...7 days: `.week`; 8...31: `.month`; longer:
    /// `.year`).
    ///
    /// ```swift
    /// Period.span(from: CivilDate(2023, 11, 13)!, dayCount: 3)!.listGranularity   // .week
    /// ```
    ///
    /// - Complexity: O(1).
    public var listGranularity: Granularity {
        if let g = granularity { return g }
        let n = dayCount
        return n == 1 ? .day : n <= 7 ? .week : n <= 31 ? .month : .year
    }

    /// The week rule of a week, `nil` for every other kind.
    ///
    /// - Complexity: O(1).
    public var weekRule: WeekRule? { _kind == .week ? _rule : nil }

    /// The week-numbering year and week number of a week, `nil` for every other kind.
    ///
    /// ```swift
    /// Period.containing(CivilDate(2024, 12, 30)!, .week)!.week   // (year: 2025, number: 1)
    /// ```
    ///
    /// - Complexity: O(1).
    public var week: (year: Int, number: Int)? {
        guard _kind == .week else { return nil }
        let w = _rule._week(ofWeekStarting: Int(_first))
        return (w.year, w.week)
    }

    /// The first day.
    ///
    /// - Complexity: O(1).
    @inlinable public var firstDay: CivilDate { CivilDate(_unchecked: Int(_first)) }

    /// The last day (included).
    ///
    /// - Complexity: O(1).
    @inlinable public var lastDay: CivilDate { CivilDate(_unchecked: Int(_last)) }

    /// How many days the period holds (at least 1).
    ///
    /// - Complexity: O(1).
    @inlinable public var dayCount: Int { Int(_last) - Int(_first) + 1 }

    /// The days of the period in order, as a lazy random-access collection.
    ///
    /// ```swift
    /// Period.week(2023, 48)!.dates.map(\.day)   // [27, 28, 29, 30, 1, 2, 3]
    /// ```
    ///
    /// - Complexity: O(1) to make; each element is O(1).
    public var dates: Dates { Dates(_first: Int(_first), count: dayCount) }

    /// The days of a period: a random-access collection computed from day numbers.
    ///
    /// ```swift
    /// for d in Period.month(2023, 2)!.dates { print(d) }   // 2023-02-01 ... 2023-02-28
    /// ```
    public struct Dates: RandomAccessCollection, Sendable, Hashable {
        @usableFromInline let _first: Int
        /// The number of days.
        ///
        /// - Complexity: O(1).
        public let count: Int

        @inlinable init(_first: Int, count: Int) {
            self._first = _first
            self.count = count
        }

        /// Always 0.
        ///
        /// - Complexity: O(1).
        @inlinable public var startIndex: Int { 0 }
        /// ``count``.
        ///
        /// - Complexity: O(1).
        @inlinable public var endIndex: Int { count }
        /// The day at offset `i` from the first day.
        ///
        /// - Complexity: O(1).
        @inlinable public subscript(i: Int) -> CivilDate {
            precondition(i >= 0 && i < count, "index out of range")
            return CivilDate(_unchecked: _first + i)
        }
    }
}

extension Period: Comparable {
    /// By first day, then last day, then kind (day, week, month, year, span),
    /// then week rule (first weekday, minimum days).
    ///
    /// - Complexity: O(1).
    @inlinable
    public static func < (a: Period, b: Period) -> Bool {
        (a._first, a._last, a._kind.rawValue, a._rule.firstWeekday.rawValue, a._rule._minimumDays)
            < (b._first, b._last, b._kind.rawValue, b._rule.firstWeekday.rawValue, b._rule._minimumDays)
    }
}
