import Almanac

/// Microsoft Graph's `patternedRecurrence`: a pattern (how often) and a
/// range (from when, until when), as Graph writes them in an event's
/// `recurrence` field.
///
/// ```swift
/// let r = GraphRecurrence(pattern: .init(type: .relativeMonthly, daysOfWeek: [.monday], index: .first),
///                         range: try .init(type: .numbered, startDate: CivilDate(2024, 5, 6), numberOfOccurrences: 10))
/// try r.rule(start: .zoned(CivilDate(2024, 5, 6).at(9, 0), paris)).description
/// // "FREQ=MONTHLY;COUNT=10;BYDAY=1MO"
/// try GraphRecurrence(rule: RecurrenceRule("FREQ=WEEKLY;BYDAY=MO,WE"), start: start).pattern.type   // .weekly
/// ```
///
/// Graph's types map to RFC 5545 as this table says; the other direction
/// throws `AlmanacError/Kind/unsupported` naming the rule part Graph
/// cannot hold.
///
/// | Graph | RRULE |
/// |---|---|
/// | `daily`, interval n | `FREQ=DAILY;INTERVAL=n` |
/// | `weekly`, daysOfWeek, firstDayOfWeek | `FREQ=WEEKLY;BYDAY=...;WKST=...` |
/// | `absoluteMonthly`, dayOfMonth | `FREQ=MONTHLY;BYMONTHDAY=d` |
/// | `relativeMonthly`, one day, index | `FREQ=MONTHLY;BYDAY=1MO` (`-1MO` for `last`) |
/// | `relativeMonthly`, several days, index | `FREQ=MONTHLY;BYDAY=MO,TU;BYSETPOS=1` |
/// | `absoluteYearly`, month, dayOfMonth | `FREQ=YEARLY;BYMONTH=m;BYMONTHDAY=d` |
/// | `relativeYearly`, month, days, index | `FREQ=YEARLY;BYMONTH=m;BYDAY=...` as relativeMonthly |
/// | range `endDate` | `UNTIL`: the end of that date in the series' zone, in UTC (a DATE for all-day events) |
/// | range `numbered` | `COUNT` |
/// | range `noEnd` | neither |
public struct GraphRecurrence: Sendable, Hashable {
    /// How often.
    public var pattern: Pattern
    /// From when, until when.
    public var range: Range

    /// A recurrence from its parts.
    public init(pattern: Pattern, range: Range) {
        self.pattern = pattern
        self.range = range
    }

    /// `recurrencePattern`.
    public struct Pattern: Sendable, Hashable {
        /// `type`.
        public var type: PatternType
        /// `interval`: in days, weeks, months or years.
        public var interval: Int
        /// `daysOfWeek`.
        public var daysOfWeek: [Weekday]
        /// `dayOfMonth`, 1...31 (absolute patterns).
        public var dayOfMonth: Int
        /// `month`, 1...12 (yearly patterns).
        public var month: Int
        /// `index`: which of the month's matching days (relative patterns).
        public var index: WeekIndex
        /// `firstDayOfWeek` (weekly patterns).
        public var firstDayOfWeek: Weekday

        /// A pattern from its parts; Graph's defaults for the rest.
        public init(type: PatternType, interval: Int = 1, daysOfWeek: [Weekday] = [], dayOfMonth: Int = 0, month: Int = 0,
                    index: WeekIndex = .first, firstDayOfWeek: Weekday = .sunday) {
            self.type = type
            self.interval = interval
            self.daysOfWeek = daysOfWeek
            self.dayOfMonth = dayOfMonth
            self.month = month
            self.index = index
            self.firstDayOfWeek = firstDayOfWeek
        }
    }

    /// `recurrencePatternType`.
    public enum PatternType: String, Sendable, Hashable, CaseIterable {
        /// Every `interval` days.
        case daily
        /// On `daysOfWeek`, every `interval` weeks.
        case weekly
        /// On `dayOfMonth`, every `interval` months.
        case absoluteMonthly
        /// On the `index`-th of `daysOfWeek` in the month, every `interval` months.
        case relativeMonthly
        /// On `dayOfMonth` of `month`, every `interval` years.
        case absoluteYearly
        /// On the `index`-th of `daysOfWeek` in `month`, every `interval` years.
        case relativeYearly
    }

    /// `weekIndex`.
    public enum WeekIndex: String, Sendable, Hashable, CaseIterable {
        /// The first (1).
        case first
        /// The second (2).
        case second
        /// The third (3).
        case third
        /// The fourth (4).
        case fourth
        /// The last (-1).
        case last

        /// The BYDAY ordinal or BYSETPOS value: 1...4, or -1 for `last`.
        public var ordinal: Int {
            switch self {
            case .first: 1
            case .second: 2
            case .third: 3
            case .fourth: 4
            case .last: -1
            }
        }

        /// The index of an ordinal, if Graph has one (1...4, -1).
        public init?(ordinal: Int) {
            guard let i = Self.allCases.first(where: { $0.ordinal == ordinal }) else { return nil }
            self = i
        }
    }

    /// `recurrenceRange`.
    public struct Range: Sendable, Hashable {
        /// `type`.
        public var type: RangeType
        /// `startDate`: the first day the pattern applies from.
        public var startDate: CivilDate
        /// `endDate`, inclusive (`endDate` ranges).
        public var endDate: CivilDate?
        /// `numberOfOccurrences` (`numbered` ranges).
        public var numberOfOccurrences: Int
        /// `recurrenceTimeZone`: a Windows or IANA zone name.
        public var recurrenceTimeZone: String?

        /// A range from its parts.
        public init(type: RangeType, startDate: CivilDate, endDate: CivilDate? = nil, numberOfOccurrences: Int = 0,
                    recurrenceTimeZone: String? = nil) {
            self.type = type
            self.startDate = startDate
            self.endDate = endDate
            self.numberOfOccurrences = numberOfOccurrences
            self.recurrenceTimeZone = recurrenceTimeZone
        }
    }

    /// `recurrenceRangeType`.
    public enum RangeType: String, Sendable, Hashable, CaseIterable {
        /// Until `endDate`, inclusive.
        case endDate
        /// Never ends.
        case noEnd
        /// `numberOfOccurrences` times.
        case numbered
    }
}

extension Weekday {
    /// Graph's and EventKit's English day name, lower case (`monday`).
    var graphName: String {
        switch self {
        case .monday: "monday"
        case .tuesday: "tuesday"
        case .wednesday: "wednesday"
        case .thursday: "thursday"
        case .friday: "friday"
        case .saturday: "saturday"
        case .sunday: "sunday"
        }
    }

    init?(graphName: String) {
        guard let d = Weekday.allCases.first(where: { $0.graphName == graphName.lowercased() }) else { return nil }
        self = d
    }
}
