import Testing
import AlmanacCore

/// `CivilTime(secondsSinceMidnight:)` against the field initializer, for
/// every second of a day, and its refusals just outside the day.
@Suite struct CivilTimeTests {
    @Test func secondsSinceMidnightGiveTheTimeOfEverySecond() {
        var mismatches: [String] = []
        for h in 0..<24 {
            for m in 0..<60 {
                for s in 0..<60 {
                    let seconds = h * 3600 + m * 60 + s
                    let t = CivilTime(secondsSinceMidnight: seconds)
                    if t != (try? CivilTime(h, m, s)) || t?.secondsSinceMidnight != seconds {
                        mismatches.append("\(seconds) → \(String(describing: t))")
                        if mismatches.count > 10 { break }
                    }
                }
            }
        }
        #expect(mismatches.isEmpty, "first mismatches: \(mismatches)")
    }

    @Test(arguments: [-86_400, -1, 86_400, 86_401, Int.min, Int.max])
    func secondsOutsideTheDayGiveNil(_ seconds: Int) {
        #expect(CivilTime(secondsSinceMidnight: seconds) == nil)
    }

    @Test func knownTimes() {
        #expect(CivilTime(secondsSinceMidnight: 34_200)?.description == "09:30:00")
        #expect(CivilTime(secondsSinceMidnight: 0) == .midnight)
        #expect(CivilTime(secondsSinceMidnight: 86_399)?.description == "23:59:59")
    }
}
