import Foundation
import Almanac
import AlmanacCalendar
import Testing

/// RECURRENCE-ID, RANGE=THISANDFUTURE, cancellations and window queries (RFC 5545 section 3.8.4.4).
struct OverrideTests {
    static let paris = try! Zone("Europe/Paris")
    static func utc(_ y: Int, _ m: Int, _ d: Int, _ h: Int = 0, _ min: Int = 0) -> Timestamp { try! Timestamp(utc: CivilDate(y, m, d).at(h, min)) }
    static func daily(_ extra: [String]) throws -> EventCalendar {
        try EventCalendar(ics: CalendarReaderTests.ics(
            ["BEGIN:VEVENT", "UID:d", "SUMMARY:Daily", "DTSTART;TZID=Europe/Paris:20240101T090000",
             "DTEND;TZID=Europe/Paris:20240101T100000", "RRULE:FREQ=DAILY;COUNT=30", "END:VEVENT"] + extra), options: .strict)
    }
    static func starts(_ c: EventCalendar, _ w: Range<Timestamp>) -> [String] {
        Array(c.occurrences(overlapping: w, viewer: paris)).map { "\($0.occurrence.start)" }
    }

    @Test func movedIntoTheWindowFromOutsideIsFoundAndMovedOutIsNot() throws {
        let c = try Self.daily([
            "BEGIN:VEVENT", "UID:d", "RECURRENCE-ID;TZID=Europe/Paris:20240120T090000",
            "DTSTART;TZID=Europe/Paris:20240103T150000", "DTEND;TZID=Europe/Paris:20240103T160000", "END:VEVENT",
            "BEGIN:VEVENT", "UID:d", "RECURRENCE-ID:20240104T080000Z",
            "DTSTART;TZID=Europe/Paris:20240125T090000", "DTEND;TZID=Europe/Paris:20240125T100000", "END:VEVENT",
        ])
        let w = Self.utc(2024, 1, 3)..<Self.utc(2024, 1, 5)
        #expect(Self.starts(c, w) == ["2024-01-03T09:00:00", "2024-01-03T15:00:00"])
        let moved = Array(c.occurrences(overlapping: w, viewer: Self.paris))[1]
        // A moved instance keeps its key: the original recurrence id.
        #expect(try moved.key == OccurrenceKey(seriesID: "d", recurrenceID: RecurrenceID(CivilDate(2024, 1, 20).at(9, 0))))
    }

    /// A file may concatenate VCALENDARs: an override joins the first series
    /// of its UID in its own VCALENDAR, and the calendar lists every series
    /// of a UID in file order.
    @Test func overridesJoinTheirSeriesInTheirOwnVCalendar() throws {
        func event(_ lines: [String]) -> [String] { ["BEGIN:VEVENT", "UID:a"] + lines + ["END:VEVENT"] }
        let first = event(["DTSTART:20240101T090000Z", "RRULE:FREQ=DAILY;COUNT=3"])
        let second = event(["DTSTART:20240201T090000Z", "RRULE:FREQ=DAILY;COUNT=3"])
            + event(["RECURRENCE-ID:20240202T090000Z", "DTSTART:20240202T150000Z", "SUMMARY:moved"])
        let text = CalendarReaderTests.ics(first) + CalendarReaderTests.ics(second)
            + CalendarReaderTests.ics(event(["RECURRENCE-ID:20240103T090000Z", "DTSTART:20240103T090000Z", "STATUS:CANCELLED"]))
        let c = try EventCalendar(ics: text, options: .strict)
        #expect(c.events.map(\.overrides.count) == [0, 1, 1])
        #expect(c.eventIndices(seriesID: "a") == [0, 1, 2])
        #expect(c.eventIndices(seriesID: "b") == [])
        let moved = try #require(c.occurrence(for: OccurrenceKey(seriesID: "a", recurrenceID: RecurrenceID(CivilDate(2024, 2, 2).at(9, 0)))))
        #expect(moved.title == "moved")
        #expect(moved.eventIndex == 1)
    }

