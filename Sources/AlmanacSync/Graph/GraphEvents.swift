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
/// - `isReminderOn` and `reminderMinutesBeforeStart`: one DISPLAY alarm
///   that many minutes before the start; `showAs` as `Transparency` and
///   busy type (`free` and `workingElsewhere` transparent, `tentative`
///   BUSY-TENTATIVE, `busy` BUSY, `oof` BUSY-UNAVAILABLE); an exception
///   without them keeps its master's;
/// - `start` and `end` as `{dateTime, timeZone}` (Windows or IANA names):
///   the instant they name, on the clock of the event's own zone,
///   `originalStartTimeZone` (`originalEndTimeZone` for the end), else the
///   zone they are written in. Graph writes them in UTC unless the request
///   says `Prefer: outlook.timezone`; both forms read the same. With
///   `isAllDay`, their dates (the end exclusive): Graph writes midnight,
///   labelled UTC or the preferred zone, and the date is read as written
///   (a value not at midnight is read on the clock of `originalStartTimeZone`);
/// - `type`: a `seriesMaster` with `recurrence` (``GraphRecurrence``) recurs
///   in `recurrence.range.recurrenceTimeZone`, else `originalStartTimeZone`,
///   else the zone `start` is written in: the series starts on the range's
///   `startDate` at the time of day `start` shows on that zone's clock, and
///   its first instance is the pattern's first match from there, as Graph
///   counts. `exception`s with `seriesMasterId` and `originalStart` (an
///   instant, always UTC) join it as overrides of the instance starting
///   then (a cancelled one, `isCancelled`, cancels it), as do the dates of
///   its `cancelledOccurrences` (`OID.{id}.{date}`, the date on the
///   recurrence zone's clock); `occurrence`s (a calendar view's expanded
///   instances) are left out when their master is there, and are events of
///   their own otherwise, as is an exception whose master is missing;
///   `singleInstance`s are events.
/// - Zone names: Windows or IANA ones. `tzone://Microsoft/Custom` (a legacy
///   custom zone of desktop Outlook, which Graph does not describe) and a
///   name no zone database knows are passed over for the next zone in the
///   order above, with a reading (``SyncReading/Kind/zone``); in strict
///   mode an unknown name is an error (the custom mark is not: Graph
///   documents it).
///
/// The input is one response (`{"value": [...]}`, `{"value": []}` for no
/// events), an array of responses or of events, or several responses
/// concatenated (pages: `@odata.nextLink`).
public enum GraphEvents {
    /// Reads events from Microsoft Graph JSON, every item as Graph
    /// documents it: `read(json: bytes, mode: .strict).events`.
    ///
    /// ```swift
    /// let events = try GraphEvents.read(json: Array(#"{"value": []}"#.utf8))   // []
    /// ```
    ///
    /// - Throws: `AlmanacError` naming the item and the field
    ///   (`value[2] (id "AAMkX"): recurrence.pattern.type: ...`).
    /// - Complexity: O(n) in the input.
    public static func read(json bytes: [UInt8]) throws(AlmanacError) -> [SyncEvent] {
        try read(json: bytes, mode: .strict).events
    }

    /// Reads events from Microsoft Graph JSON text (see `read(json:)` on bytes).
    ///
    /// ```swift
    /// let events = try GraphEvents.read(json: #"{"value": []}"#)   // []
    /// ```
    public static func read(json text: String) throws(AlmanacError) -> [SyncEvent] { try read(json: Array(text.utf8)) }

    /// Reads events from Microsoft Graph JSON, with what the reader noticed.
    ///
    /// In lenient mode an item that cannot be read (a missing field, an
    /// unknown zone in `start`, a pattern Graph does not have) is left out
    /// with a reading naming it by its place and id; in strict mode it is an
    /// error naming the same. Either way the JSON itself must parse.
    ///
    /// ```swift
    /// let payload = try GraphEvents.read(json: bytes, mode: .lenient)
    /// for r in payload.readings { print("note:", r) }   // value[1] (id "AAMkX"): skipped: missing field "start"
    /// ```
    ///
    /// - Throws: `AlmanacError` for input that is not JSON or not a Graph
    ///   response; in strict mode also for an item that cannot be read.
    /// - Complexity: O(n) in the input.
    public static func read(json bytes: [UInt8], mode: RecurrenceRule.ParsingMode) throws(AlmanacError) -> SyncPayload {
        var fields: [JSONField] = []
        for doc in try Payload.documents(bytes) { try collect(doc, into: &fields) }
        var log = ReadLog(mode: mode)
        var exceptions: [GraphItem] = [], events: [SyncEvent] = [], byID: [String: Int] = [:]
        for f in fields {
            guard let item = try log.item(f, { (log) throws(AlmanacError) in try GraphItem(f, log: &log) }) else { continue }
            guard item.masterID == nil else { exceptions.append(item); continue }
            guard let e = try log.item(f, { (log) throws(AlmanacError) in try item.event(log: &log) }) else { continue }
            if byID[item.id] == nil { byID[item.id] = events.count }
            events.append(e)
        }
        for item in exceptions {
            if let k = byID[item.masterID ?? ""] {
                if item.type == "occurrence" { continue }
                let series = events[k].series
                if let o = try log.item(item.field, { (_) throws(AlmanacError) in try item.override(of: series) }) {
                    events[k].series.overrides.append(o)
                }
            } else if let e = try log.item(item.field, { (log) throws(AlmanacError) in try item.event(log: &log) }) {
                events.append(e)
            }
        }
        return SyncPayload(events: events, readings: log.readings(inOrderOf: fields))
    }

    /// Reads events from Microsoft Graph JSON text, with what the reader
    /// noticed (see `read(json:mode:)` on bytes).
    ///
    /// ```swift
    /// let payload = try GraphEvents.read(json: #"{"value": []}"#, mode: .lenient)   // no events, no readings
    /// ```
    public static func read(json text: String, mode: RecurrenceRule.ParsingMode) throws(AlmanacError) -> SyncPayload {
        try read(json: Array(text.utf8), mode: mode)
    }

    /// The event items of a response (`value`, possibly empty), of a page
    /// that lists none (`@odata.context` or a next or delta link, no `id`),
    /// of an array of either, or one event.
    static func collect(_ f: JSONField, into items: inout [JSONField]) throws(AlmanacError) {
        if f.isObject, f.has("value") {
            items += try f["value"]?.array() ?? []
        } else if f.isObject, !f.has("id"), ["@odata.context", "@odata.nextLink", "@odata.deltaLink"].contains(where: f.has) {
            return
        } else if f.isObject {
            items.append(f)
        } else {
            for element in try f.array() { try collect(element, into: &items) }
        }
    }
}
