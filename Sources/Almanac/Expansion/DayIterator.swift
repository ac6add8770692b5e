import AlmanacCore

/// The frame a day-based walk is in: its first day, its candidate days
/// (relative to that day) and, with BYSETPOS, the flat indexes
/// (day rank x times + time) BYSETPOS picks, sorted, once each.
struct DayFrame {
    var start = 0
    var days = _DaySet()
    var selected: [Int] = []
}

/// Expands a DAILY, WEEKLY, MONTHLY or YEARLY rule: frames in civil time,
/// each frame's candidates in wall-clock order, merged with the times a DST
/// gap moved forward (RFC 5545 3.3.5) so that instants come out in order.
struct DayIterator {
    let plan: _RulePlan
    /// Copies of the plan's hot fields, so the loop does not go through the class.
    let times: [Int32]
    let hasSetPos: Bool
    let startLocal: Int64
    /// The BYxxx parts that limit single days (DAILY rules).
    let dayLimits: _RulePlan.Limits
    /// WEEKLY: the days of every week when no part depends on the date; DAILY: `{0}` when no part limits days.
    let fixedDays: _DaySet?
    let injectsStart: Bool
    let lastDay: Int
    var cursor: _ZoneCursor
    var progress: RuleProgress
    var startPending: Bool
    /// COUNT with a window: instances before this key are counted in bulk
    /// where they can be (SubDailyTables+CountAhead.swift).
    let countBefore: Int64?

    // Frames.
    var k = 0
    var frame = DayFrame()
    var dayCursor = 0            // next day index to scan
    var currentDay = -1          // day index whose times are being walked
    var timeIndex = 0
    var selectedIndex = 0
    var emptyFrames = 0
    var frameHadCandidate = false
    var work = 0
    var shapes: FrameShapeCache
    var daySeek: DayLimitSeek? = nil
    /// MONTHLY in an RSCALE calendar: the last frame's month (ScaledFrames.swift).
    var scaledMonth: ScaledMonthPosition? = nil
    /// RSCALE calendars: the tables of the last YEARLY frame's year.
    var scaledChunk: ScaleChunk? = nil
    /// RSCALE YEARLY with SKIP=FORWARD and INTERVAL=1: a year's `12L` that
    /// the year lacks moves into the next year's first month
    /// (ScaleFrameDays.swift), where the next frame's own days may come
    /// earlier (BYSETPOS picks per year). Such candidates wait in `spill`
    /// (`scaledFrameEnd` is the next year's first day) and leave, merged in
    /// order, from `carry` while the next frame is walked.
    let defersSpill: Bool
    var scaledFrameEnd = Int.max
    var spill: [(Int, Int32)] = []
    var carry: [(Int, Int32)] = []
    var carryIndex = 0
    var lookahead: (Int, Int32)? = nil

    /// Times a DST gap moved forward wait here until no earlier time can come.
    var merge = _GapMerge()
    /// No candidate is left but possibly DTSTART.
    var framesDone = false
    var rawDone = false

    init(plan: _RulePlan, bounds: RuleBounds, cursor: _ZoneCursor, seekKey: Int64?) {
        self.plan = plan
        times = plan.times
        hasSetPos = !plan.setPos.isEmpty
        startLocal = plan.startLocal
        dayLimits = plan.dayParts.present([.month, .monthDay, .weekday, .yearDay, .weekNo])
        fixedDays = Self.fixedDays(plan, dayLimits: dayLimits)
        injectsStart = bounds.injectsStart
        lastDay = bounds.lastDay
        self.cursor = cursor
        progress = RuleProgress(plan: plan, bounds: bounds)
        startPending = bounds.startPending
        countBefore = bounds.countBefore
        shapes = FrameShapeCache()
        defersSpill = plan.scaledFrames && plan.frequency == .yearly && plan.dayParts.skip == .forward && plan.interval == 1
        if plan.count == nil, let s = seekKey, s > bounds.startKey {
            // Two days for offsets and gap shifts, three more for week years
            // spilling into January (BYWEEKNO only: the other rules' frames
            // start on calendar dates, and three needless days cost W8 10%).
            // A window may start anywhere in Int64: past year 9999 is past everything.
            let s = min(s, _RuleIterator.endOfTime)
            let target = floorDiv(Int(s + self.cursor.offset(utc: s)), 86_400) - (plan.hasByWeekNo ? 5 : 2)
            // RSCALE YEARLY with SKIP=FORWARD: a `12L` a year lacks moves into
            // the next year's first month, up to its 31st day (ScaleFrameDays.swift).
            let reach = plan.scaledFrames && plan.frequency == .yearly && plan.dayParts.skip == .forward ? 31 : 0
            let frames = plan.scaledFrames ? plan.scaledFramesBetween(plan.startDay, target - reach)
                : plan.frameNumber(ofDay: target) - plan.frameNumber(ofDay: plan.startDay)
            k = max(0, floorDiv(frames, plan.interval))
        }
        if plan.unmatchableTime || plan.setPosOutOfReach || !loadFrame() { framesDone = true }
    }

