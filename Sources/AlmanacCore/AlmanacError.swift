/// The one error type of Almanac: a kind, a message a person can act on, and
/// where it applies the offending text and its 1-based column.
///
/// ```swift
/// do { _ = try RecurrenceRule("FREQ=DAILY;BYMONTHDAY=32") }
/// catch { print(error) }
/// // invalid RRULE at column 23: BYMONTHDAY value 32 is out of range (a month has at most 31 days)
/// ```
public struct AlmanacError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, as a stable machine-readable code (its raw value is
    /// what `almanac batch` prints as `kind`).
    public enum Kind: String, Sendable, Hashable, Codable {
        /// The text of a recurrence rule is malformed or breaks RFC 5545.
        case invalidRule = "invalid_rule"
        /// A date, time, date-time, duration or period value is malformed or does not exist.
        case invalidValue = "invalid_value"
        /// A value is outside what Almanac supports (years 1...9999, 64-bit counts).
        case outOfRange = "out_of_range"
        /// No time zone has this id.
        case unknownZone = "unknown_zone"
        /// A request (CLI or batch) is malformed or misses a field.
        case invalidRequest = "invalid_request"
        /// A local time falls in a gap and the caller asked to reject such times.
        case nonexistentTime = "nonexistent_time"
        /// The input is valid but asks for something Almanac does not do.
        case unsupported = "unsupported"
    }

    /// What went wrong; switch on it, show ``message`` to people.
    public var kind: Kind
    /// A lower-case sentence, context first: `invalid RRULE at column 12: ...`.
    public var message: String
    /// The offending piece of input, when there is one.
    public var text: String?
    /// 1-based column of ``text`` in the input, when it applies.
    public var column: Int?

    /// An error from its parts, for code that validates input of its own
    /// and reports it the way Almanac does.
    ///
    /// ```swift
    /// throw AlmanacError(.invalidValue, "invalid due date \"2024-13-01\": month 13 is not in 1...12",
    ///                    text: "2024-13-01", column: 6)
    /// ```
    public init(_ kind: Kind, _ message: String, text: String? = nil, column: Int? = nil) {
        self.kind = kind
        self.message = message
        self.text = text
        self.column = column
    }

    /// The ``message``.
    public var description: String { message }
}
