/// TRANSP (RFC 5545 section 3.8.2.7): whether an event's time is busy time.
///
/// ```swift
/// let holiday = CalendarEvent(id: "h@example.com", recurrence: try RecurrenceSet(start: .date(CivilDate(2024, 5, 8))),
///                             transparency: .transparent)
/// holiday.transparency   // .transparent: free/busy leaves it out
/// ```
public enum Transparency: String, Sendable, Hashable, Codable {
    /// `OPAQUE`, the default: the event blocks time.
    case opaque = "OPAQUE"
    /// `TRANSPARENT`: the event does not block time (free/busy leaves it out).
    case transparent = "TRANSPARENT"
}

/// FBTYPE (RFC 5545 section 3.2.9): the kind of a busy (or free) time.
///
/// ```swift
/// FreeBusyType(rawValue: "busy-tentative") == .busyTentative   // true
/// ```
public struct FreeBusyType: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The value as written, upper-cased (`BUSY`, `X-OUT-SICK`...).
    public var rawValue: String
    /// A type from its text (upper-cased).
    public init(rawValue: String) { self.rawValue = rawValue.uppercased() }

    /// `FREE`: the time is free.
    public static let free = FreeBusyType(rawValue: "FREE")
    /// `BUSY`: the time is busy (the default of FBTYPE).
    public static let busy = FreeBusyType(rawValue: "BUSY")
    /// `BUSY-UNAVAILABLE`: busy, and cannot be scheduled (out of office).
    public static let busyUnavailable = FreeBusyType(rawValue: "BUSY-UNAVAILABLE")
    /// `BUSY-TENTATIVE`: tentatively busy.
    public static let busyTentative = FreeBusyType(rawValue: "BUSY-TENTATIVE")

    /// The value.
    public var description: String { rawValue }
}
