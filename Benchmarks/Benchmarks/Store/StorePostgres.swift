// ST4: a user's week among 1,000,000 series in 10,000 calendars in
// PostgreSQL (on loopback), from the index: `store.instances(ofOwner:
// overlapping:viewer:)` for C2's week.
//
// The data: 10,000 calendars `cal-00000` ... `cal-09999` of 100 series each;
// calendar c holds the generated file's series 100 (c mod 100) ..< 100 (c mod
// 100) + 100 with their overrides (UIDs are unique per calendar, as the
// store keys series by calendar and UID), indexed over ST1's horizon;
// 1,000 owners `user-0000` ... `user-0999` of 10 calendars each (owner of c:
// c / 10), so a user's week spans 1,000 series in 10 calendars.
//
// Set-up goes through the backend's own path, `apply` (its index rows are
// written with one multi-row INSERT per 10,000), four calendars at a time,
// into the schema `almanac_bench_st4`; it is done once per server: a set-up
// that finished leaves the calendar `st4-complete`, and the next run reuses
// the data. The time it took is a note in the table.
//
// Without ALMANAC_POSTGRES_URL the row is skipped, with a note saying so.

import Almanac
import AlmanacCalendar
import AlmanacStore
import Benchmark
import Foundation
#if ALMANAC_BENCH_POSTGRES   // set by Benchmarks/Package.swift with the AlmanacStorePostgres dependency
import AlmanacStorePostgres
#endif

let postgresURL: String? = ProcessInfo.processInfo.environment["ALMANAC_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }

func registerPostgres() {
    guard let url = postgresURL else {
        note("ST4 skipped: no PostgreSQL server (set ALMANAC_POSTGRES_URL, e.g. export ALMANAC_POSTGRES_URL=$(Tools/store/postgres.sh start))")
        return
    }
    #if ALMANAC_BENCH_POSTGRES
    Benchmark("ST4-Almanac") { benchmark, store in
        var t = InstanceTally()
        await measured(benchmark) {
            for i in await must("owner query", { try await store.instances(ofOwner: st4User, overlapping: calendarWindow) }) { t.add(i.instants) }
        }
        blackHole(t)
    } setup: { () -> CalendarStore in
        let store = await must("cannot open \(url)") { try await CalendarStore.postgres(url: url, schema: "almanac_bench_st4") }
        await loadST4(store)
        await checkST4(store)
        return store
    }
    #else
    _ = url
    note("ST4 skipped: the Store target is built without ALMANAC_BENCH_POSTGRES (Benchmarks/Package.swift: the AlmanacStorePostgres dependency and the define)")
    #endif
}

let st4Calendars = 10_000
let st4SeriesPerCalendar = 100
let st4User = "user-0042"

/// Calendar `c`'s name, owner and series (a slice of the generated file's, with their overrides).
func st4Calendar(_ c: Int, _ file: EventCalendar) -> (id: String, owner: String, calendar: EventCalendar) {
    let start = (c % (file.events.count / st4SeriesPerCalendar)) * st4SeriesPerCalendar
    let events = Array(file.events[start..<(start + st4SeriesPerCalendar)])
    let id = "cal-" + String(repeating: "0", count: 5 - String(c).count) + String(c)
    let owner = "user-" + String(repeating: "0", count: 4 - String(c / 10).count) + String(c / 10)
    return (id, owner, EventCalendar(events: events, fileZones: file.fileZones))
}

/// Loads the 10,000 calendars unless a finished set-up left `st4-complete`.
func loadST4(_ store: CalendarStore) async {
    if await must("calendar", { try await store.calendar("st4-complete") }) != nil {
        note("ST4 set-up: reused the 10,000 calendars already on the server (schema almanac_bench_st4)")
        return
    }
    let file = parseCalendar(calendarFile.bytes)
    let t0 = Date()
    let rows = await withTaskGroup(of: Int.self) { group -> Int in
        var next = 0, total = 0
        func add(_ c: Int) {
            let (id, owner, calendar) = st4Calendar(c, file)
            group.addTask {
                await must("apply \(id)") {
                    try await store.apply(calendar, to: id, options: ApplyOptions(owner: owner, source: .ics, zoneID: "UTC",
                                                                                  horizon: storeHorizon, now: calendarWindow.lowerBound))
                }.instancesWritten
            }
        }
        while next < min(4, st4Calendars) { add(next); next += 1 }
        for await n in group {
            total += n
            if next < st4Calendars { add(next); next += 1 }
        }
        return total
    }
    _ = await must("marker") {
        try await store.apply(EventCalendar(events: []), to: "st4-complete", options: ApplyOptions(owner: "st4", horizon: storeHorizon))
    }
    let seconds = Int(Date().timeIntervalSince(t0))
    note("ST4 set-up: \(st4Calendars.formatted) calendars of \(st4SeriesPerCalendar) series (\((st4Calendars * st4SeriesPerCalendar).formatted) series, "
         + "\(rows.formatted) index rows) applied in \(seconds / 60) min \(seconds % 60) s, four at a time")
}

/// The user's week from the index equals the expansion of their ten calendars' series.
func checkST4(_ store: CalendarStore) async {
    let file = parseCalendar(calendarFile.bytes)
    let got = await must("owner query") { try await store.instances(ofOwner: st4User, overlapping: calendarWindow) }
        .map { "\($0.calendarID) \($0.key) \($0.instants)" }.sorted()
    var want: [String] = [], calendars = 0
    for c in 0..<st4Calendars where st4Calendar(c, file).owner == st4User {
        let (id, _, calendar) = st4Calendar(c, file)
        calendars += 1
        want += calendar.occurrences(overlapping: calendarWindow).map { "\(id) \($0.key) \($0.occurrence.instants(in: .utc))" }
    }
    want.sort()
    report("count", "ST4", "Almanac", String(got.count),
           "\(st4User)'s week (C2's) across \(calendars) calendars of \(st4SeriesPerCalendar) series, among \((st4Calendars * st4SeriesPerCalendar).formatted) series")
    if got == want {
        report("check", "ST4", "agree", "the index gives the \(got.count.formatted) instances the expansion of the user's \(calendars) calendars gives")
    } else {
        warn("ST4: the index gives \(got.count) instances for \(st4User)'s week, the expansion of their calendars \(want.count)")
    }
}
