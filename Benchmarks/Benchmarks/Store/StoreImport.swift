// ST1: importing the C rows' calendar into a new SQLite file with its index
// over three years (storeHorizon), as `almanac store import` does.
//
// ST1-Almanac        the file's bytes parsed (`EventCalendar(ics:)`, C1's
//                    work), the store created (schema, WAL) and the calendar
//                    applied: every series' text and digest written, every
//                    instance over the horizon indexed; the store closed.
// ST1-apply-Almanac  the same from the parsed calendar: creating the store and
//                    `apply` alone.
//
// The file (and its -wal, -shm) is removed before each run, outside the
// measured region.

import Almanac
import AlmanacCalendar
import AlmanacStore
import Benchmark

func registerImport() {
    let slow = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal, processCPU], units: [.mallocCountTotal: .count, processCPU: .count],
        warmupIterations: quickMode ? 0 : 1, maxDuration: quickMode ? .milliseconds(1) : .seconds(12),
        maxIterations: quickMode ? 1 : 5)

    Benchmark("ST1-Almanac", configuration: slow) { benchmark, bytes in
        let path = storePath("st1.sqlite")
        removeStore(path)
        var written = 0
        await measured(benchmark) {
            let calendar = parseCalendar(bytes)
            let store = must("cannot create \(path)") { try CalendarStore(sqlitePath: path) }
            written = await must("import") { try await store.apply(calendar, to: storeCalendarID, options: importOptions) }.instancesWritten
            await store.close()
        }
        blackHole(written)
    } setup: { () -> [UInt8] in
        let f = calendarFile
        await checkImport(f)
        return f.bytes
    }

    Benchmark("ST1-apply-Almanac", configuration: slow) { benchmark, calendar in
        let path = storePath("st1-apply.sqlite")
        removeStore(path)
        var written = 0
        await measured(benchmark) {
            let store = must("cannot create \(path)") { try CalendarStore(sqlitePath: path) }
            written = await must("import") { try await store.apply(calendar, to: storeCalendarID, options: importOptions) }.instancesWritten
            await store.close()
        }
        blackHole(written)
    } setup: { () -> EventCalendar in
        parseCalendar(calendarFile.bytes)
    }
}

/// One import, checked: every series stored, the index rows it wrote
/// (reported), and the index's answer for C2's week and a week near each
/// end of the horizon equal to the store's expansion of its series.
func checkImport(_ f: CalendarFile) async {
    let calendar = parseCalendar(f.bytes)
    let path = storePath("st1-check.sqlite")
    let (store, r) = await importedStore(path, calendar)
    let h = storeHorizon
    report("count", "ST1", "Almanac", String(r.instancesWritten),
           "\(f.text); horizon \(day(h.lowerBound)) to \(day(h.upperBound)): \(r.changedSeries.count.formatted) series stored, "
           + "\(r.instancesWritten.formatted) index rows")
    var problems: [String] = []
    if r.changedSeries.count != f.series { problems.append("\(r.changedSeries.count) series stored, the file has \(f.series)") }
    let weeks = [calendarWindow, h.lowerBound..<(h.lowerBound + 7 * 86_400), (h.upperBound + -7 * 86_400)..<h.upperBound]
    for w in weeks {
        let index = await must("index query") { try await store.instances(of: [storeCalendarID], overlapping: w) }
        let expanded = await must("expansion") { try await store.expandedInstances(of: storeCalendarID, overlapping: w) }
        if index != expanded {
            let a = Set(index.map { "\($0.key) \($0.instants) \($0.title ?? "-") \($0.status.map { "\($0)" } ?? "-")" })
            let b = Set(expanded.map { "\($0.key) \($0.instants) \($0.title ?? "-") \($0.status.map { "\($0)" } ?? "-")" })
            problems.append("week from \(day(w.lowerBound)): the index gives \(index.count) instances, the store's expansion of its series \(expanded.count); "
                            + "only in the index: \(a.subtracting(b).sorted().prefix(4).joined(separator: "; ")); "
                            + "only in the expansion: \(b.subtracting(a).sorted().prefix(4).joined(separator: "; "))")
        }
    }
    await store.close()
    removeStore(path)
    if problems.isEmpty {
        report("check", "ST1", "agree", "all \(f.series.formatted) series stored; in C2's week and the horizon's first and last weeks "
               + "the index's instances equal the store's expansion of its series")
    } else {
        for p in problems { warn("ST1: \(p)") }
    }
}
