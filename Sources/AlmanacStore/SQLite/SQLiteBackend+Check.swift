import GRDB

extension SQLiteBackend {
    /// SQLite's `PRAGMA integrity_check`: `["ok"]` for a sound file, else
    /// the problems it lists (the crash test asks after every kill).
    package func counts(calendar: String) async throws(StoreError) -> StoredCounts {
        try await read { db in
            func count(_ sql: String) throws -> Int { try Int.fetchOne(db, sql: sql, arguments: [calendar]) ?? 0 }
            return StoredCounts(series: try count("SELECT count(*) FROM series WHERE calendar_id = ?"),
                                instances: try count("SELECT count(*) FROM instance WHERE calendar_id = ?"),
                                records: try count("SELECT count(*) FROM record WHERE calendar_id = ?"),
                                orphans: try count("SELECT count(*) FROM record WHERE calendar_id = ? AND orphaned_at IS NOT NULL"))
        }
    }

    package func integrityCheck() async throws(StoreError) -> [String] {
        try await read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
    }
}
