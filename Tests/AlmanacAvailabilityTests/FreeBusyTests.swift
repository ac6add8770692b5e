import Almanac
import AlmanacAvailability
import AlmanacCalendar
import Testing

/// `2024-05-06T09:00:00Z`-style instants for short test text.
func at(_ d: Int, _ h: Int, _ m: Int = 0) -> Timestamp {
    try! Timestamp(utc: CivilDate(2024, 5, d).at(h, m))
}

/// A VCALENDAR around `body` lines (CRLF).
func ics(_ body: [String]) -> String {
    (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN"] + body + ["END:VCALENDAR"]).joined(separator: "\r\n") + "\r\n"
}

/// A VEVENT of `uid` from `start` to `end` (UTC basic values) with more lines.
func event(_ uid: String, _ start: String, _ end: String, _ more: [String] = []) -> [String] {
    ["BEGIN:VEVENT", "UID:\(uid)", "DTSTAMP:20240101T000000Z", "DTSTART:\(start)", "DTEND:\(end)"] + more + ["END:VEVENT"]
}

/// Busy time from instances, RFC 5545 sections 3.2.9, 3.6.4 and 3.8.2.7;
/// the merge order where the RFC is silent (FreeBusy's doc comment).
struct FreeBusyTests {
    let day = at(6, 0)..<at(7, 0)

    @Test func overlappingAndTouchingPeriodsOfOneTypeMerge() throws {
        let c = try EventCalendar(ics: ics(event("a", "20240506T090000Z", "20240506T100000Z")
                                           + event("b", "20240506T093000Z", "20240506T103000Z")
                                           + event("c", "20240506T103000Z", "20240506T110000Z")
                                           + event("d", "20240506T120000Z", "20240506T130000Z")))
        #expect(c.busyPeriods(overlapping: day) == [BusyPeriod(range: at(6, 9)..<at(6, 11)), BusyPeriod(range: at(6, 12)..<at(6, 13))])
    }

    @Test func theStrongerTypeHoldsWhereTypesOverlap() throws {
        // Tentative 09-12, busy 10-11, out of office 10:30-10:45.
        let c = try EventCalendar(ics: ics(event("t", "20240506T090000Z", "20240506T120000Z", ["STATUS:TENTATIVE"])
                                           + event("b", "20240506T100000Z", "20240506T110000Z", ["STATUS:CONFIRMED"])))
        var oof = CalendarEvent(id: "o", recurrence: try RecurrenceSet(start: .utc(CivilDate(2024, 5, 6).at(10, 30)),
                                                                    length: .duration(EventDuration(seconds: 900))))
        oof.busyType = .busyUnavailable
        let both = EventCalendar(events: [oof])
        #expect(FreeBusy.busyPeriods(of: [c, both], overlapping: day) == [
            BusyPeriod(range: at(6, 9)..<at(6, 10), type: .busyTentative),
            BusyPeriod(range: at(6, 10)..<at(6, 10, 30), type: .busy),
            BusyPeriod(range: at(6, 10, 30)..<at(6, 10, 45), type: .busyUnavailable),
            BusyPeriod(range: at(6, 10, 45)..<at(6, 11), type: .busy),
            BusyPeriod(range: at(6, 11)..<at(6, 12), type: .busyTentative),
        ])
    }

    @Test func transparentCancelledFreeAndToDosAreNotBusy() throws {
        let c = try EventCalendar(ics: ics(event("t", "20240506T090000Z", "20240506T100000Z", ["TRANSP:TRANSPARENT"])
                                           + event("x", "20240506T110000Z", "20240506T120000Z", ["STATUS:CANCELLED"])
                                           + ["BEGIN:VTODO", "UID:todo", "DTSTAMP:20240101T000000Z", "DTSTART:20240506T130000Z",
                                              "DUE:20240506T140000Z", "END:VTODO"]
                                           + event("o", "20240506T150000Z", "20240506T160000Z", ["TRANSP:OPAQUE"])))
        var free = CalendarEvent(id: "f", recurrence: try RecurrenceSet(start: .utc(CivilDate(2024, 5, 6).at(17, 0)),
                                                                     length: .duration(EventDuration(seconds: 3600))))
        free.busyType = .free
        #expect(FreeBusy.busyPeriods(of: [c, EventCalendar(events: [free])], overlapping: day)
                == [BusyPeriod(range: at(6, 15)..<at(6, 16))])
    }

    @Test func overridesGiveTheInstanceItsTimeStatusAndTransparency() throws {
        // A daily 09:00 hour: the 6th moved to 14:00, the 7th cancelled,
        // the 8th transparent, the 9th tentative.
        let series = event("s", "20240505T090000Z", "20240505T100000Z", ["RRULE:FREQ=DAILY;COUNT=6"])
        let moved = ["BEGIN:VEVENT", "UID:s", "RECURRENCE-ID:20240506T090000Z", "DTSTART:20240506T140000Z",
                     "DTEND:20240506T150000Z", "END:VEVENT"]
        let cancelled = ["BEGIN:VEVENT", "UID:s", "RECURRENCE-ID:20240507T090000Z", "DTSTART:20240507T090000Z",
                         "DTEND:20240507T100000Z", "STATUS:CANCELLED", "END:VEVENT"]
        let clear = ["BEGIN:VEVENT", "UID:s", "RECURRENCE-ID:20240508T090000Z", "DTSTART:20240508T090000Z",
                     "DTEND:20240508T100000Z", "TRANSP:TRANSPARENT", "END:VEVENT"]
        let maybe = ["BEGIN:VEVENT", "UID:s", "RECURRENCE-ID:20240509T090000Z", "DTSTART:20240509T090000Z",
                     "DTEND:20240509T100000Z", "STATUS:TENTATIVE", "END:VEVENT"]
        let c = try EventCalendar(ics: ics(series + moved + cancelled + clear + maybe))
        #expect(c.busyPeriods(overlapping: at(6, 0)..<at(11, 0)) == [
            BusyPeriod(range: at(6, 14)..<at(6, 15)),
            BusyPeriod(range: at(9, 9)..<at(9, 10), type: .busyTentative),
            BusyPeriod(range: at(10, 9)..<at(10, 10)),
        ])
    }

    @Test func periodsAreClippedToTheWindow() throws {
        let c = try EventCalendar(ics: ics(event("a", "20240505T220000Z", "20240506T020000Z")
                                           + event("b", "20240506T230000Z", "20240507T010000Z")))
        #expect(c.busyPeriods(overlapping: day) == [BusyPeriod(range: at(6, 0)..<at(6, 2)), BusyPeriod(range: at(6, 23)..<at(7, 0))])
    }

    @Test func allDayEventsAreBusyInTheViewersDaysUnlessTheOptionSaysFree() throws {
        let c = try EventCalendar(ics: ics(["BEGIN:VEVENT", "UID:trip", "DTSTAMP:20240101T000000Z", "DTSTART;VALUE=DATE:20240506",
                                            "DTEND;VALUE=DATE:20240508", "END:VEVENT"]
                                           + ["BEGIN:VEVENT", "UID:birthday", "DTSTAMP:20240101T000000Z", "DTSTART;VALUE=DATE:20240510",
                                              "TRANSP:TRANSPARENT", "END:VEVENT"]))
        let paris = try Zone("Europe/Paris")
        let week = at(5, 0)..<at(12, 0)
        // Paris is UTC+2 in May: the trip's days start at 22:00Z the day before.
        #expect(c.busyPeriods(overlapping: week, viewer: paris) == [BusyPeriod(range: at(5, 22)..<at(7, 22))])
        #expect(c.busyPeriods(overlapping: week, viewer: paris, options: FreeBusyOptions(allDay: .free)).isEmpty)
    }

    @Test func unknownTypesCountAsBusy() {
        // RFC 5545 section 3.2.9: x-names are treated "the same way as they would the BUSY value".
        let merged = FreeBusy.merged([BusyPeriod(range: at(6, 9)..<at(6, 10), type: FreeBusyType(rawValue: "X-OUT-SICK")),
                                      BusyPeriod(range: at(6, 10)..<at(6, 11), type: .busy),
                                      BusyPeriod(range: at(6, 12)..<at(6, 13), type: .free)], in: day)
        #expect(merged == [BusyPeriod(range: at(6, 9)..<at(6, 11), type: .busy)])
    }

    @Test func jsonLinesCarryUTCInstantsAndTheType() {
        let text = FreeBusy.jsonLines([BusyPeriod(range: at(6, 9)..<at(6, 10, 30), type: .busyTentative)])
        #expect(text == "{\"start\":\"2024-05-06T09:00:00Z\",\"end\":\"2024-05-06T10:30:00Z\",\"type\":\"BUSY-TENTATIVE\"}\n")
    }
}
