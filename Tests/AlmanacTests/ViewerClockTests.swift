import AlmanacTestSupport
import Testing
@testable import Almanac

/// `ViewerClock.day(of:)` answers from one table search away from
/// transitions; it must give the day of its definition everywhere: the `d`
/// with `startOfDay(d) <= t < startOfDay(d + 1)`.
@Suite struct ViewerClockTests {
    static let zones = ["America/New_York", "Europe/Berlin", "Australia/Lord_Howe", "Pacific/Apia", "Pacific/Kwajalein",
                        "Pacific/Chatham", "Pacific/Kiritimati", "America/Sitka", "Africa/Casablanca", "America/St_Johns",
                        "Asia/Tokyo", "UTC", "America/Santiago", "Antarctica/Troll"]

    static func definitionDay(_ clock: ViewerClock, _ t: Int64) -> Int? {
        let base = Int((t + 50_400) / 86_400)
        return (base - 3...base + 3).first { clock.startOfDay($0) <= t && t < clock.startOfDay($0 + 1) }
    }

    @Test(arguments: zones) func dayOfMatchesItsDefinition(zone id: String) throws {
        let zone = try Zone(id)
        let clock = ViewerClock(zone)
        var instants: [Int64] = []
        let from = try Timestamp(utc: CivilDate(1850, 1, 1).at(0, 0)), to = try Timestamp(utc: CivilDate(2600, 1, 1).at(0, 0))
        for tr in zone.transitions(from: from, to: to).prefix(400) {
            let x = tr.instant.secondsSinceEpoch
            for d in [-3 * 86_400, -2 * 86_400 - 1, -2 * 86_400, -86_400, -3_600, -1, 0, 1, 3_600, 86_400, 2 * 86_400, 2 * 86_400 + 1, 3 * 86_400] as [Int64] {
                instants.append(x + d)
            }
        }
        var rng = SplitMix64(seed: 0xC10C)
        for _ in 0..<2_000 { instants.append(from.secondsSinceEpoch + Int64(rng.next() % UInt64(to.secondsSinceEpoch - from.secondsSinceEpoch))) }
        var checked = 0
        for t in instants {
            guard let want = Self.definitionDay(clock, t) else { continue }
            #expect(clock.day(of: t) == want, "\(id): instant \(t)")
            checked += 1
        }
        #expect(checked > 1_000)
    }
}
