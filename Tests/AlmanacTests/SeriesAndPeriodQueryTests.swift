import Testing
import Almanac

/// Issue 25, items 5 and 8: the `Series` protocol's keys, the engine's
/// window query over a planner period, and an occurrence's clock in a
/// viewer's zone.
@Suite struct SeriesAndPeriodQueryTests {
    static let ny = try! Zone("America/New_York")
    static let paris = try! Zone("Europe/Paris")
    static let tokyo = try! Zone("Asia/Tokyo")

    /// A series of the caller's own: the protocol's keys use its id.
    struct Chore: Series {
        var id: String
        var title: String?
        var recurrence: RecurrenceSet
    }

    @Test func seriesKeysCarryTheSeriesID() throws {
        let chore = Chore(id: "bins/1", title: "Bins", recurrence: RecurrenceSet(
            start: try .zoned(CivilDate(2024, 5, 6).at(7, 0), Self.ny), rules: [try RecurrenceRule("FREQ=WEEKLY;COUNT=3")]))
        let occurrences = Array(try chore.recurrence.occurrences())
        #expect(occurrences.count == 3)
        for o in occurrences {
            #expect(chore.occurrenceKey(for: o) == OccurrenceKey(seriesID: "bins/1", recurrenceID: o.recurrenceID))
        }
        #expect(chore.occurrenceKey(for: occurrences[1]).description == "bins%2F1/2024-05-13T07:00:00")
        let slice = try #require(occurrences[0].daySlices(in: Self.tokyo).first { _ in true })
        #expect(chore.dayKey(for: slice).description == "bins%2F1/2024-05-06T07:00:00/2024-05-06")
    }

    /// `occurrences(in: period, viewer:)` is the window of instants from the
    /// viewer's start of the period's first day to the start of the day
    /// after its last: checked against the full expansion filtered by the
    /// viewer's date of each start, for zoned, floating and all-day series.
    @Test func periodQueryEqualsTheStartsOnThePeriodsDays() throws {
        let rule = try RecurrenceRule("FREQ=HOURLY;INTERVAL=7;COUNT=400")
        let starts: [Anchor] = try [.zoned(CivilDate(2024, 3, 1).at(22, 30), Self.ny), .floating(CivilDate(2024, 3, 1).at(23, 0)),
                                .utc(try CivilDate(2024, 3, 2).at(0, 0))]
        let periods = try [Period.week(2024, 10), Period.month(2024, 3), Period.day(CivilDate(2024, 3, 10))]
        for start in starts {
            let set = RecurrenceSet(start: start, rules: [rule])
            for viewer in [Self.ny, Self.tokyo] {
                let all = Array(try set.occurrences())
                for p in periods {
                    let got = Array(try set.occurrences(in: p, viewer: viewer))
                    let want = all.filter {
                        let day = viewer.civil(at: $0.instants(in: viewer).lowerBound)!.0.date
                        return day >= p.firstDay && day <= p.lastDay
                    }
                    #expect(got == want, "\(start) in \(p) seen from \(viewer.identifier)")
                    #expect(!want.isEmpty)
                    // The rule's own Period form finds the same instances.
                    #expect(Array(try rule.occurrences(from: start, in: p, viewer: viewer)) == want)
                }
            }
        }
        let days = try RecurrenceSet(start: .date(CivilDate(2024, 2, 27)), rules: [try RecurrenceRule("FREQ=DAILY;COUNT=10")])
        let march = try (1...7).map { try CivilDate(2024, 3, $0) }
        #expect(try days.occurrences(in: Period.month(2024, 3), viewer: Self.paris).map(\.start.date) == march)
    }

    @Test func periodInstantsAreTheViewersDays() throws {
        let dst = try Period.day(CivilDate(2024, 3, 10)).instants(in: Self.ny)
        #expect(dst.upperBound - dst.lowerBound == 23 * 3600)
        #expect(try dst.lowerBound == Timestamp(utc: CivilDate(2024, 3, 10).at(5, 0)))
        let last = try Period.year(9999).instants(in: .utc)
        #expect(last.upperBound == Timestamp.max)
    }

    /// The start and end on a viewer's clock: a zoned occurrence read on
    /// another zone's clock; a floating one keeps its wall clock; an
    /// all-day one starts at the viewer's start of the day (01:00 on the
    /// day Sao Paulo's clocks skipped midnight, 2015-10-18).
    @Test func wallClockInAViewer() throws {
        let call = try RecurrenceSet(start: .zoned(CivilDate(2024, 5, 6).at(9, 0), Self.ny), length: .duration(EventDuration(seconds: 3600)))
        let o = Array(try call.occurrences())[0]
        #expect(try o.wallClock(in: Self.paris) == CivilDate(2024, 5, 6).at(15, 0)..<CivilDate(2024, 5, 6).at(16, 0))
        #expect(try o.wallClock(in: Self.ny) == CivilDate(2024, 5, 6).at(9, 0)..<CivilDate(2024, 5, 6).at(10, 0))

        let alarm = try RecurrenceSet(start: .floating(CivilDate(2024, 5, 6).at(7, 0)), length: .duration(EventDuration(seconds: 600)))
        let f = Array(try alarm.occurrences())[0]
        #expect(try f.wallClock(in: Self.tokyo) == CivilDate(2024, 5, 6).at(7, 0)..<CivilDate(2024, 5, 6).at(7, 10))

        let saoPaulo = try Zone("America/Sao_Paulo")
        let day = try RecurrenceSet(start: .date(CivilDate(2015, 10, 18)))
        let d = Array(try day.occurrences())[0]
        #expect(try d.wallClock(in: saoPaulo) == CivilDate(2015, 10, 18).at(1, 0)..<CivilDate(2015, 10, 19).at(0, 0))
    }
}
