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
        case secondly = "SECONDLY", minutely = "MINUTELY", hourly = "HOURLY", daily = "DAILY"
        case weekly = "WEEKLY", monthly = "MONTHLY", yearly = "YEARLY"

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
        public var weekday: Weekday

        public init(ordinal: Int? = nil, weekday: Weekday) {
            self.ordinal = ordinal
            self.weekday = weekday
        }

        /// Every `weekday` of the period (`MO`).
        public static func every(_ weekday: Weekday) -> WeekdayNum { WeekdayNum(weekday: weekday) }
        /// The `n`th `weekday` of the period, from the end when negative (`-1FR`).
        public static func nth(_ n: Int, _ weekday: Weekday) -> WeekdayNum { WeekdayNum(ordinal: n, weekday: weekday) }

        public static func < (a: WeekdayNum, b: WeekdayNum) -> Bool {
            (a.ordinal ?? 0, a.weekday.rawValue) < (b.ordinal ?? 0, b.weekday.rawValue)
        }
    }

    /// One BYMONTH value: a month number of the rule's calendar, and for
    /// RFC 7529 calendars with leap months, whether it is the leap month (`5L`).
    public struct Month: Sendable, Hashable, Codable, Comparable, ExpressibleByIntegerLiteral {
        public var number: Int
        public var isLeap: Bool

        public init(_ number: Int, isLeap: Bool = false) {
            self.number = number
            self.isLeap = isLeap
        }

        public init(integerLiteral value: Int) { self.init(value) }

        public static func < (a: Month, b: Month) -> Bool { (a.number, a.isLeap ? 1 : 0) < (b.number, b.isLeap ? 1 : 0) }
    }

    /// RFC 7529 SKIP: what to do with a generated date that does not exist.
    public enum Skip: String, Sendable, Hashable, Codable {
        case omit = "OMIT", backward = "BACKWARD", forward = "FORWARD"
    }

    /// A rule part Almanac keeps but does not interpret (`X-NAME=value`).
    public struct Extension: Sendable, Hashable, Codable {
        public var name: String
        public var value: String
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    public var frequency: Frequency
    /// INTERVAL, at least 1.
    public var interval: Int = 1
    /// COUNT, at least 1. RFC 5545 forbids COUNT with UNTIL; lenient mode
    /// accepts both and stops at whichever comes first.
    public var count: Int? = nil
    public var until: Until? = nil
    public var bySecond: [Int] = []
    public var byMinute: [Int] = []
    public var byHour: [Int] = []
    public var byDay: [WeekdayNum] = []
    public var byMonthDay: [Int] = []
    public var byYearDay: [Int] = []
    public var byWeekNo: [Int] = []
    public var byMonth: [Month] = []
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

        public init(column: Int, text: String, message: String) {
            self.column = column
            self.text = text
            self.message = message
        }

        public var description: String { column > 0 ? "column \(column): \(message)" : message }
    }
}
