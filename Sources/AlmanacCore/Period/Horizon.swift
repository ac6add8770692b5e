/// A rolling horizon from a date: the next *n* days, weeks, months or years.
///
/// A horizon is made of whole periods, the first of which contains the start
/// date: "6 weeks from Wednesday 15 November 2023" is the week holding that
/// Wednesday (from Monday 13 November) and the 5 weeks after it, and "6
/// months from 15 November" is November 2023 through April 2024. A day
/// horizon therefore starts exactly on the date.
///
/// ```swift
/// let d = try CivilDate(2023, 11, 15)
/// try Horizon.days(7).span(from: d).description                 // "2023-11-15/P7D"
/// try Horizon.weeks(6).span(from: d).description                // "2023-11-13/P42D"
/// try Horizon.months(6).periods(from: d).map(\.description)     // ["2023-11", ..., "2024-04"]
/// ```
///
/// Codable as its text, `"P6W"` (see ``init(parsing:)``).
public struct Horizon: Sendable, Hashable, CustomStringConvertible {
    /// The granularity of the periods the horizon is made of.
    ///
    /// ```swift
    /// Horizon.weeks(6).granularity   // .week
    /// ```
    public let granularity: Period.Granularity
    /// How many periods (at least 1 for a usable horizon).
    ///
    /// ```swift
    /// Horizon.weeks(6).count   // 6
    /// ```
    public let count: Int

    /// A horizon of `count` periods of `granularity`.
    ///
    /// ```swift
    /// Horizon(.week, count: 6) == .weeks(6)   // true
    /// ```
    public init(_ granularity: Period.Granularity, count: Int) {
        self.granularity = granularity
        self.count = count
    }

    /// The `n` days starting on the date.
    ///
    /// ```swift
    /// try Horizon.days(7).periods(from: CivilDate(2023, 11, 15)).count   // 7 days, 15 ... 21 November
    /// ```
    public static func days(_ n: Int) -> Horizon { Horizon(.day, count: n) }

    /// The week containing the date and the `n - 1` weeks after it.
    ///
    /// ```swift
    /// try Horizon.weeks(6).span(from: CivilDate(2023, 11, 15)).description   // "2023-11-13/P42D"
    /// ```
    public static func weeks(_ n: Int) -> Horizon { Horizon(.week, count: n) }

    /// The month containing the date and the `n - 1` months after it.
    ///
    /// ```swift
    /// try Horizon.months(6).span(from: CivilDate(2023, 11, 15)).lastDay   // 2024-04-30
    /// ```
    public static func months(_ n: Int) -> Horizon { Horizon(.month, count: n) }

    /// The year containing the date and the `n - 1` years after it.
    ///
    /// ```swift
    /// try Horizon.years(2).span(from: CivilDate(2023, 11, 15)).description   // "2023-01-01/P731D"
    /// ```
    public static func years(_ n: Int) -> Horizon { Horizon(.year, count: n) }

    /// The periods of the horizon from `date`, in order; weeks follow
    /// `weekRule`.
    ///
    /// ```swift
    /// try Horizon.weeks(2).periods(from: CivilDate(2023, 12, 27)).map(\.description)   // ["2023-W52", "2024-W01"]
    /// ```
    ///
    /// - Throws: ``AlmanacError`` of kind ``AlmanacError/Kind/outOfRange``
    ///   when ``count`` is below 1 or a period would leave
    ///   0001-01-01...9999-12-31.
    /// - Complexity: O(count).
    public func periods(from date: CivilDate, weekRule: WeekRule = .iso) throws(AlmanacError) -> [Period] {
        let first = try _first(date, weekRule)
        guard first.advanced(by: count - 1) != nil else { throw _beyond(date) }
        var out: [Period] = []
        out.reserveCapacity(count)
        var p = first
        for i in 0..<count {
            out.append(p)
            if i < count - 1 { p = p.next! }
        }
        return out
    }

    /// The days of the horizon from `date` as one span, from the first day of
    /// its first period to the last day of its last.
    ///
    /// ```swift
    /// try Horizon.months(2).span(from: CivilDate(2023, 11, 15)).description   // "2023-11-01/P61D"
    /// ```
    ///
    /// - Throws: as ``periods(from:weekRule:)``.
    /// - Complexity: O(1).
    public func span(from date: CivilDate, weekRule: WeekRule = .iso) throws(AlmanacError) -> Period {
        let first = try _first(date, weekRule)
        guard let last = first.advanced(by: count - 1) else { throw _beyond(date) }
        return try Period.span(from: first.firstDay, through: last.lastDay)
    }

    private func _first(_ date: CivilDate, _ rule: WeekRule) throws(AlmanacError) -> Period {
        guard count >= 1 else { throw AlmanacError(.outOfRange, "a horizon of \(description) holds no period: its count must be at least 1") }
        return try Period.containing(date, granularity, weekRule: rule)
    }

    private func _beyond(_ date: CivilDate) -> AlmanacError {
        AlmanacError(.outOfRange, "a horizon of \(description) from \(date) leaves the supported years 0001...9999")
    }

    /// An ISO 8601 duration naming the horizon: `P7D`, `P6W`, `P6M`, `P1Y`.
    ///
    /// ```swift
    /// Horizon.months(6).description   // "P6M"
    /// ```
    public var description: String {
        let unit = switch granularity {
        case .day: "D"
        case .week: "W"
        case .month: "M"
        case .year: "Y"
        }
        return "P" + String(count) + unit
    }
}
