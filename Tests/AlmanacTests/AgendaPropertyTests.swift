import AlmanacTestSupport
import Testing
@testable import Almanac

/// Generators of random test values.
extension SplitMix64 {

    mutating func date(years: ClosedRange<Int>) -> CivilDate {
        let lo = try! CivilDate(years.lowerBound, 1, 1).daysSinceEpoch, hi = try! CivilDate(years.upperBound, 12, 31).daysSinceEpoch
        return CivilDate(daysSinceEpoch: Int.random(in: lo...hi, using: &self))!
    }

    mutating func period(years: ClosedRange<Int>, longestSpan: Int) -> Period {
        let d = date(years: years)
        switch Int.random(in: 0...5, using: &self) {
        case 0: return .day(d)
        case 1: return try! Period.containing(d, .week)
        case 2: return try! Period.containing(d, .week, weekRule: .us)
        case 3: return try! Period.containing(d, .month)
        case 4: return try! Period.containing(d, .year)
        default:
            // Mostly short spans, so several share a length (and a bucket).
            let n = Bool.random(using: &self) ? Int.random(in: 1...9, using: &self) : Int.random(in: 1...longestSpan, using: &self)
            return try! Period.span(from: d, dayCount: n)
        }
    }

    mutating func item(_ id: Int, years: ClosedRange<Int>) -> AgendaItem {
        let visible = Set(Period.Granularity.allCases.filter { _ in Int.random(in: 0..<3, using: &self) > 0 })
        return AgendaItem(id: "i\(id)", title: "t\(Int.random(in: 0..<20, using: &self))",
                          period: period(years: years, longestSpan: 60), visibleIn: visible)
    }
}

/// The listing rule written out again, apart from the library's code.
private func bruteForceList(_ items: some Sequence<AgendaItem>, _ list: Period) -> [AgendaItem] {
    func rank(_ p: Period) -> Int {
        if let g = p.granularity { return g.rawValue }
        let n = p.dayCount
        return n == 1 ? 0 : n <= 7 ? 1 : n <= 31 ? 2 : 3
    }
    let r = rank(list)
    return items.filter {
        $0.period.firstDay <= list.lastDay && list.firstDay <= $0.period.lastDay
            && rank($0.period) <= r && $0.visibleIn.contains(Period.Granularity(rawValue: r)!)
    }.sorted { a, b in
        (a.period.lastDay, a.title, a.id) < (b.period.lastDay, b.title, b.id)
    }
}

@Suite struct AgendaPropertyTests {
    @Test(arguments: 0..<4)
    func indexEqualsBruteForce(seed: Int) {
        var g = SplitMix64(seed: 0xA6E_DA00 &+ UInt64(seed))
        let items = (0..<600).map { g.item($0, years: 2023...2024) }
        let agenda = Agenda(items)
        var incremental = Agenda()
        for item in items.shuffled(using: &g) { incremental.insert(item) }
        #expect(agenda == incremental)
        // Repeated ids: the last item of an id wins.
        let repeated = (0..<600).map { g.item($0 % 250, years: 2023...2024) }
        var lastWins: [String: AgendaItem] = [:]
        for item in repeated { lastWins[item.id] = item }
        let deduplicated = Agenda(repeated)
        #expect(deduplicated.count == lastWins.count)
        for _ in 0..<300 {
            let list = g.period(years: 2022...2025, longestSpan: 400)
            let expected = bruteForceList(items, list)
            #expect(agenda.list(for: list) == expected, "\(list)")
            #expect(incremental.list(for: list) == expected, "\(list)")
            #expect(items.filter { $0.isListed(in: list) }.count == expected.count)
            #expect(deduplicated.list(for: list) == bruteForceList(lastWins.values, list), "\(list)")
        }
    }

    @Test(arguments: 0..<3)
    func indexFollowsInsertsRemovesAndMoves(seed: Int) throws {
        var g = SplitMix64(seed: 0xB0B &+ UInt64(seed))
        var agenda = Agenda()
        var model: [String: AgendaItem] = [:]
        for step in 0..<1500 {
            switch Int.random(in: 0..<10, using: &g) {
            case 0..<5:   // insert, often replacing an existing id
                let item = g.item(Int.random(in: 0..<300, using: &g), years: 2023...2023)
                #expect(agenda.insert(item) == model.updateValue(item, forKey: item.id))
            case 5..<7:
                let id = "i\(Int.random(in: 0..<300, using: &g))"
                #expect(agenda.remove(id: id) == model.removeValue(forKey: id))
            default:
                guard let id = model.keys.randomElement(using: &g) else { continue }
                let granularity = Period.Granularity.allCases.randomElement(using: &g)!
                let rule: WeekRule = Bool.random(using: &g) ? .iso : .us
                let moved = try agenda.move(id: id, to: granularity, containing: g.date(years: 2023...2023), weekRule: rule)
                #expect(moved.period.granularity == granularity && moved.visibleIn.contains(granularity))
                model[id] = moved
            }
            if step % 50 == 0 {
                #expect(agenda.count == model.count && agenda == Agenda(model.values))
                for _ in 0..<20 {
                    let list = g.period(years: 2022...2024, longestSpan: 400)
                    #expect(agenda.list(for: list) == bruteForceList(model.values, list), "step \(step): \(list)")
                }
            }
        }
    }

    /// 100,000 items over 40 years; a month, week, day, year and span list
    /// each equal the brute-force scan. (Speed is measured by the benchmarks, not here.)
    @Test func hundredThousandItems() {
        var g = SplitMix64(seed: 100_000)
        let items = (0..<100_000).map { g.item($0, years: 2000...2039) }
        let agenda = Agenda(items)
        #expect(agenda.count == 100_000)
        for list in ["2023-11", "2023-W48", "2023-11-13", "2023", "2023-11-13/P7D", "2023-W48@SU1", "2039-12", "2000-01-01/P400D"] {
            let p = try! Period(parsing: list)
            let got = agenda.list(for: p)
            #expect(got == bruteForceList(items, p), "\(list)")
            #expect(!got.isEmpty)
        }
    }
}
