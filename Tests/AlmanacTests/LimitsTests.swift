import AlmanacFoundation
import Foundation
import Testing
@testable import Almanac

/// Limits and hostile input through the library API (the
/// batch protocol's side is AlmanacRequestsTests/HostileInputTests.swift, the
/// summary README.md, "Limits").
///
/// Costs are bounded in the expander's own work (frames, steps, days and
/// years visited: `RecurrenceSet.Occurrences.Iterator.work`), which does not
/// depend on the machine; speed itself is measured by the benchmark package.
/// `Self.prompt` is the bound for "ends promptly": one 400-year cycle of days.
@Suite struct LimitsTests {
    static let start = try! Anchor.utc(CivilDate(1997, 9, 2).at(9, 0))
    static let frequencies = RecurrenceRule.Frequency.allCases
    /// 146,097 days, the Gregorian cycle: at most this much work to decide
    /// that a rule is done (DAILY walks it; the others need far less).
    static let prompt = 146_097 + 2_000

    // MARK: INTERVAL and COUNT up to 2^63-1

    /// INTERVAL=2^63-1 parses, and every frequency expands it without an
    /// overflow trap: the next frame is past year 9999, so DTSTART is the
    /// only instance, also in a window far from DTSTART. Smaller huge
    /// INTERVALs (2^32, 146097, a 400-year cycle of seconds plus one) give
    /// exactly the instances that stepping the fields gives, alone and with
    /// COUNT=2^63-1 and BYMONTH and BYHOUR.
    @Test(arguments: frequencies)
    func hugeInterval(_ f: RecurrenceRule.Frequency) throws {
        let utc = Self.start.civil
        for interval in [Int.max, Int.max - 1, 1 << 62, 1 << 32, 146_097, 86_400 * 146_097 + 1] {
            func oracle(filtered: Bool) -> SteppedRuleOracle {
                SteppedRuleOracle(frequency: f, interval: interval, year: utc.date.year, month: utc.date.month, dayOfMonth: utc.date.day,
                                  secondOfDay: utc.time.hour * 3600 + utc.time.minute * 60 + utc.time.second, filtered: filtered)
            }
            let rule = try RecurrenceRule("FREQ=\(f.rawValue);INTERVAL=\(interval)")
            #expect(rule.interval == interval)
            let all = try rule.occurrences(from: Self.start).first(10).map(\.timestamp.secondsSinceEpoch)
            #expect(all == oracle(filtered: false).instances(limit: 10), "INTERVAL=\(interval)")
            if interval >= 1 << 40 { #expect(all == [Timestamp(utc: utc).secondsSinceEpoch], "INTERVAL=\(interval)") }
            let far = try Timestamp(utc: CivilDate(5000, 1, 1).at(0, 0))..<Timestamp.max
            let inFar = try rule.occurrences(from: Self.start, in: far).first(3).map(\.timestamp.secondsSinceEpoch)
            #expect(inFar == oracle(filtered: false).instances(from: far.lowerBound.secondsSinceEpoch, limit: 3), "INTERVAL=\(interval)")
            // With COUNT too, and with every BYxxx part a frequency allows.
            let counted = try RecurrenceRule("FREQ=\(f.rawValue);INTERVAL=\(interval);COUNT=\(Int.max);BYMONTH=1,12;BYHOUR=0,23")
            let countedAll = try counted.occurrences(from: Self.start).first(10).map(\.timestamp.secondsSinceEpoch)
            #expect(countedAll == oracle(filtered: true).instances(limit: 10), "INTERVAL=\(interval)")
        }
    }

    /// COUNT=2^63-1 parses and expands lazily: taking the first thousand
    /// instances costs a thousand instances.
    @Test(arguments: frequencies)
    func hugeCount(_ f: RecurrenceRule.Frequency) throws {
        let rule = try RecurrenceRule("FREQ=\(f.rawValue);COUNT=\(Int.max)")
        #expect(rule.count == Int.max)
        let (first, work) = try rule.occurrences(from: Self.start).firstWithWork(1000)
        #expect(first.count == 1000)
        #expect(zip(first, first.dropFirst()).allSatisfy { $0.timestamp < $1.timestamp })
        #expect(work <= 1000 + 2, "\(work)")
        // A window a day later: COUNT forbids seeking (instances are counted
        // from DTSTART), so the walk costs the distance, and the window's end stops it.
        let dayLater = Self.start.key + 86_400
        let (late, lateWork) = try rule.occurrences(from: Self.start, in: dayLater..<(dayLater + 3600)).firstWithWork(10)
        #expect(late.allSatisfy { $0.timestamp >= dayLater })
        #expect(lateWork <= 86_400 / 3600 * 3600 + 4000, "\(lateWork)")
    }

    /// Past 2^63-1 is an out-of-range error, not a trap or a wrap-around.
    @Test func pastInt64MaxIsOutOfRange() throws {
        for text in ["FREQ=DAILY;COUNT=9223372036854775808", "FREQ=DAILY;INTERVAL=9223372036854775808",
                     "FREQ=DAILY;COUNT=99999999999999999999999999999999", "FREQ=DAILY;INTERVAL=18446744073709551616"] {
            for mode in [RecurrenceRule.ParsingMode.strict, .lenient] {
                #expect {
                    try RecurrenceRule(text, mode: mode)
                } throws: { error in
                    (error as? AlmanacError)?.kind == .outOfRange
                }
            }
        }
    }

