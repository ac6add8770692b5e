import Testing
@testable import AlmanacCore

/// Hinnant's kernels against an independent day-by-day counter over the whole
/// supported range (0001-01-01 ... 9999-12-31), and against known anchors.
@Suite struct EpochDaysTests {
    @Test func roundTripsEveryDayOfTheSupportedRange() {
        var (y, m, d) = (1, 1, 1)
        var mismatches: [Int] = []
        var weekday = 1   // 0001-01-01 was a Monday (proleptic Gregorian)
        for days in _minDayNumber..._maxDayNumber {
            let c = civilFromDays(days)
            if c != (y, m, d) || daysFromCivil(y, m, d) != days || isoWeekday(ofDays: days) != weekday {
                mismatches.append(days)
                if mismatches.count > 10 { break }
            }
            weekday = weekday == 7 ? 1 : weekday + 1
            if d < _daysInMonth(y, m) { d += 1 } else if m < 12 { (m, d) = (m + 1, 1) } else { (y, m, d) = (y + 1, 1, 1) }
        }
        #expect(mismatches.isEmpty, "first mismatching day numbers: \(mismatches)")
        #expect((y, m, d) == (10000, 1, 1))
    }

    @Test(arguments: [
        (1970, 1, 1, 0, 4), (2000, 3, 1, 11_017, 3), (1582, 10, 15, -141_427, 5), (1582, 10, 4, -141_438, 1),
        (2023, 11, 13, 19_674, 1), (9999, 12, 31, 2_932_896, 5), (1, 1, 1, -719_162, 1),
    ])
    func knownDays(_ y: Int, _ m: Int, _ d: Int, _ days: Int, _ weekday: Int) {
        #expect(daysFromCivil(y, m, d) == days)
        #expect(isoWeekday(ofDays: days) == weekday)
    }

    @Test func leapYearsAndMonthLengths() {
        #expect(_isLeapYear(2000) && _isLeapYear(2024) && !_isLeapYear(1900) && !_isLeapYear(2023))
        #expect((1...12).map { _daysInMonth(2023, $0) } == [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31])
        #expect(_daysInMonth(2024, 2) == 29)
    }

    @Test func isoWeeks() throws {
        // ISO 8601: 2024-12-30 is in week 1 of 2025; 2021-01-03 in week 53 of 2020.
        #expect(try CivilDate(2024, 12, 30).isoWeek == ISOWeek(year: 2025, week: 1))
        #expect(try CivilDate(2021, 1, 3).isoWeek == ISOWeek(year: 2020, week: 53))
        #expect(try CivilDate(2023, 11, 27).isoWeek == ISOWeek(year: 2023, week: 48))
        #expect(try ISOWeek(year: 2023, week: 48).firstDay == (try? CivilDate(2023, 11, 27)))
        #expect(ISOWeek.weeksInYear(2020) == 53 && ISOWeek.weeksInYear(2023) == 52)
    }

    @Test func validationMessages() throws {
        #expect((try? CivilDate(2023, 2, 29)) == nil)
        #expect(throws: AlmanacError(.invalidValue, "invalid date 2023-02-29: 2023 is not a leap year")) { try CivilDate(2023, 2, 29) }
        #expect(throws: AlmanacError(.outOfRange, "year 10000 is not in the supported range 1...9999")) { try CivilDate(10000, 1, 1) }
    }

    @Test func offsetsFormat() throws {
        #expect(try Offset(hours: -4).description == "-04:00")
        #expect(try Offset(hours: 5, minutes: 30).description == "+05:30")
        #expect(try Offset(seconds: -17762).description == "-04:56:02")
        #expect(Offset.zero.description == "+00:00")
    }
}
