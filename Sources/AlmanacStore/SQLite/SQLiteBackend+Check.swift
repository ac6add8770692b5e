import GRDB

extension SQLiteBackend {
    /// SQLite's `PRAGMA integrity_check`: `["ok"]` for a sound file, else
    /// the problems it lists (the crash test asks after every kill).
    package func integrityCheck() async throws(StoreError) -> [String] {
        try await read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
    }
}
