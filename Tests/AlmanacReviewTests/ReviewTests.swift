import Almanac
import AlmanacReview
import Testing

/// A hand-worked review: a three-day trip and a daily stand-up in Berlin.
@Suite struct ReviewTests {
    static let berlin = try! Zone("Europe/Berlin")
    static let trip = try! RecurrenceSet(start: .zoned(CivilDate(2024, 5, 1).at(18, 0), berlin),
                                    length: .duration(EventDuration(seconds: 2 * 86_400)))   // 1 May 18:00 to 3 May 18:00
    static let standup = try! RecurrenceSet(start: .zoned(CivilDate(2024, 4, 29).at(9, 0), berlin),
                                       rules: [try! RecurrenceRule("FREQ=DAILY")], length: .duration(EventDuration(seconds: 900)))
    static let series = [ReviewSeries(id: "trip", title: "Trip", set: trip), ReviewSeries(id: "standup", title: "Stand-up", set: standup)]
    static func key(_ text: String) -> DayKey { try! DayKey(parsing: text) }
    static func at(_ d: Int, _ h: Int) -> Timestamp { try! Timestamp(utc: CivilDate(2024, 5, d).at(h, 0)) }

    @Test func handWorkedWeek() throws {
        let records = [
            DayRecord(key: Self.key("trip/2024-05-01T18:00:00/2024-05-01"), mark: .done, recordedAt: Self.at(1, 20)),
            DayRecord(key: Self.key("trip/2024-05-01T18:00:00/2024-05-02"), mark: .partial(fraction: nil), recordedAt: Self.at(2, 20)),
            // Same time, later in the sequence: it wins.
            DayRecord(key: Self.key("trip/2024-05-01T18:00:00/2024-05-02"), mark: .skipped, recordedAt: Self.at(2, 20)),
            // Earlier: loses to the one above.
            DayRecord(key: Self.key("trip/2024-05-01T18:00:00/2024-05-02"), mark: .done, recordedAt: Self.at(2, 8)),
            DayRecord(key: Self.key("trip/2024-05-01T18:00:00/2024-05-03"), mark: .partial(fraction: 0.2), recordedAt: Self.at(3, 20)),
            DayRecord(key: Self.key("standup/2024-05-02T09:00:00/2024-05-02"), mark: .done, recordedAt: Self.at(2, 10)),
            // Orphans: an unknown series, an occurrence that does not exist, a day the trip does not touch.
            DayRecord(key: Self.key("gym/2024-05-02/2024-05-02"), mark: .done, recordedAt: Self.at(2, 10)),
            DayRecord(key: Self.key("standup/2024-05-02T10:00:00/2024-05-02"), mark: .done, recordedAt: Self.at(2, 10)),
            DayRecord(key: Self.key("trip/2024-05-01T18:00:00/2024-05-04"), mark: .done, recordedAt: Self.at(4, 10)),
            // Outside the week: neither counted nor an orphan.
            DayRecord(key: Self.key("standup/2024-05-06T09:00:00/2024-05-06"), mark: .done, recordedAt: Self.at(6, 10)),
        ]
        // 2024-W18: 29 April to 5 May. Trip: 1, 2, 3 May (3 days); stand-up: 7 days.
        let r = try Review(of: .week(2024, 18), viewer: Self.berlin, series: Self.series, records: records)
        #expect(r.totals.expected == 10)
        #expect(r.totals.done == 2 && r.totals.partial == 1 && r.totals.skipped == 1 && r.totals.unrecorded == 6)
        #expect(r.totals.partialCredit == 0.2)
        let trip = r.events.first { $0.id == "trip" }!.tally
        #expect(abs(trip.completion! - 1.2 / 3) < 1e-12)
        // Both partly complete (0.4 and 1/7): by title, "Stand-up" before "Trip".
        #expect(r.events.map(\.id) == ["standup", "trip"])
        #expect(r.orphans.map(\.reason) == [.unknownSeries, .noSuchOccurrence, .dayNotInOccurrence])
        // Streak: 1 May (trip done), 2 May (stand-up done), 3 May (trip partial): 3 days ending 3 May.
        #expect(try r.streaks.longest == 3 && r.streaks.longestEnd == CivilDate(2024, 5, 3) && r.streaks.current == 0)
        // Hours: the stand-up at 9 (7 days), the trip's first day at 18, its later days at 0.
        #expect(r.hours[9].expected == 7 && r.hours[18].expected == 1 && r.hours[0].expected == 2)
        // Weekday: Thursday 2 May has the trip's second day and a stand-up.
        #expect(r.weekdays[Weekday.thursday.rawValue - 1].expected == 2)
    }

    @Test func monthListsItsWeeksWithTheirDays() throws {
        let r = try Review(of: .month(2024, 5), viewer: Self.berlin, series: Self.series, records: [])
        // May 2024 starts on a Wednesday (W18 has 5 days in May) and ends on a Friday (W22 has 5).
        #expect(r.weeks.map(\.period.description) == ["2024-W18", "2024-W19", "2024-W20", "2024-W21", "2024-W22"])
        #expect(r.weeks.map(\.days.dayCount) == [5, 7, 7, 7, 5])
        #expect(r.weeks.map(\.tally.expected).reduce(0, +) == r.totals.expected)
        #expect(r.totals.expected == 31 + 3)
    }

    @Test func agendaToDosAreExpectedOnTheirLastDay() throws {
        let agenda = try Agenda([AgendaItem(id: "sprint", title: "Plan the sprint", period: .week(2023, 48))])
        let series = ReviewSeries.series(of: agenda)
        let nov = try Review(of: .month(2023, 11), viewer: Self.berlin, series: series, records: [])
        let dec = try Review(of: .month(2023, 12), viewer: Self.berlin, series: series, records: [])
        #expect(nov.totals.expected == 0 && dec.totals.expected == 1)
        #expect(dec.entries.map(\.key.description) == ["sprint/2023-12-03/2023-12-03"])
    }
}
