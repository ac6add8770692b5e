import Almanac
import AlmanacCalendar

/// Reads Microsoft Graph events (JSON: `/me/events`, `/me/calendarView`)
/// into ``SyncEvent``s.
///
/// ```swift
/// let events = try GraphEvents.read(json: Array(data))
/// events[0].series.recurrence.rules   // from the series master's patternedRecurrence
/// ```
///
/// What it reads, per event (unknown fields are ignored):
/// - `id`, `iCalUId` (the UID; `id` when absent), `subject`,
///   `lastModifiedDateTime`, `@odata.etag`, `isCancelled`, `showAs:
///   tentative` (TENTATIVE);
/// - `start` and `end` as `{dateTime, timeZone}`: the wall clock in that
///   zone (Windows or IANA names); with `isAllDay`, their dates (the end
///   exclusive);
/// - `type`: a `seriesMaster` with `recurrence` (``GraphRecurrence``: the
///   series starts on the range's `startDate` at the start's time of day, in
///   `recurrenceTimeZone`, and its first instance is the pattern's first
///   match from there, as Graph counts); `exception`s with `seriesMasterId`
///   and `originalStart` join it as overrides (a cancelled one, `isCancelled`,
///   cancels its instance), as do the dates of its `cancelledOccurrences`;
///   `occurrence`s (a calendar view's expanded instances) are left out when
///   their master is there, and are events of their own otherwise, as is an
///   exception whose master is missing; `singleInstance`s are events.
///
/// The input is one response (`{"value": [...]}`), an array of responses or
/// of events, or several responses concatenated (pages: `@odata.nextLink`).
public enum GraphEvents {
    /// Reads events from Microsoft Graph JSON.
    ///
    /// - Throws: ``AlmanacError`` naming the field (`value[2].recurrence.pattern.type: ...`).
    /// - Complexity: O(n) in the input.
    public static func read(json bytes: [UInt8]) throws(AlmanacError) -> [SyncEvent] {
        var items: [_GraphItem] = []
        for doc in try _Payload.documents(bytes) { try collect(doc, into: &items) }
        var events: [SyncEvent] = [], byID: [String: Int] = [:]
        for item in items where item.masterID == nil {
            if byID[item.id] == nil { byID[item.id] = events.count }
            events.append(try item.event())
        }
        for item in items {
            guard let master = item.masterID else { continue }
            if let k = byID[master] {
                if item.type == "occurrence" { continue }
                events[k].series.overrides.append(try item.override(of: events[k].series))
            } else {
                events.append(try item.event())
            }
        }
        return events
    }

    /// Reads events from Microsoft Graph JSON text.
    public static func read(json text: String) throws(AlmanacError) -> [SyncEvent] { try read(json: Array(text.utf8)) }

    static func collect(_ f: _JSONField, into items: inout [_GraphItem]) throws(AlmanacError) {
        if f.isObject, let list = f["value"] {
            for item in try list.array() { items.append(try _GraphItem(item)) }
        } else if f.isObject {
            items.append(try _GraphItem(f))
        } else {
            for element in try f.array() { try collect(element, into: &items) }
        }
    }
}

/// One Graph event, its fields read.
struct _GraphItem {
    let field: _JSONField
    let id: String
    let type: String
    let masterID: String?
    let start: Anchor, end: Anchor?
    let status: CalendarEvent.Status?

    init(_ f: _JSONField) throws(AlmanacError) {
        field = f
        id = try f.requiredString("id")
        type = try f["type"]?.string() ?? "singleInstance"
        masterID = try f["seriesMasterId"]?.string()
        let allDay = try f["isAllDay"]?.bool() ?? false
        guard let s = f["start"] else { throw f.fault("missing field \"start\"") }
        start = try Self.anchor(s, allDay: allDay)
        end = try f["end"].map { e throws(AlmanacError) in try Self.anchor(e, allDay: allDay) }
        if try f["isCancelled"]?.bool() == true {
            status = .cancelled
        } else {
            status = try f["showAs"]?.string() == "tentative" ? .tentative : nil
        }
    }

    /// `{dateTime, timeZone}`: a wall clock in that zone, or a date when all day.
    static func anchor(_ f: _JSONField, allDay: Bool) throws(AlmanacError) -> Anchor {
        guard let dt = f["dateTime"] else { throw f.fault("missing field \"dateTime\"") }
        guard let (civil, offset) = _ISOValue.dateTime(try dt.string()) else {
            throw dt.fault("expected a date-time such as 2024-05-06T09:00:00.0000000")
        }
        if allDay { return .date(civil.date) }
        let zone = try f["timeZone"].map { z throws(AlmanacError) in try _Payload.zone(z) } ?? .utc
        if let offset { return _Payload.zoned(civil, offset: offset, in: zone) }
        return zone.identifier == "UTC" ? .utc(civil) : .zoned(civil, zone)
    }

