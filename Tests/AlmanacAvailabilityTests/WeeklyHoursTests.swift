import Almanac
import AlmanacAvailability
import Testing

/// Weekly working hours: the pattern's text, and its intervals across the
/// DST changes of each zone (09:00 stays 09:00 on the wall clock).
struct WeeklyHoursTests {
    func utc(_ y: Int, _ m: Int, _ d: Int, _ h: Int, _ min: Int = 0) throws -> Timestamp {
        try Timestamp(utc: CivilDate(y, m, d).at(h, min))
    }

    @Test func patternsReadAndPrintCanonically() throws {
        #expect(try WeeklyHours(parsing: "Mon-Fri 09:00-17:00").description == "Mon-Fri 09:00-17:00")
        #expect(try WeeklyHours(parsing: "mo,tu,we,th,fr 9:00-17:00").description == "Mon-Fri 09:00-17:00")
        let split = try WeeklyHours(parsing: "Mon-Thu 09:00-12:30,13:30-17:30; Fri 09:00-13:00")
        #expect(split.description == "Mon-Thu 09:00-12:30,13:30-17:30; Fri 09:00-13:00")
        #expect(split.ranges(on: .friday) == [9 * 3600..<13 * 3600])
        #expect(split.ranges(on: .saturday).isEmpty)
        // A run that wraps over the weekend, a full day, an overnight range, overlapping ranges merged.
        #expect(try WeeklyHours(parsing: "Sat-Mon 10:00-24:00").description == "Mon 10:00-24:00; Sat-Sun 10:00-24:00")
        #expect(try WeeklyHours(parsing: "Fri 22:00-02:00").ranges(on: .friday) == [22 * 3600..<26 * 3600])
        #expect(try WeeklyHours(parsing: "Tue 09:00-12:00 11:00-13:00").ranges(on: .tuesday) == [9 * 3600..<13 * 3600])
        #expect(try WeeklyHours(parsing: "Wednesday 08:15:30-09:00").ranges(on: .wednesday) == [29_730..<32_400])
    }

    @Test(arguments: [
        ("", "no weekday and time range"), ("Mon-Fri", "Mon,Tue,Wed,Thu,Fri has no time range"),
        ("09:00-17:00", "comes before any weekday"), ("Mon 9-17", "\"9-17\" is not a time range"),
        ("Mon 09:60-17:00", "not a time range"), ("Mon 25:00-26:00", "not a time range"), ("Mon 24:00-01:00", "not a time range"),
        ("Mo-Fx 09:00-17:00", "\"Fx\" is not a weekday"), ("Mon-Tue-Wed 09:00-10:00", "not a weekday or a run"),
    ])
    func badPatternsAreTypedErrors(text: String, message: String) {
        do {
            _ = try WeeklyHours(parsing: text)
            Issue.record("\"\(text)\" was read")
        } catch {
            #expect(error.kind == .invalidValue)
            #expect(error.message.contains(message), "\(error.message)")
        }
    }

