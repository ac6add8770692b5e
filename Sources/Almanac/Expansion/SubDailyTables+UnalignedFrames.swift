import AlmanacCore

// COUNT with a far window, sub-daily rules with BYSETPOS whose frames are not
// aligned on the wall clock's units. Frames step in elapsed time from DTSTART
// (README, "RFC choices", 3); once the offset has changed by part of a unit
// (Lord Howe's half-hour daylight time, local mean time before 1900), an
// HOURLY frame runs from, say, 10:30 to 11:30. Its candidates then fall in
// two hours, and near midnight in two days: some pass BYHOUR or the day limits
// and some do not, and BYSETPOS picks among those that pass. So each frame is
// evaluated, but only once per phase: at a constant offset, what a frame
// holds depends on where in the day it starts and on whether its two days
// pass the day limits.

/// What the frames of one cycle of phases hold, as prefix sums over the
/// frame number modulo the cycle: frame `j` starts at the same time of day
/// as frame `j + length`.
struct PhaseTables {
    /// Frames per cycle (``timeOfDayCycle(step:)``).
    let length: Int
    /// Instances BYSETPOS picks from a frame when both its days pass, when
    /// only the day it starts on does, and when only the next day does.
    let both: [Int], first: [Int], second: [Int]

    /// For frames `t0 + j * step` (length `plan.unit`, candidates at the
    /// plan's times) at offset `o`.
    init(plan: _RulePlan, t0: Int64, step: Int64, offset o: Int64) {
        let inc = Int(step % 86_400)
        length = timeOfDayCycle(step: step)
        let picks = (0...plan.times.count).map { plan.setPosSelections(among: $0) }
        var both = [0], first = [0], second = [0]
        both.reserveCapacity(length + 1); first.reserveCapacity(length + 1); second.reserveCapacity(length + 1)
        var phase = floorMod(Int(t0 + o), 86_400)
        for _ in 0..<length {
            // Candidates passing the time filters on the start's day, and after midnight.
            var a = 0, b = 0
            for off in plan.times {
                let s = phase + Int(off)
                if s < 86_400 {
                    if plan.passesTimeFilters(secondOfDay: s) { a += 1 }
                } else if plan.passesTimeFilters(secondOfDay: s - 86_400) {
                    b += 1
                }
            }
            both.append(both.last! + picks[a + b])
            first.append(first.last! + picks[a])
            second.append(second.last! + picks[b])
            phase = (phase + inc) % 86_400
        }
        self.both = both
        self.first = first
        self.second = second
    }

    /// The sum of a table over frames `j0..<j1`.
    func sum(_ table: [Int], _ j0: Int64, _ j1: Int64) -> Int {
        cyclicSum(table, from: j0, count: j1 - j0)
    }
}

extension SubDailyTables {
    /// The instances of the frames starting in `[a, b)` (both frame
    /// starts), all at offset `o`; once `cap` or more are found, some number
    /// `>= cap`. Without day limits a range of frames costs O(1); with them,
    /// a step per day that passes.
    mutating func unalignedFrames(from a: Int64, to b: Int64, offset o: Int64, cap: Int) -> Int {
        let tables: PhaseTables
        if let hit = phaseTables[offset: o] {
            tables = hit
        } else {
            tables = PhaseTables(plan: plan, t0: t0, step: step, offset: o)
            work &+= tables.length * times.count
            phaseTables[offset: o] = tables
        }
        let ja = (a - t0) / step, jb = (b - t0) / step
        if dayLimits.isEmpty { return tables.sum(tables.both, ja, jb) }
        // The first frame of [ja, jb) that starts on day `d` or later.
        func firstFrame(onOrAfter d: Int) -> Int64 {
            min(jb, max(ja, ceilDiv(Int64(d) * 86_400 - o - t0, step)))
        }
        func passes(_ d: Int) -> Bool { d >= _minDayNumber && d <= _maxDayNumber && plan.dayParts.passes(d, dayLimits) }
        var total = 0
        var day = Int(floorDiv(a + o, 86_400))
        let last = Int(floorDiv(b - step + o, 86_400)) + 1
        // Each frame is counted on the first of its two days that passes.
        while total < cap, let d = firstPassingDay(from: day, through: last) {
            work &+= 1
            let (p0, p1, p2) = (firstFrame(onOrAfter: d - 1), firstFrame(onOrAfter: d), firstFrame(onOrAfter: d + 1))
            if !passes(d - 1) { total &+= tables.sum(tables.second, p0, p1) }
            total &+= tables.sum(passes(d + 1) ? tables.both : tables.first, p1, p2)
            day = d + 1
        }
        return total
    }
}
