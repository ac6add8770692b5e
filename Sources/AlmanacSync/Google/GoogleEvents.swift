import Almanac
import AlmanacCalendar

/// Reads Google Calendar API events (the `events.list` resource, JSON) into
/// ``SyncEvent``s.
///
/// ```swift
/// let events = try GoogleEvents.read(json: Array(data))
/// events[0].series.overrides   // moved and cancelled instances, from the exception items
/// ```
///
/// What it reads, per item (unknown fields are ignored):
/// - `id`, `iCalUID` (the UID; `id` when absent), `summary`, `status`,
///   `etag`, `updated` (last modification), `sequence`;
/// - `start` and `end`: `{"date": "2024-05-06"}` for all-day events (the end
///   date is exclusive, as DTEND of a DATE event), or `{"dateTime":
///   "2024-05-06T09:00:00+02:00", "timeZone": "Europe/Paris"}`: the instant is
///   the `dateTime` (its offset wins), the zone is `timeZone`, else the
///   response's `timeZone` (the calendar's), else UTC for `Z` and the fixed
///   offset otherwise;
/// - `recurrence`: `RRULE:`, `EXRULE:`, `RDATE` and `EXDATE` lines, read as
///   iCalendar properties against `start`;
/// - exceptions: items with `recurringEventId` and `originalStartTime` join
///   their series as overrides (a whole component: own start, end, summary,
///   status); `status: "cancelled"` ones (which may carry nothing else)
///   cancel their instance. An exception whose series is not in the input
///   is an event of its own; a cancelled one with no time is left out.
///
/// The input is one response, an array of responses or of items, or several
/// responses concatenated (the pages of a paginated list).
public enum GoogleEvents {
    /// Reads events from Google Calendar API JSON.
    ///
    /// - Throws: ``AlmanacError`` of kind `invalid_request` naming the field
    ///   (`items[3].start.dateTime: ...`), or `unknown_zone`'s message for a
    ///   zone nobody knows.
    /// - Complexity: O(n) in the input, plus reading each recurrence line.
    public static func read(json bytes: [UInt8]) throws(AlmanacError) -> [SyncEvent] {
        var items: [_GoogleItem] = []
        for doc in try _Payload.documents(bytes) { try collect(doc, zone: nil, into: &items) }
        return try assemble(items)
    }

    /// Reads events from Google Calendar API JSON text.
    public static func read(json text: String) throws(AlmanacError) -> [SyncEvent] { try read(json: Array(text.utf8)) }

    /// A page (`{"items": [...], "timeZone": ...}`), an array of pages or items, or one item.
    static func collect(_ f: _JSONField, zone: Zone?, into items: inout [_GoogleItem]) throws(AlmanacError) {
        if f.isObject, let list = f["items"] {
            let pageZone = try f["timeZone"].map { z throws(AlmanacError) in try _Payload.zone(z) } ?? zone
            for item in try list.array() { items.append(try _GoogleItem(item, calendarZone: pageZone)) }
        } else if f.isObject {
            items.append(try _GoogleItem(f, calendarZone: zone))
        } else {
            for element in try f.array() { try collect(element, zone: zone, into: &items) }
        }
    }

    /// Series first, in input order, then the exceptions folded into them.
    static func assemble(_ items: [_GoogleItem]) throws(AlmanacError) -> [SyncEvent] {
        var events: [SyncEvent] = [], byID: [String: Int] = [:]
        for item in items where item.recurringEventID == nil {
            guard let e = try item.event() else { continue }
            if byID[item.id] == nil { byID[item.id] = events.count }
            events.append(e)
        }
        for item in items {
            guard let master = item.recurringEventID else { continue }
            if let k = byID[master] {
                if let o = try item.override(of: events[k].series) { events[k].series.overrides.append(o) }
            } else if let e = try item.event() {
                events.append(e)
            }
        }
        return events
    }
}

