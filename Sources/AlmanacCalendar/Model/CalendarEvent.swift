import Almanac

/// One series of a calendar: a VEVENT or VTODO with its UID, its recurrence
/// set (DTSTART, DTEND or DURATION, RRULE, RDATE, EXDATE, EXRULE) and the
/// components that override some of its instances (RECURRENCE-ID).
///
/// A series without RRULE or RDATE has one instance. Everything that occurs
/// is computed from ``recurrence`` by Almanac's engine, then replaced where
/// an ``Override`` says so.
public struct CalendarEvent: Sendable, Hashable {
    /// VEVENT or VTODO.
    public enum Component: String, Sendable, Hashable, Codable {
        /// A VEVENT.
        case event
        /// A VTODO: anchored on DTSTART, or on DUE when it has no DTSTART.
        case todo
    }

    /// VEVENT or VTODO.
    public var component: Component
    /// UID (RFC 5545 section 3.8.4.7): the series' identity, and the series
    /// id of its ``OccurrenceKey``s.
    public var uid: String
    /// SUMMARY, unescaped.
    public var summary: String?
    /// STATUS.
    public var status: Status?
    /// SEQUENCE: the revision number of the series.
    public var sequence: Int?
    /// LAST-MODIFIED.
    public var lastModified: Timestamp?
    /// DTSTART, the length of each instance (DTEND, DURATION, or for a to-do
    /// DUE), RRULEs, RDATEs, EXDATEs and EXRULEs.
    public var recurrence: RecurrenceSet
    /// RDATE;VALUE=PERIOD values: these instances have their own length.
    public var periods: [Period]
    /// The components with a RECURRENCE-ID for this UID, in file order.
    public var overrides: [Override]
    /// Physical line of the component's BEGIN in the file.
    public var line: Int

    /// Whether the series has more than its DTSTART: an RRULE or an RDATE.
    public var isRecurring: Bool { !recurrence.rules.isEmpty || !recurrence.dates.isEmpty }

    /// A series from its parts.
    public init(component: Component = .event, uid: String, summary: String? = nil, status: Status? = nil,
                sequence: Int? = nil, lastModified: Timestamp? = nil, recurrence: RecurrenceSet,
                periods: [Period] = [], overrides: [Override] = [], line: Int = 0) {
        self.component = component
        self.uid = uid
        self.summary = summary
        self.status = status
        self.sequence = sequence
        self.lastModified = lastModified
        self.recurrence = recurrence
        self.periods = periods
        self.overrides = overrides
        self.line = line
    }

    /// An RDATE;VALUE=PERIOD value: an extra instance with its own length.
    public struct Period: Sendable, Hashable {
        /// The instance's start (also in ``RecurrenceSet/dates``).
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
        public var recurrenceID: Anchor
        /// RANGE=THISANDFUTURE: the shift of start and the new length apply
        /// to every later instance too, up to the next such override.
        public var thisAndFuture: Bool
        /// The instance's start (DTSTART of the override).
        public var start: Anchor
        /// DTEND or DURATION of the override; `nil`: none (zero, or one day
        /// for a DATE start), as for any component.
        public var length: RecurrenceSet.Length?
        /// SUMMARY (an override is a whole component: nothing is taken from the series).
        public var summary: String?
        /// STATUS.
        public var status: Status?
        /// SEQUENCE.
        public var sequence: Int?
        /// Physical line of the component's BEGIN.
        public var line: Int

        /// An override from its parts.
        public init(recurrenceID: Anchor, thisAndFuture: Bool = false, start: Anchor, length: RecurrenceSet.Length? = nil,
                    summary: String? = nil, status: Status? = nil, sequence: Int? = nil, line: Int = 0) {
            self.recurrenceID = recurrenceID
            self.thisAndFuture = thisAndFuture
            self.start = start
            self.length = length
            self.summary = summary
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
