// Issue 12's sync rows:
//
// S1-Almanac      `GoogleEvents.read(json:)` on a generated 10,000-event
//                 Google Calendar payload (SyncGoogle.swift): the events,
//                 their rules read, exceptions joined to their series.
// S1-JSONDecoder  Foundation's JSONDecoder on the same bytes, page by page,
//                 into plain Codable structs of the fields the reader reads
//                 (SyncCodable.swift).
// S2-Almanac      `GraphEvents.read(json:)` on a generated 10,000-event
// S2-JSONDecoder  Microsoft Graph payload (SyncGraph.swift); its peer as S1's.
// S3-Almanac      `SnapshotDiff` of two snapshots of a 10,000-series
//                 calendar over one month (SyncDiff.swift).
// S3-reread-Almanac  S3's diff with both snapshots read from the file
//                  (two readings), as a sync layer has them
// S3-window-Almanac  the month's live instances of the "before" calendar,
//                 as an array: the query the diff makes on each side.
//
// Setup, outside the measured region, generates the payload (the same bytes
// in every process), reads it once and checks the result; table.sh reports
// MB/s (payload bytes, 10^6, per second of CPU time). S1-Almanac's and
// S2-Almanac's setups write the payloads next to the report (google.json,
// graph.json: kept with ALMANAC_BENCH_KEEP=DIR) or to ALMANAC_BENCH_SYNC_DIR.

import AlmanacCalendar
import AlmanacSync
import Benchmark
import AlmanacFoundation
import Foundation

func registerSync() {
    Benchmark("S1-Almanac") { benchmark, bytes in
        benchmark.timed { blackHole(readGoogle(bytes).count) }
    } setup: { () -> [UInt8] in
        let p = googlePayload
        writePayload(p, "google.json")
        checkSync("S1", p, readGoogle(p.bytes))
        return p.bytes
    }

    Benchmark("S1-JSONDecoder") { benchmark, pages in
        benchmark.timed { blackHole(decodeGoogle(pages).events) }
    } setup: { () -> [Data] in
        let p = googlePayload
        checkDecoded("S1", p, decodeGoogle(pageData(p)))
        return pageData(p)
    }

    Benchmark("S2-Almanac") { benchmark, bytes in
        benchmark.timed { blackHole(readGraph(bytes).count) }
    } setup: { () -> [UInt8] in
        let p = graphPayload
        writePayload(p, "graph.json")
        checkSync("S2", p, readGraph(p.bytes))
        return p.bytes
    }

    Benchmark("S2-JSONDecoder") { benchmark, pages in
        benchmark.timed { blackHole(decodeGraph(pages).events) }
    } setup: { () -> [Data] in
        let p = graphPayload
        checkDecoded("S2", p, decodeGraph(pageData(p)))
        return pageData(p)
    }

    Benchmark("S3-Almanac") { benchmark, fixture in
        benchmark.timed { blackHole(snapshotDiff(fixture).changes.count) }
    } setup: { () -> DiffFixture in
        makeDiffFixture(check: true)
    }

    Benchmark("S3-reread-Almanac") { benchmark, fixture in
        benchmark.timed { blackHole(snapshotDiff(fixture).changes.count) }
    } setup: { () -> DiffFixture in
        makeRereadDiffFixture()
    }

    Benchmark("S3-window-Almanac") { benchmark, fixture in
        benchmark.timed { blackHole(windowInstances(fixture.before).count) }
    } setup: { () -> DiffFixture in
        let f = makeDiffFixture(check: false)
        report("count", "S3-window", "Almanac", String(windowInstances(f.before).count), "live instances of the month, before")
        return f
    }
}

@inline(never)
func readGoogle(_ bytes: [UInt8]) -> [SyncEvent] {
    do { return try GoogleEvents.read(json: bytes) } catch { fatalError("the generated Google payload does not read: \(error)") }
}

@inline(never)
func readGraph(_ bytes: [UInt8]) -> [SyncEvent] {
    do { return try GraphEvents.read(json: bytes) } catch { fatalError("the generated Graph payload does not read: \(error)") }
}

/// Writes a payload to ALMANAC_BENCH_SYNC_DIR, else next to the report, else
/// to the temporary directory.
func writePayload(_ p: SyncPayload, _ name: String) {
    let env = ProcessInfo.processInfo.environment
    let dir = env["ALMANAC_BENCH_SYNC_DIR"]
        ?? env["ALMANAC_BENCH_REPORT"].map { URL(fileURLWithPath: $0).deletingLastPathComponent().path }
        ?? NSTemporaryDirectory()
    let path = URL(fileURLWithPath: dir).appendingPathComponent(name).path
    do { try Data(p.bytes).write(to: URL(fileURLWithPath: path)) } catch { fatalError("cannot write \(path): \(error)") }
}

/// The reader's events: every series, every override attached to its
/// series and naming one of its instances, no problem in the calendar they
/// make. Reports the payload's size and forms.
func checkSync(_ id: String, _ p: SyncPayload, _ events: [SyncEvent]) {
    report("sync", id, String(p.bytes.count), String(p.pages.count), p.text, p.formsText)
    let overrides = events.reduce(0) { $0 + $1.series.overrides.count }
    let recurring = events.filter(\.series.isRecurring).count
    report("count", id, "Almanac", String(events.count), p.text)
    guard events.count == p.series, overrides == p.overrides, recurring == p.recurring else {
        warn("\(id): Almanac read \(events.count) series (\(recurring) recurring) and \(overrides) overrides; "
             + "the generator wrote \(p.series) (\(p.recurring)) and \(p.overrides)")
        return
    }
    var strays = 0
    for e in events where !e.series.overrides.isEmpty {
        let starts: Set<Int64>
        do {
            starts = Set(try e.series.recurrence.occurrences().prefix(300).map { $0.instants(in: .utc).lowerBound.secondsSinceEpoch })
        } catch {
            warn("\(id): \(e.id) does not expand: \(error)")
            return
        }
        strays += e.series.overrides.filter { !starts.contains($0.originalStart.instant(in: .utc).secondsSinceEpoch) }.count
    }
    let calendar = EventCalendar(events: events.map(\.series))
    if strays > 0 {
        warn("\(id): \(strays) of the \(overrides) overrides name no instance of their series")
    } else if !calendar.problems.isEmpty {
        warn("\(id): \(calendar.problems.count) series cannot be expanded, e.g. \(calendar.problems[0])")
    } else {
        report("check", id, "agree", "Almanac read the \(p.series.formatted) series (\(p.recurring.formatted) recurring) and attached the "
               + "\(p.overrides.formatted) overrides, each naming an instance of its series; no problem")
    }
}

/// JSONDecoder's structs: every event and exception item.
func checkDecoded(_ id: String, _ p: SyncPayload, _ got: (events: Int, exceptions: Int)) {
    report("count", id, "JSONDecoder", String(got.events), p.text)
    if got.events != p.items || got.exceptions != p.moved + p.cancelled {
        warn("\(id): JSONDecoder decoded \(got.events) events (\(got.exceptions) exceptions); the payload has \(p.items) (\(p.moved + p.cancelled))")
    } else {
        report("check", id, "agree", "JSONDecoder decoded the \(p.items.formatted) events (\(got.exceptions.formatted) exception items)")
    }
}
