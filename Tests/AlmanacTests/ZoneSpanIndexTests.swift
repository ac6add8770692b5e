import AlmanacTestSupport
import Testing
@testable import Almanac

/// `ZoneTable.spanIndex` starts from a count kept every 2^23 seconds (about
/// 97 days) and steps to its answer: checked against a count of the
/// transitions at or before each instant, at and around every transition
/// and at instants spread over the table and beyond it.
@Suite struct ZoneSpanIndexTests {
    @Test(arguments: ["America/New_York", "Europe/Dublin", "Pacific/Apia", "Asia/Kathmandu", "Australia/Lord_Howe", "UTC"])
    func startsAndStepsGiveTheCountOfEarlierTransitions(_ id: String) throws {
        let table = try Zone(id).table
        let transitions = table.transitions
        // The reference: a plain binary search for the first transition after `t`.
        func count(_ t: Int64) -> Int {
            var lo = 0, hi = transitions.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if transitions[mid] > t { hi = mid } else { lo = mid + 1 }
            }
            return lo
        }
        var instants: [Int64] = [Int64.min, -1 << 40, 0, 1 << 40, Int64.max]
        for t in transitions { instants += [t - 1, t, t + 1] }
        if let first = transitions.first, let last = transitions.last {
            var g = SplitMix64(seed: 0x5A_11)
            for _ in 0..<5_000 { instants.append(Int64.random(in: first - 86_400_000...last + 86_400_000, using: &g)) }
        }
        for t in instants { #expect(table.spanIndex(t) == count(t), "\(id) at \(t)") }
        // The starts are there (and small) for every zone with transitions.
        #expect(transitions.isEmpty == table.spanStarts.isEmpty)
        #expect(table.spanStarts.count <= 65_536)
    }
}
