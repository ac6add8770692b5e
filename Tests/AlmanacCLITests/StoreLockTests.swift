import Almanac
import AlmanacCalendar
import AlmanacStore
import Testing

/// A second store opened on the same file in one process must not take
/// away the first one's SQLite locks. POSIX advisory locks belong to the
/// process and file: closing any descriptor of the file drops them all
/// (SQLite's "How To Corrupt An SQLite Database File", section 2.2). The
/// backend used to open and close the database file itself (to create it
/// 0600) before SQLite opened it: the first store's SHARED lock was gone, so
/// an `almanac` process ending next took itself for the file's last user,
/// checkpointed and removed the write-ahead log under the first store, whose
/// next read failed with "disk I/O error" (found by StoreCrashTests).
@Suite struct StoreLockTests {
    @Test func aSecondStoreInTheProcessKeepsTheFirstOnesLocks() async throws {
        let folder = try TemporaryFolder()
        let db = folder.path + "/locks.sqlite"
        let a = folder.path + "/a.ics", b = folder.path + "/b.ics"
        try StoreFixture.write(StoreFixture.ics(series: 3, hour: 9, title: "A"), to: a)
        try StoreFixture.write(StoreFixture.ics(series: 3, hour: 10, title: "B"), to: b)
        #expect(try AlmanacExecutable.run(["store", "apply", a, "--calendar", "c", "--db", db]).status == 0)
        let first = try CalendarStore(sqlitePath: db)
        #expect(try await first.calendar("c")?.version == 1)
        for round in 0..<3 {
            let second = try CalendarStore(sqlitePath: db)
            #expect(try await second.calendar("c") != nil)
            let r = try AlmanacExecutable.run(["store", "apply", round.isMultiple(of: 2) ? b : a, "--calendar", "c", "--db", db])
            #expect(r.status == 0, "\(r)")
            let seen = try await first.calendar("c")
            #expect(seen?.version == Int64(round + 2), "round \(round)")
            #expect(try await first.counts(of: "c").series == 3)
        }
    }
}