/// One item of a Google response, its fields read.
struct _GoogleItem {
    let field: _JSONField
    let id: String
    let recurringEventID: String?
    let status: CalendarEvent.Status?
    let start: Anchor?, end: Anchor?, originalStart: Anchor?

    init(_ f: _JSONField, calendarZone: Zone?) throws(AlmanacError) {
        field = f
        id = try f.requiredString("id")
        recurringEventID = try f["recurringEventId"]?.string()
        status = try f["status"].map { s throws(AlmanacError) in CalendarEvent.Status(rawValue: try s.string()) }
        start = try f["start"].map { s throws(AlmanacError) in try Self.anchor(s, calendarZone) }
        end = try f["end"].map { s throws(AlmanacError) in try Self.anchor(s, calendarZone) }
        originalStart = try f["originalStartTime"].map { s throws(AlmanacError) in try Self.anchor(s, calendarZone) }
    }

    /// `{"date": ...}` or `{"dateTime": ..., "timeZone": ...}`.
    static func anchor(_ f: _JSONField, _ calendarZone: Zone?) throws(AlmanacError) -> Anchor {
        if let d = f["date"] {
            guard let date = _ISOValue.date(try d.string()) else { throw d.fault("expected a date as YYYY-MM-DD") }
            return .date(date)
        }
        guard let dt = f["dateTime"] else { throw f.fault("missing field \"date\" or \"dateTime\"") }
        guard let (civil, offset) = _ISOValue.dateTime(try dt.string()) else {
            throw dt.fault("expected an RFC 3339 date-time such as 2024-05-06T09:00:00+02:00")
        }
        let zone = try f["timeZone"].map { z throws(AlmanacError) in try _Payload.zone(z) } ?? calendarZone
        switch (zone, offset) {
        case (let z?, let o?): return _Payload.zoned(civil, offset: o, in: z)
        case (let z?, nil): return .zoned(civil, z)
        case (nil, let o?): return o == .zero ? .utc(civil) : _Payload.zoned(civil, offset: o, in: .fixed(o))
        case (nil, nil): return .floating(civil)
        }
    }

    var summary: String? { get throws(AlmanacError) { try field["summary"]?.string() } }

    /// The item as a series of its own; `nil` for a cancelled exception with no time.
    func event() throws(AlmanacError) -> SyncEvent? {
        guard let start = start ?? originalStart else {
            if status == .cancelled { return nil }
            throw field.fault("missing field \"start\"")
        }
        let (set, periods) = try _Payload.recurrence(try field["recurrence"]?.array() ?? [], start: start, end: end)
        let uid = try field["iCalUID"]?.string() ?? id
        let updated = try field["updated"].map { u throws(AlmanacError) in try u.instant(expecting: "an RFC 3339 date-time") }
        let series = CalendarEvent(uid: uid, summary: try summary, status: status, sequence: try field["sequence"]?.int(),
                                   lastModified: updated, recurrence: set, periods: periods)
        return SyncEvent(id: id, source: .google, etag: try field["etag"]?.string(), series: series)
    }

    /// The item as an override of `series`: its own start, end, summary and
    /// status; a cancelled one keeps the instance's time and length.
    func override(of series: CalendarEvent) throws(AlmanacError) -> CalendarEvent.Override? {
        guard let rid = originalStart else { throw field.fault("missing field \"originalStartTime\"") }
        if status == .cancelled {
            return CalendarEvent.Override(recurrenceID: rid, start: start ?? rid, length: end.map { .end($0) } ?? _Payload.duration(of: series.recurrence),
                                          summary: try summary ?? series.summary, status: .cancelled)
        }
        guard let start else { throw field.fault("missing field \"start\"") }
        return CalendarEvent.Override(recurrenceID: rid, start: start, length: end.map { .end($0) }, summary: try summary,
                                      status: status, sequence: try field["sequence"]?.int())
    }
}