    @Test func thisAndFutureShiftsEveryLaterInstance() throws {
        let c = try Self.daily([
            "BEGIN:VEVENT", "UID:d", "RECURRENCE-ID;RANGE=THISANDFUTURE;TZID=Europe/Paris:20240110T090000",
            "SUMMARY:Later", "DTSTART;TZID=Europe/Paris:20240110T113000", "DTEND;TZID=Europe/Paris:20240110T120000", "END:VEVENT",
        ])
        let all = Array(c.occurrences(overlapping: Self.utc(2024, 1, 8)..<Self.utc(2024, 1, 13), viewer: Self.paris))
        #expect(all.map { "\($0.occurrence.start)" } == ["2024-01-08T09:00:00", "2024-01-09T09:00:00", "2024-01-10T11:30:00",
                                                         "2024-01-11T11:30:00", "2024-01-12T11:30:00"])
        #expect(all.map(\.title) == ["Daily", "Daily", "Later", "Later", "Later"])
        // The new length (30 minutes) too.
        #expect(all[3].occurrence.instants.map { $0.upperBound.secondsSinceEpoch - $0.lowerBound.secondsSinceEpoch } == 1800)
    }

    @Test func cancelledInstancesAreListedOrDropped() throws {
        let c = try Self.daily(["BEGIN:VEVENT", "UID:d", "RECURRENCE-ID;TZID=Europe/Paris:20240102T090000", "STATUS:CANCELLED",
                                "DTSTART;TZID=Europe/Paris:20240102T090000", "END:VEVENT"])
        let w = Self.utc(2024, 1, 1)..<Self.utc(2024, 1, 4)
        #expect(Array(c.occurrences(overlapping: w)).map(\.status) == [nil, .cancelled, nil])
        #expect(Array(c.occurrences(overlapping: w, dropsCancelled: true)).count == 2)
    }

    @Test func exchangeDateTimeRecurrenceIDOnAnAllDaySeries() throws {
        let c = try EventCalendar(ics: CalendarReaderTests.ics([
            "BEGIN:VEVENT", "UID:b", "DTSTART;VALUE=DATE:20240101", "RRULE:FREQ=WEEKLY;COUNT=3", "SUMMARY:Bins", "END:VEVENT",
            "BEGIN:VEVENT", "UID:b", "RECURRENCE-ID;TZID=W. Europe Standard Time:20240108T000000",
            "DTSTART;VALUE=DATE:20240109", "DTEND;VALUE=DATE:20240110", "SUMMARY:Bins (Tuesday)", "END:VEVENT"]), options: .strict)
        let all = Array(c.occurrences(overlapping: Self.utc(2024, 1, 1)..<Self.utc(2024, 2, 1)))
        #expect(all.map { "\($0.occurrence.start.date)" } == ["2024-01-01", "2024-01-09", "2024-01-15"])
        #expect(try all[1].originalStart == .date(CivilDate(2024, 1, 8)))
    }

    @Test func orphanOverrideIsASingleEventAndTwoMastersAreTwoSeries() throws {
        let c = try EventCalendar(ics: CalendarReaderTests.ics([
            "BEGIN:VEVENT", "UID:o", "RECURRENCE-ID:20240105T090000Z", "DTSTART:20240106T090000Z", "END:VEVENT",
            "BEGIN:VEVENT", "UID:m", "DTSTART:20240101T090000Z", "END:VEVENT",
            "BEGIN:VEVENT", "UID:m", "DTSTART:20240102T090000Z", "END:VEVENT"]), options: .strict)
        let all = Array(c.occurrences(overlapping: Self.utc(2024, 1, 1)..<Self.utc(2024, 2, 1)))
        #expect(all.map(\.seriesID) == ["m", "m", "o"])
        #expect(try all[2].originalStart == .utc(CivilDate(2024, 1, 5).at(9, 0)))
        #expect(all[0].originalStart == nil)
    }

    @Test func windowEdges() throws {
        let c = try EventCalendar(ics: CalendarReaderTests.ics([
            "BEGIN:VEVENT", "UID:ends-at-from", "DTSTART:20240101T080000Z", "DTEND:20240101T090000Z", "END:VEVENT",
            "BEGIN:VEVENT", "UID:zero-at-from", "DTSTART:20240101T090000Z", "END:VEVENT",
            "BEGIN:VEVENT", "UID:starts-at-to", "DTSTART:20240101T100000Z", "END:VEVENT",
            "BEGIN:VEVENT", "UID:spans", "DTSTART:20240101T070000Z", "DURATION:PT4H", "END:VEVENT"]), options: .strict)
        let all = Array(c.occurrences(overlapping: Self.utc(2024, 1, 1, 9)..<Self.utc(2024, 1, 1, 10)))
        #expect(all.map(\.seriesID) == ["spans", "zero-at-from"])
    }

    /// A window query equals every instance of a long window filtered by overlap.
    @Test func windowQueryEqualsTheFullExpansionFiltered() throws {
        let c = try Self.daily([
            "BEGIN:VEVENT", "UID:d", "RECURRENCE-ID;TZID=Europe/Paris:20240120T090000",
            "DTSTART;TZID=Europe/Paris:20240103T093000", "END:VEVENT",
            "BEGIN:VEVENT", "UID:d", "RECURRENCE-ID;RANGE=THISANDFUTURE;TZID=Europe/Paris:20240125T090000",
            "DTSTART;TZID=Europe/Paris:20240124T230000", "END:VEVENT",
        ])
        let everything = Array(c.occurrences(overlapping: Self.utc(2000, 1, 1)..<Self.utc(2100, 1, 1), viewer: Self.paris))
        #expect(everything.count == 30)
        for startHour in stride(from: 0, to: 24 * 35, by: 5) {
            let from = Timestamp(secondsSinceEpoch: Self.utc(2024, 1, 1).secondsSinceEpoch + Int64(startHour) * 3600)
            let to = Timestamp(secondsSinceEpoch: from.secondsSinceEpoch + 7 * 3600)
            let expected = everything.filter {
                let r = $0.occurrence.instants(in: Self.paris)
                return r.lowerBound < to && (r.upperBound > from || (r.isEmpty && r.lowerBound == from))
            }
            #expect(Array(c.occurrences(overlapping: from..<to, viewer: Self.paris)) == expected, "\(from)")
        }
    }

    @Test func bundledSampleShowsOverrideCancellationFileZoneAndTrip() throws {
        let c = try EventCalendar(ics: try String(contentsOfFile: #filePath.replacingOccurrences(
            of: "Tests/AlmanacCalendarTests/OverrideTests.swift", with: "Corpus/samples/calendar.ics"), encoding: .utf8), options: .strict)
        let all = Array(c.occurrences(overlapping: Self.utc(2024, 5, 6)..<Self.utc(2024, 5, 13), viewer: Self.paris))
        #expect(all.map(\.jsonLine).contains(#"{"uid":"trip@example.com","recurrence_id":null,"start":"2024-05-07","end":"2024-05-10","all_day":true,"summary":"Trip to Lyon"}"#))
        #expect(all.contains { $0.status == .cancelled && $0.seriesID == "standup@example.com" })
        #expect(c.fileZones.count == 1)
        // The trip is three day records in Paris.
        let trip = try #require(all.first { $0.seriesID == "trip@example.com" })
        #expect(trip.occurrence.daySlices(in: Self.paris).count == 3)
    }
}
