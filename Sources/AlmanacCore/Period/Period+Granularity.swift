extension Period {
    /// The calendar granularities, finest first: day < week < month < year.
    ///
    /// A span has no granularity (``Period/granularity`` is `nil`); where a
    /// span must be ranked against lists it uses ``Period/listGranularity``.
    /// In JSON a granularity is its name: `"day"`, `"week"`, `"month"`, `"year"`.
    ///
    /// ```swift
    /// Period.Granularity.week < .month    // true
    /// Period.Granularity(name: "month")   // .month
    /// ```
    public enum Granularity: Int, Sendable, Hashable, CaseIterable, Comparable, CustomStringConvertible {
        /// One day.
        case day = 0
        /// Seven days starting on a ``WeekRule``'s first weekday.
        case week
        /// A calendar month.
        case month
        /// A calendar year.
        case year

        /// The granularity with this name (`day`, `week`, `month`, `year`), or `nil`.
        ///
        /// ```swift
        /// Period.Granularity(name: "week")   // .week
        /// ```
        ///
        /// - Complexity: O(1).
        public init?(name: some StringProtocol) {
            switch name {
            case "day": self = .day
            case "week": self = .week
            case "month": self = .month
            case "year": self = .year
            default: return nil
            }
        }

        /// The most days a period of this granularity holds: 1, 7, 31, 366.
        ///
        /// ```swift
        /// Period.Granularity.month.maximumDayCount   // 31
        /// ```
        public var maximumDayCount: Int {
            switch self {
            case .day: 1
            case .week: 7
            case .month: 31
            case .year: 366
            }
        }

        /// The name: `day`, `week`, `month` or `year`.
        ///
        /// ```swift
        /// Period.Granularity.week.description   // "week"
        /// ```
        public var description: String {
            switch self {
            case .day: "day"
            case .week: "week"
            case .month: "month"
            case .year: "year"
            }
        }

        /// Finer before coarser.
        ///
        /// ```swift
        /// Period.Granularity.day < .year   // true
        /// ```
        ///
        /// - Complexity: O(1).
        public static func < (a: Granularity, b: Granularity) -> Bool { a.rawValue < b.rawValue }
    }
}

extension Period.Granularity: Codable {
    /// Reads a name: `"day"`, `"week"`, `"month"` or `"year"`.
    ///
    /// ```swift
    /// try JSONDecoder().decode(Period.Granularity.self, from: Data(#""week""#.utf8))   // .week
    /// ```
    ///
    /// - Throws: `DecodingError.dataCorrupted` for any other value, whose
    ///   underlying error is the ``AlmanacError`` that says why.
    /// - Complexity: O(1).
    public init(from decoder: any Decoder) throws {
        self = try decoder.decodeText("a granularity is written \"day\", \"week\", \"month\" or \"year\"") { name throws(AlmanacError) in
            guard let g = Period.Granularity(name: name) else {
                throw AlmanacError(.invalidValue, "unknown granularity \"\(name)\" (expected day, week, month or year)", text: name)
            }
            return g
        }
    }

    /// Writes the name (``description``).
    ///
    /// ```swift
    /// try JSONEncoder().encode(Period.Granularity.week)   // "week"
    /// ```
    ///
    /// - Complexity: O(1).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(description)
    }
}
