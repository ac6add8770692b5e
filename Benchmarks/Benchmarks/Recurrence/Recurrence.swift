// Almanac against Foundation's Calendar.RecurrenceRule, in the same run.
//
// Names are `<workload>-<side>`: W1-Almanac, W1-Foundation, W1-Baseline...
// (table.sh reads them). Setup, outside the measured region, expands each
// workload once, checks Almanac's count, and on the Foundation side compares
// every instant with Almanac's; disagreements are printed as warnings and
// recorded for table.sh (fatal with ALMANAC_BENCH_STRICT=1).
//
// ALMANAC_BENCH_QUICK=1 runs one measured iteration per benchmark (CI: builds,
// runs, checks and counts allocations, which are deterministic).

import Almanac
import Benchmark
import AlmanacFoundation
import Foundation

let benchmarks: @Sendable () -> Void = {
    let quick = quickMode
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal, cpuTime],
        // Exact counts in the export (the automatic unit rounds to K, M...).
        units: [.mallocCountTotal: .count, .throughput: .count, cpuTime: .count],
        warmupIterations: quick ? 0 : 1,
        maxDuration: quick ? .milliseconds(1) : .seconds(2),
        maxIterations: quick ? 1 : 1_000)

    // Harness overhead: what an empty iteration costs and allocates.
    Benchmark("Empty") { benchmark in
        benchmark.timed { blackHole(0) }
    }

    for id in ["W1", "W1-10k", "W2", "W3", "W4", "W5", "W6", "W7", "W8", "W8-start", "W9", "W9b"] {
        registerWorkload(workloadID: id, foundation: id != "W1-10k" && id != "W8-start")
    }

    Benchmark("W1-Baseline") { benchmark, p in
        let (start, count, zone) = (p.workload.start, p.workload.rule.count!, newYork)
        benchmark.timed {
            blackHole(baselineDaily(from: start, count: count, zone: zone))
        }
    } setup: { () -> Prepared in
        let w = workloads["W1"]!
        checkBaseline(w, baselineDaily(from: w.start, count: w.rule.count!, zone: newYork))
        return Prepared(w)
    }

    Benchmark("W7-Baseline") { benchmark, p in
        let (start, count, zone) = (p.workload.start, p.workload.rule.count!, newYork)
        benchmark.timed {
            blackHole(baselineElapsed(from: start, step: 7 * 3600, count: count, zone: zone))
        }
    } setup: { () -> Prepared in
        let w = workloads["W7"]!
        checkBaseline(w, baselineElapsed(from: w.start, step: 7 * 3600, count: w.rule.count!, zone: newYork))
        return Prepared(w)
    }

    // W1, W2, W7: the C limit loop (CLimit.swift), the same instants with
    // the least logic, in C.
    registerCLimit()

    // W2-W6: the same wall-clock starts as the oracle's, precomputed, each
    // read through the zone: what is left when the rule logic is taken away.
    for id in ["W2", "W3", "W4", "W5", "W6"] {
        Benchmark("\(id)-Baseline") { benchmark, locals in
            let zone = newYork
            benchmark.timed {
                blackHole(baselineLocal(locals, zone: zone))
            }
        } setup: { () -> [CivilDateTime] in
            let w = workloads[id]!
            let locals = (w.oracle ?? []).map { newYork.civil(at: Timestamp(secondsSinceEpoch: $0))!.0 }
            checkBaseline(w, baselineLocal(locals, zone: newYork))
            return locals
        }
    }

    // W10: 10,000 series queried over one week; 100,000 (cost should grow
    // tenfold, allocations too, per series constant); the same 10,000 series
    // started 30 years earlier (cost should not grow with age).
    registerMany("W10", count: 10_000, yearsBack: 0, foundation: true)
    registerMany("W10-100k", count: 100_000, yearsBack: 0, foundation: false)
    registerMany("W10-old", count: 10_000, yearsBack: 30, foundation: false)

    // Issue 4: a year of daily series cut into days (D1, D2), and a month
    // listed over 100,000 agenda items (A1). See DaysAndLists.swift.
    registerDaySlices()
    registerAgendaList()

    // Issue 3: `almanac batch` end to end over a fixed mixed request stream
    // (B1), and phase by phase: JSON, reading requests, expanding, formatting.
    // See Batch.swift.
    registerBatch()

    // Issue 11: a generated 10 MB calendar read (C1, against libical), one
    // week queried (C2, against recurring-ical-events), and the memory of
    // holding it (C3). See Calendars.swift.
    registerCalendars()

    // Issue 24: a chain of 5,000 and 20,000 RANGE=THISANDFUTURE overrides
    // read and listed (C4), 200,000 small events read and their memory
    // (C5). See CalendarCost.swift.
    registerCalendarCost()

    // Issue 12: a generated 10,000-event Google payload (S1) and Graph
    // payload (S2) read, against JSONDecoder into plain Codable structs, and
    // a one-month diff of two snapshots of a 10,000-series calendar (S3).
    // See Sync.swift.
    registerSync()

    // Issue 13: rules in the Chinese, Hebrew and Islamic calendars (RFC 7529
    // RSCALE), each beside its Gregorian twin and Foundation in the same
    // calendar (R1-R3). See Scales.swift.
    registerScales()

    // Issue 14: a yearly review of 500 series with 100,000 records for a
    // viewer in Tokyo (V1), with 10,000 (V1-10k) and none (V1-0), and the
    // dictionary join alone (V1-join). See Reviews.swift.
    registerReviews()

    // Issue 26: free/busy of a month of the C rows' calendar (F1), against
    // libical's icalspanlist_new on the same components (FreeBusy.swift);
    // free slots of five people over two weeks (F2).
    registerFreeBusy()
    registerSlots()

    // Issue 26: the alarms of a week and the next 64 on the C rows' calendar (Alarms.swift).
    registerAlarms()
}

