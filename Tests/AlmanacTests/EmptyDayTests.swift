import Testing
@testable import Almanac

/// A date the clock jumps over (a transition forward by a day or more) has
/// no slice, in a zone's table and in the 400-year cycles a table repeats
/// past 2500; an instance thousands of years long is sliced without walking
/// every DST transition it spans (a fuzz-ics finding: 0.45 s).
struct EmptyDayTests {
    /// -12:00, then +12:00 from 2150-01-01T12:00Z (as Samoa did in 2011),
    /// then -12:00 again from 2150-06-01: 2150-01-01 never happens, and the
    /// table (ending in a full cycle) repeats that in 2550, 2950...
    static func jumping() throws -> Zone {
        let on = try Int64(CivilDate(2150, 1, 1).daysSinceEpoch) * 86_400 + 43_200
        let off = try Int64(CivilDate(2150, 6, 1).daysSinceEpoch) * 86_400
        return try Zone(identifier: "Jump", transitions: [on, off],
                        offsets: try [Offset(seconds: -43_200), Offset(seconds: 43_200), Offset(seconds: -43_200)])
    }

    static func dates(_ o: Occurrence, _ zone: Zone) -> [CivilDate] { Array(o.daySlices(in: zone)).map(\.date) }

    @Test func jumpedDatesHaveNoSliceInTheTableAndInItsRepeats() throws {
        let zone = try Self.jumping()
        #expect(zone.table.dayJumps == [0])
        for year in [2150, 2550, 2950] {
            let start = try Timestamp(utc: CivilDate(year - 1, 12, 30).at(12, 0))
            let set = try RecurrenceSet(start: .utc(CivilDate(year - 1, 12, 30).at(12, 0)), length: .duration(EventDuration(days: 4)))
            let o = try #require(try set.occurrences().first { _ in true })
            #expect(o.instants?.lowerBound == start)
            let days = Self.dates(o, zone)
            #expect(try !days.contains(CivilDate(year, 1, 1)), "\(year)")
            #expect(try days.contains(CivilDate(year, 1, 2)) && days.contains(CivilDate(year - 1, 12, 31)), "\(year)")
        }
    }

    @Test func anInstanceOfThousandsOfYearsIsSlicedWithItsEmptyDates() throws {
        let zone = try Self.jumping()
        let set = try RecurrenceSet(start: .utc(CivilDate(2000, 1, 1).at(0, 0)), length: .duration(EventDuration(days: 2_500 * 365)))
        let o = try #require(try set.occurrences().first { _ in true })
        let slices = Array(o.daySlices(in: zone))
        let missing = try Set([2150, 2550, 2950, 3350].map { try CivilDate($0, 1, 1) })
        #expect(slices.allSatisfy { !missing.contains($0.date) })
        #expect(slices.count > 900_000)
        // New York's thousands of DST changes empty no date.
        let ny = try Zone("America/New_York")
        #expect(ny.table.dayJumps.isEmpty)
        #expect(try Zone("Pacific/Apia").table.dayJumps.count == 1)
    }
}
