import AlmanacCore

/// Everything about one rule and its DTSTART that does not change from frame
/// to frame, computed once per query: bit masks of the BYxxx parts, the
/// sorted times of day, UNTIL in the series' key space, the bound on empty
/// frames. Never touched per occurrence except to read.
@usableFromInline
final class _RulePlan: Sendable {
    typealias Frequency = RecurrenceRule.Frequency

    let frequency: Frequency
    let interval: Int
    let count: Int?
    /// UNTIL in key space (see ``RecurrenceSet/key(of:)``), inclusive.
    let untilKey: Int64?
    let kind: Anchor.Kind
    /// The zone wall-clock times are resolved in (UTC for floating and DATE
    /// series, whose keys are wall-clock seconds).
    let zone: Zone
    let skipGaps: Bool

    // DTSTART
    let startDay: Int
    /// Sub-daily rules: the second of the day DTSTART's wall clock shows once
    /// resolved (a time in a gap is shifted, RFC 5545 3.3.5); their frames
    /// and default BYMINUTE / BYSECOND follow it. DTSTART's own otherwise.
    let startSecond: Int
    let startLocal: Int64
    let startYear: Int, startMonth: Int, startMonthDay: Int
    let startWeekday: Weekday

    // BYxxx parts as masks. `has*` says whether the part was given.
    let weekStart: Weekday
    let hasByMonth: Bool, monthMask: UInt16          // bit m for month m
    let hasByMonthDay: Bool, monthDayPos: UInt32, monthDayNeg: UInt32 // bit d for d, bit k for -k
    let hasByDay: Bool, weekdayMask: UInt8           // bit w for plain weekday w (ISO number)
    let ordinals: [(n: Int, weekday: Int)]           // BYDAY values with an ordinal
    let hasByYearDay: Bool, yearDayPos: _DaySet, yearDayNeg: _DaySet // bit d-1 for d, bit k-1 for -k
    let hasByWeekNo: Bool, weekNoPos: UInt64, weekNoNeg: UInt64      // bit n for n, bit k for -k
    let hourMask: UInt32, minuteMask: UInt64, secondMask: UInt64     // filters of sub-daily rules
    let setPos: [Int]
    /// A time part is given but none of its values can match (see ``subDailyNeverMatches(startKey:step:)``).
    let unmatchableTime: Bool
    let skip: RecurrenceRule.Skip

    /// Day-based rules: the sorted seconds of the day an instance may start at.
    /// Sub-daily rules: the sorted offsets in seconds inside one frame.
    let times: [Int32]
    /// Seconds per frame for sub-daily rules (1, 60, 3600); 86400 otherwise.
    let unit: Int64
    /// After this many consecutive frames without an instance, none will ever come.
    let emptyLimit: Int