let quickMode = ProcessInfo.processInfo.environment["ALMANAC_BENCH_QUICK"] == "1"

func registerWorkload(workloadID id: String, foundation: Bool) {
    Benchmark("\(id)-Almanac") { benchmark, p in
        benchmark.timed {
            blackHole(almanacTally(p.set, in: p.window))
        }
    } setup: { () -> Prepared in
        let w = workloads[id]!
        let a = almanacInstants(w.set, in: w.window)
        checkCount(id, side: "Almanac", text: w.text, got: a.count, expected: w.rule.count ?? expectedCount[id])
        let oracle = w.oracle
        if let oracle { checkOracle(id, text: w.text, start: w.start, almanac: a, oracle: oracle) }
        if quickMode && foundation {
            // CI skips the Foundation benchmarks (each costs seconds): compare
            // a prefix here instead; the full run compares everything.
            let k = min(w.rule.count ?? .max, 2_000)
            var f = w.foundation
            if w.rule.count != nil { f.end = .afterOccurrences(k) }
            checkFoundation(id, text: w.text + " (first \(k))", start: w.start, almanac: Array(a.prefix(k)),
                            foundation: foundationInstants(f, start: w.foundationStart, in: w.foundationWindow),
                            oracle: oracle.map { Array($0.prefix(k)) }, caveat: w.foundationCaveat)
        }
        return Prepared(w)
    }

    guard foundation else { return }
    Benchmark("\(id)-Foundation") { benchmark, p in
        benchmark.timed {
            blackHole(foundationTally(p.foundation, start: p.foundationStart, in: p.foundationWindow))
        }
    } setup: { () -> Prepared in
        let w = workloads[id]!
        let f = foundationInstants(w.foundation, start: w.foundationStart, in: w.foundationWindow)
        report("count", id, "Foundation", String(f.count), w.text)
        checkFoundation(id, text: w.text, start: w.start, almanac: almanacInstants(w.set, in: w.window), foundation: f,
                        oracle: w.oracle, caveat: w.foundationCaveat)
        return Prepared(w)
    }
}

/// Counts the windowed workloads must produce (COUNT gives the others).
let expectedCount: [String: Int] = ["W8": 31, "W8-start": 31, "W9": 0, "W9b": 0]

