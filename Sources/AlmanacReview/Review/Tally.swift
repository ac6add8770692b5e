import Almanac

/// Counts of expected days and what was recorded for them: the cell of
/// every review table (an event, a day, a weekday, an hour, the total).
///
/// ```swift
/// var t = Tally()
/// t.add(.done); t.add(.partial(fraction: nil)); t.add(nil)
/// t.expected     // 3
/// t.completion   // 0.5: (1 + 0.5) / 3
/// ```
///
/// Each expected day counts once, with its winning record (the latest;
/// see ``DayRecord``): done, partial, skipped, or none (unrecorded). A
/// partial day adds its fraction to ``partialCredit``, 0.5 when the
/// fraction is unknown. Tallies add up: the tally of a month is the sum of
/// the tallies of its days.
public struct Tally: Sendable, Hashable, Codable {
    /// Days expected: every day slice of the period's occurrences.
    ///
    /// ```swift
    /// review.totals.expected   // 12
    /// ```
    public var expected: Int = 0
    /// Days marked done.
    ///
    /// ```swift
    /// review.totals.done   // 6
    /// ```
    public var done: Int = 0
    /// Days marked partly done.
    ///
    /// ```swift
    /// review.totals.partial   // 2
    /// ```
    public var partial: Int = 0
    /// The summed fractions of the partly done days (an unknown fraction counts 0.5).
    ///
    /// ```swift
    /// review.totals.partialCredit   // 1.25
    /// ```
    public var partialCredit: Double = 0
    /// Days marked skipped.
    ///
    /// ```swift
    /// review.totals.skipped   // 1
    /// ```
    public var skipped: Int = 0

    /// An empty tally.
    ///
    /// ```swift
    /// Tally().expected   // 0
    /// ```
    public init() {}

    /// Expected days with no record.
    ///
    /// ```swift
    /// review.totals.unrecorded   // 3
    /// ```
    public var unrecorded: Int { expected - done - partial - skipped }

    /// (done + partial credit) / expected, from 0 to 1; nil when nothing was expected.
    ///
    /// ```swift
    /// review.totals.completion   // 0.604...
    /// ```
    public var completion: Double? {
        expected == 0 ? nil : (Double(done) + partialCredit) / Double(expected)
    }

    /// Whether some but not all of the expected work was done: completion strictly between 0 and 1.
    ///
    /// ```swift
    /// event.tally.isPartlyComplete   // true for 2 of 3 days done
    /// ```
    public var isPartlyComplete: Bool {
        guard let c = completion else { return false }
        return c > 0 && c < 1
    }

    /// Counts one expected day with its winning mark (nil: unrecorded).
    ///
    /// ```swift
    /// t.add(.skipped)
    /// ```
    public mutating func add(_ mark: DayRecord.Mark?) {
        expected += 1
        switch mark {
        case .done?: done += 1
        case .partial?: partial += 1; partialCredit += mark!.credit
        case .skipped?: skipped += 1
        case nil: break
        }
    }

    /// The sum of two tallies.
    ///
    /// ```swift
    /// let both = monday + tuesday
    /// ```
    public static func + (a: Tally, b: Tally) -> Tally {
        var t = a
        t += b
        return t
    }

    /// Adds a tally.
    ///
    /// ```swift
    /// total += day
    /// ```
    public static func += (a: inout Tally, b: Tally) {
        a.expected += b.expected
        a.done += b.done
        a.partial += b.partial
        a.partialCredit += b.partialCredit
        a.skipped += b.skipped
    }
}
