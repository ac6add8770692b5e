extension Period {
    /// Whether `date` is one of the period's days.
    ///
    /// ```swift
    /// try Period.week(2023, 48).contains(CivilDate(2023, 12, 3))   // true
    /// ```
    ///
    /// - Complexity: O(1).
    @inlinable
    public func contains(_ date: CivilDate) -> Bool {
        let d = date.daysSinceEpoch
        return Int(_first) <= d && d <= Int(_last)
    }

    /// Whether every day of `other` is a day of this period.
    ///
    /// ```swift
    /// try Period.year(2023).contains(Period.month(2023, 11))   // true
    /// try Period.month(2023, 11).contains(Period.week(2023, 48))   // false: it ends in December
    /// ```
    ///
    /// - Complexity: O(1).
    @inlinable
    public func contains(_ other: Period) -> Bool { _first <= other._first && other._last <= _last }

    /// Whether the two periods share at least one day.
    ///
    /// ```swift
    /// try Period.week(2023, 48).overlaps(Period.month(2023, 12))   // true
    /// ```
    ///
    /// - Complexity: O(1).
    @inlinable
    public func overlaps(_ other: Period) -> Bool { _first <= other._last && other._first <= _last }

    /// The days the two periods share, as a span, or `nil` when they share none.
    /// The result is always a span, even when it covers a whole calendar period.
    ///
    /// ```swift
    /// try Period.week(2023, 48).intersection(Period.month(2023, 12))!.description   // "2023-12-01/P3D"
    /// ```
    ///
    /// - Complexity: O(1).
    public func intersection(_ other: Period) -> Period? {
        let a = max(_first, other._first), b = min(_last, other._last)
        guard a <= b else { return nil }
        return Period(_first: Int(a), last: Int(b), kind: .span)
    }

    /// The periods of `granularity` that share a day with this one, in order.
    /// Coarser granularities give the periods that hold it; finer ones the
    /// periods it is made of, including partial ones at either end.
    ///
    /// ```swift
    /// try Period.week(2023, 48).periods(of: .month).map(\.description)   // ["2023-11", "2023-12"]
    /// try Period.week(2025, 1).periods(of: .year).map(\.description)     // ["2024", "2025"]
    /// try Period.month(2023, 11).periods(of: .week).count                // 5 (W44 ... W48)
    /// ```
    ///
    /// Weeks that would cross 0001-01-01 or 9999-12-31 do not exist, so near
    /// those ends the result may not cover every day.
    ///
    /// - Complexity: O(k), where k is the number of periods returned.
    public func periods(of granularity: Granularity, weekRule: WeekRule = .iso) -> [Period] {
        Period._periods(of: granularity, from: Int(_first), through: Int(_last), rule: weekRule)
    }

    /// The periods of `granularity` that share a day with `start...end`, in
    /// order; empty when `end` is before `start`.
    ///
    /// ```swift
    /// try Period.periods(of: .week, from: CivilDate(2023, 11, 1), through: CivilDate(2023, 11, 30))
    ///     .map(\.description)   // ["2023-W44", "2023-W45", "2023-W46", "2023-W47", "2023-W48"]
    /// ```
    ///
    /// - Complexity: O(k), where k is the number of periods returned.
    public static func periods(of granularity: Granularity, from start: CivilDate, through end: CivilDate,
                               weekRule: WeekRule = .iso) -> [Period] {
        _periods(of: granularity, from: start.daysSinceEpoch, through: end.daysSinceEpoch, rule: weekRule)
    }

    static func _periods(of granularity: Granularity, from a: Int, through b: Int, rule: WeekRule) -> [Period] {
        guard a <= b else { return [] }
        var out: [Period] = []
        switch granularity {
        case .day:
            out.reserveCapacity(b - a + 1)
            for d in a...b { out.append(Period(_first: d, last: d, kind: .day)) }
        case .week:
            let s0 = rule._weekStart(ofDay: a), s1 = rule._weekStart(ofDay: b)
            out.reserveCapacity((s1 - s0) / 7 + 1)
            for s in stride(from: s0, through: s1, by: 7) {
                if let w = _week(startingOn: s, rule: rule) { out.append(w) }
            }
        case .month:
            let ca = civilFromDays(a), cb = civilFromDays(b)
            let m0 = ca.year * 12 + ca.month - 1, m1 = cb.year * 12 + cb.month - 1
            out.reserveCapacity(m1 - m0 + 1)
            for m in m0...m1 { out.append(month(unchecked: m / 12, m % 12 + 1)) }
        case .year:
            let y0 = civilFromDays(a).year, y1 = civilFromDays(b).year
            out.reserveCapacity(y1 - y0 + 1)
            for y in y0...y1 { out.append(year(unchecked: y)) }
        }
        return out
    }

    /// The period `n` steps later (earlier when `n` is negative) of the same
    /// kind: the `n`th next day, week (same rule), month or year; for a span,
    /// the span of the same length shifted by `n` times its length. `nil` when
    /// the result would leave 0001-01-01...9999-12-31.
    ///
    /// ```swift
    /// try Period.month(2023, 11).advanced(by: 3)!.description   // "2024-02"
    /// try Period.span(from: CivilDate(2023, 11, 13), dayCount: 7).advanced(by: -1)!.description   // "2023-11-06/P7D"
    /// try Period.year(9999).advanced(by: 1)                     // nil
    /// ```
    ///
    /// - Complexity: O(1).
    public func advanced(by n: Int) -> Period? {
        // More steps than there are days in the range can never land in it;
        // bounding n first keeps the products below from overflowing.
        guard n.magnitude <= UInt(_maxDayNumber - _minDayNumber + 1) else { return nil }
        switch _kind {
        case .day, .span, .week:
            let shift = n * dayCount
            let a = Int(_first) + shift, b = Int(_last) + shift
            guard a >= _minDayNumber, b <= _maxDayNumber else { return nil }
            return Period(_first: a, last: b, kind: _kind, rule: _rule)
        case .month:
            let c = firstDay
            let m = c.year * 12 + c.month - 1 + n
            return try? Period.month(floorDiv(m, 12), floorMod(m, 12) + 1)
        case .year:
            return try? Period.year(firstDay.year + n)
        }
    }

    /// The next period of the same kind (see ``advanced(by:)``), or `nil` at 9999-12-31.
    ///
    /// ```swift
    /// try Period.week(2023, 52).next!.description   // "2024-W01"
    /// ```
    public var next: Period? { advanced(by: 1) }

    /// The previous period of the same kind (see ``advanced(by:)``), or `nil` at 0001-01-01.
    ///
    /// ```swift
    /// try Period.month(2024, 1).previous!.description   // "2023-12"
    /// ```
    public var previous: Period? { advanced(by: -1) }
}
