import AlmanacCore

// COUNT with a window far from DTSTART. Every instance before the window
// counts toward COUNT (RFC 5545 3.3.10), so the expander cannot seek; but it
// need not produce them one by one either. These count whole stretches of
// instances that lie before the window, inside one span of the zone (no
// transition, so no gap shift, no reordering, no duplicate instants), and
// say how far the walk may skip; the iterators apply that. The first frame
// (cut at DTSTART) and frames that cross a transition are walked as usual.

extension DayFrame {
    /// What a day-based walk knows when it asks how far to skip.
    struct Walk {
        let plan: _RulePlan
        let times: [Int32]
        let hasSetPos: Bool
        /// Every frame holds the same days (plain DAILY and WEEKLY).
        let fixedDays: Bool
        let lastKey: Int64
        let untilKey: Int64?
    }

    /// How far a day-based walk may skip from this frame.
    enum Ahead {
        /// Walk this frame: it is not wholly before the window inside one span.
        case walk
        /// The frame holds no candidate.
        case empty
        /// `frames` frames from this one, `perFrame` instances each, lie
        /// before the window; the last instance of the first is
        /// `lastInstant`, frames are `length` seconds apart.
        case frames(Int, perFrame: Int, lastInstant: Int64, length: Int64)
    }

    /// The frames from this one whose candidates all lie before `s`, inside
    /// the zone span of their first candidate. Reads `cursor` (moving its
    /// cached span), changes nothing else.
    func countAhead(before s: Int64, _ w: Walk, cursor: inout _ZoneCursor) -> Ahead {
        let times = w.times
        let n = w.hasSetPos ? selected.count : days.count * times.count
        if n == 0 { return .empty }
        let (first, last) = w.hasSetPos ? (selected[0], selected[n - 1]) : (0, n - 1)
        let firstLocal = Int64(start + days.select(first / times.count)) * 86_400 + Int64(times[first % times.count])
        let lastLocal = Int64(start + days.select(last / times.count)) * 86_400 + Int64(times[last % times.count])
        guard start >= _minDayNumber else { return .walk }
        let r = cursor.resolve(local: firstLocal)
        guard !r.inGap, lastLocal < cursor.localHigh, r.utc > w.lastKey else { return .walk }
        let lastInstant = lastLocal - cursor.localOffset
        guard lastInstant < s else { return .walk }
        if let u = w.untilKey, lastInstant > u { return .walk }
        // Plain DAILY and WEEKLY frames all look alike: count the run of
        // them that stays inside this span and before `s` at once.
        var frames = 1
        let length = Int64(w.plan.frequency == .weekly ? 7 : 1) * Int64(w.plan.interval) * 86_400
        if w.fixedDays {
            // A window may start anywhere in Int64, and UNTIL 9999-12-31 in a
            // zone is Int64.max: a bound that overflows bounds nothing.
            let (sLocal, o0) = s.addingReportingOverflow(cursor.localOffset)
            var end = o0 ? cursor.localHigh : min(cursor.localHigh, sLocal)
            if let u = w.untilKey, case let (uLocal, false) = u.addingReportingOverflow(cursor.localOffset + 1) { end = min(end, uLocal) }
            frames = max(1, Int((end - 1 - lastLocal) / length) + 1)
        }
        return .frames(frames, perFrame: n, lastInstant: lastInstant, length: length)
    }
}

/// How far a sub-daily walk may skip (``SubDailyTables/countAhead(fromFrame:before:cursor:untilKey:emitted:countLimit:)``).
enum SubDailyAhead {
    /// Nothing counted: walk from here; `reachedWindow` when the window is
    /// less than a day away (counting is over).
    case walk(reachedWindow: Bool)
    /// COUNT runs out before the window: the rule ends.
    case exhausted
    /// The instances before key `to` are counted: COUNT reaches `emitted`,
    /// and `found` says whether there was any.
    case counted(emitted: Int, found: Bool, to: Int64)
}