    /// The length of the event, as a duration (an instance elsewhere keeps it).
    var length: RecurrenceSet.Length? {
        _Payload.duration(of: RecurrenceSet(start: start, length: end.map { .end($0) }))
    }

    func event() throws(AlmanacError) -> SyncEvent {
        var set = RecurrenceSet(start: start, length: end.map { .end($0) })
        var overrides: [CalendarEvent.Override] = []
        if type == "seriesMaster", let r = field["recurrence"] {
            set = try recurrence(r)
            for c in try field["cancelledOccurrences"]?.array() ?? [] { overrides.append(try cancelled(c, of: set, summary: try field["subject"]?.string())) }
        }
        let modified = try field["lastModifiedDateTime"].map { u throws(AlmanacError) in try u.instant() }
        let series = CalendarEvent(uid: try field["iCalUId"]?.string() ?? id, summary: try field["subject"]?.string(), status: status,
                                   lastModified: modified, recurrence: set, overrides: overrides)
        return SyncEvent(id: id, source: .graph, etag: try field["@odata.etag"]?.string(), series: series)
    }

    /// The series of a master: DTSTART on the range's start date at the
    /// start's time of day in the recurrence zone, moved to the pattern's
    /// first match (Graph does not count a start that does not match).
    func recurrence(_ r: _JSONField) throws(AlmanacError) -> RecurrenceSet {
        let g = try GraphRecurrence(r)
        var first: Anchor
        switch start {
        case .date: first = .date(g.range.startDate)
        case .zoned(let c, let z):
            let zone = try g.range.recurrenceTimeZone.map { id throws(AlmanacError) in
                do throws(AlmanacError) { return try Zone(id) } catch { throw r.fault("range.recurrenceTimeZone: unknown time zone \"\(id)\"") }
            } ?? z
            let wall = zone.civil(at: z.instant(of: c))?.0 ?? c
            first = .zoned(CivilDateTime(g.range.startDate, wall.time), zone)
        case .utc(let c), .floating(let c): first = start.withWallClock(CivilDateTime(g.range.startDate, c.time))
        }
        let rule: RecurrenceRule
        do throws(AlmanacError) { rule = try g.rule(start: first) } catch { throw r.fault(error.message) }
        var probe = RecurrenceSet(start: first, rules: [rule], options: ExpansionOptions(includesStart: false))
        if let o = try probe.occurrences().first(where: { _ in true }) {
            first = first.withWallClock(o.start)
        }
        probe.start = first
        probe.options = ExpansionOptions()
        probe.length = length
        return probe
    }

    /// `OID.{masterId}.2024-05-13`: the instance of that date is cancelled.
    func cancelled(_ c: _JSONField, of set: RecurrenceSet, summary: String?) throws(AlmanacError) -> CalendarEvent.Override {
        let text = try c.string()
        guard let tail = text.split(separator: ".").last, let date = _ISOValue.date(String(tail)) else {
            throw c.fault("expected OID.{id}.YYYY-MM-DD, found \"\(text)\"")
        }
        let rid = set.start.withWallClock(CivilDateTime(date, set.start.civil.time))
        return CalendarEvent.Override(recurrenceID: rid, start: rid, length: set.length, summary: summary, status: .cancelled)
    }

    /// An exception: its own start, end, subject; `originalStart` names the
    /// instance (an instant; its date in `originalStartTimeZone` for an all-day series).
    func override(of series: CalendarEvent) throws(AlmanacError) -> CalendarEvent.Override {
        guard let os = field["originalStart"] else { throw field.fault("missing field \"originalStart\"") }
        guard let (civil, offset) = _ISOValue.dateTime(try os.string()) else { throw os.fault("expected an ISO 8601 date-time") }
        let instant = _ISOValue.instant(civil, offset ?? .zero)
        var rid = Anchor.utc(CivilDateTime(localSeconds: instant.secondsSinceEpoch) ?? civil)
        if series.recurrence.start.kind == .date {
            // Graph writes custom names ("tzone://Microsoft/Custom") here too: those read as UTC.
            let zone = field["originalStartTimeZone"].flatMap { z in try? _Payload.zone(z) } ?? .utc
            rid = .date(zone.civil(at: instant)?.0.date ?? civil.date)
        }
        return CalendarEvent.Override(recurrenceID: rid, start: start, length: end.map { .end($0) },
                                      summary: try field["subject"]?.string(), status: status)
    }
}