    /// The days of every frame when they do not depend on the frame's date.
    static func fixedDays(_ plan: _RulePlan, dayLimits: _RulePlan.Limits) -> _DaySet? {
        switch plan.frequency {
        case .weekly where plan.dayParts.present([.month, .monthDay, .yearDay, .weekNo]).isEmpty:
            return plan.dayParts.weekDays(_weekOneStart(year: 2000, weekStart: plan.weekStart))
        case .daily where dayLimits.isEmpty:
            var one = _DaySet()
            one.insert(0)
            return one
        default:
            return nil
        }
    }

    var workDone: Int { work &+ (daySeek?.years ?? 0) }

    // MARK: emission

    /// The next instance, or `nil` when the rule is done.
    @inline(__always)
    mutating func next() -> _Raw? {
        if progress.finished { return nil }
        while true {
            while merge.held == nil && !rawDone {
                if let (r, shifted) = nextRaw() { merge.add(r, shifted: shifted) } else { rawDone = true }
            }
            guard let out = merge.take() else {
                progress.finished = true
                return nil
            }
            // A time moved out of a gap can land on an instant already produced.
            if out.sortKey <= progress.lastKey { continue }
            return progress.emit(out)
        }
    }

    /// The next candidate in wall-clock order, and whether a DST gap moved it.
    @inline(__always)
    mutating func nextRaw() -> (_Raw, Bool)? {
        if startPending {
            startPending = false
            return RuleBounds.start(plan, cursor: &cursor)
        }
        if framesDone { return nil }
        while true {
            while let (day, second) = defersSpill ? nextSpillMerged() : nextInFrame() {
                // Weeks and week years can reach past the calendar's ends.
                if day > _maxDayNumber { return nil }
                if day < _minDayNumber { continue }
                let local = Int64(day) * 86_400 + Int64(second)
                if local < startLocal || (injectsStart && local == startLocal) { continue }
                frameHadCandidate = true
                let r = cursor.resolve(local: local)
                if r.inGap {
                    if plan.skipGaps { continue }
                    return (_Raw(sortKey: r.utc, local: r.utc + Int64(r.offset), offset: r.offset, rid: local), true)
                }
                return (_Raw(sortKey: r.utc, local: local, offset: r.offset, rid: local), false)
            }
            if frameHadCandidate { emptyFrames = 0 } else {
                emptyFrames += 1
                if emptyFrames > plan.emptyLimit { return nil }
            }
            frameHadCandidate = false
            k += 1
            if !loadFrame() { return nil }
            if let s = countBefore, !countWholeFrames(before: s) { return nil }
        }
    }

    /// ``nextInFrame()`` with the days past the frame's year held for the
    /// next frame, and the last frame's merged in (``defersSpill``).
    mutating func nextSpillMerged() -> (Int, Int32)? {
        if lookahead == nil {
            while let c = nextInFrame() {
                if c.0 >= scaledFrameEnd { spill.append(c); continue }
                lookahead = c
                break
            }
        }
        if carryIndex < carry.count, lookahead.map({ carry[carryIndex] < $0 }) ?? true {
            carryIndex += 1
            return carry[carryIndex - 1]
        }
        defer { lookahead = nil }
        return lookahead
    }

