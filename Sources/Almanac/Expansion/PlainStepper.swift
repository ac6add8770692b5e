import AlmanacCore

/// The fast path for plain rules: DAILY, WEEKLY (with or without BYDAY),
/// HOURLY, MINUTELY and SECONDLY with no other BYxxx part (INTERVAL, COUNT,
/// UNTIL and WKST allowed), and Gregorian MONTHLY rules whose days in a
/// month depend only on its length and first weekday (BYMONTH, BYMONTHDAY,
/// BYDAY, BYSETPOS, SKIP; one time of day: PlainStepper+Months.swift).
/// Such a rule steps by a constant: day-based rules
/// walk the wall clock by whole days (one day, or a week's few days, per
/// period; a month's days from a table of month shapes), sub-daily rules
/// walk elapsed seconds; each step is resolved
/// through a forward ``_ZoneCursor``, which costs two comparisons until the
/// step crosses a transition.
///
/// It gives exactly what the general iterator gives, in the same order, with
/// the same work count: a time in a DST gap moves forward by the gap (RFC
/// 5545 section 3.3.5) and waits until no earlier time can come, an overlap
/// takes the earlier instant, DTSTART counts toward COUNT, UNTIL is
/// inclusive, nothing is shown past year 9999, and a window without COUNT
/// seeks to its first period. A COUNT with a window that starts after
/// DTSTART (counted ahead in bulk by the general iterator) is not plain.
@usableFromInline
struct _PlainStepper {
    /// The plan is plain and the stepper takes it; otherwise the general
    /// iterator does, and this value is inert.
    @usableFromInline var active: Bool

    // MARK: what every candidate goes through

    /// UNTIL in key space, inclusive; `Int64.max` without one.
    @usableFromInline let untilKey: Int64
    /// COUNT, or `Int.max`.
    @usableFromInline let countLimit: Int
    @usableFromInline var emitted = 0
    @usableFromInline var lastKey = Int64.min
    @usableFromInline var finished = false
    /// Periods (day-based) or steps (sub-daily) visited, counted as the
    /// general iterator counts them (``_RuleIterator/workDone``).
    @usableFromInline var work = 0
    @usableFromInline let injectsStart: Bool
    @usableFromInline var startPending: Bool
    @usableFromInline let startLocal: Int64
    /// No candidate is left but possibly DTSTART.
    @usableFromInline var periodsDone = false
    @usableFromInline var candidatesDone = false

    // Candidates a gap moved forward wait for the next unmoved one, as in
    // the day-based iterator (a gap of a day or more can move a time past
    // the next instance), in a `_GapMerge` passed in with the cursor
    // (`_PlainIterator` holds both).

    // MARK: day-based (DAILY, WEEKLY)

    @usableFromInline let dayBased: Bool
    @usableFromInline let skipGaps: Bool
    /// The wall-clock second of the day of every instance.
    @usableFromInline let second: Int64
    /// The days of a period, as offsets from its first day: one byte each.
    @usableFromInline let periodDays: UInt64
    @usableFromInline let periodDayCount: Int32
    @usableFromInline var dayIndex: Int32 = 0
    @usableFromInline var periodStart = 0
    /// The period's first day for `k == 0`, and days per unit of `k * interval`.
    @usableFromInline let firstPeriodStart: Int
    @usableFromInline let daysPerStep: Int32
    @usableFromInline var k = 0
    @usableFromInline let interval: Int
    @usableFromInline let lastDay: Int
    @usableFromInline var periodHadCandidate = false
    @usableFromInline var emptyPeriods = 0
    @usableFromInline let emptyLimit: Int
    /// MONTHLY: periods are months (PlainStepper+Months.swift); the quick
    /// step leaves them to the slow one.
    @usableFromInline let months: Bool
    /// MONTHLY: the current month's days not yet produced (bit `i`: day
    /// `periodStart + i`), and the month days by month shape.
    var monthDays: UInt64 = 0
    var monthShapes: MonthShapes

    // MARK: sub-daily (HOURLY, MINUTELY, SECONDLY)

    /// The last candidate's instant.
    @usableFromInline var instant: Int64 = 0
    @usableFromInline let step: Int64
    @usableFromInline let lastInstant: Int64
    /// The first period's instance, at `instant`, is still to be produced.
    @usableFromInline var firstPending = false
    /// The quick step (``quickStep(_:idle:)``) produces the instants below
    /// this one at ``quickOffset`` without other tests; ``noQuick`` when it
    /// may not (``refreshQuick(_:)``).
    @usableFromInline var quickEnd: Int64 = Self.noQuick
    @usableFromInline var quickOffset: Int64 = 0

