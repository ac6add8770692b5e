import Almanac

/// A liberty the lenient reader took, or a choice it made that a user may
/// want to know about (which zone a TZID resolved to), with its line.
public struct CalendarReading: Sendable, Hashable, CustomStringConvertible {
    /// What the reading is about.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// Something the RFC forbids, read the way producers mean it.
        case liberty
        /// Bytes that are not UTF-8, replaced by U+FFFD.
        case invalidUTF8 = "invalid_utf8"
        /// How a TZID was resolved: ICU, the file's VTIMEZONE, or not at all.
        case zone
        /// A line or component that was dropped.
        case skipped
    }

    /// What the reading is about.
    public var kind: Kind
    /// 1-based physical line it concerns (0: the whole input).
    public var line: Int
    /// What was read and how.
    public var message: String

    /// The fault that made the lenient reader skip a component or a line
    /// (a ``Kind/skipped`` reading), with its own line and column: what
    /// strict reading would have thrown.
    ///
    /// ```swift
    /// let c = try EventCalendar(ics: text)   // lenient
    /// for r in c.readings { if let e = r.cause { print(e.kind, e.line ?? 0) } }   // invalid_value 5
    /// ```
    public var cause: AlmanacError?
    /// Whether it says only that a TZID named a known zone (the system's tz
    /// database or ICU): what every file says of its ordinary TZIDs, which
    /// the CLI and the payload readers do not print as notes.
    ///
    /// ```swift
    /// let notes = calendar.readings.filter { !$0.resolvesKnownZone }
    /// ```
    public var resolvesKnownZone: Bool

    /// A reading from its parts.
    ///
    /// ```swift
    /// let r = CalendarReading(.liberty, line: 3, "a UTF-8 byte order mark: skipped")
    /// print(r)   // line 3: a UTF-8 byte order mark: skipped
    /// ```
    public init(_ kind: Kind, line: Int, _ message: String) {
        self.kind = kind
        self.line = line
        self.message = message
        self.cause = nil
        self.resolvesKnownZone = false
    }

    /// A reading that a component or line was skipped because of `cause`.
    package init(skipped message: String, line: Int, cause: AlmanacError) {
        self.init(.skipped, line: line, message)
        self.cause = cause
    }

    /// A reading that `tzid` named a known zone.
    package init(knownZone message: String, line: Int) {
        self.init(.zone, line: line, message)
        self.resolvesKnownZone = true
    }

    /// `line 12: TZID "Custom" read from the file's VTIMEZONE`
    public var description: String { line == 0 ? message : "line \(line): \(message)" }
}
