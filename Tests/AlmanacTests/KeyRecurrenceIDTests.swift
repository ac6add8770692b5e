import Testing
@testable import Almanac

/// Keys of occurrences: the RECURRENCE-ID (RFC 5545 section 3.8.4.4) as a
/// wall-clock value, the repeat mark on fall-back nights, uniqueness, and
/// what survives a change of zone.
@Suite struct KeyRecurrenceIDTests {
    let ny = try! Zone("America/New_York")

    func keys(_ set: RecurrenceSet, _ n: Int = 1000) throws -> [OccurrenceKey] {
        try set.occurrences().prefix(n).map { OccurrenceKey(seriesID: "s", occurrence: $0) }
    }

    @Test func eachKindGivesItsWallClockValue() throws {
        let date = try RecurrenceSet(start: .date(CivilDate(2024, 5, 1)))
        #expect(try keys(date).map(\.description) == ["s/2024-05-01"])
        let zoned = try RecurrenceSet(start: .zoned(CivilDate(2024, 5, 1).at(9, 0), ny))
        #expect(try keys(zoned).map(\.description) == ["s/2024-05-01T09:00:00"])
        let utc = try RecurrenceSet(start: .utc(CivilDate(2024, 5, 1).at(13, 0)))
        #expect(try keys(utc).map(\.description) == ["s/2024-05-01T13:00:00"])
        let floating = try RecurrenceSet(start: .floating(CivilDate(2024, 5, 1).at(9, 0)))
        #expect(try keys(floating).map(\.description) == ["s/2024-05-01T09:00:00"])
    }

    @Test func gapShiftedOccurrenceKeepsItsUnshiftedTime() throws {
        // Daily at 02:30 in New York: on 2024-03-10 it happens at 03:30 EDT (RFC 5545
        // section 3.3.5), but its RECURRENCE-ID stays 02:30 (section 3.8.4.4).
        let set = try RecurrenceSet(start: .zoned(CivilDate(2024, 3, 9).at(2, 30), ny), rules: [buildRule(.daily) { $0.count = 3 }])
        let os = Array(try set.occurrences())
        #expect(try os[1].start == CivilDate(2024, 3, 10).at(3, 30))
        #expect(try keys(set).map(\.recurrenceID.description) == ["2024-03-09T02:30:00", "2024-03-10T02:30:00", "2024-03-11T02:30:00"])
    }

    @Test func hourlyRuleOnAFallBackNightMarksTheRepeatedHour() throws {
        // HOURLY steps in elapsed time: 00:30 EDT, 01:30 EDT, 01:30 EST, 02:30 EST.
        let set = try RecurrenceSet(start: .zoned(CivilDate(2024, 11, 3).at(0, 30), ny), rules: [buildRule(.hourly) { $0.count = 4 }])
        let ks = try keys(set)
        #expect(ks.map(\.recurrenceID.description) == ["2024-11-03T00:30:00", "2024-11-03T01:30:00", "2024-11-03T01:30:00~2", "2024-11-03T02:30:00"])
        #expect(Set(ks).count == 4)
    }

    @Test func keysAreUniqueOverAYearOfSubDailyOccurrences() throws {
        // Every 20 minutes for a year in New York, across both transitions.
        let set = try RecurrenceSet(start: .zoned(CivilDate(2024, 1, 1).at(0, 0), ny),
                                rules: [buildRule(.minutely) { $0.interval = 20; $0.count = 3 * 24 * 366 }])
        let ks = try keys(set, 3 * 24 * 366)
        #expect(ks.count == 3 * 24 * 366)
        #expect(Set(ks).count == ks.count)
        #expect(Set(ks.map(\.description)).count == ks.count)
        #expect(ks.filter(\.recurrenceID.isRepeat).count == 3)   // 01:00, 01:20, 01:40 EST on 3 November
    }

    @Test func keysDoNotDependOnTheSeriesZoneOrItsOffsets() throws {
        // The same local series in New York and in Chicago has the same keys,
        // though every instant differs by an hour.
        let chicago = try Zone("America/Chicago")
        let r = buildRule(.weekly) { $0.count = 10 }
        let a = try RecurrenceSet(start: .zoned(CivilDate(2024, 5, 7).at(9, 0), ny), rules: [r])
        let b = try RecurrenceSet(start: .zoned(CivilDate(2024, 5, 7).at(9, 0), chicago), rules: [r])
        #expect(try keys(a) == keys(b))
        #expect(try a.occurrences().map(\.timestamp) != b.occurrences().map(\.timestamp))
    }

    @Test func dayKeysOfATimedEventFollowTheViewerAndOfADateEventDoNot() throws {
        // 20:00 in New York is 09:00 the next day in Tokyo.
        let tokyo = try Zone("Asia/Tokyo")
        let timed = try RecurrenceSet(start: .zoned(CivilDate(2024, 5, 1).at(20, 0), ny), length: .duration(EventDuration(seconds: 3600)))
        let o = try firstOccurrence(timed)
        #expect(DayKey(seriesID: "s", slice: o.daySlices(in: ny)[0]).description == "s/2024-05-01T20:00:00/2024-05-01")
        #expect(DayKey(seriesID: "s", slice: o.daySlices(in: tokyo)[0]).description == "s/2024-05-01T20:00:00/2024-05-02")
        let allDay = try RecurrenceSet(start: .date(CivilDate(2024, 5, 1)))
        let d = try firstOccurrence(allDay)
        #expect(DayKey(seriesID: "s", slice: d.daySlices(in: ny)[0]) == DayKey(seriesID: "s", slice: d.daySlices(in: tokyo)[0]))
    }
}
