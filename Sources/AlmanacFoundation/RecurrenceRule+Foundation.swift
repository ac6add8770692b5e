import Almanac
import Foundation

extension Calendar.RecurrenceRule {
    /// Foundation's form of an Almanac rule, for callers who hand rules to
    /// Foundation APIs (and for comparing the two engines).
    ///
    /// The calendar is `Calendar(identifier:)` of the rule's RSCALE (Gregorian
    /// without one) in `timeZone`, with WKST as its first weekday. SKIP becomes
    /// the matching policy: OMIT, and a rule without SKIP, `.strict`, which
    /// skips invalid dates as RFC 5545 and RFC 7529 do (Foundation's default
    /// moves them); BACKWARD `.previousTimePreservingSmallerComponents`;
    /// FORWARD `.nextTimePreservingSmallerComponents`. Months keep their
    /// number and leap flag (`5L` is `Month(5, isLeap: true)`), except in the
    /// Hebrew calendar, where Foundation numbers months as ICU does (Tishri 1
    /// ... Shevat 5, Adar I 6, Adar or Adar II 7 ... Elul 13) and RFC 7529 as
    /// CLDR does (Adar I `5L`, Adar 6 ... Elul 12). Foundation has no
    /// SECONDLY frequency and no ISLAMIC-RGSA calendar: those throw.
    ///
    /// ```swift
    /// let rule = try RecurrenceRule("RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=5L;BYMONTHDAY=8;SKIP=FORWARD")
    /// let f = try Calendar.RecurrenceRule(rule, timeZone: TimeZone(identifier: "Asia/Jerusalem")!)
    /// // f.calendar.identifier == .hebrew, f.months == [Month(6)], f.matchingPolicy == .nextTimePreservingSmallerComponents
    /// ```
    /// - Throws: `AlmanacError/Kind/unsupported` for what Foundation cannot express.
    /// - Note: Foundation does not make DTSTART an occurrence when the rule
    ///   does not produce it (RFC 5545 section 3.8.5.3 does), and an UNTIL in
    ///   DATE or floating form is read in `timeZone`. Foundation's policies
    ///   are not RFC 7529's SKIP in every case: a leap month missing from a
    ///   year is not moved to a neighbouring month (a Hebrew `5L` rule with
    ///   FORWARD gives nothing in common years).
    public init(_ rule: Almanac.RecurrenceRule, timeZone: TimeZone) throws(AlmanacError) {
        let identifier = try Self.calendarIdentifier(rule.rscale)
        var calendar = Calendar(identifier: identifier)
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
        let policy: Calendar.MatchingPolicy
        switch rule.skip {
        case nil, .omit: policy = .strict
        case .backward: policy = .previousTimePreservingSmallerComponents
        case .forward: policy = .nextTimePreservingSmallerComponents
        }
        let hebrew = identifier == .hebrew
        var end = Calendar.RecurrenceRule.End.never
        if let c = rule.count { end = .afterOccurrences(c) }
        if let u = rule.until {
            if rule.count != nil { throw AlmanacError(.unsupported, "Foundation takes COUNT or UNTIL, not both", text: "UNTIL") }
            let date: Date
            switch u {
            case .utc(let c): date = Date(Timestamp(utc: c))
            case .local(let c): date = Self.date(c, calendar)
            case .date(let d): date = try Self.date(d.at(23, 59, 59), calendar)
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
                  matchingPolicy: policy, repeatedTimePolicy: .first,
                  months: rule.byMonth.map { m -> Calendar.RecurrenceRule.Month in
                      // Foundation's Hebrew months are ICU's: Adar I is 6, Adar (II) 7, Elul 13.
                      if hebrew { return .init(m.isLeap ? 6 : (m.number <= 5 ? m.number : m.number + 1)) }
                      return .init(m.number, isLeap: m.isLeap)
                  },
                  daysOfTheYear: rule.byYearDay, daysOfTheMonth: rule.byMonthDay, weeks: rule.byWeekNo,
                  weekdays: rule.byDay.map { (w: Almanac.RecurrenceRule.WeekdayNum) -> Calendar.RecurrenceRule.Weekday in
                      if let n = w.ordinal { return .nth(n, weekday(w.weekday)) }
                      return .every(weekday(w.weekday))
                  },
                  hours: rule.byHour, minutes: rule.byMinute, seconds: rule.bySecond, setPositions: rule.bySetPos)
    }

    /// Foundation's calendar for an RFC 7529 RSCALE name (upper case, as the parser stores it).
    private static func calendarIdentifier(_ rscale: String?) throws(AlmanacError) -> Calendar.Identifier {
        switch rscale {
        case nil, "GREGORIAN": return .gregorian
        case "CHINESE": return .chinese
        case "DANGI": return .dangi
        case "HEBREW": return .hebrew
        case "ISLAMIC": return .islamic
        case "ISLAMIC-CIVIL": return .islamicCivil
        case "ISLAMIC-UMALQURA": return .islamicUmmAlQura
        case "ISLAMIC-TBLA": return .islamicTabular
        case "PERSIAN": return .persian
        case "ETHIOPIC": return .ethiopicAmeteMihret
        case "ETHIOAA": return .ethiopicAmeteAlem
        case "COPTIC": return .coptic
        case "INDIAN": return .indian
        case "BUDDHIST": return .buddhist
        case "JAPANESE": return .japanese
        case "ROC": return .republicOfChina
        case "ISO8601": return .iso8601
        case let name?:
            throw AlmanacError(.unsupported, "Foundation has no calendar for RSCALE=\(name)", text: "RSCALE=\(name)")
        }
    }

    /// A Gregorian wall-clock value (UNTIL stays Gregorian under RSCALE,
    /// RFC 7529 section 3) as an instant in the rule calendar's zone.
    private static func date(_ c: AlmanacCore.CivilDateTime, _ calendar: Calendar) -> Date {
        var gregorian = Calendar(identifier: .gregorian)
        gregorian.timeZone = calendar.timeZone
        return gregorian.date(from: DateComponents(year: c.date.year, month: c.date.month, day: c.date.day,
                                                   hour: c.time.hour, minute: c.time.minute, second: c.time.second))
            ?? Date(Timestamp(utc: c))
    }
}
