// The measured loops, and the checks run on their results in setup.
//
// Every loop folds what it produces into a `Tally` (a count and a wrapping sum
// of each occurrence's instant XOR its offset, the C limit loop's own fold)
// that goes to blackHole at the end: the optimizer cannot drop any of the
// work, a per-occurrence blackHole call would cost as much as the engine's
// own step, and Almanac and the C loop pay the same consumer. The wall clock
// is not folded: an `Occurrence` computes it only when it is read.

import Almanac
import Benchmark
import AlmanacFoundation
import Foundation

struct Tally: Equatable {
    var count = 0
    var hash: UInt64 = 0

    @inline(__always)
    mutating func add(seconds: Int64, offset: Int32) {
        count &+= 1
        hash &+= UInt64(bitPattern: seconds ^ Int64(offset))
    }

    @inline(__always)
    mutating func add(_ o: Occurrence) {
        // The workloads are zoned: every occurrence has instants and an offset.
        add(seconds: o.instants.unsafelyUnwrapped.lowerBound.secondsSinceEpoch, offset: o.offset.unsafelyUnwrapped.seconds)
    }

    @inline(__always)
    mutating func add(foundation d: Date) {
        count &+= 1
        hash &+= UInt64(bitPattern: d.seconds)
    }
}

// MARK: - CPU time

/// The benchmark thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`), per run: the
/// table's times. Wall clock counts the time another process holds the core,
/// and on a shared 2-core machine that moved ratios twofold from run to run;
/// CPU time does not. Reading the clock costs about a microsecond here (a
/// system call), so table.sh subtracts the `Empty` benchmark's figure.
let cpuTime = BenchmarkMetric.custom("cpuTime", polarity: .prefersSmaller, useScalingFactor: false)

@inline(__always)
func threadCPUNanoseconds() -> Int {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return ts.tv_sec &* 1_000_000_000 &+ ts.tv_nsec
}

extension Benchmark {
    /// Runs `body` once per scaled iteration and records the thread's CPU time per iteration as `cpuTime`.
    @inline(__always)
    func timed(_ body: () -> Void) {
        let t0 = threadCPUNanoseconds()
        for _ in scaledIterations { body() }
        let t1 = threadCPUNanoseconds()
        measurement(cpuTime, (t1 - t0) / max(1, scaledIterations.count))
    }
}

// MARK: - Almanac

/// `set.occurrences()` as a caller writes it: building the plan (validation,
/// per-rule precomputation) is part of every measured run.
@inline(__always)
func expand(_ set: RecurrenceSet, in window: Range<Timestamp>?) -> RecurrenceSet.Occurrences {
    do {
        if let window { return try set.occurrences(in: .instants(window)) }
        return try set.occurrences()
    } catch {
        fatalError("cannot expand \(set.rules): \(error)")
    }
}

@inline(never)
func almanacTally(_ set: RecurrenceSet, in window: Range<Timestamp>?) -> Tally {
    var t = Tally()
    for o in expand(set, in: window) { t.add(o) }
    return t
}

@inline(never)
func almanacTally(_ series: [Series], in window: Range<Timestamp>) -> Tally {
    var t = Tally()
    for s in series {
        for o in expand(s.set, in: window) { t.add(o) }
    }
    return t
}

// MARK: - Foundation

@inline(never)
func foundationTally(_ rule: Calendar.RecurrenceRule, start: Date, in window: Range<Date>?) -> Tally {
    var t = Tally()
    for d in rule.recurrences(of: start, in: window) { t.add(foundation: d) }
    return t
}

@inline(never)
func foundationTally(_ series: [Series], in window: Range<Date>) -> Tally {
    var t = Tally()
    for s in series {
        for d in s.foundation.recurrences(of: s.foundationStart, in: window) { t.add(foundation: d) }
    }
    return t
}

// MARK: - Baselines: the same instants with no rule logic

/// W1's instants: day after day at the same wall-clock time, each read
/// through the zone with the public `Zone.timestamp(for:)`.
@inline(never)
func baselineDaily(from start: CivilDateTime, count: Int, zone: Zone) -> Tally {
    var t = Tally()
    let day0 = start.date.daysSinceEpoch
    for i in 0..<count {
        let local = CivilDateTime(CivilDate(daysSinceEpoch: day0 + i)!, start.time)
        let instant: Timestamp
        do { instant = try zone.timestamp(for: local) } catch { fatalError("\(error)") }
        let offset = Int32(truncatingIfNeeded: local.localSeconds - instant.secondsSinceEpoch)
        t.add(seconds: instant.secondsSinceEpoch, offset: offset)
    }
    return t
}

