import AlmanacCore

/// Expands a SECONDLY, MINUTELY or HOURLY rule: frames step in elapsed time
/// from DTSTART truncated to the unit (README, "RFC choices", 3), and each
/// candidate is filtered on its wall-clock fields. Instants come in elapsed
/// order and never move out of a gap: no merging is needed.
struct SubDailyIterator {
    let plan: _RulePlan
    /// Copies of the plan's hot fields, so the loop does not go through the class.
    let times: [Int32]
    let hasSetPos: Bool
    /// No BYxxx filter, no BYSETPOS and one instance per frame.
    let plainSubDaily: Bool
    let startKey: Int64
    let injectsStart: Bool
    let lastInstant: Int64
    /// No day after this one can matter.
    let lastDay: Int
    /// The first frame's start and the distance between frames.
    let t0: Int64
    let step: Int64
    var cursor: _ZoneCursor
    var progress: RuleProgress
    var startPending: Bool
    /// COUNT with a window: instances before this key are counted in bulk
    /// where they can be (SubDailyTables+CountAhead.swift).
    var countBefore: Int64?

    var k = 0
    var sub: [_Raw] = []         // the current frame's instances
    var subIndex = 0
    var selected: [Int] = []     // BYSETPOS: indexes into `sub`
    var checkedDay = Int.min
    var checkedDayPasses = false
    /// Frames in a row whose times of day the filters rejected (TimeOfDayProgression.swift).
    var timeMisses = 0
    var emptyFrames = 0
    var work = 0
    var tables: SubDailyTables
    /// No candidate is left but possibly DTSTART.
    var framesDone = false

    init(plan: _RulePlan, bounds: RuleBounds, cursor: _ZoneCursor, seekKey: Int64?) {
        self.plan = plan
        times = plan.times
        hasSetPos = !plan.setPos.isEmpty
        let dayLimits = plan.dayParts.present([.month, .monthDay, .weekday, .yearDay, .weekNo])
        plainSubDaily = dayLimits.isEmpty && plan.hourMask == 0 && plan.minuteMask == 0
            && plan.secondMask == 0 && plan.setPos.isEmpty && plan.times.count == 1
        startKey = bounds.startKey
        injectsStart = bounds.injectsStart
        lastInstant = bounds.lastInstant
        lastDay = bounds.lastDay
        self.cursor = cursor
        progress = RuleProgress(plan: plan, bounds: bounds)
        startPending = bounds.startPending
        countBefore = bounds.countBefore
        // Frames start at DTSTART truncated to the unit in wall-clock time.
        t0 = bounds.startKey - Int64(plan.startSecond) % plan.unit
        let (s, overflow) = Int64(plan.interval).multipliedReportingOverflow(by: plan.unit)
        step = overflow ? Int64.max : s
        tables = SubDailyTables(plan: plan, t0: t0, step: step, dayLimits: dayLimits)
        if plan.count == nil, let sk = seekKey.map({ min($0, _RuleIterator.endOfTime) }), sk > t0 {
            k = Int(max(0, (sk - t0 - plan.unit) / step))
        }
        sub.reserveCapacity(plan.times.count)
        selected.reserveCapacity(plan.setPos.count)
        if plan.subDailyNeverMatches(startKey: startKey, step: step) || !loadFrame() { framesDone = true }
    }

    var workDone: Int { work &+ tables.workDone }

    /// The next instance, or `nil` when the rule is done. (Not forced
    /// inline into the merger: forcing it did not make W7 faster.)
    mutating func next() -> _Raw? {
        if progress.finished { return nil }
        while let out = nextRaw() {
            if out.sortKey <= progress.lastKey { continue }
            return progress.emit(out)
        }
        progress.finished = true
        return nil
    }

    @inline(__always)
    mutating func nextRaw() -> _Raw? {
        if startPending {
            startPending = false
            return RuleBounds.start(plan, cursor: &cursor).0
        }
        if framesDone { return nil }
        if plainSubDaily { return nextPlain() }
        while true {
            if subIndex < sub.count {
                let r = sub[subIndex]
                subIndex += 1
                return r
            }
            k += 1
            if !loadFrame() { return nil }
        }
    }

    /// No filter and one instant per frame: step and look up the offset.
    @inline(__always)
    mutating func nextPlain() -> _Raw? {
        if subIndex < sub.count {
            subIndex += 1
            return sub[subIndex - 1]
        }
        while true {
            k += 1
            work &+= 1
            if let s = countBefore, !countAhead(before: s) { return nil }
            let (ks, o1) = Int64(k).multipliedReportingOverflow(by: step)
            let (c, o2) = (t0 + Int64(times[0])).addingReportingOverflow(ks)
            guard !o1, !o2, c <= lastInstant else { return nil }
            let o = cursor.offset(utc: c)
            guard c + o < _RuleIterator.endOfTime else { return nil }
            // Shown in year 0 (a synthetic zone's offset): out of range.
            if c + o < _RuleIterator.startOfTime { continue }
            return _Raw(sortKey: c, local: c + o, offset: Int32(truncatingIfNeeded: o), rid: c + o)
        }
    }

    /// Applies ``SubDailyTables/countAhead(fromFrame:before:cursor:untilKey:emitted:countLimit:)``:
    /// moves `k` past the instances counted before `s`. `false` when COUNT
    /// runs out before `s`.
    mutating func countAhead(before s: Int64) -> Bool {
        // DTSTART first: it sets the last key produced.
        if startPending { return true }
        switch tables.countAhead(fromFrame: k, before: s, cursor: &cursor, untilKey: progress.untilKey,
                                 emitted: progress.emitted, countLimit: progress.countLimit) {
        case .walk(let reachedWindow):
            if reachedWindow { countBefore = nil }
            return true
        case .exhausted:
            return false
        case .counted(let emitted, let found, let to):
            progress.emitted = emitted
            if found { emptyFrames = 0 }
            // The frame holding `to`: its instances before `to` were
            // counted, and the walk drops them as already produced.
            progress.lastKey = max(progress.lastKey, to - 1)
            let next = Int((to - t0) / step)
            if emptyFrames > 0 {
                emptyFrames += next - k
                if emptyFrames > plan.emptyLimit { return false }
            }
            k = next
            return true
        }
    }
}
