import Almanac
import GRDB

extension SQLiteBackend {
    package func commit(_ change: StoreChange) async throws(StoreError) -> [RecordMove] {
        try await write { db in
            let id = change.calendar.id
            let current = try Int64.fetchOne(db, sql: "SELECT version FROM calendar WHERE id = ?", arguments: [id])
            guard current == change.expectedVersion else {
                throw StoreError(.conflict, "calendar \(id) is at version \(current.map(String.init) ?? "none"), "
                                 + "the change was prepared against \(change.expectedVersion.map(String.init) ?? "none")")
            }
            try Self.upsert(change.calendar, db)
            if change.rebuildsIndex {
                try db.execute(sql: "DELETE FROM instance WHERE calendar_id = ?", arguments: [id])
            }
            let dropSeries = try db.cachedStatement(sql: "DELETE FROM series WHERE calendar_id = ? AND uid = ?")
            let dropRows = try db.cachedStatement(sql: "DELETE FROM instance WHERE calendar_id = ? AND series_id = ?")
            for uid in change.removedSeries {
                try dropSeries.execute(arguments: [id, uid])
                if !change.rebuildsIndex { try dropRows.execute(arguments: [id, uid]) }
            }
            let putSeries = try db.cachedStatement(sql: "INSERT OR REPLACE INTO series (calendar_id, uid, digest, text) VALUES (?, ?, ?, ?)")
            for s in change.series { try putSeries.execute(arguments: [id, s.uid, s.digest, s.text]) }
            let putRow = try db.cachedStatement(sql: """
                INSERT INTO instance (calendar_id, series_id, key, kind, start_key, end_key, local, rid_local, offset, is_repeat,
                                      lo, hi, long, status, title, zone) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            for r in change.instances {
                try putRow.execute(arguments: [id, r.seriesID, r.key, r.kind, r.startKey, r.endKey, r.local, r.ridLocal, r.offset,
                                               r.isRepeat, r.lo, r.hi, r.isLong, r.status, r.title, r.zone])
            }
            if let zones = change.zones {
                try db.execute(sql: "DELETE FROM zone WHERE calendar_id = ?", arguments: [id])
                for z in zones {
                    try db.execute(sql: "INSERT INTO zone (calendar_id, tzid, transitions, offsets) VALUES (?, ?, ?, ?)",
                                   arguments: [id, z.tzid, z.transitions, z.offsets])
                }
            }
            // The records there are now (a mark made since the change was
            // prepared among them), carried; old keys first, then new ones:
            // a record may move to the key another one leaves (the moves
            // never collide: RecordCarry).
            let records = try Self.records(RecordQuery(calendars: [id], seriesIDs: change.carriedSeries), in: db)
            let moves = records.isEmpty ? [] : change.carry(records)
            for m in moves where m.old.record.key != m.new.record.key {
                try db.execute(sql: "DELETE FROM record WHERE calendar_id = ? AND key = ?", arguments: [id, m.old.record.key.description])
            }
            for m in moves {
                let new = RecordColumns(m.new)
                try Self.put(new, db)
                let moved = m.old.record.key != m.new.record.key
                try Self.history(new, change: m.change, previousKey: moved ? m.old.record.key.description : nil, at: change.at.secondsSinceEpoch, db)
            }
            return moves
        }
    }

    static func upsert(_ c: StoredCalendar, _ db: Database) throws {
        try db.execute(sql: """
            INSERT INTO calendar (id, owner, source, etag, sync_token, last_fetch, horizon_start, horizon_end, zone, version)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT(id) DO UPDATE SET owner = excluded.owner, source = excluded.source, etag = excluded.etag,
                sync_token = excluded.sync_token, last_fetch = excluded.last_fetch, horizon_start = excluded.horizon_start,
                horizon_end = excluded.horizon_end, zone = excluded.zone, version = excluded.version
            """, arguments: [c.id, c.owner, c.source.rawValue, c.sync.etag, c.sync.syncToken, c.sync.lastFetch?.secondsSinceEpoch,
                             c.horizon.lowerBound.secondsSinceEpoch, c.horizon.upperBound.secondsSinceEpoch, c.zoneID, c.version])
    }

    static func put(_ r: RecordColumns, _ db: Database) throws {
        try db.execute(sql: """
            INSERT INTO record (calendar_id, key, series_id, day, mark, fraction, note, recorded_at, orphaned_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT(calendar_id, key) DO UPDATE SET series_id = excluded.series_id, day = excluded.day, mark = excluded.mark,
                fraction = excluded.fraction, note = excluded.note, recorded_at = excluded.recorded_at, orphaned_at = excluded.orphaned_at
            """, arguments: [r.calendarID, r.key, r.seriesID, r.day, r.mark, r.fraction, r.note, r.recordedAt, r.orphanedAt])
    }

    static func history(_ r: RecordColumns, change: RecordChange.Change, previousKey: String?, at: Int64, _ db: Database) throws {
        try db.execute(sql: """
            INSERT INTO record_history (calendar_id, key, previous_key, change, mark, fraction, note, recorded_at, at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [r.calendarID, r.key, previousKey, change.rawValue, r.mark, r.fraction, r.note, r.recordedAt, at])
    }

    package func mark(_ record: StoredRecord, at: Timestamp) async throws(StoreError) -> StoredRecord {
        let columns = RecordColumns(record)
        let orphaned: Bool = try await write { db in
            var r = columns
            guard let h = try Row.fetchOne(db, sql: "SELECT horizon_start, horizon_end FROM calendar WHERE id = ?", arguments: [r.calendarID])
            else { throw StoreError(.notFound, "no calendar \"\(columns.calendarID)\" in the store") }
            if horizonHolds(day: r.day, horizonStart: h[0], horizonEnd: h[1]),
               try Int.fetchOne(db, sql: "SELECT 1 FROM instance WHERE calendar_id = ? AND series_id = ? AND key = ? LIMIT 1",
                                arguments: [r.calendarID, r.seriesID, r.occurrenceKey]) == nil {
                r.orphanedAt = at.secondsSinceEpoch
            }
            try Self.put(r, db)
            try Self.history(r, change: .marked, previousKey: nil, at: at.secondsSinceEpoch, db)
            return r.orphanedAt != nil
        }
        return StoredRecord(calendarID: record.calendarID, record: record.record, orphanedAt: orphaned ? at : record.orphanedAt)
    }
}
