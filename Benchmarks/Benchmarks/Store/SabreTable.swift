// ST2's Sabre-style baseline: what Sabre/dav and Nextcloud keep to answer a
// CalDAV time-range query (their `calendarobjects` table: one row per object,
// i.e. per UID, with `firstoccurence` and `lastoccurence`; an unbounded
// series, or one that ends after 2038, gets the cap), filtered in SQL, then
// the matching objects parsed and expanded.
//
// The best honest form of that approach, with Almanac's own parser and
// expander doing the expanding (faster than sabre/vobject's):
// - the objects' text is the file's own bytes: each series' VEVENT followed by
//   its overrides' (a CalDAV object), without the VTIMEZONEs: those are
//   read with the calendar header once per query, not once per object as a
//   stored VCALENDAR would repeat them;
// - first and last come from Almanac's expansion of each series up to 2038
//   (instants in UTC, floating and all-day ones widened by 18 hours, which
//   Sabre does not do); at or past 2038, the last is unbounded;
// - indexes on (calendarid, firstoccurence) and (calendarid, lastoccurence),
//   ANALYZEd, and the query Sabre's `calendarQuery` runs:
//   `lastoccurence >= start AND firstoccurence < end` (>=: a zero-length
//   instance at the window's start overlaps it, RFC 4791 9.9);
// - the selected objects read in one statement and parsed in one
//   `EventCalendar(ics:)`, then `occurrences(overlapping:)`.

import Almanac
import AlmanacCalendar
import Foundation
import GRDB

final class SabreTable: @unchecked Sendable {
    let db: DatabaseQueue
    /// The calendar's header and its VTIMEZONEs: what comes before the objects.
    let prefix: String
    let objects: Int

    /// Builds the table at `path` (removed first) from the file's bytes and the parsed calendar.
    init(path: String, file: [UInt8], calendar: EventCalendar) {
        removeStore(path)
        let (prefix, objects) = Self.split(file)
        precondition(objects.count == calendar.events.count, "ST2: \(objects.count) objects in the file, \(calendar.events.count) series")
        for (o, e) in zip(objects, calendar.events) where !o.replacingOccurrences(of: "\r\n ", with: "").contains("\r\nUID:\(e.id)\r\n") {
            fatalError("ST2: the object for \(e.id) does not hold its UID")
        }
        let (first, last) = Self.firstLast(calendar)
        self.prefix = prefix
        self.objects = objects.count
        db = must("cannot create \(path)") { try DatabaseQueue(path: path) }
        must("cannot fill \(path)") {
            try db.write { db in
                try db.execute(sql: """
                    CREATE TABLE calendarobjects (id INTEGER PRIMARY KEY, calendarid INTEGER NOT NULL, uri TEXT NOT NULL,
                        calendardata TEXT NOT NULL, componenttype TEXT NOT NULL, firstoccurence INTEGER, lastoccurence INTEGER)
                    """)
                let put = try db.makeStatement(sql: """
                    INSERT INTO calendarobjects (calendarid, uri, calendardata, componenttype, firstoccurence, lastoccurence)
                    VALUES (1, ?, ?, 'VEVENT', ?, ?)
                    """)
                for (i, o) in objects.enumerated() {
                    try put.execute(arguments: [calendar.events[i].id + ".ics", o, first[i], last[i]])
                }
                try db.execute(sql: "CREATE INDEX calendarobjects_first ON calendarobjects(calendarid, firstoccurence)")
                try db.execute(sql: "CREATE INDEX calendarobjects_last ON calendarobjects(calendarid, lastoccurence)")
                try db.execute(sql: "ANALYZE")
            }
        }
    }

    /// The objects whose first/last range can overlap `window`, and their text.
    func candidates(_ window: Range<Timestamp>) -> (count: Int, text: String) {
        must("Sabre-style query") {
            try db.read { db in
                var text = prefix, n = 0
                let rows = try String.fetchCursor(db, sql: """
                    SELECT calendardata FROM calendarobjects
                    WHERE calendarid = 1 AND componenttype = 'VEVENT' AND lastoccurence >= ? AND firstoccurence < ?
                    """, arguments: [window.lowerBound.secondsSinceEpoch, window.upperBound.secondsSinceEpoch])
                while let t = try rows.next() {
                    text += t
                    n += 1
                }
                text += "END:VCALENDAR\r\n"
                return (n, text)
            }
        }
    }

    /// A query: the candidates read, parsed and expanded over `window`.
    @inline(never)
    func tally(_ window: Range<Timestamp>) -> InstanceTally {
        let calendar = must("the selected objects do not read") { try EventCalendar(ics: candidates(window).text) }
        var t = InstanceTally()
        for o in calendar.occurrences(overlapping: window) { t.add(o.occurrence.instants(in: .utc)) }
        return t
    }

    /// The query's instances, for the check.
    func instances(_ window: Range<Timestamp>) -> [CalendarOccurrence] {
        let calendar = must("the selected objects do not read") { try EventCalendar(ics: candidates(window).text) }
        return Array(calendar.occurrences(overlapping: window))
    }

    /// The header with the VTIMEZONEs, and each object: a VEVENT without
    /// RECURRENCE-ID followed by those with one (the generator writes the
    /// overrides right after their series).
    static func split(_ file: [UInt8]) -> (String, [String]) {
        let lines = String(decoding: file, as: UTF8.self).components(separatedBy: "\r\n")
        var prefix = "", objects: [String] = [], block = "", inEvent = false, isOverride = false
        for l in lines where !l.isEmpty {
            if l == "BEGIN:VEVENT" { inEvent = true; isOverride = false; block = ""; }
            if !inEvent {
                if l != "END:VCALENDAR" && objects.isEmpty { prefix += l + "\r\n" }
                continue
            }
            block += l + "\r\n"
            if l.hasPrefix("RECURRENCE-ID") { isOverride = true }
            if l == "END:VEVENT" {
                inEvent = false
                if isOverride { objects[objects.count - 1] += block } else { objects.append(block) }
            }
        }
        return (prefix, objects)
    }

    /// Each series' first start and last end up to 2038 (Int64.max past it), by expansion.
    static func firstLast(_ calendar: EventCalendar) -> ([Int64], [Int64]) {
        let cap = must("2038") { try Timestamp(utc: CivilDate(2038, 1, 1).at(0, 0)) }
        var first = [Int64](repeating: .max, count: calendar.events.count), last = [Int64](repeating: .min, count: calendar.events.count)
        let reach: Int64 = 18 * 3600
        for o in calendar.occurrences(overlapping: Timestamp(secondsSinceEpoch: 0)..<cap) {
            let r = o.occurrence.instants(in: .utc)
            let exact = o.occurrence.kind == .utc || o.occurrence.kind == .zoned
            let (lo, hi) = exact ? (r.lowerBound.secondsSinceEpoch, r.upperBound.secondsSinceEpoch)
                : (r.lowerBound.secondsSinceEpoch - reach, r.upperBound.secondsSinceEpoch + reach)
            first[o.eventIndex] = min(first[o.eventIndex], lo)
            last[o.eventIndex] = max(last[o.eventIndex], hi)
        }
        for i in last.indices where last[i] >= cap.secondsSinceEpoch - 86_400 { last[i] = .max }
        return (first, last)
    }
}
