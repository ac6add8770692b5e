#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Almanac
import AlmanacCalendar
import AlmanacReview
import AlmanacStore
import AlmanacTestSupport
import Testing

/// Issue 27's crash test: `almanac store apply` is killed with SIGKILL at
/// random points, 200 times in a row, alternating between two snapshots A
/// and B of a calendar with day records (every series differs between them
/// and every record moves). After each kill the store opens, SQLite's
/// `PRAGMA integrity_check` says ok, and the store holds A entirely or B
/// entirely: the instances of a window inside the horizon (from the index)
/// and of one past it (expanded from the stored series), the number of
/// index rows, and the records (every one, at its key for that snapshot,
/// with its mark and note: none lost, none doubled).
///
/// Every other kill comes after a random delay between 0.3 and 1.1 times
/// the time a whole apply takes (measured first, unkilled, then following
/// the runs that finish before their kill), so kills land in
/// the start-up and the preparation; the others come as soon as the
/// write-ahead log grows past what opening the store writes there (the
/// commit writing its pages), else at the
/// delay plus a whole apply's time. A kill
/// that leaves the old state with frames in the write-ahead log (the test
/// process, the store's last user, deletes the log when it closes) was
/// killed inside the write transaction's commit: the test counts those.
///
/// Kills: `ALMANAC_STORE_CRASH_KILLS` (default 200).
@Suite(.serialized) struct StoreCrashTests {
    static var kills: Int {
        guard let text = getenv("ALMANAC_STORE_CRASH_KILLS"), let n = Int(String(cString: text)), n > 0 else { return 200 }
        return n
    }

    static let seriesCount = 24
    static let recordCount = 20

    enum Snapshot: String { case a = "A", b = "B" }

    /// What the store must hold in each state.
    struct Expected {
        var inside: [StoreFixture.Seen]
        var outside: [StoreFixture.Seen]
        var rows: Int
        var records: [String: String]
    }

    @Test func killedAppliesLeaveTheOldSnapshotOrTheNew() async throws {
        let folder = try TemporaryFolder()
        let db = folder.path + "/crash.sqlite"
        let files: [Snapshot: String] = [.a: folder.path + "/a.ics", .b: folder.path + "/b.ics"]
        let texts: [Snapshot: String] = [.a: StoreFixture.ics(series: Self.seriesCount, hour: 9, title: "A"),
                                         .b: StoreFixture.ics(series: Self.seriesCount, hour: 10, title: "B")]
        for (s, path) in files { try StoreFixture.write(texts[s]!, to: path) }
        let calendars: [Snapshot: EventCalendar] = [.a: try EventCalendar(ics: texts[.a]!), .b: try EventCalendar(ics: texts[.b]!)]

        // The first import, unkilled, then the records on A's keys, then B and A again, unkilled.
        var took: [Double] = []
        let (expected, inside, outside) = try await Self.prepare(files: files, calendars: calendars, db: db, took: &took)

        // The kills.
        var whole = took.dropFirst().max()!   // the first import creates the file: not a typical apply
        var random = SplitMix64(seed: 27)
        var current = Snapshot.a
        var tally = (finished: 0, beforeCommit: 0, inCommit: 0, afterCommit: 0)
        for n in 0..<Self.kills {
            let target: Snapshot = current == .a ? .b : .a
            let started = StoreFixture.clock()
            let run = try AlmanacExecutable.start(["store", "apply", files[target]!, "--calendar", "crash", "--db", db])
            let delay = whole * Double.random(in: 0.3...1.1, using: &random)
            var killed = false
            let deadline = StoreFixture.clock() + delay
            // Every other run is killed as soon as the log changes (its commit writing), else when the delay is up.
            let watches = n.isMultiple(of: 2)
            while StoreFixture.clock() < deadline + (watches ? whole : 0) {
                if try run.hasEnded() { break }
                if watches && Self.stamp(db + "-wal")[0] > Self.openingLog { break }   // the commit's frames
                usleep(watches ? 100 : 1_000)
            }
            if try !run.hasEnded() {
                kill(run.pid, SIGKILL)
                killed = true
            }
            let result = try run.wait()
            let uncommitted = Self.uncommittedFrames(db + "-wal")
            let state: Snapshot
            do {
                state = try await Self.state(db, expected, inside: inside, outside: outside)
            } catch {
                Issue.record("kill \(n) (after \(Int(delay * 1000)) ms, \(killed ? "killed" : "exit \(result.status)")): \(error)")
                return
            }
            if !killed || result.status == 0 && state == target {
                #expect(result.status == 0 && state == target, "kill \(n): \(result)")
                tally.finished += 1
                whole = (whole + StoreFixture.clock() - started) / 2   // the machine's load changes: follow it
            } else if state == target {
                tally.afterCommit += 1
            } else if uncommitted > 0 {
                tally.inCommit += 1
            } else {
                tally.beforeCommit += 1
            }
            current = state
        }
        print("StoreCrashTests: \(Self.kills) runs, an apply takes \(Int(whole * 1000)) ms unkilled; "
            + "\(tally.finished) finished before the kill, \(tally.beforeCommit) killed before writing, "
            + "\(tally.inCommit) killed while writing the commit (old state, log frames left), \(tally.afterCommit) killed after it")
        #expect(tally.beforeCommit + tally.inCommit + tally.afterCommit > Self.kills / 2, "most runs must be killed, not finish")
    }