    // MARK: long lists, repeated values, long rules

    static let allSetPos = (1...366).map(String.init) + (-366 ... -1).map(String.init)
    static func list(_ values: some Sequence<Int>) -> String { values.map(String.init).joined(separator: ",") }

    /// BYxxx lists with every value of their range (hundreds to thousands of
    /// values) parse, expand fast, and mean what they say: every day, every
    /// second.
    @Test func listsWithEveryValue() throws {
        let day = 86_400 as Int64
        let cases: [(String, Int64)] = [
            ("FREQ=YEARLY;BYYEARDAY=\(Self.list(1...366)),\(Self.list(-366 ... -1))", day),
            ("FREQ=YEARLY;BYYEARDAY=\(Self.list(1...366));BYSETPOS=\(Self.allSetPos.joined(separator: ","))", day),
            ("FREQ=MONTHLY;BYMONTHDAY=\(Self.list(1...31)),\(Self.list(-31 ... -1));BYSETPOS=\(Self.allSetPos.joined(separator: ","))", day),
            ("FREQ=YEARLY;BYWEEKNO=\(Self.list(1...53)),\(Self.list(-53 ... -1));BYDAY=MO,TU,WE,TH,FR,SA,SU", day),
            ("FREQ=YEARLY;BYDAY=" + (1...53).flatMap { n in ["MO", "TU", "WE", "TH", "FR", "SA", "SU"].flatMap { ["\(n)\($0)", "-\(n)\($0)"] } }.joined(separator: ","), day),
            ("FREQ=YEARLY;BYMONTH=\(Self.list(1...12));BYMONTHDAY=\(Self.list(1...31))", day),
            ("FREQ=DAILY;BYHOUR=\(Self.list(0...23));BYMINUTE=\(Self.list(0...59));BYSECOND=\(Self.list(0...60))", 1),
            ("FREQ=HOURLY;BYMINUTE=\(Self.list(0...59));BYSECOND=\(Self.list(0...60))", 1),
            ("FREQ=MINUTELY;BYSECOND=\(Self.list(0...60));BYHOUR=\(Self.list(0...23))", 1),
            ("FREQ=SECONDLY;BYSECOND=\(Self.list(0...60));BYMINUTE=\(Self.list(0...59));BYHOUR=\(Self.list(0...23))", 1),
        ]
        let start = try Anchor.utc(CivilDate(1996, 12, 30).at(0, 0))
        for (text, step) in cases {
            let rule = try RecurrenceRule(text)
            let (occurrences, work) = try rule.occurrences(from: start).firstWithWork(20_000)
            #expect(rule.description.count > 20)
            #expect(occurrences.count == 20_000, "\(text.prefix(60))")
            #expect(zip(occurrences, occurrences.dropFirst()).allSatisfy { $1.timestamp - $0.timestamp == step }, "\(text.prefix(60))")
            #expect(work <= 20_000, "\(text.prefix(60))...: \(work)")
        }
    }

