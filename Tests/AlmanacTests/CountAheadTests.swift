import AlmanacTestSupport
import Testing
@testable import Almanac

/// COUNT with a window far from DTSTART: every instance before the window
/// counts (RFC 5545 3.3.10), so the expander cannot seek, but it counts
/// whole frames and whole days of instances instead of producing them
/// (Sources/Almanac/Expansion/SubDailyTables+CountAhead.swift). The answer must be the
/// full expansion filtered to the window; the work must not be the walk.
@Suite struct CountAheadTests {
    static let zones = ["America/New_York", "Australia/Lord_Howe", "America/St_Johns", "Europe/Dublin", "Pacific/Apia", "Asia/Kathmandu"]

    /// A generated rule with COUNT: every frequency, day limits, time
    /// filters and expansions, BYSETPOS, INTERVALs that do and do not divide a day.
    static func rule(_ g: inout SplitMix64) -> String {
        let f = g.pick(RecurrenceRule.Frequency.allCases)
        var parts = ["FREQ=\(f.rawValue)", "INTERVAL=\(g.pick([1, 1, 2, 3, 7, 15, 24, 25, 90, 1439]))"]
        func list(_ r: ClosedRange<Int>, _ n: Int, _ g: inout SplitMix64) -> String {
            Set((0..<n).map { _ in g.int(r) }).sorted().map(String.init).joined(separator: ",")
        }
        if g.chance(0.3) { parts.append("BYMONTH=" + list(1...12, g.int(1...4), &g)) }
        if g.chance(0.2) { parts.append("BYMONTHDAY=" + list(1...31, g.int(1...3), &g)) }
        if g.chance(0.3) { parts.append("BYDAY=" + Array(Set((0..<g.int(1...3)).map { _ in g.pick(["MO", "TU", "WE", "TH", "FR", "SA", "SU"]) })).sorted().joined(separator: ",")) }
        if g.chance(0.4) { parts.append("BYHOUR=" + list(0...23, g.int(1...6), &g)) }
        if g.chance(0.4) { parts.append("BYMINUTE=" + list(0...59, g.int(1...6), &g)) }
        if g.chance(0.3) { parts.append("BYSECOND=" + list(0...59, g.int(1...4), &g)) }
        if g.chance(0.1) { parts.append("BYSETPOS=" + g.pick(["1", "-1", "2", "1,-1"])) }
        parts.append("COUNT=\(g.pick([100, 700, 3000]))")
        return parts.joined(separator: ";")
    }

    @Test func farWindowEqualsTheFullExpansionFiltered() throws {
        var g = SplitMix64(seed: 0xC0_0A7)
        var compared = 0
        for _ in 0..<250 {
            let text = Self.rule(&g)
            let civil = try CivilDate(g.int(1990...2030), g.int(1...12), g.int(1...28)).at(g.int(0...23), g.int(0...59), g.int(0...59))
            let start: Anchor = g.chance(0.3) ? .floating(civil) : .zoned(civil, try Zone(g.pick(Self.zones)))
            compared += try Self.compareFarWindows(text, from: start)
        }
        #expect(compared >= 300)
    }

    /// Windows from a late instance (far from DTSTART) to the end of time
    /// against the full expansion (3,001 instances at most); the number of
    /// windows compared (none when the rule has 10 instances or fewer).
    static func compareFarWindows(_ text: String, from start: Anchor) throws -> Int {
        let set = RecurrenceSet(start: start, rules: [try RecurrenceRule(text, mode: .lenient)])
        let all = try set.occurrences().first(3001)
        guard all.count > 10 else { return 0 }
        for index in [all.count / 2, all.count - 2] {
            let windowed = try set.occurrences(in: all[index].timestamp..<Timestamp(secondsSinceEpoch: Int64.max)).first(3001)
            #expect(windowed == Array(all[index...]), "\(text) from \(start), window from instance \(index)")
        }
        return 2
    }

