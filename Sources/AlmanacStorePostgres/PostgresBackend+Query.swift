import Almanac
import AlmanacStore
import PostgresNIO

extension PostgresBackend {
    static let instanceColumns = """
        calendar_id, series_id, key, kind, start_key, end_key, local, rid_local, "offset", is_repeat, lo, hi, long, status, title, zone
        """

    /// One round trip for all calendars: short rows by `lo`, long rows by `lo` and `hi`
    /// (the two range scans of SQLite's instance_window index, here in each calendar's partition).
    package func instanceRows(calendars: [String], window: Range<Int64>) async throws(StoreError) -> [InstanceRow] {
        if calendars.isEmpty { return [] }
        let from = window.lowerBound - InstanceRow.shortSpan, to = window.upperBound, start = window.lowerBound
        return try await fetch("""
            SELECT \(unescaped: Self.instanceColumns) FROM instance
            WHERE calendar_id = ANY(\(calendars)) AND long = false AND lo >= \(from) AND lo < \(to)
            UNION ALL
            SELECT \(unescaped: Self.instanceColumns) FROM instance
            WHERE calendar_id = ANY(\(calendars)) AND long = true AND lo < \(to) AND hi >= \(start)
            """, Self.instance)
    }

    static func instance(_ r: PostgresRandomAccessRow) throws -> InstanceRow {
        InstanceRow(calendarID: try r.at(0), seriesID: try r.at(1), key: try r.at(2), kind: try r.at(3), startKey: try r.at(4),
                    endKey: try r.at(5), local: try r.at(6), ridLocal: try r.at(7), offset: try r.at(8), isRepeat: try r.at(9),
                    lo: try r.at(10), hi: try r.at(11), isLong: try r.at(12), status: try r.at(13), title: try r.at(14),
                    zone: try r.at(15))
    }

    static let recordColumns = "calendar_id, key, series_id, day, mark, fraction, note, recorded_at, orphaned_at"

    /// Per calendar, by day then key (SQLite's order); all of a query's series in one statement.
    package func records(_ q: RecordQuery) async throws(StoreError) -> [StoredRecord] {
        var out: [StoredRecord] = []
        for c in q.calendars {
            var sql = SQL("SELECT \(Self.recordColumns) FROM record WHERE calendar_id = ")
            sql.bind(c)
            if let key = q.key { sql.append(" AND key = "); sql.bind(key) }
            if let days = q.days {
                sql.append(" AND day >= "); sql.bind(days.lowerBound); sql.append(" AND day < "); sql.bind(days.upperBound)
            }
            if q.orphansOnly { sql.append(" AND orphaned_at IS NOT NULL") }
            if let series = q.seriesIDs {
                if series.isEmpty { continue }
                sql.append(" AND series_id = ANY("); sql.bind(series); sql.append(")")
            }
            sql.append(" ORDER BY day, key")
            let columns = try await fetch(sql.query, Self.recordColumns)
            for c in columns { out.append(try c.record()) }
        }
        return out
    }

    static func recordColumns(_ r: PostgresRandomAccessRow) throws -> RecordColumns {
        RecordColumns(calendarID: try r.at(0), key: try r.at(1), seriesID: try r.at(2), day: try r.at(3), mark: try r.at(4),
                      fraction: try r.at(5), note: try r.at(6), recordedAt: try r.at(7), orphanedAt: try r.at(8))
    }

    package func history(calendar: String, keys: [String]) async throws(StoreError) -> [RecordChange] {
        guard let key = keys.first else { return [] }
        let rows = try await fetch("""
            SELECT key, previous_key, change, mark, fraction, note, recorded_at, at FROM record_history
            WHERE calendar_id = \(calendar) AND key = ANY(\(keys)) ORDER BY seq
            """) { r in
            (RecordColumns(calendarID: calendar, key: try r.at(0), seriesID: "", day: 0, mark: try r.at(3), fraction: try r.at(4),
                           note: try r.at(5), recordedAt: try r.at(6), orphanedAt: nil),
             try r.at(1, String?.self), try r.at(2, String.self), try r.at(7, Int64.self))
        }
        return try rows.map { (cols, prev, changeName, at) throws(StoreError) in
            guard let change = RecordChange.Change(rawValue: changeName) else {
                throw StoreError(.invalidValue, "unknown history entry \"\(changeName)\" for \(key)")
            }
            var previous: DayKey?
            if let prev {
                do throws(AlmanacError) { previous = try DayKey(parsing: prev) } catch {
                    throw StoreError(.invalidValue, "history of \(key): \(error.message)")
                }
            }
            return RecordChange(calendarID: calendar, record: try cols.record().record, change: change, previousKey: previous,
                                at: Timestamp(secondsSinceEpoch: at))
        }
    }
}