    /// Imports A, marks the records on A's keys, applies B and A (unkilled,
    /// timed): what the store must hold in each state, and the two windows.
    /// The store it opens is closed when it returns: the test process then
    /// holds no connection, and the last one of each check removes the log.
    static func prepare(files: [Snapshot: String], calendars: [Snapshot: EventCalendar], db: String, took: inout [Double]) async throws
        -> ([Snapshot: Expected], Range<Timestamp>, Range<Timestamp>) {
        try Self.apply(files[.a]!, db: db, took: &took)
        let store = try CalendarStore(sqlitePath: db)
        let horizon = try #require(try await store.calendar("crash")).horizon
        let inside = StoreFixture.instant(StoreFixture.today)..<StoreFixture.instant(StoreFixture.today).plus(14 * 86_400)
        let outside = horizon.upperBound.plus(30 * 86_400)..<horizon.upperBound.plus(44 * 86_400)
        var expected: [Snapshot: Expected] = [:]
        var recordsA: [String: String] = [:], recordsB: [String: String] = [:]
        let firstWeeks = StoreFixture.instant(StoreFixture.firstDay)..<StoreFixture.instant(StoreFixture.firstDay).plus(70 * 86_400)
        let aOccurrences = calendars[.a]!.occurrences(overlapping: firstWeeks, viewer: .utc)
        let bOccurrences = calendars[.b]!.occurrences(overlapping: firstWeeks, viewer: .utc)
        for i in 0..<Self.recordCount {
            let uid = "s\(i)@store-test"
            let a = try #require(aOccurrences.filter { $0.seriesID == uid }.dropFirst(i % 8).first)
            let date = a.occurrence.daySlices(in: .utc)[0].date
            let b = try #require(bOccurrences.first { $0.seriesID == uid && $0.occurrence.daySlices(in: .utc)[0].date == date })
            let mark: DayRecord.Mark = [.done, .skipped, .partial(fraction: 0.25)][i % 3]
            let record = DayRecord(key: DayKey(occurrence: a.key, date: date), mark: mark, note: "note \(i)",
                                   recordedAt: Timestamp(secondsSinceEpoch: 1_780_000_000 + Int64(i)))
            try await store.mark(record, calendar: "crash")
            recordsA[record.key.description] = Self.text(record)
            var moved = record
            moved.key = DayKey(occurrence: b.key, date: date)
            recordsB[moved.key.description] = Self.text(moved)
        }
        let rowsA = try await store.counts(of: "crash").instances
        await store.close()
        expected[.a] = Expected(inside: StoreFixture.expected(calendars[.a]!, inside), outside: StoreFixture.expected(calendars[.a]!, outside),
                                rows: rowsA, records: recordsA)
        try Self.apply(files[.b]!, db: db, took: &took)
        let rowsB = try await Self.counts(db)
        expected[.b] = Expected(inside: StoreFixture.expected(calendars[.b]!, inside), outside: StoreFixture.expected(calendars[.b]!, outside),
                                rows: rowsB, records: recordsB)
        #expect(try await Self.state(db, expected, inside: inside, outside: outside) == .b)
        try Self.apply(files[.a]!, db: db, took: &took)
        #expect(try await Self.state(db, expected, inside: inside, outside: outside) == .a, "records carried to B and back")
        #expect(!expected[.a]!.inside.isEmpty && !expected[.a]!.outside.isEmpty && expected[.a]!.inside != expected[.b]!.inside)

        return (expected, inside, outside)
    }

