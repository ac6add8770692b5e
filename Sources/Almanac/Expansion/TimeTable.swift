import AlmanacCore

/// The times of day of one rule: BYHOUR, BYMINUTE and BYSECOND as masks
/// (filters of sub-daily rules), and the sorted times a frame's candidates
/// start at, with DTSTART's clock standing in for absent parts.
struct TimeTable: Sendable {
    let hourMask: UInt32, minuteMask: UInt64, secondMask: UInt64
    /// A time part is given but none of its values can match (see
    /// ``_RulePlan/subDailyNeverMatches(startKey:step:)``).
    let unmatchableTime: Bool
    /// Day-based rules: the sorted seconds of the day an instance may start at.
    /// Sub-daily rules: the sorted offsets in seconds inside one frame.
    let times: [Int32]
    /// Seconds per frame for sub-daily rules (1, 60, 3600); 86400 otherwise.
    let unit: Int64

    /// - Parameters:
    ///   - clock: DTSTART's wall clock (for sub-daily rules, once resolved).
    ///   - isDate: DTSTART is a DATE: one time, midnight.
    init(rule: borrowing RecurrenceRule, clock: CivilTime, isDate: Bool) {
        let hours = rule.byHour.filter { (0...23).contains($0) }
        let minutes = rule.byMinute.filter { (0...59).contains($0) }
        // Almanac has no leap seconds: BYSECOND=60 never matches.
        let seconds = rule.bySecond.filter { (0...59).contains($0) }
        hourMask = hours.reduce(0) { $0 | UInt32(1) << UInt32($1) }
        minuteMask = minutes.reduce(0) { $0 | UInt64(1) << UInt64($1) }
        secondMask = seconds.reduce(0) { $0 | UInt64(1) << UInt64($1) }
        // A BYHOUR, BYMINUTE or BYSECOND part with no usable value (BYSECOND=60,
        // or out-of-range values of a rule built in code) matches nothing; its
        // empty mask must not read as "no filter".
        unmatchableTime = (!rule.byHour.isEmpty && hours.isEmpty) || (!rule.byMinute.isEmpty && minutes.isEmpty)
            || (!rule.bySecond.isEmpty && seconds.isEmpty)
        // An absent part takes DTSTART's field, without building a one-element
        // array for it: a plan is built per query (W10 builds 10,000 per run),
        // and those arrays were three of its allocations.
        let h = rule.byHour.isEmpty ? nil : hours, m = rule.byMinute.isEmpty ? nil : minutes
        let s = rule.bySecond.isEmpty ? nil : seconds
        func each(_ list: [Int]?, _ field: Int, _ body: (Int) -> Void) {
            if let list { for v in list { body(v) } } else { body(field) }
        }
        var t: [Int32] = []
        switch rule.frequency {
        case .secondly:
            unit = 1
            t = [0]
        case .minutely:
            // BYSECOND expands inside the minute.
            unit = 60
            t.reserveCapacity(s?.count ?? 1)
            each(s, clock.second) { t.append(Int32($0)) }
        case .hourly:
            // BYMINUTE and BYSECOND expand inside the hour.
            unit = 3600
            t.reserveCapacity((m?.count ?? 1) * (s?.count ?? 1))
            each(m, clock.minute) { mm in each(s, clock.second) { t.append(Int32(mm * 60 + $0)) } }
        default:
            unit = 86_400
            if isDate {
                t = [0]
            } else {
                t.reserveCapacity((h?.count ?? 1) * (m?.count ?? 1) * (s?.count ?? 1))
                each(h, clock.hour) { hh in each(m, clock.minute) { mm in each(s, clock.second) { t.append(Int32(hh * 3600 + mm * 60 + $0)) } } }
            }
        }
        t.sort()
        times = t
    }
}
