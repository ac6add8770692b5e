/// The one error type of Almanac: a kind, a message a person can act on, and
/// where it applies: the field or option, the line and column, the input as
/// typed. Every reader throws it: rules and values, `.ics` calendars, JSON
/// payloads and requests, the `almanac` command line.
///
/// The context is structured, so code never reads it out of the text:
/// switch on ``kind``, read ``field``, ``line`` and ``column``; show
/// ``description`` to people, which puts the context before the
/// ``message`` (`line 7, column 9: ...`, `rrule: ...`, `--tz: ...`).
///
/// ```swift
/// do { _ = try RecurrenceRule("FREQ=DAILY;BYMONTHDAY=32") }
/// catch { print(error) }
/// // invalid RRULE at column 23: BYMONTHDAY value 32 is out of range (a month has at most 31 days)
///
/// let e = AlmanacError(.structure, line: 7, column: 1, "END:VEVENT without a BEGIN:VEVENT")
/// print(e.at(file: "bad.ics"))   // bad.ics: line 7, column 1: END:VEVENT without a BEGIN:VEVENT
/// ```
public struct AlmanacError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Equal when every public part is (``reason`` only repeats the end of ``message``).
    ///
    /// ```swift
    /// #expect(throws: AlmanacError(.invalidValue, "invalid date \"19970230\" at column 7: day 30 is not in 1...28 for 1997-02",
    ///                              text: "30", column: 7)) { try Anchor(parsing: "19970230") }
    /// ```
    public static func == (a: AlmanacError, b: AlmanacError) -> Bool {
        a.kind == b.kind && a.message == b.message && a.text == b.text && a.column == b.column
            && a.line == b.line && a.field == b.field && a.input == b.input && a.file == b.file
    }

    /// Hashes the parts ``==`` compares.
    ///
    /// ```swift
    /// let seen: Set<AlmanacError> = [AlmanacError(.empty, line: 0, column: 0, "no component")]
    /// ```
    public func hash(into h: inout Hasher) {
        h.combine(kind); h.combine(message); h.combine(text); h.combine(column)
        h.combine(line); h.combine(field); h.combine(input); h.combine(file)
    }

    /// What went wrong, as a stable machine-readable code (its raw value is
    /// what `almanac batch` and `almanac --json` print as `kind`).
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
        /// A content line of a calendar does not follow RFC 5545 section 3.1
        /// (name, parameters, colon, value).
        case syntax
        /// Bytes that are not UTF-8 (RFC 5545 section 3.1.4: the default charset is UTF-8).
        case invalidUTF8 = "invalid_utf8"
        /// BEGIN and END of a calendar do not nest, or a component is missing one.
        case structure
        /// Input past one of a reader's bounds (nesting depth, component count).
        case limit
        /// The input holds no component: it is empty, or neither a
        /// BEGIN:VCALENDAR nor (lenient mode) a bare VEVENT, VTODO or
        /// VTIMEZONE is in it (random bytes, a text file). An error in both
        /// modes: reading nothing from a file given as a calendar is a fault
        /// the user should see, not an empty calendar.
        case empty
        /// The command line itself: an unknown command or option, a missing
        /// argument (the `almanac` executable's own kind).
        case usage
    }

    /// What went wrong; switch on it, show ``description`` to people.
    public var kind: Kind
    /// A lower-case sentence a user can act on, without the context that
    /// ``description`` puts before it (the field, file, line and column).
    /// Messages of values and rules name their own column
    /// (`invalid RRULE at column 12: ...`).
    public var message: String
    /// The offending piece of input, when there is one.
    public var text: String?
    /// 1-based column: in ``line`` when there is one (a calendar's content
    /// line, in characters), else in the value that ``message`` names.
    public var column: Int?
    /// 1-based physical line of the input, when the input has lines (an
    /// `.ics` file, a JSON document); `nil` when the fault concerns the whole input.
    public var line: Int?
    /// Where in a structured input the fault is: a field path such as
    /// `rdate[0]` or `items[3].start.dateTime`, or a command-line option
    /// such as `--tz`.
    public var field: String?
    /// The whole value of ``field`` as the user typed it, when it is worth
    /// repeating (a value of a list option: `--rdate "1997x"`).
    public var input: String?
    /// The file the input came from, as it was named (`-` for standard input).
    public var file: String?
    /// What is wrong, alone, when ``message`` leads with the value and its
    /// column (`invalid date "19970230" at column 7: ` + reason): so that a
    /// caller that typed the value in another form can say it its own way.
    package var reason: String?

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

    /// An error at a line and column of an input that has lines (a
    /// calendar file); `0` for either means it is not known (`0` for the
    /// line: the fault concerns the whole input).
    ///
    /// ```swift
    /// let e = AlmanacError(.syntax, line: 7, column: 9, "a content line needs a colon")
    /// print(e)   // line 7, column 9: a content line needs a colon
    /// ```
    public init(_ kind: Kind, line: Int, column: Int, _ message: String) {
        self.init(kind, message)
        self.line = line > 0 ? line : nil
        self.column = line > 0 && column > 0 ? column : nil
    }

    /// The same error inside `parent`: the field path `parent` joined
    /// before ``field`` (`events[2]` and `rrule` make `events[2].rrule`;
    /// `items` and `[3]` make `items[3]`), or `parent` when there is none.
    ///
    /// ```swift
    /// let e = AlmanacError(.invalidValue, "expected a date").at(field: "start").at(field: "items[3]")
    /// print(e.field!)   // items[3].start
    /// print(e)          // items[3].start: expected a date
    /// ```
    public func at(field parent: String) -> AlmanacError {
        var e = self
        if let field, !field.isEmpty {
            e.field = parent.isEmpty ? field : field.hasPrefix("[") ? parent + field : parent + "." + field
        } else {
            e.field = parent
        }
        return e
    }

    /// The same error with its ``field`` replaced by `field` and, when
    /// given, the value typed there: how a command line names the option
    /// that gave a request's field (`rdate[0]` -> `--rdate "1997x"`).
    ///
    /// ```swift
    /// let e = AlmanacError(.unknownZone, "unknown time zone \"Mars/Base\"").named(field: "--tz")
    /// print(e)   // --tz: unknown time zone "Mars/Base"
    /// ```
    public func named(field: String, input: String? = nil) -> AlmanacError {
        var e = self
        e.field = field
        e.input = input
        return e
    }

    /// The same error at `line` and `column` (0: not known) of its input.
    ///
    /// ```swift
    /// print(AlmanacError(.invalidRequest, "missing field \"id\"").at(line: 3, column: 0))
    /// // line 3: missing field "id"
    /// ```
    public func at(line: Int, column: Int) -> AlmanacError {
        var e = self
        e.line = line > 0 ? line : nil
        e.column = line > 0 && column > 0 ? column : nil
        return e
    }

    /// The same error in the file named `file` (`-` for standard input).
    ///
    /// ```swift
    /// let e = AlmanacError(.empty, line: 0, column: 0, "no calendar component in the input").at(file: "notes.txt")
    /// print(e)   // notes.txt: no calendar component in the input
    /// ```
    public func at(file: String) -> AlmanacError {
        var e = self
        e.file = file
        return e
    }

    /// The message with its context before it, the way people read it:
    /// `file: line L, column C: field "input": message`, each part only
    /// when it is set (the column is shown here only with a line: without
    /// one it is a column in a value, which the message names).
    ///
    /// ```swift
    /// let e = AlmanacError(.invalidRequest, "expected a string").at(field: "note").at(line: 3, column: 0)
    /// print(e.at(file: "records.jsonl"))   // records.jsonl: line 3: note: expected a string
    /// ```
    public var description: String {
        var out = ""
        if let file { out += file + ": " }
        if let line {
            out += "line \(line)"
            if let column { out += ", column \(column)" }
            out += ": "
        }
        if let field {
            out += field
            if let input { out += " \"" + input + "\"" }
            out += ": "
        }
        return out + message
    }
}
