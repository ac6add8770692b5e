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
/// let w = try Period.week(2023, 48)               // 2023-W48: 27 Nov ... 3 Dec 2023
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

    // MARK: What a period is

    /// The granularity of a day, week, month or year; `nil` for a span.
    ///
    /// ```swift
    /// try Period.week(2023, 48).granularity                                 // .week
    /// try Period.span(from: CivilDate(2023, 11, 13), dayCount: 7).granularity   // nil
    /// ```
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
    /// ```swift
    /// try Period(parsing: "2023-11-13/P7D").isSpan   // true
    /// ```
    @inlinable public var isSpan: Bool { _kind == .span }

    /// The granularity whose lists this period is ranked with: its own
    /// granularity, or for a span the finest granularity whose longest period
    /// holds it (1 day: `.day`; 2...7 days: `.week`; 8...31: `.month`; longer:
    /// `.year`).
    ///
    /// ```swift
    /// try Period.span(from: CivilDate(2023, 11, 13), dayCount: 3).listGranularity   // .week
    /// ```
    public var listGranularity: Granularity {
        if let g = granularity { return g }
        let n = dayCount
        return n == 1 ? .day : n <= 7 ? .week : n <= 31 ? .month : .year
    }

    /// The week rule of a week, `nil` for every other kind.
    ///
    /// ```swift
    /// try Period(parsing: "2024-W01@SU1").weekRule   // .us
    /// try Period.month(2023, 11).weekRule                 // nil
    /// ```
    public var weekRule: WeekRule? { _kind == .week ? _rule : nil }

    /// The week-numbering year and week number of a week, `nil` for every other kind.
    ///
    /// ```swift
    /// try Period.containing(CivilDate(2024, 12, 30), .week).weekOfYear   // (year: 2025, week: 1)
    /// ```
    public var weekOfYear: (year: Int, week: Int)? {
        guard _kind == .week else { return nil }
        return _rule._week(ofWeekStarting: Int(_first))
    }

    /// The first day.
    ///
    /// ```swift
    /// try Period.week(2025, 1).firstDay   // 2024-12-30
    /// ```
    @inlinable public var firstDay: CivilDate { CivilDate(_unchecked: Int(_first)) }

    /// The last day (included).
    ///
    /// ```swift
    /// try Period.week(2025, 1).lastDay    // 2025-01-05
    /// ```
    @inlinable public var lastDay: CivilDate { CivilDate(_unchecked: Int(_last)) }

    /// How many days the period holds (at least 1).
    ///
    /// ```swift
    /// try Period.year(2024).dayCount   // 366
    /// ```
    @inlinable public var dayCount: Int { Int(_last) - Int(_first) + 1 }

    /// The days of the period in order, as a lazy random-access collection.
    ///
    /// ```swift
    /// try Period.week(2023, 48).dates.map(\.day)   // [27, 28, 29, 30, 1, 2, 3]
    /// ```
    ///
    /// - Complexity: O(1) to make; each element is O(1).
    public var dates: Dates { Dates(_first: Int(_first), count: dayCount) }
}

extension Period: Comparable {
    /// By first day, then last day, then kind (day, week, month, year, span),
    /// then week rule (first weekday, minimum days).
    ///
    /// ```swift
    /// try Period.month(2023, 11) < Period.day(CivilDate(2023, 11, 2))   // true: it starts first
    /// ```
    ///
    /// - Complexity: O(1).
    @inlinable
    public static func < (a: Period, b: Period) -> Bool {
        (a._first, a._last, a._kind.rawValue, a._rule.firstWeekday.rawValue, a._rule._minimumDays)
            < (b._first, b._last, b._kind.rawValue, b._rule.firstWeekday.rawValue, b._rule._minimumDays)
    }
}
