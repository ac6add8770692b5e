import AlmanacTestSupport
import Testing
@testable import Almanac

/// The floor sums that count and find the steps of a sub-daily rule whose
/// time of day the filters pass (TimeOfDayProgression.swift), against
/// counting the steps one by one.
@Suite struct TimeOfDayProgressionTests {
    @Test func floorSumEqualsTheSum() {
        var g = SplitMix64(seed: 0xF100_5)
        for _ in 0..<2000 {
            let n = g.int(0...300), m = g.int(1...172_800), a = g.int(0...172_799), b = g.int(0...172_799)
            let direct = (0..<n).reduce(0) { $0 + (a * $1 + b) / m }
            #expect(floorSum(n, m, a, b) == direct, "n \(n) m \(m) a \(a) b \(b)")
        }
    }

    @Test func hitsAndFirstHitEqualTheSteps() {
        var g = SplitMix64(seed: 0x7_0D)
        for _ in 0..<300 {
            let step = Int64(g.pick([1, 7, 60, 97, 3600, 20_871, 45_827, 86_400, 90_000, 1_000_003]))
            let first = Int64(g.int(-10_000_000...10_000_000))
            var runs: [(lo: Int64, hi: Int64)] = []
            var lo = Int64(g.int(0...40_000))
            for _ in 0..<g.int(1...4) where lo < 86_400 {
                let hi = min(86_400, lo + Int64(g.int(1...3_000)))
                runs.append((lo, hi))
                lo = hi + Int64(g.int(1...30_000))
            }
            let p = TimeOfDayProgression(first: first, step: step)
            let n = g.int(0...3_000)
            let passing = (0..<n).filter { i in
                let t = (first + Int64(i) * step) % 86_400
                let s = t < 0 ? t + 86_400 : t
                return runs.contains { s >= $0.lo && s < $0.hi }
            }
            #expect(p.hits(n, in: runs) == passing.count, "first \(first) step \(step) n \(n) \(runs)")
            #expect(p.firstHit(within: n, in: runs) == passing.first, "first \(first) step \(step) n \(n) \(runs)")
        }
    }

    /// `FREQ=SECONDLY;INTERVAL=45827` reaches 00:00:39 once in 86,400 steps
    /// (about 125 years). The walk finds each by floor sums, not by visiting
    /// a frame per day (fuzz: 3 million frames to 9999).
    @Test func sparseTimesOfDayAreFoundNotWalked() throws {
        let rule = try RecurrenceRule("FREQ=SECONDLY;INTERVAL=45827;BYHOUR=0;BYMINUTE=0;BYSECOND=39")
        for start in try [Anchor.floating(CivilDate(2038, 9, 1).at(4, 44)), .zoned(CivilDate(2038, 9, 1).at(4, 44), try Zone("America/New_York"))] {
            let (got, work) = try rule.occurrences(from: start).firstWithWork(100)
            let instances = got.dropFirst()   // DTSTART
            #expect(instances.count > 50, "\(start)")
            #expect(instances.allSatisfy { $0.description.contains("T00:00:39") }, "\(start)")
            let steps = zip(got, got.dropFirst()).map { ($0.1.timestamp.secondsSinceEpoch - $0.0.timestamp.secondsSinceEpoch) }
            #expect(steps.allSatisfy { $0 % 45_827 == 0 }, "\(start)")
            if case .floating = start {
                // Under one offset, 00:00:39 comes round every 86,400 steps exactly, up to 9999.
                #expect(steps.dropFirst().allSatisfy { $0 == 86_400 * 45_827 })
                let end = try Timestamp(utc: CivilDate(9999, 12, 31).at(23, 59, 59)).secondsSinceEpoch
                #expect(end - got.last!.timestamp.secondsSinceEpoch < 86_400 * 45_827)
            }
            // 86,400 to find the passing seconds, then per instance (floating)
            // or per zone span (New York: two a year) a search.
            #expect(work <= 86_400 + 30 * 16_100, "\(start): \(work)")
        }
    }
}
