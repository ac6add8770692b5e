import Testing
@testable import Almanac

/// An instance whose end falls past 32767-12-31T23:59:59, the last second
/// a `CivilDateTime` holds (a DURATION of 999,912,311 days, as a fuzzed
/// calendar had), ends there, in every value form (README, Limits:
/// Calendar). Its end used to wrap to year 5776 for UTC and zoned series
/// and to trap on the range of wall clocks or dates. (An end in year 10000
/// is kept as its clock reads: FuzzRegressionTests.)
@Suite struct EndPastYear9999Tests {
    static let last = CivilDate(_unchecked: 32767, 12, 31)
    static let starts: [Anchor] = [
        .utc(CivilDate(2024, 3, 9)!.at(12, 0)),
        .floating(CivilDate(2024, 3, 9)!.at(12, 0)),
        .date(CivilDate(2024, 3, 9)!),
    ]

    @Test(arguments: [0, 1, 2, 3])
    func endsAtTheLastSecondACivilDateTimeHolds(_ which: Int) throws {
        let start = which < 3 ? Self.starts[which] : .zoned(CivilDate(2024, 3, 9)!.at(12, 0), try Zone("America/New_York"))
        for length in [EventDuration(days: 999_912_311), EventDuration(seconds: Int(Int32.max) * 1_000)] {
            let set = RecurrenceSet(start: start, length: .duration(length))
            let o = try #require(try set.occurrences().first(1).first)
            switch o.extent {
            case .instants(let r, _):
                #expect(r.upperBound == Timestamp(utc: Self.last.at(23, 59, 59)), "\(start): \(r)")
            case .wallClock(let r):
                #expect(r.upperBound == Self.last.at(23, 59, 59), "\(start): \(r)")
            case .dates(let r):
                #expect(r.upperBound == Self.last, "\(start): \(r)")
            }
            #expect(o.instants(in: .utc).upperBound <= Timestamp(utc: Self.last.at(23, 59, 59)))
        }
    }
}
