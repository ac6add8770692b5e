import Foundation

extension Calendar.RecurrenceRule {
    /// Foundation's form of an Almanac rule, for callers who hand rules to
    /// Foundation APIs (and for comparing the two engines).
    ///
    /// The calendar is Gregorian in `timeZone`, with WKST as its first weekday
    /// and `matchingPolicy: .strict`, which skips invalid dates as RFC 5545
    /// does (Foundation's default moves them). Foundation has no SECONDLY
    /// frequency, no RSCALE and no SKIP: those throw.
    ///
    /// ```swift
    /// let rule = try RecurrenceRule("FREQ=MONTHLY;BYDAY=-1FR;COUNT=10")
    /// let f = try Calendar.RecurrenceRule(rule, timeZone: TimeZone(identifier: "America/New_York")!)
    /// ```
    /// - Throws: ``AlmanacError/Kind/unsupported`` for what Foundation cannot express.
    /// - Note: Foundation does not make DTSTART an occurrence when the rule
    ///   does not produce it (RFC 5545 section 3.8.5.3 does), and an UNTIL in
    ///   DATE or floating form is read in `timeZone`.
    public init(_ rule: Almanac.RecurrenceRule, timeZone: TimeZone) throws(AlmanacError) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        // WKST matters only to BYWEEKNO and to WEEKLY rules with INTERVAL > 1
        // (RFC 5545 section 3.3.10); elsewhere the calendar keeps Foundation's
        // defaults (which also avoids a Foundation trap: with ISO week
        // settings, YEARLY;BYMONTH=1,7;BYDAY=1MO,-1SU stops the process in
        // FoundationEssentials/Calendar_Recurrence.swift, "notAdvancing").
        if !rule.byWeekNo.isEmpty || (rule.frequency == .weekly && rule.interval > 1) {
            calendar.firstWeekday = rule.weekStart == .sunday ? 1 : rule.weekStart.rawValue + 1
            calendar.minimumDaysInFirstWeek = 4
        }
        let frequency: Calendar.RecurrenceRule.Frequency
        switch rule.frequency {
        case .secondly: throw AlmanacError(.unsupported, "Foundation's Calendar.RecurrenceRule has no SECONDLY frequency", text: "FREQ=SECONDLY")
        case .minutely: frequency = .minutely
        case .hourly: frequency = .hourly
        case .daily: frequency = .daily
        case .weekly: frequency = .weekly
        case .monthly: frequency = .monthly
        case .yearly: frequency = .yearly
        }
        if rule.rscale != nil || rule.skip != nil {
            throw AlmanacError(.unsupported, "RSCALE and SKIP have no Foundation equivalent here", text: "RSCALE")
        }
        var end = Calendar.RecurrenceRule.End.never
        if let c = rule.count { end = .afterOccurrences(c) }
        if let u = rule.until {
            if rule.count != nil { throw AlmanacError(.unsupported, "Foundation takes COUNT or UNTIL, not both", text: "UNTIL") }
            let date: Date
            switch u {
            case .utc(let c): date = Date(Timestamp(utc: c))
            case .local(let c): date = Self.date(c, calendar)
            case .date(let d): date = Self.date(d.at(23, 59, 59), calendar)
            }
            end = .afterDate(date)
        }
        let weekday: (AlmanacCore.Weekday) -> Locale.Weekday = {
            switch $0 {
            case .monday: .monday
            case .tuesday: .tuesday
            case .wednesday: .wednesday
            case .thursday: .thursday
            case .friday: .friday
            case .saturday: .saturday
            case .sunday: .sunday
            }
        }
        self.init(calendar: calendar, frequency: frequency, interval: rule.interval, end: end,
                  matchingPolicy: .strict, repeatedTimePolicy: .first,
                  months: rule.byMonth.map { Calendar.RecurrenceRule.Month($0.number, isLeap: $0.isLeap) },
                  daysOfTheYear: rule.byYearDay, daysOfTheMonth: rule.byMonthDay, weeks: rule.byWeekNo,
                  weekdays: rule.byDay.map { (w: Almanac.RecurrenceRule.WeekdayNum) -> Calendar.RecurrenceRule.Weekday in
                      if let n = w.ordinal { return .nth(n, weekday(w.weekday)) }
                      return .every(weekday(w.weekday))
                  },
                  hours: rule.byHour, minutes: rule.byMinute, seconds: rule.bySecond, setPositions: rule.bySetPos)
    }

    private static func date(_ c: AlmanacCore.CivilDateTime, _ calendar: Calendar) -> Date {
        calendar.date(from: DateComponents(year: c.date.year, month: c.date.month, day: c.date.day,
                                           hour: c.time.hour, minute: c.time.minute, second: c.time.second))
            ?? Date(Timestamp(utc: c))
    }
}