extension SubDailyTables {
    /// Sub-daily rules: counts the instances from frame `k` on that lie
    /// before `s` (less a margin), span by span, a day at a time, and says
    /// how far the walk may skip. `emitted` instances are produced so far
    /// of COUNT's `countLimit`.
    mutating func countAhead(fromFrame k: Int, before s: Int64, cursor: inout _ZoneCursor,
                             untilKey: Int64?, emitted: Int, countLimit: Int) -> SubDailyAhead {
        // Keys before `s` are before the window; none may reach past 9999.
        let stop = min(s, _RuleIterator.endOfTime - 2 * 86_400)
        let (ks, o1) = Int64(k).multipliedReportingOverflow(by: step)
        let (start, o2) = t0.addingReportingOverflow(ks)
        guard !o1, !o2 else { return .walk(reachedWindow: false) }
        var from = start, emitted = emitted, found = false
        while from < stop {
            let o = cursor.offset(utc: from)
            var b = min(stop, cursor.utcHigh)
            if let u = untilKey { b = min(b, u) }
            if hasSetPos {
                // Whole frames only (`from` starts one).
                guard b > t0 else { break }
                b = t0 + (b - t0) / step * step
            }
            // Less than a day to count: walk it.
            guard b - from >= 86_400 else { break }
            // Counting stops once COUNT is used up: the rule ends before `s`.
            let cap = countLimit - emitted
            // BYSETPOS frames aligned on the wall clock's units keep each
            // frame's candidates in one hour and one day; others do not.
            let n = hasSetPos && floorMod(Int(t0 + o), Int(plan.unit)) != 0
                ? unalignedFrames(from: from, to: b, offset: o, cap: cap)
                : instances(from: from, to: b, offset: o, cap: cap)
            let (e, overflow) = emitted.addingReportingOverflow(n)
            if overflow || e >= countLimit { return .exhausted }
            emitted = e
            if n > 0 { found = true }
            from = b
        }
        // Near the window (or a transition): walk from here on.
        if from - start < 86_400 { return .walk(reachedWindow: from >= stop) }
        return .counted(emitted: emitted, found: found, to: from)
    }


    /// The instances `t0 + j * step + off` in `[a, b)`, all at offset `o`,
    /// whose wall clock passes the day limits and the time filters; once
    /// `cap` or more are found, some number `>= cap`.
    mutating func instances(from a: Int64, to b: Int64, offset o: Int64, cap: Int) -> Int {
        // No step reaches a passing time of day under this offset: none here.
        guard timeFiltersReachable(offset: o) else { return 0 }
        let runs = passingRuns()
        let wholeDays = 86_400 % step == 0
        let offsets = hasSetPos ? [0] : times
        if !wholeDays && dayLimits.isEmpty && offsets.count * runs.count <= TimeOfDayProgression.maxSearch {
            // Each candidate of the frames is a progression of times of day.
            var n = 0
            for off in offsets {
                let base = t0 + Int64(off)
                let (j0, j1) = (ceilDiv(a - base, step), ceilDiv(b - base, step))
                guard j1 > j0, case let (first, false) = (j0 &* step).addingReportingOverflow(base + o) else { continue }
                n &+= TimeOfDayProgression(first: first, step: step).hits(Int(j1 - j0), in: runs)
            }
            work &+= offsets.count * runs.count
            return hasSetPos ? n &* fullFramePositions : n
        }
        // Steps that do not divide a day land at the same times of day again
        // after `cycle` days (step / gcd(step, 86400)).
        let cycle = Int(step / Int64(_gcd(Int(step % 86_400 == 0 ? 86_400 : step % 86_400), 86_400)))
        var total = 0
        var day = Int(floorDiv(a + o, 86_400))
        let lastDay = Int(floorDiv(b - 1 + o, 86_400))
        while day <= lastDay && total < cap {
            work &+= 1
            if !wholeDays && dayLimits.isEmpty && cycle <= Self.maxDayCycle {
                let dayStart = Int64(day) * 86_400 - o
                let days = dayStart >= a ? Int((b - dayStart) / 86_400) : 0
                if days >= 1 {
                    // Whole days: their counts repeat every `cycle` days.
                    total &+= dayCycleSum(from: day, days: days, offset: o, cycle: cycle)
                    day += days
                    continue
                }
            }
            if !dayLimits.isEmpty {
                guard let d = firstPassingDay(from: day, through: lastDay) else { break }
                day = d
            }
            let dayStart = Int64(day) * 86_400 - o
            let lo = max(a, dayStart), hi = min(b, dayStart + 86_400)
            if wholeDays && lo == dayStart && hi == dayStart + 86_400 {
                // Every whole day at this offset holds the same instances.
                let dayCount = partialDay(from: 0, to: 86_400, offset: o)
                if dayLimits.isEmpty {
                    // Every day passes: the run of whole days at once.
                    let days = Int((b - dayStart) / 86_400)
                    total &+= dayCount &* days
                    day += days
                    continue
                }
                // The passing days of the range's whole days at once.
                let lastWhole = Int(floorDiv(b + o, 86_400)) - 1
                total &+= dayCount &* daySeek!.passingDays(from: day, through: lastWhole)
                day = lastWhole + 1
                continue
            } else if wholeDays {
                // Part of a day (a span's first or last).
                total &+= partialDay(from: lo - dayStart, to: hi - dayStart, offset: o)
            } else if lo == dayStart && hi == dayStart + 86_400 && cycle <= Self.maxDayCycle {
                // A whole day that passes the day limits: from the cycle's table.
                total &+= dayCycleSum(from: day, days: 1, offset: o, cycle: cycle)
            } else {
                total &+= instances(in: dayStart, lo, hi)
            }
            day += 1
        }
        return total
    }

