import Almanac

/// One series of a calendar: a VEVENT or VTODO with its UID, its recurrence
/// set (DTSTART, DTEND or DURATION, RRULE, RDATE, EXDATE, EXRULE) and the
/// components that override some of its instances (RECURRENCE-ID).
///
/// A series without RRULE or RDATE has one instance. Everything that occurs
/// is computed from ``recurrence`` by Almanac's engine, then replaced where
/// an ``Override`` says so.
///
/// ```swift
/// let event = CalendarEvent(id: "lunch@example.com", title: "Lunch",
///                           recurrence: try RecurrenceSet(start: .utc(CivilDate(2024, 5, 6).at(12, 0))))
/// event.isRecurring   // false
/// ```
///
/// Held compactly (112 bytes, where a calendar holds one per series): a
/// single event's DTSTART, length, options, SEQUENCE and LAST-MODIFIED are
/// stored as they are, and the parts most events lack (rules, dates,
/// periods, overrides) in one shared box, copied when changed.
public struct CalendarEvent: Sendable, Hashable {
    /// VEVENT or VTODO.
    public enum Component: String, Sendable, Hashable, Codable {
        /// A VEVENT.
        case event
        /// A VTODO: anchored on DTSTART, or on DUE when it has no DTSTART.
        case todo
    }

    /// The series id: the UID (RFC 5545 section 3.8.4.7), the series' identity and the series
    /// id of its `OccurrenceKey`s.
    public var id: String
    /// The title: SUMMARY, unescaped.
    public var title: String?
    /// STATUS.
    public var status: Status?
    /// DTSTART (``recurrence``'s start).
    private(set) var start: Anchor
    /// Physical line of the component's BEGIN in the file.
    public var line: Int
    /// What most events lack (`nil`: none of it).
    private var more: More?
    /// LAST-MODIFIED in seconds (`Int64.min`: none, or in ``more``).
    private var modified = Int64.min
    /// DTEND, DURATION or DUE (``recurrence``'s length).
    private(set) var length: RecurrenceSet.Length?
    /// ``recurrence``'s options.
    private(set) var options: ExpansionOptions
    /// VEVENT or VTODO.
    public var component: Component
    /// TRANSP: whether its instances block time (free/busy).
    public var transparency: Transparency
    /// SEQUENCE (`Int32.min`: none, or in ``more``).
    private var revision = Int32.min

    /// The parts of an event that most events lack, shared between copies
    /// of the event until one of them changes it.
    private final class More: @unchecked Sendable {
        var rules: [RecurrenceRule] = []
        var exclusionRules: [RecurrenceRule] = []
        var dates: [Anchor] = []
        var excludedDates: [Anchor] = []
        var periods: [RDatePeriod] = []
        var overrides: [Override] = []
        var alarms: [Alarm] = []
        var busyType: FreeBusyType?
        /// SEQUENCE and LAST-MODIFIED when they do not fit the event's own fields.
        var sequence: Int?
        var lastModified: Timestamp?

        init() {}

        func copy() -> More {
            let m = More()
            (m.rules, m.exclusionRules, m.dates, m.excludedDates) = (rules, exclusionRules, dates, excludedDates)
            (m.periods, m.overrides, m.sequence, m.lastModified) = (periods, overrides, sequence, lastModified)
            (m.alarms, m.busyType) = (alarms, busyType)
            return m
        }
    }

    /// The box, made or copied so that this event alone holds it.
    private mutating func unique() -> More {
        if more == nil {
            more = More()
        } else if !isKnownUniquelyReferenced(&more) {
            more = more!.copy()
        }
        return more!
    }

    /// SEQUENCE: the revision number of the series.
    public var sequence: Int? {
        get { revision != .min ? Int(revision) : more?.sequence }
        set {
            if let v = newValue, let small = Int32(exactly: v), small != .min {
                revision = small
                if more?.sequence != nil { unique().sequence = nil }
            } else {
                revision = .min
                if newValue != nil || more?.sequence != nil { unique().sequence = newValue }
            }
        }
    }

    /// LAST-MODIFIED.
    public var lastModified: Timestamp? {
        get { modified != .min ? Timestamp(secondsSinceEpoch: modified) : more?.lastModified }
        set {
            if let v = newValue, v.secondsSinceEpoch != .min {
                modified = v.secondsSinceEpoch
                if more?.lastModified != nil { unique().lastModified = nil }
            } else {
                modified = .min
                if newValue != nil || more?.lastModified != nil { unique().lastModified = newValue }
            }
        }
    }

