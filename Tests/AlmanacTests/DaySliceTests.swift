import Testing
@testable import Almanac

/// One occurrence cut into the local days of a viewer's zone.
/// RFC 5545 section 3.6.1: DTEND of a DATE event is exclusive; section 3.3.5:
/// floating times are the same wall clock everywhere, and a time in a gap
/// is read with the offset before the gap.
@Suite struct DaySliceTests {
    let ny = try! Zone("America/New_York")
    let tokyo = try! Zone("Asia/Tokyo")
    let saoPaulo = try! Zone("America/Sao_Paulo")
    let kiritimati = try! Zone("Pacific/Kiritimati")
    let pagoPago = try! Zone("Pacific/Pago_Pago")

    /// The one occurrence of a single event.
    func event(_ start: Anchor, _ length: RecurrenceSet.Length? = nil) throws -> Occurrence {
        try firstOccurrence(RecurrenceSet(start: start, length: length))
    }

    /// Elapsed seconds of each slice.
    func lengths(_ slices: some Sequence<DaySlice>) -> [Int64] { slices.map(\.length) }

    /// `n` hours in seconds.
    func h(_ n: Int64) -> Int64 { n * 3600 }

    func hours(_ h: Int) -> RecurrenceSet.Length { .duration(EventDuration(seconds: h * 3600)) }

    func dates(_ slices: some Sequence<DaySlice>) -> [String] { slices.map(\.date.description) }

    // MARK: All-day

    @Test(arguments: ["UTC", "Pacific/Kiritimati", "Pacific/Pago_Pago", "America/New_York", "Asia/Tokyo", "Pacific/Apia"])
    func allDayEventHasThreeSlicesInEveryZone(_ viewerID: String) throws {
        // DTSTART;VALUE=DATE:20240501, DTEND;VALUE=DATE:20240504 covers 1, 2 and 3 May
        // (RFC 5545 section 3.6.1: the end of a DATE event is exclusive).
        let viewer = viewerID == "UTC" ? Zone.utc : try Zone(viewerID)
        let o = try event(.date(CivilDate(2024, 5, 1)), .end(.date(CivilDate(2024, 5, 4))))
        let slices = o.daySlices(in: viewer)
        #expect(slices.count == 3)
        #expect(dates(slices) == ["2024-05-01", "2024-05-02", "2024-05-03"])
        #expect(slices.map(\.index) == [0, 1, 2])
        #expect(slices.map(\.count) == [3, 3, 3])
        #expect(slices.map(\.isFirst) == [true, false, false])
        #expect(slices.map(\.isLast) == [false, false, true])
        #expect(slices.allSatisfy { $0.isAllDay })
        // Each slice spans the viewer's whole date (no DST in these zones in May).
        for s in slices {
            #expect(s.start == viewer.startOfDay(s.date))
            #expect(try s.end == viewer.startOfDay(s.date.adding(days: 1)))
            #expect(s.length == 86_400)
        }
    }

    @Test func allDayEventWithoutEndLastsOneDay() throws {
        // RFC 5545 section 3.6.1: a DATE DTSTART with no DTEND or DURATION lasts one day.
        let slices = try event(.date(CivilDate(2024, 5, 1))).daySlices(in: kiritimati)
        #expect(dates(slices) == ["2024-05-01"])
    }

    @Test func allDayEventEndingOnItsStartDateKeepsItsStartDate() throws {
        let slices = try event(.date(CivilDate(2024, 5, 1)), .end(.date(CivilDate(2024, 5, 1)))).daySlices(in: ny)
        #expect(dates(slices) == ["2024-05-01"])
    }

    @Test func allDaySliceOnDSTDaysHasTheDaysRealLength() throws {
        let spring = try event(.date(CivilDate(2024, 3, 10))).daySlices(in: ny)
        let fall = try event(.date(CivilDate(2024, 11, 3))).daySlices(in: ny)
        #expect(lengths(spring) == [h(23)])
        #expect(lengths(fall) == [h(25)])
    }

