import Almanac
import AlmanacStore
import PostgresNIO

extension PostgresBackend {
    /// Rows per INSERT of index rows: one statement of 16 array parameters per batch
    /// (a 10,000-series import writes about a million rows: a hundred statements).
    static let instanceBatch = 10_000

    package func commit(_ change: StoreChange) async throws(StoreError) -> [RecordMove] {
        let id = change.calendar.id
        return try await transaction { c in
            try await lockCalendar(id, c)
            var current: Int64?
            for try await v in try await c.query("SELECT version FROM calendar WHERE id = \(id)", logger: logger).decode(Int64.self) {
                current = v
            }
            guard current == change.expectedVersion else {
                throw StoreError(.conflict, "calendar \(id) is at version \(current.map(String.init) ?? "none"), "
                                 + "the change was prepared against \(change.expectedVersion.map(String.init) ?? "none")")
            }
            try await upsert(change.calendar, c)
            if change.rebuildsIndex {
                try await c.query("DELETE FROM instance WHERE calendar_id = \(id)", logger: logger)
            }
            if !change.removedSeries.isEmpty {
                try await c.query("DELETE FROM series WHERE calendar_id = \(id) AND uid = ANY(\(change.removedSeries))", logger: logger)
                if !change.rebuildsIndex {
                    try await c.query("DELETE FROM instance WHERE calendar_id = \(id) AND series_id = ANY(\(change.removedSeries))",
                                      logger: logger)
                }
            }
            try await putSeries(change.series, calendar: id, c)
            var start = 0
            while start < change.instances.count {
                let end = min(start + Self.instanceBatch, change.instances.count)
                try await putInstances(change.instances[start..<end], calendar: id, c)
                start = end
            }
            if let zones = change.zones {
                try await c.query("DELETE FROM zone WHERE calendar_id = \(id)", logger: logger)
                if !zones.isEmpty {
                    try await c.query("""
                        INSERT INTO zone (calendar_id, tzid, transitions, offsets)
                        SELECT \(id), * FROM UNNEST(\(zones.map(\.tzid))::text[], \(zones.map(\.transitions))::text[],
                                                    \(zones.map(\.offsets))::text[])
                        """, logger: logger)
                }
            }
            // The records there are now (marks wait for the calendar's lock), carried.
            var records: [StoredRecord] = []
            if !change.carriedSeries.isEmpty {
                let rows = try await c.query("""
                    SELECT \(unescaped: Self.recordColumns) FROM record
                    WHERE calendar_id = \(id) AND series_id = ANY(\(change.carriedSeries)) ORDER BY day, key
                    """, logger: logger)
                for try await row in rows { records.append(try Self.recordColumns(row.makeRandomAccess()).record()) }
            }
            let moves = records.isEmpty ? [] : change.carry(records)
            try await moveRecords(moves, calendar: id, at: change.at, c)
            return moves
        }
    }

    func upsert(_ cal: StoredCalendar, _ c: PostgresConnection) async throws {
        try await c.query("""
            INSERT INTO calendar (id, owner, source, etag, sync_token, last_fetch, horizon_start, horizon_end, zone, version)
            VALUES (\(cal.id), \(cal.owner), \(cal.source.rawValue), \(cal.sync.etag), \(cal.sync.syncToken),
                    \(cal.sync.lastFetch?.secondsSinceEpoch), \(cal.horizon.lowerBound.secondsSinceEpoch),
                    \(cal.horizon.upperBound.secondsSinceEpoch), \(cal.zoneID), \(cal.version))
            ON CONFLICT (id) DO UPDATE SET owner = excluded.owner, source = excluded.source, etag = excluded.etag,
                sync_token = excluded.sync_token, last_fetch = excluded.last_fetch, horizon_start = excluded.horizon_start,
                horizon_end = excluded.horizon_end, zone = excluded.zone, version = excluded.version
            """, logger: logger)
    }

    /// Writes series rows (replacing those of the same UID), in one statement.
    func putSeries(_ rows: [SeriesRow], calendar id: String, _ c: PostgresConnection) async throws {
        if rows.isEmpty { return }
        // The last row of a UID wins, as with SQLite's INSERT OR REPLACE (ON CONFLICT cannot touch a row twice).
        var last: [String: Int] = [:]
        for (i, s) in rows.enumerated() { last[s.uid] = i }
        let kept = rows.indices.filter { last[rows[$0].uid] == $0 }.map { rows[$0] }
        try await c.query("""
            INSERT INTO series (calendar_id, uid, digest, text)
            SELECT \(id), * FROM UNNEST(\(kept.map(\.uid))::text[], \(kept.map(\.digest))::bigint[], \(kept.map(\.text))::text[])
            ON CONFLICT (calendar_id, uid) DO UPDATE SET digest = excluded.digest, text = excluded.text
            """, logger: logger)
    }

