import Almanac
import GRDB

extension SQLiteBackend {
    package func instanceRows(calendars: [String], window: Range<Int64>) async throws(StoreError) -> [InstanceRow] {
        try await read { db in
            var out: [InstanceRow] = []
            let short = try db.cachedStatement(sql: """
                SELECT \(Self.instanceColumns) FROM instance WHERE calendar_id = ? AND long = 0 AND lo >= ? AND lo < ?
                """)
            let long = try db.cachedStatement(sql: """
                SELECT \(Self.instanceColumns) FROM instance WHERE calendar_id = ? AND long = 1 AND lo < ? AND hi >= ?
                """)
            for c in calendars {
                let a = try Row.fetchCursor(short, arguments: [c, window.lowerBound - InstanceRow.shortSpan, window.upperBound])
                while let r = try a.next() { out.append(Self.instance(r, calendar: c)) }
                let b = try Row.fetchCursor(long, arguments: [c, window.upperBound, window.lowerBound])
                while let r = try b.next() { out.append(Self.instance(r, calendar: c)) }
            }
            return out
        }
    }

    /// The columns `instance(_:calendar:)` reads, in its order (a constant of ours, not a value from
    /// outside). Not the calendar (the query's) nor the key's text (a query makes the key from the
    /// series and the recurrence id): two strings less to make per row.
    static let instanceColumns = "series_id, kind, start_key, end_key, local, rid_local, offset, is_repeat, lo, hi, long, status, title, zone"

    /// An index row from a row of `instanceColumns`, read by position: a
    /// lookup by name hashed the column's name for every column of every row
    /// (a fifth of a week's query).
    static func instance(_ r: Row, calendar: String) -> InstanceRow {
        InstanceRow(calendarID: calendar, seriesID: r[0], key: "", kind: r[1], startKey: r[2], endKey: r[3], local: r[4], ridLocal: r[5],
                    offset: r[6], isRepeat: r[7], lo: r[8], hi: r[9], isLong: r[10], status: r[11], title: r[12], zone: r[13])
    }

    package func records(_ q: RecordQuery) async throws(StoreError) -> [StoredRecord] {
        try await read { db in try Self.records(q, in: db) }
    }

    /// The records a query wants, read in `db`'s transaction (a commit carries
    /// the records it reads this way inside its own).
    static func records(_ q: RecordQuery, in db: Database) throws -> [StoredRecord] {
        var out: [StoredRecord] = []
        for c in q.calendars {
            var sql = "SELECT * FROM record WHERE calendar_id = ?"
            var args: StatementArguments = [c]
            if let key = q.key { sql += " AND key = ?"; args += [key] }
            if let days = q.days { sql += " AND day >= ? AND day < ?"; args += [days.lowerBound, days.upperBound] }
            if q.orphansOnly { sql += " AND orphaned_at IS NOT NULL" }
            let seriesSets: [String?] = q.seriesIDs.map { $0.map(Optional.some) } ?? [nil]
            for s in seriesSets {
                var sqlS = sql, argsS = args
                if let s { sqlS += " AND series_id = ?"; argsS += [s] }
                let rows = try Row.fetchCursor(db, sql: sqlS + " ORDER BY day, key", arguments: argsS)
                while let r = try rows.next() { out.append(try Self.recordColumns(r).record()) }
            }
        }
        return out
    }

    static func recordColumns(_ r: Row) -> RecordColumns {
        RecordColumns(calendarID: r["calendar_id"], key: r["key"], seriesID: r["series_id"], day: r["day"], mark: r["mark"],
                      fraction: r["fraction"], note: r["note"], recordedAt: r["recorded_at"], orphanedAt: r["orphaned_at"])
    }

    package func history(calendar: String, keys: [String]) async throws(StoreError) -> [RecordChange] {
        guard !keys.isEmpty else { return [] }
        let key = keys[0]
        return try await read { db in
            let marks = Array(repeating: "?", count: keys.count).joined(separator: ", ")   // placeholders only: the keys are bound
            let rows = try Row.fetchAll(db, sql: """
                SELECT * FROM record_history WHERE calendar_id = ? AND key IN (\(marks)) ORDER BY seq
                """, arguments: StatementArguments([calendar] + keys))
            return try rows.map { r throws in
                let cols = RecordColumns(calendarID: r["calendar_id"], key: r["key"], seriesID: "", day: 0, mark: r["mark"],
                                         fraction: r["fraction"], note: r["note"], recordedAt: r["recorded_at"], orphanedAt: nil)
                guard let change = RecordChange.Change(rawValue: r["change"]) else {
                    throw StoreError(.invalidValue, "unknown history entry \"\(r["change"] as String)\" for \(key)")
                }
                let prev: String? = r["previous_key"]
                return RecordChange(calendarID: calendar, record: try cols.record().record, change: change,
                                    previousKey: try prev.map { p throws in
                                        do throws(AlmanacError) { return try DayKey(parsing: p) } catch {
                                            throw StoreError(.invalidValue, "history of \(key): \(error.message)")
                                        }
                                    },
                                    at: Timestamp(secondsSinceEpoch: r["at"]))
            }
        }
    }
}
