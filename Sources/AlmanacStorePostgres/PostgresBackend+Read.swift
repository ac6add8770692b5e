import Almanac
import AlmanacStore
import PostgresNIO

extension PostgresBackend {
    /// The rows of a read, each made into a `T` by `make` (errors typed: a row that does not decode is a `.database` error).
    func fetch<T>(_ query: PostgresQuery, _ make: (PostgresRandomAccessRow) throws -> T) async throws(StoreError) -> [T] {
        let rows = try await rows(query)
        do {
            return try rows.map(make)
        } catch {
            throw Self.typed(error)
        }
    }

    static let calendarColumns = "id, owner, source, etag, sync_token, last_fetch, horizon_start, horizon_end, zone, version"

    package func calendar(_ id: String) async throws(StoreError) -> StoredCalendar? {
        try await fetch("SELECT \(unescaped: Self.calendarColumns) FROM calendar WHERE id = \(id)", Self.calendar).first
    }

    package func calendars(owner: String?) async throws(StoreError) -> [StoredCalendar] {
        if let owner {
            return try await fetch("SELECT \(unescaped: Self.calendarColumns) FROM calendar WHERE owner = \(owner) ORDER BY id",
                                   Self.calendar)
        }
        return try await fetch("SELECT \(unescaped: Self.calendarColumns) FROM calendar ORDER BY id", Self.calendar)
    }

    static func calendar(_ r: PostgresRandomAccessRow) throws -> StoredCalendar {
        StoredCalendar(id: try r.at(0), owner: try r.at(1), source: try CalendarSource(stored: try r.at(2)),
                       sync: SyncState(etag: try r.at(3), syncToken: try r.at(4),
                                       lastFetch: try r.at(5, Int64?.self).map(Timestamp.init(secondsSinceEpoch:))),
                       horizon: Timestamp(secondsSinceEpoch: try r.at(6))..<Timestamp(secondsSinceEpoch: try r.at(7)),
                       zoneID: try r.at(8), version: try r.at(9))
    }

    package func seriesDigests(calendar: String) async throws(StoreError) -> [String: Int64] {
        let pairs = try await fetch("SELECT uid, digest FROM series WHERE calendar_id = \(calendar)") { r in
            (try r.at(0, String.self), try r.at(1, Int64.self))
        }
        return Dictionary(pairs, uniquingKeysWith: { a, _ in a })
    }

    package func counts(calendar: String) async throws(StoreError) -> StoredCounts {
        let rows = try await fetch("""
            SELECT (SELECT count(*) FROM series WHERE calendar_id = \(calendar)),
                   (SELECT count(*) FROM instance WHERE calendar_id = \(calendar)),
                   (SELECT count(*) FROM record WHERE calendar_id = \(calendar)),
                   (SELECT count(*) FROM record WHERE calendar_id = \(calendar) AND orphaned_at IS NOT NULL)
            """) { r in
            StoredCounts(series: Int(try r.at(0, Int64.self)), instances: Int(try r.at(1, Int64.self)),
                         records: Int(try r.at(2, Int64.self)), orphans: Int(try r.at(3, Int64.self)))
        }
        return rows.first ?? StoredCounts(series: 0, instances: 0, records: 0, orphans: 0)
    }

    package func series(calendar: String, uids: [String]?) async throws(StoreError) -> [SeriesRow] {
        let make = { (r: PostgresRandomAccessRow) throws -> SeriesRow in
            SeriesRow(calendarID: calendar, uid: try r.at(0), digest: try r.at(1), text: try r.at(2))
        }
        guard let uids else {
            return try await fetch("SELECT uid, digest, text FROM series WHERE calendar_id = \(calendar) ORDER BY uid", make)
        }
        if uids.isEmpty { return [] }
        // One round trip for all UIDs; the answer in the order of `uids`, as SQLite gives it (one lookup per UID).
        let found = try await fetch("SELECT uid, digest, text FROM series WHERE calendar_id = \(calendar) AND uid = ANY(\(uids))", make)
        let byUID = Dictionary(found.map { ($0.uid, $0) }, uniquingKeysWith: { a, _ in a })
        return uids.compactMap { byUID[$0] }
    }

    package func zones(calendar: String) async throws(StoreError) -> [ZoneRow] {
        try await fetch("SELECT tzid, transitions, offsets FROM zone WHERE calendar_id = \(calendar) ORDER BY tzid") { r in
            ZoneRow(calendarID: calendar, tzid: try r.at(0), transitions: try r.at(1), offsets: try r.at(2))
        }
    }
}