/// W7's instants: a fixed step in elapsed seconds, each shown through the zone
/// with the public `Zone.offset(at:)`.
@inline(never)
func baselineElapsed(from start: CivilDateTime, step: Int64, count: Int, zone: Zone) -> Tally {
    var t = Tally()
    let t0: Int64
    do { t0 = try zone.timestamp(for: start).secondsSinceEpoch } catch { fatalError("\(error)") }
    for i in 0..<Int64(count) {
        let s = t0 + i * step
        let offset = zone.offset(at: Timestamp(secondsSinceEpoch: s)).seconds
        t.add(seconds: s, offset: offset)
    }
    return t
}

/// W2-W6's instants: wall-clock starts worked out beforehand (the oracle's),
/// each read through the zone with the public `Zone.timestamp(for:)`.
@inline(never)
func baselineLocal(_ locals: [CivilDateTime], zone: Zone) -> Tally {
    var t = Tally()
    for local in locals {
        let instant: Timestamp
        do { instant = try zone.timestamp(for: local) } catch { fatalError("\(error)") }
        let offset = Int32(truncatingIfNeeded: local.localSeconds - instant.secondsSinceEpoch)
        t.add(seconds: instant.secondsSinceEpoch, offset: offset)
    }
    return t
}

// MARK: - Lists for the checks (setup only)

func almanacInstants(_ set: RecurrenceSet, in window: Range<Timestamp>?) -> [Int64] {
    expand(set, in: window).map { $0.instants!.lowerBound.secondsSinceEpoch }
}

func foundationInstants(_ rule: Calendar.RecurrenceRule, start: Date, in window: Range<Date>?) -> [Int64] {
    rule.recurrences(of: start, in: window).map { $0.seconds }
}

func show(_ seconds: Int64) -> String {
    let t = Timestamp(secondsSinceEpoch: seconds)
    guard let (local, offset) = newYork.civil(at: t) else { return "\(seconds)" }
    return "\(local)\(offset)"
}

/// Almanac's count against the count the workload must produce.
func checkCount(_ id: String, side: String, text: String, got: Int, expected: Int?) {
    report("count", id, side, String(got), text)
    if let expected, got != expected {
        warn("\(id) \(text): \(side) produced \(got) occurrences, expected \(expected)")
    }
}

/// Almanac's instants against RFC 5545's (the oracle): any difference is a
/// mismatch, printed as a warning.
func checkOracle(_ id: String, text: String, start: CivilDateTime, almanac a: [Int64], oracle o: [Int64], quiet: Bool = false) {
    if a == o {
        if !quiet { report("check", id, "agree", "the oracle: \(a.count) occurrences, first \(a.first.map(show) ?? "-"), last \(a.last.map(show) ?? "-")") }
        return
    }
    let message = describe(id, text, start, a, "the RFC 5545 oracle", o)
    report("check", id, "MISMATCH", message)
    warn("Almanac and the RFC 5545 oracle disagree: " + message)
}

/// Almanac's instants against Foundation's. A difference where Almanac agrees
/// with the oracle is Foundation's error (recorded, not a failure); otherwise
/// it is a mismatch.
func checkFoundation(_ id: String, text: String, start: CivilDateTime, almanac a: [Int64], foundation f: [Int64],
                     oracle o: [Int64]?, caveat: String?, quiet: Bool = false) {
    if a == f {
        if !quiet { report("check", id, "agree", "Foundation: \(a.count) occurrences, first \(a.first.map(show) ?? "-"), last \(a.last.map(show) ?? "-")") }
        if let caveat, !quiet { note("\(id): Foundation agreed although: \(caveat)") }
        return
    }
    let message = describe(id, text, start, a, "Foundation", f)
    if let o, o == a {
        report("check", id, "known", (caveat.map { $0 + ". " } ?? "Foundation is wrong here (Almanac agrees with the RFC 5545 oracle). ") + message)
    } else {
        report("check", id, "MISMATCH", message)
        warn("Almanac and Foundation disagree: " + message)
    }
}

func describe(_ id: String, _ text: String, _ start: CivilDateTime, _ a: [Int64], _ peer: String, _ f: [Int64]) -> String {
    let i = zip(a, f).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, f.count)
    return "\(id) \(text) from \(start) America/New_York: Almanac \(a.count) occurrences (first \(a.first.map(show) ?? "-"), last \(a.last.map(show) ?? "-")), "
        + "\(peer) \(f.count) (first \(f.first.map(show) ?? "-"), last \(f.last.map(show) ?? "-")); "
        + "first difference at #\(i): Almanac \(i < a.count ? show(a[i]) : "none"), \(peer) \(i < f.count ? show(f[i]) : "none")"
}
