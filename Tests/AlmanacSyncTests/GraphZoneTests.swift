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
        Timestamp(utc: CivilDate(2024, 3, day)!.at(hour, minute))
    }

    static let march = utc(1, 0)..<Timestamp(utc: CivilDate(2024, 4, 1)!.at(0, 0))

    /// The acceptance: the UTC payload of a 09:00 Pacific daily
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
            let day = try #require(o.recurrenceID).civil.date.day
            let start = o.occurrence.instants(in: .utc).lowerBound
            switch day {
            case 12:
                #expect(start == Self.utc(12, 17, 30) && o.summary == "Stand-up (moved)", "\(o)")
                #expect(o.recurrenceID?.instant(in: .utc) == Self.utc(12, 16))
            case 14:
                #expect(start == Self.utc(14, 16) && o.status == .cancelled, "\(o)")
            default:
                #expect(start == Self.utc(day, day < 10 ? 17 : 16), "\(o)")
                #expect(o.status == nil && o.summary == "Stand-up", "\(o)")
            }
        }
        #expect(Set(all.map { $0.recurrenceID!.civil.date.day }) == Set(4...17))
    }
}
