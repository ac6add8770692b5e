import AlmanacFoundation
import Foundation
import Testing
@testable import Almanac

/// Almanac against Foundation's `Calendar.RecurrenceRule` (`.strict`) on
/// rules both read the same way (DTSTART left out: Foundation does not add a
/// non-matching DTSTART). UTC keeps zone data versions out of the comparison.
@Suite struct FoundationInteropTests {
    static let rules: [(String, @Sendable (inout RecurrenceRule) -> Void, RecurrenceRule.Frequency)] = [
        ("daily", { _ in }, .daily),
        ("weekly MO,WE,FR", { $0.byDay = [.every(.monday), .every(.wednesday), .every(.friday)] }, .weekly),
        // Not "monthly -1FR": Foundation answers 2000-04-21 for the last Friday of
        // April 2000 (it is the 28th); a divergence, not a target.
        ("monthly 31", { $0.byMonthDay = [31] }, .monthly),
        ("yearly Jan,Jul 1MO,-1SU", { $0.byMonth = [1, 7]; $0.byDay = [.nth(1, .monday), .nth(-1, .sunday)] }, .yearly),
        ("hourly/7", { $0.interval = 7 }, .hourly),
        ("every 2nd month on the 1st and 15th", { $0.interval = 2; $0.byMonthDay = [1, 15] }, .monthly),
        ("yearly 100th day", { $0.byYearDay = [100] }, .yearly),
    ]

    @Test(arguments: 0..<rules.count)
    func sameInstancesAsFoundation(_ i: Int) throws {
        let (name, build, f) = Self.rules[i]
        var rule = RecurrenceRule(frequency: f)
        build(&rule)
        let utc = TimeZone(identifier: "UTC")!
        let foundation = try Calendar.RecurrenceRule(rule, timeZone: utc)
        let start = try CivilDate(2000, 1, 1).at(9, 0)
        let theirs = Array(foundation.recurrences(of: Date(Timestamp(utc: start))).prefix(300)).map { Timestamp($0) }
        let ours = Array(try rule.occurrences(from: .utc(start), options: .init(includesStart: false)).prefix(300)).map(\.timestamp)
        #expect(ours.count == 300, "\(name)")
        #expect(ours == theirs, "\(name)")
    }

    @Test func zonedSeriesAgreeAcrossDST() throws {
        var rule = RecurrenceRule(frequency: .daily)
        rule.byHour = [9, 17]
        let ny = try Zone("America/New_York")
        let start = try CivilDate(2021, 1, 1).at(9, 0)
        let foundation = try Calendar.RecurrenceRule(rule, timeZone: TimeZone(identifier: "America/New_York")!)
        let startDate = Date(try ny.timestamp(for: start))
        let theirs = Array(foundation.recurrences(of: startDate).prefix(1000)).map { Timestamp($0) }
        let ours = Array(try rule.occurrences(from: .zoned(start, ny)).prefix(1000)).map(\.timestamp)
        #expect(ours == theirs)
    }

    @Test func timestampsBridge() {
        #expect(Timestamp(Date(timeIntervalSince1970: 1.9)).secondsSinceEpoch == 1)
        #expect(Timestamp(Date(timeIntervalSince1970: -0.5)).secondsSinceEpoch == -1)
        #expect(Date(Timestamp(secondsSinceEpoch: 86_400)).timeIntervalSince1970 == 86_400)
    }

    @Test func secondlyHasNoFoundationForm() throws {
        #expect(throws: AlmanacError.self) { try Calendar.RecurrenceRule(RecurrenceRule(frequency: .secondly), timeZone: .gmt) }
    }

