import Almanac
import AlmanacStore
import Logging
import NIOSSL
import PostgresNIO

/// The store in a PostgreSQL database, through postgres-nio: a pool of
/// connections (`PostgresClient`, run in a task of its own until ``close()``),
/// the schema of ``PostgresSchema`` in one schema (namespace) of the database,
/// every value bound as a parameter. Same semantics as `SQLiteBackend`:
/// a commit checks the calendar's version and changes nothing on a
/// conflict; moved records leave their old keys before any is written (the
/// moves never collide; the records are read and carried inside the commit);
/// every mark and move adds a history entry.
///
/// Writers of one calendar are serialized by a transaction-scoped advisory
/// lock on it (SQLite serializes all writers; here writers of different
/// calendars run at once), so that two first snapshots of a new calendar
/// cannot both see "no calendar" and both commit.
package final class PostgresBackend: StoreBackend {
    let client: PostgresClient
    let runner: Task<Void, Never>
    let schema: String
    let logger = Logger(label: "almanac-store-postgres", factory: { _ in SwiftLogNoOpLogHandler() })

    /// The first key of the advisory locks of the schema's migration and of a calendar's writers
    /// (`pg_advisory_xact_lock(class, hashtext(name))`): "Alm" and a number, so that they do not meet other applications' locks.
    static let migrationLock: Int32 = 0x416C_6D00
    static let calendarLock: Int32 = 0x416C_6D01

    /// Connects to `url`, migrates `schema` (created when missing) and
    /// opens a pool of at most `maximumConnections` connections whose
    /// `search_path` is `schema`.
    package init(url: PostgresURL, schema: String = "public", maximumConnections: Int = 8) async throws(StoreError) {
        guard PostgresSchema.isPlainIdentifier(schema) else {
            throw StoreError(.invalidValue, "the schema name \"\(schema)\" must be lower-case ASCII letters, digits and _ (at most 63)")
        }
        guard maximumConnections >= 1 else { throw StoreError(.invalidValue, "maximumConnections must be at least 1") }
        self.schema = schema
        // One plain connection first: a wrong URL or password fails here with the server's
        // message (a pool would retry in the background), and the migration runs on it.
        try await Self.withConnection(url, schema: schema) { c, logger in try await Self.migrate(c, schema: schema, logger: logger) }
        var config = PostgresClient.Configuration(host: url.host, port: url.port, username: url.user, password: url.password,
                                                  database: url.database, tls: Self.clientTLS(url.tls))
        config.options.additionalStartupParameters = [("search_path", schema)]
        config.options.maximumConnections = maximumConnections
        let client = PostgresClient(configuration: config)
        self.client = client
        runner = Task { await client.run() }
    }

    /// Runs `body` on a connection of its own (closed after), errors typed.
    @discardableResult
    static func withConnection<T: Sendable>(_ url: PostgresURL, schema: String? = nil,
                                            _ body: (PostgresConnection, Logger) async throws -> T) async throws(StoreError) -> T {
        let logger = Logger(label: "almanac-store-postgres", factory: { _ in SwiftLogNoOpLogHandler() })
        var config = PostgresConnection.Configuration(host: url.host, port: url.port, username: url.user, password: url.password,
                                                      database: url.database, tls: try connectionTLS(url.tls))
        if let schema { config.options.additionalStartupParameters = [("search_path", schema)] }
        do {
            let connection = try await PostgresConnection.connect(configuration: config, id: 0, logger: logger)
            do {
                let value = try await body(connection, logger)
                try await connection.close()
                return value
            } catch {
                _ = try? await connection.close()
                throw error
            }
        } catch {
            throw typed(error, "PostgreSQL at \(url.host):\(url.port)/\(url.database)")
        }
    }

    static func connectionTLS(_ mode: PostgresURL.TLSMode) throws(StoreError) -> PostgresConnection.Configuration.TLS {
        do {
            switch mode {
            case .disable: return .disable
            case .prefer: return .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
            case .require: return .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
            }
        } catch {
            throw StoreError(.database, "cannot set up TLS: \(error)")
        }
    }

    static func clientTLS(_ mode: PostgresURL.TLSMode) -> PostgresClient.Configuration.TLS {
        switch mode {
        case .disable: .disable
        case .prefer: .prefer(.makeClientConfiguration())
        case .require: .require(.makeClientConfiguration())
        }
    }

    /// Runs the migrations the schema lacks, in one transaction under an
    /// advisory lock on the schema's name; a schema from a newer Almanac is refused.
    static func migrate(_ c: PostgresConnection, schema: String, logger: Logger) async throws {
        try await c.query("BEGIN", logger: logger)
        do {
            try await c.query("SELECT pg_advisory_xact_lock(\(migrationLock), hashtext(\(schema)))", logger: logger)
            let exists = try await c.query("SELECT 1 FROM pg_namespace WHERE nspname = \(schema)", logger: logger)
                .collect().count > 0
            if !exists {   // an identifier cannot be bound: `schema` passed isPlainIdentifier
                try await c.query(PostgresQuery(unsafeSQL: "CREATE SCHEMA \"\(schema)\""), logger: logger)
            }
            try await c.query("""
                CREATE TABLE IF NOT EXISTS schema_version (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())
                """, logger: logger)
            var version = 0
            for try await v in try await c.query("SELECT coalesce(max(version), 0) FROM schema_version", logger: logger)
                .decode(Int32.self) { version = Int(v) }
            guard version <= PostgresSchema.migrations.count else {
                throw StoreError(.database, "the store's schema \(schema) is version \(version), newer than this Almanac's "
                                 + "\(PostgresSchema.migrations.count)")
            }
            for n in version..<PostgresSchema.migrations.count {
                for sql in PostgresSchema.migrations[n] { try await c.query(PostgresQuery(unsafeSQL: sql), logger: logger) }
                try await c.query("INSERT INTO schema_version (version) VALUES (\(Int32(n + 1)))", logger: logger)
            }
            try await c.query("COMMIT", logger: logger)
        } catch {
            _ = try? await c.query("ROLLBACK", logger: logger)
            throw error
        }
    }

    /// Shuts the pool down: its run task is cancelled, which closes every connection, and awaited.
    package func close() async {
        runner.cancel()
        await runner.value
    }

    /// `error` as a ``StoreError``: the server's message and SQLSTATE for a PostgreSQL error.
    static func typed(_ error: any Error, _ context: String? = nil) -> StoreError {
        if let e = error as? StoreError { return e }
        let prefix = context.map { $0 + ": " } ?? ""
        if let e = error as? PSQLError {
            if let info = e.serverInfo, let message = info[.message] {
                return StoreError(.database, prefix + "PostgreSQL: \(message) (SQLSTATE \(info[.sqlState] ?? "?"))")
            }
            return StoreError(.database, prefix + "PostgreSQL: \(e.code)" + (e.underlying.map { " (\($0))" } ?? ""))
        }
        return StoreError(.database, prefix + String(reflecting: error))
    }

    /// Runs `body` on one connection inside BEGIN ... COMMIT (ROLLBACK when it throws), errors typed.
    func transaction<T: Sendable>(_ body: (PostgresConnection) async throws -> T) async throws(StoreError) -> T {
        do {
            return try await client.withConnection { c in
                try await c.query("BEGIN", logger: logger)
                do {
                    let value = try await body(c)
                    try await c.query("COMMIT", logger: logger)
                    return value
                } catch {
                    _ = try? await c.query("ROLLBACK", logger: logger)
                    throw error
                }
            }
        } catch {
            throw Self.typed(error)
        }
    }

    /// The rows of a read, errors typed.
    func rows(_ query: PostgresQuery) async throws(StoreError) -> [PostgresRandomAccessRow] {
        do {
            var out: [PostgresRandomAccessRow] = []
            for try await row in try await client.query(query, logger: logger) { out.append(row.makeRandomAccess()) }
            return out
        } catch {
            throw Self.typed(error)
        }
    }

    /// Takes the advisory lock of calendar `id`'s writers until the transaction ends.
    func lockCalendar(_ id: String, _ c: PostgresConnection) async throws {
        try await c.query("SELECT pg_advisory_xact_lock(\(Self.calendarLock), hashtext(\(schema + "/" + id)))", logger: logger)
    }
}

extension PostgresRandomAccessRow {
    /// The value of column `i`, decoded as `T` (an optional for a nullable column).
    func at<T: PostgresDecodable>(_ i: Int, _ type: T.Type = T.self) throws -> T {
        try self[i].decode(T.self, context: .default)
    }
}