    /// Whether the plan is plain (see the type's note).
    static func isPlain(_ plan: _RulePlan, seeks: Bool) -> Bool {
        switch plan.frequency {
        case .monthly: return (plan.count == nil || !seeks) && isPlainMonthly(plan)
        case .yearly: return false
        case .weekly: break
        default: if plan.dayParts.hasByDay { return false }
        }
        if plan.count != nil && seeks { return false }
        return !plan.dayParts.hasByMonth && !plan.dayParts.hasByMonthDay && !plan.dayParts.hasByYearDay && !plan.hasByWeekNo
            && plan.dayParts.ordinals.isEmpty && plan.hourMask == 0 && plan.minuteMask == 0 && plan.secondMask == 0
            && plan.setPos.isEmpty && plan.times.count == 1 && !plan.unmatchableTime
    }

    /// The stepper for `plan`, inactive when the plan is not plain or starts
    /// where only the general iterator's checks apply (a sub-daily first
    /// instance shown before year 1). Not an optional: the iterator steps it
    /// in place, where an optional's payload would be moved out and back.
    ///
    /// - Parameters:
    ///   - cursor: the general iterator's cursor, which the stepper moves
    ///     (one cursor per rule: each call passes it in).
    ///   - weekDays: the general iterator's days of every week (WEEKLY).
    ///   - startKey, lastDay, lastInstant: as the general iterator
    ///     computed them (DTSTART's key; the last day and instant any
    ///     instance may have, from UNTIL, the window's end and year 9999).
    ///   - seekKey: the window's start; without COUNT the walk starts at the
    ///     first period that can reach it.
    init(plan: _RulePlan, cursor: inout _ZoneCursor, weekDays: _DaySet?, includesStart: Bool, seekKey: Int64?,
         startKey: Int64, lastDay: Int, lastInstant: Int64) {
        let seeks = seekKey.map { $0 > startKey } ?? false
        active = Self.isPlain(plan, seeks: seeks)
        // UNTIL bounds the rule, not DTSTART (see RuleProgress).
        untilKey = plan.untilKey.map { includesStart ? max($0, startKey) : $0 } ?? .max
        countLimit = plan.count ?? .max
        injectsStart = includesStart
        startPending = includesStart && !(plan.count == nil && seeks)
        startLocal = plan.startLocal
        dayBased = plan.frequency >= .daily
        skipGaps = plan.skipGaps
        second = Int64(plan.times.first ?? 0)
        interval = plan.interval
        emptyLimit = plan.emptyLimit
        self.lastDay = lastDay
        self.lastInstant = lastInstant
        let (s, overflow) = Int64(plan.interval).multipliedReportingOverflow(by: plan.unit)
        step = dayBased ? 0 : overflow ? .max : s
        months = active && plan.frequency == .monthly
        monthShapes = MonthShapes(plan: months ? plan : nil)
        (periodDays, periodDayCount, firstPeriodStart, daysPerStep) = active && dayBased && !months ? Self.periodShape(plan, weekDays: weekDays) : (0, 0, 0, 0)
        guard active else { return }
        if dayBased {
            if plan.count == nil, seeks, let s = seekKey {
                k = months ? Self.seekMonth(plan, cursor: &cursor, seekKey: s)
                    : Self.seekPeriod(plan, cursor: &cursor, seekKey: s, firstPeriodStart: firstPeriodStart, daysPerStep: daysPerStep)
            }
            // BYSETPOS past any month's days: no month has an instance (as the general iterator reads it).
            if (months && plan.setPosOutOfReach) || !loadPeriod() { periodsDone = true }
        } else if !firstSubDaily(plan, cursor: &cursor, startKey: startKey, seekKey: seekKey) {
            active = false
        }
    }

    /// An inactive stepper: the set merger's lane when no plain rule runs alone.
    init() {
        active = false
        (untilKey, countLimit, injectsStart, startPending, startLocal) = (.max, .max, false, false, 0)
        (dayBased, skipGaps, second, periodDays, periodDayCount) = (true, false, 0, 0, 0)
        (firstPeriodStart, daysPerStep, interval, lastDay, emptyLimit) = (0, 0, 1, 0, 0)
        (step, lastInstant, months, monthShapes) = (0, 0, false, MonthShapes(plan: nil))
        finished = true
    }

    /// A day-based rule's period: its days (offsets from its first day), the
    /// first period's first day, and days per step of `k * interval`.
    static func periodShape(_ plan: _RulePlan, weekDays: _DaySet?) -> (days: UInt64, count: Int32, start: Int, perStep: Int32) {
        guard plan.frequency == .weekly else { return (0, 1, plan.startDay, 1) }
        let set = weekDays ?? plan.dayParts.weekDays(_weekOneStart(year: 2000, weekStart: plan.weekStart))
        var packed: UInt64 = 0, n = 0, from = 0
        while let d = set.next(from: from) {
            packed |= UInt64(d) << UInt64(8 * n)
            n += 1
            from = d + 1
        }
        return (packed, Int32(n), plan.startDay - plan.dayParts.startWeekday.offset(from: plan.weekStart), 7)
    }

