// What the store rows share: where their SQLite files go, the calendar's
// name and horizon, importing it.

import Almanac
import AlmanacCalendar
import AlmanacStore
import Foundation

/// The index's horizon: three years, a year before C2's week and two after
/// it (the default horizon's shape, around 2024-06-03).
let storeHorizon = CalendarStore.defaultHorizon(around: calendarWindow.lowerBound)

/// The calendar's name in every store.
let storeCalendarID = "team"

/// The options of the first import: the horizon above, records' days in UTC,
/// a fixed time for the history.
let importOptions = ApplyOptions(owner: "ana", source: .ics, zoneID: "UTC", horizon: storeHorizon, now: calendarWindow.lowerBound)

/// A SQLite file of the suite: ALMANAC_BENCH_STORE_DIR, else beside the
/// report (table.sh's directory, on disk), else the temporary directory.
func storePath(_ name: String) -> String {
    let env = ProcessInfo.processInfo.environment
    let dir = env["ALMANAC_BENCH_STORE_DIR"]
        ?? env["ALMANAC_BENCH_REPORT"].map { URL(fileURLWithPath: $0).deletingLastPathComponent().path }
        ?? NSTemporaryDirectory()
    return dir + "/" + name
}

/// Removes a SQLite file with its WAL and shared-memory files.
func removeStore(_ path: String) {
    for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) }
}

@inline(never)
func parseCalendar(_ bytes: [UInt8]) -> EventCalendar {
    must("the generated calendar does not read") { try EventCalendar(ics: bytes) }
}

/// A new store at `path` (an existing file is removed first) holding `calendar`, indexed.
func importedStore(_ path: String, _ calendar: EventCalendar) async -> (CalendarStore, ApplyReport) {
    removeStore(path)
    let store = must("cannot create \(path)") { try CalendarStore(sqlitePath: path) }
    let r = await must("importing the calendar") { try await store.apply(calendar, to: storeCalendarID, options: importOptions) }
    return (store, r)
}

/// "2024-06-03".
func day(_ t: Timestamp) -> String { t.utc.map { "\($0.date)" } ?? "\(t.secondsSinceEpoch)" }