    @inline(__always)
    mutating func nextInFrame() -> (Int, Int32)? {
        if !hasSetPos {
            while true {
                if currentDay >= 0 && timeIndex < times.count {
                    let t = times[timeIndex]
                    timeIndex += 1
                    return (frame.start + currentDay, t)
                }
                guard let d = frame.days.next(from: dayCursor) else { return nil }
                currentDay = d
                dayCursor = d + 1
                timeIndex = 0
            }
        }
        guard selectedIndex < frame.selected.count else { return nil }
        let i = frame.selected[selectedIndex]
        selectedIndex += 1
        return (frame.start + frame.days.select(i / times.count), times[i % times.count])
    }

    // MARK: frames

    /// Loads frame `k`: its first day and candidate days. `false` past the end.
    mutating func loadFrame() -> Bool {
        work &+= 1
        let (step, overflow) = k.multipliedReportingOverflow(by: plan.interval)
        guard !overflow, step <= 4_000_000 else { return false }
        switch plan.frequency {
        case .yearly where plan.scaledFrames, .monthly where plan.scaledFrames:
            guard loadScaledFrame(step: step) else { return false }
        case .yearly:
            let y = plan.firstYear + step
            guard y <= 9999 else { return false }
            frame.start = daysFromCivil(y, 1, 1) - plan.dayParts.yearLead
            guard frame.start <= lastDay else { return false }
            frame.days = shapes.yearDays(y, plan)
        case .monthly:
            let mi = plan.startYear * 12 + plan.dayParts.startMonth - 1 + step
            let y = mi / 12, m = mi % 12 + 1
            guard y <= 9999 else { return false }
            let first = daysFromCivil(y, m, 1)
            frame.start = first - plan.dayParts.monthLead
            guard frame.start <= lastDay else { return false }
            frame.days = shapes.monthDays(y, m, first: first, plan)
        case .weekly:
            let back = plan.dayParts.startWeekday.offset(from: plan.weekStart)
            frame.start = plan.startDay - back + 7 * step
            guard frame.start <= lastDay else { return false }
            frame.days = fixedDays ?? plan.dayParts.weekDays(frame.start)
        default:
            frame.start = plan.startDay + step
            guard frame.start <= lastDay else { return false }
            if let f = fixedDays { frame.days = f } else if !loadLimitedDay() { return false }
        }
        dayCursor = 0
        currentDay = -1
        timeIndex = 0
        if hasSetPos { selectPositions() }
        if defersSpill {
            // The last frame's candidates have all left: its spill is next.
            swap(&carry, &spill)
            spill.removeAll(keepingCapacity: true)
            carryIndex = 0
        }
        return true
    }

    /// DAILY with day limits: seeks the next day the limits let through, a
    /// year at a time, instead of loading every day that fails them; moves
    /// `k` to the first frame starting on or after it. `false` past the end.
    mutating func loadLimitedDay() -> Bool {
        frame.days = _DaySet()
        while true {
            guard let d = firstPassingDay(from: frame.start, through: lastDay) else { return false }
            if d == frame.start { break }
            // The first frame starting on or after `d` (INTERVAL may be 2^63-1).
            let gap = d - plan.startDay
            let next = gap / plan.interval + (gap % plan.interval == 0 ? 0 : 1)
            let (days, tooFar) = next.multipliedReportingOverflow(by: plan.interval)
            guard !tooFar, days <= 4_000_000 else { return false }
            // The frames passed over are empty: they count toward the
            // 400-year bound as if they had been visited.
            emptyFrames += next - k
            if emptyFrames > plan.emptyLimit { return false }
            k = next
            frame.start = plan.startDay + days
            guard frame.start <= lastDay else { return false }
        }
        frame.days.insert(0)
        return true
    }

    /// BYSETPOS: the flat indexes (day rank x times + time) it picks, sorted, once each.
    mutating func selectPositions() {
        frame.selected.removeAll(keepingCapacity: true)
        selectedIndex = 0
        let total = frame.days.count * times.count
        guard total > 0 else { return }
        for p in plan.setPos {
            if let i = _RulePlan.setPosIndex(p, among: total) { frame.selected.append(i) }
        }
        frame.selected.sort()
        var w = 0
        for i in frame.selected.indices where w == 0 || frame.selected[i] != frame.selected[w - 1] {
            frame.selected[w] = frame.selected[i]
            w += 1
        }
        frame.selected.removeLast(frame.selected.count - w)
    }

