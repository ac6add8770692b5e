import Almanac

/// The parameters of EventKit's `EKRecurrenceRule`, exactly, as a value an
/// Apple app fills field by field (this module does not import EventKit, so
/// it builds on Linux too), mapped to and from `RecurrenceRule`.
///
/// ```swift
/// // In an app:  EventKitRule(frequency: .init(rawValue: ek.frequency.rawValue)!, interval: ek.interval, ...)
/// let r = EventKitRule(frequency: .monthly, daysOfTheWeek: [.init(.friday, weekNumber: -1)])
/// r.rule.description                                          // "FREQ=MONTHLY;BYDAY=-1FR"
/// try EventKitRule(rule: RecurrenceRule("FREQ=DAILY;BYHOUR=9,17"))
/// // unsupported: EventKit cannot hold BYHOUR: its rules repeat at the event's start time
/// ```
///
/// | EKRecurrenceRule | RRULE |
/// |---|---|
/// | `frequency` (daily, weekly, monthly, yearly) | `FREQ` |
/// | `interval` | `INTERVAL` |
/// | `daysOfTheWeek` (`EKRecurrenceDayOfWeek`: day, `weekNumber`) | `BYDAY` (`weekNumber` 0: every such day) |
/// | `daysOfTheMonth` | `BYMONTHDAY` |
/// | `monthsOfTheYear` | `BYMONTH` |
/// | `weeksOfTheYear` | `BYWEEKNO` |
/// | `daysOfTheYear` | `BYYEARDAY` |
/// | `setPositions` | `BYSETPOS` |
/// | `recurrenceEnd` (`endDate` or `occurrenceCount`) | `UNTIL` (in UTC) or `COUNT` |
/// | `firstDayOfTheWeek` (0: the default, 1 Sunday ... 7 Saturday) | `WKST` (Monday by default, RFC 5545) |
public struct EventKitRule: Sendable, Hashable {
    /// `EKRecurrenceFrequency`; the raw values are EventKit's.
    public enum Frequency: Int, Sendable, Hashable, CaseIterable {
        /// `EKRecurrenceFrequencyDaily`: `FREQ=DAILY`.
        case daily = 0
        /// `EKRecurrenceFrequencyWeekly`: `FREQ=WEEKLY`.
        case weekly = 1
        /// `EKRecurrenceFrequencyMonthly`: `FREQ=MONTHLY`.
        case monthly = 2
        /// `EKRecurrenceFrequencyYearly`: `FREQ=YEARLY`.
        case yearly = 3
    }

    /// `EKRecurrenceDayOfWeek`: a weekday, and which one of the month or
    /// year (`weekNumber`: 0 for every such day, ±1...53).
    public struct DayOfWeek: Sendable, Hashable {
        /// The weekday.
        public var weekday: Weekday
        /// 0 for every such day; else its ordinal (-1: the last).
        public var weekNumber: Int

        /// A day of the week, every one (`weekNumber` 0) or the nth.
        public init(_ weekday: Weekday, weekNumber: Int = 0) {
            self.weekday = weekday
            self.weekNumber = weekNumber
        }

        /// `EKWeekday`'s raw value: 1 Sunday ... 7 Saturday.
        public var dayOfTheWeek: Int { weekday == .sunday ? 1 : weekday.rawValue + 1 }
    }

    /// `EKRecurrenceEnd`.
    public enum End: Sendable, Hashable {
        /// `endDate`: the instant past which no occurrence starts.
        case date(Timestamp)
        /// `occurrenceCount`.
        case count(Int)
    }