    /// BYSETPOS with all 732 positions over a day of 86,400 candidate times:
    /// index arithmetic, no product built. Positions 1...366 and -366...-1
    /// pick the first and the last 366 seconds of each day.
    @Test func setPosOverEverySecondOfTheDay() throws {
        let text = "FREQ=DAILY;BYHOUR=\(Self.list(0...23));BYMINUTE=\(Self.list(0...59));BYSECOND=\(Self.list(0...59));BYSETPOS=\(Self.allSetPos.joined(separator: ","))"
        let (occurrences, work) = try RecurrenceRule(text).occurrences(from: .utc(CivilDate(2000, 1, 1).at(0, 0))).firstWithWork(732 * 3)
        let secondsOfDay = occurrences.map { $0.start.time.secondsSinceMidnight }
        let oneDay = Array(0..<366) + Array((86_400 - 366)..<86_400)
        #expect(secondsOfDay == oneDay + oneDay + oneDay)
        #expect(work <= 4, "\(work)")
    }

    /// Repeated values are read once (lists are sets), however many.
    @Test func repeatedValues() throws {
        let text = "FREQ=MONTHLY;BYMONTHDAY=" + Array(repeating: "1,-1", count: 5000).joined(separator: ",") + ";BYDAY=" + Array(repeating: "MO,1MO", count: 2000).joined(separator: ",")
        for mode in [RecurrenceRule.ParsingMode.strict, .lenient] {
            let rule = try RecurrenceRule(text, mode: mode)
            #expect(rule.byMonthDay == [-1, 1] && rule.byDay == [.every(.monday), .nth(1, .monday)])
            #expect(rule.description == "FREQ=MONTHLY;BYDAY=MO,1MO;BYMONTHDAY=-1,1")
        }
    }

