import AlmanacCore

/// One candidate instance on its way out of a rule: its key (instant, or
/// wall-clock seconds for floating and DATE series), the wall-clock seconds
/// to show, their offset, and the unshifted wall-clock start (RECURRENCE-ID).
@usableFromInline
struct _Raw {
    @usableFromInline var key: Int64
    @usableFromInline var local: Int64
    @usableFromInline var offset: Int32
    @usableFromInline var rid: Int64
}

/// Expands one rule from one DTSTART, lazily, in order, each instant once.
///
/// Day-based frequencies (DAILY and coarser) walk periods in civil time: a
/// period's candidate days are a `_DaySet`, its times the plan's sorted
/// times, BYSETPOS indexes the product days x times without building it.
/// Sub-daily frequencies step in elapsed time from DTSTART and filter on the
/// wall-clock fields of each instant (DESIGN.md, "Decisions").
@usableFromInline
struct _RuleIterator {
    let plan: _RulePlan
    /// Copies of the plan's hot fields, so the loop does not go through the class.
    let times: [Int32]
    let hasSetPos: Bool
    let frequency: RecurrenceRule.Frequency
    /// SECONDLY, MINUTELY or HOURLY: steps in elapsed time.
    let subDaily: Bool
    let startLocal: Int64
    let untilKey: Int64?
    /// COUNT, or `Int.max`.
    let countLimit: Int
    /// The BYxxx parts that limit single days (DAILY and sub-daily rules).
    let dayLimits: _RulePlan.Limits
    /// WEEKLY: the days of every week when no part depends on the date; DAILY: `{0}` when no part limits days.
    let fixedDays: _DaySet?
    /// Sub-daily with no BYxxx filter, no BYSETPOS and one instant per period.
    let plainSubDaily: Bool
    var cursor: _ZoneCursor
    let injectsStart: Bool
    var startPending: Bool
    let startKey: Int64
    var emitted = 0
    var lastKey = Int64.min
    var finished = false

    // Periods.
    var k = 0
    var periodStart = 0          // first day of the period (day-based)
    var days = _DaySet()
    var dayCursor = 0            // next day index to scan
    var currentDay = -1          // day index whose times are being walked
    var timeIndex = 0
    var selected: [Int] = []     // BYSETPOS: flat indexes into days x times
    var selectedIndex = 0
    var emptyPeriods = 0
    /// Periods, steps, days and years visited: the expander's cost in units
    /// that do not depend on the machine (tests bound it; see ``workDone``).
    var work = 0
    var periodHadCandidate = false
    let lastDay: Int             // no period starting after this day can matter
    var yearCache: [_DaySet] = []
    var yearCached: UInt64 = 0
    var monthCache: [_DaySet] = []
    var monthCached: UInt32 = 0

    // Sub-daily.
    var t0: Int64 = 0
    var step: Int64 = 0
    let lastInstant: Int64
    var sub: [_Raw] = []
    var subIndex = 0
    var checkedDay = Int.min
    var checkedDayPasses = false
    var reachCache = _PerOffset<Bool>()
    var daySeek: _DayLimitSeek? = nil
    /// Periods in a row whose times of day the filters rejected (TimeOfDayProgression.swift).
    var timeMisses = 0

    // COUNT with a window (CountAhead.swift).
    /// Instances before this key are counted in bulk where they can be.
    var countBefore: Int64? = nil
    var timeRuns: [(lo: Int64, hi: Int64)]? = nil
    var fullPeriodPositions = 0
    var phaseTables = _PerOffset<_PhaseTables>()
    /// Day counts over one cycle of days (``dayCycleSum(from:days:offset:cycle:)``).
    var dayCycles = _PerOffset<[Int]>()
    /// Candidates' phases and the instances in the first runs of passing
    /// seconds (``partialDay(from:to:offset:)``).
    var runPrefixes = _PerOffset<(phases: [Int64], prefix: [Int])>()

    // Times a DST gap moved forward wait here until no earlier time can come.
    var held: _Raw? = nil
    /// No candidate is left but possibly DTSTART.
    var periodsDone = false
    var rawDone = false
    var pending: [_Raw] = []
    var pendingIndex = 0
    /// Plain rules' fast path (PlainStepper.swift): when active, it does all the work.
    var plain: _PlainStepper

