import Almanac
import AlmanacCalendar
import AlmanacStore
import AlmanacStorePostgres
import Testing

/// The PostgreSQL schema itself: hash partitioning by calendar (read back
/// from the server's catalog), migrations run once by concurrent openers,
/// and the connection URL. The server tests run when ALMANAC_POSTGRES_URL
/// is set (or fail when ALMANAC_REQUIRE_POSTGRES=1 and it is not).
@Suite struct PostgresSchemaTests {
    static var serverTests: Bool { StoreBackends.postgresURL != nil || StoreBackends.requiresPostgres }

    static func url() throws -> PostgresURL {
        guard let text = StoreBackends.postgresURL else {
            Issue.record("ALMANAC_REQUIRE_POSTGRES=1 but ALMANAC_POSTGRES_URL is not set")
            throw StoreError(.notFound, "no ALMANAC_POSTGRES_URL")
        }
        return try PostgresURL(parsing: text)
    }

    @Test(.enabled(if: serverTests))
    func tablesArePartitionedByHashOnCalendar() async throws {
        let backend = try await PostgresBackend(url: try Self.url(), schema: StoreBackends.freshSchema(), maximumConnections: 2)
        let info = try await backend.partitioning()
        #expect(info.map(\.table) == ["instance", "record", "record_history", "series", "zone"])
        for t in info {
            #expect(t.strategy == "hash", "\(t.table)")
            #expect(t.keyColumns == ["calendar_id"], "\(t.table)")
            #expect(t.partitions == 16, "\(t.table)")
        }
        // A calendar's rows sit in one partition of each table; calendars spread over several.
        let store = CalendarStore(backend: backend)
        let calendar = try EventCalendar(contentsOf: StoreSmokeTests.sample)
        let horizon = Timestamp(secondsSinceEpoch: 1_704_067_200)..<Timestamp(secondsSinceEpoch: 1_767_225_600)
        var used: Set<String> = []
        for n in 0..<8 {
            try await store.apply(calendar, to: "cal-\(n)", options: ApplyOptions(horizon: horizon))
            let instance = try await backend.partitions(of: "instance", holding: "cal-\(n)")
            let series = try await backend.partitions(of: "series", holding: "cal-\(n)")
            #expect(instance.count == 1 && series.count == 1, "cal-\(n): \(instance) \(series)")
            used.formUnion(instance)
        }
        #expect(used.count > 1, "8 calendars all hashed to \(used)")
        await store.close()
    }

    @Test(.enabled(if: serverTests))
    func concurrentOpensMigrateOnce() async throws {
        let url = try Self.url(), schema = StoreBackends.freshSchema()
        let opened = try await withThrowingTaskGroup(of: [Int].self) { group in
            for _ in 0..<8 {
                group.addTask {
                    let b = try await PostgresBackend(url: url, schema: schema, maximumConnections: 1)
                    let applied = try await b.appliedMigrations()
                    await b.close()
                    return applied
                }
            }
            var all: [[Int]] = []
            for try await a in group { all.append(a) }
            return all
        }
        #expect(opened.count == 8)
        let once = Array(1...PostgresBackend.schemaVersion)
        #expect(opened.allSatisfy { $0 == once }, "\(opened)")
        // And the schema works: a calendar written through one opener is read through another.
        let a = CalendarStore(backend: try await PostgresBackend(url: url, schema: schema))
        try await a.apply(try EventCalendar(contentsOf: StoreSmokeTests.sample), to: "shared")
        let b = CalendarStore(backend: try await PostgresBackend(url: url, schema: schema))
        #expect(try await b.calendar("shared")?.version == 1)
        await a.close()
        await b.close()
        try await PostgresBackend.dropSchema(url: url, schema)
    }

    @Test(.enabled(if: serverTests))
    func aWrongPasswordIsATypedErrorNotAHang() async throws {
        var url = try Self.url()
        url.password = "not-the-password"
        await #expect(throws: StoreError.self) {
            _ = try await PostgresBackend(url: url, schema: StoreBackends.freshSchema())
        }
    }

    @Test func schemaNamesAreIdentifiersOnly() async throws {
        let url = try PostgresURL(parsing: "postgres://u@127.0.0.1:1/d")
        for bad in ["Public", "a-b", "x\"; DROP TABLE calendar; --", "9lives", "", String(repeating: "a", count: 64)] {
            await #expect(throws: StoreError(.invalidValue, "the schema name \"\(bad)\" must be lower-case ASCII letters, digits and _ (at most 63)")) {
                _ = try await PostgresBackend(url: url, schema: bad)
            }
        }
    }

    @Test func urlsRead() throws {
        let a = try PostgresURL(parsing: "postgres://almanac:s%40cr%3At@127.0.0.1:54329/almanac")
        #expect(a.user == "almanac" && a.password == "s@cr:t" && a.host == "127.0.0.1" && a.port == 54329 && a.database == "almanac")
        #expect(a.tls == .disable)
        let b = try PostgresURL(parsing: "postgresql://ana@db.example.com/cal?sslmode=require")
        #expect(b.password == nil && b.port == 5432 && b.host == "db.example.com" && b.database == "cal" && b.tls == .require)
        let c = try PostgresURL(parsing: "postgres://u:p@[::1]:6000/d")
        #expect(c.host == "::1" && c.port == 6000)
        for bad in ["mysql://u@h/d", "postgres://u@h", "postgres://h/d", "postgres://u@h:0/d", "postgres://u@h:x/d",
                    "postgres://u@/d", "postgres://u@h/", "postgres://u@h/d?sslmode=maybe", "postgres://u@h/d?user=x",
                    "postgres://u:%4@h/d"] {
            #expect(throws: StoreError.self, "\(bad)") { _ = try PostgresURL(parsing: bad) }
        }
    }
}
