import Testing
import AlmanacCore
@testable import Almanac

/// Local times that happen once, never, or twice; `timestamp(for:_:)` with each
/// `Disambiguation` (jiff's semantics; `.compatible` is RFC 5545 section 3.3.5:
/// a gap time uses the offset before the gap, an ambiguous time the first
/// instant); and `startOfDay`, which is not always midnight (jiff's
/// `Zoned::start_of_day` docs, java.time's `LocalDate.atStartOfDay(ZoneId)`).
@Suite struct ZoneResolveTests {
    @Test func newYorkSpringForwardGap() throws {
        let ny = try Zone("America/New_York")
        let t = local(2024, 3, 10, 2, 30)
        #expect(ny.resolve(t) == .gap(before: off(-5), after: off(-4)))
        #expect(try ny.timestamp(for: t) == utc(2024, 3, 10, 7, 30))              // 03:30 EDT
        #expect(try ny.timestamp(for: t, .compatible) == utc(2024, 3, 10, 7, 30))
        #expect(try ny.timestamp(for: t, .later) == utc(2024, 3, 10, 7, 30))
        #expect(try ny.timestamp(for: t, .earlier) == utc(2024, 3, 10, 6, 30))    // 01:30 EST
        let error = #expect(throws: AlmanacError.self) { try ny.timestamp(for: t, .reject) }
        #expect(error?.kind == .nonexistentTime)
        #expect(error?.message == "2024-03-10T02:30:00 does not exist in America/New_York: it falls in a gap between -05:00 and -04:00")
        // The edges: 02:00 is the first missing minute, 03:00 the first that exists again.
        #expect(ny.resolve(local(2024, 3, 10, 1, 59, 59)) == .unique(off(-5)))
        #expect(ny.resolve(local(2024, 3, 10, 2)) == .gap(before: off(-5), after: off(-4)))
        #expect(ny.resolve(local(2024, 3, 10, 3)) == .unique(off(-4)))
    }

    @Test func newYorkFallBackOverlap() throws {
        let ny = try Zone("America/New_York")
        let t = local(2024, 11, 3, 1, 30)
        #expect(ny.resolve(t) == .overlap(earlier: off(-4), later: off(-5)))
        #expect(try ny.timestamp(for: t) == utc(2024, 11, 3, 5, 30))               // 01:30 EDT
        #expect(try ny.timestamp(for: t, .earlier) == utc(2024, 11, 3, 5, 30))
        #expect(try ny.timestamp(for: t, .later) == utc(2024, 11, 3, 6, 30))       // 01:30 EST
        let error = #expect(throws: AlmanacError.self) { try ny.timestamp(for: t, .reject) }
        #expect(error?.kind == .nonexistentTime)
        #expect(ny.resolve(local(2024, 11, 3, 1)) == .overlap(earlier: off(-4), later: off(-5)))
        #expect(ny.resolve(local(2024, 11, 3, 0, 59, 59)) == .unique(off(-4)))
        #expect(ny.resolve(local(2024, 11, 3, 2)) == .unique(off(-5)))
    }

    @Test(arguments: [Disambiguation.compatible, .earlier, .later, .reject])
    func uniqueTimeIgnoresDisambiguation(_ d: Disambiguation) throws {
        let ny = try Zone("America/New_York")
        #expect(ny.resolve(local(2024, 7, 4, 12)) == .unique(off(-4)))
        #expect(try ny.timestamp(for: local(2024, 7, 4, 12), d) == utc(2024, 7, 4, 16))
    }

    /// Lord Howe Island moves its clocks by 30 minutes: 02:00 -> 02:30 on the
    /// first Sunday of October, 02:00 -> 01:30 on the first Sunday of April.
    @Test func lordHoweHalfHourShift() throws {
        let zone = try Zone("Australia/Lord_Howe")
        #expect(zone.resolve(local(2024, 10, 6, 2, 15)) == .gap(before: off(10, 30), after: off(11)))
        #expect(try zone.timestamp(for: local(2024, 10, 6, 2, 15)) == utc(2024, 10, 5, 15, 45))   // 02:45 +11:00
        #expect(zone.resolve(local(2024, 10, 6, 2, 30)) == .unique(off(11)))
        #expect(zone.resolve(local(2024, 4, 7, 1, 45)) == .overlap(earlier: off(11), later: off(10, 30)))
        #expect(zone.resolve(local(2024, 4, 7, 1, 29)) == .unique(off(11)))
    }

