/// An ISO 8601 week: the week-numbering year and the week number (1...53).
///
/// Weeks start on Monday and week 1 is the week that holds the year's first
/// Thursday, so 2024-12-30 is in week 1 of 2025. Every ISO week of years
/// 1...9999 starts within them (0001-01-01 is a Monday).
///
/// ```swift
/// let w = try ISOWeek(year: 2024, week: 19)
/// w.firstDay      // 2024-05-06
/// w.description   // "2024-W19"
/// ```
///
/// Codable as its text, `"2024-W19"` (see ``init(parsing:)``).
public struct ISOWeek: Sendable, Hashable, Comparable {
    /// The ISO week-numbering year, which differs from the calendar year for
    /// a few days around 1 January.
    public let year: Int
    /// The week number, 1...53.
    public let week: Int

    /// A week from its year and number, throwing an error that names the
    /// part and its range when the week does not exist.
    ///
    /// ```swift
    /// try ISOWeek(year: 2025, week: 1).firstDay   // 2024-12-30
    /// try ISOWeek(year: 2023, week: 53)           // throws: week 53 is not in 1...52 for 2023
    /// ```
    ///
    /// - Throws: ``AlmanacError`` of kind ``AlmanacError/Kind/invalidValue``
    ///   (a week the year does not have) or ``AlmanacError/Kind/outOfRange``
    ///   (a year outside 1...9999).
    /// - Complexity: O(1).
    public init(year: Int, week: Int) throws(AlmanacError) {
        guard _yearRange.contains(year) else {
            throw AlmanacError(.outOfRange, "year \(year) is not in the supported range 1...9999")
        }
        let n = ISOWeek.weeksInYear(year)
        guard week >= 1, week <= n else { throw AlmanacError(.invalidValue, "week \(week) is not in 1...\(n) for \(year)") }
        self.init(_unchecked: year, week)
    }

    @usableFromInline
    init(_unchecked year: Int, _ week: Int) {
        self.year = year
        self.week = week
    }

    /// The Monday that starts this week.
    ///
    /// ```swift
    /// try ISOWeek(year: 2025, week: 1).firstDay   // 2024-12-30
    /// ```
    public var firstDay: CivilDate {
        CivilDate(_unchecked: _weekOneStart(year: year, weekStart: .monday) + (week - 1) * 7)
    }

    /// How many weeks (52 or 53) the ISO week-numbering year has.
    ///
    /// ```swift
    /// ISOWeek.weeksInYear(2020)   // 53
    /// ```
    public static func weeksInYear(_ year: Int) -> Int { _weeksInYear(year, weekStart: .monday) }

    /// By year, then by week.
    public static func < (a: ISOWeek, b: ISOWeek) -> Bool { (a.year, a.week) < (b.year, b.week) }
}

extension ISOWeek: CustomStringConvertible {
    /// `YYYY-Www`, for example `2023-W48`.
    public var description: String { _pad(year, 4) + "-W" + _pad(week, 2) }
}

extension CivilDate {
    /// The ISO 8601 week this date falls in.
    public var isoWeek: ISOWeek {
        let days = daysSinceEpoch
        let thursday = days - (isoWeekday(ofDays: days) - 1) + 3
        let t = CivilDate(_unchecked: thursday)
        return ISOWeek(_unchecked: t.year, (t.dayOfYear - 1) / 7 + 1)
    }
}

/// Day number of the first day of week 1 of `year` for weeks starting on
/// `weekStart`, with RFC 5545's rule (section 3.3.10, BYWEEKNO): week 1 is the
/// first week with at least four days in the year, i.e. the week holding 4 January.
@inlinable
package func _weekOneStart(year: Int, weekStart: Weekday) -> Int {
    let jan4 = daysFromCivil(year, 1, 4)
    let wd = isoWeekday(ofDays: jan4)
    let back = wd - weekStart.rawValue
    return jan4 - (back < 0 ? back + 7 : back)
}

/// Number of weeks (52 or 53) in `year` under RFC 5545 numbering with `weekStart`.
@inlinable
package func _weeksInYear(_ year: Int, weekStart: Weekday) -> Int {
    (_weekOneStart(year: year + 1, weekStart: weekStart) - _weekOneStart(year: year, weekStart: weekStart)) / 7
}
