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
        let start = CivilDate(2000, 1, 1)!.at(9, 0)
        let theirs = Array(foundation.recurrences(of: Date(Timestamp(utc: start))).prefix(300)).map { Timestamp($0) }
        let ours = Array(try rule.occurrences(from: .utc(start), options: .init(includesStart: false)).prefix(300)).map(\.timestamp)
        #expect(ours.count == 300, "\(name)")
        #expect(ours == theirs, "\(name)")
    }

    @Test func zonedSeriesAgreeAcrossDST() throws {
        var rule = RecurrenceRule(frequency: .daily)
        rule.byHour = [9, 17]
        let ny = try Zone("America/New_York")
        let start = CivilDate(2021, 1, 1)!.at(9, 0)
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

    @Test func secondlyHasNoFoundationForm() {
        #expect(throws: AlmanacError.self) { try Calendar.RecurrenceRule(RecurrenceRule(frequency: .secondly), timeZone: .gmt) }
    }
}
