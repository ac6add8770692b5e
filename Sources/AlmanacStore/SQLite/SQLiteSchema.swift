/// The SQLite schema, versioned in code: migration N brings a database
/// from `PRAGMA user_version` N-1 to N, inside one IMMEDIATE transaction
/// (two processes opening a new file at once: one migrates, the other
/// waits and finds it done).
enum SQLiteSchema {
    /// The migrations in order; never edit one that shipped, add the next.
    static let migrations: [[String]] = [
        [
            """
            CREATE TABLE calendar (
                id TEXT PRIMARY KEY NOT NULL, owner TEXT NOT NULL, source TEXT NOT NULL,
                etag TEXT, sync_token TEXT, last_fetch INTEGER,
                horizon_start INTEGER NOT NULL, horizon_end INTEGER NOT NULL,
                zone TEXT NOT NULL, version INTEGER NOT NULL)
            """,
            "CREATE INDEX calendar_owner ON calendar(owner, id)",
            """
            CREATE TABLE series (
                calendar_id TEXT NOT NULL, uid TEXT NOT NULL, digest INTEGER NOT NULL, text TEXT NOT NULL,
                PRIMARY KEY (calendar_id, uid)) WITHOUT ROWID
            """,
            """
            CREATE TABLE zone (
                calendar_id TEXT NOT NULL, tzid TEXT NOT NULL, transitions TEXT NOT NULL, offsets TEXT NOT NULL,
                PRIMARY KEY (calendar_id, tzid)) WITHOUT ROWID
            """,
            """
            CREATE TABLE instance (
                calendar_id TEXT NOT NULL, series_id TEXT NOT NULL, key TEXT NOT NULL,
                kind INTEGER NOT NULL, start_key INTEGER NOT NULL, end_key INTEGER NOT NULL,
                local INTEGER NOT NULL, rid_local INTEGER NOT NULL, offset INTEGER NOT NULL, is_repeat INTEGER NOT NULL,
                lo INTEGER NOT NULL, hi INTEGER NOT NULL, long INTEGER NOT NULL, status TEXT, title TEXT, zone TEXT)
            """,
            "CREATE INDEX instance_window ON instance(calendar_id, long, lo)",
            "CREATE INDEX instance_series ON instance(calendar_id, series_id)",
            """
            CREATE TABLE record (
                calendar_id TEXT NOT NULL, key TEXT NOT NULL, series_id TEXT NOT NULL, day INTEGER NOT NULL,
                mark TEXT NOT NULL, fraction REAL, note TEXT, recorded_at INTEGER NOT NULL, orphaned_at INTEGER,
                PRIMARY KEY (calendar_id, key))
            """,
            "CREATE INDEX record_day ON record(calendar_id, day)",
            "CREATE INDEX record_series ON record(calendar_id, series_id)",
            """
            CREATE TABLE record_history (
                seq INTEGER PRIMARY KEY AUTOINCREMENT, calendar_id TEXT NOT NULL, key TEXT NOT NULL,
                previous_key TEXT, change TEXT NOT NULL, mark TEXT NOT NULL, fraction REAL, note TEXT,
                recorded_at INTEGER NOT NULL, at INTEGER NOT NULL)
            """,
            "CREATE INDEX record_history_key ON record_history(calendar_id, key, seq)",
        ],
    ]
}
