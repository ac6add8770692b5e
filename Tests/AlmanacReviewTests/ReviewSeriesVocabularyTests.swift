import Almanac
import AlmanacCalendar
import AlmanacReview
import Testing

/// Issue 25, item 5: the three series types are one `Series`, with the
/// same id and title; a series without a title is shown by its id.
@Suite struct ReviewSeriesVocabularyTests {
    static let berlin = try! Zone("Europe/Berlin")
    static let set = try! RecurrenceSet(start: .zoned(CivilDate(2024, 5, 6).at(9, 0), berlin), rules: [try! RecurrenceRule("FREQ=DAILY;COUNT=3")])

    static func described(_ s: some Series) -> String { "\(s.id):\(s.title ?? "-"):\(s.recurrence.rules.count)" }

    @Test func calendarAndReviewSeriesShareTheirNames() {
        let event = CalendarEvent(id: "standup", title: "Stand-up", recurrence: Self.set)
        let reviewed = ReviewSeries(event: event)
        #expect(Self.described(event) == "standup:Stand-up:1")
        #expect(Self.described(reviewed) == "standup:Stand-up:1")
        let o = Array(try! Self.set.occurrences())[1]
        #expect(reviewed.occurrenceKey(for: o) == event.occurrenceKey(for: o))
        #expect(reviewed.occurrenceKey(for: o).description == "standup/2024-05-07T09:00:00")
    }

    @Test func untitledSeriesIsShownByItsID() throws {
        let untitled = ReviewSeries(event: CalendarEvent(id: "no-summary", recurrence: Self.set))
        #expect(untitled.title == nil)
        let r = try Review(of: .week(2024, 19), viewer: Self.berlin, series: [untitled], records: [])
        #expect(r.events.map(\.title) == ["no-summary"])
        #expect(r.totals.expected == 3)
    }
}