    /// A record as compared: mark, fraction, note, time.
    static func text(_ r: DayRecord) -> String {
        String(decoding: (try? r.jsonLine()) ?? [], as: UTF8.self).replacing(r.key.description, with: "")
    }

    /// Applies a file unkilled, adding the time it took.
    static func apply(_ file: String, db: String, took: inout [Double]) throws {
        let start = StoreFixture.clock()
        let r = try AlmanacExecutable.run(["store", "apply", file, "--calendar", "crash", "--db", db])
        took.append(StoreFixture.clock() - start)
        #expect(r.status == 0, "\(r)")
    }

    static func counts(_ db: String) async throws -> Int {
        let store = try CalendarStore(sqlitePath: db)
        defer { _ = store }
        return try await store.counts(of: "crash").instances
    }

    struct Mixed: Error, CustomStringConvertible { var description: String }

    /// Which snapshot the store holds, entirely; an error when it is
    /// neither, or when the file is not sound.
    static func state(_ db: String, _ expected: [Snapshot: Expected], inside: Range<Timestamp>, outside: Range<Timestamp>) async throws
        -> Snapshot {
        let backend = try SQLiteBackend(path: db)
        let check = try await backend.integrityCheck()
        guard check == ["ok"] else { throw Mixed(description: "integrity_check: \(check.prefix(5))") }
        let store = CalendarStore(backend: backend)
        let seenInside = try await store.instances(of: ["crash"], overlapping: inside).map(StoreFixture.seen)
        let seenOutside = try await store.instances(of: ["crash"], overlapping: outside).map(StoreFixture.seen)
        let rows = try await store.counts(of: "crash").instances
        var records: [String: String] = [:]
        var doubled = 0
        for r in try await store.records(of: ["crash"]) {
            if r.orphanedAt != nil { throw Mixed(description: "record \(r.record.key) orphaned") }
            if records.updateValue(text(r.record), forKey: r.record.key.description) != nil { doubled += 1 }
        }
        for s in [Snapshot.a, .b] {
            let e = expected[s]!
            if seenInside == e.inside && seenOutside == e.outside && rows == e.rows && records == e.records && doubled == 0 { return s }
        }
        func which(_ f: (Expected) -> Bool) -> String { [Snapshot.a, .b].filter { f(expected[$0]!) }.map(\.rawValue).joined() }
        throw Mixed(description: "neither A nor B: the index's window is \(which { $0.inside == seenInside }), "
            + "the expanded window \(which { $0.outside == seenOutside }), the \(rows) index rows \(which { $0.rows == rows }), "
            + "the \(records.count) records \(which { $0.records == records }) (\(doubled) doubled)")
    }

    /// The log's size after a store opens: GRDB writes two pages there
    /// (a table created and dropped, so that the log is never empty) on
    /// opening a pool; a larger log holds the commit's frames.
    static let openingLog = 32 + 2 * (24 + 4096)

    /// A file's size and modification time (zeros when missing).
    static func stamp(_ path: String) -> [Int] {
        var info = stat()
        guard stat(path, &info) == 0 else { return [0, 0, 0] }
        return [Int(info.st_size), Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec)]
    }

    /// The frames at the end of a write-ahead log that no commit frame
    /// closes: pages a transaction wrote before it was killed. A frame
    /// belongs to the log's current generation when its salts are the
    /// header's (https://www.sqlite.org/fileformat2.html, section 4.1); its
    /// header's bytes 4-7 are the database size after a commit, 0 otherwise.
    static func uncommittedFrames(_ path: String) -> Int {
        guard let bytes = fileBytes(atPath: path), bytes.count >= 32 else { return 0 }
        func u32(_ i: Int) -> UInt32 { bytes[i..<i + 4].reduce(0) { $0 << 8 | UInt32($1) } }
        let pageSize = Int(u32(8)) == 1 ? 65_536 : Int(u32(8))
        guard pageSize >= 512 else { return 0 }
        let salts = (u32(16), u32(20))
        var at = 32, sinceCommit = 0
        while at + 24 <= bytes.count, (u32(at + 8), u32(at + 12)) == salts {
            sinceCommit = u32(at + 4) != 0 ? 0 : sinceCommit + 1
            at += 24 + pageSize
        }
        return sinceCommit
    }
}
