import Testing
@testable import Almanac

/// `ScaleYear` keeps a year in one cache line (month starts as offsets,
/// numbers in nibbles, leap flags in bits) and finds months with a vector
/// comparison and a guess: each lookup checked here against a plain scan of
/// the months it was made from.
@Suite struct ScaleYearTests {
    /// Months of `lengths` from day `first`, numbered as given.
    static func months(first: Int32, _ spec: [(length: UInt8, number: UInt8, leap: Bool)]) -> [ScaleMonth] {
        var day = first
        return spec.map { m in
            defer { day += Int32(m.length) }
            return ScaleMonth(first: day, length: m.length, number: m.number, isLeap: m.leap)
        }
    }

    static let shapes: [[(length: UInt8, number: UInt8, leap: Bool)]] = [
        // A Hebrew leap year: Adar I (5L) after Shevat (5).
        [(30, 1, false), (29, 2, false), (30, 3, false), (29, 4, false), (30, 5, false), (30, 5, true),
         (29, 6, false), (30, 7, false), (29, 8, false), (30, 9, false), (29, 10, false), (30, 11, false), (29, 12, false)],
        // A Chinese year with a leap 12th month (12L last).
        (1...12).map { (UInt8(29 + $0 % 2), UInt8($0), false) } + [(30, 12, true)],
        // Ethiopic: 12 months of 30 days and a 13th of 6.
        (1...12).map { (30, UInt8($0), false) } + [(6, 13, false)],
        // Months out of the usual order (no calendar ICU has): the scan path.
        [(31, 3, false), (30, 1, false), (31, 2, false), (29, 2, true)],
    ]

    @Test(arguments: 0..<4)
    func lookupsAgreeWithAScanOfTheMonths(_ shape: Int) {
        let months = Self.months(first: 19_000, Self.shapes[shape])
        let y = ScaleYear(number: 5_785, months: months)
        #expect(y.number == 5_785)
        #expect(y.first == 19_000)
        #expect(y.monthCount == months.count)
        #expect(y.length == months.reduce(0) { $0 + Int($1.length) })
        for (i, m) in months.enumerated() { #expect(y[i] == m, "month \(i)") }
        for day in (y.first - 3)..<(y.first + y.length + 3) {
            let scan = months.lastIndex { Int($0.first) <= day } ?? 0
            #expect(y.index(ofDay: day) == scan, "day \(day)")
        }
        for number in 0...14 {
            for leap in [false, true] {
                let scan = months.firstIndex { Int($0.number) == number && $0.isLeap == leap }
                #expect(y.index(ofMonth: number, leap: leap) == scan, "month \(number)\(leap ? "L" : "")")
            }
        }
    }
}