    /// - Parameters:
    ///   - seekKey: the start of a window: when the rule has no COUNT, the
    ///     walk starts at the first period that can reach it.
    ///   - endKey: no instance at or after this key is wanted.
    init(plan: _RulePlan, includesStart: Bool, seekKey: Int64?, endKey: Int64?) {
        self.plan = plan
        times = plan.times
        hasSetPos = !plan.setPos.isEmpty
        frequency = plan.frequency
        subDaily = plan.frequency < .daily
        startLocal = plan.startLocal
        untilKey = plan.untilKey
        countLimit = plan.count ?? Int.max
        dayLimits = plan.present([.month, .monthDay, .weekday, .yearDay, .weekNo])
        switch plan.frequency {
        case .weekly where plan.present([.month, .monthDay, .yearDay, .weekNo]).isEmpty:
            fixedDays = plan.weekDays(_weekOneStart(year: 2000, weekStart: plan.weekStart))
        case .daily where dayLimits.isEmpty:
            var one = _DaySet()
            one.insert(0)
            fixedDays = one
        default:
            fixedDays = nil
        }
        plainSubDaily = plan.frequency < .daily && dayLimits.isEmpty && plan.hourMask == 0 && plan.minuteMask == 0
            && plan.secondMask == 0 && plan.setPos.isEmpty && plan.times.count == 1
        cursor = _ZoneCursor(plan.zone)
        injectsStart = includesStart
        startPending = includesStart
        startKey = cursor.resolve(local: plan.startLocal).utc

        // Bounds: UNTIL, the window's end, year 9999.
        let endOfTime = Self.endOfTime
        var bound = endOfTime
        if let u = plan.untilKey { bound = min(bound, u) }
        if let e = endKey { bound = min(bound, e) }
        bound = max(bound, Int64(_minDayNumber - 2) * 86_400)   // windows may start or end anywhere in Int64
        let boundLocal = bound < endOfTime ? bound + cursor.offset(utc: bound) : bound
        lastDay = min(_maxDayNumber, _floorDiv(Int(boundLocal), 86_400) + 2)
        lastInstant = min(bound, endOfTime + 2 * 86_400)
        plain = _PlainStepper(plan: plan, cursor: &cursor, weekDays: fixedDays, includesStart: includesStart, seekKey: seekKey,
                              startKey: startKey, lastDay: lastDay, lastInstant: lastInstant)
        if plain.active { return }
        // Seeking past DTSTART drops it; with COUNT there is no seeking, and
        // DTSTART must still be counted (the merger filters the window).
        if plan.count == nil, let s = seekKey, s > startKey { startPending = false }
        if plan.count != nil, let s = seekKey, s > startKey { countBefore = s }

        if plan.frequency >= .daily {
            if plan.count == nil, let s = seekKey, s > startKey {
                // Two days for offsets and gap shifts, three more for week years
                // spilling into January (BYWEEKNO only: the other rules' periods
                // start on calendar dates, and three needless days cost W8 10%).
                // A window may start anywhere in Int64: past year 9999 is past everything.
                let s = min(s, Self.endOfTime)
                let target = _floorDiv(Int(s + cursor.offset(utc: s)), 86_400) - (plan.hasByWeekNo ? 5 : 2)
                k = max(0, _floorDiv(periodNumber(ofDay: target) - periodNumber(ofDay: plan.startDay), plan.interval))
            }
            if plan.frequency == .yearly { yearCache = Array(repeating: _DaySet(), count: 56) }
            if plan.frequency == .monthly { monthCache = Array(repeating: _DaySet(), count: 28) }
            if plan.unmatchableTime || plan.setPosOutOfReach || !loadPeriod() { periodsDone = true }
        } else {
            // Periods start at DTSTART truncated to the unit in wall-clock time.
            t0 = startKey - Int64(plan.startSecond) % plan.unit
            let (s, overflow) = Int64(plan.interval).multipliedReportingOverflow(by: plan.unit)
            step = overflow ? Int64.max : s
            if plan.count == nil, let sk = seekKey.map({ min($0, Self.endOfTime) }), sk > t0 {
                k = Int(max(0, (sk - t0 - plan.unit) / step))
            }
            sub.reserveCapacity(plan.times.count)
            selected.reserveCapacity(plan.setPos.count)
            if plan.subDailyNeverMatches(startKey: startKey, step: step) || !loadSubPeriod() { periodsDone = true }
        }
    }

