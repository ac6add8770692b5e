import AlmanacFoundation
import Foundation
import Testing
@testable import Almanac

/// The year tables of RSCALE calendars (Scale.swift) against Foundation's
/// `Calendar`, which carries its own, newer ICU: each month's first day,
/// number and leap flag. The Chinese and Dangi tables are generated from
/// Foundation (Tools/scale-tables), so they must agree everywhere; the
/// others come from the system ICU through the shim at run time.
@Suite struct ScaleTableTests {
    /// A month as Foundation sees it: first day, number, leap.
    struct Month: Equatable, CustomStringConvertible {
        let first: Int, number: Int, leap: Bool
        var description: String { "\(CivilDate(daysSinceEpoch: first).map(String.init(describing:)) ?? "\(first)") \(number)\(leap ? "L" : "")" }
    }

    static func foundationMonths(_ id: Calendar.Identifier, from: Int, to: Int, hebrew: Bool = false) -> [Month] {
        var calendar = Calendar(identifier: id)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        var d = calendar.dateInterval(of: .month, for: Date(timeIntervalSince1970: Double(from) * 86_400))!.start
        var out: [Month] = []
        while Int((d.timeIntervalSince1970 / 86_400).rounded()) < to {
            let first = Int((d.timeIntervalSince1970 / 86_400).rounded())
            let c = calendar.dateComponents([.month], from: d)
            var number = c.month!, leap = c.isLeapMonth ?? false
            // Foundation numbers Hebrew months in ICU's order (Adar I is 6, Adar 7).
            if hebrew { (number, leap) = number == 6 && calendar.range(of: .day, in: .year, for: d)!.count > 380 ? (5, true) : (number > 6 ? number - 1 : number, false) }
            out.append(Month(first: first, number: number, leap: leap))
            d = calendar.dateInterval(of: .month, for: d)!.end
        }
        return out
    }

    static func almanacMonths(_ rscale: String, from: Int, to: Int) -> [Month] {
        guard let scale = Scale.named(rscale), var y = scale.year(containing: from) else { return [] }
        var out: [Month] = []
        while y.first < to {
            for i in 0..<y.monthCount where Int(y[i].first) + Int(y[i].length) > from && Int(y[i].first) < to {
                out.append(Month(first: Int(y[i].first), number: Int(y[i].number), leap: y[i].isLeap))
            }
            guard let next = scale.year(y.number + 1) else { break }
            #expect(next.first == y.first + y.length, "\(rscale): year \(y.number + 1) does not follow year \(y.number)")
            y = next
        }
        return out
    }

    static let day1800 = try! CivilDate(1800, 1, 1).daysSinceEpoch, day2200 = try! CivilDate(2200, 1, 1).daysSinceEpoch

    /// The embedded Chinese and Dangi tables are Foundation's months, 1800 to
    /// 2200 and around years 1, 5000 and 9999.
    @Test(arguments: [("CHINESE", Calendar.Identifier.chinese), ("DANGI", .dangi)])
    func embeddedTablesAreFoundations(_ rscale: String, _ id: Calendar.Identifier) {
        for (from, to) in [(Self.day1800, Self.day2200), (-719_000, -718_000), (1_100_000, 1_101_000), (2_931_000, 2_932_896)] {
            let expected = Self.foundationMonths(id, from: from, to: to)
            let got = Self.almanacMonths(rscale, from: expected.first!.first, to: to)
            #expect(got.count == expected.count, "\(rscale) from day \(from): \(got.count) months, Foundation \(expected.count)")
            for (a, f) in zip(got, expected) where a != f {
                Issue.record("\(rscale): Almanac's month \(a), Foundation's \(f)")
                break
            }
        }
    }

    /// The calendars read from the system ICU (72) agree with Foundation's
    /// newer ICU from 1800 to 2200, month by month; but the astronomical
    /// Islamic calendar (a prediction of the new moon's first sighting),
    /// whose later ICUs compute the moon differently: there a month may
    /// start a day earlier or later, in at most one month in 500 (5 of
    /// 4,948 in these years, README "Calendars").
    @Test(arguments: [("HEBREW", Calendar.Identifier.hebrew), ("ISLAMIC-CIVIL", .islamicCivil), ("ISLAMIC-TBLA", .islamicTabular),
                      ("ISLAMIC-UMALQURA", .islamicUmmAlQura), ("ISLAMIC", .islamic), ("PERSIAN", .persian),
                      ("ETHIOPIC", .ethiopicAmeteMihret), ("COPTIC", .coptic), ("INDIAN", .indian)])
    func icuTablesAgreeWithFoundation(_ rscale: String, _ id: Calendar.Identifier) {
        let expected = Self.foundationMonths(id, from: Self.day1800, to: Self.day2200, hebrew: rscale == "HEBREW")
        let got = Self.almanacMonths(rscale, from: expected.first!.first, to: Self.day2200)
        let differing = zip(got, expected).filter { $0 != $1 }
        let what = "\(rscale): \(got.count) months, Foundation \(expected.count); \(differing.count) differ, first \(differing.first.map { "\($0.0) vs \($0.1)" } ?? "-")"
        #expect(got.count == expected.count, "\(what)")
        guard rscale == "ISLAMIC" else { return #expect(differing.isEmpty, "\(what)") }
        #expect(differing.count * 500 <= expected.count, "\(what)")
        for (a, f) in differing {
            #expect(abs(a.first - f.first) == 1 && a.number == f.number && a.leap == f.leap, "\(rscale): Almanac's month \(a), Foundation's \(f)")
        }
    }

    /// Umm al-Qura outside ICU's table years (1300...1600 AH) is ICU's civil
    /// calendar, which the tables read instead (ICU computes those years
    /// ever more slowly): the two agree where both are read from ICU.
    @Test func ummAlQuraOutsideItsTableIsTheCivilCalendar() throws {
        for year in [1200, 1650, 3000] {
            let umm = try #require(Scale.icuChunk("islamic-umalqura", firstYear: year, day: 0))
            let civil = try #require(Scale.icuChunk("islamic-civil", firstYear: year, day: 0))
            for (a, b) in zip(umm.years, civil.years) {
                #expect(a.first == b.first && a.length == b.length && a.monthCount == b.monthCount, "year \(a.number) AH")
                for i in 0..<min(a.monthCount, b.monthCount) { #expect(a[i] == b[i], "year \(a.number) AH, month \(i + 1)") }
            }
        }
    }
}
