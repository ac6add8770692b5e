import Almanac
import AlmanacCalendar

/// A calendar read from any format Almanac reads (an iCalendar file, a
/// Google Calendar API payload, a Microsoft Graph payload), indexed once,
/// with what its reader noticed.
///
/// ```swift
/// let input = try CalendarInput(contentsOf: "Corpus/sync/graph-daily-exceptions.json")
/// input.format                      // .graph (told by its content)
/// for r in input.payloadReadings { print("note:", r) }
/// for o in input.calendar.occurrences(overlapping: june, viewer: .utc) { print(o.title ?? "") }
/// ```
///
/// An iCalendar file becomes its `EventCalendar` as read, with its
/// `EventCalendar/readings` and `EventCalendar/fileZones`; a payload
/// becomes the calendar of its events' series, its readings in
/// ``payloadReadings``. Either way the series are indexed for window
/// queries once. This is the one door through which the `almanac` commands
/// read a calendar.
public struct CalendarInput: Sendable {
    /// The formats a calendar is read from.
    public enum Format: String, Sendable, Hashable, Codable, CaseIterable {
        /// An iCalendar file (RFC 5545).
        case ics
        /// Google Calendar API JSON (`events.list`).
        case google
        /// Microsoft Graph JSON (`/me/events`, `/me/calendarView`).
        case graph

        /// The format of `bytes` told by their content: Google's or
        /// Graph's marks (`SyncEvent.Origin.init(guessing:)`), else
        /// iCalendar for anything that is not JSON (its reader then says
        /// what is wrong with it); `nil` for JSON with no mark of either.
        ///
        /// ```swift
        /// CalendarInput.Format(guessing: Array("BEGIN:VCALENDAR\r\n".utf8))   // .ics
        /// CalendarInput.Format(guessing: Array(#"{"items": []}"#.utf8))      // .google
        /// CalendarInput.Format(guessing: Array(#"{"x": 1}"#.utf8))           // nil
        /// ```
        public init?(guessing bytes: [UInt8]) {
            switch SyncEvent.Origin(guessing: bytes) {
            case .ics: self = .ics
            case .google: self = .google
            case .graph: self = .graph
            case .eventkit, nil:
                let first = bytes.first { $0 > 0x20 || $0 == 0x09 }
                guard first != UInt8(ascii: "{") && first != UInt8(ascii: "[") else { return nil }
                self = .ics   // not JSON: read as iCalendar, whose errors say where
            }
        }
    }

    /// The format the calendar was read from.
    public let format: Format
    /// The calendar: its series indexed for queries; for an iCalendar file
    /// also its `EventCalendar/readings` and `EventCalendar/fileZones`.
    public let calendar: EventCalendar
    /// What a payload reader noticed (Google, Graph: items skipped in
    /// lenient mode, zones read otherwise than written); empty for
    /// iCalendar, whose readings are the calendar's.
    public let payloadReadings: [SyncReading]
    /// A payload's events with their ids and version tags; empty for iCalendar.
    private let payloadEvents: [SyncEvent]

    /// The events with their identity in the source: a payload's ids and
    /// version tags, an iCalendar file's UIDs (``SyncEvent/events(of:)``).
    ///
    /// ```swift
    /// let input = try CalendarInput(contentsOf: "google.json")
    /// input.events.map(\.etag)
    /// ```
    public var events: [SyncEvent] { format == .ics ? SyncEvent.events(of: calendar) : payloadEvents }

    /// Reads a calendar from its bytes.
    ///
    /// ```swift
    /// let input = try CalendarInput(bytes: Array(text.utf8))                       // format told by the content
    /// let google = try CalendarInput(bytes: json, format: .google, options: .strict)
    /// ```
    ///
    /// `options.mode` is the mode of every reader: lenient (the default)
    /// reads what producers write and reports it (`EventCalendar/readings`,
    /// ``payloadReadings``); strict makes each of those an error, also an
    /// item of a payload that cannot be read.
    ///
    /// - Parameters:
    ///   - bytes: the content.
    ///   - format: what it holds; `nil` tells it by the content (``Format/init(guessing:)``).
    ///   - options: how to read it; a payload's readers take only its mode.
    /// - Throws: `AlmanacError`: the payload reader's (kind
    ///   `invalid_request`, naming the item and field), or the iCalendar
    ///   reader's with its kind (`structure`, `syntax`, ...), line and column; kind
    ///   `invalid_request` when `format` is `nil` and the content is JSON of
    ///   neither service.
    /// - Complexity: O(n) in the bytes, plus indexing the series once.
    public init(bytes: [UInt8], format: Format? = nil, options: CalendarOptions = CalendarOptions()) throws(AlmanacError) {
        guard let format = format ?? Format(guessing: bytes) else {
            throw AlmanacError(.invalidRequest, "cannot tell whether this is iCalendar, Google or Graph data: name its format")
        }
        self.format = format
        let payload: SyncPayload
        switch format {
        case .ics:
            calendar = try EventCalendar(ics: bytes, options: options)
            payloadReadings = []
            payloadEvents = []
            return
        case .google: payload = try GoogleEvents.read(json: bytes, mode: options.mode)
        case .graph: payload = try GraphEvents.read(json: bytes, mode: options.mode)
        }
        calendar = EventCalendar(events: payload.events.map(\.series))
        payloadReadings = payload.readings
        payloadEvents = payload.events
    }

    /// Reads the calendar in the file at `path` (see ``init(bytes:format:options:)``).
    ///
    /// ```swift
    /// let input = try CalendarInput(contentsOf: "Corpus/samples/calendar.ics")
    /// input.calendar.fileZones.keys   // the VTIMEZONEs the file defines
    /// ```
    ///
    /// - Throws: `AlmanacError` of kind `invalid_value` when the file
    ///   cannot be read (`cannot read "x.json": No such file or directory`),
    ///   else as ``init(bytes:format:options:)``.
    public init(contentsOf path: String, format: Format? = nil, options: CalendarOptions = CalendarOptions()) throws(AlmanacError) {
        try self.init(bytes: FileBytes.read(path: path), format: format, options: options)
    }
}