    /// The first period that can reach `seekKey`: two days back for offsets
    /// and gap shifts, as the general iterator seeks.
    static func seekPeriod(_ plan: _RulePlan, cursor: inout _ZoneCursor, seekKey: Int64,
                           firstPeriodStart: Int, daysPerStep: Int32) -> Int {
        let s = min(seekKey, _RuleIterator.endOfTime)
        let target = floorDiv(Int(s + cursor.offset(utc: s)), 86_400) - 2
        let periods = daysPerStep == 7
            ? floorDiv(target - (plan.weekStart.rawValue - 4), 7) - floorDiv(plan.startDay - (plan.weekStart.rawValue - 4), 7)
            : target - plan.startDay
        return max(0, floorDiv(periods, plan.interval))
    }

    /// Loads period `k`. `false` past the end.
    mutating func loadPeriod() -> Bool {
        if months { return loadMonth() }
        work &+= 1
        let (steps, overflow) = k.multipliedReportingOverflow(by: interval)
        guard !overflow, steps <= 4_000_000 else { return false }
        periodStart = firstPeriodStart + Int(daysPerStep) * steps
        guard periodStart <= lastDay else { return false }
        dayIndex = 0
        return true
    }

    /// Finds the first sub-daily period's instance (skipping DTSTART when it
    /// is injected, and the periods before a window). `false` when the
    /// general iterator must take the rule: its first instance would show
    /// before year 1.
    mutating func firstSubDaily(_ plan: _RulePlan, cursor: inout _ZoneCursor, startKey: Int64, seekKey: Int64?) -> Bool {
        let t0 = startKey - Int64(plan.startSecond) % plan.unit
        var k: Int64 = 0
        if plan.count == nil, let sk = seekKey.map({ min($0, _RuleIterator.endOfTime) }), sk > t0 {
            k = max(0, (sk - t0 - plan.unit) / step)
        }
        while true {
            work &+= 1
            let (ks, o1) = k.multipliedReportingOverflow(by: step)
            let (p, o2) = t0.addingReportingOverflow(ks)
            guard !o1, !o2, p <= lastInstant else { periodsDone = true; return true }
            let c = p + Int64(plan.times[0])
            let o = cursor.offset(utc: c)
            guard c + o < _RuleIterator.endOfTime else { periodsDone = true; return true }
            guard c + o >= _RuleIterator.startOfTime else { return false }
            if c < startKey || (injectsStart && c == startKey) {
                emptyPeriods += 1
                if emptyPeriods > emptyLimit { periodsDone = true; return true }
                k += 1
                continue
            }
            instant = c
            firstPending = true
            return true
        }
    }

    // MARK: emission

    /// The next instance, or `nil` when the rule is done.
    @inline(__always)
    mutating func next(_ cursor: inout _ZoneCursor, _ merge: inout _GapMerge) -> _Raw? {
        if finished { return nil }
        if !dayBased {
            // Elapsed steps never land in a gap: no merging is needed.
            while let out = nextSubDaily(&cursor) {
                if out.sortKey <= lastKey { continue }
                let r = emit(out)
                refreshQuick(&cursor)
                return r
            }
            finished = true
            return nil
        }
        if let r = quickStep(&cursor, idle: merge.isIdle) { return r }
        if finished { return nil }
        return slowNext(&cursor, &merge)
    }

    /// ``next()`` when the usual step does not apply: DTSTART, a period's
    /// end, a transition, a gap, a fold.
    mutating func slowNext(_ cursor: inout _ZoneCursor, _ merge: inout _GapMerge) -> _Raw? {
        // Nothing waiting: the candidate is the instance.
        while merge.isIdle && !candidatesDone {
            guard let (r, shifted) = nextDayBased(&cursor) else { candidatesDone = true; break }
            if shifted { merge.add(r, shifted: true); break }
            if r.sortKey <= lastKey { continue }
            return emit(r)
        }
        return merged(&cursor, &merge)
    }

    /// UNTIL and COUNT, then the instance.
    @inlinable @inline(__always)
    mutating func emit(_ out: _Raw) -> _Raw? {
        if out.sortKey > untilKey { finished = true; return nil }
        lastKey = out.sortKey
        emitted &+= 1
        if emitted >= countLimit { finished = true }
        return out
    }