    /// DTSTART, the length of each instance (DTEND, DURATION, or for a to-do
    /// DUE), RRULEs, RDATEs, EXDATEs and EXRULEs.
    public var recurrence: RecurrenceSet {
        get {
            guard let m = more else { return RecurrenceSet(start: start, length: length, options: options) }
            return RecurrenceSet(start: start, rules: m.rules, exclusionRules: m.exclusionRules, dates: m.dates,
                                 excludedDates: m.excludedDates, length: length, options: options)
        }
        set {
            (start, length, options) = (newValue.start, newValue.length, newValue.options)
            if more != nil || !newValue.rules.isEmpty || !newValue.exclusionRules.isEmpty || !newValue.dates.isEmpty
                || !newValue.excludedDates.isEmpty {
                let m = unique()
                (m.rules, m.exclusionRules, m.dates, m.excludedDates) = (newValue.rules, newValue.exclusionRules, newValue.dates,
                                                                         newValue.excludedDates)
            }
        }
    }

    /// RDATE;VALUE=PERIOD values: these instances have their own length.
    public var rdatePeriods: [RDatePeriod] {
        get { more?.periods ?? [] }
        set { if !newValue.isEmpty || more != nil { unique().periods = newValue } }
        _modify { yield &unique().periods }
    }

    /// The components with a RECURRENCE-ID for this UID, in file order.
    public var overrides: [Override] {
        get { more?.overrides ?? [] }
        set { if !newValue.isEmpty || more != nil { unique().overrides = newValue } }
        _modify { yield &unique().overrides }
    }

    /// The VALARMs of the series' component (RFC 5545 section 3.6.6), in
    /// file order: they fire for each of its instances that an override does
    /// not replace.
    ///
    /// ```swift
    /// event.alarms.map(\.trigger)   // [.start(-PT15M)]
    /// ```
    public var alarms: [Alarm] {
        get { more?.alarms ?? [] }
        set { if !newValue.isEmpty || more != nil { unique().alarms = newValue } }
        _modify { yield &unique().alarms }
    }

    /// The kind of busy time its instances are, when the source says so
    /// (Microsoft Graph's `showAs`, Outlook's X-MICROSOFT-CDO-BUSYSTATUS);
    /// `nil`: from ``status`` (TENTATIVE is BUSY-TENTATIVE, else BUSY).
    ///
    /// ```swift
    /// event.busyType   // .busyUnavailable for Graph's "oof"
    /// ```
    public var busyType: FreeBusyType? {
        get { more?.busyType }
        set { if newValue != nil || more != nil { unique().busyType = newValue } }
    }

    /// Whether the series has more than its DTSTART: an RRULE or an RDATE.
    public var isRecurring: Bool { more.map { !$0.rules.isEmpty || !$0.dates.isEmpty } ?? false }

    /// Whether the series is DTSTART alone: no RRULE, EXRULE, RDATE,
    /// period or override (most series of a file).
    var isSingle: Bool {
        guard let m = more else { return true }
        return m.rules.isEmpty && m.exclusionRules.isEmpty && m.dates.isEmpty && m.periods.isEmpty && m.overrides.isEmpty
    }

    /// A series from its parts.
    public init(component: Component = .event, id: String, title: String? = nil, status: Status? = nil,
                sequence: Int? = nil, lastModified: Timestamp? = nil, recurrence: RecurrenceSet,
                rdatePeriods: [RDatePeriod] = [], overrides: [Override] = [], transparency: Transparency = .opaque,
                busyType: FreeBusyType? = nil, alarms: [Alarm] = [], line: Int = 0) {
        self.component = component
        self.transparency = transparency
        self.id = id
        self.title = title
        self.status = status
        self.start = recurrence.start
        self.length = recurrence.length
        self.options = recurrence.options
        self.line = line
        // The box only for what an event of DTSTART alone lacks.
        if !recurrence.rules.isEmpty || !recurrence.exclusionRules.isEmpty || !recurrence.dates.isEmpty
            || !recurrence.excludedDates.isEmpty || !rdatePeriods.isEmpty || !overrides.isEmpty {
            let m = More()
            (m.rules, m.exclusionRules, m.dates, m.excludedDates) = (recurrence.rules, recurrence.exclusionRules, recurrence.dates,
                                                                     recurrence.excludedDates)
            (m.periods, m.overrides) = (rdatePeriods, overrides)
            more = m
        }
        if !alarms.isEmpty { self.alarms = alarms }
        if busyType != nil { self.busyType = busyType }
        self.sequence = sequence
        self.lastModified = lastModified
    }

