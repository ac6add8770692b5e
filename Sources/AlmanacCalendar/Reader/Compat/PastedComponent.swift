/// A VEVENT, VTODO or VTIMEZONE with no VCALENDAR around it: what people
/// paste out of an export or a mail ("BEGIN:VEVENT ... END:VEVENT"), and
/// what libical's `icalparser_parse_string`, ical.js's `ICAL.parse` and
/// Python icalendar's `Component.from_ical` read as a component of its own.
/// RFC 5545 section 3.4 has no such object (`icalstream = 1*icalobject`,
/// `icalobject = "BEGIN" ":" "VCALENDAR" ...`), so strict mode refuses it
/// at its BEGIN line; lenient mode reads the bare components that follow
/// one another as one VCALENDAR (so that a pasted VTIMEZONE defines the
/// TZIDs of the VEVENT pasted with it), with a reading.
///
/// Corpus: `Corpus/ics/bare-vevent-google-paste.ics`,
/// `bare-vtimezone-and-vevent-outlook-paste.ics`, `bare-vevent-strict.ics`.
enum PastedComponent {
    /// Whether a BEGIN of `name` outside any VCALENDAR opens an implicit one (lenient mode).
    static func opensCalendar(_ name: String) -> Bool {
        name == "VEVENT" || name == "VTODO" || name == "VTIMEZONE"
    }

    /// The reading at the first such BEGIN.
    static func reading(_ name: String, line: Int) -> CalendarReading {
        CalendarReading(.liberty, line: line, "BEGIN:\(name) outside a VCALENDAR: read as if a VCALENDAR held it (RFC 5545 section 3.4 puts every component in one)")
    }
}