    /// RSCALE picks Foundation's calendar, SKIP its matching policy, and RFC 7529's
    /// months (CLDR numbering) become Foundation's; the dates are the ones ICU's
    /// calendars give (libical 3.0.16's RSCALE test suite, Corpus/rscale.jsonl).
    @Test func rscaleBridgesToFoundationCalendars() throws {
        let utc = TimeZone(identifier: "UTC")!
        func dates(_ text: String, _ start: CivilDate, _ n: Int) throws -> [String] {
            let f = try Calendar.RecurrenceRule(try RecurrenceRule(text), timeZone: utc)
            return try Array(f.recurrences(of: Date(Timestamp(utc: start.at(0, 0)))).prefix(n)).map {
                let c = Timestamp($0).utc!.date
                return "\(c.year)-\(c.month < 10 ? "0" : "")\(c.month)-\(c.day < 10 ? "0" : "")\(c.day)"
            }
        }
        // UNTIL stays a Gregorian value under RSCALE (RFC 7529 section 3): a DATE
        // UNTIL ends the rule at the end of that Gregorian day, whatever the calendar
        // (it was read in the rule's calendar: Islamic year 2031, Hebrew year 2031).
        for scale in ["ISLAMIC-CIVIL", "HEBREW", "BUDDHIST", "CHINESE"] {
            let f = try Calendar.RecurrenceRule(try RecurrenceRule("RSCALE=\(scale);FREQ=YEARLY;UNTIL=20310205"), timeZone: utc)
            #expect(try f.end == .afterDate(Date(Timestamp(utc: CivilDate(2031, 2, 5).at(23, 59, 59)))), "\(scale): \(f.end)")
        }
        // 8 Adar I (5L): only in Hebrew leap years with OMIT; Foundation calls Adar I month 6.
        let adar1 = try Calendar.RecurrenceRule(try RecurrenceRule("RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=5L;BYMONTHDAY=8"), timeZone: utc)
        #expect(adar1.calendar.identifier == .hebrew)
        #expect(adar1.months == [Calendar.RecurrenceRule.Month(6)])
        #expect(adar1.matchingPolicy == .strict)
        #expect(try dates("RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=5L;BYMONTHDAY=8", CivilDate(2014, 2, 8), 3)
                == ["2014-02-08", "2016-02-17", "2019-02-13"])
        // Adar (6) and Nisan (7) are Foundation's 7 and 8.
        let nisan = try Calendar.RecurrenceRule(try RecurrenceRule("RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=6,7"), timeZone: utc)
        #expect(nisan.months == [Calendar.RecurrenceRule.Month(7), Calendar.RecurrenceRule.Month(8)])
        // Chinese leap month 9L is Foundation's Month(9, isLeap: true): 10 of 9L in 2014.
        #expect(try dates("RSCALE=CHINESE;FREQ=YEARLY;BYMONTH=9L;BYMONTHDAY=10", CivilDate(2013, 10, 25), 1) == ["2014-11-02"])
        #expect(try dates("RSCALE=CHINESE;FREQ=YEARLY", CivilDate(2013, 2, 10), 3) == ["2013-02-10", "2014-01-31", "2015-02-19"])
        #expect(try dates("RSCALE=ETHIOPIC;FREQ=YEARLY;BYMONTH=13;BYMONTHDAY=-1", CivilDate(2014, 9, 10), 2) == ["2014-09-10", "2015-09-11"])
        // SKIP: the matching policies.
        #expect(try dates("RSCALE=GREGORIAN;FREQ=MONTHLY;SKIP=BACKWARD", CivilDate(2014, 1, 31), 4)
                == ["2014-01-31", "2014-02-28", "2014-03-31", "2014-04-30"])
        #expect(try dates("RSCALE=GREGORIAN;FREQ=MONTHLY;SKIP=FORWARD", CivilDate(2014, 1, 31), 4)
                == ["2014-01-31", "2014-03-01", "2014-03-31", "2014-05-01"])
        let omit = try Calendar.RecurrenceRule(try RecurrenceRule("RSCALE=GREGORIAN;FREQ=MONTHLY;SKIP=OMIT"), timeZone: utc)
        #expect(omit.matchingPolicy == .strict)
        // Every RSCALE Almanac parses has a Foundation calendar; ISLAMIC-RGSA has none.
        for name in RecurrenceRule.supportedScales where name != "ISLAMIC-RGSA" {
            #expect(throws: Never.self) { try Calendar.RecurrenceRule(try RecurrenceRule("RSCALE=\(name);FREQ=DAILY"), timeZone: utc) }
        }
        var rgsa = RecurrenceRule(frequency: .daily)
        rgsa.rscale = "ISLAMIC-RGSA"
        #expect(throws: AlmanacError.self) { try Calendar.RecurrenceRule(rgsa, timeZone: utc) }
    }
}
