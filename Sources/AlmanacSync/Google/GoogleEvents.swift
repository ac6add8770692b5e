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
/// - `reminders` as alarms relative to the start (`useDefault: true`: the
///   page's `defaultReminders`; else `overrides`, `popup` DISPLAY and
///   `email` EMAIL, `minutes` before), `transparency` (`Transparency`),
///   `eventType: "outOfOffice"` (BUSY-UNAVAILABLE);
/// - exceptions: items with `recurringEventId` and `originalStartTime` join
///   their series as overrides (a whole component: own start, end, summary,
///   status, transparency, reminders: the series' when it has no
///   `reminders`); `status: "cancelled"` ones (which may carry nothing else)
///   cancel their instance. An exception whose series is not in the input
///   is an event of its own; a cancelled one with no time is left out.
///
/// The input is one response (`{"kind": "calendar#events", "items": []}`,
/// or with no `items`, for no events), an array of responses or of items,
/// or several responses concatenated (the pages of a paginated list).
public enum GoogleEvents {
    /// Reads events from Google Calendar API JSON, every item as Google
    /// documents it: `read(json: bytes, mode: .strict).events`.
    ///
    /// ```swift
    /// let events = try GoogleEvents.read(json: Array(#"{"kind": "calendar#events", "items": []}"#.utf8))   // []
    /// ```
    ///
    /// - Throws: `AlmanacError` of kind `invalid_request` naming the item
    ///   and the field (`items[3] (id "abc"): start.dateTime: ...`).
    /// - Complexity: O(n) in the input, plus reading each recurrence line.
    public static func read(json bytes: [UInt8]) throws(AlmanacError) -> [SyncEvent] {
        try read(json: bytes, mode: .strict).events
    }

    /// Reads events from Google Calendar API JSON text (see `read(json:)` on bytes).
    ///
    /// ```swift
    /// let events = try GoogleEvents.read(json: #"{"kind": "calendar#events"}"#)   // []
    /// ```
    public static func read(json text: String) throws(AlmanacError) -> [SyncEvent] { try read(json: Array(text.utf8)) }

    /// Reads events from Google Calendar API JSON, with what the reader noticed.
    ///
    /// In lenient mode an item that cannot be read (a missing field, an
    /// unknown zone, a recurrence line that cannot be read) is left out with
    /// a reading naming it by its place and id, and the recurrence lines are
    /// read as the `.ics` reader's lenient mode reads them (its readings
    /// come along); in strict mode each of these is an error naming the
    /// same, and the lines are read as strict RFC 5545.
    ///
    /// ```swift
    /// let payload = try GoogleEvents.read(json: bytes, mode: .lenient)
    /// for r in payload.readings { print("note:", r) }   // items[1] (id "x"): skipped: start.timeZone: unknown time zone "Mars/Base"
    /// ```
    ///
    /// - Throws: `AlmanacError` for input that is not JSON or not a
    ///   response; in strict mode also for an item that cannot be read.
    /// - Complexity: O(n) in the input, plus reading each recurrence line.
    public static func read(json bytes: [UInt8], mode: RecurrenceRule.ParsingMode) throws(AlmanacError) -> SyncPayload {
        var fields: [GooglePlace] = []
        for doc in try Payload.documents(bytes) { try collect(doc, zone: nil, into: &fields) }
        var log = ReadLog(mode: mode)
        let events = try assemble(fields, log: &log)
        return SyncPayload(events: events, readings: log.readings(inOrderOf: fields.map(\.item)))
    }

    /// Reads events from Google Calendar API JSON text, with what the reader
    /// noticed (see `read(json:mode:)` on bytes).
    ///
    /// ```swift
    /// let payload = try GoogleEvents.read(json: #"{"items": []}"#, mode: .lenient)   // no events, no readings
    /// ```
    public static func read(json text: String, mode: RecurrenceRule.ParsingMode) throws(AlmanacError) -> SyncPayload {
        try read(json: Array(text.utf8), mode: mode)
    }