func checkBaseline(_ w: Workload, _ baseline: Tally) {
    let a = almanacTally(w.set, in: w.window)
    report("count", w.id, "Baseline", String(baseline.count), w.text)
    if a != baseline {
        warn("\(w.id) \(w.text): Almanac's occurrences (\(a.count), hash \(a.hash)) differ from the baseline's (\(baseline.count), hash \(baseline.hash))")
    }
}

func registerMany(_ id: String, count: Int, yearsBack: Int, foundation: Bool) {
    let text = "\(count) weekly/monthly series" + (yearsBack > 0 ? ", DTSTART \(yearsBack) years older" : "") + ", one-week window"
    Benchmark("\(id)-Almanac") { benchmark, series in
        let window = weekWindow
        benchmark.timed {
            blackHole(almanacTally(series, in: window))
        }
    } setup: { () -> [Series] in
        let series = makeSeries(count: count, yearsBack: yearsBack)
        let t = almanacTally(series, in: weekWindow)
        checkCount(id, side: "Almanac", text: text, got: t.count, expected: nil)
        if t.count == 0 { warn("\(id): Almanac found no occurrence of \(count) series in the window") }
        checkSeriesOracle(id, series, text: text)
        if quickMode && foundation {
            // CI skips the Foundation benchmarks: compare the first 500 series here.
            compareSeries(id, Array(series.prefix(500)), text: text)
        }
        return series
    }

    guard foundation else { return }
    Benchmark("\(id)-Foundation") { benchmark, series in
        benchmark.timed {
            blackHole(foundationTally(series, in: foundationWeekWindow))
        }
    } setup: { () -> [Series] in
        let series = makeSeries(count: count, yearsBack: yearsBack)
        report("count", id, "Foundation", String(compareSeries(id, series, text: text)), text)
        return series
    }
}

/// Every series' instants in the week against the oracle's.
func checkSeriesOracle(_ id: String, _ series: [Series], text: String) {
    var bad = 0, total = 0
    for s in series {
        let a = almanacInstants(s.set, in: weekWindow)
        let o = Oracle.instants(s, in: weekWindow, days: weekWindowDays)
        total += o.count
        if a != o {
            bad += 1
            if bad <= 3 { checkOracle(id, text: s.text, start: s.start, almanac: a, oracle: o) }
        }
    }
    if bad == 0 {
        report("check", id, "agree", "the oracle: \(series.count) series, \(total) occurrences")
    } else {
        warn("\(id): Almanac and the RFC 5545 oracle disagree on \(bad) of \(series.count) series (first three reported above)")
    }
}

/// Compares every series' instants in the week with Foundation's (the oracle
/// decides who is wrong); returns Foundation's total.
@discardableResult
func compareSeries(_ id: String, _ series: [Series], text: String) -> Int {
    var total = 0, mismatches = 0, foundationWrong = 0
    var example = ""
    for s in series {
        let f = foundationInstants(s.foundation, start: s.foundationStart, in: foundationWeekWindow)
        let a = almanacInstants(s.set, in: weekWindow)
        total += f.count
        if a == f { continue }
        if a == Oracle.instants(s, in: weekWindow, days: weekWindowDays) {
            foundationWrong += 1
            if example.isEmpty { example = describe(id, s.text, s.start, a, "Foundation", f) }
        } else {
            mismatches += 1
            if mismatches <= 3 { checkFoundation(id, text: s.text, start: s.start, almanac: a, foundation: f, oracle: nil, caveat: nil) }
        }
    }
    if foundationWrong > 0 {
        report("check", id, "known", "Foundation is wrong on \(foundationWrong) of \(series.count) series (Almanac agrees with the RFC 5545 oracle), e.g. \(example)")
    }
    if mismatches == 0 {
        report("check", id, "agree", "Foundation: \(series.count) series, \(total) occurrences, \(foundationWrong) where Foundation is wrong")
    } else {
        warn("\(id): Almanac and Foundation disagree on \(mismatches) of \(series.count) series (first three reported above)")
    }
    return total
}