    /// Writes index rows in one statement: one array parameter per column, unnested into rows.
    func putInstances(_ rows: ArraySlice<InstanceRow>, calendar id: String, _ c: PostgresConnection) async throws {
        if rows.isEmpty { return }
        try await c.query("""
            INSERT INTO instance (calendar_id, series_id, key, kind, start_key, end_key, local, rid_local, "offset", is_repeat,
                                  lo, hi, long, status, title, zone)
            SELECT \(id), * FROM UNNEST(\(rows.map(\.seriesID))::text[], \(rows.map(\.key))::text[], \(rows.map(\.kind))::bigint[],
                \(rows.map(\.startKey))::bigint[], \(rows.map(\.endKey))::bigint[], \(rows.map(\.local))::bigint[],
                \(rows.map(\.ridLocal))::bigint[], \(rows.map(\.offset))::bigint[], \(rows.map(\.isRepeat))::boolean[],
                \(rows.map(\.lo))::bigint[], \(rows.map(\.hi))::bigint[], \(rows.map(\.isLong))::boolean[],
                \(NullableTextArray(values: rows.map(\.status)))::text[], \(NullableTextArray(values: rows.map(\.title)))::text[],
                \(NullableTextArray(values: rows.map(\.zone)))::text[])
            """, logger: logger)
    }

    /// Old keys first, then new ones: a record may move to the key another
    /// one leaves (the moves never collide: RecordCarry). Each move adds a history entry.
    func moveRecords(_ moves: [RecordMove], calendar id: String, at: Timestamp, _ c: PostgresConnection) async throws {
        let left = moves.filter { $0.old.record.key != $0.new.record.key }.map { $0.old.record.key.description }
        if !left.isEmpty {
            try await c.query("DELETE FROM record WHERE calendar_id = \(id) AND key = ANY(\(left))", logger: logger)
        }
        for m in moves {
            let new = RecordColumns(m.new)
            try await put(new, c)
            let moved = m.old.record.key != m.new.record.key
            try await history(new, change: m.change, previousKey: moved ? m.old.record.key.description : nil, at: at.secondsSinceEpoch, c)
        }
    }

    func put(_ r: RecordColumns, _ c: PostgresConnection) async throws {
        try await c.query("""
            INSERT INTO record (calendar_id, key, series_id, day, mark, fraction, note, recorded_at, orphaned_at)
            VALUES (\(r.calendarID), \(r.key), \(r.seriesID), \(r.day), \(r.mark), \(r.fraction), \(r.note), \(r.recordedAt),
                    \(r.orphanedAt))
            ON CONFLICT (calendar_id, key) DO UPDATE SET series_id = excluded.series_id, day = excluded.day, mark = excluded.mark,
                fraction = excluded.fraction, note = excluded.note, recorded_at = excluded.recorded_at, orphaned_at = excluded.orphaned_at
            """, logger: logger)
    }

    func history(_ r: RecordColumns, change: RecordChange.Change, previousKey: String?, at: Int64, _ c: PostgresConnection) async throws {
        try await c.query("""
            INSERT INTO record_history (calendar_id, key, previous_key, change, mark, fraction, note, recorded_at, at)
            VALUES (\(r.calendarID), \(r.key), \(previousKey), \(change.rawValue), \(r.mark), \(r.fraction), \(r.note),
                    \(r.recordedAt), \(at))
            """, logger: logger)
    }

    package func mark(_ record: StoredRecord, at: Timestamp) async throws(StoreError) -> StoredRecord {
        let columns = RecordColumns(record)
        let orphaned: Bool = try await transaction { c in
            var r = columns
            try await lockCalendar(r.calendarID, c)
            let raised = try await c.query("""
                SELECT horizon_start, horizon_end FROM calendar WHERE id = \(r.calendarID)
                """, logger: logger).collect()
            guard let h = raised.first else { throw StoreError(.notFound, "no calendar \"\(r.calendarID)\" in the store") }
            let (start, end) = try h.decode((Int64, Int64).self)
            if horizonHolds(day: r.day, horizonStart: start, horizonEnd: end) {
                let found = try await c.query("""
                    SELECT 1 FROM instance WHERE calendar_id = \(r.calendarID) AND series_id = \(r.seriesID) AND key = \(r.occurrenceKey) LIMIT 1
                    """, logger: logger).collect()
                if found.isEmpty { r.orphanedAt = at.secondsSinceEpoch }
            }
            try await put(r, c)
            try await history(r, change: .marked, previousKey: nil, at: at.secondsSinceEpoch, c)
            return r.orphanedAt != nil
        }
        return StoredRecord(calendarID: record.calendarID, record: record.record, orphanedAt: orphaned ? at : record.orphanedAt)
    }
}