    /// Rules of ten thousand characters and more: a long valid list, a long
    /// X- value, many X- parts, and junk, each read (or refused with the
    /// column of the fault) in linear time.
    @Test func tenThousandCharacterRules() throws {
        let longList = "FREQ=YEARLY;BYMONTH=1;BYSETPOS=" + Array(repeating: "1,-1,366,-366", count: 800).joined(separator: ",")
        let longX = "FREQ=DAILY;X-PAD=" + String(repeating: "a", count: 10_000)
        let manyParts = "FREQ=DAILY" + (0..<1500).map { ";X-P\($0)=\($0)" }.joined()
        let hundredK = "FREQ=DAILY;X-PAD=" + String(repeating: "b", count: 100_000)
        for text in [longList, longX, manyParts, hundredK] {
            #expect(text.count >= 10_000)
            let rule = try RecurrenceRule(text)
            #expect(try RecurrenceRule(rule.description) == rule)
        }
        // A fault at column 10,001 is reported there.
        let bad = "FREQ=DAILY;X-PAD=" + String(repeating: "a", count: 10_000 - 17) + ";BYDAY=XX"
        #expect {
            try RecurrenceRule(bad)
        } throws: { error in
            guard let e = error as? AlmanacError else { return false }
            return e.kind == .invalidRule && e.column == 10_008
        }
        // Junk: ten thousand characters of anything.
        for junk in [String(repeating: ";", count: 10_000), String(repeating: "=", count: 10_000), String(repeating: "FREQ", count: 2500),
                     String(repeating: "é", count: 10_000), "FREQ=DAILY;BYDAY=" + String(repeating: "MO", count: 5000)] {
            #expect(throws: AlmanacError.self) { try RecurrenceRule(junk) }
        }
    }

    // MARK: dense rules over long windows

    /// A SECONDLY rule over a hundred-year window is lazy: the first
    /// instances cost what they are, and a bounded prefix stays bounded.
    @Test func secondlyOverACentury() throws {
        let rule = try RecurrenceRule("FREQ=SECONDLY")
        let century = Self.start.key..<(Self.start.key + 100 * 366 * 86_400)
        let (first, work) = try rule.occurrences(from: Self.start, in: century).firstWithWork(200_000)
        #expect(first.count == 200_000 && first.last!.timestamp - first.first!.timestamp == 199_999)
        #expect(work <= 200_000, "\(work)")
        // A window at the end of the century seeks there.
        let late = (century.upperBound + -3600)..<century.upperBound
        let (last, lateWork) = try rule.occurrences(from: Self.start, in: late).firstWithWork(10_000)
        #expect(last.count == 3600 && lateWork <= 3600 + 2, "\(lateWork)")
    }

    // MARK: rules that never match

    /// Rules that can never produce an instance after DTSTART end promptly,
    /// for every frequency: DTSTART is the only instance.
    @Test func neverMatchingRulesEndPromptly() throws {
        var rules: [String] = []
        for f in Self.frequencies {
            rules += ["FREQ=\(f.rawValue);BYMONTH=2;BYMONTHDAY=30", "FREQ=\(f.rawValue);BYMONTH=4,6,9,11;BYMONTHDAY=31",
                      "FREQ=\(f.rawValue);BYMONTH=2;BYMONTHDAY=-30"]
        }
        rules += [
            "FREQ=YEARLY;BYYEARDAY=366;BYMONTH=1,2,3,4,5,6,7,8,9,10,11",
            "FREQ=YEARLY;BYYEARDAY=-366;BYMONTH=2,3,4,5,6,7,8,9,10,11,12",
            "FREQ=YEARLY;BYWEEKNO=1;BYMONTH=6",
            "FREQ=YEARLY;BYWEEKNO=53;BYMONTH=6",
            "FREQ=MONTHLY;BYDAY=5FR;BYMONTHDAY=1,2,3,4,5,6,7",
            "FREQ=YEARLY;BYDAY=53MO;BYMONTH=1",
            "FREQ=YEARLY;BYMONTH=2;BYDAY=-5SU;BYMONTHDAY=29,30,31",
            "FREQ=DAILY;BYSECOND=60", "FREQ=WEEKLY;BYSECOND=60", "FREQ=MONTHLY;BYSECOND=60", "FREQ=YEARLY;BYSECOND=60",
            "FREQ=SECONDLY;INTERVAL=2;BYSECOND=1",
            "FREQ=MINUTELY;INTERVAL=2;BYMINUTE=1",
            "FREQ=HOURLY;INTERVAL=2;BYHOUR=10",
            "FREQ=SECONDLY;INTERVAL=3600;BYMINUTE=1",
            "FREQ=DAILY;BYDAY=MO;BYSETPOS=2",
            "FREQ=WEEKLY;BYDAY=MO;BYSETPOS=2",
            "FREQ=MONTHLY;BYMONTHDAY=1;BYSETPOS=-2",
            "FREQ=YEARLY;BYYEARDAY=1;BYSETPOS=366",
            "FREQ=DAILY;INTERVAL=7;BYDAY=WE",
        ]
        for text in rules {
            let rule = try RecurrenceRule(text, mode: .lenient)
            let (occurrences, work) = try rule.occurrences(from: Self.start).firstWithWork(5)
            #expect(occurrences.map(\.timestamp) == [Timestamp(utc: Self.start.civil)], "\(text): \(occurrences)")
            #expect(work <= Self.prompt, "\(text): \(work)")
        }
    }

    /// Sub-daily rules whose BYSETPOS no frame can reach, or whose time
    /// part has no usable value (BYSECOND=60), end at once: the never-match
    /// check knows a frame holds at most one instance per time of the plan
    /// (regression-subdaily-bysetpos-out-of-reach, regression-secondly-bysecond-60;
    /// found again by Tools/fuzz, fuzz-expand). They used to search 20
    /// million frames, 5 to 70 s each in a debug build.
    @Test func subDailyRulesWithNothingToSelectEndPromptly() throws {
        let cases = [
            "FREQ=SECONDLY;BYMINUTE=0;BYSETPOS=2", "FREQ=SECONDLY;BYSETPOS=2",
            "FREQ=MINUTELY;BYSECOND=0;BYSETPOS=2", "FREQ=MINUTELY;BYSECOND=0,30;BYSETPOS=3,-3",
            "FREQ=HOURLY;BYSECOND=0;BYSETPOS=2",
            "FREQ=SECONDLY;BYSECOND=60", "FREQ=MINUTELY;BYSECOND=60", "FREQ=HOURLY;BYSECOND=60",
        ]
        for text in cases {
            let rule = try RecurrenceRule(text, mode: .lenient)
            let (occurrences, work) = try rule.occurrences(from: Self.start).firstWithWork(5)
            #expect(occurrences.count == 1, "\(text)")
            #expect(work <= 2, "\(text): \(work)")
        }
    }

    /// A sub-daily rule with an INTERVAL that gives few steps a day, whose
    /// day limits never pass, used to skip day by day through the 400-year
    /// cycle and end at the search backstop (20 million frames). The day
    /// limits are now sought a year at a time (`DayLimitSeek`): at most one
    /// visit per year up to 9999, plus filling the cache of year shapes.
    @Test func subDailyRulesWithFewStepsADay() throws {
        for text in ["FREQ=MINUTELY;INTERVAL=1439;BYMONTH=2;BYMONTHDAY=30", "FREQ=HOURLY;INTERVAL=23;BYMONTH=2;BYMONTHDAY=30",
                     "FREQ=MINUTELY;INTERVAL=257;BYMONTH=4;BYYEARDAY=60"] {
            let (occurrences, work) = try RecurrenceRule(text).occurrences(from: Self.start).firstWithWork(5)
            #expect(occurrences.count == 1, "\(text)")
            #expect(work <= 8_100 + 56 * 367, "\(text): \(work)")
        }
    }

    /// Sub-daily rules the reachability check cannot settle: a BYMINUTE the
    /// steps reach only through an offset change (Lord Howe's 30 minutes,
    /// local mean time before 1883). They used to search 20 million frames
    /// (5 to 70 s each in a debug build); the search now jumps to the next
    /// zone transition.
    @Test func subDailyRulesThatNeverMatchEndPromptly() throws {
        let lordHowe = try Zone("Australia/Lord_Howe")
        let cases: [(String, Anchor)] = [
            try ("FREQ=MINUTELY;INTERVAL=6;BYMINUTE=37", .zoned(CivilDate(2001, 10, 27).at(16, 30), lordHowe)),
            try ("FREQ=MINUTELY;INTERVAL=2;BYMINUTE=1", .zoned(CivilDate(1800, 1, 1).at(0, 0), try Zone("America/New_York"))),
        ]
        for (text, start) in cases {
            let rule = try RecurrenceRule(text)
            let (occurrences, work) = try rule.occurrences(from: start).firstWithWork(5)
            #expect(occurrences.count == 1, "\(text)")
            #expect(work <= Self.prompt, "\(text): \(work)")
        }
        // The search budget also ends rules that have instances left
        // (regression-subdaily-search-budget-ends-too-early): from 1800, the
        // first wall-clock second :02 comes with EST in 1883.
        let ny = try Zone("America/New_York")
        let late = try RecurrenceRule("FREQ=SECONDLY;INTERVAL=60;BYSECOND=2").occurrences(from: .zoned(CivilDate(1800, 1, 1).at(0, 0), ny)).first(2)
        #expect(late.map(\.description) == ["1800-01-01T00:00:00-04:56:02", "1883-11-18T12:00:02-05:00"])
    }

    /// BYSECOND=60 is kept (the grammar allows it) but never matches: Almanac
    /// has no leap seconds (regression-secondly-bysecond-60: SECONDLY used to
    /// read it as no filter).
    @Test(arguments: frequencies)
    func bySecond60NeverMatches(_ f: RecurrenceRule.Frequency) throws {
        let rule = try RecurrenceRule("FREQ=\(f.rawValue);COUNT=3;BYSECOND=60")
        let occurrences = try rule.occurrences(from: Self.start).first(5)
        #expect(occurrences.map(\.timestamp) == [Timestamp(utc: Self.start.civil)], "\(f): \(occurrences)")
    }

    // MARK: years 1 and 9999

    /// Nothing is produced after 9999-12-31, the last day of Almanac's
    /// calendar; WEEKLY's last week used to run into year 10000
    /// (Corpus/regressions.jsonl, regression-weekly-past-year-9999).
    @Test(arguments: frequencies)
    func nothingAfterYear9999(_ f: RecurrenceRule.Frequency) throws {
        let starts: [Anchor] = try [.utc(CivilDate(9999, 12, 1).at(9, 0)), .floating(CivilDate(9999, 12, 1).at(9, 0))]
            + (f >= .daily ? [.date(try CivilDate(9999, 12, 1))] : [])
        for start in starts {
            let rule = try RecurrenceRule("FREQ=\(f.rawValue);BYDAY=SU;BYHOUR=9;BYMINUTE=0;BYSECOND=0", mode: .lenient)
            let last = try RecurrenceSet(start: start, rules: [rule]).occurrences().reduce(nil as Occurrence?) { _, o in o }
            #expect(try last.map { try $0.start.date <= CivilDate(9999, 12, 31) } ?? false, "\(f) from \(start): \(last.map(String.init(describing:)) ?? "none")")
        }
    }

    static let edgeStarts: [Anchor] = {
        let tokyo = try! Zone("Asia/Tokyo"), la = try! Zone("America/Los_Angeles"), kiritimati = try! Zone("Pacific/Kiritimati")
        let first = try! CivilDate(1, 1, 1), last = try! CivilDate(9999, 12, 31)
        return [
            .date(first), .date(last),
            .floating(try! first.at(0, 0)), try! .floating(last.at(23, 59, 59)), try! .floating(last.at(0, 0)),
            .utc(try! first.at(0, 0)), try! .utc(last.at(23, 59, 59)), try! .utc(last.at(0, 0)),
            .zoned(try! first.at(0, 0), tokyo), try! .zoned(first.at(0, 0), la), try! .zoned(first.at(0, 0), kiritimati),
            .zoned(try! last.at(23, 59, 59), la), try! .zoned(last.at(23, 59, 59), tokyo), try! .zoned(last.at(12, 0), kiritimati),
        ]
    }()

    /// DTSTART on 0001-01-01 and 9999-12-31, every frequency, every value
    /// form (zones east and west of UTC, whose instants fall outside years
    /// 1...9999 in UTC): no trap, instances increasing and inside years
    /// 1...9999, DTSTART first; window queries over all time agree.
    @Test(arguments: frequencies)
    func firstAndLastYears(_ f: RecurrenceRule.Frequency) throws {
        let rules = ["FREQ=\(f.rawValue)", "FREQ=\(f.rawValue);BYSETPOS=-1,1;BYMONTH=1,12", "FREQ=\(f.rawValue);INTERVAL=7;COUNT=20",
                     "FREQ=\(f.rawValue);BYMONTHDAY=-1,1;BYHOUR=0,23", "FREQ=\(f.rawValue);UNTIL=99991231T235959Z"]
            + (f == .yearly ? ["FREQ=YEARLY;BYWEEKNO=-1,1,53;BYDAY=MO,SU", "FREQ=YEARLY;BYYEARDAY=-1,1,366;BYDAY=-1SU,1MO"] : [])
        for start in Self.edgeStarts {
            if case .date = start, f < .daily { continue }
            for text in rules {
                var rule = try RecurrenceRule(text, mode: .lenient)
                if case .date = start { rule.byHour = [] }
                if case .date = start, rule.until != nil { rule.until = try .date(CivilDate(9999, 12, 31)) }
                if case .floating = start, case .utc(let c)? = rule.until { rule.until = .local(c) }
                let set = RecurrenceSet(start: start, rules: [rule])
                let (all, work) = try set.occurrences().firstWithWork(300)
                let context = Comment(rawValue: "\(text) from \(start)")
                // DTSTART first, unless past UNTIL (9999-12-31T23:59:59 in Los Angeles is in year 10000 in UTC).
                if try rule.until == nil || start.key <= Timestamp(utc: CivilDate(9999, 12, 31).at(23, 59, 59)) {
                    #expect(all.first?.recurrenceID.dateTime == start.civil, context)
                }
                #expect(zip(all, all.dropFirst()).allSatisfy { $0.timestamp < $1.timestamp }, context)
                #expect(work <= 300 * 3 + Self.prompt, "\(context): \(work)")
                let everything = try set.occurrences(in: (Timestamp.min + -2 * 86_400)..<(Timestamp.max + 2 * 86_400)).first(300)
                let inCalendar = {
                    #expect(all.allSatisfy { (1...9999).contains($0.start.date.year) && (1...9999).contains($0.recurrenceID.date.year) }, context)
                    #expect(everything == all, context)
                }
                // The last week of 9999 must not spill into 10000 (regression-yearly-byweekno-past-year-9999).
                inCalendar()
            }
        }
    }

    /// A window whose bounds lie far outside years 1...9999, up to
    /// `Int64.min ..< Int64.max`, still means "everything in it": no trap in
    /// the seek, and MONTHLY and YEARLY seek to DTSTART's frame.
    @Test(arguments: frequencies)
    func windowsBeyondTheCalendar(_ f: RecurrenceRule.Frequency) throws {
        let start = try Anchor.zoned(CivilDate(2000, 1, 1).at(0, 0), try Zone("America/New_York"))
        let rule = RecurrenceRule(frequency: f)
        let expected = try rule.occurrences(from: start).first(3)
        for far in [Timestamp(secondsSinceEpoch: Int64.min / 2)..<Timestamp(secondsSinceEpoch: Int64.max / 2),
                    Timestamp(secondsSinceEpoch: .min)..<Timestamp(secondsSinceEpoch: .max)] {
            let got = try rule.occurrences(from: start, in: far).first(3)
            #expect(got == expected, "\(far): \(got)")
        }
    }

    // MARK: every zone

    /// Every zone ICU knows, across its transitions: a DAILY rule at 02:30
    /// over two years and an HOURLY rule around each of its latest
    /// transitions. Invariants: increasing, no instant twice, each day's
    /// 02:30 produced exactly once where it exists (and shifted, or merged
    /// into the instant it shifts onto, where it does not: RFC 5545 section
    /// 3.3.5), HOURLY steps of exactly one hour (elapsed time, DESIGN.md) with
    /// the wall clock of each instant shown.
    @Test func everyZoneAcrossItsTransitions() throws {
        let ids = Zone.knownIdentifiers()
        #expect(ids.count > 400)
        let daily = try RecurrenceRule("FREQ=DAILY;COUNT=731")
        let hourly = try RecurrenceRule("FREQ=HOURLY;COUNT=72")
        let from = try Timestamp(utc: CivilDate(2005, 1, 1).at(0, 0)), to = try Timestamp(utc: CivilDate(2022, 6, 1).at(0, 0))
        var problems: [String] = []
        var transitionsSeen = 0
        do {
            for id in ids {
                let zone = try Zone(id)
                // A daily series through 2019-2020 (or the two years before the zone's latest transition).
                let transitions = zone.transitions(from: from, to: to)
                let year = transitions.last.map { max(2006, $0.instant.utc!.date.year - 1) } ?? 2019
                let first = try CivilDate(year, 1, 1)
                let days = try RecurrenceSet(start: .zoned(first.at(2, 30), zone), rules: [daily]).occurrences().first(800)
                var byDay: [CivilDate: [Occurrence]] = [:]
                for o in days { byDay[o.recurrenceID.date, default: []].append(o) }
                if !zip(days, days.dropFirst()).allSatisfy({ $0.timestamp < $1.timestamp }) { problems.append("\(id): DAILY not increasing") }
                for k in 0..<731 {
                    let d = try first.adding(days: k), wanted = try d.at(2, 30)
                    let got = byDay[d] ?? []
                    switch zone.resolve(wanted) {
                    case .unique, .overlap:
                        let instant = try zone.timestamp(for: wanted)
                        if got.count != 1 || got[0].start != wanted || got[0].timestamp != instant {
                            problems.append("\(id): \(wanted) produced as \(got)")
                        }
                    case .gap:
                        let shifted = try zone.timestamp(for: wanted)
                        if got.count > 1 || (got.count == 1 && got[0].timestamp != shifted) || (got.isEmpty && !days.contains { $0.timestamp == shifted }) {
                            problems.append("\(id): \(wanted) in a gap produced as \(got)")
                        }
                    }
                }
                // Hourly around the latest transitions.
                for t in transitions.suffix(3) {
                    transitionsSeen += 1
                    let (c, _) = zone.civil(at: t.instant + -36 * 3600)!
                    let start = try CivilDateTime(c.date, CivilTime(c.time.hour, c.time.minute))
                    let hours = try RecurrenceSet(start: .zoned(start, zone), rules: [hourly]).occurrences().first(100)
                    if hours.count != 72 { problems.append("\(id): HOURLY from \(start) gave \(hours.count)") }
                    for (a, b) in zip(hours, hours.dropFirst()) where b.timestamp - a.timestamp != 3600 {
                        problems.append("\(id): HOURLY from \(start): \(a) then \(b)")
                    }
                    for o in hours {
                        let (wall, offset) = zone.civil(at: o.timestamp)!
                        if o.start != wall || o.offset != offset { problems.append("\(id): \(o) shown, wall clock \(wall)\(offset)") }
                    }
                }
            }
        }
        #expect(problems.isEmpty, Comment(rawValue: "\(problems.count) problems:\n" + problems.prefix(40).joined(separator: "\n")))
        #expect(transitionsSeen > 500)
    }
}

