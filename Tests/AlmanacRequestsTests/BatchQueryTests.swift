import Almanac
import AlmanacRequests
import Testing

/// ``BatchRequest`` → ``BatchQuery``: zones, value forms, windows, limits, and the errors of each.
@Suite struct BatchQueryTests {
    func failure(_ request: BatchRequest) -> AlmanacError? {
        do throws(AlmanacError) { _ = try BatchQuery(request); return nil } catch { return error }
    }

    @Test func rejectsANegativeLimitFirst() {
        let e = failure(BatchRequest(dtstart: "not even a date", limit: -1))
        #expect(e?.kind == .invalidRequest)
        #expect(e?.message == "limit must be a non-negative integer, got -1")
    }

    /// The set alone, as the query reads it, with the same readings; no
    /// window, so a reversed one is the query's fault only.
    @Test func readsTheSetWithoutPlanningIt() throws {
        let request = BatchRequest(dtstart: "19970902T090000", tzid: "America/New_York", rrules: ["freq=daily;count=3"],
                                   exdates: ["19970903T090000"], after: "19970901T000000")
        let (set, readings) = try request.recurrenceSet()
        let query = try BatchQuery(request)
        #expect(set == query.set)
        #expect(readings == query.readings && readings.count == 2, "\(readings)")
        #expect(try set.start == .zoned(CivilDate(1997, 9, 2).at(9, 0), try Zone("America/New_York")))
        let reversed = BatchRequest(dtstart: "19970902", rrules: ["FREQ=DAILY"], after: "19980101", before: "19970101")
        #expect(try reversed.recurrenceSet().set.rules.count == 1)
        #expect(failure(reversed)?.message.hasPrefix("the window is reversed") == true)
    }

    @Test func capsAnAbsurdLimit() throws {
        #expect(try BatchQuery(BatchRequest(dtstart: "19970902T090000Z", limit: Int.max)).limit == BatchRequest.maximumLimit)
        #expect(try BatchQuery(BatchRequest(dtstart: "19970902T090000Z", limit: 7)).limit == 7)
    }

    @Test(arguments: ["19970902", "19970902T090000Z"])
    func rejectsATzidWithADateOrUTCStart(dtstart: String) {
        let e = failure(BatchRequest(dtstart: dtstart, tzid: "America/New_York", rrules: ["FREQ=DAILY"]))
        #expect(e?.kind == .invalidRequest)
        #expect(e?.message == #"a zone applies only to a local date-time start such as 19970902T090000, not to "\#(dtstart)""#)
        #expect(e?.field == "tzid" && e?.text == "America/New_York")
    }

    @Test func namesTheFieldOfAnUnknownZone() {
        let e = failure(BatchRequest(dtstart: "19970902T090000", tzid: "America/New_Yrok"))
        #expect(e?.kind == .unknownZone)
        #expect(e?.field == "tzid")
    }

    @Test func namesTheFieldOfABadValue() {
        #expect(failure(BatchRequest(dtstart: "1997-09-02"))?.field == "dtstart")
        #expect(failure(BatchRequest(dtstart: "19970902", rdates: ["19970903", "x"]))?.field == "rdate[1]")
        #expect(failure(BatchRequest(dtstart: "19970902", exdates: ["x"]))?.field == "exdate[0]")
        #expect(failure(BatchRequest(dtstart: "19970902", after: "x"))?.field == "after")
        #expect(failure(BatchRequest(dtstart: "19970902", before: "x"))?.field == "before")
    }

    @Test func namesTheRuleAtFault() {
        let one = failure(BatchRequest(dtstart: "19970902", rrules: ["FREQ=FORTNIGHTLY"]))
        #expect(one?.kind == .invalidRule)
        #expect(one?.field == "rrule")
        let second = failure(BatchRequest(dtstart: "19970902", rrules: ["FREQ=DAILY", "FREQ=FORTNIGHTLY"]))
        #expect(second?.field == "rrule[1]")
        #expect(failure(BatchRequest(dtstart: "19970902", exrules: ["BYDAY=MO"]))?.field == "exrule")
    }