    /// 10000-01-01T00:00:00 in wall-clock seconds: nothing starts at or after it.
    static let endOfTime = Int64(_maxDayNumber + 1) * 86_400
    /// 0001-01-01T00:00:00 in wall-clock seconds: nothing is shown before it.
    static let startOfTime = Int64(_minDayNumber) * 86_400

    // MARK: emission

    /// The next instance, or `nil` when the rule is done.
    mutating func next() -> _Raw? {
        if plain.active { return plain.next(&cursor, &held, &pending, &pendingIndex) }
        if finished { return nil }
        if subDaily {
            // Sub-daily instants come in elapsed order and never move out of
            // a gap: no merging is needed.
            while let (out, _) = nextRaw() {
                if out.key <= lastKey { continue }
                return emit(out)
            }
            finished = true
            return nil
        }
        while true {
            if held == nil && !rawDone {
                if let (r, shifted) = nextRaw() {
                    if shifted { pending.append(r); continue }
                    held = r
                } else {
                    rawDone = true
                }
            }
            var out: _Raw
            if pendingIndex < pending.count, held == nil || pending[pendingIndex].key < held!.key {
                out = pending[pendingIndex]
                pendingIndex += 1
                if pendingIndex == pending.count { pending.removeAll(keepingCapacity: true); pendingIndex = 0 }
            } else if let h = held {
                out = h
                held = nil
            } else {
                finished = true
                return nil
            }
            // A time moved out of a gap can land on an instant already produced.
            if out.key <= lastKey { continue }
            return emit(out)
        }
    }

    /// UNTIL and COUNT, then the instance.
    @inline(__always)
    mutating func emit(_ out: _Raw) -> _Raw? {
        if let u = untilKey, out.key > u { finished = true; return nil }
        lastKey = out.key
        emitted += 1
        if emitted >= countLimit { finished = true }
        return out
    }

    /// The next candidate in wall-clock order, and whether a DST gap moved it.
    @inline(__always)
    mutating func nextRaw() -> (_Raw, Bool)? {
        if startPending {
            startPending = false
            let r = cursor.resolve(local: plan.startLocal)
            let raw = _Raw(key: r.utc, local: r.utc + Int64(r.offset), offset: r.offset, rid: plan.startLocal)
            return (raw, r.inGap)
        }
        if periodsDone { return nil }
        return subDaily ? nextSubDaily() : nextDayBased()
    }

    // MARK: day-based

    @inline(__always)
    mutating func nextDayBased() -> (_Raw, Bool)? {
        while true {
            while let (day, second) = nextInPeriod() {
                // Weeks and week years can reach past the calendar's ends.
                if day > _maxDayNumber { return nil }
                if day < _minDayNumber { continue }
                let local = Int64(day) * 86_400 + Int64(second)
                if local < startLocal || (injectsStart && local == startLocal) { continue }
                periodHadCandidate = true
                let r = cursor.resolve(local: local)
                if r.inGap {
                    if plan.skipGaps { continue }
                    return (_Raw(key: r.utc, local: r.utc + Int64(r.offset), offset: r.offset, rid: local), true)
                }
                return (_Raw(key: r.utc, local: local, offset: r.offset, rid: local), false)
            }
            if periodHadCandidate { emptyPeriods = 0 } else {
                emptyPeriods += 1
                if emptyPeriods > plan.emptyLimit { return nil }
            }
            periodHadCandidate = false
            k += 1
            if !loadPeriod() { return nil }
            if let s = countBefore, !countWholePeriods(before: s) { return nil }
        }
    }