    /// BYSETPOS frames that are not aligned on the wall clock's units: a
    /// DTSTART before an offset change by part of an hour or minute (Lord
    /// Howe's half-hour daylight time, the end of local mean time), so that
    /// later frames start at hh:30 or hh:mm:ss. Their candidates fall in two
    /// hours or two days; count-ahead evaluates them by phase
    /// (SubDailyTables+UnalignedFrames.swift). The far window must give the full expansion.
    @Test func unalignedSetPosFramesEqualTheFullExpansion() throws {
        var g = SplitMix64(seed: 0x0A_1167)
        let starts: [(String, ClosedRange<Int>)] = [
            ("Australia/Lord_Howe", 1985...2030), ("Asia/Kathmandu", 1984...1986), ("America/New_York", 1882...1883),
            ("Europe/Dublin", 1915...1916), ("Africa/Monrovia", 1971...1972), ("Europe/Amsterdam", 1936...1937),
        ]
        var compared = 0
        for _ in 0..<200 {
            var parts = Self.rule(&g).split(separator: ";").map(String.init).filter { !$0.hasPrefix("FREQ=") && !$0.hasPrefix("BYSETPOS=") && !$0.hasPrefix("INTERVAL=") }
            parts.insert("FREQ=\(g.pick(["HOURLY", "HOURLY", "MINUTELY"]))", at: 0)
            parts.append("INTERVAL=\(g.pick([1, 1, 2, 5, 7]))")
            parts.append("BYSETPOS=" + g.pick(["1", "-1", "2", "1,-1", "-2,3"]))
            if !parts.contains(where: { $0.hasPrefix("BYMINUTE=") }) { parts.append("BYMINUTE=" + g.pick(["0,45", "10,50", "5,20,35", "29,31"])) }
            let text = parts.joined(separator: ";")
            let (zone, years) = g.pick(starts)
            let civil = try CivilDate(g.int(years), g.int(1...12), g.int(1...28)).at(g.int(0...23), g.int(0...59), g.int(0...59))
            compared += try Self.compareFarWindows(text, from: .zoned(civil, try Zone(zone)))
        }
        #expect(compared >= 150)
    }

    /// With a COUNT the series never reaches, a far window holds what the
    /// same rule without COUNT gives there: two independent paths (counting
    /// every instance before the window, and seeking to it).
    @Test func countNotReachedAgreesWithTheSeek() throws {
        var g = SplitMix64(seed: 0x5EE_C0)
        var compared = 0
        for _ in 0..<120 {
            var text = Self.rule(&g)
            text = text.split(separator: ";").filter { !$0.hasPrefix("COUNT=") }.joined(separator: ";")
            let plain = try RecurrenceRule(text, mode: .lenient)
            var counted = plain
            counted.count = Int.max
            let civil = try CivilDate(g.int(1970...2000), g.int(1...12), g.int(1...28)).at(g.int(0...23), g.int(0...59), g.int(0...59))
            let start: Anchor = g.chance(0.3) ? .floating(civil) : .zoned(civil, try Zone(g.pick(Self.zones)))
            let from = try Timestamp(utc: CivilDate(g.int(2100...9000), g.int(1...12), g.int(1...28)).at(0, 0))
            let window = from..<Timestamp(secondsSinceEpoch: from.secondsSinceEpoch + 400 * 86_400)
            let seek = try plain.occurrences(from: start, in: window).first(50)
            let (count, work) = try counted.occurrences(from: start, in: window).firstWithWork(50)
            #expect(count == seek, "\(counted) from \(start) in \(window)")
            // At most a step per day before the window (never one per instance),
            // one pass over a day's seconds, and the year-shape caches.
            let days = Int(from.secondsSinceEpoch - Timestamp(utc: civil).secondsSinceEpoch) / 86_400
            #expect(work <= days + 86_400 + 56 * 367 + 1000, "\(counted): \(work)")
            if !seek.isEmpty { compared += 1 }
        }
        #expect(compared >= 40)
    }

