import Almanac
import AlmanacCalendar
import Testing

/// Issue 25, items 5 and 8 on a calendar: its events are `Series`, its
/// window query takes a planner period, and its instances read on the
/// viewer's clock.
@Suite struct CalendarVocabularyTests {
    static let ny = try! Zone("America/New_York")
    static let paris = try! Zone("Europe/Paris")

    static let ics = """
        BEGIN:VCALENDAR\r
        BEGIN:VEVENT\r
        UID:call\r
        SUMMARY:Call\r
        DTSTART;TZID=America/New_York:20240506T090000\r
        DURATION:PT1H\r
        RRULE:FREQ=DAILY;COUNT=10\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:trip\r
        DTSTART;VALUE=DATE:20240511\r
        DTEND;VALUE=DATE:20240514\r
        END:VEVENT\r
        END:VCALENDAR\r

        """

    static func ids(_ series: [some Series]) -> [String] { series.map(\.id) }

    @Test func eventsAreSeries() throws {
        let calendar = try EventCalendar(ics: Self.ics)
        #expect(Self.ids(calendar.events) == ["call", "trip"])
        #expect(calendar.events.map(\.title) == ["Call", nil])
        let first = try #require(calendar.occurrences(overlapping: Timestamp.min..<Timestamp.max).first { _ in true })
        #expect(first.seriesID == "call")
        #expect(calendar.events[0].occurrenceKey(for: first.occurrence) == first.key)
    }

    /// The period query is the instants query over the viewer's days of the
    /// period; a trip of 11-13 May overlaps week 19 (6-12 May) and week 20.
    @Test func periodQueryEqualsTheViewersDays() throws {
        let calendar = try EventCalendar(ics: Self.ics)
        for viewer in [Self.ny, Self.paris] {
            for p in try [Period.week(2024, 19), Period.week(2024, 20), Period.day(CivilDate(2024, 5, 13))] {
                let got = Array(calendar.occurrences(in: p, viewer: viewer))
                let window = try viewer.startOfDay(p.firstDay)..<viewer.startOfDay(p.lastDay.adding(days: 1))
                #expect(got == Array(calendar.occurrences(overlapping: window, viewer: viewer)))
                #expect(got.contains { $0.seriesID == "trip" })
            }
        }
        #expect(try Array(calendar.occurrences(in: Period.week(2024, 19), viewer: Self.ny)).filter { $0.seriesID == "call" }.count == 7)
    }

    /// `viewerStart` and `viewerEnd` replace
    /// `viewer.civil(at: o.occurrence.instants(in: viewer).lowerBound)!.0`.
    @Test func viewerClock() throws {
        let calendar = try EventCalendar(ics: Self.ics)
        let day = try Period.day(CivilDate(2024, 5, 6))
        let call = try #require(calendar.occurrences(in: day, viewer: Self.paris).first { _ in true })
        #expect(call.viewer == Self.paris)
        #expect(try call.viewerStart == CivilDate(2024, 5, 6).at(15, 0))
        #expect(try call.viewerEnd == CivilDate(2024, 5, 6).at(16, 0))
        #expect(call.viewerStart == Self.paris.civil(at: call.occurrence.instants(in: Self.paris).lowerBound)!.0)
        let inNY = try #require(calendar.occurrences(in: day, viewer: Self.ny).first { _ in true })
        #expect(try inNY.viewerStart == CivilDate(2024, 5, 6).at(9, 0))
        let trip = try #require(calendar.occurrences(in: Period.week(2024, 19), viewer: Self.paris).first { $0.seriesID == "trip" })
        #expect(try trip.viewerStart == CivilDate(2024, 5, 11).at(0, 0))
        #expect(try trip.viewerEnd == CivilDate(2024, 5, 14).at(0, 0))
        let looked = try #require(calendar.occurrence(for: call.key, viewer: Self.paris))
        #expect(looked.viewerStart == call.viewerStart)
    }
}
