import AlmanacTestSupport
import Testing
@testable import AlmanacCore

/// Generators of random test values.
extension SplitMix64 {

    /// A day number in years 3...9997, away from the range ends where some weeks do not exist.
    mutating func day() -> Int { Int.random(in: daysFromCivil(3, 1, 1)...daysFromCivil(9997, 12, 31), using: &self) }
    mutating func date() -> CivilDate { CivilDate(_unchecked: day()) }

    mutating func rule() -> WeekRule {
        switch Int.random(in: 0...3, using: &self) {
        case 0: .iso
        case 1: .us
        default: try! WeekRule(firstWeekday: Weekday(rawValue: Int.random(in: 1...7, using: &self))!,
                          minimumDaysInFirstWeek: Int.random(in: 1...7, using: &self))
        }
    }

    /// A period of any kind: a day, a week under a random rule, a month, a year, or a span of 1...800 days.
    mutating func period() -> Period {
        let d = date()
        switch Int.random(in: 0...4, using: &self) {
        case 0: return .day(d)
        case 1: return try! Period.containing(d, .week, weekRule: rule())
        case 2: return try! Period.containing(d, .month)
        case 3: return try! Period.containing(d, .year)
        default: return try! Period.span(from: d, dayCount: Int.random(in: 1...800, using: &self))
        }
    }
}

/// Week numbers counted day by day from the definition: a week starts on the
/// rule's weekday, and week 1 of Y is the first week with at least the
/// minimum number of days in Y.
private func bruteForceWeek(_ day: Int, _ rule: WeekRule) -> (year: Int, week: Int) {
    var s = day
    while isoWeekday(ofDays: s) != rule.firstWeekday.rawValue { s -= 1 }
    func weekOne(_ y: Int) -> Int {
        var s1 = daysFromCivil(y - 1, 12, 25)
        while !(isoWeekday(ofDays: s1) == rule.firstWeekday.rawValue
                && (s1...(s1 + 6)).filter({ civilFromDays($0).year == y }).count >= rule.minimumDaysInFirstWeek) { s1 += 1 }
        return s1
    }
    let y = civilFromDays(s + 6).year
    for year in [y, y - 1] where s >= weekOne(year) { return (year, (s - weekOne(year)) / 7 + 1) }
    fatalError("unreachable")
}

@Suite struct PeriodPropertyTests {
    @Test(arguments: 0..<4)
    func periodsOfAGranularityTileAndCoverThePeriod(seed: Int) throws {
        var g = SplitMix64(seed: 0x5EED_0000 &+ UInt64(seed))
        for _ in 0..<150 {
            let p = g.period(), rule = g.rule()
            for granularity in Period.Granularity.allCases {
                let parts = p.periods(of: granularity, weekRule: rule)
                guard let first = parts.first, let last = parts.last else { Issue.record("\(p) has no \(granularity)"); continue }
                #expect(parts.allSatisfy { $0.overlaps(p) && $0.granularity == granularity }, "\(p) \(granularity)")
                #expect(parts.allSatisfy { $0.weekRule == (granularity == .week ? rule : nil) })
                // Consecutive and touching, so every day of the cover is in exactly one part.
                for (a, b) in zip(parts, parts.dropFirst()) {
                    #expect(a.next == b && (try? a.lastDay.adding(days: 1)) == b.firstDay, "\(p) \(granularity): \(a) then \(b)")
                }
                #expect(first.firstDay <= p.firstDay && last.lastDay >= p.lastDay, "\(p) \(granularity) cover")
                #expect(first.previous.map { !$0.overlaps(p) } ?? true && last.next.map { !$0.overlaps(p) } ?? true)
                for _ in 0..<5 {
                    let d = CivilDate(_unchecked: Int.random(in: p.firstDay.daysSinceEpoch...p.lastDay.daysSinceEpoch, using: &g))
                    #expect(parts.filter { $0.contains(d) }.count == 1, "\(d) in \(p) \(granularity)")
                    #expect(try parts.contains(Period.containing(d, granularity, weekRule: rule)))
                }
            }
        }
    }