    @inline(__always)
    mutating func nextInPeriod() -> (Int, Int32)? {
        if !hasSetPos {
            while true {
                if currentDay >= 0 && timeIndex < times.count {
                    let t = times[timeIndex]
                    timeIndex += 1
                    return (periodStart + currentDay, t)
                }
                guard let d = days.next(from: dayCursor) else { return nil }
                currentDay = d
                dayCursor = d + 1
                timeIndex = 0
            }
        }
        guard selectedIndex < selected.count else { return nil }
        let i = selected[selectedIndex]
        selectedIndex += 1
        return (periodStart + days.select(i / times.count), times[i % times.count])
    }

    func periodNumber(ofDay day: Int) -> Int {
        switch plan.frequency {
        case .yearly: return plan.yearOfPeriod(containing: day)
        case .monthly:
            let c = _civilFromDays(day)
            return c.year * 12 + c.month - 1
        case .weekly: return _floorDiv(day - (plan.weekStart.rawValue - 4), 7) // week starting on WKST
        default: return day
        }
    }

    /// Loads period `k`: its first day and candidate days. `false` past the end.
    mutating func loadPeriod() -> Bool {
        work &+= 1
        let (step, overflow) = k.multipliedReportingOverflow(by: plan.interval)
        guard !overflow, step <= 4_000_000 else { return false }
        switch plan.frequency {
        case .yearly:
            let y = plan.firstYear + step
            guard y <= 9999 else { return false }
            periodStart = _daysFromCivil(y, 1, 1) - (plan.hasByWeekNo ? _RulePlan.weekYearSpill : 0)
            guard periodStart <= lastDay else { return false }
            let shape = plan.yearShape(y)
            if yearCached & (1 << UInt64(shape)) == 0 {
                yearCache[shape] = plan.yearDays(y)
                yearCached |= 1 << UInt64(shape)
            }
            days = yearCache[shape]
        case .monthly:
            let mi = plan.startYear * 12 + plan.startMonth - 1 + step
            let y = mi / 12, m = mi % 12 + 1
            guard y <= 9999 else { return false }
            periodStart = _daysFromCivil(y, m, 1)
            guard periodStart <= lastDay else { return false }
            if plan.hasByMonth && plan.monthMask & (1 << UInt16(m)) == 0 {
                days = _DaySet()
            } else if plan.monthDaysCacheable {
                let shape = (_daysInMonth(y, m) - 28) * 7 + _isoWeekday(ofDays: periodStart) - 1
                if monthCached & (1 << UInt32(shape)) == 0 {
                    monthCache[shape] = plan.monthDays(y, m)
                    monthCached |= 1 << UInt32(shape)
                }
                days = monthCache[shape]
            } else {
                days = plan.monthDays(y, m)
            }
        case .weekly:
            let back = plan.startWeekday.offset(from: plan.weekStart)
            periodStart = plan.startDay - back + 7 * step
            guard periodStart <= lastDay else { return false }
            days = fixedDays ?? plan.weekDays(periodStart)
        default:
            periodStart = plan.startDay + step
            guard periodStart <= lastDay else { return false }
            if let f = fixedDays { days = f } else {
                days = _DaySet()
                // Seek the next day the limits let through, a year at a time,
                // instead of loading every day that fails them.
                while true {
                    guard let d = firstPassingDay(from: periodStart, through: lastDay) else { return false }
                    if d == periodStart { break }
                    // The first period starting on or after `d` (INTERVAL may be 2^63-1).
                    let gap = d - plan.startDay
                    let next = gap / plan.interval + (gap % plan.interval == 0 ? 0 : 1)
                    let (days, tooFar) = next.multipliedReportingOverflow(by: plan.interval)
                    guard !tooFar, days <= 4_000_000 else { return false }
                    // The periods passed over are empty: they count toward the
                    // 400-year bound as if they had been visited.
                    emptyPeriods += next - k
                    if emptyPeriods > plan.emptyLimit { return false }
                    k = next
                    periodStart = plan.startDay + days
                    guard periodStart <= lastDay else { return false }
                }
                days.insert(0)
            }
        }
        dayCursor = 0
        currentDay = -1
        timeIndex = 0
        if hasSetPos { selectPositions() }
        return true
    }

