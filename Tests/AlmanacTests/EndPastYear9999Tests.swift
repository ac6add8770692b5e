import Testing
@testable import Almanac

/// An instance whose end falls past 32767-12-31T23:59:59, the last second
/// a `CivilDateTime` holds (a DURATION of 999,912,311 days, as a fuzzed
/// calendar had), ends there, in every value form (README, Limits:
/// Calendar). Its end used to wrap to year 5776 for UTC and zoned series
/// and to trap on the range of wall clocks or dates. A zoned end stops at
/// 32767-12-31T05:59:59Z, which every offset up to +18:00 shows in year
/// 32767: at 23:59:59Z, Tokyo's clock showed year -32768 (fuzz-ics finding
/// 25). (An end in year 10000 is kept as its clock reads: FuzzRegressionTests.)
@Suite struct EndPastYear9999Tests {
    static let last = CivilDate(_unchecked: 32767, 12, 31)
    static let starts: [Anchor] = [
        .utc(try! CivilDate(2024, 3, 9).at(12, 0)),
        .floating(try! CivilDate(2024, 3, 9).at(12, 0)),
        .date(try! CivilDate(2024, 3, 9)),
    ]

    static let zones = ["America/New_York", "Asia/Tokyo", "Pacific/Kiritimati", "Etc/GMT+12"]

    @Test(arguments: 0..<(3 + zones.count))
    func endsAtTheLastSecondACivilDateTimeHolds(_ which: Int) throws {
        let zone = which < 3 ? nil : try Zone(Self.zones[which - 3])
        let start = try zone.map { try .zoned(CivilDate(2024, 3, 9).at(12, 0), $0) } ?? Self.starts[which]
        for length in [EventDuration(days: 999_912_311), EventDuration(seconds: Int(Int32.max) * 1_000)] {
            let set = RecurrenceSet(start: start, length: .duration(length))
            let o = try #require(try set.occurrences().first(1).first)
            switch o.extent {
            case .instants(let r, _):
                let hour = zone == nil ? 23 : 5
                #expect(try r.upperBound == Timestamp(utc: Self.last.at(hour, 59, 59)), "\(start): \(r)")
                if let zone {
                    // Past 9999 `Zone.civil(at:)` answers nil: the clock as the JSON writer reads it.
                    let t = r.upperBound.secondsSinceEpoch + Int64(zone.offset(at: r.upperBound).seconds)
                    let shown = CivilDateTime(_localSeconds: Int(t))
                    #expect(shown.date.year == 32767 && shown > o.start, "\(start): ends \(shown)")
                }
            case .wallClock(let r):
                #expect(try r.upperBound == Self.last.at(23, 59, 59), "\(start): \(r)")
            case .dates(let r):
                #expect(r.upperBound == Self.last, "\(start): \(r)")
            }
            #expect(try o.instants(in: .utc).upperBound <= Timestamp(utc: Self.last.at(23, 59, 59)))
        }
    }
}
