import Almanac
import AlmanacCalendar
import Testing

/// VALARM (RFC 5545 section 3.6.6, RFC 9074) and TRANSP (section 3.8.2.7) as the reader reads them.
struct AlarmReadingTests {
    static func event(_ body: [String], strict: Bool = false) throws -> EventCalendar {
        try EventCalendar(ics: CalendarReaderTests.ics(
            ["BEGIN:VEVENT", "UID:a", "DTSTART;TZID=Europe/Paris:20240101T090000", "DTEND;TZID=Europe/Paris:20240101T100000",
             "RRULE:FREQ=DAILY;COUNT=5"] + body + ["END:VEVENT"]), options: strict ? .strict : CalendarOptions())
    }

    @Test func triggersRelativeToStartOrEndAndAbsolute() throws {
        let c = try Self.event([
            "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Soon", "TRIGGER:-PT15M", "END:VALARM",
            "BEGIN:VALARM", "ACTION:AUDIO", "TRIGGER;RELATED=END:PT5M", "REPEAT:2", "DURATION:PT1M", "END:VALARM",
            "BEGIN:VALARM", "ACTION:EMAIL", "SUMMARY:Subject", "DESCRIPTION:Body", "TRIGGER;VALUE=DATE-TIME:20240101T070000Z", "END:VALARM",
        ], strict: true)
        let a = c.events[0].alarms
        #expect(a.count == 3)
        #expect(a[0].trigger == .start(EventDuration(seconds: -900)))
        #expect(a[0].action == .display && a[0].description == "Soon")
        #expect(a[1].trigger == .end(EventDuration(seconds: 300)))
        #expect(a[1].repeatCount == 2 && a[1].repeatInterval == EventDuration(seconds: 60))
        let seven = try Timestamp(utc: CivilDate(2024, 1, 1).at(7, 0))
        #expect(a[2].trigger == .absolute(seven))
        #expect(a[2].summary == "Subject" && a[2].action == .email)
    }

    @Test func rfc9074AcknowledgedSnoozeAndProximity() throws {
        let c = try Self.event([
            "BEGIN:VALARM", "UID:alarm-1", "ACTION:DISPLAY", "TRIGGER:-PT10M", "ACKNOWLEDGED:20240102T085000Z", "END:VALARM",
            "BEGIN:VALARM", "UID:alarm-2", "ACTION:DISPLAY", "TRIGGER;VALUE=DATE-TIME:20240102T090500Z",
            "RELATED-TO;RELTYPE=SNOOZE:alarm-1", "END:VALARM",
            "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER;VALUE=DATE-TIME:19760401T005545Z", "PROXIMITY:ARRIVE", "END:VALARM",
        ])
        let a = c.events[0].alarms
        let acknowledged = try Timestamp(utc: CivilDate(2024, 1, 2).at(8, 50))
        #expect(a[0].uid == "alarm-1" && a[0].acknowledged == acknowledged)
        #expect(a[1].snoozes == "alarm-1")
        #expect(a[2].proximity == "ARRIVE" && !a[2].firesAtATime)
        #expect(c.readings.contains { $0.message.contains("PROXIMITY:ARRIVE") && $0.message.contains("not applicable") })
    }

    @Test func strictRefusesWhatTheGrammarForbidsAndLenientReports() throws {
        #expect(throws: AlmanacError.self) { try Self.event(["BEGIN:VALARM", "ACTION:DISPLAY", "END:VALARM"], strict: true) }
        #expect(throws: AlmanacError.self) {
            try Self.event(["BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT5M", "REPEAT:3", "END:VALARM"], strict: true)
        }
        let lenient = try Self.event(["BEGIN:VALARM", "ACTION:DISPLAY", "END:VALARM",
                                      "BEGIN:VALARM", "TRIGGER:-PT5M", "REPEAT:3", "END:VALARM"])
        #expect(lenient.events[0].alarms.count == 1)
        #expect(lenient.events[0].alarms[0].action == .display && lenient.events[0].alarms[0].repeatCount == 0)
        #expect(lenient.readings.contains { $0.message.contains("without TRIGGER") })
        #expect(lenient.readings.contains { $0.message.contains("REPEAT and no DURATION") })
        let huge = try Self.event(["BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT5M", "REPEAT:999999999999", "DURATION:PT1M", "END:VALARM"])
        #expect(huge.events[0].alarms[0].repeatCount == 10_000)
        // A year at most from the trigger to the last repeat: 52 weeks.
        let long = try Self.event(["BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT5M", "REPEAT:100", "DURATION:P1W", "END:VALARM"])
        #expect(long.events[0].alarms[0].repeatCount == 52)
        #expect(long.readings.contains { $0.message.contains("REPEAT:100 every P1W cut to 52") })
    }

    @Test func overridesCarryTheirOwnAlarmsAndTransparency() throws {
        let c = try EventCalendar(ics: CalendarReaderTests.ics([
            "BEGIN:VEVENT", "UID:a", "DTSTART:20240101T090000Z", "RRULE:FREQ=DAILY;COUNT=3", "TRANSP:TRANSPARENT",
            "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT15M", "END:VALARM", "END:VEVENT",
            "BEGIN:VEVENT", "UID:a", "RECURRENCE-ID:20240102T090000Z", "DTSTART:20240102T100000Z",
            "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT1H", "END:VALARM", "END:VEVENT",
        ]), options: .strict)
        let week = try Timestamp(utc: CivilDate(2024, 1, 1).at(0, 0))..<Timestamp(utc: CivilDate(2024, 1, 8).at(0, 0))
        let all = Array(c.occurrences(overlapping: week))
        #expect(all.map { c.alarms(of: $0).map(\.trigger) } == [
            [.start(EventDuration(seconds: -900))], [.start(EventDuration(seconds: -3600))], [.start(EventDuration(seconds: -900))],
        ])
        #expect(all.map(\.transparency) == [.transparent, .opaque, .transparent])
    }

    @Test func descriptionOfAnEventIsStillNotKeptButAnAlarmsIs() throws {
        let c = try Self.event(["DESCRIPTION:the event's own text", "PRIORITY:1",
                                "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:the alarm's", "TRIGGER:PT0S", "END:VALARM"])
        #expect(c.events[0].alarms.map(\.description) == ["the alarm's"])
        #expect(c.events[0].title == nil)
    }
}