    /// Longest cycle of days (days after which a step that does not divide
    /// a day lands at the same times again) kept as a table.
    static let maxDayCycle = 8192

    /// The instances of `n` whole days from `day` under offset `o`, no day
    /// limits, when the step's times of day repeat every `cycle` days: a
    /// table of one cycle's day counts per offset (built once: the steps of
    /// one cycle are 86,400 / gcd(step, 86,400)), then O(1).
    mutating func dayCycleSum(from day: Int, days n: Int, offset o: Int64, cycle: Int) -> Int {
        let prefix: [Int]
        if let hit = dayCycles[offset: o] {
            prefix = hit
        } else {
            var p = [0]
            p.reserveCapacity(cycle + 1)
            for i in 0..<cycle {
                let d = Int64(i) * 86_400 - o
                p.append(p[i] &+ instances(in: d, d, d + 86_400))
            }
            work &+= cycle
            dayCycles[offset: o] = p
            prefix = p
        }
        return cyclicSum(prefix, from: Int64(day), count: Int64(n))
    }

    /// Steps that divide a day: the instances whose wall-clock second of the
    /// day, under offset `o`, is in `x0..<x1` (`0..<86400`: a whole day). Every day at one offset holds
    /// the same times, so counts of whole runs are kept as prefix sums (per
    /// offset, the last two) and a part of a day costs two binary searches,
    /// not a pass over the runs (1,440 for `BYSECOND=0`; fuzz finding 17).
    mutating func partialDay(from x0: Int64, to x1: Int64, offset o: Int64) -> Int {
        let runs = passingRuns()
        // The candidates' times of day modulo the step, and the prefix sums.
        let cached = runPrefixes[offset: o]
        let phases = cached?.phases ?? (hasSetPos ? [0] : times).map { Int64(floorMod(Int(t0 + Int64($0) + o), Int(step))) }
        /// Instances in the part `lo..<hi` of a run.
        func count(_ lo: Int64, _ hi: Int64) -> Int {
            var n = 0
            for p in phases { n &+= Int(ceilDiv(hi - p, step) - ceilDiv(lo - p, step)) }
            return n
        }
        let prefix: [Int]
        if let hit = cached {
            prefix = hit.prefix
        } else {
            var p = [0]
            p.reserveCapacity(runs.count + 1)
            for run in runs { p.append(p[p.count - 1] &+ count(run.lo, run.hi)) }
            work &+= runs.count
            runPrefixes[offset: o] = (phases, p)
            prefix = p
        }
        /// Instances before second `x` of the day.
        func below(_ x: Int64) -> Int {
            var lo = 0, hi = runs.count   // runs[..<lo] end at or before x
            while lo < hi {
                let mid = (lo + hi) / 2
                if runs[mid].hi <= x { lo = mid + 1 } else { hi = mid }
            }
            return prefix[lo] &+ (lo < runs.count && runs[lo].lo < x ? count(runs[lo].lo, x) : 0)
        }
        let n = below(x1) &- below(x0)
        return hasSetPos ? n &* fullFramePositions : n
    }

