import Almanac

extension EventKitRule {
    /// EventKit's parameters for `rule`, when EventKit can hold it. UNTIL
    /// becomes an `endDate` instant: a DATE at the end of that day in `zone`
    /// (found by fuzz-sync: its start lost the day's instances of a timed
    /// series), a floating time read in `zone`. WKST is always set (EventKit's 0 would
    /// leave the first day of the week to the device's locale).
    ///
    /// - Throws: `AlmanacError/Kind/unsupported` naming the part EventKit
    ///   cannot hold: a frequency under a day, BYHOUR, BYMINUTE, BYSECOND,
    ///   RSCALE, SKIP, COUNT with UNTIL, and the parts EventKit allows only
    ///   with some frequencies (BYDAY on a daily rule, a BYDAY ordinal on a
    ///   weekly one, BYMONTHDAY outside monthly rules, BYMONTH, BYWEEKNO and
    ///   BYYEARDAY outside yearly ones, BYSETPOS without another BY part).
    public init(rule: RecurrenceRule, zone: Zone = .utc) throws(AlmanacError) {
        if let s = rule.rscale, s != "GREGORIAN" { throw Self.cannot("RSCALE=\(s)", "its rules are Gregorian") }
        if rule.skip != nil { throw Self.cannot("SKIP", "it has no rule for days a month lacks") }
        for (name, values) in [("BYHOUR", rule.byHour), ("BYMINUTE", rule.byMinute), ("BYSECOND", rule.bySecond)] where !values.isEmpty {
            throw Self.cannot(name, "its rules repeat at the event's start time")
        }
        let frequency: Frequency
        switch rule.frequency {
        case .secondly, .minutely, .hourly: throw Self.cannot("FREQ=\(rule.frequency.rawValue)", "its rules repeat daily at most")
        case .daily: frequency = .daily
        case .weekly: frequency = .weekly
        case .monthly: frequency = .monthly
        case .yearly: frequency = .yearly
        }
        try Self.checkParts(rule, frequency)
        if rule.count != nil && rule.until != nil { throw Self.cannot("COUNT with UNTIL", "a rule ends by a count or a date") }
        var end: End?
        if let c = rule.count { end = .count(c) }
        switch rule.until {
        case .date(let d)?:
            // The whole day, as a DATE UNTIL reads on a timed series (lenient
            // mode); an all-day series reads the end's date back (`rule(start:zone:)`).
            end = .date(zone.lastSecond(of: d))
        case .local(let c)?: end = .date(zone.instant(of: c))
        case .utc(let c)?: end = .date(Timestamp(utc: c))
        case nil: break
        }
        func list<T>(_ a: [T]) -> [T]? { a.isEmpty ? nil : a }
        self.init(frequency: frequency, interval: rule.interval,
                  daysOfTheWeek: list(rule.byDay.map { DayOfWeek($0.weekday, weekNumber: $0.ordinal ?? 0) }),
                  daysOfTheMonth: list(rule.byMonthDay), monthsOfTheYear: list(rule.byMonth.map(\.number)),
                  weeksOfTheYear: list(rule.byWeekNo), daysOfTheYear: list(rule.byYearDay), setPositions: list(rule.bySetPos),
                  end: end, firstDayOfTheWeek: rule.weekStart == .sunday ? 1 : rule.weekStart.rawValue + 1)
    }

    /// EventKit's rules for which parameters go with which frequency
    /// (`EKRecurrenceRule`'s initializer documentation).
    static func checkParts(_ rule: RecurrenceRule, _ f: Frequency) throws(AlmanacError) {
        if f == .daily && !rule.byDay.isEmpty { throw cannot("BYDAY in a daily rule", "days of the week go with weekly, monthly and yearly rules") }
        if f == .weekly && rule.byDay.contains(where: { $0.ordinal != nil }) {
            throw cannot("a BYDAY ordinal in a weekly rule", "week numbers go with monthly and yearly rules")
        }
        if !rule.byMonthDay.isEmpty && f != .monthly { throw cannot("BYMONTHDAY in a \(rule.frequency.rawValue) rule", "days of the month go with monthly rules") }
        if rule.byMonth.contains(where: \.isLeap) { throw cannot("a leap month", "its months are Gregorian") }
        for (name, values) in [("BYMONTH", rule.byMonth.map(\.number)), ("BYWEEKNO", rule.byWeekNo), ("BYYEARDAY", rule.byYearDay)]
        where !values.isEmpty && f != .yearly {
            throw cannot("\(name) in a \(rule.frequency.rawValue) rule", "it goes with yearly rules")
        }
        if !rule.bySetPos.isEmpty && rule.byDay.isEmpty && rule.byMonthDay.isEmpty && rule.byMonth.isEmpty && rule.byWeekNo.isEmpty {
            throw cannot("BYSETPOS alone", "set positions filter days of the week, of the month, weeks or months")
        }
    }

    static func cannot(_ part: String, _ why: String) -> AlmanacError {
        AlmanacError(.unsupported, "EventKit cannot hold \(part): \(why)", text: part)
    }
}
