import Testing
import AlmanacCore
@testable import Almanac

/// Loaders record transitions until 2500; later instants reuse the table's
/// last 400 years. Rules written in the Gregorian calendar repeat every
/// 146097 days (400 years, a whole number of weeks), so a date in 2700 or
/// 9999 must behave exactly like the same date 400·k years earlier (US rules
/// since 2007: second Sunday of March, first Sunday of November, at 02:00).
@Suite struct ZoneFoldTests {
    static let cycle: Int64 = 146_097 * 86_400

    @Test(arguments: [(2700, 7, 1), (2700, 1, 15), (2700, 3, 14), (9999, 12, 31), (9999, 7, 1), (2501, 6, 30)])
    func offsetRepeatsEvery400Years(_ y: Int, _ m: Int, _ d: Int) throws {
        let ny = try Zone("America/New_York")
        let back = (y - 2300) / 400 * 400                 // 2700 -> 2300, 9999 -> 2399
        for hour in stride(from: 0, to: 24, by: 1) {
            let far = utc(y, m, d, hour), near = utc(y - back, m, d, hour)
            #expect(ny.offset(at: far) == ny.offset(at: near), "\(far) vs \(near)")
        }
        // Summer is EDT and winter EST, as in 2300 (the brief's check).
        if m == 7 { #expect(ny.offset(at: utc(y, m, d, 12)) == off(-4) && ny.offset(at: utc(2300, 7, 1, 12)) == off(-4)) }
        if m == 12 || m == 1 { #expect(ny.offset(at: utc(y, m, d, 12)) == off(-5) && ny.offset(at: utc(2300, m, d, 12)) == off(-5)) }
    }

    @Test func transitionsIn2700AreThoseOf2300ShiftedByACycle() throws {
        let ny = try Zone("America/New_York")
        let far = ny.transitions(from: utc(2700, 1, 1), to: utc(2701, 1, 1))
        let near = ny.transitions(from: utc(2300, 1, 1), to: utc(2301, 1, 1))
        #expect(far.count == 2)
        #expect(far.map { $0.instant.secondsSinceEpoch - Self.cycle } == near.map(\.instant.secondsSinceEpoch))
        #expect(far.map(\.after) == [off(-4), off(-5)])
        // 2700-03-11 is the second Sunday of March 2700: 02:00 EST = 07:00Z.
        #expect(try CivilDate(2700, 3, 11).weekday == .sunday)
        #expect(far.first?.instant == utc(2700, 3, 11, 7))
    }

    @Test func transitionsCrossTheTableEnd() throws {
        let ny = try Zone("America/New_York")
        let around = ny.transitions(from: utc(2499, 1, 1), to: utc(2501, 1, 1))
        #expect(around.map(\.instant) == [utc(2499, 3, 8, 7), utc(2499, 11, 1, 6), utc(2500, 3, 14, 7), utc(2500, 11, 7, 6)])
    }

    @Test func resolveInYear9999() throws {
        let ny = try Zone("America/New_York")
        // The second Sunday of March 9999.
        let march1 = try CivilDate(9999, 3, 1)
        let firstSunday = try march1.adding(days: (7 - march1.weekday.rawValue) % 7)
        let secondSunday = try firstSunday.adding(days: 7)
        #expect(secondSunday.weekday == .sunday && secondSunday.day >= 8 && secondSunday.day <= 14)
        #expect(try ny.resolve(secondSunday.at(2, 30)) == .gap(before: off(-5), after: off(-4)))
        #expect(try ny.timestamp(for: secondSunday.at(2, 30)) == Timestamp(utc: secondSunday.at(7, 30)))
        #expect(ny.offset(at: .max) == off(-5))
    }

    @Test func zonesWithoutRecentRulesDoNotFold() throws {
        // Kolkata's last transition was in 1945: nothing repeats, +05:30 forever.
        let kolkata = try Zone("Asia/Kolkata")
        #expect(!kolkata.table.repeats)
        #expect(kolkata.offset(at: .max) == off(5, 30))
        #expect(try Zone("America/New_York").table.repeats)
    }
}

/// Hand-made tables fold only when their last 400 years form a cycle.
@Suite struct ZoneHandMadeTableFoldTests {
    /// A one-off change in 2200 is not a rule that repeats: 2550 is after it
    /// (+02:00), although 2550 - 400 years = 2150 is before it.
    @Test func oneOffChangeDoesNotRepeat() throws {
        let zone = try Zone(identifier: "Test/Plan", transitions: [utc(2200, 1, 1).secondsSinceEpoch], offsets: [off(1), off(2)])
        #expect(!zone.table.repeats)
        #expect(zone.offset(at: utc(2150, 6, 1)) == off(1))
        #expect(zone.offset(at: utc(2550, 6, 1)) == off(2))
        #expect(zone.offset(at: .max) == off(2))
    }

    /// Changes after 2500 are kept, not folded away.
    @Test func changesAfterTheTableEndAreKept() throws {
        let t = [utc(2450, 1, 1), utc(2600, 1, 1)].map(\.secondsSinceEpoch)
        let zone = try Zone(identifier: "Test/Late", transitions: t, offsets: [off(0), off(1), off(3)])
        #expect(zone.offset(at: utc(2599, 1, 1)) == off(1))
        #expect(zone.offset(at: utc(2700, 1, 1)) == off(3))
        #expect(zone.transitions(from: utc(2500, 1, 1), to: .max).map(\.instant) == [utc(2600, 1, 1)])
    }
}
