import Almanac
import AlmanacCalendar
import Foundation
import Testing
import AlmanacSync

/// Graph writes `start` and `end` in UTC unless the request sends `Prefer:
/// outlook.timezone` ("The default time zone for start and end in the
/// response is UTC", Microsoft Graph, Get event); a series still recurs in
/// its `recurrenceTimeZone`, as Outlook shows it.
@Suite struct GraphZoneTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Corpus/sync").standardized

    static func payload(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: folder.appendingPathComponent(name)))
    }

    static func utc(_ day: Int, _ hour: Int, _ minute: Int = 0) -> Timestamp {
        try! Timestamp(utc: CivilDate(2024, 3, day).at(hour, minute))
    }

    static let march = try! utc(1, 0)..<Timestamp(utc: CivilDate(2024, 4, 1).at(0, 0))

    /// The issue's acceptance: the UTC payload of a 09:00 Pacific daily
    /// stand-up is at 17:00Z before Sunday 10 March 2024 and 16:00Z from
    /// then on; the exception of 12 March (originalStart 16:00Z) replaces
    /// its instance once; 14 March, in cancelledOccurrences, is cancelled
    /// at its own time.
    @Test(arguments: ["graph-daily-standup-dst.utc.json", "graph-daily-standup-dst.json"])
    func standUpRecursOnThePacificClock(_ file: String) throws {
        let events = try GraphEvents.read(json: try Self.payload(file))
        #expect(events.count == 1)
        let calendar = EventCalendar(events: events.map(\.series))
        let all = Array(calendar.occurrences(overlapping: Self.march))
        #expect(all.count == 14)
        for o in all {
            let day = try #require(o.originalStart).civil.date.day
            let start = o.occurrence.instants(in: .utc).lowerBound
            switch day {
            case 12:
                #expect(start == Self.utc(12, 17, 30) && o.title == "Stand-up (moved)", "\(o)")
                #expect(o.originalStart?.instant(in: .utc) == Self.utc(12, 16))
            case 14:
                #expect(start == Self.utc(14, 16) && o.status == .cancelled, "\(o)")
            default:
                #expect(start == Self.utc(day, day < 10 ? 17 : 16), "\(o)")
                #expect(o.status == nil && o.title == "Stand-up", "\(o)")
            }
        }
        #expect(Set(all.map { $0.originalStart!.civil.date.day }) == Set(4...17))
    }

    /// A master written on its own zone's clock keeps its wall clock: 02:30
    /// on the night New York springs forward (no such time that day: the
    /// instance is at 03:30) is the series' time of day, later instances
    /// are at 02:30. Written in UTC, the same start is 07:30Z, whose wall
    /// clock is 03:30 EDT: nothing in the payload tells that 02:30 was
    /// meant, so that series is at 03:30 (README, Sync: a choice where
    /// Graph is silent).
    @Test(arguments: [("2024-03-10T02:30:00", "Eastern Standard Time", 2), ("2024-03-10T07:30:00", "UTC", 3)])
    func aStartInAGap(_ start: String, _ zone: String, _ hour: Int) throws {
        let json = #"{"value":[{"id":"m","type":"seriesMaster","originalStartTimeZone":"Eastern Standard Time","#
            + #""start":{"dateTime":"\#(start)","timeZone":"\#(zone)"},"#
            + #""recurrence":{"pattern":{"type":"daily","interval":1},"range":{"type":"numbered","startDate":"2024-03-10","numberOfOccurrences":3,"recurrenceTimeZone":"Eastern Standard Time"}}}]}"#
        let set = try #require(try GraphEvents.read(json: json).first).series.recurrence
        #expect(try set.start == .zoned(CivilDate(2024, 3, 10).at(hour, 30), try Zone("America/New_York")))
        let starts = try set.occurrences().map(\.start)
        #expect(try starts == [CivilDate(2024, 3, 10).at(3, 30), CivilDate(2024, 3, 11).at(hour, 30), CivilDate(2024, 3, 12).at(hour, 30)], "\(zone)")
    }
}
