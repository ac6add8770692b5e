import Almanac

/// The events and to-dos of iCalendar data (RFC 5545), read into series with
/// their overrides, ready for window, day and agenda queries.
///
/// ```swift
/// let calendar = try EventCalendar(ics: text)
/// let week = try Timestamp(utc: CivilDate(2024, 5, 6).at(0, 0))..<Timestamp(utc: CivilDate(2024, 5, 13).at(0, 0))
/// for o in calendar.occurrences(overlapping: week, viewer: try Zone("Europe/Paris")) {
///     print(o.seriesID, o.viewerStart, o.title ?? "")
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
    /// The VFREEBUSY components of the file (RFC 5545 section 3.6.4), in
    /// file order: published busy time, which free/busy queries add to the
    /// instances' (module AlmanacAvailability).
    ///
    /// ```swift
    /// let published = try EventCalendar(ics: text).freeBusy.flatMap(\.periods)
    /// ```
    public var freeBusy: [FreeBusyComponent] = []
    /// The file's VAVAILABILITY components (RFC 7953): working hours,
    /// in file order.
    ///
    /// ```swift
    /// try EventCalendar(ics: hoursFile).availability.first?.available.count   // 1
    /// ```
    public var availability: [CalendarAvailability] = []

    /// Where each series' instances and overrides lie, for window queries;
    /// built with the calendar.
    let index: CalendarIndex
    /// Which series have alarms, and how far from their instances they fire (for alarm queries).
    package let alarmSummary: AlarmSummary

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
        self.init(events: events, byUID: UIDIndex(events), fileZones: fileZones, readings: readings)
    }

    /// A calendar from its parts, whose series by UID are `byUID` (the reader builds them as it groups series).
    init(events: [CalendarEvent], byUID: UIDIndex, fileZones: [String: Zone], readings: [CalendarReading]) {
        self.events = events
        index = CalendarIndex(events, byUID: byUID)
        alarmSummary = AlarmSummary(events)
        self.fileZones = fileZones
        self.readings = readings
    }

    /// Reads iCalendar bytes: UTF-8, CRLF or LF line breaks, folded lines,
    /// a byte order mark, one or more VCALENDARs.
    ///
    /// - Throws: `AlmanacError` with the line and column of the fault. In
    ///   lenient mode (the default) only input that cannot be read at all
    ///   throws; everything else is read as producers mean it and reported
    ///   in ``readings``.
    public init(ics bytes: [UInt8], options: CalendarOptions = CalendarOptions()) throws(AlmanacError) {
        self = try CalendarBuilder.read(bytes, options: options)
    }

    /// The series of iCalendar bytes as ``init(ics:options:)-([UInt8],_)``
    /// reads them, and its readings, without indexing them for queries:
    /// for readers of other formats that carry iCalendar lines (Google's
    /// `recurrence`). By default COUNT counts DTSTART as the engine does
    /// (``CalendarOptions/UnsynchronizedStart/firstOfCount``): how Google
    /// counts an unsynchronized DTSTART is not known here, and the series
    /// stays the engine's ``RecurrenceSet`` of the payload's lines.
    package static func series(ics bytes: [UInt8], options: CalendarOptions = CalendarOptions(unsynchronizedStart: .firstOfCount)) throws(AlmanacError)
        -> (events: [CalendarEvent], readings: [CalendarReading]) {
        let (events, _, _, readings, _, _) = try CalendarBuilder.parts(bytes, options: options)
        return (events, readings)
    }

    /// Reads iCalendar text (see ``init(ics:options:)-([UInt8],_)``).
    public init(ics text: String, options: CalendarOptions = CalendarOptions()) throws(AlmanacError) {
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
    /// Keep every VEVENT (or VTODO) of a UID without RECURRENCE-ID as a
    /// series of its own, also when one revises another. Off by default:
    /// of such components in one VCALENDAR (VEVENTs with VEVENTs, VTODOs
    /// with VTODOs), one whose SEQUENCE is higher
    /// (a missing SEQUENCE is 0), or with an equal SEQUENCE whose
    /// LAST-MODIFIED is later (both given), revises the other, which is
    /// left out with a reading (RFC 5545 section 3.8.7.4: SEQUENCE "is
    /// monotonically incremented by the "Organizer's" CUA each time the
    /// "Organizer" makes a significant revision"; section 3.8.7.3:
    /// LAST-MODIFIED is when it "was last revised"). With equal SEQUENCE
    /// and no LAST-MODIFIED on one of them, they are kept as separate
    /// series: they may be distinct events that a producer failed to give
    /// distinct UIDs (DTSTAMP decides nothing: every component has one,
    /// and exports stamp them all with the export's time).
    ///
    /// ```swift
    /// let all = try EventCalendar(ics: text, options: CalendarOptions(keepsRevisions: true))
    /// ```
    public var keepsRevisions: Bool
    /// How COUNT reads a DTSTART that the rule does not produce (see
    /// ``UnsynchronizedStart``): beside COUNT's instances by default.
    public var unsynchronizedStart: UnsynchronizedStart
    /// Zones given by the reader's caller, used for their TZID before any
    /// other: the VTIMEZONE zones a store kept with a calendar's series, so
    /// that the series read back as the snapshot they came from.
    package var givenZones: [String: Zone] = [:]

    /// Options from their parts; the defaults read real files.
    public init(mode: RecurrenceRule.ParsingMode = .lenient, prefersFileZones: Bool = false,
                appliesCalendarZone: Bool = false, expansion: ExpansionOptions = ExpansionOptions(),
                keepsRevisions: Bool = false, unsynchronizedStart: UnsynchronizedStart = .besideCount) {
        self.mode = mode
        self.prefersFileZones = prefersFileZones
        self.appliesCalendarZone = appliesCalendarZone
        self.expansion = expansion
        self.keepsRevisions = keepsRevisions
        self.unsynchronizedStart = unsynchronizedStart
    }

    /// How COUNT reads a DTSTART that its RRULE does not produce (DTSTART
    /// on a Tuesday, `RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=3`). RFC 5545
    /// section 3.8.5.3 calls such a set undefined ("The recurrence set
    /// generated with a "DTSTART" property value not synchronized with the
    /// recurrence rule is undefined"); both readings list DTSTART.
    ///
    /// ```swift
    /// let rfc = try EventCalendar(ics: text, options: CalendarOptions(unsynchronizedStart: .firstOfCount))
    /// ```
    public enum UnsynchronizedStart: String, Sendable, Hashable, Codable {
        /// DTSTART is an instance of its own and COUNT counts the rule's
        /// instances (4 above): what the producers of such files show
        /// (KCalendarCore's reference expansions of KOrganizer's files,
        /// Cyrus's test files), and python-dateutil's rruleset, rrule.js
        /// and recurring-ical-events. The default for files. A series whose
        /// RRULE has COUNT is read with `ExpansionOptions/countsStart`
        /// `false` (without COUNT both readings give the same set); its
        /// RDATEs stay the file's, so an app that moves its DTSTART moves
        /// that instance.
        case besideCount = "beside_count"
        /// DTSTART is the first instance and counts toward COUNT (3 above):
        /// RFC 5545 section 3.3.10 ("The "DTSTART" property value always
        /// counts as the first occurrence"), libical, and Almanac's engine
        /// by default (`almanac expand`, `RecurrenceSet`).
        case firstOfCount = "first_of_count"
    }

    /// RFC 5545's grammar only.
    public static let strict = CalendarOptions(mode: .strict)
}
