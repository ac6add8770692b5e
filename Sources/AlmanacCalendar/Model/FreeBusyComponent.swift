import Almanac

/// A VFREEBUSY component of a calendar file (RFC 5545 section 3.6.4): the
/// busy time someone published, as FREEBUSY periods typed by FBTYPE, over
/// the span its DTSTART and DTEND give.
///
/// ```swift
/// let calendar = try EventCalendar(ics: published)
/// for fb in calendar.freeBusy {
///     for p in fb.periods { print(p.type, p.range) }   // BUSY 2024-05-06 09:00Z..<10:00Z
/// }
/// ```
///
/// Every value is an instant: RFC 5545 wants FREEBUSY, DTSTART and DTEND
/// of a VFREEBUSY in UTC (sections 3.8.2.6 and 3.6.4); the lenient reader
/// places a floating or all-day value in UTC, and reads a value with a TZID
/// in its zone, each with a reading; the strict one refuses them.
public struct FreeBusyComponent: Sendable, Hashable {
    /// One period of a FREEBUSY property: when, and its FBTYPE.
    ///
    /// ```swift
    /// let p = FreeBusyComponent.Entry(range: nine..<ten, type: .busyTentative)
    /// p.type.rawValue   // "BUSY-TENTATIVE"
    /// ```
    public struct Entry: Sendable, Hashable {
        /// From the period's start (inclusive) to its end (exclusive).
        public var range: Range<Timestamp>
        /// FBTYPE of its property (BUSY when absent, RFC 5545 section 3.2.9).
        public var type: FreeBusyType

        /// An entry from its parts.
        ///
        /// ```swift
        /// FreeBusyComponent.Entry(range: nine..<ten).type   // BUSY
        /// ```
        public init(range: Range<Timestamp>, type: FreeBusyType = .busy) {
            self.range = range
            self.type = type
        }
    }

    /// UID, when given.
    public var uid: String?
    /// DTSTART: the start of the span the component speaks for.
    public var start: Timestamp?
    /// DTEND: the end of that span.
    public var end: Timestamp?
    /// Every period of its FREEBUSY properties, in file order.
    public var periods: [Entry]
    /// Physical line of its BEGIN (0 when not read from a file).
    public var line: Int

    /// A component from its parts.
    ///
    /// ```swift
    /// let fb = FreeBusyComponent(uid: "fb-1", start: monday, end: friday,
    ///                            periods: [FreeBusyComponent.Entry(range: nine..<ten)])
    /// ```
    public init(uid: String? = nil, start: Timestamp? = nil, end: Timestamp? = nil, periods: [Entry] = [], line: Int = 0) {
        self.uid = uid
        self.start = start
        self.end = end
        self.periods = periods
        self.line = line
    }
}