    /// What fuzzing found: 2^63-1 SECONDLY instances from 1970, a window in
    /// 9999. About 2.5e11 instances come first; they are counted a stretch of
    /// whole days at a time (plus one pass over the 86,400 seconds of a day
    /// to find the ones the filters pass).
    @Test func countsInsteadOfWalking() throws {
        // Bounds: the 86,400 seconds of a day once, plus per year (day limits)
        // or per zone transition (about 16,000 up to 9999 in New York and
        // Dublin) a few steps. Walking would cost one step per instance:
        // 2.5e11, 1.4e7, 4.2e9 and 1.2e7.
        let cases: [(String, Anchor, String, Int)] = [
            try ("FREQ=SECONDLY;COUNT=\(Int.max)", .utc(CivilDate(1970, 1, 1).at(0, 0)), "9999-01-01T00:00:00Z", 86_400 + 100),
            try ("FREQ=MINUTELY;INTERVAL=24;BYMONTH=9;COUNT=1000000000", .utc(CivilDate(1970, 1, 1).at(0, 0)), "9999-09-01T00:00:00Z", 86_400 + 4 * 8_030 + 56 * 367),
            try ("FREQ=SECONDLY;BYMINUTE=5;COUNT=\(Int.max)", .zoned(CivilDate(1970, 1, 1).at(0, 0), try Zone("America/New_York")), "9998-12-31T19:05:00-05:00", 86_400 + 10 * 16_100),
            try ("FREQ=SECONDLY;BYMINUTE=0;BYSETPOS=1;COUNT=\(Int.max)", .utc(CivilDate(1970, 1, 1).at(0, 0)), "9999-01-01T00:00:00Z", 86_400 + 100),
            try ("FREQ=MINUTELY;BYHOUR=9;BYSECOND=0,30;BYSETPOS=-1;COUNT=\(Int.max)", .zoned(CivilDate(1970, 1, 1).at(9, 0), try Zone("America/New_York")), "9999-01-01T09:00:30-05:00", 86_400 + 10 * 16_100),
            try ("FREQ=DAILY;BYHOUR=0,6,12,18;COUNT=\(Int.max)", .zoned(CivilDate(1970, 1, 1).at(0, 0), try Zone("Europe/Dublin")), "9999-01-01T00:00:00+00:00", 10 * 16_100),
            // Fuzz finding 12: hourly frames from local mean time (+5:41:16)
            // start at hh:58:21 under +5:45; walking them is 71 million frames.
            try ("FREQ=HOURLY;BYMINUTE=8,11,38;BYSETPOS=-303,1;COUNT=\(Int.max)", .zoned(CivilDate(1900, 9, 24).at(5, 54, 37), try Zone("Asia/Kathmandu")), "9999-01-01T06:12:21+05:45", 86_400 + 1000),
            // Half-hour daylight time, BYHOUR and a day limit: phases, then a step per passing day.
            try ("FREQ=HOURLY;BYDAY=MO;BYHOUR=0,23;BYMINUTE=0,45;BYSETPOS=1;COUNT=\(Int.max)", .zoned(CivilDate(1990, 7, 1).at(9, 0), try Zone("Australia/Lord_Howe")), "9999-01-04T00:15:00+11:00", 86_400 + 10 * 16_100 + 56 * 367 + 8_010 * 53),
            // A step whose times of day repeat every 773 days, longer than a
            // daylight-saving span: floor sums per span, not a step per day.
            try ("FREQ=SECONDLY;INTERVAL=20871;BYHOUR=0;BYMINUTE=0,15,16,35;COUNT=\(Int.max)", .zoned(CivilDate(2061, 12, 4).at(10, 50, 11), try Zone("America/New_York")), "9999-02-19T00:35:29-05:00", 86_400 + 10 * 16_100),
        ]
        let window = try Timestamp(utc: CivilDate(9999, 1, 1).at(0, 0))..<Timestamp(secondsSinceEpoch: .max)
        for (text, start, first, bound) in cases {
            let (got, work) = try RecurrenceRule(text).occurrences(from: start, in: window).firstWithWork(1)
            #expect(got.map(\.description) == [first], "\(text)")
            #expect(work <= bound, "\(text): \(work)")
        }
    }

    /// UNTIL 9999-12-31 on a zoned DTSTART is the key Int64.max (there is no
    /// next day to start), and a window may start anywhere in Int64: counting
    /// whole DAILY frames east of UTC added the offset to them and trapped
    /// (fuzz finding 9, Tools/fuzz/regressions/README.md). COUNT and UNTIL
    /// together are lenient input.
    @Test func boundsAtTheEndOfInt64EastOfUTC() throws {
        let rule = try RecurrenceRule("FREQ=DAILY;UNTIL=99991231;COUNT=111", mode: .lenient)
        let start = try Anchor.zoned(CivilDate(2061, 10, 6).at(12, 43, 20), try Zone("Europe/Berlin"))
        let all = Array(try rule.occurrences(from: start))
        #expect(all.count == 111)
        let windows = [
            try Timestamp(utc: CivilDate(2062, 1, 20).at(0, 0))..<Timestamp(secondsSinceEpoch: .max),
            try Timestamp(utc: CivilDate(9999, 12, 31).at(14, 53, 51))..<Timestamp(secondsSinceEpoch: .max),
            Timestamp(secondsSinceEpoch: .max - 1)..<Timestamp(secondsSinceEpoch: .max),
        ]
        for w in windows {
            #expect(Array(try rule.occurrences(from: start, in: w)) == all.filter { w.contains($0.timestamp) }, "\(w)")
        }
    }
}