    /// Builds the plan, or throws when the rule cannot be expanded from this
    /// start (a sub-daily rule on a DATE, a calendar Almanac does not have).
    init(rule: RecurrenceRule, start: Anchor, options: ExpansionOptions) throws(AlmanacError) {
        if let scale = rule.rscale, scale != "GREGORIAN" {
            throw AlmanacError(.unsupported, "RSCALE=\(scale) is not supported yet: Almanac expands Gregorian rules only", text: "RSCALE=\(scale)")
        }
        if case .date = start, rule.frequency < .daily {
            throw AlmanacError(.invalidRule, "FREQ=\(rule.frequency.rawValue) needs a DATE-TIME DTSTART: a DATE series repeats by whole days", text: "FREQ=\(rule.frequency.rawValue)")
        }
        frequency = rule.frequency
        interval = max(1, rule.interval)
        count = rule.count
        kind = start.kind
        zone = start.zone ?? .utc
        skipGaps = options.nonexistentTimes == .skip
        skip = rule.skip ?? .omit

        let civil = start.civil
        startDay = civil.date.daysSinceEpoch
        // A sub-daily series steps from the instant DTSTART resolves to, so
        // its frames align on the wall clock of that instant: 02:10 in Lord
        // Howe's 30-minute gap is 02:40, and HOURLY;BYMINUTE=0 goes on at 03:00.
        var clock = civil
        if rule.frequency < .daily, case .zoned = start {
            var cursor = _ZoneCursor(start.zone ?? .utc)
            let r = cursor.resolve(local: civil.localSeconds)
            if r.inGap { clock = CivilDateTime(_localSeconds: Int(r.utc + Int64(r.offset))) }
        }
        startSecond = clock.time.secondsSinceMidnight
        startLocal = civil.localSeconds
        startYear = civil.date.year
        startMonth = civil.date.month
        startMonthDay = civil.date.day
        startWeekday = civil.date.weekday
        weekStart = rule.weekStart

        hasByMonth = !rule.byMonth.isEmpty
        monthMask = rule.byMonth.reduce(0) { $1.number >= 1 && $1.number <= 12 && !$1.isLeap ? $0 | UInt16(1) << UInt16($1.number) : $0 }

        hasByMonthDay = !rule.byMonthDay.isEmpty
        var pos: UInt32 = 0, neg: UInt32 = 0
        for d in rule.byMonthDay where d != 0 && (-31...31).contains(d) {
            if d > 0 { pos |= 1 << UInt32(d) } else { neg |= 1 << UInt32(-d) }
        }
        monthDayPos = pos
        monthDayNeg = neg

        hasByDay = !rule.byDay.isEmpty
        let ordinalsAllowed = rule.frequency == .monthly || (rule.frequency == .yearly && rule.byWeekNo.isEmpty)
        var wmask: UInt8 = 0
        var ords: [(n: Int, weekday: Int)] = []
        for wd in rule.byDay {
            if let n = wd.ordinal, n != 0, ordinalsAllowed {
                // Past ±53 no frame has that many of a weekday: the value never matches.
                if (-53...53).contains(n) { ords.append((n, wd.weekday.rawValue)) }
            } else {
                wmask |= 1 << UInt8(wd.weekday.rawValue)
            }
        }
        weekdayMask = wmask
        ordinals = ords

        hasByYearDay = !rule.byYearDay.isEmpty
        var ypos = _DaySet(), yneg = _DaySet()
        for d in rule.byYearDay where d != 0 && (-366...366).contains(d) {
            if d > 0 { ypos.insert(d - 1) } else { yneg.insert(-d - 1) }
        }
        yearDayPos = ypos
        yearDayNeg = yneg

        hasByWeekNo = !rule.byWeekNo.isEmpty
        var wpos: UInt64 = 0, wneg: UInt64 = 0
        for n in rule.byWeekNo where n != 0 && (-53...53).contains(n) {
            if n > 0 { wpos |= 1 << UInt64(n) } else { wneg |= 1 << UInt64(-n) }
        }
        weekNoPos = wpos
        weekNoNeg = wneg

        let hours = rule.byHour.filter { (0...23).contains($0) }
        let minutes = rule.byMinute.filter { (0...59).contains($0) }
        // Almanac has no leap seconds: BYSECOND=60 never matches.
        let seconds = rule.bySecond.filter { (0...59).contains($0) }
        hourMask = hours.reduce(0) { $0 | UInt32(1) << UInt32($1) }
        minuteMask = minutes.reduce(0) { $0 | UInt64(1) << UInt64($1) }
        secondMask = seconds.reduce(0) { $0 | UInt64(1) << UInt64($1) }
        setPos = rule.bySetPos.filter { $0 != 0 }
        // A BYHOUR, BYMINUTE or BYSECOND part with no usable value (BYSECOND=60,
        // or out-of-range values of a rule built in code) matches nothing; its
        // empty mask must not read as "no filter".
        unmatchableTime = (!rule.byHour.isEmpty && hours.isEmpty) || (!rule.byMinute.isEmpty && minutes.isEmpty)
            || (!rule.bySecond.isEmpty && seconds.isEmpty)

        let h0 = clock.time.hour, m0 = clock.time.minute, s0 = clock.time.second
        // An absent part takes DTSTART's field, without building a one-element
        // array for it: a plan is built per query (W10 builds 10,000 per run),
        // and those arrays were three of its allocations.
        let hourCount = rule.byHour.isEmpty ? 1 : hours.count
        let minuteCount = rule.byMinute.isEmpty ? 1 : minutes.count
        let secondCount = rule.bySecond.isEmpty ? 1 : seconds.count
        func value(_ list: [Int], _ given: Bool, _ field: Int, _ i: Int) -> Int { given ? list[i] : field }
        var t: [Int32] = []
        switch rule.frequency {
        case .secondly:
            unit = 1
            t = [0]
        case .minutely:
            // BYSECOND expands inside the minute.
            unit = 60
            t.reserveCapacity(secondCount)
            for s in 0..<secondCount { t.append(Int32(value(seconds, !rule.bySecond.isEmpty, s0, s))) }
        case .hourly:
            // BYMINUTE and BYSECOND expand inside the hour.
            unit = 3600
            t.reserveCapacity(minuteCount * secondCount)
            for m in 0..<minuteCount {
                for s in 0..<secondCount {
                    t.append(Int32(value(minutes, !rule.byMinute.isEmpty, m0, m) * 60 + value(seconds, !rule.bySecond.isEmpty, s0, s)))
                }
            }
        default:
            unit = 86_400
            if case .date = start {
                t = [0]
            } else {
                t.reserveCapacity(hourCount * minuteCount * secondCount)
                for h in 0..<hourCount {
                    for m in 0..<minuteCount {
                        for s in 0..<secondCount {
                            t.append(Int32(value(hours, !rule.byHour.isEmpty, h0, h) * 3600
                                + value(minutes, !rule.byMinute.isEmpty, m0, m) * 60 + value(seconds, !rule.bySecond.isEmpty, s0, s)))
                        }
                    }
                }
            }
        }
        t.sort()
        times = t

        // The Gregorian calendar repeats every 400 years = 4800 months =
        // 20871 weeks = 146097 days. Frame k and frame k + cycle/gcd(cycle,
        // interval) therefore have the same candidates (for sub-daily rules,
        // while the zone's rules repeat too), so that many empty frames in a
        // row means the rule will never produce an instance again.
        let cycle: Int
        switch rule.frequency {
        case .yearly: cycle = 400
        case .monthly: cycle = 4800
        case .weekly: cycle = 20871
        case .daily: cycle = 146_097
        case .hourly: cycle = 146_097 * 24
        case .minutely: cycle = 146_097 * 1440
        case .secondly: cycle = 146_097 * 86_400
        }
        emptyLimit = cycle / _gcd(cycle, interval) + 1

        untilKey = rule.until.map { Self.key(of: $0, start: start) }
    }

