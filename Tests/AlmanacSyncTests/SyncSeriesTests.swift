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

    /// The diff over a period is the diff over the viewer's days of it: a
    /// moved instance on Tuesday of week 19 shows in that week, not the next.
    @Test func snapshotDiffOverAPeriod() throws {
        let paris = try Zone("Europe/Paris")
        let set = try RecurrenceSet(start: .zoned(CivilDate(2024, 5, 6).at(9, 0), paris), rules: [try RecurrenceRule("FREQ=DAILY;COUNT=14")])
        let before = CalendarEvent(id: "standup", title: "Stand-up", recurrence: set)
        var after = before
        after.overrides = try [CalendarEvent.Override(originalStart: .zoned(CivilDate(2024, 5, 7).at(9, 0), paris),
                                                  start: try .zoned(CivilDate(2024, 5, 7).at(11, 0), paris))]
        let (old, new) = ([SyncEvent(sourceID: "s", origin: .ics, series: before)], [SyncEvent(sourceID: "s", origin: .ics, series: after)])
        for p in try [Period.week(2024, 19), Period.week(2024, 20), Period.day(CivilDate(2024, 5, 7))] {
            let byPeriod = SnapshotDiff(before: old, after: new, period: p, viewer: paris)
            let byWindow = SnapshotDiff(before: old, after: new, window: p.instants(in: paris), viewer: paris)
            #expect(byPeriod.changes == byWindow.changes)
            #expect(try byPeriod.changes.count == (p == Period.week(2024, 20) ? 0 : 1))
            let calendars = SnapshotDiff(before: EventCalendar(events: [before]), after: EventCalendar(events: [after]), period: p, viewer: paris)
            #expect(calendars.changes == byPeriod.changes)
        }
    }
}
