import Almanac

/// The events and to-dos of iCalendar data (RFC 5545), read into series with
/// their overrides, ready for window, day and agenda queries.
///
/// ```swift
/// let calendar = try EventCalendar(ics: text)
/// let week = Timestamp(utc: CivilDate(2024, 5, 6)!.at(0, 0))..<Timestamp(utc: CivilDate(2024, 5, 13)!.at(0, 0))
/// for o in calendar.occurrences(overlapping: week, viewer: try Zone("Europe/Paris")) {
///     print(o.uid, o.occurrence.start, o.summary ?? "")
/// }
/// ```
///
/// Not called `Calendar`: Foundation's `Calendar` is in scope in every app
/// that imports Foundation, and the two would collide.
public struct EventCalendar: Sendable {
    /// Every series (VEVENT and VTODO), in file order. An override whose
    /// series is missing is a series of its own, with one instance.
    public let events: [CalendarEvent]
    /// The zones the file's VTIMEZONEs define, by TZID (only those used or
    /// defined; ids resolved as known zones are not listed).
    public var fileZones: [String: Zone]
    /// What the reader noticed: liberties taken in lenient mode, how each
    /// TZID was resolved, what was skipped.
    public var readings: [CalendarReading]

    /// Where each series' instances and overrides lie, for window queries;
    /// built with the calendar.
    let index: _CalendarIndex

    /// The series that cannot be expanded (a sub-daily rule on a DATE
    /// value, an RSCALE calendar the system ICU lacks), with why: queries
    /// leave them out.
    public var problems: [CalendarProblem] { index.problems }

    /// A calendar from its parts.
    ///
    /// - Complexity: O(n log n) for n series and overrides, to index them;
    ///   a series bounded by COUNT alone is expanded (up to 1,000 instances)
    ///   to find its last instance.
    public init(events: [CalendarEvent], fileZones: [String: Zone] = [:], readings: [CalendarReading] = []) {
        self.init(events: events, byUID: _UIDIndex(events), fileZones: fileZones, readings: readings)
    }

    /// A calendar from its parts, whose series by UID are `byUID` (the reader builds them as it groups series).
    init(events: [CalendarEvent], byUID: _UIDIndex, fileZones: [String: Zone], readings: [CalendarReading]) {
        self.events = events
        index = _CalendarIndex(events, byUID: byUID)
        self.fileZones = fileZones
        self.readings = readings
    }

    /// Reads iCalendar bytes: UTF-8, CRLF or LF line breaks, folded lines,
    /// a byte order mark, one or more VCALENDARs.
    ///
    /// - Throws: ``CalendarError`` with the line and column of the fault. In
    ///   lenient mode (the default) only input that cannot be read at all
    ///   throws; everything else is read as producers mean it and reported
    ///   in ``readings``.
    public init(ics bytes: [UInt8], options: CalendarOptions = CalendarOptions()) throws(CalendarError) {
        self = try _CalendarBuilder.read(bytes, options: options)
    }

    /// The series of iCalendar bytes as ``init(ics:options:)-([UInt8],_)``
    /// reads them, and its readings, without indexing them for queries:
    /// for readers of other formats that carry iCalendar lines (Google's
    /// `recurrence`).
    package static func series(ics bytes: [UInt8], options: CalendarOptions = CalendarOptions()) throws(CalendarError)
        -> (events: [CalendarEvent], readings: [CalendarReading]) {
        let (events, _, _, readings) = try _CalendarBuilder.parts(bytes, options: options)
        return (events, readings)
    }

    /// Reads iCalendar text (see ``init(ics:options:)-([UInt8],_)``).
    public init(ics text: String, options: CalendarOptions = CalendarOptions()) throws(CalendarError) {
        try self.init(ics: Array(text.utf8), options: options)
    }
}

/// How to read a calendar.
public struct CalendarOptions: Sendable, Hashable {
    /// `.strict`: RFC 5545's grammar, every fault an error. `.lenient` (the
    /// default for files): what real producers write, each liberty reported.
    public var mode: RecurrenceRule.ParsingMode
    /// Use the file's VTIMEZONE for a TZID even when ICU knows that id (the
    /// file's rules are the ones its producer used; ICU's may be newer).
    public var prefersFileZones: Bool
    /// Read floating DTSTART and DTEND values in the zone X-WR-TIMEZONE
    /// names (Google and Apple exports). Off by default: X-WR-TIMEZONE is no
    /// standard property, RFC 5545 says floating values mean the same wall
    /// clock in every zone, and the producers that write it give their
    /// timed values a TZID or UTC anyway.
    public var appliesCalendarZone: Bool
    /// How each series is expanded (DTSTART as first instance, DST gaps).
    public var expansion: ExpansionOptions

    /// Options from their parts; the defaults read real files.
    public init(mode: RecurrenceRule.ParsingMode = .lenient, prefersFileZones: Bool = false,
                appliesCalendarZone: Bool = false, expansion: ExpansionOptions = ExpansionOptions()) {
        self.mode = mode
        self.prefersFileZones = prefersFileZones
        self.appliesCalendarZone = appliesCalendarZone
        self.expansion = expansion
    }

    /// RFC 5545's grammar only.
    public static let strict = CalendarOptions(mode: .strict)
}