    /// Paris: summer time from 29 March 2026 (02:00 CET -> 03:00 CEST) and
    /// back on 25 October (03:00 CEST -> 02:00 CET).
    @Test func parisKeepsItsWallClockAcrossBothChanges() throws {
        let paris = try Zone("Europe/Paris"), hours = try WeeklyHours(parsing: "Mon-Sun 09:00-17:00")
        let spring = hours.intervals(in: try utc(2026, 3, 28, 0)..<utc(2026, 3, 31, 0), zone: paris)
        #expect(spring == [try utc(2026, 3, 28, 8)..<utc(2026, 3, 28, 16), try utc(2026, 3, 29, 7)..<utc(2026, 3, 29, 15),
                           try utc(2026, 3, 30, 7)..<utc(2026, 3, 30, 15)])
        let autumn = hours.intervals(in: try utc(2026, 10, 24, 0)..<utc(2026, 10, 26, 0), zone: paris)
        #expect(autumn == [try utc(2026, 10, 24, 7)..<utc(2026, 10, 24, 15), try utc(2026, 10, 25, 8)..<utc(2026, 10, 25, 16)])
    }

    /// New York: 8 March 2026 (02:00 EST -> 03:00 EDT), 1 November (02:00 EDT -> 01:00 EST).
    @Test func newYorkKeepsItsWallClockAcrossBothChanges() throws {
        let ny = try Zone("America/New_York"), hours = try WeeklyHours(parsing: "Sat,Sun,Mon 09:00-17:00")
        let spring = hours.intervals(in: try utc(2026, 3, 7, 0)..<utc(2026, 3, 9, 0), zone: ny)
        #expect(spring == [try utc(2026, 3, 7, 14)..<utc(2026, 3, 7, 22), try utc(2026, 3, 8, 13)..<utc(2026, 3, 8, 21)])
        let autumn = hours.intervals(in: try utc(2026, 10, 31, 0)..<utc(2026, 11, 3, 0), zone: ny)
        #expect(autumn == [try utc(2026, 10, 31, 13)..<utc(2026, 10, 31, 21), try utc(2026, 11, 1, 14)..<utc(2026, 11, 1, 22),
                           try utc(2026, 11, 2, 14)..<utc(2026, 11, 2, 22)])
    }

    /// Tokyo has no DST: the same UTC hours every day, Europe's change or not.
    @Test func tokyoHasNoChange() throws {
        let tokyo = try Zone("Asia/Tokyo"), hours = try WeeklyHours(parsing: "Fri-Mon 09:00-18:00")
        let got = hours.intervals(in: try utc(2026, 3, 27, 0)..<utc(2026, 3, 31, 0), zone: tokyo)
        #expect(got == [try utc(2026, 3, 27, 0)..<utc(2026, 3, 27, 9), try utc(2026, 3, 28, 0)..<utc(2026, 3, 28, 9),
                        try utc(2026, 3, 29, 0)..<utc(2026, 3, 29, 9), try utc(2026, 3, 30, 0)..<utc(2026, 3, 30, 9)])
    }

    /// A range that starts in the spring-forward gap starts when the clock
    /// jumps (03:00 CEST), not at 03:30 as RFC 5545 3.3.5 shifts a DTSTART;
    /// one that ends in the repeated hour ends at its first passage.
    @Test func gapAndOverlapEndsFollowTheClock() throws {
        let paris = try Zone("Europe/Paris")
        let gap = try WeeklyHours(parsing: "Sun 02:30-04:00").intervals(in: try utc(2026, 3, 29, 0)..<utc(2026, 3, 30, 0), zone: paris)
        #expect(gap == [try utc(2026, 3, 29, 1)..<utc(2026, 3, 29, 2)])
        let overlap = try WeeklyHours(parsing: "Sun 00:00-02:30").intervals(in: try utc(2026, 10, 24, 12)..<utc(2026, 10, 26, 0), zone: paris)
        #expect(overlap == [try utc(2026, 10, 24, 22)..<utc(2026, 10, 25, 0, 30)])
        let whole = try WeeklyHours(parsing: "Sun 02:00-03:00").intervals(in: try utc(2026, 10, 24, 12)..<utc(2026, 10, 26, 0), zone: paris)
        #expect(whole == [try utc(2026, 10, 25, 0)..<utc(2026, 10, 25, 2)])   // 02:00-03:00 CEST then 02:00-03:00 CET: two hours
    }

    /// An overnight range runs into the next day, and one of the day before
    /// the window reaches into it; the window clips.
    @Test func overnightRangesAndClipping() throws {
        let hours = try WeeklyHours(parsing: "Sun 22:00-06:00")
        let got = hours.intervals(in: try utc(2026, 3, 23, 0)..<utc(2026, 3, 23, 4), zone: .utc)
        #expect(got == [try utc(2026, 3, 23, 0)..<utc(2026, 3, 23, 4)])
        #expect(hours.intervals(in: try utc(2026, 3, 23, 7)..<utc(2026, 3, 23, 7), zone: .utc).isEmpty)
        #expect(WeeklyHours.always.intervals(in: try utc(2026, 3, 23, 7)..<utc(2026, 3, 25, 7), zone: .utc)
            == [try utc(2026, 3, 23, 7)..<utc(2026, 3, 25, 7)])
    }
}
