import Almanac
import AlmanacCalendar

/// One event from any origin, in one model: its identity in its origin, the
/// origin's version tag, and the series itself as a `CalendarEvent` (UID,
/// title, start and end, recurrence, overrides and cancellations, status,
/// last modification), so everything that occurs is computed by the engine.
///
/// ```swift
/// let events = try GoogleEvents.read(json: bytes)
/// let calendar = EventCalendar(events: events.map(\.series))
/// for o in calendar.occurrences(overlapping: week, viewer: paris) { print(o.title ?? "", o.key) }
/// ```
///
/// All-day events start and end on dates (`Anchor.date`), never on midnight
/// instants; timed events carry their zone (`Anchor.zoned`), or UTC.
public struct SyncEvent: Sendable, Hashable {
    /// Where an event was read from (the CLI's `--source`).
    public enum Origin: String, Sendable, Hashable, Codable, CaseIterable {
        /// An iCalendar file (RFC 5545).
        case ics
        /// The Google Calendar API (`events.list`).
        case google
        /// Microsoft Graph (`/me/events`, `/me/calendarView`).
        case graph
        /// Apple's EventKit, mapped field by field by the app.
        case eventkit
    }

    /// The event's id in its origin (Google's and Graph's `id`; the UID for
    /// an iCalendar file), to write back to the service. Exceptions are
    /// folded into their series, so this is the series' object. Not the
    /// series id that keys its occurrences: that is ``id``, the UID.
    ///
    /// ```swift
    /// event.sourceID   // "7cbh8rpc10lrc0ckih9tafss99"
    /// ```
    public var sourceID: String
    /// Where it was read from.
    public var origin: Origin
    /// The source's version tag (Google's `etag`, Graph's `@odata.etag`).
    public var etag: String?
    /// The series: UID (the key of its occurrences), title, start, end,
    /// recurrence, overrides (moved and cancelled instances), status.
    public var series: CalendarEvent

    /// An event from its parts.
    public init(sourceID: String, origin: Origin, etag: String? = nil, series: CalendarEvent) {
        self.sourceID = sourceID
        self.origin = origin
        self.etag = etag
        self.series = series
    }

    /// The title (SUMMARY, `summary`, `subject`).
    public var title: String? { series.title }
    /// The first start: a date for an all-day event.
    public var start: Anchor { series.recurrence.start }
    /// Whether the event is all day (its start is a date).
    public var isAllDay: Bool { series.recurrence.start.kind == .date }
}

extension SyncEvent {
    /// The series of an iCalendar file as sync events (id = UID).
    ///
    /// ```swift
    /// let events = SyncEvent.events(of: try EventCalendar(ics: bytes))
    /// ```
    public static func events(of calendar: EventCalendar) -> [SyncEvent] {
        calendar.events.map { SyncEvent(sourceID: $0.id, origin: .ics, series: $0) }
    }
}

extension SyncEvent.Origin {
    /// The source a payload most likely comes from: iCalendar text, or JSON
    /// with Graph's marks (`@odata.`, `isAllDay`, `subject`, `seriesMasterId`)
    /// or Google's (`calendar#event`, `iCalUID`, `recurringEventId`,
    /// `originalStartTime`), else Graph's list (`value`) or Google's
    /// (`items`, `nextSyncToken`, `nextPageToken`); `nil` when nothing tells.
    ///
    /// ```swift
    /// SyncEvent.Origin(guessing: Array(#"{"value":[{"@odata.etag":"W/1"}]}"#.utf8))   // .graph
    /// ```
    public init?(guessing bytes: [UInt8]) {
        guard let first = bytes.first(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 && $0 != 0xEF && $0 != 0xBB && $0 != 0xBF }) else { return nil }
        if first != UInt8(ascii: "{") && first != UInt8(ascii: "[") {
            guard bytes.contains(subsequence: "BEGIN:VCALENDAR") else { return nil }
            self = .ics
            return
        }
        if ["\"@odata.", "\"isAllDay\"", "\"subject\"", "\"seriesMasterId\""].contains(where: { bytes.contains(subsequence: $0) }) {
            self = .graph
        } else if ["\"calendar#event", "\"iCalUID\"", "\"recurringEventId\"", "\"originalStartTime\""].contains(where: { bytes.contains(subsequence: $0) }) {
            self = .google
        } else if bytes.contains(subsequence: "\"value\"") {
            self = .graph     // OData's list, which Google does not use: {"value": []}
        } else if ["\"items\"", "\"nextSyncToken\"", "\"nextPageToken\""].contains(where: { bytes.contains(subsequence: $0) }) {
            self = .google
        } else {
            return nil
        }
    }
}

extension [UInt8] {
    func contains(subsequence s: String) -> Bool {
        let needle = Array(s.utf8)
        guard let f = needle.first, needle.count <= count else { return false }
        var i = 0
        while i <= count - needle.count {
            if self[i] == f, self[i..<(i + needle.count)].elementsEqual(needle) { return true }
            i += 1
        }
        return false
    }
}