    /// The instances in `[lo, hi)`, inside the day starting at `dayStart`,
    /// whose wall-clock second of the day passes the time filters.
    ///
    /// With BYSETPOS, frames are counted by their start (every candidate of
    /// an aligned frame passes or fails the filters together), times the
    /// positions BYSETPOS picks from a full frame.
    func instances(in dayStart: Int64, _ lo: Int64, _ hi: Int64) -> Int {
        var n = 0
        let runs = timeRuns ?? []
        let offsets = hasSetPos ? 1 : times.count
        if Int((hi - lo) / step + 1) * offsets < runs.count {
            // Fewer steps than runs: check each step's time of day.
            let perFrame = hasSetPos ? fullFramePositions : 1
            for off in hasSetPos ? [0] : times {
                let base = t0 + Int64(off)
                var t = base + ceilDiv(lo - base, step) * step
                while t < hi {
                    if plan.passesTimeFilters(secondOfDay: Int(t - dayStart)) { n += perFrame }
                    t += step
                }
            }
            return n
        }
        for run in runs {
            let x0 = max(lo, dayStart + run.lo), x1 = min(hi, dayStart + run.hi)
            guard x0 < x1 else { continue }
            if hasSetPos {
                n += Int(ceilDiv(x1 - t0, step) - ceilDiv(x0 - t0, step)) * fullFramePositions
                continue
            }
            for off in times {
                let base = t0 + Int64(off)
                n += Int(ceilDiv(x1 - base, step) - ceilDiv(x0 - base, step))
            }
        }
        return n
    }
}

extension _RulePlan {
    /// Whether a wall-clock second of the day passes a sub-daily rule's time
    /// filters: BYHOUR, BYMINUTE (MINUTELY and SECONDLY) and BYSECOND
    /// (SECONDLY); in HOURLY and MINUTELY the finer parts are expansions.
    @inline(__always)
    func passesTimeFilters(secondOfDay s: Int) -> Bool {
        if hourMask != 0, hourMask & (1 << UInt32(s / 3600)) == 0 { return false }
        if frequency <= .minutely, minuteMask != 0, minuteMask & (1 << UInt64((s / 60) % 60)) == 0 { return false }
        if frequency == .secondly, secondMask != 0, secondMask & (1 << UInt64(s % 60)) == 0 { return false }
        return true
    }

    /// The seconds of the day whose wall clock passes a sub-daily rule's
    /// BYHOUR, BYMINUTE and BYSECOND filters, as sorted half-open runs.
    func timeRuns() -> [(lo: Int64, hi: Int64)] {
        var runs: [(lo: Int64, hi: Int64)] = []
        var start: Int64 = -1
        for s in 0...86_400 {
            let pass = s < 86_400 && passesTimeFilters(secondOfDay: s)
            if pass && start < 0 { start = Int64(s) }
            if !pass && start >= 0 { runs.append((start, Int64(s))); start = -1 }
        }
        return runs
    }
}

@inline(__always)
func ceilDiv(_ a: Int64, _ b: Int64) -> Int64 { -floorDiv(-a, b) }

/// The sum of `n` consecutive terms, from term `start`, of a sequence that
/// repeats every `prefix.count - 1` terms, given its prefix sums over one
/// repetition.
func cyclicSum(_ prefix: [Int], from start: Int64, count n: Int64) -> Int {
    guard n > 0 else { return 0 }
    let length = prefix.count - 1
    let s = floorMod(Int(start), length)
    let (cycles, rest) = Int(n).quotientAndRemainder(dividingBy: length)
    let tail = s + rest <= length ? prefix[s + rest] - prefix[s] : prefix[length] - prefix[s] + prefix[s + rest - length]
    return cycles &* prefix[length] &+ tail
}
