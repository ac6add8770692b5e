/// The PostgreSQL schema, versioned in code: migration N brings a schema
/// from version N-1 (rows of `schema_version`) to N. All run in one
/// transaction under `pg_advisory_xact_lock`, so that processes opening a
/// new database at once migrate it once: the first takes the lock and
/// migrates, the others wait and find it done.
///
/// The columns are SQLiteSchema's (integers as `bigint`, flags as
/// `boolean`, `offset` quoted since it is a reserved word in PostgreSQL);
/// text keys are `COLLATE "C"` so that they order and compare bytewise,
/// as SQLite's BINARY collation does, whatever the database's locale.
///
/// `series`, `zone`, `instance`, `record` and `record_history` are partitioned by
/// `HASH (calendar_id)`, every key and index begins with `calendar_id`, and
/// no query crosses calendars except through `calendar_id = ANY(...)`: so a
/// calendar's rows live in one partition, a query for one user's calendars
/// touches only their partitions, and the same tables can be spread over
/// servers by the same key (Citus's `create_distributed_table('instance',
/// 'calendar_id')`, or one database per shard chosen by a hash of the
/// calendar id) with no change of schema.
enum PostgresSchema {
    /// How many hash partitions each partitioned table has. Sixteen: enough
    /// that a store of a million series keeps each partition's indexes (about
    /// 6 M instance rows at 1 M series of ~100 instances) small enough to
    /// stay in memory and to vacuum or reindex one at a time; few enough that
    /// planning a query over all of them stays cheap. A power of two, so the
    /// partitions divide evenly across 2, 4, 8 or 16 servers. Changing it
    /// means a new migration that rewrites the tables.
    static let partitions = 16

    /// The tables partitioned by `HASH (calendar_id)`.
    static let partitioned = ["series", "zone", "instance", "record", "record_history"]

    /// The migrations in order; never edit one that shipped, add the next.
    static let migrations: [[String]] = [version1]

    static let version1: [String] = [
        """
        CREATE TABLE calendar (
            id text COLLATE "C" PRIMARY KEY, owner text COLLATE "C" NOT NULL, source text NOT NULL,
            etag text, sync_token text, last_fetch bigint,
            horizon_start bigint NOT NULL, horizon_end bigint NOT NULL,
            zone text NOT NULL, version bigint NOT NULL)
        """,
        "CREATE INDEX calendar_owner ON calendar (owner, id)",
        """
        CREATE TABLE series (
            calendar_id text COLLATE "C" NOT NULL, uid text COLLATE "C" NOT NULL, digest bigint NOT NULL, text text NOT NULL,
            PRIMARY KEY (calendar_id, uid)) PARTITION BY HASH (calendar_id)
        """,
        """
        CREATE TABLE zone (
            calendar_id text COLLATE "C" NOT NULL, tzid text COLLATE "C" NOT NULL, transitions text NOT NULL, offsets text NOT NULL,
            PRIMARY KEY (calendar_id, tzid)) PARTITION BY HASH (calendar_id)
        """,
        """
        CREATE TABLE instance (
            calendar_id text COLLATE "C" NOT NULL, series_id text COLLATE "C" NOT NULL, key text COLLATE "C" NOT NULL,
            kind bigint NOT NULL, start_key bigint NOT NULL, end_key bigint NOT NULL,
            local bigint NOT NULL, rid_local bigint NOT NULL, "offset" bigint NOT NULL, is_repeat boolean NOT NULL,
            lo bigint NOT NULL, hi bigint NOT NULL, long boolean NOT NULL, status text, title text, zone text)
            PARTITION BY HASH (calendar_id)
        """,
        "CREATE INDEX instance_window ON instance (calendar_id, long, lo)",
        "CREATE INDEX instance_series ON instance (calendar_id, series_id)",
        """
        CREATE TABLE record (
            calendar_id text COLLATE "C" NOT NULL, key text COLLATE "C" NOT NULL, series_id text COLLATE "C" NOT NULL,
            day bigint NOT NULL, mark text NOT NULL, fraction double precision, note text,
            recorded_at bigint NOT NULL, orphaned_at bigint,
            PRIMARY KEY (calendar_id, key)) PARTITION BY HASH (calendar_id)
        """,
        "CREATE INDEX record_day ON record (calendar_id, day)",
        "CREATE INDEX record_series ON record (calendar_id, series_id)",
        // bigserial, not an identity column: PostgreSQL 15 has no identity on partitioned tables.
        """
        CREATE TABLE record_history (
            seq bigserial NOT NULL, calendar_id text COLLATE "C" NOT NULL, key text COLLATE "C" NOT NULL,
            previous_key text COLLATE "C", change text NOT NULL, mark text NOT NULL, fraction double precision, note text,
            recorded_at bigint NOT NULL, at bigint NOT NULL,
            PRIMARY KEY (calendar_id, seq)) PARTITION BY HASH (calendar_id)
        """,
        "CREATE INDEX record_history_key ON record_history (calendar_id, key, seq)",
    ] + partitionTables

    /// `series_p00` ... `record_history_p15`: the hash partitions (names and numbers are ours, not values from outside).
    static var partitionTables: [String] {
        partitioned.flatMap { table in
            (0..<partitions).map { r in
                let name = "\(table)_p\(r < 10 ? "0" : "")\(r)"
                return "CREATE TABLE \(name) PARTITION OF \(table) FOR VALUES WITH (MODULUS \(partitions), REMAINDER \(r))"
            }
        }
    }

    /// Whether `name` can be a schema name spliced into SQL as an identifier:
    /// lower-case ASCII letters, digits and `_`, not starting with a digit,
    /// at most 63 bytes (PostgreSQL's NAMEDATALEN - 1). Schema names are the
    /// only text of ours that is not a bound parameter (an identifier cannot be one).
    static func isPlainIdentifier(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard let first = bytes.first, bytes.count <= 63, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            return false
        }
        return bytes.allSatisfy { b in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(b) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b) || b == UInt8(ascii: "_")
        }
    }
}
