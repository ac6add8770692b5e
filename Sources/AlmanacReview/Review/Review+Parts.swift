import Almanac

extension Review {
    /// A week, month or year that shares days with the review's period, and
    /// the tally of those shared days only.
    ///
    /// ```swift
    /// for w in review.weeks { print(w.period, w.days.dayCount, w.tally.completion ?? 0) }
    /// // 2023-W48 3 ... (27 Nov - 3 Dec has 3 days in December)
    /// ```
    public struct PartSummary: Sendable, Hashable {
        /// The whole week, month or year.
        ///
        /// ```swift
        /// part.period   // 2023-W48
        /// ```
        public var period: Period
        /// The days it shares with the review's period.
        ///
        /// ```swift
        /// part.days   // 2023-12-01/P3D in a review of December 2023
        /// ```
        public var days: Period
        /// The tally of those days.
        ///
        /// ```swift
        /// part.tally.expected
        /// ```
        public var tally: Tally
    }

    /// The ISO weeks the period overlaps, each with the days it has in the
    /// period and their tally: a month review's weeks (the first and last
    /// weeks of a month usually have fewer than seven days in it).
    ///
    /// ```swift
    /// try Review(of: .month(2023, 12), ...).weeks.first?.days.dayCount   // 3 (1-3 December of 2023-W48)
    /// ```
    public var weeks: [PartSummary] { parts(of: .week) }

    /// The weeks, months or years the period overlaps, each with the days it
    /// has in the period and their tally (the tallies add up to ``totals``).
    ///
    /// ```swift
    /// review.parts(of: .month).map(\.period)   // [2023-11, 2023-12] for 2023-W48
    /// ```
    ///
    /// - Complexity: O(days of the period).
    public func parts(of granularity: Period.Granularity, weekRule: WeekRule = .iso) -> [PartSummary] {
        period.periods(of: granularity, weekRule: weekRule).compactMap { p in
            guard let shared = p.intersection(period) else { return nil }
            return PartSummary(period: p, days: shared, tally: tally(in: shared))
        }
    }

    /// The tally of the period's days that lie in `other`.
    ///
    /// ```swift
    /// try review.tally(in: .day(CivilDate(2023, 11, 28))).expected
    /// ```
    ///
    /// - Complexity: O(days shared).
    public func tally(in other: Period) -> Tally {
        guard let shared = other.intersection(period) else { return Tally() }
        let from = shared.firstDay.daysSinceEpoch - period.firstDay.daysSinceEpoch
        var t = Tally()
        for d in days[from..<(from + shared.dayCount)] { t += d.tally }
        return t
    }
}
