import Testing
import Almanac

/// The README's "Using the library" example, line for line, with the values
/// its comments promise checked against independent arithmetic. Only the
/// public API (a plain `import Almanac`).
@Suite struct ReadmeExampleTests {
    @Test func theFirstExampleDoesWhatItsCommentsSay() throws {
        let ny    = try Zone("America/New_York")
        let rule  = try RecurrenceRule("FREQ=MONTHLY;BYDAY=-1FR;COUNT=10")
        let start = try Anchor.zoned(CivilDate(2000, 1, 1).at(9, 0), ny)
        #expect(try rule.occurrences(from: start).first { _ in true }?.description == "2000-01-01T09:00:00-05:00")

        let set = RecurrenceSet(start: start, rules: [rule],
                                excludedDates: try [.zoned(CivilDate(2000, 3, 31).at(9, 0), ny)],
                                length: .duration(try EventDuration(parsing: "PT1H")))
        let spring = try ny.startOfDay(CivilDate(2000, 2, 1))..<ny.startOfDay(CivilDate(2000, 6, 1))
        let got = Array(try set.occurrences(in: .instants(spring)))
        // The last Fridays of February to May 2000, less 31 March (EXDATE).
        let lastFridays = try [2, 4, 5].map { month -> CivilDate in
            var d = try CivilDate(2000, month, CivilDate(2000, month, 1).daysInMonth)
            while d.weekday != .friday { d = try d.adding(days: -1) }
            return d
        }
        #expect(try got.map(\.start) == lastFridays.map { try $0.at(9, 0) })
        let first = got[0].instants!
        #expect(try first.lowerBound == Timestamp(utc: CivilDate(2000, 2, 25).at(14, 0)))   // 09:00 EST
        #expect(first.upperBound.secondsSinceEpoch - first.lowerBound.secondsSinceEpoch == 3_600)

        let birthday = try RecurrenceSet(start: .date(CivilDate(1990, 7, 14)), rules: [try RecurrenceRule("FREQ=YEARLY")])
        let year = Array(try birthday.occurrences(in: .dates(CivilDate(2024, 1, 1)..<CivilDate(2025, 1, 1))))
        #expect(year.map(\.description) == ["2024-07-14"])
        #expect(year[0].instants == nil)

        #expect(try ny.resolve(CivilDate(2024, 3, 10).at(2, 30)) == .gap(before: Offset(hours: -5), after: Offset(hours: -4)))
        #expect(try ny.timestamp(for: CivilDate(2024, 3, 10).at(2, 30)) == Timestamp(utc: CivilDate(2024, 3, 10).at(7, 30)))

        let tokyo = try Zone("Asia/Tokyo")
        let days  = Array(try set.daySlices(in: spring, viewer: tokyo))
        // 09:00-10:00 in New York is 23:00-24:00 in Tokyo (+14 h in winter, +13 h in summer: 22:00-23:00).
        #expect(days.count == got.count)
        #expect(days.map(\.date) == got.map(\.start.date))
        let week = try Period(parsing: "2023-W48")
        #expect(week.periods(of: .month).map(\.description) == ["2023-11", "2023-12"])
    }
}