    // MARK: Timed

    @Test func lateEveningToEarlyMorningTouchesTwoDays() throws {
        // 22:00 to 02:00 New York time.
        let o = try event(.zoned(CivilDate(2024, 5, 1).at(22, 0), ny), .end(.zoned(CivilDate(2024, 5, 2).at(2, 0), ny)))
        let slices = o.daySlices(in: ny)
        #expect(dates(slices) == ["2024-05-01", "2024-05-02"])
        #expect(lengths(slices) == [7200, 7200])
        #expect(slices[0].start == o.timestamp)
        #expect(try slices[0].end == ny.startOfDay(CivilDate(2024, 5, 2)))
        #expect(slices[1].start == slices[0].end)
        #expect(slices[1].end == o.end)
        #expect(slices.map(\.isAllDay) == [false, false])
    }

    @Test func endingExactlyAtMidnightDoesNotTouchTheNextDay() throws {
        // 09:00 to 00:00: the end is exclusive, so 2 May is not touched.
        let o = try event(.zoned(CivilDate(2024, 5, 1).at(9, 0), ny), .end(.zoned(CivilDate(2024, 5, 2).at(0, 0), ny)))
        let slices = o.daySlices(in: ny)
        #expect(dates(slices) == ["2024-05-01"])
        #expect(slices[0].length == h(15))
        #expect(slices[0].isFirst && slices[0].isLast)
    }

    @Test func zeroLengthEventTouchesItsStartDate() throws {
        // RFC 5545 section 3.6.1: a DATE-TIME DTSTART with no DTEND or DURATION ends where it starts.
        let o = try event(.zoned(CivilDate(2024, 5, 1).at(9, 0), ny))
        let slices = o.daySlices(in: ny)
        #expect(slices.count == 1)
        #expect(try slices[0].date == CivilDate(2024, 5, 1))
        #expect(slices[0].length == 0)
        #expect(slices[0].start == o.timestamp)
    }

    @Test func zeroLengthEventAtMidnightBelongsToTheDayItStarts() throws {
        let o = try event(.zoned(CivilDate(2024, 5, 2).at(0, 0), ny))
        #expect(dates(o.daySlices(in: ny)) == ["2024-05-02"])
    }

    @Test func tokyoEventViewedFromNewYorkSplitsOnNewYorksMidnight() throws {
        // 2024-05-02 09:00-18:00 JST is 2024-05-01 20:00 to 2024-05-02 05:00 EDT.
        let o = try event(.zoned(CivilDate(2024, 5, 2).at(9, 0), tokyo), hours(9))
        let inNY = o.daySlices(in: ny)
        #expect(dates(inNY) == ["2024-05-01", "2024-05-02"])
        #expect(lengths(inNY) == [h(4), h(5)])
        #expect(try inNY[1].start == ny.startOfDay(CivilDate(2024, 5, 2)))
        // In Tokyo the same occurrence is one day.
        #expect(dates(o.daySlices(in: tokyo)) == ["2024-05-02"])
    }

    @Test func utcEventViewedInKiritimatiAndPagoPago() throws {
        // 2024-05-01T12:00Z for two hours: 02:00-04:00 on 2 May at +14, 01:00-03:00 on 1 May at -11.
        let o = try event(.utc(CivilDate(2024, 5, 1).at(12, 0)), hours(2))
        #expect(dates(o.daySlices(in: kiritimati)) == ["2024-05-02"])
        #expect(dates(o.daySlices(in: pagoPago)) == ["2024-05-01"])
    }

    @Test func sliceOnTheSpringForwardDayLasts23Hours() throws {
        // From noon on 9 March to noon on 11 March 2024, New York: 10 March has 23 hours.
        let o = try event(.zoned(CivilDate(2024, 3, 9).at(12, 0), ny), .end(.zoned(CivilDate(2024, 3, 11).at(12, 0), ny)))
        let slices = o.daySlices(in: ny)
        #expect(dates(slices) == ["2024-03-09", "2024-03-10", "2024-03-11"])
        #expect(lengths(slices) == [h(12), h(23), h(12)])
        #expect(lengths(slices).reduce(0, +) == o.end - o.timestamp)
    }

