import Almanac
import AlmanacCalendar
import Testing

/// Cases found by Tools/fuzz's fuzz-ics target; each input is also in
/// Tools/fuzz/regressions/fuzz-ics/ (see Tools/fuzz/regressions/README.md).
struct FuzzRegressionTests {
    static func utc(_ y: Int, _ m: Int, _ d: Int) -> Timestamp { try! Timestamp(utc: CivilDate(y, m, d).at(0, 0)) }

    /// fuzz-ics finding 1 (regressions/fuzz-ics/end-past-9999-on-its-clock):
    /// an instance that ends past 9999-12-31 on its zone's clock had its
    /// end written as an empty date (`"end":"+01:00"`, `"end":"Z"`) by
    /// `almanac events` and `--json`. The clock is now written as it reads,
    /// as floating and all-day ends already were.
    @Test func endPastYear9999IsWrittenAsItsClockReads() throws {
        let c = try EventCalendar(ics: CalendarReaderTests.ics([
            "BEGIN:VEVENT", "UID:paris", "DTSTART;TZID=Europe/Paris:99991231T235830", "DURATION:PT90S", "END:VEVENT",
            "BEGIN:VEVENT", "UID:utc", "DTSTART:99991231T235900Z", "DURATION:PT2M", "END:VEVENT",
            "BEGIN:VEVENT", "UID:floating", "DTSTART:99991231T230000", "DURATION:PT2H", "END:VEVENT",
            "BEGIN:VEVENT", "UID:date", "DTSTART;VALUE=DATE:99991231", "END:VEVENT",
        ]), options: .strict)
        let found = Array(c.occurrences(overlapping: Self.utc(9999, 12, 30)..<Timestamp.max))
        let ends = Dictionary(uniqueKeysWithValues: found.map { ($0.seriesID, CalendarOccurrence.isoPair($0).1) })
        #expect(ends == ["paris": "10000-01-01T00:00:00+01:00", "utc": "10000-01-01T00:01:00Z",
                         "floating": "10000-01-01T01:00:00", "date": "10000-01-01"])
        let paris = try #require(found.first { $0.seriesID == "paris" })
        #expect(paris.jsonLine == #"{"uid":"paris","recurrence_id":null,"start":"9999-12-31T23:58:30+01:00","end":"10000-01-01T00:00:00+01:00","all_day":false}"#)
    }

    /// fuzz-ics finding 2 (regressions/fuzz-ics/vtimezone-dtstart-past-2500):
    /// a STANDARD or DAYLIGHT whose DTSTART is at or past 2500, where onsets
    /// stop being expanded, trapped on an inverted range. That DTSTART is now
    /// the sub-component's only onset.
    @Test func vtimezoneOnsetPast2500IsItsOnlyOnset() throws {
        let c = try EventCalendar(ics: CalendarReaderTests.ics([
            "BEGIN:VTIMEZONE", "TZID:Late",
            "BEGIN:STANDARD", "DTSTART:30000101T000000", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200",
            "RRULE:FREQ=YEARLY", "END:STANDARD", "END:VTIMEZONE",
            "BEGIN:VEVENT", "UID:a", "DTSTART;TZID=Late:20240101T090000", "END:VEVENT",
        ]), options: .strict)
        let late = try #require(c.fileZones["Late"])
        let onset = Self.utc(2999, 12, 31) + 23 * 3600   // 3000-01-01T00:00 at +01:00
        #expect(late.offset(at: onset + -1).seconds == 3600)
        #expect(late.offset(at: onset).seconds == 7200)
        #expect(late.offset(at: Self.utc(3001, 6, 1)).seconds == 7200)
    }

    /// fuzz-ics finding 23 (regressions/fuzz-ics/query-order-in-year-9999,
    /// reduced; Corpus/ics/thisandfuture-shift-past-year-9999): a
    /// THISANDFUTURE override moving an all-day series 215 days on. An
    /// instance moved past 9999-12-31 came back unmoved, after later
    /// starts, and ends moved past 9999 were cut to their start. Every
    /// instance now keeps the override's shift and length, and those moved
    /// past 9999 are not produced.
    @Test func instancesMovedPastYear9999AreLeftOut() throws {
        let c = try EventCalendar(ics: CalendarReaderTests.ics([
            "BEGIN:VTODO", "UID:todo", "DUE;VALUE=DATE:20240105", "RRULE:FREQ=WEEKLY;BYDAY=MO,FR", "END:VTODO",
            "BEGIN:VEVENT", "UID:todo", "RECURRENCE-ID;RANGE=THISANDFUTURE:20240402T043000",
            "DTSTART;TZID=America/New_York:20241103T013000", "DURATION:P3W", "END:VEVENT",
        ]))
        let newYork = try Zone("America/New_York")
        let window = Self.utc(9998, 12, 29)..<Timestamp.max
        let found = Array(c.occurrences(overlapping: window, viewer: newYork))
        let starts = found.map { $0.occurrence.instants(in: newYork).lowerBound }
        #expect(starts == starts.sorted())
        let last = try CivilDate(9999, 12, 31)
        for o in found {
            let rid = try #require(o.originalStart?.civil.date)
            guard case .dates(let r) = o.occurrence.extent else { Issue.record("not all-day: \(o.jsonLine)"); continue }
            #expect(r.lowerBound == (try? rid.adding(days: 215)), "\(o.jsonLine)")
            #expect(r.upperBound.daysSinceEpoch == r.lowerBound.daysSinceEpoch + 21, "\(o.jsonLine)")
            #expect(r.lowerBound <= last)
        }
        // The last instance kept: the last Monday or Friday 215 days before 9999-12-31 or earlier.
        var d = try last.adding(days: -215)
        while d.weekday != .monday && d.weekday != .friday { d = try d.adding(days: -1) }
        #expect(found.last?.originalStart?.civil.date == d)
    }
}
