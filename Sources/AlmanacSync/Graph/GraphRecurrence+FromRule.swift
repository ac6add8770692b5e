import Almanac

extension GraphRecurrence {
    /// The Graph recurrence that says what `rule` says from `start`.
    ///
    /// ```swift
    /// try GraphRecurrence(rule: RecurrenceRule("FREQ=MONTHLY;BYDAY=-1FR"), start: start).pattern
    /// // relativeMonthly, daysOfWeek [friday], index last
    /// try GraphRecurrence(rule: RecurrenceRule("FREQ=DAILY;BYHOUR=9,17"), start: start)
    /// // unsupported: Graph cannot hold BYHOUR=9,17: its patterns repeat at the start's time of day
    /// ```
    ///
    /// - Throws: `AlmanacError/Kind/unsupported` naming the part Graph
    ///   cannot hold: a frequency under a day, BYHOUR, BYMINUTE, BYSECOND,
    ///   BYYEARDAY, BYWEEKNO, RSCALE, SKIP, several BYMONTH or BYMONTHDAY
    ///   values, BYSETPOS outside a relative pattern, a BYDAY ordinal other
    ///   than 1...4 and -1, BYMONTHDAY 29-31 alone (RFC 5545 skips the
    ///   months without that day; Outlook moves it to their last day), both
    ///   COUNT and UNTIL, EXRULE-like parts.
    public init(rule: RecurrenceRule, start: Anchor) throws(AlmanacError) {
        try Self.refuseTimeParts(rule)
        var p: Pattern
        switch rule.frequency {
        case .secondly, .minutely, .hourly:
            throw Self.cannot("FREQ=\(rule.frequency.rawValue)", "its patterns repeat daily at most")
        case .daily:
            guard rule.byMonth.isEmpty, rule.byMonthDay.isEmpty, rule.bySetPos.isEmpty else {
                throw Self.cannot(Self.part(rule, ["BYMONTH", "BYMONTHDAY", "BYSETPOS"]), "a daily pattern has no such filter")
            }
            if rule.byDay.isEmpty {
                p = Pattern(type: .daily)
            } else if rule.interval == 1, rule.byDay.allSatisfy({ $0.ordinal == nil }) {
                p = Pattern(type: .weekly, daysOfWeek: Self.days(rule), firstDayOfWeek: rule.weekStart)   // every listed weekday
            } else {
                throw Self.cannot("FREQ=DAILY with BYDAY", "only every day, or INTERVAL=1 on some weekdays (a weekly pattern)")
            }
        case .weekly:
            guard rule.byMonth.isEmpty, rule.byMonthDay.isEmpty, rule.bySetPos.isEmpty else {
                throw Self.cannot(Self.part(rule, ["BYMONTH", "BYMONTHDAY", "BYSETPOS"]), "a weekly pattern has only days of the week")
            }
            guard rule.byDay.allSatisfy({ $0.ordinal == nil }) else { throw Self.cannot("a BYDAY ordinal in a weekly rule", "weekly days have no ordinal") }
            p = Pattern(type: .weekly, daysOfWeek: rule.byDay.isEmpty ? [start.civil.date.weekday] : Self.days(rule),
                        firstDayOfWeek: rule.weekStart)
        case .monthly, .yearly:
            p = try Self.monthDayPattern(rule, start: start)
        }
        p.interval = rule.interval
        let zone = start.zone.map(\.identifier)
        var r = Range(type: .noEnd, startDate: start.civil.date, recurrenceTimeZone: zone)
        if rule.count != nil && rule.until != nil { throw Self.cannot("COUNT with UNTIL", "a range ends by a count or a date") }
        if let c = rule.count { r.type = .numbered; r.numberOfOccurrences = c }
        if let u = rule.until { r.type = .endDate; r.endDate = Self.endDate(u, start: start) }
        self.init(pattern: p, range: r)
    }

    static func refuseTimeParts(_ rule: RecurrenceRule) throws(AlmanacError) {
        if let s = rule.rscale, s != "GREGORIAN" { throw cannot("RSCALE=\(s)", "its patterns are Gregorian") }
        if rule.skip != nil { throw cannot("SKIP", "it has no rule for days a month lacks") }
        for (name, values) in [("BYHOUR", rule.byHour), ("BYMINUTE", rule.byMinute), ("BYSECOND", rule.bySecond)] where !values.isEmpty {
            throw cannot("\(name)=" + values.map(String.init).joined(separator: ","), "its patterns repeat at the start's time of day")
        }
        if !rule.byYearDay.isEmpty { throw cannot("BYYEARDAY", "it has no days of the year") }
        if !rule.byWeekNo.isEmpty { throw cannot("BYWEEKNO", "it has no week numbers") }
    }

