import AlmanacCore

// A sub-daily rule under one offset visits the times of day
// `(c + i * s) mod 86400`, i = 0, 1, 2, ... When the step does not divide a
// day, the time the filters pass (`BYHOUR=0;BYMINUTE=0;BYSECOND=39`) can come
// round only every few hundred days (`FREQ=SECONDLY;INTERVAL=45827`: once in
// 86,400 steps, 125 years). These count and find those steps with floor sums,
// in O(log 86400) per run of passing seconds, instead of visiting the days.

/// The sum of `(a * i + b) / m` (rounded down) for `i` in `0..<n`; `n`,
/// `a`, `b` >= 0, `m` >= 1. Euclid's algorithm on the lattice (the classic
/// floor-sum reduction): O(log m) steps.
///
/// - Precondition: no intermediate product overflows: here `n`, `m`, `a`
///   and `b` are below 2 * 86,400.
func floorSum(_ n: Int, _ m: Int, _ a: Int, _ b: Int) -> Int {
    var (n, m, a, b) = (n, m, a, b)
    var sum = 0
    while n > 0 {
        if a >= m { sum += (n - 1) * n / 2 * (a / m); a %= m }
        if b >= m { sum += n * (b / m); b %= m }
        let top = a * n + b
        if top < m { break }
        (n, b) = (top / m, top % m)
        (m, a) = (a, m)
    }
    return sum
}

/// Steps of `step` seconds after which the times of day repeat:
/// 86,400 / gcd(step, 86,400).
func timeOfDayCycle(step: Int64) -> Int {
    let s = Int(step % 86_400)
    return 86_400 / _gcd(s == 0 ? 86_400 : s, 86_400)
}

/// The times of day `(c + i * s) mod 86400` for `i` in `0..<n`.
struct TimeOfDayProgression {
    /// Searches and counts go through every run for every candidate of a
    /// frame: beyond this many pairs, the day-by-day paths are used.
    static let maxSearch = 64
    /// Time of day of the first term, and the step, both in `0..<86400`.
    let c: Int, s: Int
    /// Terms after which the times of day repeat.
    var cycle: Int { timeOfDayCycle(step: Int64(s)) }

    init(first: Int64, step: Int64) {
        c = floorMod(Int(first % 86_400), 86_400)
        s = Int(step % 86_400)
    }

    /// How many of the first `n` terms fall in one of `runs` (half-open
    /// seconds of the day).
    func hits(_ n: Int, in runs: [(lo: Int64, hi: Int64)]) -> Int {
        let (cycles, rest) = n.quotientAndRemainder(dividingBy: cycle)
        var total = 0
        for run in runs {
            // [x >= lo] = floor((c + i s - lo + 86400) / 86400) - floor((c + i s) / 86400).
            let lo = Int(run.lo), hi = Int(run.hi)
            func count(_ k: Int) -> Int { floorSum(k, 86_400, s, c - lo + 86_400) - floorSum(k, 86_400, s, c - hi + 86_400) }
            total &+= (cycles > 0 ? cycles &* count(cycle) : 0) &+ count(rest)
        }
        return total
    }

    /// The first term among the first `n` in one of `runs`, or `nil`.
    func firstHit(within n: Int, in runs: [(lo: Int64, hi: Int64)]) -> Int? {
        var hi = min(n, cycle)
        guard hi > 0, hits(hi, in: runs) > 0 else { return nil }
        var lo = 0   // hits(lo) == 0 < hits(hi)
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if hits(mid, in: runs) > 0 { hi = mid } else { lo = mid }
        }
        return hi - 1
    }
}

extension SubDailyTables {
    /// Sub-daily rules whose step does not divide a day: the first frame
    /// after `k` with a candidate whose wall clock, at offset `o`, the time
    /// filters pass; at most the frame holding the zone's next transition
    /// (`transition`: past it the offset changes). `k + 1` when there are too many runs of
    /// seconds to search. A search costs about `16 x times x runs` steps of
    /// the walk; the walk calls it after as many frames in a row missed.
    mutating func nextFramePassingTime(after k: Int, offset o: Int64, transition: Int64) -> Int {
        let runs = passingRuns()
        guard times.count * runs.count <= TimeOfDayProgression.maxSearch,
              case let (ks, false) = Int64(k + 1).multipliedReportingOverflow(by: step),
              case let (first, false) = t0.addingReportingOverflow(ks) else { return k + 1 }
        // Frames k+1 ..< end lie wholly before the transition.
        let end = transition == .max ? Int64.max : (transition - t0) / step
        var best = Int(min(max(0, end - Int64(k + 1)), 86_400))
        for off in times {
            guard case let (t, false) = first.addingReportingOverflow(Int64(off) + o) else { continue }
            if let i = TimeOfDayProgression(first: t, step: step).firstHit(within: best, in: runs) { best = i }
        }
        work &+= times.count * runs.count
        return k + 1 + best
    }
}
