import Almanac

/// Why a calendar could not be read: what was wrong, and where.
///
/// ```swift
/// do { _ = try EventCalendar(ics: text, options: .strict) }
/// catch { print(error) }   // line 7, column 9: DTSTART "2024-01-01": expected YYYYMMDD, ...
/// ```
public struct CalendarError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of fault it is.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// A content line does not follow RFC 5545 section 3.1 (name, parameters, colon, value).
        case syntax
        /// Bytes that are not UTF-8 (RFC 5545 section 3.1.4: the default charset is UTF-8).
        case invalidUTF8 = "invalid_utf8"
        /// BEGIN and END do not nest, or a component is missing one.
        case structure
        /// A property's value cannot be read (a date, a duration, a rule...).
        case invalidValue = "invalid_value"
        /// A TZID that neither ICU nor the file's VTIMEZONEs define (strict mode).
        case unknownZone = "unknown_zone"
        /// Input past one of the reader's bounds (nesting depth, component count).
        case limit
        /// The input holds no component: it is empty, or neither a
        /// BEGIN:VCALENDAR nor (lenient mode) a bare VEVENT, VTODO or
        /// VTIMEZONE is in it (random bytes, a text file). An error in both
        /// modes: reading nothing from a file given as a calendar is a fault
        /// the user should see, not an empty calendar.
        case empty
    }

    /// What kind of fault it is.
    public var kind: Kind
    /// 1-based physical line of the fault in the input (0 when it concerns the whole input).
    public var line: Int
    /// 1-based column in that line, in characters (0 when unknown).
    public var column: Int
    /// What is wrong, in words a user can act on.
    public var message: String

    /// An error from its parts.
    public init(_ kind: Kind, line: Int, column: Int, _ message: String) {
        self.kind = kind
        self.line = line
        self.column = column
        self.message = message
    }

    /// `line 7, column 9: ...`
    public var description: String {
        line == 0 ? message : column == 0 ? "line \(line): \(message)" : "line \(line), column \(column): \(message)"
    }
}

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

    /// A reading from its parts.
    public init(_ kind: Kind, line: Int, _ message: String) {
        self.kind = kind
        self.line = line
        self.message = message
    }

    /// Whether it says only that a TZID named a known zone (the system's tz
    /// database or ICU): what every file says of its ordinary TZIDs, which
    /// the CLI and the payload readers do not print as notes.
    package var resolvesKnownZone: Bool {
        kind == .zone && message.hasPrefix("TZID \"") && message.contains(ZoneResolver.knownZoneMark)
    }

    /// `line 12: TZID "Custom" read from the file's VTIMEZONE`
    public var description: String { line == 0 ? message : "line \(line): \(message)" }
}