    /// The general iterator's merge of shifted candidates: each waits until
    /// the next unshifted candidate; the smaller key goes first (the
    /// unshifted one on a tie), and a key already produced is dropped.
    mutating func merged(_ cursor: inout _ZoneCursor, _ merge: inout _GapMerge) -> _Raw? {
        while true {
            while merge.held == nil && !candidatesDone {
                if let (r, shifted) = nextDayBased(&cursor) { merge.add(r, shifted: shifted) } else { candidatesDone = true }
            }
            guard let out = merge.take() else {
                finished = true
                return nil
            }
            if out.sortKey <= lastKey { continue }
            return emit(out)
        }
    }

    /// DTSTART when it is injected, then the rule's own candidates.
    @inline(__always)
    mutating func startCandidate(_ cursor: inout _ZoneCursor) -> (_Raw, Bool) {
        startPending = false
        let r = cursor.resolve(local: startLocal)
        return (_Raw(sortKey: r.utc, local: r.utc + Int64(r.offset), offset: r.offset, rid: startLocal), r.inGap)
    }

    // MARK: stepping

    /// The next day-based candidate in wall-clock order, and whether a DST
    /// gap moved it.
    @inline(__always)
    mutating func nextDayBased(_ cursor: inout _ZoneCursor) -> (_Raw, Bool)? {
        if startPending { return startCandidate(&cursor) }
        if periodsDone { return nil }
        while true {
            while let day = nextPeriodDay() {
                // Weeks can reach past the calendar's ends.
                if day > _maxDayNumber { return nil }
                if day < _minDayNumber { continue }
                let local = Int64(day) * 86_400 + second
                if local <= startLocal && (local < startLocal || injectsStart) { continue }
                periodHadCandidate = true
                if local >= cursor.localLow && local < cursor.localHigh {
                    let o = cursor.localOffset
                    return (_Raw(sortKey: local - o, local: local, offset: Int32(truncatingIfNeeded: o), rid: local), false)
                }
                let r = cursor.resolveSlow(local: local)
                if r.inGap {
                    if skipGaps { continue }
                    return (_Raw(sortKey: r.utc, local: r.utc + Int64(r.offset), offset: r.offset, rid: local), true)
                }
                return (_Raw(sortKey: r.utc, local: local, offset: r.offset, rid: local), false)
            }
            if !endPeriod() { return nil }
        }
    }

    /// The end of a period: counts it toward the empty-period bound or not,
    /// and loads the next; for MONTHLY, the next month with days, each month
    /// passed counted as the general iterator counts an empty frame.
    /// `false` when no period is left (``periodsDone``).
    @inline(__always)
    mutating func endPeriod() -> Bool {
        repeat {
            if periodHadCandidate { emptyPeriods = 0 } else {
                emptyPeriods += 1
                if emptyPeriods > emptyLimit { periodsDone = true; return false }
                // Two years without a day: maybe no month can have one (the
                // walk would go on to the bound above, or to the window's end).
                if months && emptyPeriods == 24 && monthShapes.noMonthHasDays() { periodsDone = true; return false }
            }
            periodHadCandidate = false
            k += 1
            if !(months ? loadMonth() : loadPeriod()) { periodsDone = true; return false }
        } while months && monthDays == 0
        return true
    }

    /// The current period's next day, or `nil` at its end.
    @inline(__always)
    mutating func nextPeriodDay() -> Int? {
        if months {
            guard monthDays != 0 else { return nil }
            let i = monthDays.trailingZeroBitCount
            monthDays &= monthDays &- 1
            return periodStart + i
        }
        guard dayIndex < periodDayCount else { return nil }
        defer { dayIndex += 1 }
        return periodStart + Int(truncatingIfNeeded: (periodDays >> UInt64(8 * dayIndex)) & 0xFF)
    }

    /// The next sub-daily candidate: one step of elapsed time.
    @inline(__always)
    mutating func nextSubDaily(_ cursor: inout _ZoneCursor) -> _Raw? {
        if startPending { return startCandidate(&cursor).0 }
        if periodsDone { return nil }
        if firstPending {
            firstPending = false
            let o = cursor.offset(utc: instant)
            return _Raw(sortKey: instant, local: instant + o, offset: Int32(truncatingIfNeeded: o), rid: instant + o)
        }
        while true {
            work &+= 1
            let (c, overflow) = instant.addingReportingOverflow(step)
            guard !overflow, c <= lastInstant else { periodsDone = true; return nil }
            instant = c
            let o = cursor.offset(utc: c)
            guard c + o < _RuleIterator.endOfTime else { periodsDone = true; return nil }
            // Shown in year 0 (a synthetic zone's offset): out of range.
            if c + o < _RuleIterator.startOfTime { continue }
            return _Raw(sortKey: c, local: c + o, offset: Int32(truncatingIfNeeded: o), rid: c + o)
        }
    }
}