    /// Monthly and yearly rules: an absolute day of the month, or the
    /// first...fourth or last of some weekdays.
    static func monthDayPattern(_ rule: RecurrenceRule, start: Anchor) throws(AlmanacError) -> Pattern {
        let yearly = rule.frequency == .yearly
        var month = 0
        if yearly {
            guard rule.byMonth.count <= 1, rule.byMonth.allSatisfy({ !$0.isLeap }) else {
                throw cannot("BYMONTH=" + rule.byMonth.map { "\($0.number)" }.joined(separator: ","), "a yearly pattern has one month")
            }
            month = rule.byMonth.first?.number ?? start.civil.date.month
        } else if !rule.byMonth.isEmpty {
            throw cannot("BYMONTH in a monthly rule", "a monthly pattern has every month")
        }
        if !rule.byDay.isEmpty {
            guard rule.byMonthDay.isEmpty else { throw cannot("BYDAY with BYMONTHDAY", "a pattern has days of the week or a day of the month") }
            if rule.byDay.count == 1, let o = rule.byDay[0].ordinal, rule.bySetPos.isEmpty {
                guard let index = WeekIndex(ordinal: o) else { throw cannot("BYDAY=\(o)\(rule.byDay[0].weekday.rfcCode)", "its index is first...fourth or last") }
                return Pattern(type: yearly ? .relativeYearly : .relativeMonthly, daysOfWeek: [rule.byDay[0].weekday], month: month, index: index)
            }
            guard rule.byDay.allSatisfy({ $0.ordinal == nil }), rule.bySetPos.count == 1, let index = WeekIndex(ordinal: rule.bySetPos[0]) else {
                throw cannot(part(rule, ["BYDAY", "BYSETPOS"]), "a relative pattern is one index (first...fourth, last) of some weekdays")
            }
            return Pattern(type: yearly ? .relativeYearly : .relativeMonthly, daysOfWeek: days(rule), month: month, index: index)
        }
        let day = try absoluteDay(rule, start: start)
        return Pattern(type: yearly ? .absoluteYearly : .absoluteMonthly, dayOfMonth: day, month: month)
    }

    /// BYMONTHDAY as Graph's `dayOfMonth`: 1...28 alone, -1 (31: Outlook's
    /// last day), or `28,...,d;BYSETPOS=-1` (d or the month's last day).
    static func absoluteDay(_ rule: RecurrenceRule, start: Anchor) throws(AlmanacError) -> Int {
        let days = rule.byMonthDay.isEmpty ? [start.civil.date.day] : rule.byMonthDay.sorted()
        if rule.bySetPos == [-1], days.count >= 2, days.first == 28, let d = days.last, d <= 31, days == Array(28...d) { return d }
        guard rule.bySetPos.isEmpty else { throw cannot(part(rule, ["BYSETPOS"]), "BYSETPOS belongs to relative patterns") }
        guard days.count == 1 else { throw cannot("BYMONTHDAY=" + days.map(String.init).joined(separator: ","), "a pattern has one day of the month") }
        if days[0] == -1 { return 31 }
        guard (1...28).contains(days[0]) else {
            throw cannot("BYMONTHDAY=\(days[0])", "RFC 5545 skips the months without that day, where Outlook uses their last day")
        }
        return days[0]
    }

    /// The last date an instance may fall on, in the series' zone.
    static func endDate(_ u: RecurrenceRule.Until, start: Anchor) -> CivilDate {
        switch (u, start) {
        case (.date(let d), _): return d
        case (.local(let c), _): return c.time >= start.civil.time ? c.date : (try? c.date.adding(days: -1)) ?? c.date
        case (.utc(let c), .zoned(let s, let z)):
            let wall = z.civil(at: Timestamp(utc: c))?.0 ?? c
            return wall.time >= s.time ? wall.date : (try? wall.date.adding(days: -1)) ?? wall.date
        case (.utc(let c), _): return c.time >= start.civil.time ? c.date : (try? c.date.adding(days: -1)) ?? c.date
        }
    }

    static func days(_ rule: RecurrenceRule) -> [Weekday] {
        var seen: [Weekday] = []
        for d in rule.byDay where !seen.contains(d.weekday) { seen.append(d.weekday) }
        return seen
    }

    static func part(_ rule: RecurrenceRule, _ names: [String]) -> String {
        let text = rule.description.split(separator: ";").map(String.init)
        let found = text.filter { p in names.contains { p.hasPrefix($0 + "=") } }
        return found.isEmpty ? names.joined(separator: "/") : found.joined(separator: ";")
    }

    static func cannot(_ part: String, _ why: String) -> AlmanacError {
        AlmanacError(.unsupported, "Graph cannot hold \(part): \(why)", text: part)
    }
}
