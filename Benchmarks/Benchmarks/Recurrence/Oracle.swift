// A brute-force reading of RFC 5545 for the day-level rules the workloads use,
// written from the RFC's text and sharing no code with the expander: it asks
// of each day "is this an instance?" instead of expanding periods. It decides
// who is right when Almanac and Foundation disagree (Foundation is wrong on
// several of these rules; see the notes in the table).
//
// Covers DAILY, WEEKLY, MONTHLY and YEARLY with INTERVAL, COUNT, BYMONTH,
// BYMONTHDAY, BYDAY (plain or ordinal) and BYSETPOS; DTSTART's time of day.
// Not BYYEARDAY, BYWEEKNO, BYHOUR and finer: the workloads do not use them.

import Almanac

enum Oracle {
    /// Whether day `d` is selected by the BYxxx parts of `r` within its
    /// period, before BYSETPOS (RFC 5545 section 3.3.10's expand/limit table).
    static func selects(_ r: RecurrenceRule, start: CivilDate, _ d: CivilDate) -> Bool {
        let months = r.byMonth.map(\.number)
        if !months.isEmpty && !months.contains(d.month) { return false }
        if !r.byMonthDay.isEmpty {
            let n = d.daysInMonth
            guard r.byMonthDay.contains(where: { $0 > 0 ? $0 == d.day : n + 1 + $0 == d.day }) else { return false }
        }
        if !r.byDay.isEmpty {
            // An ordinal counts within the month for MONTHLY, and for YEARLY
            // with BYMONTH; within the year for YEARLY otherwise.
            let inMonth = r.frequency == .monthly || (r.frequency == .yearly && !months.isEmpty)
            let first = try! inMonth ? CivilDate(d.year, d.month, 1) : CivilDate(d.year, 1, 1)
            let length = inMonth ? d.daysInMonth : d.daysInYear
            let index = d.daysSinceEpoch - first.daysSinceEpoch        // 0-based position in the scope
            let fromStart = index / 7 + 1, fromEnd = -((length - 1 - index) / 7 + 1)
            guard r.byDay.contains(where: { w in
                w.weekday == d.weekday && (w.ordinal == nil || w.ordinal == fromStart || w.ordinal == fromEnd)
            }) else { return false }
        }
        // Parts the rule leaves out take their value from DTSTART.
        switch r.frequency {
        case .weekly where r.byDay.isEmpty:
            return d.weekday == start.weekday
        case .monthly where r.byDay.isEmpty && r.byMonthDay.isEmpty:
            return d.day == start.day
        case .yearly where r.byDay.isEmpty && r.byMonthDay.isEmpty:
            return (months.isEmpty ? d.month == start.month : true) && d.day == start.day
        default:
            return true
        }
    }

    /// The period of `d` counted from DTSTART's (weeks start on WKST), or nil
    /// when it is not a period of the rule (INTERVAL).
    static func period(_ r: RecurrenceRule, start: CivilDate, _ d: CivilDate) -> Int? {
        let i: Int
        switch r.frequency {
        case .daily: i = d.daysSinceEpoch - start.daysSinceEpoch
        case .weekly:
            func weekStart(_ x: CivilDate) -> Int { x.daysSinceEpoch - x.weekday.offset(from: r.weekStart) }
            i = (weekStart(d) - weekStart(start)) / 7
        case .monthly: i = (d.year * 12 + d.month) - (start.year * 12 + start.month)
        case .yearly: i = d.year - start.year
        default: fatalError("the oracle covers DAILY to YEARLY")
        }
        return i >= 0 && i % r.interval == 0 ? i : nil
    }

    /// The instants of `r` from `start` in New York, day by day, until COUNT
    /// or the end of `window`. DTSTART counts only when the rule selects it
    /// (`ExpansionOptions(includesStart: false)`).
    static func instants(_ r: RecurrenceRule, start: CivilDateTime, window: Range<Timestamp>?, zone: Zone = newYork) -> [Int64] {
        precondition(r.count != nil || window != nil, "the oracle needs COUNT or a window")
        var out: [Int64] = []
        var day = start.date.daysSinceEpoch
        var currentPeriod: Int? = nil
        var periodDays: [CivilDate] = []

        func emit(_ days: [CivilDate]) -> Bool {     // false: done
            var picked = days
            if !r.bySetPos.isEmpty {
                picked = r.bySetPos.compactMap { p in
                    let i = p > 0 ? p - 1 : days.count + p
                    return days.indices.contains(i) ? days[i] : nil
                }.sorted()
            }
            for d in picked {
                let local = CivilDateTime(d, start.time)
                guard local >= start else { continue }
                let t: Timestamp
                do { t = try zone.timestamp(for: local) } catch { fatalError("\(error)") }
                if let window {
                    if t >= window.upperBound { return false }
                    if t < window.lowerBound { continue }
                }
                out.append(t.secondsSinceEpoch)
                if let c = r.count, out.count == c { return false }
            }
            return true
        }

        while let d = CivilDate(daysSinceEpoch: day) {
            let p = period(r, start: start.date, d)
            // BYSETPOS works on whole periods; without it each day stands alone.
            let key = r.bySetPos.isEmpty ? day : periodKey(r, d)
            if key != currentPeriod {
                if !emit(periodDays) { return out }
                periodDays.removeAll(keepingCapacity: true)
                currentPeriod = key
            }
            if p != nil && selects(r, start: start.date, d) { periodDays.append(d) }
            if let window, d.daysSinceEpoch * 86_400 > window.upperBound.secondsSinceEpoch + 2 * 86_400 { break }
            day += 1
        }
        _ = emit(periodDays)
        return out
    }

    static func periodKey(_ r: RecurrenceRule, _ d: CivilDate) -> Int {
        switch r.frequency {
        case .daily: d.daysSinceEpoch
        case .weekly: d.daysSinceEpoch - d.weekday.offset(from: r.weekStart)
        case .monthly: d.year * 12 + d.month
        default: d.year
        }
    }

    /// W10's question for one series, asked only of the window's days.
    static func instants(_ s: Series, in window: Range<Timestamp>, days: [CivilDate]) -> [Int64] {
        let r = s.set.rules[0]
        var out: [Int64] = []
        for d in days where period(r, start: s.start.date, d) != nil && selects(r, start: s.start.date, d) {
            let local = CivilDateTime(d, s.start.time)
            guard local >= s.start else { continue }
            let t: Timestamp
            do { t = try newYork.timestamp(for: local) } catch { fatalError("\(error)") }
            if window.contains(t) { out.append(t.secondsSinceEpoch) }
        }
        return out
    }
}
