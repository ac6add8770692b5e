import Almanac

/// A VEVENT or VTODO inside another VEVENT or VTODO. RFC 5545 has no such
/// shape: a VEVENT holds properties and VALARMs only (section 3.6.1,
/// `eventc = "BEGIN" ":" "VEVENT" CRLF eventprop *alarmc "END" ":" "VEVENT"
/// CRLF`), a VTODO likewise (section 3.6.2). It comes from a component
/// whose END was lost (a truncated paste, a hand edit) or from hostile
/// input. Strict mode refuses it at its BEGIN line. Lenient mode reads it
/// as an event of its own, beside its parent in the VCALENDAR, with a
/// reading naming its line: its lines are a whole component, and dropping
/// it would lose an event without a word (libical keeps it as a child that
/// no query reaches, which is what this reader did before issue 24).
///
/// Corpus: `Corpus/ics/nested-vevent.ics`, `nested-vevent-strict.ics`.
enum NestedEvent {
    /// The most events that may enclose a nested event that is read:
    /// deeper ones are stepped over, with their contents, so that hostile
    /// nesting costs no memory and no time per level (the reader's stack
    /// stays this short).
    static let deepest = 3

    /// Whether `name` inside `parent` is an event nested in an event.
    static func isNested(_ name: String, in parent: String?) -> Bool {
        (name == "VEVENT" || name == "VTODO") && (parent == "VEVENT" || parent == "VTODO")
    }

    /// Strict mode's error at the nested BEGIN.
    static func error(_ name: String, line: Int, parent: (name: String, line: Int)) -> AlmanacError {
        AlmanacError(.structure, line: line, column: 1,
                      "BEGIN:\(name) inside the \(parent.name) of line \(parent.line) (RFC 5545 section \(section(parent.name)): a \(parent.name) holds only VALARM components)")
    }

    /// Lenient mode's reading.
    static func reading(_ name: String, line: Int, parent: (name: String, line: Int)) -> CalendarReading {
        CalendarReading(.liberty, line: line,
                        "BEGIN:\(name) inside the \(parent.name) of line \(parent.line) (RFC 5545 section \(section(parent.name)): a \(parent.name) holds only VALARM components): read as a component of its own, beside it")
    }

    /// Lenient mode's reading for a nested event past ``deepest``.
    static func tooDeep(_ name: String, line: Int) -> CalendarReading {
        CalendarReading(.skipped, line: line, "BEGIN:\(name) nested inside more than \(deepest) events: skipped with everything in it")
    }

    private static func section(_ parent: String) -> String { parent == "VTODO" ? "3.6.2" : "3.6.1" }
}