    /// BYSETPOS: the flat indexes (day rank x times + time) it picks, sorted, once each.
    mutating func selectPositions() {
        selected.removeAll(keepingCapacity: true)
        selectedIndex = 0
        let total = days.count * plan.times.count
        guard total > 0 else { return }
        for p in plan.setPos {
            if let i = _RulePlan.setPosIndex(p, among: total) { selected.append(i) }
        }
        selected.sort()
        var w = 0
        for i in selected.indices where w == 0 || selected[i] != selected[w - 1] {
            selected[w] = selected[i]
            w += 1
        }
        selected.removeLast(selected.count - w)
    }

    // MARK: sub-daily

    @inline(__always)
    mutating func nextSubDaily() -> (_Raw, Bool)? {
        if plainSubDaily {
            // No filter and one instant per period: step and look up the offset.
            if subIndex < sub.count {
                subIndex += 1
                return (sub[subIndex - 1], false)
            }
            while true {
                k += 1
                work &+= 1
                if let s = countBefore, !countSubDaily(before: s) { return nil }
                let (ks, o1) = Int64(k).multipliedReportingOverflow(by: step)
                let (c, o2) = (t0 + Int64(times[0])).addingReportingOverflow(ks)
                guard !o1, !o2, c <= lastInstant else { return nil }
                let o = cursor.offset(utc: c)
                guard c + o < Self.endOfTime else { return nil }
                // Shown in year 0 (a synthetic zone's offset): out of range.
                if c + o < Self.startOfTime { continue }
                return (_Raw(key: c, local: c + o, offset: Int32(truncatingIfNeeded: o), rid: c + o), false)
            }
        }
        while true {
            if subIndex < sub.count {
                let r = sub[subIndex]
                subIndex += 1
                return (r, false)
            }
            k += 1
            if !loadSubPeriod() { return nil }
        }
    }