    @Test func sliceOnTheFallBackDayLasts25Hours() throws {
        let o = try event(.zoned(CivilDate(2024, 11, 2).at(12, 0), ny), .end(.zoned(CivilDate(2024, 11, 4).at(12, 0), ny)))
        let slices = o.daySlices(in: ny)
        #expect(dates(slices) == ["2024-11-02", "2024-11-03", "2024-11-04"])
        #expect(lengths(slices) == [h(12), h(25), h(12)])
    }

    @Test func dayWhoseMidnightIsInAGapStartsAtOne() throws {
        // America/Sao_Paulo 2018-11-04: clocks jumped from 00:00 to 01:00, so the day
        // starts at 01:00 -02:00 (03:00Z). An event from 22:00 -03:00 on 3 November to
        // 03:00 -02:00 on 4 November lasts 4 hours: 2 on each day.
        let o = try event(.zoned(CivilDate(2018, 11, 3).at(22, 0), saoPaulo), .end(.zoned(CivilDate(2018, 11, 4).at(3, 0), saoPaulo)))
        let slices = o.daySlices(in: saoPaulo)
        #expect(dates(slices) == ["2018-11-03", "2018-11-04"])
        #expect(slices[1].start == utc(2018, 11, 4, 3))
        #expect(lengths(slices) == [h(2), h(2)])
        // The day itself has 23 hours, from 01:00.
        let day = try event(.date(CivilDate(2018, 11, 4))).daySlices(in: saoPaulo)
        #expect(day[0].start == utc(2018, 11, 4, 3))
        #expect(day[0].length == h(23))
    }

    @Test func eventStartingAtTheGapDaysFirstInstantHasOneSlice() throws {
        // 01:00 on 2018-11-04 in Sao Paulo is the first instant of the day.
        let o = try event(.zoned(CivilDate(2018, 11, 4).at(1, 0), saoPaulo), hours(1))
        let slices = o.daySlices(in: saoPaulo)
        #expect(dates(slices) == ["2018-11-04"])
        #expect(slices[0].start == utc(2018, 11, 4, 3))
    }

    @Test func dateThatNeverHappenedGetsNoTimedSlice() throws {
        // Pacific/Apia skipped 2011-12-30 (from 23:59:59 -10:00 on the 29th to 00:00 +14:00
        // on the 31st). Noon on the 29th to noon on the 31st is 24 elapsed hours over two dates.
        let apia = try Zone("Pacific/Apia")
        let o = try event(.zoned(CivilDate(2011, 12, 29).at(12, 0), apia), .end(.zoned(CivilDate(2011, 12, 31).at(12, 0), apia)))
        let slices = o.daySlices(in: apia)
        #expect(dates(slices) == ["2011-12-29", "2011-12-31"])
        #expect(slices.map(\.index) == [0, 1])
        #expect(lengths(slices) == [h(12), h(12)])
        #expect(slices[1].date == slices[slices.count - 1].date)   // random access agrees with iteration
        // An all-day event does not depend on the viewer: the skipped date gets a slice with no time.
        let allDay = try event(.date(CivilDate(2011, 12, 29)), .end(.date(CivilDate(2012, 1, 1)))).daySlices(in: apia)
        #expect(dates(allDay) == ["2011-12-29", "2011-12-30", "2011-12-31"])
        #expect(lengths(allDay) == [86_400, 0, 86_400])
    }

    // MARK: Floating