    @Test func readsLocalValuesInTheZone() throws {
        let ny = try Zone("America/New_York")
        let q = try BatchQuery(BatchRequest(dtstart: "19970902T090000", tzid: "America/New_York",
                                            rdates: ["19970910T090000", "19970911T130000Z"], exdates: ["19970903T090000"]))
        #expect(try q.set.start == .zoned(CivilDate(1997, 9, 2).at(9, 0), ny))
        #expect(try q.set.dates == [.zoned(CivilDate(1997, 9, 10).at(9, 0), ny), .utc(CivilDate(1997, 9, 11).at(13, 0))])
        #expect(try q.set.excludedDates == [.zoned(CivilDate(1997, 9, 3).at(9, 0), ny)])
    }

    @Test func leavesFloatingAndDateValuesAlone() throws {
        let q = try BatchQuery(BatchRequest(dtstart: "19970902T090000", rdates: ["19970910T090000"]))
        #expect(try q.set.start == .floating(CivilDate(1997, 9, 2).at(9, 0)))
        #expect(try q.set.dates == [.floating(CivilDate(1997, 9, 10).at(9, 0))])
        let d = try BatchQuery(BatchRequest(dtstart: "19970902", rdates: ["19970910"]))
        #expect(try d.set.start == .date(CivilDate(1997, 9, 2)))
        #expect(try d.set.dates == [.date(CivilDate(1997, 9, 10))])
    }

    @Test func mapsOptions() throws {
        #expect(try BatchQuery(BatchRequest(dtstart: "19970902")).set.options.includesStart == true)
        #expect(try BatchQuery(BatchRequest(dtstart: "19970902", includeDtstart: false)).set.options.includesStart == false)
    }

    /// 1997-10-01 00:00 EDT is 04:00Z; 1997-11-01 00:00 is EST (DST ended 1997-10-26), so 05:00Z.
    @Test func convertsTheWindowToInstantsInTheZone() throws {
        let q = try BatchQuery(BatchRequest(dtstart: "19970902T090000", tzid: "America/New_York",
                                            after: "19971001T000000", before: "19971101"))
        #expect(try q.window == .instants(Timestamp(utc: CivilDate(1997, 10, 1).at(4, 0))..<Timestamp(utc: CivilDate(1997, 11, 1).at(5, 0))))
    }

    @Test func opensAOneSidedWindow() throws {
        let lower = try BatchQuery(BatchRequest(dtstart: "19970902T090000Z", after: "19971001T000000Z"))
        #expect(try lower.window == .instants(Timestamp(utc: CivilDate(1997, 10, 1).at(0, 0))..<(Timestamp.max + 1)))
        let upper = try BatchQuery(BatchRequest(dtstart: "19970902T090000Z", before: "19971001T000000Z"))
        #expect(try upper.window == .instants(Timestamp.min..<Timestamp(utc: CivilDate(1997, 10, 1).at(0, 0))))
        #expect(try BatchQuery(BatchRequest(dtstart: "19970902T090000Z")).window == nil)
    }

    @Test func acceptsAnEmptyWindowAndRejectsAReversedOne() throws {
        let empty = try BatchQuery(BatchRequest(dtstart: "19970902", rrules: ["FREQ=DAILY"], after: "19971001", before: "19971001"))
        let day = try CivilDate(1997, 10, 1)
        #expect(empty.window == .dates(day..<day))
        #expect(Array(empty.occurrences).isEmpty)
        let e = failure(BatchRequest(dtstart: "19970902", after: "19971002", before: "19971001"))
        #expect(e?.kind == .invalidRequest)
        #expect(e?.message == "the window is reversed: after (19971002) is later than before (19971001)")
    }
}
