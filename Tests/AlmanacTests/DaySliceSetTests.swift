import Testing
@testable import Almanac

/// The day slices of a recurrence set over a window of instants or a period
/// of days, in a viewer's zone.
@Suite struct DaySliceSetTests {
    let ny = try! Zone("America/New_York")
    let tokyo = try! Zone("Asia/Tokyo")

    func day(_ y: Int, _ m: Int, _ d: Int) -> CivilDate { try! CivilDate(y, m, d) }

    /// New York's days `from` up to, not including, `to`, as instants.
    func nyDays(_ from: CivilDate, _ to: CivilDate) -> Range<Timestamp> { ny.startOfDay(from)..<ny.startOfDay(to) }

    @Test func dailyStandupGivesOneSlicePerDayOfTheWeek() throws {
        let set = try RecurrenceSet(start: .zoned(day(2024, 5, 1).at(9, 0), ny), rules: [buildRule(.daily)],
                                length: .duration(EventDuration(seconds: 900)))
        let slices = Array(try set.daySlices(in: nyDays(day(2024, 5, 6), day(2024, 5, 13)), viewer: ny))
        #expect(slices.map(\.date.description) == ["2024-05-06", "2024-05-07", "2024-05-08", "2024-05-09",
                                                   "2024-05-10", "2024-05-11", "2024-05-12"])
        #expect(slices.allSatisfy { $0.count == 1 && $0.length == 900 })
    }

    @Test func occurrenceStartedBeforeTheWindowGivesOnlyItsSlicesInside() throws {
        // A weekly three-day retreat from Friday 18:00 to Monday 10:00; the window is Sunday.
        let set = try RecurrenceSet(start: .zoned(day(2024, 5, 3).at(18, 0), ny), rules: [buildRule(.weekly)],
                                length: try .end(.zoned(day(2024, 5, 6).at(10, 0), ny)))
        let slices = Array(try set.daySlices(in: nyDays(day(2024, 5, 5), day(2024, 5, 6)), viewer: ny))
        #expect(slices.count == 1)
        #expect(slices[0].date == day(2024, 5, 5))
        #expect(slices[0].index == 2 && slices[0].count == 4)
        #expect(try slices[0].occurrence.start == day(2024, 5, 3).at(18, 0))
    }

    @Test func windowEdgesAreHalfOpen() throws {
        // 22:00 to 02:00: a window that ends at midnight sees the first slice only,
        // a window that starts at midnight the second only.
        let set = try RecurrenceSet(start: .zoned(day(2024, 5, 1).at(22, 0), ny), length: .duration(EventDuration(seconds: 4 * 3600)))
        let midnight = ny.startOfDay(day(2024, 5, 2))
        #expect(try set.daySlices(in: ny.startOfDay(day(2024, 5, 1))..<midnight, viewer: ny).map(\.index) == [0])
        #expect(try set.daySlices(in: midnight..<ny.startOfDay(day(2024, 5, 3)), viewer: ny).map(\.index) == [1])
        // A zero-length occurrence at the window's start is in; at its end is out.
        let point = try RecurrenceSet(start: .zoned(day(2024, 5, 2).at(0, 0), ny))
        #expect(try point.daySlices(in: midnight..<(midnight + 60), viewer: ny).map(\.length) == [0])
        #expect(try point.daySlices(in: (midnight + -60)..<midnight, viewer: ny).map(\.length) == [])
    }

    @Test func periodGivesTheSlicesDatedInIt() throws {
        // ISO week 19 of 2024 is 6 to 12 May; an all-day event from 5 to 7 May shows on 6 and 7 May.
        let set = RecurrenceSet(start: .date(day(2024, 5, 5)), length: .end(.date(day(2024, 5, 8))))
        let week = try Period.week(2024, 19)
        let slices = Array(try set.daySlices(in: week, viewer: tokyo))
        #expect(slices.map(\.date.description) == ["2024-05-06", "2024-05-07"])
        #expect(slices.map(\.index) == [1, 2])
    }

    @Test func periodOfASkippedDateHoldsTheAllDaySliceOfThatDate() throws {
        // Pacific/Apia skipped 2011-12-30; an all-day event from 29 to 31 December still has
        // that date (with no instants), and a period of that one day lists it.
        let apia = try Zone("Pacific/Apia")
        let set = RecurrenceSet(start: .date(day(2011, 12, 29)), length: .end(.date(day(2012, 1, 1))))
        let slices = Array(try set.daySlices(in: Period.day(day(2011, 12, 30)), viewer: apia))
        #expect(slices.map(\.date) == [day(2011, 12, 30)])
        #expect(slices.map(\.index) == [1])
        #expect(slices.map(\.length) == [0])
        // A window of instants starting where 30 and 31 December start holds the empty slice too.
        let t = apia.startOfDay(day(2011, 12, 30))
        #expect(try set.daySlices(in: t..<(t + 3600), viewer: apia).map(\.date) == [day(2011, 12, 30), day(2011, 12, 31)])
        // And so does a window ending there, for the empty slice's neighbour only.
        #expect(try set.daySlices(in: (t + -3600)..<t, viewer: apia).map(\.date) == [day(2011, 12, 29)])
    }

    @Test func floatingSeriesFallsOnTheSameDatesInEveryViewer() throws {
        // A floating daily 23:30 for an hour: 23:30-00:30 wherever the viewer is (RFC 5545 section 3.3.5).
        let set = try RecurrenceSet(start: .floating(day(2024, 5, 1).at(23, 30)), rules: [buildRule(.daily) { $0.count = 3 }],
                                length: .duration(EventDuration(seconds: 3600)))
        for viewer in [ny, tokyo] {
            let window = viewer.startOfDay(day(2024, 5, 1))..<viewer.startOfDay(day(2024, 5, 10))
            let slices = Array(try set.daySlices(in: window, viewer: viewer))
            #expect(slices.map(\.date.description) == ["2024-05-01", "2024-05-02", "2024-05-02", "2024-05-03", "2024-05-03", "2024-05-04"])
            #expect(slices.allSatisfy { $0.length == 1800 })
        }
    }

    @Test func countedSeriesAskedFromItsMiddleKeepsItsCount() throws {
        // RFC 5545 section 3.8.5.3: DTSTART counts toward COUNT. DAILY;COUNT=5 from 1 September,
        // asked from 3 September, ends on 5 September (occurrences(in:) runs on to the 6th).
        let set = try RecurrenceSet(start: .utc(day(1987, 9, 1).at(4, 0)), rules: [buildRule(.daily) { $0.count = 5 }])
        let window = try Timestamp(utc: day(1987, 9, 3).at(0, 0))..<Timestamp(utc: day(1987, 10, 1).at(0, 0))
        #expect(try set.daySlices(in: window, viewer: .utc).map(\.date.description) == ["1987-09-03", "1987-09-04", "1987-09-05"])
    }

    @Test func longOccurrenceJumpsToTheWindow() throws {
        // A ten-year event seen through one day: one slice, with its index among 3653.
        let set = try RecurrenceSet(start: .zoned(day(2020, 1, 1).at(0, 0), ny), length: .end(.zoned(day(2030, 1, 1).at(0, 0), ny)))
        let slices = Array(try set.daySlices(in: nyDays(day(2025, 7, 4), day(2025, 7, 5)), viewer: ny))
        #expect(slices.count == 1)
        #expect(slices[0].date == day(2025, 7, 4))
        #expect(slices[0].index == day(2025, 7, 4).daysSinceEpoch - day(2020, 1, 1).daysSinceEpoch)
        #expect(slices[0].count == 3653)
    }
}