    @Test func floatingEventIsTheSameWallClockInEveryViewer() throws {
        // RFC 5545 section 3.3.5: a floating 09:00 is 09:00 wherever it is read.
        let o = try event(.floating(CivilDate(2024, 5, 1).at(9, 0)), hours(1))
        let inNY = o.daySlices(in: ny), inTokyo = o.daySlices(in: tokyo)
        #expect(dates(inNY) == ["2024-05-01"] && dates(inTokyo) == ["2024-05-01"])
        #expect(inNY[0].start == utc(2024, 5, 1, 13))
        #expect(inTokyo[0].start == utc(2024, 5, 1, 0))
        #expect(inNY[0].length == 3600)
    }

    @Test func floatingEventAcrossAGapIsReadWithTheOffsetBeforeIt() throws {
        // 01:00 to 04:00 floating on 2024-03-10 in New York: 01:00 EST (06:00Z) to 04:00 EDT (08:00Z).
        let o = try event(.floating(CivilDate(2024, 3, 10).at(1, 0)), hours(3))
        let slices = o.daySlices(in: ny)
        #expect(slices.count == 1)
        #expect(slices[0].start == utc(2024, 3, 10, 6))
        #expect(slices[0].end == utc(2024, 3, 10, 8))
    }

    @Test func floatingEventInsideAGapBecomesZeroLength() throws {
        // 02:30 to 02:45 does not exist on 2024-03-10 in New York: 02:30 reads as 03:30 EDT
        // (section 3.3.5) and 02:45 as 03:45 EDT; both move by the gap, the length stays.
        let o = try event(.floating(CivilDate(2024, 3, 10).at(2, 30)), .duration(EventDuration(seconds: 900)))
        let slices = o.daySlices(in: ny)
        #expect(slices[0].start == utc(2024, 3, 10, 7, 30))
        #expect(slices[0].length == 900)
        // 01:50 to 02:10: the start exists (EST), the end moves forward by an hour.
        let across = try event(.floating(CivilDate(2024, 3, 10).at(1, 50)), .duration(EventDuration(seconds: 1200))).daySlices(in: ny)
        #expect(across[0].start == utc(2024, 3, 10, 6, 50))
        #expect(across[0].end == utc(2024, 3, 10, 7, 10))
    }

    @Test func floatingEventWhoseEndFallsBeforeItsShiftedStartIsClamped() throws {
        // 02:30 (in the gap, read as 03:30 EDT = 07:30Z) to 03:15 EDT (07:15Z): the end is taken to be the start.
        let o = try event(.floating(CivilDate(2024, 3, 10).at(2, 30)), .end(.floating(CivilDate(2024, 3, 10).at(3, 15))))
        let slices = o.daySlices(in: ny)
        #expect(slices.count == 1)
        #expect(slices[0].start == utc(2024, 3, 10, 7, 30))
        #expect(slices[0].length == 0)
    }

    // MARK: The collection

    @Test func tenYearEventIsCheapAndRandomAccess() throws {
        // 2020-01-01 to 2030-01-01 in New York: 3653 days, computed on demand.
        let o = try event(.zoned(CivilDate(2020, 1, 1).at(0, 0), ny), .end(.zoned(CivilDate(2030, 1, 1).at(0, 0), ny)))
        let slices = o.daySlices(in: ny)
        #expect(slices.count == 3653)
        #expect(try slices[1000].date == CivilDate(2020, 1, 1).adding(days: 1000))
        #expect(slices[1000].index == 1000 && slices[1000].count == 3653)
        #expect(try slices.last!.date == CivilDate(2029, 12, 31))
        #expect(slices.last!.isLast)
        // The iterator and the subscript agree.
        #expect(Array(slices.prefix(400)) == (0..<400).map { slices[$0] })
    }

    @Test func sliceDescriptionShowsDatePositionAndInstants() throws {
        let o = try event(.date(CivilDate(2024, 5, 1)), .end(.date(CivilDate(2024, 5, 4))))
        #expect(o.daySlices(in: ny)[1].description == "2024-05-02 (2/3) 2024-05-02T04:00:00Z..<2024-05-03T04:00:00Z")
    }
}
