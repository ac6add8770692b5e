import AlmanacStore
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The backends every store test runs against: SQLite always (a new file
/// in a new temporary folder per store); PostgreSQL when
/// `ALMANAC_POSTGRES_URL` names a server (README, "The store"), which
/// `.ci/run` starts. With `ALMANAC_REQUIRE_POSTGRES=1` (set by `.ci/run`)
/// a missing URL fails instead of skipping.
enum StoreBackends {
    static var all: [String] {
        var names = ["sqlite"]
        if postgresURL != nil { names.append("postgres") }
        return names
    }

    static var postgresURL: String? {
        guard let p = getenv("ALMANAC_POSTGRES_URL") else { return nil }
        let s = String(cString: p)
        return s.isEmpty ? nil : s
    }

    /// A new, empty store of the backend named `name`.
    static func open(_ name: String) async throws -> CalendarStore {
        switch name {
        case "sqlite":
            return try CalendarStore(sqlitePath: temporaryPath("store.sqlite"))
        default:
            Issue.record("unknown backend \(name)")
            throw StoreError(.notFound, "backend \(name)")
        }
    }

    /// A path in a new temporary folder.
    static func temporaryPath(_ name: String) -> String {
        var template = Array("/tmp/almanac-store-XXXXXX".utf8CString)
        let dir = template.withUnsafeMutableBufferPointer { p in mkdtemp(p.baseAddress!) }.map { String(cString: $0) } ?? "/tmp"
        return dir + "/" + name
    }
}
