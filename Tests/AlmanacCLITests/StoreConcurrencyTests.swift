#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Almanac
import AlmanacCalendar
import AlmanacReview
import AlmanacStore
import Testing

/// Issue 27's concurrency test: 8 lanes of `almanac store mark` processes
/// (each mark a key of its own, one process after another in each lane)
/// and 8 lanes of `almanac store query` processes run at once on one
/// SQLite store. Every mark that exited 0 is logged; afterwards each is in
/// the store exactly once (its record, with its note and time, and one
/// `marked` entry in its key's history), no other record is, no mark
/// failed, and no query failed or printed a partial week. Writers wait for
/// one another through SQLite's busy timeout (60 s, set by the backend), so
/// SQLITE_BUSY never reaches a command.
///
/// Length: `ALMANAC_STORE_STRESS_SECONDS` (CI sets 60), else 10 s.
@Suite struct StoreConcurrencyTests {
    static var seconds: Double {
        guard let text = getenv("ALMANAC_STORE_STRESS_SECONDS"), let n = Double(String(cString: text)), n > 0 else { return 10 }
        return n
    }

    static let lanes = 8
    static let ics = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//Almanac//store stress//EN\r
        BEGIN:VEVENT\r
        UID:daily@stress\r
        DTSTAMP:20260101T000000Z\r
        DTSTART:20000101T090000Z\r
        DURATION:PT15M\r
        RRULE:FREQ=DAILY\r
        SUMMARY:Daily\r
        END:VEVENT\r
        END:VCALENDAR\r

        """

    struct Mark {
        var key: String
        var note: String
        var at: String
        var run: AlmanacExecutable.Running
    }

    @Test func concurrentMarksAreEachStoredOnce() async throws {
        let folder = try TemporaryFolder()
        let db = folder.path + "/stress.sqlite"
        let file = folder.path + "/stress.ics"
        try StoreFixture.write(Self.ics, to: file)
        let imported = try AlmanacExecutable.run(["store", "import", file, "--db", db])
        try #require(imported.status == 0, "\(imported)")
        let calendar = try EventCalendar(ics: Self.ics)
        let years = StoreFixture.instant(CivilDate(daysSinceEpoch: 10_957)!)..<StoreFixture.instant(CivilDate(daysSinceEpoch: 10_957 + 40 * 365)!)
        let keys = calendar.occurrences(overlapping: years, viewer: .utc).map {
            DayKey(occurrence: $0.key, date: $0.occurrence.daySlices(in: .utc)[0].date).description
        }
        let weekWindow = StoreFixture.instant(CivilDate(daysSinceEpoch: 20_458)!)..<StoreFixture.instant(CivilDate(daysSinceEpoch: 20_465)!)
        let week = Array(calendar.occurrences(overlapping: weekWindow, viewer: .utc)).count

        var marks: [Mark?] = Array(repeating: nil, count: Self.lanes)
        var queries: [AlmanacExecutable.Running?] = Array(repeating: nil, count: Self.lanes)
        var next = Array(repeating: 0, count: Self.lanes)
        var stored: [(key: String, note: String, at: String)] = []
        var failures: [String] = []
        var queryRuns = 0
        let deadline = StoreFixture.clock() + Self.seconds
        func startMark(_ lane: Int) throws {
            let i = next[lane]
            next[lane] += 1
            let key = keys[(i * Self.lanes + lane) % keys.count]
            let note = "lane \(lane) mark \(i)"
            let at = "2026-01-01T00:00:00Z".replacing("00:00:00", with: Self.clockText(i * Self.lanes + lane))
            // Every other mark names its calendar; the others let the store find it by the key's UID.
            let calendarArgs = i.isMultiple(of: 2) ? ["--calendar", "stress"] : []
            marks[lane] = Mark(key: key, note: note, at: at,
                               run: try AlmanacExecutable.start(["store", "mark", key, "done", "--note", note, "--at", at, "--db", db] + calendarArgs))
        }
        func startQuery(_ lane: Int) throws {
            queries[lane] = try AlmanacExecutable.start(["store", "query", "--from", "20260105", "--to", "2026-01-12", "--db", db])
            queryRuns += 1
        }
        for lane in 0..<Self.lanes {
            try startMark(lane)
            try startQuery(lane)
        }
        while marks.contains(where: { $0 != nil }) || queries.contains(where: { $0 != nil }) {
            let running = StoreFixture.clock() < deadline
            for lane in 0..<Self.lanes {
                if let m = marks[lane], try m.run.hasEnded() {
                    let r = try m.run.wait()
                    if r.status == 0 { stored.append((m.key, m.note, m.at)) } else { failures.append("mark \(m.key): \(r)") }
                    marks[lane] = nil
                    if running { try startMark(lane) }
                }
                if let q = queries[lane], try q.hasEnded() {
                    let r = try q.wait()
                    let lines = r.stdout.split(separator: "\n").count
                    if r.status != 0 || lines != week { failures.append("query (\(lines) lines, \(week) expected): \(r)") }
                    queries[lane] = nil
                    if running { try startQuery(lane) }
                }
            }
            usleep(2_000)
        }
        #expect(failures.isEmpty, "\(failures.count) of \(stored.count + failures.count) marks and \(queryRuns) queries failed: \(failures.prefix(3))")
        #expect(stored.count >= Self.lanes, "only \(stored.count) marks ran")

        let store = try CalendarStore(sqlitePath: db)
        let records = try await store.records(of: ["stress"])
        var byKey: [String: [StoredRecord]] = [:]
        for r in records { byKey[r.record.key.description, default: []].append(r) }
        var lost = 0, wrong = 0, twice = 0
        for m in stored {
            guard let found = byKey[m.key] else { lost += 1; continue }
            if found.count > 1 { twice += 1 }
            if found[0].record.note != m.note || found[0].record.recordedAt != DayRecord.timestamp(m.at) { wrong += 1 }
            let history = try await store.history(of: found[0].record.key, calendar: "stress")
            if history.count != 1 { twice += 1 }
        }
        #expect(lost == 0 && wrong == 0 && twice == 0,
                "of \(stored.count) marks that exited 0: \(lost) lost, \(wrong) with another note or time, \(twice) stored more than once")
        #expect(records.count == stored.count, "\(records.count) records for \(stored.count) marks")
        print("StoreConcurrencyTests: \(stored.count) marks and \(queryRuns) queries in \(Int(Self.seconds)) s, 8 + 8 processes at a time")
    }

    /// `HH:MM:SS` for the n-th second of a day (n < 86,400).
    static func clockText(_ n: Int) -> String {
        StoreFixture.two(n / 3600 % 24) + ":" + StoreFixture.two(n / 60 % 60) + ":" + StoreFixture.two(n % 60)
    }
}