    /// Fills `sub` with the instances of period `k`; skips ahead over whole
    /// days or hours that cannot match. `false` past the end.
    mutating func loadSubPeriod() -> Bool {
        var visits = 0
        while true {
            if let s = countBefore, k > 0, !countSubDaily(before: s) { return false }
            // The backstop of DESIGN.md's "terminate": a rule that has visited
            // this many periods in a row without an instance is declared done.
            visits += 1
            work &+= 1
            if visits > _RulePlan.searchBudget { return false }
            let (ks, o1) = Int64(k).multipliedReportingOverflow(by: step)
            let (p, o2) = t0.addingReportingOverflow(ks)
            guard !o1, !o2, p <= lastInstant else { return false }
            sub.removeAll(keepingCapacity: true)
            subIndex = 0
            var lastLocal: Int64 = 0
            // Why the period's last candidate failed: its day, or its time of day.
            var failedDay = false, failedTime = false
            var lastInstant: Int64 = 0
            for off in times {
                failedDay = false
                failedTime = false
                let c = p + Int64(off)
                let o = cursor.offset(utc: c)
                let local = c + o
                lastLocal = local
                lastInstant = c
                guard local < Self.endOfTime else { return false }
                let day = Int(_floorDiv(Int(local), 86_400))
                if day != checkedDay {
                    checkedDay = day
                    // A synthetic zone's offset can show an instant after a
                    // DTSTART in year 1 in year 0: out of range, like year 10000.
                    checkedDayPasses = day >= _minDayNumber && day <= _maxDayNumber && plan.passes(day, dayLimits)
                }
                guard checkedDayPasses else { failedDay = true; continue }
                let sod = Int(local - Int64(day) * 86_400)
                if !plan.passesTimeFilters(secondOfDay: sod) { failedTime = true; continue }
                // BYSETPOS counts the whole period; only then are times before
                // DTSTART dropped (RFC 5545 3.3.10), in the first period only.
                if !hasSetPos && (c < startKey || (injectsStart && c == startKey)) { continue }
                sub.append(_Raw(key: c, local: local, offset: Int32(truncatingIfNeeded: o), rid: local))
            }
            if hasSetPos && !sub.isEmpty {
                applySetPos()
                if let first = sub.first, first.key <= startKey { sub.removeAll { $0.key < startKey || (injectsStart && $0.key == startKey) } }
            }
            if !sub.isEmpty { emptyPeriods = 0; timeMisses = 0; return true }
            if failedDay { timeMisses = 0 }
            // Nothing here: skip to the period that reaches the next day or hour.
            var next = k + 1
            if !failedDay && plan.hasTimeFilters {
                // Under this span's constant offset, can any step reach a
                // wall-clock time the filters accept? If not, nothing can
                // match before the zone's next transition: go there.
                let o = cursor.offset(utc: p)
                if !timeFiltersReachable(offset: o) {
                    guard cursor.utcHigh != Int64.max else { return false }
                    let kt = (cursor.utcHigh - t0) / step
                    if kt > Int64(next) && kt < Int64(Int.max) { next = Int(kt) }
                } else if failedTime && 86_400 % step != 0 {
                    // The times of day come round only every few days: after
                    // as many misses in a row as a search costs, search.
                    timeMisses += 1
                    if timeMisses >= 16 * times.count * passingRuns().count {
                        timeMisses = 0
                        next = max(next, nextPeriodPassingTime(after: k, offset: o))
                    }
                }
            }
            if failedDay || failedTime {
                // The next wall-clock time the filters let through.
                let dayStart = _floorDiv(lastLocal, 86_400) * 86_400
                var boundary = dayStart + 86_400
                if !failedDay, let t = plan.nextPassingTime(from: Int(lastLocal - dayStart) + 1) { boundary = dayStart + Int64(t) }
                if failedDay {
                    // The next day the day limits let through, a year at a time.
                    let after = Int(_floorDiv(lastLocal, 86_400)) + 1
                    guard let d = firstPassingDay(from: after, through: lastDay) else { return false }
                    boundary = Int64(d) * 86_400
                }
                // The first instant whose wall clock reads `boundary` or later
                // (in a gap, the instant the gap's clock reading would have had).
                let r = cursor.resolve(local: boundary)
                var target = r.inGap ? boundary - Int64(r.offset) : r.utc
                // Not past the zone's next transition: an overlap repeats
                // wall-clock times the filters may let through.
                _ = cursor.offset(utc: lastInstant)
                target = min(target, cursor.utcHigh)
                if target > t0 {
                    let kt = (target - t0) / step
                    if kt > Int64(next) && kt < Int64(Int.max) { next = Int(kt) }
                }
            }
            emptyPeriods += next - k
            if emptyPeriods > plan.emptyLimit { return false }
            k = next
        }
    }

    /// The first day in `from...last` that the day limits let through
    /// (``_DayLimitSeek``, made on first use).
    mutating func firstPassingDay(from: Int, through last: Int) -> Int? {
        if daySeek == nil { daySeek = _DayLimitSeek(plan: plan, limits: dayLimits) }
        return daySeek!.firstDay(from: from, through: last)
    }

    /// All the work done so far, including the day-limit seek's years.
    var workDone: Int { work &+ (daySeek?.years ?? 0) &+ plain.work }

    /// ``_RulePlan/timeFiltersReachable(t0:step:offset:modulo:)`` for the
    /// current offset.
    mutating func timeFiltersReachable(offset o: Int64) -> Bool {
        if let hit = reachCache[offset: o] { return hit }
        let r = plan.timeFiltersReachable(t0: t0, step: step, offset: o, modulo: 86_400)
        reachCache[offset: o] = r
        return r
    }

    /// BYSETPOS over the period's instances, compacting `sub` in place.
    mutating func applySetPos() {
        let total = sub.count
        selected.removeAll(keepingCapacity: true)
        for p in plan.setPos {
            if let i = _RulePlan.setPosIndex(p, among: total) { selected.append(i) }
        }
        selected.sort()
        var w = 0, last = -1
        for i in selected where i != last {
            sub[w] = sub[i]
            w += 1
            last = i
        }
        sub.removeLast(total - w)
    }
}

@inline(__always)
func _floorDiv(_ a: Int64, _ b: Int64) -> Int64 { Int64(_floorDiv(Int(a), Int(b))) }