    /// The items of a page (`{"items": [...], "timeZone": ...}`; a page
    /// with no `items` lists none), of an array of pages or items, or one
    /// item, each with the calendar's zone and its page.
    static func collect(_ f: JSONField, zone: Zone?, into items: inout [GooglePlace]) throws(AlmanacError) {
        if f.isObject, isPage(f) {
            let pageZone = try f["timeZone"].map { z throws(AlmanacError) in try Payload.zone(z) } ?? zone
            for item in try f["items"]?.array() ?? [] { items.append(GooglePlace(item: item, zone: pageZone, page: f)) }
        } else if f.isObject {
            items.append(GooglePlace(item: f, zone: zone, page: nil))
        } else {
            for element in try f.array() { try collect(element, zone: zone, into: &items) }
        }
    }

    /// A page of `events.list`: it has `items`, or is of kind
    /// `calendar#events`, or has a page's own fields and no `id` (Google
    /// leaves `items` out of a page that lists no event).
    static func isPage(_ f: JSONField) -> Bool {
        if f.has("items") { return true }
        if let k = f["kind"], case .string(let kind) = k.value { return kind == "calendar#events" }
        return !f.has("id") && ["nextPageToken", "nextSyncToken", "accessRole", "defaultReminders"].contains(where: f.has)
    }

    /// Series first, in input order, then the exceptions folded into them.
    static func assemble(_ fields: [GooglePlace], log: inout ReadLog) throws(AlmanacError) -> [SyncEvent] {
        var exceptions: [GoogleItem] = [], events: [SyncEvent] = [], byID: [String: Int] = [:]
        var defaults: [String: [Alarm]] = [:]
        for place in fields {
            let f = place.item
            var pageDefaults: [Alarm]? = nil
            if let page = place.page {
                if defaults[page.path] == nil { defaults[page.path] = try GoogleReminders.defaults(of: page, log: &log) }
                pageDefaults = defaults[page.path]
            }
            guard let item = try log.item(f, { (_) throws(AlmanacError) in
                try GoogleItem(f, calendarZone: place.zone, defaultReminders: pageDefaults ?? [])
            }) else { continue }
            guard item.recurringEventID == nil else { exceptions.append(item); continue }
            guard let e = try log.item(f, { (log) throws(AlmanacError) in try item.event(log: &log) }) ?? nil else { continue }
            if byID[item.id] == nil { byID[item.id] = events.count }
            events.append(e)
        }
        for item in exceptions {
            if let k = byID[item.recurringEventID ?? ""] {
                let series = events[k].series
                if let o = try log.item(item.field, { (log) throws(AlmanacError) in try item.override(of: series, log: &log) }) ?? nil {
                    events[k].series.overrides.append(o)
                }
            } else if let e = try log.item(item.field, { (log) throws(AlmanacError) in try item.event(log: &log) }) ?? nil {
                events.append(e)
            }
        }
        return events
    }
}

/// Where an item was found: the item, its calendar's zone, and the page
/// (the `events.list` response) around it, which holds the calendar's
/// `defaultReminders`; `nil` for an item given alone or in an array.
struct GooglePlace {
    let item: JSONField
    let zone: Zone?
    let page: JSONField?
}

/// One item of a Google response, its fields read.
struct GoogleItem {
    let field: JSONField
    let id: String
    let recurringEventID: String?
    let status: CalendarEvent.Status?
    let start: Anchor?, end: Anchor?, originalStart: Anchor?
    /// The calendar's default reminders (its page's `defaultReminders`).
    let defaultReminders: [Alarm]

    init(_ f: JSONField, calendarZone: Zone?, defaultReminders: [Alarm]) throws(AlmanacError) {
        field = f
        self.defaultReminders = defaultReminders
        id = try f.requiredString("id")
        recurringEventID = try f["recurringEventId"]?.string()
        status = try f["status"].map { s throws(AlmanacError) in CalendarEvent.Status(rawValue: try s.string()) }
        start = try f["start"].map { s throws(AlmanacError) in try Self.anchor(s, calendarZone) }
        end = try f["end"].map { s throws(AlmanacError) in try Self.anchor(s, calendarZone) }
        originalStart = try f["originalStartTime"].map { s throws(AlmanacError) in try Self.anchor(s, calendarZone) }
    }

