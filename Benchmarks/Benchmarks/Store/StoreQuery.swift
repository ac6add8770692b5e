// ST2: C2's week (2024-06-03..10 UTC, viewer UTC, cancelled instances kept)
// across the C rows' calendar, three ways, each instance's start and end
// folded into an InstanceTally:
//
// ST2-Almanac  from the store's index: `store.instances(of:overlapping:viewer:)`
//              on the imported file (rows read, instances rebuilt, sorted);
// ST2-memory   C2's work: `calendar.occurrences(overlapping:)` on the parsed
//              calendar held in memory;
// ST2-Sabre    a Sabre-style table (SabreTable.swift): objects filtered by
//              first/last occurrence in SQLite, then parsed and expanded.
//
// Setup checks that the three give the same instances (keys, starts, ends).

import Almanac
import AlmanacCalendar
import AlmanacStore
import Benchmark

/// ST2's inputs, built once per process.
struct QueryFixture: @unchecked Sendable {
    let store: CalendarStore
    let calendar: EventCalendar
    let sabre: SabreTable
}

func makeQueryFixture() async -> QueryFixture {
    let f = calendarFile
    let calendar = parseCalendar(f.bytes)
    let (store, _) = await importedStore(storePath("st2.sqlite"), calendar)
    let sabre = SabreTable(path: storePath("st2-sabre.sqlite"), file: f.bytes, calendar: calendar)
    return QueryFixture(store: store, calendar: calendar, sabre: sabre)
}

@inline(never)
func indexTally(_ store: CalendarStore, _ window: Range<Timestamp>) async -> InstanceTally {
    var t = InstanceTally()
    for i in await must("index query", { try await store.instances(of: [storeCalendarID], overlapping: window) }) { t.add(i.instants) }
    return t
}

@inline(never)
func memoryTally(_ calendar: EventCalendar, _ window: Range<Timestamp>) -> InstanceTally {
    var t = InstanceTally()
    for o in calendar.occurrences(overlapping: window) { t.add(o.occurrence.instants(in: .utc)) }
    return t
}

func registerQuery() {
    Benchmark("ST2-Almanac") { benchmark, f in
        var t = InstanceTally()
        await measured(benchmark) { t = await indexTally(f.store, calendarWindow) }
        blackHole(t)
    } setup: { () -> QueryFixture in
        let f = await makeQueryFixture()
        await checkQuery(f)
        return f
    }

    Benchmark("ST2-memory") { benchmark, calendar in
        var t = InstanceTally()
        await measured(benchmark) { t = memoryTally(calendar, calendarWindow) }
        blackHole(t)
    } setup: { () -> EventCalendar in
        parseCalendar(calendarFile.bytes)
    }

    Benchmark("ST2-Sabre") { benchmark, sabre in
        var t = InstanceTally()
        await measured(benchmark) { t = sabre.tally(calendarWindow) }
        blackHole(t)
    } setup: { () -> SabreTable in
        SabreTable(path: storePath("st2-sabre.sqlite"), file: calendarFile.bytes, calendar: parseCalendar(calendarFile.bytes))
    }
}

/// The three sides' instances, as sorted (key, start, end) lines, must be the same.
func checkQuery(_ f: QueryFixture) async {
    func line(_ key: OccurrenceKey, _ r: Range<Timestamp>) -> String {
        "\(key) \(r.lowerBound.secondsSinceEpoch) \(r.upperBound.secondsSinceEpoch)"
    }
    let index = await must("index query") { try await f.store.instances(of: [storeCalendarID], overlapping: calendarWindow) }
    let a = index.map { line($0.key, $0.instants) }.sorted()
    let m = f.calendar.occurrences(overlapping: calendarWindow).map { line($0.key, $0.occurrence.instants(in: .utc)) }.sorted()
    let s = f.sabre.instances(calendarWindow).map { line($0.key, $0.occurrence.instants(in: .utc)) }.sorted()
    let (candidates, _) = f.sabre.candidates(calendarWindow)
    let series = Set(index.map(\.key.seriesID)).count
    report("count", "ST2", "Almanac", String(a.count),
           "2024-06-03 to 2024-06-10 UTC, viewer UTC, cancelled instances kept: \(a.count.formatted) instances of \(series.formatted) series")
    report("count", "ST2", "Sabre", String(candidates),
           "objects the first/last filter selects, of \(f.sabre.objects.formatted), parsed and expanded for \(s.count.formatted) instances")
    if a == m && a == s {
        report("check", "ST2", "agree", "the index, the in-memory expansion and the Sabre-style table give the same \(a.count.formatted) instances "
               + "(keys, starts, ends); the Sabre-style filter selects \(candidates.formatted) of \(f.sabre.objects.formatted) objects")
    } else {
        warn("ST2: the index gives \(a.count) instances, the in-memory expansion \(m.count), the Sabre-style table \(s.count); "
             + "first difference: \(zip(a, m).first { $0 != $1 }.map { "\($0) / \($1)" } ?? zip(a, s).first { $0 != $1 }.map { "\($0) / \($1)" } ?? "in the counts")")
    }
}
