import AlmanacCore

/// What a sub-daily walk works out once and then consults: whether the time
/// filters are reachable under an offset, the runs of seconds they pass, the
/// day-limit seek, and the count-ahead tables (SubDailyTables+CountAhead.swift,
/// SubDailyTables+UnalignedFrames.swift, TimeOfDayProgression.swift). Lookups fill it; no
/// walk counter lives here.
struct SubDailyTables {
    let plan: _RulePlan
    /// Frames start at `t0 + j * step`.
    let t0: Int64, step: Int64
    let times: [Int32]
    let hasSetPos: Bool
    /// The BYxxx parts that limit single days.
    let dayLimits: _RulePlan.Limits
    /// Cost of filling the tables (see ``_RuleIterator/workDone``).
    var work = 0
    var daySeek: DayLimitSeek? = nil
    var reachCache = PerOffset<Bool>()
    var timeRuns: [(lo: Int64, hi: Int64)]? = nil
    /// BYSETPOS: the distinct positions a frame whose candidates all pass holds.
    var fullFramePositions = 0
    var phaseTables = PerOffset<PhaseTables>()
    /// Day counts over one cycle of days (``dayCycleSum(from:days:offset:cycle:)``).
    var dayCycles = PerOffset<[Int]>()
    /// Candidates' phases and the instances in the first runs of passing
    /// seconds (``partialDay(from:to:offset:)``).
    var runPrefixes = PerOffset<(phases: [Int64], prefix: [Int])>()

    init(plan: _RulePlan, t0: Int64, step: Int64, dayLimits: _RulePlan.Limits) {
        self.plan = plan
        self.t0 = t0
        self.step = step
        times = plan.times
        hasSetPos = !plan.setPos.isEmpty
        self.dayLimits = dayLimits
    }

    var workDone: Int { work &+ (daySeek?.years ?? 0) }

    /// The first day in `from...last` that the day limits let through
    /// (``DayLimitSeek``, made on first use).
    mutating func firstPassingDay(from: Int, through last: Int) -> Int? {
        if daySeek == nil { daySeek = DayLimitSeek(plan: plan, limits: dayLimits) }
        return daySeek!.firstDay(from: from, through: last)
    }

    /// ``_RulePlan/timeFiltersReachable(t0:step:offset:modulo:)`` for the
    /// current offset.
    mutating func timeFiltersReachable(offset o: Int64) -> Bool {
        if let hit = reachCache[offset: o] { return hit }
        let r = plan.timeFiltersReachable(t0: t0, step: step, offset: o, modulo: 86_400)
        reachCache[offset: o] = r
        return r
    }

    /// The seconds of the day the time filters pass, as half-open runs
    /// (computed on first use: a pass over the 86,400 seconds of a day).
    mutating func passingRuns() -> [(lo: Int64, hi: Int64)] {
        if let runs = timeRuns { return runs }
        work &+= 86_400
        timeRuns = plan.timeRuns()
        fullFramePositions = plan.setPosSelections(among: times.count)
        return timeRuns!
    }
}
