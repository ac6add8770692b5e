import Testing
@testable import Almanac

/// Instance lengths: RFC 5545 section 3.8.5.3 (DTEND gives an exact
/// duration, DURATION a nominal one), 3.6.1 (a DATE event with neither lasts
/// a day), 3.3.6 (nominal days keep the wall-clock time).
@Suite struct OccurrenceLengthTests {
    let ny = try! Zone("America/New_York")

    func first(_ set: RecurrenceSet, _ n: Int = 3) throws -> [Occurrence] { Array(try set.occurrences().prefix(n)) }

    @Test func dateEventEndIsExclusive() throws {
        // DTSTART;VALUE=DATE:20240501, DTEND;VALUE=DATE:20240504: three days.
        let s = try RecurrenceSet(start: .date(CivilDate(2024, 5, 1)), length: .end(.date(CivilDate(2024, 5, 4))))
        let o = try first(s)[0]
        #expect(o.end.secondsSinceEpoch - o.timestamp.secondsSinceEpoch == 3 * 86_400)
    }

    @Test func dateEventWithoutEndLastsOneDay() throws {
        let o = try first(RecurrenceSet(start: .date(CivilDate(2024, 5, 1))))[0]
        #expect(o.end.secondsSinceEpoch - o.timestamp.secondsSinceEpoch == 86_400)
    }

    @Test func nominalDayKeepsWallClockAcrossSpringForward() throws {
        // P1D from 2024-03-09T09:00 EST ends 2024-03-10T09:00 EDT: 23 hours later.
        var r = RecurrenceRule(frequency: .daily)
        r.count = 1
        let s = try RecurrenceSet(start: .zoned(CivilDate(2024, 3, 9).at(9, 0), ny), rules: [r], length: .duration(EventDuration(days: 1)))
        let o = try first(s)[0]
        #expect(o.end.secondsSinceEpoch - o.timestamp.secondsSinceEpoch == 23 * 3600)
    }

    @Test func exactDurationIgnoresWallClock() throws {
        var r = RecurrenceRule(frequency: .daily)
        r.count = 1
        let s = try RecurrenceSet(start: .zoned(CivilDate(2024, 3, 9).at(9, 0), ny), rules: [r], length: .duration(EventDuration(seconds: 86_400)))
        let o = try first(s)[0]
        #expect(o.end.secondsSinceEpoch - o.timestamp.secondsSinceEpoch == 86_400)
    }

    @Test func dtendGivesEveryInstanceTheSameExactDuration() throws {
        // DTSTART 22:00 EDT, DTEND 02:00 EST on the fall-back night: five elapsed hours, for every instance.
        var r = RecurrenceRule(frequency: .daily)
        r.count = 3
        let s = try RecurrenceSet(start: .zoned(CivilDate(2024, 11, 2).at(22, 0), ny), rules: [r],
                              length: try .end(.zoned(CivilDate(2024, 11, 3).at(2, 0), ny)))
        for o in try first(s) { #expect(o.end.secondsSinceEpoch - o.timestamp.secondsSinceEpoch == 5 * 3600) }
    }

    @Test(arguments: [("P1W", 7, 0, "P1W"), ("P2D", 2, 0, "P2D"), ("P1DT12H", 1, 43_200, "P1DT12H"), ("PT15M", 0, 900, "PT15M"),
                      ("-PT1H30M", 0, -5400, "-PT1H30M"), ("PT0S", 0, 0, "PT0S"), ("PT1H0M5S", 0, 3605, "PT1H0M5S"), ("P14D", 14, 0, "P2W")])
    func durationsParseAndFormat(_ text: String, _ days: Int, _ seconds: Int, _ canonical: String) throws {
        let d = try EventDuration(parsing: text)
        #expect(d == EventDuration(days: days, seconds: seconds))
        #expect(d.description == canonical)
        #expect(try EventDuration(parsing: d.description) == d)
    }

    @Test(arguments: ["", "P", "1D", "PT", "P1W2D", "PT1S1H", "P1.5D", "PX", "PT1H1H", "P99999999999999999999D"])
    func badDurationsThrow(_ text: String) throws {
        #expect(throws: AlmanacError.self) { try EventDuration(parsing: text) }
    }
}
