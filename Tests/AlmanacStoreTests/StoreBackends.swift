import AlmanacStore
import AlmanacStorePostgres
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The backends every store test runs against: SQLite always (a new file
/// in a new temporary folder per store); PostgreSQL when
/// `ALMANAC_POSTGRES_URL` names a server (README, "The store"), which
/// `.ci/run` starts (`Tools/store/postgres.sh start` prints the URL of a
/// loopback server of its own). Each PostgreSQL store is a fresh schema
/// (`almanac_test_<pid>_<random>`) of that database, so tests are
/// independent; schemas left by test processes that are gone are dropped
/// when the first store of a run opens. With `ALMANAC_REQUIRE_POSTGRES=1`
/// (set by `.ci/run`) a missing URL fails instead of skipping.
enum StoreBackends {
    static var all: [String] {
        var names = ["sqlite"]
        if postgresURL != nil {
            names.append("postgres")
        } else if requiresPostgres {
            Issue.record("ALMANAC_REQUIRE_POSTGRES=1 but ALMANAC_POSTGRES_URL is not set: start a server with `export ALMANAC_POSTGRES_URL=$(Tools/store/postgres.sh start)`")
            names.append("postgres")   // and every test on it fails in open(_:), so none is skipped silently
        }
        return names
    }

    static var postgresURL: String? { environment("ALMANAC_POSTGRES_URL") }
    static var requiresPostgres: Bool { environment("ALMANAC_REQUIRE_POSTGRES") == "1" }

    static func environment(_ name: String) -> String? {
        guard let p = getenv(name) else { return nil }
        let s = String(cString: p)
        return s.isEmpty ? nil : s
    }

    /// Two stores on one new, empty database of the backend named `name`
    /// (two connections to the same file, or to the same schema): writers
    /// that do not share a process's state.
    static func openTwo(_ name: String) async throws -> (CalendarStore, CalendarStore) {
        switch name {
        case "sqlite":
            let path = temporaryPath("store.sqlite")
            return (try CalendarStore(sqlitePath: path), try CalendarStore(sqlitePath: path))
        case "postgres":
            guard let url = postgresURL else { return (try await open(name), try await open(name)) }
            await staleSchemasDropped.value
            let schema = freshSchema()
            return (try await CalendarStore.postgres(url: url, schema: schema, maximumConnections: 4),
                    try await CalendarStore.postgres(url: url, schema: schema, maximumConnections: 4))
        default:
            return (try await open(name), try await open(name))
        }
    }

    /// A new, empty store of the backend named `name`.
    static func open(_ name: String) async throws -> CalendarStore {
        switch name {
        case "sqlite":
            return try CalendarStore(sqlitePath: temporaryPath("store.sqlite"))
        case "postgres":
            guard let url = postgresURL else {
                Issue.record("no ALMANAC_POSTGRES_URL: the PostgreSQL run of this test cannot start")
                throw StoreError(.notFound, "no ALMANAC_POSTGRES_URL")
            }
            await staleSchemasDropped.value
            return try await CalendarStore.postgres(url: url, schema: freshSchema(), maximumConnections: 4)
        default:
            Issue.record("unknown backend \(name)")
            throw StoreError(.notFound, "backend \(name)")
        }
    }

    static let schemaPrefix = "almanac_test_"

    /// A schema name no other store of this run or of another process uses.
    static func freshSchema() -> String {
        schemaPrefix + "\(getpid())_" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
    }

    /// Drops, once per process, the test schemas of processes that are no longer running
    /// (a schema's name carries its process id), so that runs do not pile up schemas.
    static let staleSchemasDropped = Task<Void, Never> {
        guard let text = postgresURL, let url = try? PostgresURL(parsing: text),
              let names = try? await PostgresBackend.schemas(url: url, prefix: schemaPrefix) else { return }
        for name in names {
            guard let pid = Int32(name.dropFirst(schemaPrefix.count).prefix { $0 != "_" }) else { continue }
            if kill(pid, 0) == 0 || errno == EPERM { continue }   // still running
            try? await PostgresBackend.dropSchema(url: url, name)
        }
    }

    /// A path in a new temporary folder.
    static func temporaryPath(_ name: String) -> String {
        var template = Array("/tmp/almanac-store-XXXXXX".utf8CString)
        let dir = template.withUnsafeMutableBufferPointer { p in mkdtemp(p.baseAddress!) }.map { String(cString: $0) } ?? "/tmp"
        return dir + "/" + name
    }
}
