import Testing
@testable import AlmanacCore

@Suite struct EpochDaysTests {
    @Test func roundTripsEveryDayOfTheSupportedRange() {
        var expected = (year: 1, month: 1, day: 1)
        for days in _minDayNumber..._maxDayNumber {
            let c = _civilFromDays(days)
            #expect(c == expected, "day \(days)")
            #expect(_daysFromCivil(c.year, c.month, c.day) == days)
            // advance the independent counter
            if expected.day < _daysInMonth(expected.year, expected.month) { expected.day += 1 }
            else if expected.month < 12 { expected = (expected.year, expected.month + 1, 1) }
            else { expected = (expected.year + 1, 1, 1) }
            if c != (expected.year, expected.month, expected.day) && days == _maxDayNumber { break }
        }
    }
}
