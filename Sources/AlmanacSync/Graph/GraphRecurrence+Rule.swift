import Almanac

extension GraphRecurrence {
    /// The RFC 5545 rule of this recurrence, for a series that starts at
    /// `start` (the range's `startDate` at the start's time of day; its zone
    /// turns `endDate` into UNTIL).
    ///
    /// Outlook places an absolute day past a month's end (`dayOfMonth` 31 in
    /// April, 29 in February) on the month's last day; RFC 5545 skips such
    /// months, so days 29-31 become `BYMONTHDAY=28,...,d;BYSETPOS=-1`, which
    /// says the same.
    ///
    /// - Throws: `AlmanacError/Kind/invalidValue` for values Graph itself
    ///   rejects (interval 0, dayOfMonth 32, a weekly pattern with no day...).
    public func rule(start: Anchor) throws(AlmanacError) -> RecurrenceRule {
        let p = pattern
        guard p.interval >= 1 else { throw AlmanacError(.invalidValue, "\(p.interval) is not at least 1").at(field: "recurrence.pattern.interval") }
        var r: RecurrenceRule
        switch p.type {
        case .daily:
            r = RecurrenceRule(frequency: .daily)
        case .weekly:
            guard !p.daysOfWeek.isEmpty else { throw AlmanacError(.invalidValue, "a weekly pattern needs at least one day").at(field: "recurrence.pattern.daysOfWeek") }
            r = RecurrenceRule(frequency: .weekly)
            r.byDay = p.daysOfWeek.map { .every($0) }
            r.weekStart = p.firstDayOfWeek
        case .absoluteMonthly, .absoluteYearly:
            r = RecurrenceRule(frequency: p.type == .absoluteMonthly ? .monthly : .yearly)
            guard (1...31).contains(p.dayOfMonth) else { throw AlmanacError(.invalidValue, "\(p.dayOfMonth) is not in 1...31").at(field: "recurrence.pattern.dayOfMonth") }
            if p.dayOfMonth >= 29 {
                r.byMonthDay = Array(28...p.dayOfMonth)
                r.bySetPos = [-1]
            } else {
                r.byMonthDay = [p.dayOfMonth]
            }
        case .relativeMonthly, .relativeYearly:
            guard !p.daysOfWeek.isEmpty else { throw AlmanacError(.invalidValue, "a relative pattern needs at least one day").at(field: "recurrence.pattern.daysOfWeek") }
            r = RecurrenceRule(frequency: p.type == .relativeMonthly ? .monthly : .yearly)
            if p.daysOfWeek.count == 1 {
                r.byDay = [.nth(p.index.ordinal, p.daysOfWeek[0])]
            } else {
                r.byDay = p.daysOfWeek.map { .every($0) }
                r.bySetPos = [p.index.ordinal]
            }
        }
        if p.type == .absoluteYearly || p.type == .relativeYearly {
            guard (1...12).contains(p.month) else { throw AlmanacError(.invalidValue, "\(p.month) is not in 1...12").at(field: "recurrence.pattern.month") }
            r.byMonth = [RecurrenceRule.Month(p.month)]
        }
        r.interval = p.interval
        switch range.type {
        case .noEnd: break
        case .numbered:
            guard range.numberOfOccurrences >= 1 else {
                throw AlmanacError(.invalidValue, "\(range.numberOfOccurrences) is not at least 1").at(field: "recurrence.range.numberOfOccurrences")
            }
            r.count = range.numberOfOccurrences
        case .endDate:
            guard let end = range.endDate else { throw AlmanacError(.invalidValue, "missing for an endDate range").at(field: "recurrence.range.endDate") }
            r.until = Self.until(end, start: start)
        }
        return r
    }

    /// The last instant of `date` as UNTIL in `start`'s form: a DATE for an
    /// all-day series, the local end of the day for a floating one, else the
    /// instant that ends the day in the series' zone, in UTC.
    static func until(_ date: CivilDate, start: Anchor) -> RecurrenceRule.Until {
        switch start {
        case .date: return .date(date)
        case .floating: return .local(CivilDateTime(date, CivilTime(_unchecked: 23, 59, 59)))
        case .utc: return .utc(CivilDateTime(date, CivilTime(_unchecked: 23, 59, 59)))
        case .zoned(_, let z):
            return .utc(CivilDateTime(localSeconds: z.lastSecond(of: date).secondsSinceEpoch) ?? CivilDateTime(date, CivilTime(_unchecked: 23, 59, 59)))
        }
    }
}

extension Zone {
    /// The last second of `date` on this zone's clock: an inclusive end
    /// (Graph's `endDate`, a DATE UNTIL read as its whole day).
    func lastSecond(of date: CivilDate) -> Timestamp {
        Timestamp(secondsSinceEpoch: (try? date.adding(days: 1)).map { startOfDay($0).secondsSinceEpoch - 1 }
            ?? startOfDay(date).secondsSinceEpoch + 86_399)
    }
}
