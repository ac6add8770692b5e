import Almanac
import GRDB
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The store in one SQLite file, through GRDB: WAL mode (readers never wait
/// for the writer), writes in IMMEDIATE transactions with a busy timeout
/// (writers in other processes queue instead of failing), the file created
/// `0600`, and every value bound as a parameter.
///
/// ```swift
/// let store = try CalendarStore(sqlitePath: "almanac.sqlite")
/// ```
package final class SQLiteBackend: StoreBackend {
    /// A `DatabasePool` on a file (WAL), a `DatabaseQueue` in memory.
    let pool: any DatabaseWriter

    /// Opens (creating `0600` when missing) and migrates the file at `path`.
    package init(path: String, busyTimeout: Double = 60) throws(StoreError) {
        // Create a missing file 0600; never open (and close) an existing one: closing any descriptor
        // of a file drops every POSIX lock the process holds on it, those of another store on the
        // same file included (https://www.sqlite.org/howtocorrupt.html, section 2.2; StoreLockTests).
        let fd = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        if fd >= 0 {
            #if canImport(Glibc)
            Glibc.close(fd)
            #else
            Darwin.close(fd)
            #endif
        } else if errno != EEXIST {
            throw StoreError(.database, "cannot open or create \(path): \(String(cString: strerror(errno)))")
        }
        var config = Configuration()
        config.busyMode = .timeout(busyTimeout)
        config.label = "almanac-store"
        // GRDB opens WAL databases with synchronous=NORMAL, which survives a
        // crash of the process but may lose the last commits to a power
        // cut. A mark that returned must be stored: FULL syncs the log at
        // every commit.
        config.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
        do {
            pool = try DatabasePool(path: path, configuration: config)
            try pool.write { db in try Self.migrate(db) }
        } catch {
            throw StoreError(.database, "cannot open the store \(path): \(error)")
        }
    }

    /// A store in memory: gone when released (tests, previews, one-off queries).
    package init() throws(StoreError) {
        do {
            pool = try DatabaseQueue()
            try pool.write { db in try Self.migrate(db) }
        } catch {
            throw StoreError(.database, "cannot make a store in memory: \(error)")
        }
    }

    /// Runs the migrations the file lacks (its `user_version` says which); a
    /// file from a newer Almanac is refused.
    static func migrate(_ db: Database) throws {
        let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
        guard version <= SQLiteSchema.migrations.count else {
            throw StoreError(.database, "the store's schema is version \(version), newer than this Almanac's \(SQLiteSchema.migrations.count)")
        }
        for n in version..<SQLiteSchema.migrations.count {
            for sql in SQLiteSchema.migrations[n] { try db.execute(sql: sql) }
            try db.execute(sql: "PRAGMA user_version = \(n + 1)")   // an integer of ours, not a value from outside
        }
    }

    package func close() async {}

    /// Runs `body` in a read transaction, errors typed.
    func read<T: Sendable>(_ body: @Sendable @escaping (Database) throws -> T) async throws(StoreError) -> T {
        do { return try await pool.read(body) } catch { throw Self.typed(error) }
    }

    /// Runs `body` in an IMMEDIATE write transaction, errors typed.
    func write<T: Sendable>(_ body: @Sendable @escaping (Database) throws -> T) async throws(StoreError) -> T {
        do { return try await pool.write(body) } catch { throw Self.typed(error) }
    }

    static func typed(_ error: any Error) -> StoreError {
        (error as? StoreError) ?? StoreError(.database, "\(error)")
    }

    package func calendar(_ id: String) async throws(StoreError) -> StoredCalendar? {
        try await read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM calendar WHERE id = ?", arguments: [id]).map(Self.calendar)
        }
    }

    package func calendars(owner: String?) async throws(StoreError) -> [StoredCalendar] {
        try await read { db in
            let rows = if let owner {
                try Row.fetchAll(db, sql: "SELECT * FROM calendar WHERE owner = ? ORDER BY id", arguments: [owner])
            } else {
                try Row.fetchAll(db, sql: "SELECT * FROM calendar ORDER BY id")
            }
            return try rows.map(Self.calendar)
        }
    }

    static func calendar(_ row: Row) throws -> StoredCalendar {
        StoredCalendar(id: row["id"], owner: row["owner"], source: try CalendarSource(stored: row["source"] as String),
                       sync: SyncState(etag: row["etag"], syncToken: row["sync_token"],
                                       lastFetch: (row["last_fetch"] as Int64?).map(Timestamp.init(secondsSinceEpoch:))),
                       horizon: Timestamp(secondsSinceEpoch: row["horizon_start"])..<Timestamp(secondsSinceEpoch: row["horizon_end"]),
                       zoneID: row["zone"], version: row["version"])
    }

    package func seriesDigests(calendar: String) async throws(StoreError) -> [String: Int64] {
        try await read { db in
            var out: [String: Int64] = [:]
            let rows = try Row.fetchCursor(db, sql: "SELECT uid, digest FROM series WHERE calendar_id = ?", arguments: [calendar])
            while let r = try rows.next() { out[r[0]] = r[1] }
            return out
        }
    }

    package func zones(calendar: String) async throws(StoreError) -> [ZoneRow] {
        try await read { db in
            try Row.fetchAll(db, sql: "SELECT tzid, transitions, offsets FROM zone WHERE calendar_id = ? ORDER BY tzid", arguments: [calendar])
                .map { ZoneRow(calendarID: calendar, tzid: $0[0], transitions: $0[1], offsets: $0[2]) }
        }
    }

    package func series(calendar: String, uids: [String]?) async throws(StoreError) -> [SeriesRow] {
        try await read { db in
            var out: [SeriesRow] = []
            if let uids {
                let stmt = try db.cachedStatement(sql: "SELECT uid, digest, text FROM series WHERE calendar_id = ? AND uid = ?")
                for uid in uids {
                    if let r = try Row.fetchOne(stmt, arguments: [calendar, uid]) {
                        out.append(SeriesRow(calendarID: calendar, uid: r[0], digest: r[1], text: r[2]))
                    }
                }
            } else {
                let rows = try Row.fetchCursor(db, sql: "SELECT uid, digest, text FROM series WHERE calendar_id = ? ORDER BY uid",
                                               arguments: [calendar])
                while let r = try rows.next() { out.append(SeriesRow(calendarID: calendar, uid: r[0], digest: r[1], text: r[2])) }
            }
            return out
        }
    }
}
