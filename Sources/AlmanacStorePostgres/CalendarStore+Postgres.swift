import AlmanacStore

extension CalendarStore {
    /// The store in a PostgreSQL database, for servers: `url` is
    /// `postgres://user[:password]@host[:port]/database` (`?sslmode=require`
    /// for TLS), `schema` the namespace its tables live in (created and
    /// migrated when needed; several stores can share a database, one per
    /// schema). The tables are hash-partitioned by calendar. Call
    /// ``CalendarStore/close()`` when done: it shuts the connection pool down.
    ///
    /// ```swift
    /// let store = try await CalendarStore.postgres(url: "postgres://almanac:secret@127.0.0.1:5432/almanac")
    /// try await store.apply(try EventCalendar(contentsOf: "work.ics"), to: "work", options: ApplyOptions(owner: "ana"))
    /// let week = try await store.instances(ofOwner: "ana", overlapping: monday..<nextMonday, viewer: paris)
    /// await store.close()
    /// ```
    ///
    /// - Parameters:
    ///   - url: the server and database; a malformed URL is an `.invalidValue` error.
    ///   - schema: lower-case ASCII letters, digits and `_` (the default: `public`).
    ///   - maximumConnections: the size of the connection pool.
    /// - Throws: `.database` with the server's message when it cannot connect or migrate.
    public static func postgres(url: String, schema: String = "public", maximumConnections: Int = 8) async throws(StoreError)
        -> CalendarStore {
        CalendarStore(backend: try await PostgresBackend(url: try PostgresURL(parsing: url), schema: schema,
                                                         maximumConnections: maximumConnections))
    }
}