    @Test func daysInWeeksAndMonthsMonthsInYears() throws {
        var g = SplitMix64(seed: 42)
        for _ in 0..<300 {
            let d = g.date(), rule = g.rule()
            let w = try Period.containing(d, .week, weekRule: rule), m = try Period.containing(d, .month), y = try Period.containing(d, .year)
            #expect(w.periods(of: .day).filter { $0.contains(d) }.count == 1)
            #expect(m.periods(of: .day).filter { $0.contains(d) }.count == 1)
            #expect(y.periods(of: .month).filter { $0.contains(d) } == [m])
            #expect(y.periods(of: .month).allSatisfy { y.contains($0) } && m.periods(of: .year) == [y])
            #expect(y.periods(of: .month).reduce(0) { $0 + $1.dayCount } == y.dayCount)
        }
    }

    @Test func nextAndPreviousAreInverse() throws {
        var g = SplitMix64(seed: 7)
        for _ in 0..<1000 {
            let p = g.period()
            #expect(p.next!.previous == p && p.previous!.next == p, "\(p)")
            #expect(try p.next!.firstDay == p.lastDay.adding(days: 1) && p.previous!.lastDay.adding(days: 1) == p.firstDay)
            let n = Int.random(in: -3000...3000, using: &g)
            if let q = p.advanced(by: n) { #expect(q.advanced(by: -n) == p, "\(p) by \(n)") }
            let k = Int.random(in: 0...12, using: &g)
            var stepped: Period? = p
            for _ in 0..<k { stepped = stepped?.next }
            #expect(p.advanced(by: k) == stepped)
        }
    }

    @Test func containingHoldsTheDate() throws {
        var g = SplitMix64(seed: 99)
        for _ in 0..<2000 {
            let d = g.date(), rule = g.rule()
            for granularity in Period.Granularity.allCases {
                let p = try Period.containing(d, granularity, weekRule: rule)
                #expect(p.contains(d) && p.granularity == granularity)
                let expected = switch granularity {
                case .day: 1
                case .week: 7
                case .month: d.daysInMonth
                case .year: d.daysInYear
                }
                #expect(p.dayCount == expected)
            }
            let w = try Period.containing(d, .week, weekRule: rule)
            #expect(w.firstDay.weekday == rule.firstWeekday && w.weekRule == rule)
            #expect((try? Period.week(w.weekOfYear!.year, w.weekOfYear!.week, rule: rule)) == w)
        }
    }

    @Test func weekNumbersMatchTheDefinitionCountedDayByDay() throws {
        var g = SplitMix64(seed: 2023)
        for i in 0..<1500 {
            // Half the dates near a new year, where the rules differ.
            let d = i % 2 == 0 ? g.date()
                : CivilDate(_unchecked: daysFromCivil(Int.random(in: 3...9997, using: &g), 1, 1) + Int.random(in: -10...10, using: &g))
            let rule = g.rule()
            let expected = bruteForceWeek(d.daysSinceEpoch, rule)
            #expect(rule.week(of: d) == expected, "\(d) \(rule)")
            #expect(rule.weeksInYear(expected.year) >= expected.week)
            #expect(WeekRule.iso.week(of: d) == (d.isoWeek.year, d.isoWeek.week))
            let wd = Weekday(rawValue: Int.random(in: 1...7, using: &g))!
            let y = d.year
            #expect(try WeekRule(firstWeekday: wd, minimumDaysInFirstWeek: 4)._weekOneStart(y) == _weekOneStart(year: y, weekStart: wd))
        }
    }

    @Test func textRoundTripsAndOrder() throws {
        var g = SplitMix64(seed: 1)
        var ps: [Period] = []
        for _ in 0..<2000 {
            let p = g.period()
            #expect(try Period(parsing: p.description) == p, "\(p)")
            ps.append(p)
        }
        let sorted = ps.sorted()
        for (a, b) in zip(sorted, sorted.dropFirst()) {
            #expect(a.firstDay < b.firstDay || (a.firstDay == b.firstDay && a.lastDay <= b.lastDay))
        }
    }
}
