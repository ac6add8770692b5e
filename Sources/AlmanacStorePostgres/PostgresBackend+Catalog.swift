import AlmanacStore
import PostgresNIO

/// How one table of the store is partitioned, as the server's catalog says
/// (`pg_partitioned_table`, `pg_inherits`): for tests and operators.
package struct PartitionInfo: Sendable, Hashable {
    package var table: String
    /// `hash`, `list` or `range`.
    package var strategy: String
    /// The partition key's columns.
    package var keyColumns: [String]
    /// How many partitions are attached.
    package var partitions: Int
}

extension PostgresBackend {
    /// The partitioned tables of this store's schema, by name.
    package func partitioning() async throws(StoreError) -> [PartitionInfo] {
        try await fetch("""
            SELECT c.relname::text,
                   CASE p.partstrat WHEN 'h' THEN 'hash' WHEN 'l' THEN 'list' WHEN 'r' THEN 'range' ELSE p.partstrat::text END,
                   (SELECT array_agg(a.attname::text ORDER BY k.ord)
                      FROM unnest(p.partattrs::int2[]) WITH ORDINALITY AS k(attnum, ord)
                      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum),
                   (SELECT count(*) FROM pg_inherits i WHERE i.inhparent = c.oid)
            FROM pg_partitioned_table p JOIN pg_class c ON c.oid = p.partrelid JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = \(schema) ORDER BY c.relname
            """) { r in
            PartitionInfo(table: try r.at(0), strategy: try r.at(1), keyColumns: try r.at(2), partitions: Int(try r.at(3, Int64.self)))
        }
    }

    /// The partitions of `table` (one of the partitioned tables) that hold rows of `calendar`.
    package func partitions(of table: String, holding calendar: String) async throws(StoreError) -> [String] {
        guard PostgresSchema.partitioned.contains(table) else {   // a name of ours: the only text spliced into this query
            throw StoreError(.invalidValue, "\(table) is not a partitioned table of the store")
        }
        var sql = SQL("SELECT DISTINCT tableoid::regclass::text FROM \(table) WHERE calendar_id = ")
        sql.bind(calendar)
        sql.append(" ORDER BY 1")
        return try await fetch(sql.query) { r in try r.at(0, String.self) }
    }

    /// The migrations applied to this store's schema, in order (one row each in `schema_version`).
    package func appliedMigrations() async throws(StoreError) -> [Int] {
        try await fetch("SELECT version FROM schema_version ORDER BY version") { r in Int(try r.at(0, Int32.self)) }
    }

    /// The number of migrations this Almanac knows.
    package static var schemaVersion: Int { PostgresSchema.migrations.count }

    /// The schemas of the database whose names start with `prefix` (`_` and `%` match themselves).
    package static func schemas(url: PostgresURL, prefix: String) async throws(StoreError) -> [String] {
        try await withConnection(url) { c, logger in
            var out: [String] = []
            let rows = try await c.query("SELECT nspname::text FROM pg_namespace WHERE starts_with(nspname, \(prefix)) ORDER BY 1",
                                         logger: logger)
            for try await name in rows.decode(String.self) { out.append(name) }
            return out
        }
    }

    /// Drops a schema and everything in it (a test's namespace).
    package static func dropSchema(url: PostgresURL, _ name: String) async throws(StoreError) {
        guard PostgresSchema.isPlainIdentifier(name), name != "public" else {
            throw StoreError(.invalidValue, "will not drop the schema \"\(name)\"")
        }
        try await withConnection(url) { c, logger in   // an identifier cannot be bound: `name` passed isPlainIdentifier
            _ = try await c.query(PostgresQuery(unsafeSQL: "DROP SCHEMA IF EXISTS \"\(name)\" CASCADE"), logger: logger)
        }
    }
}