/// The ends of the range, reached from odd places (fuzz findings 14 and 15).
@Suite struct RangeEndTests {
    /// A window at the very end of Int64 for a day-based rule east of UTC:
    /// the seek added the zone's offset to the window's start and trapped.
    @Test(arguments: [RecurrenceRule.Frequency.yearly, .monthly, .weekly, .daily])
    func windowsAtTheEndOfInt64(_ f: RecurrenceRule.Frequency) throws {
        let start = try Anchor.zoned(CivilDate(9999, 4, 8).at(8, 0, 31), try Zone("Europe/Berlin"))
        let rule = RecurrenceRule(frequency: f)
        for lower in [Int64.max, Int64.max - 1, Int64.max - 86_400] {
            let window = Timestamp(secondsSinceEpoch: lower)..<Timestamp(secondsSinceEpoch: .max)
            #expect(Array(try rule.occurrences(from: start, in: window)).isEmpty, "\(f) from \(lower)")
        }
        // The same window from the instances' side: a window from the last
        // instance holds the instances from it on.
        let all = Array(try rule.occurrences(from: start))
        let window = all.last!.timestamp..<Timestamp(secondsSinceEpoch: .max)
        #expect(Array(try rule.occurrences(from: start, in: window)) == [all.last!])
    }

    /// A zone that goes from +14:00 to -14:00 an hour after a DTSTART on
    /// 0001-01-01: the next instants show on 31 December of year 0, out of
    /// range like year 10000, so they are left out; the series goes on from
    /// the first instant shown in year 1.
    @Test(arguments: ["FREQ=SECONDLY;INTERVAL=45014", "FREQ=HOURLY;INTERVAL=13;BYHOUR=0,2,4,6,8,10,12,14,16,18,20,22,1,3,5,7,9,11,13,15,17,19,21,23"])
    func instantsShownBeforeYearOneAreLeftOut(_ text: String) throws {
        let civil = try CivilDate(1, 1, 1).at(6, 37, 51)
        let startUTC = -62_135_596_800 + 23_871 - 50_400
        let zone = try Zone(identifier: "Test/Dateline-Flip", transitions: [Int64(startUTC + 3600)],
                            offsets: try [Offset(hours: 14), Offset(hours: -14)])
        let rule = try RecurrenceRule(text)
        let got = Array(try rule.occurrences(from: .zoned(civil, zone)).prefix(4))
        // Independently: DTSTART, then the steps whose wall clock at -14:00 is in year 1.
        let step = Int64(rule.frequency == .secondly ? 45_014 : 13 * 3600)
        let expected = [Int64(startUTC)] + (1...20).map { Int64(startUTC) + $0 * step }.filter { $0 - 50_400 >= -62_135_596_800 }.prefix(3)
        #expect(got.map(\.timestamp.secondsSinceEpoch) == Array(expected), "\(text)")
        #expect(got.allSatisfy { $0.start.date.year >= 1 })
    }
}

extension Anchor {
    /// The instant (or wall clock read as UTC) of a UTC or floating anchor, for windows in tests.
    var key: Timestamp { Timestamp(secondsSinceEpoch: RecurrenceSet(start: self).sortKey(of: self)) }
}

extension RecurrenceSet.Occurrences {
    /// The first `n` instances, and the expander's work to produce them
    /// (``RecurrenceSet/Occurrences/Iterator/work``).
    func firstWithWork(_ n: Int) -> ([Occurrence], Int) {
        var it = makeIterator()
        var out: [Occurrence] = []
        while out.count < n, let o = it.next() { out.append(o) }
        return (out, it.work)
    }
}