    /// `{"date": ...}` or `{"dateTime": ..., "timeZone": ...}`.
    static func anchor(_ f: JSONField, _ calendarZone: Zone?) throws(AlmanacError) -> Anchor {
        if let d = f["date"] {
            guard let date = ISOValue.date(try d.string()) else { throw d.fault("expected a date as YYYY-MM-DD") }
            return .date(date)
        }
        guard let dt = f["dateTime"] else { throw f.fault("missing field \"date\" or \"dateTime\"") }
        guard let (civil, offset) = ISOValue.dateTime(try dt.string()) else {
            throw dt.fault("expected an RFC 3339 date-time such as 2024-05-06T09:00:00+02:00")
        }
        let zone = try f["timeZone"].map { z throws(AlmanacError) in try Payload.zone(z) } ?? calendarZone
        switch (zone, offset) {
        case (let z?, let o?): return Payload.zoned(civil, offset: o, in: z)
        case (let z?, nil): return .zoned(civil, z)
        case (nil, let o?): return o == .zero ? .utc(civil) : Payload.zoned(civil, offset: o, in: .fixed(o))
        case (nil, nil): return .floating(civil)
        }
    }

    var summary: String? { get throws(AlmanacError) { try field["summary"]?.string() } }

    /// The item as a series of its own; `nil` for a cancelled exception with no time.
    func event(log: inout ReadLog) throws(AlmanacError) -> SyncEvent? {
        guard let start = start ?? originalStart else {
            if status == .cancelled { return nil }
            throw field.fault("missing field \"start\"")
        }
        let (set, periods) = try Payload.recurrence(try field["recurrence"]?.array() ?? [], start: start, end: end, item: field, log: &log)
        let uid = try field["iCalUID"]?.string() ?? id
        let updated = try field["updated"].map { u throws(AlmanacError) in try u.instant(expecting: "an RFC 3339 date-time") }
        let series = CalendarEvent(id: uid, title: try summary, status: status, sequence: try field["sequence"]?.int(),
                                   lastModified: updated, recurrence: set, rdatePeriods: periods,
                                   transparency: try GoogleAvailability.transparency(field, log: &log),
                                   busyType: try GoogleAvailability.busyType(field), alarms: try alarms(log: &log) ?? [])
        return SyncEvent(sourceID: id, origin: .google, etag: try field["etag"]?.string(), series: series)
    }

    /// The item's `reminders` as alarms; `nil` when it has no `reminders`.
    func alarms(log: inout ReadLog) throws(AlmanacError) -> [Alarm]? {
        guard let r = field["reminders"] else { return nil }
        return try GoogleReminders.alarms(r, item: field, defaults: defaultReminders, log: &log)
    }

    /// The item as an override of `series`: its own start, end, summary,
    /// status, transparency and reminders; a cancelled one keeps the
    /// instance's time and length.
    ///
    /// An exception without `reminders` keeps the series' alarms: Google
    /// documents an exception as a whole event resource, whose reminders it
    /// always writes (`useDefault: true` at least), so a missing field is a
    /// partial response (`fields=`), not "no reminders", which Google
    /// writes as `useDefault: false` with no overrides.
    func override(of series: CalendarEvent, log: inout ReadLog) throws(AlmanacError) -> CalendarEvent.Override? {
        guard let rid = originalStart else { throw field.fault("missing field \"originalStartTime\"") }
        let alarms = try alarms(log: &log) ?? series.alarms
        let transparency = try GoogleAvailability.transparency(field, log: &log), busyType = try GoogleAvailability.busyType(field)
        if status == .cancelled {
            return CalendarEvent.Override(originalStart: rid, start: start ?? rid, length: end.map { .end($0) } ?? Payload.duration(of: series.recurrence),
                                          title: try summary ?? series.title, status: .cancelled, transparency: transparency,
                                          busyType: busyType, alarms: alarms)
        }
        guard let start else { throw field.fault("missing field \"start\"") }
        return CalendarEvent.Override(originalStart: rid, start: start, length: end.map { .end($0) }, title: try summary,
                                      status: status, sequence: try field["sequence"]?.int(), transparency: transparency,
                                      busyType: busyType, alarms: alarms)
    }
}