    /// The first day in `from...last` that the day limits let through
    /// (``DayLimitSeek``, made on first use).
    mutating func firstPassingDay(from: Int, through last: Int) -> Int? {
        if daySeek == nil { daySeek = DayLimitSeek(plan: plan, limits: dayLimits) }
        return daySeek!.firstDay(from: from, through: last)
    }

    // MARK: counting ahead

    /// COUNT with a far window: counts the frames from the current one (just
    /// loaded) whose candidates all lie before `s`, inside one zone span, as
    /// ``DayFrame/countAhead(before:_:)`` says, and moves past them. `false`
    /// when COUNT runs out before `s` or the rule ends.
    mutating func countWholeFrames(before s: Int64) -> Bool {
        // A frame's spill and the next frame's days are counted as walked.
        if defersSpill { return true }
        while k > 0 && frame.start > plan.startDay && merge.pendingIndex >= merge.pending.count && !startPending {
            work &+= 1
            let ahead = frame.countAhead(before: s, DayFrame.Walk(
                plan: plan, times: times, hasSetPos: hasSetPos, fixedDays: fixedDays != nil,
                lastKey: progress.lastKey, untilKey: progress.untilKey), cursor: &cursor)
            switch ahead {
            case .walk:
                return true
            case .empty:
                emptyFrames += 1
                if emptyFrames > plan.emptyLimit { return false }
                k += 1
            case .frames(let frames, let perFrame, let lastInstant, let length):
                let (total, o1) = perFrame.multipliedReportingOverflow(by: frames)
                let (e, o2) = progress.emitted.addingReportingOverflow(total)
                if o1 || o2 || e >= progress.countLimit { return false }
                progress.emitted = e
                progress.lastKey = lastInstant + Int64(frames - 1) * length
                emptyFrames = 0
                k += frames
            }
            if !loadFrame() { return false }
        }
        return true
    }
}

/// YEARLY and MONTHLY candidate days by the shape of the year (leap, weekday
/// of 1 January, ...) or of the month (length, weekday of the 1st): each
/// shape is worked out once per query.
///
/// Shape `s` is kept at index `s`; the tables grow only as far as the
/// shapes a walk meets, and not before its third frame: a one-week window
/// loads one or two frames, and allocating for them would cost it more than
/// it saves. A hit costs what a lookup in a full table costs.
struct FrameShapeCache {
    var years: [_DaySet] = []
    var yearsCached: UInt64 = 0
    var months: [_DaySet] = []
    var monthsCached: UInt32 = 0
    /// Frames worked out without the tables so far.
    var direct = 0
    static let directFrames = 2

    mutating func yearDays(_ y: Int, _ plan: _RulePlan) -> _DaySet {
        let shape = plan.dayParts.yearShape(y)
        if yearsCached & (1 << UInt64(shape)) != 0 { return years[shape] }
        let days = plan.dayParts.yearDays(y)
        if direct < Self.directFrames { direct += 1; return days }
        if years.isEmpty { years.reserveCapacity(56) }
        while years.count <= shape { years.append(_DaySet()) }
        years[shape] = days
        yearsCached |= 1 << UInt64(shape)
        return days
    }

    mutating func monthDays(_ y: Int, _ m: Int, first: Int, _ plan: _RulePlan) -> _DaySet {
        if plan.dayParts.hasByMonth && plan.dayParts.monthMask & (1 << UInt16(m)) == 0 { return _DaySet() }
        guard plan.dayParts.monthDaysCacheable else { return plan.dayParts.monthDays(y, m) }
        let shape = (_daysInMonth(y, m) - 28) * 7 + isoWeekday(ofDays: first) - 1
        if monthsCached & (1 << UInt32(shape)) != 0 { return months[shape] }
        let days = plan.dayParts.monthDays(y, m)
        if direct < Self.directFrames { direct += 1; return days }
        if months.isEmpty { months.reserveCapacity(28) }
        while months.count <= shape { months.append(_DaySet()) }
        months[shape] = days
        monthsCached |= 1 << UInt32(shape)
        return days
    }
}