    /// Equal when every property is (``recurrence`` as a whole).
    public static func == (a: CalendarEvent, b: CalendarEvent) -> Bool {
        a.component == b.component && a.id == b.id && a.title == b.title && a.status == b.status
            && a.line == b.line && a.start == b.start && a.length == b.length && a.options == b.options
            && a.sequence == b.sequence && a.lastModified == b.lastModified && a.transparency == b.transparency
            && (a.more === b.more || (a.recurrence == b.recurrence && a.rdatePeriods == b.rdatePeriods && a.overrides == b.overrides
                && a.alarms == b.alarms && a.busyType == b.busyType))
    }

    /// Hashes every property, as `==` compares them.
    public func hash(into h: inout Hasher) {
        h.combine(component)
        h.combine(id)
        h.combine(title)
        h.combine(status)
        h.combine(sequence)
        h.combine(lastModified)
        h.combine(recurrence)
        h.combine(rdatePeriods)
        h.combine(overrides)
        h.combine(transparency)
        h.combine(busyType)
        h.combine(alarms)
        h.combine(line)
    }

    /// An RDATE;VALUE=PERIOD value: an extra instance with its own length.
    public struct RDatePeriod: Sendable, Hashable {
        /// The instance's start (also in `RecurrenceSet/dates`).
        public var start: Anchor
        /// Its end or duration.
        public var length: RecurrenceSet.Length

        /// A period from its parts.
        public init(start: Anchor, length: RecurrenceSet.Length) {
            self.start = start
            self.length = length
        }
    }

    /// A component with a RECURRENCE-ID: it replaces the instance it names
    /// (RFC 5545 section 3.8.4.4), or with RANGE=THISANDFUTURE that instance
    /// and every later one.
    public struct Override: Sendable, Hashable {
        /// RECURRENCE-ID: the original start of the instance it replaces.
        public var originalStart: Anchor
        /// RANGE=THISANDFUTURE: the shift of start and the new length apply
        /// to every later instance too, up to the next such override.
        public var thisAndFuture: Bool
        /// The instance's start (DTSTART of the override).
        public var start: Anchor
        /// DTEND or DURATION of the override; `nil`: none (zero, or one day
        /// for a DATE start), as for any component.
        public var length: RecurrenceSet.Length?
        /// SUMMARY (an override is a whole component: nothing is taken from the series).
        public var title: String?
        /// STATUS.
        public var status: Status?
        /// SEQUENCE.
        public var sequence: Int?
        /// TRANSP of the override.
        public var transparency: Transparency
        /// The override's explicit busy type (see ``CalendarEvent/busyType``).
        public var busyType: FreeBusyType?
        /// The override's VALARMs: they replace the series' for its instance
        /// (and, with RANGE=THISANDFUTURE, for the later ones it governs).
        public var alarms: [Alarm]
        /// Physical line of the component's BEGIN.
        public var line: Int

        /// An override from its parts.
        public init(originalStart: Anchor, thisAndFuture: Bool = false, start: Anchor, length: RecurrenceSet.Length? = nil,
                    title: String? = nil, status: Status? = nil, sequence: Int? = nil, transparency: Transparency = .opaque,
                    busyType: FreeBusyType? = nil, alarms: [Alarm] = [], line: Int = 0) {
            self.transparency = transparency
            self.busyType = busyType
            self.alarms = alarms
            self.originalStart = originalStart
            self.thisAndFuture = thisAndFuture
            self.start = start
            self.length = length
            self.title = title
            self.status = status
            self.sequence = sequence
            self.line = line
        }
    }

    /// STATUS (RFC 5545 section 3.8.1.11), upper-cased as written.
    public struct Status: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
        /// The value as written, upper-cased (`CANCELLED`, `X-ANYTHING`...).
        public var rawValue: String
        /// A status from its text (upper-cased).
        public init(rawValue: String) { self.rawValue = rawValue.uppercased() }

        /// VEVENT: tentative.
        public static let tentative = Status(rawValue: "TENTATIVE")
        /// VEVENT: definite.
        public static let confirmed = Status(rawValue: "CONFIRMED")
        /// VEVENT or VTODO: cancelled (an instance override with it cancels that instance).
        public static let cancelled = Status(rawValue: "CANCELLED")
        /// VTODO: needs action.
        public static let needsAction = Status(rawValue: "NEEDS-ACTION")
        /// VTODO: completed.
        public static let completed = Status(rawValue: "COMPLETED")
        /// VTODO: in process.
        public static let inProcess = Status(rawValue: "IN-PROCESS")

        /// The value.
        public var description: String { rawValue }
    }
}