    /// The year of the first YEARLY frame: DTSTART's calendar year, or with
    /// BYWEEKNO its week-numbering year (1 January 2033 lies in week 53 of
    /// 2032, whose weeks must be expanded too).
    var firstYear: Int { yearOfFrame(containing: startDay) }

    /// The year whose YEARLY frame holds `day`: the calendar year, or with
    /// BYWEEKNO the week-numbering year under WKST (RFC 5545 section 3.3.10).
    func yearOfFrame(containing day: Int) -> Int {
        let year = _civilFromDays(day).year
        guard hasByWeekNo else { return year }
        if day < _weekOneStart(year: year, weekStart: weekStart) { return year - 1 }
        if day >= _weekOneStart(year: year + 1, weekStart: weekStart) { return year + 1 }
        return year
    }

    /// UNTIL in the series' key space. RFC 5545 wants UNTIL in DTSTART's value
    /// form; lenient mode reads the others as the README says: a DATE bounds
    /// a timed series at the end of that day, a UTC value in a floating or
    /// DATE series is read by its wall-clock fields, a floating value in a
    /// zoned series is read in the series' zone.
    static func key(of until: RecurrenceRule.Until, start: Anchor) -> Int64 {
        switch (start, until) {
        case (.date, .date(let d)):
            return Int64(d.daysSinceEpoch) * 86_400
        case (.date, .local(let c)), (.date, .utc(let c)), (.floating, .local(let c)), (.floating, .utc(let c)):
            return c.localSeconds
        case (.floating, .date(let d)):
            return Int64(d.daysSinceEpoch + 1) * 86_400 - 1
        case (.utc, .utc(let c)), (.utc, .local(let c)), (.zoned, .utc(let c)):
            return c.localSeconds
        case (.utc, .date(let d)):
            return Int64(d.daysSinceEpoch + 1) * 86_400 - 1
        case (.zoned(_, let z), .local(let c)):
            return (try? z.timestamp(for: c).secondsSinceEpoch) ?? c.localSeconds
        case (.zoned(_, let z), .date(let d)):
            guard let next = d.adding(days: 1) else { return Int64.max }
            return z.startOfDay(next).secondsSinceEpoch - 1
        }
    }
}

extension _RulePlan {
    /// The index (from 0) that BYSETPOS value `p` picks among `total`
    /// candidates: 1 is the first, -1 the last; `nil` past either end.
    @inline(__always)
    static func setPosIndex(_ p: Int, among total: Int) -> Int? {
        let i = p > 0 ? p - 1 : total + p
        return i >= 0 && i < total ? i : nil
    }

    /// How many distinct candidates BYSETPOS picks among `total`.
    func setPosSelections(among total: Int) -> Int {
        Set(setPos.compactMap { Self.setPosIndex($0, among: total) }).count
    }
}

@inlinable
func _gcd(_ a: Int, _ b: Int) -> Int {
    var (x, y) = (a.magnitude, b.magnitude)
    while y != 0 { (x, y) = (y, x % y) }
    return Int(truncatingIfNeeded: x)
}
