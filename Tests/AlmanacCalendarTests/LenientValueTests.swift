import Almanac
import AlmanacCalendar
import Testing

/// Lenient mode reads the date forms producers write through the library's
/// one reader (`Anchor(parsing:zone:syntax:)`), each one a reading; strict
/// mode refuses them with RFC 5545's message.
@Suite struct LenientValueTests {
    static func start(_ value: String, _ mode: RecurrenceRule.ParsingMode) throws -> (Anchor, [String]) {
        let text = CalendarReaderTests.ics(["BEGIN:VEVENT", "UID:a", "DTSTART\(value)", "END:VEVENT"])
        let c = try EventCalendar(ics: text, options: CalendarOptions(mode: mode))
        return (c.events[0].recurrence.start, c.readings.filter { $0.kind == .liberty }.map(\.message))
    }

    @Test(arguments: [
        try (":2024-05-01T09:00:00", Anchor.floating(CivilDate(2024, 5, 1).at(9, 0))),
        try (":2024-05-01", .date(CivilDate(2024, 5, 1))),
        try (": 20240501T090000Z ", .utc(CivilDate(2024, 5, 1).at(9, 0))),
        try (":20240501t090000z", .utc(CivilDate(2024, 5, 1).at(9, 0))),
        try (":2024-05-01T09:00:00+02:00", .utc(CivilDate(2024, 5, 1).at(7, 0))),   // the instant an offset names
        try (";TZID=Europe/Paris:2024-05-01T09:00:00", .zoned(CivilDate(2024, 5, 1).at(9, 0), try! Zone("Europe/Paris"))),
    ])
    func lenientModeReadsWhatProducersWrite(value: String, expected: Anchor) throws {
        let (a, readings) = try Self.start(value, .lenient)
        #expect(a == expected)
        #expect(readings.count == 1 && readings[0].hasPrefix("DTSTART \""), "\(readings)")
        #expect(throws: AlmanacError.self) { try Self.start(value, .strict) }
    }

    /// What no form reads is skipped, with strict RFC 5545's message.
    @Test func whatNoFormReadsIsSkipped() throws {
        let text = CalendarReaderTests.ics(["BEGIN:VEVENT", "UID:a", "DTSTART:2024-05-01T0900", "END:VEVENT"])
        let c = try EventCalendar(ics: text)
        #expect(c.events.isEmpty)
        #expect(c.readings.contains { $0.kind == .skipped && $0.message.contains(#"invalid date-time "2024-05-01T0900" at column 1"#) }, "\(c.readings)")
    }
}
