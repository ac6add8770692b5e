import AlmanacCore

/// Everything about one rule and its DTSTART that does not change from frame
/// to frame, computed once per query: bit masks of the BYxxx parts, the
/// sorted times of day, UNTIL in the series' key space, the bound on empty
/// frames. Never touched per occurrence except to read.
@usableFromInline
final class _RulePlan: Sendable {
    typealias Frequency = RecurrenceRule.Frequency
    typealias Limits = DayParts.Limits

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
    let startYear: Int

    /// BYMONTH, BYMONTHDAY, BYDAY, BYYEARDAY, BYWEEKNO, WKST and SKIP.
    let dayParts: DayParts
    /// RSCALE's calendar (`dayParts.scale`, kept here too: read per frame
    /// through the plan, the day parts were copied whole to reach it).
    let scale: Scale?
    /// BYHOUR, BYMINUTE, BYSECOND and the times they give.
    let timeTable: TimeTable
    let setPos: [Int]
    /// After this many consecutive frames without an instance, none will ever come.
    let emptyLimit: Int
    /// RSCALE calendars: the number of the first YEARLY frame's year.
    let scaleFirstYear: Int?
    /// Whether YEARLY and MONTHLY frames are years and months of an RSCALE
    /// calendar (through its tables) rather than Gregorian ones.
    let scaledFrames: Bool

    var times: [Int32] { timeTable.times }
    var unit: Int64 { timeTable.unit }
    var hourMask: UInt32 { timeTable.hourMask }
    var minuteMask: UInt64 { timeTable.minuteMask }
    var secondMask: UInt64 { timeTable.secondMask }
    var unmatchableTime: Bool { timeTable.unmatchableTime }
    var hasByWeekNo: Bool { dayParts.hasByWeekNo }

    /// The days of an RSCALE year frame. (The call copies the day parts,
    /// 256 bytes, out of the plan once a frame: callgrind shows it, and
    /// neither inlining nor a pointer to them removed it.)
    func scaledYearDays(_ y: borrowing ScaleYear, scale: Scale) -> _DaySet { dayParts.scaledYearDays(y, scale: scale) }

    /// The days of an RSCALE month frame (as ``scaledYearDays(_:scale:)``).
    func scaledMonthDays(_ m: ScaleMonth, scale: Scale) -> _DaySet { dayParts.scaledMonthDays(m, scale: scale) }
    var weekStart: Weekday { dayParts.weekStart }

    /// Builds the plan, or throws when the rule cannot be expanded from this
    /// start (a sub-daily rule on a DATE, a calendar Almanac does not have).
    init(rule: borrowing RecurrenceRule, start: Anchor, options: ExpansionOptions) throws(AlmanacError) {
        let scale = try Self.scale(of: rule)
        var isDate = false
        if case .date = start { isDate = true }
        if isDate, rule.frequency < .daily {
            throw AlmanacError(.invalidRule, "FREQ=\(rule.frequency.rawValue) needs a DATE-TIME DTSTART: a DATE series repeats by whole days", text: "FREQ=\(rule.frequency.rawValue)")
        }
        frequency = rule.frequency
        interval = max(1, rule.interval)
        count = rule.count
        kind = start.kind
        zone = start.zone ?? .utc
        skipGaps = options.nonexistentTimes == .skip

        let civil = start.civil
        startDay = civil.date.daysSinceEpoch
        startLocal = civil.localSeconds
        startYear = civil.date.year
        let clock = Self.clock(of: start, frequency: rule.frequency)
        startSecond = clock.secondsSinceMidnight

        dayParts = DayParts(rule: rule, start: civil.date, scale: scale)
        self.scale = scale
        timeTable = TimeTable(rule: rule, clock: clock, isDate: isDate)
        setPos = rule.bySetPos.filter { $0 != 0 }
        // Other calendars have no short cycle (a Chinese leap month 1L may
        // not come back for centuries): their walks end at year 9999.
        emptyLimit = scale == nil ? Self.emptyLimit(rule.frequency, interval: interval) : Int.max
        untilKey = rule.until.map { Self.sortKey(of: $0, start: start) }
        scaleFirstYear = Self.scaledFrameYear(containing: startDay, dayParts)?.number
        scaledFrames = scale != nil
    }