    /// `frequency`: FREQ.
    public var frequency: Frequency
    /// `interval`: INTERVAL, at least 1.
    public var interval: Int
    /// `daysOfTheWeek`: BYDAY.
    public var daysOfTheWeek: [DayOfWeek]?
    /// `daysOfTheMonth`: BYMONTHDAY, ±1...31 (monthly rules).
    public var daysOfTheMonth: [Int]?
    /// `monthsOfTheYear`: BYMONTH, 1...12 (yearly rules).
    public var monthsOfTheYear: [Int]?
    /// `weeksOfTheYear`: BYWEEKNO, ±1...53 (yearly rules).
    public var weeksOfTheYear: [Int]?
    /// `daysOfTheYear`: BYYEARDAY, ±1...366 (yearly rules).
    public var daysOfTheYear: [Int]?
    /// `setPositions`: BYSETPOS, ±1...366.
    public var setPositions: [Int]?
    /// `recurrenceEnd`; `nil` for a rule that never ends.
    public var end: End?
    /// `firstDayOfTheWeek`: 0 (EventKit's default), or 1 Sunday ... 7 Saturday.
    public var firstDayOfTheWeek: Int

    /// A rule from EventKit's parameters (`nil` or empty arrays: no filter).
    public init(frequency: Frequency, interval: Int = 1, daysOfTheWeek: [DayOfWeek]? = nil, daysOfTheMonth: [Int]? = nil,
                monthsOfTheYear: [Int]? = nil, weeksOfTheYear: [Int]? = nil, daysOfTheYear: [Int]? = nil,
                setPositions: [Int]? = nil, end: End? = nil, firstDayOfTheWeek: Int = 0) {
        self.frequency = frequency
        self.interval = interval
        self.daysOfTheWeek = daysOfTheWeek
        self.daysOfTheMonth = daysOfTheMonth
        self.monthsOfTheYear = monthsOfTheYear
        self.weeksOfTheYear = weeksOfTheYear
        self.daysOfTheYear = daysOfTheYear
        self.setPositions = setPositions
        self.end = end
        self.firstDayOfTheWeek = firstDayOfTheWeek
    }

    /// The RFC 5545 rule: every parameter maps to its part; an `endDate`
    /// becomes UNTIL in UTC (for an all-day series, ``rule(start:zone:)`` gives a DATE).
    public var rule: RecurrenceRule {
        var r = RecurrenceRule(frequency: [.daily, .weekly, .monthly, .yearly][frequency.rawValue])
        r.interval = max(1, interval)
        r.byDay = (daysOfTheWeek ?? []).map { RecurrenceRule.WeekdayNum(ordinal: $0.weekNumber == 0 ? nil : $0.weekNumber, weekday: $0.weekday) }
        r.byMonthDay = daysOfTheMonth ?? []
        r.byMonth = (monthsOfTheYear ?? []).map { RecurrenceRule.Month($0) }
        r.byWeekNo = weeksOfTheYear ?? []
        r.byYearDay = daysOfTheYear ?? []
        r.bySetPos = setPositions ?? []
        switch end {
        case .date(let t)?: r.until = .utc(CivilDateTime(localSeconds: t.secondsSinceEpoch) ?? CivilDateTime(CivilDate(_unchecked: 9999, 12, 31), CivilTime(_unchecked: 23, 59, 0)))
        case .count(let n)?: r.count = n
        case nil: break
        }
        if (1...7).contains(firstDayOfTheWeek) {
            r.weekStart = firstDayOfTheWeek == 1 ? .sunday : Weekday(rawValue: firstDayOfTheWeek - 1)!
        }
        return r
    }

    /// The rule for a series starting at `start`: as ``rule``, except that
    /// an `endDate` becomes the date it falls on in `zone` for an all-day
    /// series, and its wall clock there for a floating one (EventKit keeps
    /// them at the device's midnight, or wall clock, as instants).
    public func rule(start: Anchor, zone: Zone = .utc) -> RecurrenceRule {
        var r = rule
        guard case .date(let t)? = end, start.kind == .date || start.kind == .floating, let (c, _) = zone.civil(at: t) else { return r }
        r.until = start.kind == .date ? .date(c.date) : .local(c)
        return r
    }
}
