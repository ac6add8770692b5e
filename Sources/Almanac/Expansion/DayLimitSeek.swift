import AlmanacCore

/// Finds the next day that passes a DAILY or sub-daily rule's day limits
/// (BYMONTH, BYMONTHDAY, BYDAY, BYYEARDAY, BYWEEKNO), a year at a time.
///
/// Which days of a year pass depends only on the year's shape (weekday of
/// 1 January, leap year, and for BYWEEKNO the neighbouring years), so each
/// shape is computed once, as a `_DaySet` of the year's days. A rule whose
/// limits rarely pass (`BYMONTH=2;BYMONTHDAY=29`) or never pass
/// (`BYMONTH=2;BYMONTHDAY=30`) then costs a few steps per year, not one per
/// day: from 1970 to 9999 that is 8,030 cache lookups instead of 2.9 million
/// day checks.
struct DayLimitSeek {
    let plan: _RulePlan
    let limits: _RulePlan.Limits
    /// The passing days of each year shape met so far (allocated at the first).
    private var cache: [_DaySet] = []
    private var cached: UInt64 = 0
    /// Years visited, and days checked to fill the cache (the cost).
    private(set) var years = 0

    init(plan: _RulePlan, limits: _RulePlan.Limits) {
        self.plan = plan
        self.limits = limits
    }

    /// An RSCALE calendar's last year read, and its passing days.
    private var scaled: (number: Int, days: _DaySet)? = nil

    /// The first day in `from...through` whose date passes the limits, or `nil`.
    mutating func firstDay(from: Int, through last: Int) -> Int? {
        if let scale = plan.dayParts.scale { return scaledFirstDay(from: from, through: last, scale) }
        var day = max(from, _minDayNumber)
        if cached == 0 && probed < Self.probeBudget {
            // Most limits let a day through within a week (BYDAY=MO,TU,WE,TH,FR):
            // the days of the coming week are tested one by one, for the
            // first few dozen days an iterator asks about, before a year's
            // shape is computed (365 tests, for an iterator that may be
            // asked for one week; a long walk then reads the shape). Each
            // day tested counts as a step, as each day of a shape does.
            let parts = plan.dayParts
            let probeEnd = min(last, day + Self.probeDays - 1, _maxDayNumber)
            while day <= probeEnd {
                probed += 1
                years &+= 1
                if parts.passes(day, limits) { return day }
                day += 1
            }
            guard day <= last else { return nil }
        }
        // The year asked about last, read again without working out its
        // dates and shape (a walk asks about each instance's year in turn).
        if day >= year.first && day < year.next {
            years &+= 1
            if let i = year.days.next(from: day - year.first) { return year.first + i <= last ? year.first + i : nil }
            day = year.next
        }
        var number = civilFromDays(day).year
        while day <= last && number <= 9999 {
            years &+= 1
            let first = daysFromCivil(number, 1, 1), next = daysFromCivil(number + 1, 1, 1)
            year = (first, next, days(ofYear: number, first: first))
            if let i = year.days.next(from: day - first) {
                return first + i <= last ? first + i : nil
            }
            number += 1
            day = next
        }
        return nil
    }

    /// The last year ``firstDay(from:through:)`` read: its first day, the
    /// next year's, and its passing days (indexes from its first day).
    private var year: (first: Int, next: Int, days: _DaySet) = (0, 0, _DaySet())

    /// Days a probe of ``firstDay(from:through:)`` tests one by one.
    static let probeDays = 7
    /// Days all probes may test before ``firstDay(from:through:)`` turns
    /// to year shapes: a week's query never needs a shape, a long walk
    /// soon reads them (a probe of a Sunday-only rule tests up to seven
    /// days an instance; a shape, once computed, one lookup).
    static let probeBudget = 64
    /// Days tested by probes so far.
    private var probed = 0

    /// How many days in `from...last` pass the limits: a step per year.
    mutating func passingDays(from: Int, through last: Int) -> Int {
        if let scale = plan.dayParts.scale { return scaledPassingDays(from: from, through: last, scale) }
        var n = 0
        var day = max(from, _minDayNumber)
        while day <= min(last, _maxDayNumber) {
            years &+= 1
            let year = civilFromDays(day).year
            let first = daysFromCivil(year, 1, 1), next = daysFromCivil(year + 1, 1, 1)
            let set = days(ofYear: year, first: first)
            n += set.count(from: day - first) - set.count(from: min(last, next - 1) - first + 1)
            day = next
        }
        return n
    }

    /// The days of `year` (indexes from 1 January) that pass, by the year's shape.
    private mutating func days(ofYear year: Int, first: Int) -> _DaySet {
        let shape = Self.shape(year, weekNumbers: limits.contains(.weekNo))
        if cached & (1 << UInt64(shape)) == 0 {
            if cache.isEmpty { cache = [_DaySet](repeating: _DaySet(), count: 56) }
            var set = _DaySet()
            let length = _isLeapYear(year) ? 366 : 365
            for i in 0..<length where plan.dayParts.passes(first + i, limits) { set.insert(i) }
            years &+= length
            cache[shape] = set
            cached |= 1 << UInt64(shape)
        }
        return cache[shape]
    }

    /// Weekday of 1 January and leap year; with BYWEEKNO also whether the
    /// years before and after are leap (their week counts decide the weeks
    /// of early January and late December).
    static func shape(_ year: Int, weekNumbers: Bool) -> Int {
        let wd = isoWeekday(ofDays: daysFromCivil(year, 1, 1)) - 1
        let leap = _isLeapYear(year) ? 7 : 0
        guard weekNumbers else { return wd + leap }
        return wd + leap + (_isLeapYear(year - 1) ? 14 : 0) + (_isLeapYear(year + 1) ? 28 : 0)
    }

    // MARK: RSCALE calendars (years of their own, no shared shapes)

    private mutating func scaledFirstDay(from: Int, through last: Int, _ scale: Scale) -> Int? {
        var day = max(from, _minDayNumber)
        while day <= min(last, _maxDayNumber) {
            guard let y = scale.year(containing: day) else { return nil }
            if let i = days(of: y, scale).next(from: day - y.first) { return y.first + i <= last ? y.first + i : nil }
            day = y.first + y.length
        }
        return nil
    }

    private mutating func scaledPassingDays(from: Int, through last: Int, _ scale: Scale) -> Int {
        var n = 0
        var day = max(from, _minDayNumber)
        while day <= min(last, _maxDayNumber) {
            guard let y = scale.year(containing: day) else { break }
            let set = days(of: y, scale)
            n += set.count(from: day - y.first) - set.count(from: min(last, y.first + y.length - 1) - y.first + 1)
            day = y.first + y.length
        }
        return n
    }

    /// The days of calendar year `y` (indexes from its first day) that pass.
    private mutating func days(of y: ScaleYear, _ scale: Scale) -> _DaySet {
        if let s = scaled, s.number == y.number { return s.days }
        years &+= y.length
        let set = plan.dayParts.scaledPassingDays(y, limits, in: scale)
        scaled = (y.number, set)
        return set
    }
}