    /// The calendar RSCALE names, when its months are not the Gregorian
    /// ones: `nil` for GREGORIAN, and for ISO8601, BUDDHIST, JAPANESE and
    /// ROC, which differ from it only in how years are numbered (no rule
    /// part reads a year number).
    static func scale(of rule: borrowing RecurrenceRule) throws(AlmanacError) -> Scale? {
        guard let name = rule.rscale else { return nil }
        switch name {
        case "GREGORIAN", "ISO8601", "BUDDHIST", "JAPANESE", "ROC": return nil
        default:
            guard let scale = Scale.named(name) else {
                throw AlmanacError(.unsupported, "RSCALE=\(name): the system ICU has no such calendar", text: "RSCALE=\(name)")
            }
            return scale
        }
    }

    /// The wall clock the rule's times follow: DTSTART's. A sub-daily series
    /// steps from the instant DTSTART resolves to, so its frames align on
    /// the wall clock of that instant: 02:10 in Lord Howe's 30-minute gap is
    /// 02:40, and HOURLY;BYMINUTE=0 goes on at 03:00.
    static func clock(of start: Anchor, frequency: Frequency) -> CivilTime {
        let civil = start.civil
        if frequency < .daily, case .zoned = start {
            var cursor = _ZoneCursor(start.zone ?? .utc)
            let r = cursor.resolve(local: civil.localSeconds)
            if r.inGap { return CivilDateTime(_localSeconds: Int(r.utc + Int64(r.offset))).time }
        }
        return civil.time
    }

    /// The Gregorian calendar repeats every 400 years = 4800 months =
    /// 20871 weeks = 146097 days. Frame k and frame k + cycle/gcd(cycle,
    /// interval) therefore have the same candidates (for sub-daily rules,
    /// while the zone's rules repeat too), so that many empty frames in a
    /// row means the rule will never produce an instance again.
    static func emptyLimit(_ frequency: Frequency, interval: Int) -> Int {
        let cycle: Int
        switch frequency {
        case .yearly: cycle = 400
        case .monthly: cycle = 4800
        case .weekly: cycle = 20871
        case .daily: cycle = 146_097
        case .hourly: cycle = 146_097 * 24
        case .minutely: cycle = 146_097 * 1440
        case .secondly: cycle = 146_097 * 86_400
        }
        return cycle / _gcd(cycle, interval) + 1
    }

    /// The year of the first YEARLY frame: DTSTART's calendar year, or with
    /// BYWEEKNO its week-numbering year (1 January 2033 lies in week 53 of
    /// 2032, whose weeks must be expanded too).
    var firstYear: Int { yearOfFrame(containing: startDay) }

    /// The year whose YEARLY frame holds `day`: the calendar year, or with
    /// BYWEEKNO the week-numbering year under WKST (RFC 5545 section 3.3.10).
    func yearOfFrame(containing day: Int) -> Int {
        let year = civilFromDays(day).year
        guard hasByWeekNo else { return year }
        if day < _weekOneStart(year: year, weekStart: weekStart) { return year - 1 }
        if day >= _weekOneStart(year: year + 1, weekStart: weekStart) { return year + 1 }
        return year
    }

    /// The number of the frame that holds `day`, counted from year 0 in the
    /// rule's FREQ (years, months, weeks starting on WKST, days).
    func frameNumber(ofDay day: Int) -> Int {
        switch frequency {
        case .yearly: return yearOfFrame(containing: day)
        case .monthly:
            let c = civilFromDays(day)
            return c.year * 12 + c.month - 1
        case .weekly: return floorDiv(day - (weekStart.rawValue - 4), 7) // week starting on WKST
        default: return day
        }
    }

    /// UNTIL in the series' key space. RFC 5545 wants UNTIL in DTSTART's value
    /// form; lenient mode reads the others as the README says: a DATE bounds
    /// a timed series at the end of that day, a UTC value in a floating or
    /// DATE series is read by its wall-clock fields, a floating value in a
    /// zoned series is read in the series' zone.
    static func sortKey(of until: RecurrenceRule.Until, start: Anchor) -> Int64 {
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
            return z.instant(of: c).secondsSinceEpoch
        case (.zoned(_, let z), .date(let d)):
            guard let next = try? d.adding(days: 1) else { return Int64.max }
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
