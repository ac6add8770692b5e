import Almanac
import AlmanacCalendar
import AlmanacSync
import Testing

/// Issue 25, item 5: a synced event is a `Series` whose id is the series id
/// (the UID that keys its occurrences), not the service's own id.
@Suite struct SyncSeriesTests {
    static func described(_ s: some Series) -> String { "\(s.id):\(s.title ?? "-"):\(s.recurrence.rules.count)" }

    @Test func syncEventIsASeriesKeyedByItsUID() throws {
        let json = #"{"items":[{"kind":"calendar#event","id":"g42","iCalUID":"standup@example.com","summary":"Stand-up","#
            + #""start":{"dateTime":"2024-05-06T09:00:00+02:00","timeZone":"Europe/Berlin"},"#
            + #""end":{"dateTime":"2024-05-06T09:15:00+02:00","timeZone":"Europe/Berlin"},"recurrence":["RRULE:FREQ=DAILY;COUNT=3"]}]}"#
        let events = try GoogleEvents.read(json: Array(json.utf8))
        let e = try #require(events.first)
        #expect(e.sourceID == "g42" && e.origin == .google)
        #expect(Self.described(e) == "standup@example.com:Stand-up:1")
        #expect(Self.described(e) == Self.described(e.series))
        let o = try #require(try e.recurrence.occurrences().first { _ in true })
        #expect(e.occurrenceKey(for: o).seriesID == "standup@example.com")
        let calendar = EventCalendar(events: events.map(\.series))
        #expect(calendar.occurrences(overlapping: Timestamp.min..<Timestamp.max).map(\.key) ==
                Array(try e.recurrence.occurrences()).map(e.occurrenceKey(for:)))
    }
}
