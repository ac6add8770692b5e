import AlmanacCore

/// An RFC 5545 recurrence rule (RRULE value), with RFC 7529's RSCALE and SKIP.
///
/// The rule holds no start: the anchor (DTSTART) is an argument of expansion,
/// as in Foundation's `Calendar.RecurrenceRule`. An empty list means "no
/// filter". Lists are kept sorted and without repeats, so two rules that say
/// the same thing are equal.
///
/// ```swift
/// let rule = try RecurrenceRule("FREQ=MONTHLY;BYDAY=-1FR;COUNT=10")
/// rule.frequency          // .monthly
/// rule.byDay              // [.nth(-1, .friday)]
/// rule.description        // "FREQ=MONTHLY;COUNT=10;BYDAY=-1FR"
/// ```
///
/// How each BYxxx part acts per frequency (RFC 5545 section 3.3.10, page 44):
///
/// | part       | SECONDLY | MINUTELY | HOURLY | DAILY  | WEEKLY | MONTHLY | YEARLY |
/// |------------|----------|----------|--------|--------|--------|---------|--------|
/// | BYMONTH    | limit    | limit    | limit  | limit  | limit  | limit   | expand |
/// | BYWEEKNO   | n/a      | n/a      | n/a    | n/a    | n/a    | n/a     | expand |
/// | BYYEARDAY  | limit    | limit    | limit  | n/a    | n/a    | n/a     | expand |
/// | BYMONTHDAY | limit    | limit    | limit  | limit  | n/a    | expand  | expand |
/// | BYDAY      | limit    | limit    | limit  | limit  | expand | note 1  | note 2 |
/// | BYHOUR     | limit    | limit    | limit  | expand | expand | expand  | expand |
/// | BYMINUTE   | limit    | limit    | expand | expand | expand | expand  | expand |
/// | BYSECOND   | limit    | expand   | expand | expand | expand | expand  | expand |
/// | BYSETPOS   | limit    | limit    | limit  | limit  | limit  | limit   | limit  |
///
/// Note 1: limit if BYMONTHDAY is present, otherwise expand within the month.
/// Note 2: limit if BYYEARDAY or BYMONTHDAY is present; otherwise expand
/// within the weeks of BYWEEKNO, the months of BYMONTH, or the year.
/// Parts marked n/a are rejected in strict mode; in lenient mode they act as
/// limits (README, "RFC choices").
public struct RecurrenceRule: Sendable, Hashable, Codable {
    /// FREQ: the period the rule repeats over. Ordered from the finest.
    public enum Frequency: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
        /// `FREQ=SECONDLY`: every second (times INTERVAL), stepping in elapsed time.
        case secondly = "SECONDLY"
        /// `FREQ=MINUTELY`: every minute (times INTERVAL), stepping in elapsed time.
        case minutely = "MINUTELY"
        /// `FREQ=HOURLY`: every hour (times INTERVAL), stepping in elapsed time,
        /// so a fall-back night visits 01:00 twice.
        case hourly = "HOURLY"
        /// `FREQ=DAILY`: every day (times INTERVAL) at the same wall-clock time.
        case daily = "DAILY"
        /// `FREQ=WEEKLY`: every week, whose first day is ``RecurrenceRule/weekStart``.
        case weekly = "WEEKLY"
        /// `FREQ=MONTHLY`: every month.
        case monthly = "MONTHLY"
        /// `FREQ=YEARLY`: every year.
        case yearly = "YEARLY"

        var rank: Int {
            switch self {
            case .secondly: 0
            case .minutely: 1
            case .hourly: 2
            case .daily: 3
            case .weekly: 4
            case .monthly: 5
            case .yearly: 6
            }
        }

