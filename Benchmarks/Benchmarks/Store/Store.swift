// Issue 27's store rows, on the C rows' generated calendar (CalendarFile.swift,
// linked from Recurrence: 10,000 series, 1,000 overrides, 20 VTIMEZONEs):
//
// ST1  importing it with its index over three years into a new SQLite file
//      (StoreImport.swift);
// ST2  C2's week from the index, beside expanding the parsed calendar in
//      memory (C2's work) and a Sabre-style first/last table filtered in
//      SQLite and then expanded (StoreQuery.swift, SabreTable.swift);
// ST3  applying a snapshot where 10 (100) of 10,000 series changed, or 10 of
//      1,000, and what parsing a snapshot costs (StoreApply.swift);
// ST4  a user's week among 1,000,000 series in 10,000 calendars in
//      PostgreSQL (StorePostgres.swift; skipped without ALMANAC_POSTGRES_URL).
//
// A target of its own so that the Recurrence suite and CI's allocation gate
// never build SQLite or PostgreSQL. Run it with `Benchmarks/table.sh --target Store`.
//
// The store works on GRDB's threads (and PostgresNIO's event loops), so a
// row's time is the process's CPU time per run (`processCPU`, all threads),
// less the Empty row's; wall clock is beside it, and it is what a caller
// waits (it includes SQLite's fsyncs at commit).

import Almanac
import Benchmark
import Foundation

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, processCPU],
        units: [.mallocCountTotal: .count, processCPU: .count],
        warmupIterations: quickMode ? 0 : 1,
        maxDuration: quickMode ? .milliseconds(1) : .seconds(3),
        maxIterations: quickMode ? 1 : 1_000)

    // Harness overhead: an empty measured run (two clock reads).
    Benchmark("Empty") { benchmark in
        await measured(benchmark) {}
    }

    registerImport()
    registerQuery()
    registerApply()
    registerPostgres()
}

let quickMode = ProcessInfo.processInfo.environment["ALMANAC_BENCH_QUICK"] == "1"

/// The process's CPU time per run, all threads (GRDB's included), in nanoseconds.
let processCPU = BenchmarkMetric.custom("processCPU", polarity: .prefersSmaller, useScalingFactor: false)

@inline(__always)
func processCPUNanoseconds() -> Int {
    var ts = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
    return ts.tv_sec &* 1_000_000_000 &+ ts.tv_nsec
}

/// One measured run: what comes before it (removing a file, say) is not
/// measured; `body`'s wall clock, mallocs and process CPU time are.
func measured(_ benchmark: Benchmark, _ body: () async -> Void) async {
    benchmark.startMeasurement()
    let t0 = processCPUNanoseconds()
    await body()
    let t1 = processCPUNanoseconds()
    benchmark.stopMeasurement()
    benchmark.measurement(processCPU, t1 - t0)
}

/// A failure in setup or a run: the suite cannot say anything true after it.
func must<T>(_ what: String, _ body: () async throws -> T) async -> T {
    do { return try await body() } catch { fatalError("\(what): \(error)") }
}

func must<T>(_ what: String, _ body: () throws -> T) -> T {
    do { return try body() } catch { fatalError("\(what): \(error)") }
}

/// A count and a wrapping sum of each instance's start and end: what every
/// ST2 side folds, so that none of the work can be dropped.
struct InstanceTally: Equatable {
    var count = 0
    var hash: UInt64 = 0

    @inline(__always)
    mutating func add(_ r: Range<Timestamp>) {
        count &+= 1
        hash &+= UInt64(bitPattern: r.lowerBound.secondsSinceEpoch &* 31 &+ r.upperBound.secondsSinceEpoch)
    }
}