    /// Chatham: NZ rules at 02:45 standard time (+12:45 -> +13:45 on the last
    /// Sunday of September, back on the first Sunday of April).
    @Test func chathamQuarterHourTransitions() throws {
        let zone = try Zone("Pacific/Chatham")
        #expect(zone.resolve(local(2024, 9, 29, 3)) == .gap(before: off(12, 45), after: off(13, 45)))
        #expect(zone.resolve(local(2024, 9, 29, 2, 44)) == .unique(off(12, 45)))
        #expect(zone.resolve(local(2024, 9, 29, 3, 45)) == .unique(off(13, 45)))
        #expect(zone.resolve(local(2024, 4, 7, 3)) == .overlap(earlier: off(13, 45), later: off(12, 45)))
    }

    /// Samoa skipped Friday 2011-12-30 entirely (tzdata `australasia`).
    @Test func apiaSkipsADay() throws {
        let apia = try Zone("Pacific/Apia")
        #expect(apia.resolve(local(2011, 12, 30, 12)) == .gap(before: off(-10), after: off(14)))
        #expect(apia.resolve(local(2011, 12, 30, 0)) == .gap(before: off(-10), after: off(14)))
        #expect(apia.resolve(local(2011, 12, 29, 23, 59, 59)) == .unique(off(-10)))
        #expect(apia.resolve(local(2011, 12, 31, 0)) == .unique(off(14)))
        #expect(try apia.startOfDay(CivilDate(2011, 12, 31)) == utc(2011, 12, 30, 10))
        #expect(throws: AlmanacError.self) { try apia.timestamp(for: local(2011, 12, 30, 12), .reject) }
    }

    /// Brazil's DST began at midnight, so 2018-11-04 started at 01:00 (jiff's
    /// `start_of_day` docs use Sao Paulo 2015-10-18 for the same reason).
    @Test func saoPauloDayStartsAtOne() throws {
        let sp = try Zone("America/Sao_Paulo")
        let day = try CivilDate(2018, 11, 4)
        #expect(try sp.resolve(day.at(0, 0)) == .gap(before: off(-3), after: off(-2)))
        let start = sp.startOfDay(day)
        #expect(start == utc(2018, 11, 4, 3))
        #expect(sp.civil(at: start)?.0 == local(2018, 11, 4, 1))
        #expect(try sp.startOfDay(CivilDate(2015, 10, 18)) == utc(2015, 10, 18, 3))     // jiff's example
        // DST ended at midnight 2019-02-17: 23:00-24:00 on the 16th happened twice.
        #expect(sp.resolve(local(2019, 2, 16, 23, 30)) == .overlap(earlier: off(-2), later: off(-3)))
        #expect(try sp.startOfDay(CivilDate(2019, 2, 17)) == utc(2019, 2, 17, 3))
        #expect(try sp.startOfDay(CivilDate(2018, 11, 5)) == utc(2018, 11, 5, 2))
    }

    /// Lebanon changes clocks at midnight in both directions.
    @Test func beirutMidnightTransitions() throws {
        let beirut = try Zone("Asia/Beirut")
        #expect(beirut.resolve(local(2022, 3, 27, 0, 30)) == .gap(before: off(2), after: off(3)))
        #expect(try beirut.startOfDay(CivilDate(2022, 3, 27)) == utc(2022, 3, 26, 22))   // 01:00 +03:00
        #expect(beirut.resolve(local(2022, 10, 29, 23, 30)) == .overlap(earlier: off(3), later: off(2)))
        #expect(beirut.resolve(local(2022, 10, 30, 0)) == .unique(off(2)))
        #expect(try beirut.startOfDay(CivilDate(2022, 10, 30)) == utc(2022, 10, 29, 22))
        #expect(try beirut.startOfDay(CivilDate(2022, 10, 29)) == utc(2022, 10, 28, 21))
    }

    /// Zones with no transitions resolve everything uniquely.
    @Test(arguments: ["UTC", "Etc/UTC", "GMT"])
    func utcIsFixed(_ id: String) throws {
        let zone = try Zone(id)
        #expect(zone.identifier == id)
        #expect(zone.offset(at: .min) == .zero && zone.offset(at: .max) == .zero && zone.offset(at: utc(2024, 3, 10, 7)) == .zero)
        #expect(zone.transitions(from: .min, to: .max).isEmpty)
        #expect(zone.resolve(local(2024, 3, 10, 2, 30)) == .unique(.zero))
        if id == "UTC" { #expect(zone == Zone.utc) }
    }
}