        /// Finer first: `.secondly < .minutely < ... < .yearly`.
        public static func < (a: Frequency, b: Frequency) -> Bool { a.rank < b.rank }
    }

    /// UNTIL: the last instant a rule may produce, inclusive, in one of the
    /// three value forms RFC 5545 allows.
    public enum Until: Sendable, Hashable, Codable {
        /// `UNTIL=19971224`: for DATE series, and (lenient) the whole day for timed ones.
        case date(CivilDate)
        /// `UNTIL=19971224T000000`: floating; for floating DTSTART (RFC 5545 section 3.3.10).
        case local(CivilDateTime)
        /// `UNTIL=19971224T000000Z`: UTC; required with a zoned or UTC DTSTART.
        case utc(CivilDateTime)
    }

    /// One BYDAY value: a weekday, optionally with an ordinal (`-1FR`, `2MO`).
    public struct WeekdayNum: Sendable, Hashable, Codable, Comparable {
        /// `nil` for every such weekday of the period; else ±1...53 (±1...5 within a month).
        public var ordinal: Int?
        /// The weekday (`FR` in `-1FR`).
        public var weekday: Weekday

        /// A BYDAY value; see ``every(_:)`` and ``nth(_:_:)`` for the usual spellings.
        ///
        /// ```swift
        /// RecurrenceRule.WeekdayNum(ordinal: -1, weekday: .friday) == .nth(-1, .friday)   // true
        /// ```
        public init(ordinal: Int? = nil, weekday: Weekday) {
            self.ordinal = ordinal
            self.weekday = weekday
        }

        /// Every `weekday` of the period (`MO`).
        public static func every(_ weekday: Weekday) -> WeekdayNum { WeekdayNum(weekday: weekday) }
        /// The `n`th `weekday` of the period, from the end when negative (`-1FR`).
        public static func nth(_ n: Int, _ weekday: Weekday) -> WeekdayNum { WeekdayNum(ordinal: n, weekday: weekday) }

        /// The order of ``RecurrenceRule/byDay``: by ordinal (none first, read as 0), then by weekday.
        public static func < (a: WeekdayNum, b: WeekdayNum) -> Bool {
            (a.ordinal ?? 0, a.weekday.rawValue) < (b.ordinal ?? 0, b.weekday.rawValue)
        }
    }

    /// One BYMONTH value: a month number of the rule's calendar, and for
    /// RFC 7529 calendars with leap months, whether it is the leap month (`5L`).
    public struct Month: Sendable, Hashable, Codable, Comparable, ExpressibleByIntegerLiteral {
        /// The month number, 1...12 in the Gregorian calendar (1...13 in some RFC 7529 calendars).
        public var number: Int
        /// Whether this is the leap month after ``number`` (`5L`), in calendars that have one.
        public var isLeap: Bool

        /// A BYMONTH value. An integer literal also makes one: `byMonth = [1, 7]`.
        ///
        /// ```swift
        /// RecurrenceRule.Month(5, isLeap: true)   // 5L (RSCALE=HEBREW)
        /// ```
        public init(_ number: Int, isLeap: Bool = false) {
            self.number = number
            self.isLeap = isLeap
        }

        /// A month that is not a leap month: `7` is July in the Gregorian calendar.
        public init(integerLiteral value: Int) { self.init(value) }

        /// The order of ``RecurrenceRule/byMonth``: by number, a leap month after its month.
        public static func < (a: Month, b: Month) -> Bool { (a.number, a.isLeap ? 1 : 0) < (b.number, b.isLeap ? 1 : 0) }
    }

    /// RFC 7529 SKIP: what to do with a generated date that does not exist.
    public enum Skip: String, Sendable, Hashable, Codable {
        /// `SKIP=OMIT`: leave the date out, RFC 5545's behaviour.
        case omit = "OMIT"
        /// `SKIP=BACKWARD`: use the last valid day before it (30 February gives 28 or 29 February).
        case backward = "BACKWARD"
        /// `SKIP=FORWARD`: use the first valid day after it (30 February gives 1 March).
        case forward = "FORWARD"
    }

    /// A rule part Almanac keeps but does not interpret (`X-NAME=value`).
    public struct Extension: Sendable, Hashable, Codable {
        /// The part's name, upper case as written out (`X-NAME`).
        public var name: String
        /// The part's value, as read.
        public var value: String
        /// A part to keep with the rule and write back in its text.
        ///
        /// ```swift
        /// rule.extensions.append(.init(name: "X-SOURCE", value: "import"))
        /// ```
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// FREQ: the period the rule repeats over.
    public var frequency: Frequency
    /// INTERVAL, at least 1.
    public var interval: Int = 1
    /// COUNT, at least 1. RFC 5545 forbids COUNT with UNTIL; lenient mode
    /// accepts both and stops at whichever comes first.
    public var count: Int? = nil
    /// UNTIL, inclusive: the last start the rule may produce (README, "RFC choices", 10).
    public var until: Until? = nil
    /// BYSECOND, 0...60 (60 parses but never matches: Almanac has no leap seconds).
    public var bySecond: [Int] = []
    /// BYMINUTE, 0...59.
    public var byMinute: [Int] = []
    /// BYHOUR, 0...23.
    public var byHour: [Int] = []
    /// BYDAY: weekdays, with an ordinal within the month or year (`-1FR`).
    public var byDay: [WeekdayNum] = []
    /// BYMONTHDAY, ±1...31, from the end of the month when negative.
    public var byMonthDay: [Int] = []
    /// BYYEARDAY, ±1...366, from the end of the year when negative.
    public var byYearDay: [Int] = []
    /// BYWEEKNO, ±1...53 (YEARLY only), numbered with ``weekStart``.
    public var byWeekNo: [Int] = []
    /// BYMONTH: month numbers (and leap months under RFC 7529).
    public var byMonth: [Month] = []
    /// BYSETPOS, ±1...366: positions in each period's set of instances.
    public var bySetPos: [Int] = []
    /// WKST; RFC 5545's default is Monday.
    public var weekStart: Weekday = .monday
    /// RFC 7529 RSCALE, upper case (`GREGORIAN`, `HEBREW`, ...); `nil` is Gregorian.
    public var rscale: String? = nil
    /// RFC 7529 SKIP; `nil` is OMIT, RFC 5545's behaviour.
    public var skip: Skip? = nil
    /// X- parts (and in lenient mode, unknown IANA parts), in the order read.
    public var extensions: [Extension] = []

    /// A rule with a frequency and nothing else: every period from DTSTART.
    public init(frequency: Frequency) {
        self.frequency = frequency
    }
}

extension RecurrenceRule {
    /// How strictly rule text is read.
    public enum ParsingMode: String, Sendable, Hashable, Codable {
        /// Everything RFC 5545 forbids is an error.
        case strict
        /// Accepts what real producers emit (lower case, an `RRULE:` prefix, a
        /// trailing `;`, X- parts, parts the RFC forbids for the frequency...)
        /// and reports each liberty taken as a ``Reading``.
        case lenient
    }

    /// A liberty lenient mode took with the input, and how it read it.
    public struct Reading: Sendable, Hashable, Codable, CustomStringConvertible {
        /// 1-based column in the input (0 when it concerns the whole rule or set).
        public var column: Int
        /// The piece of input concerned.
        public var text: String
        /// How it was read, e.g. `lower-case part name "freq" read as "FREQ"`.
        public var message: String

        /// A reading from its parts (the parser makes them; tests compare them).
        public init(column: Int, text: String, message: String) {
            self.column = column
            self.text = text
            self.message = message
        }

        /// `column 12: lower-case part name "freq" read as "FREQ"` (without the column when it is 0).
        public var description: String { column > 0 ? "column \(column): \(message)" : message }
    }
}
