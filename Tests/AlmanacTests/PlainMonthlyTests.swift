import AlmanacTestSupport
import Testing
@testable import Almanac

/// MONTHLY rules on the plain stepper (PlainStepper+Months.swift) against
/// the general iterator. The same rule with `BYHOUR` set to DTSTART's hour
/// means the same thing (RFC 5545 section 3.3.10: the hour DTSTART gives
/// anyway) but is not plain, so it takes the general path: the two must give
/// the same occurrences, field for field, in the same order.
@Suite struct PlainMonthlyTests {
    /// A MONTHLY rule the stepper takes: BYMONTH, BYMONTHDAY (either sign),
    /// BYDAY (plain or with an ordinal), BYSETPOS, SKIP; INTERVAL; COUNT,
    /// UNTIL or neither.
    static func monthlyRule(_ r: inout SplitMix64, start: Anchor) -> RecurrenceRule {
        var rule = RecurrenceRule(frequency: .monthly)
        rule.interval = r.chance(0.6) ? 1 : r.pick([2, 3, 5, 7, 12, 13, 25, 400, 4801])
        if r.chance(0.3) { rule.byMonth = PropertyGen.list(&r, 4) { RecurrenceRule.Month($0.int(1...12)) } }
        if r.chance(0.6) {
            rule.byMonthDay = PropertyGen.list(&r, 3) { r in
                let d = r.chance(0.5) ? r.int(28...31) : r.int(1...31)
                return r.chance(0.3) ? -d : d
            }
        }
        if r.chance(0.5) || rule.byMonthDay.isEmpty && r.chance(0.5) {
            rule.byDay = PropertyGen.list(&r, 5) { r in
                let w = Weekday(rawValue: r.int(1...7))!
                return r.chance(0.6) ? .every(w) : .nth(r.pick([1, 2, 3, 4, 5, -1, -2, -5]), w)
            }
        }
        if r.chance(0.4) { rule.bySetPos = PropertyGen.list(&r, 3) { r in r.pick([1, 2, 3, -1, -2, 5, -7, 23, -31, 32, 40]) } }
        if r.chance(0.15) {
            rule.rscale = "GREGORIAN"
            rule.skip = r.pick([.omit, .backward, .forward])
        }
        switch r.int(0...2) {
        case 0: rule.count = r.chance(0.2) ? r.int(1...3) : r.int(1...300)
        case 1: rule.until = PropertyGen.until(&r, start: start, frequency: .monthly)
        default: break
        }
        return rule
    }

    /// The same set, through the general path.
    static func general(_ set: RecurrenceSet) -> RecurrenceSet {
        var g = set
        let hour = set.start.kind == .date ? 0 : set.start.civil.time.hour
        g.rules = set.rules.map { var x = $0; x.byHour = [hour]; return x }
        return g
    }

    static func mode(_ set: RecurrenceSet, seek: Int64? = nil) throws -> _RuleIterator.Mode {
        let plan = try _RulePlan(rule: set.rules[0], start: set.start, options: set.options)
        return _RuleIterator(plan: plan, includesStart: set.options.includesStart, seekKey: seek, endKey: nil).mode
    }

    @Test func monthlyFastPathGivesTheGeneralPathsOccurrences() throws {
        var r = SplitMix64(seed: 0x3047_11D5)
        var compared = 0, windows = 0, gapShifts = 0, setPosRules = 0
        for _ in 0..<1500 {
            let start = PlainStepperTests.start(&r)
            guard start.kind != .date else { continue }
            let rule = Self.monthlyRule(&r, start: start)
            let options = ExpansionOptions(includesStart: r.chance(0.5), nonexistentTimes: r.chance(0.8) ? .shift : .skip)
            let set = RecurrenceSet(start: start, rules: [rule], options: options)
            #expect(try Self.mode(set) == .plain, "\(rule)")
            #expect(try Self.mode(Self.general(set)) == .dayBased, "\(rule)")
            let limit = r.chance(0.05) ? 2000 : 120
            let fast = try PlainStepperTests.expand(set, in: nil, limit: limit)
            let slow = try PlainStepperTests.expand(Self.general(set), in: nil, limit: limit)
            #expect(fast == slow, "\(rule) from \(start), includesStart \(options.includesStart)")
            compared += fast.count
            gapShifts += fast.filter { $0.start != $0.recurrenceID.dateTime }.count
            if !rule.bySetPos.isEmpty && !fast.isEmpty { setPosRules += 1 }
            // A window around one of the first occurrences, or anywhere after DTSTART.
            let base = fast.isEmpty ? Timestamp(secondsSinceEpoch: set.sortKey(of: start)) : fast[r.int(0...(fast.count - 1))].timestamp
            let from = r.chance(0.7) ? base + Int64(r.int(-40 * 86_400...86_400))
                                     : Timestamp(secondsSinceEpoch: set.sortKey(of: start)) + Int64.random(in: 0...(1 << 36), using: &r)
            let window = from ..< from + Int64(r.pick([1, 86_400, 8 * 86_400, 40 * 86_400, 800 * 86_400]))
            let wf = try PlainStepperTests.expand(set, in: window, limit: 300)
            let ws = try PlainStepperTests.expand(Self.general(set), in: window, limit: 300)
            #expect(wf == ws, "\(rule) from \(start) in \(window)")
            windows += wf.count
        }
        // The cases reached what they are meant to test.
        #expect(compared > 30_000)
        #expect(windows > 3_000)
        #expect(setPosRules > 100)
        #expect(gapShifts > 5)
    }

    /// Which MONTHLY rules the stepper takes: Gregorian, one time of day, no
    /// BYYEARDAY or BYWEEKNO, and no COUNT with a window after DTSTART
    /// (counted ahead by the general iterator).
    @Test func plainMonthlyRules() throws {
        let start = try Anchor.zoned(CivilDate(2024, 1, 1).at(9, 0), try Zone("America/New_York"))
        func mode(_ text: String, seek: Int64? = nil) throws -> _RuleIterator.Mode {
            try Self.mode(RecurrenceSet(start: start, rules: [RecurrenceRule(text)]), seek: seek)
        }
        for text in ["FREQ=MONTHLY", "FREQ=MONTHLY;BYMONTHDAY=31", "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1",
                     "FREQ=MONTHLY;BYMONTH=2;BYMONTHDAY=30", "FREQ=MONTHLY;BYDAY=-1FR;INTERVAL=3;COUNT=5",
                     "RSCALE=GREGORIAN;FREQ=MONTHLY;BYMONTHDAY=31;SKIP=BACKWARD"] {
            #expect(try mode(text) == .plain, "\(text)")
        }
        for text in ["FREQ=MONTHLY;BYHOUR=9,17", "FREQ=MONTHLY;BYHOUR=9", "RSCALE=HEBREW;FREQ=MONTHLY", "FREQ=YEARLY;BYMONTHDAY=31"] {
            #expect(try mode(text) != .plain, "\(text)")
        }
        #expect(try mode("FREQ=MONTHLY;COUNT=10", seek: 1_800_000_000) != .plain)
        #expect(try mode("FREQ=MONTHLY", seek: 1_800_000_000) == .plain)
    }

    /// RFC 5545 section 3.3.10's examples for MONTHLY, on the stepper, with
    /// the dates the RFC lists.
    @Test func rfcExamplesOnTheStepper() throws {
        let ny = try Zone("America/New_York")
        func days(_ text: String, from d: CivilDate, _ n: Int, includesStart: Bool = true) throws -> [String] {
            Array(try RecurrenceRule(text).occurrences(from: .zoned(d.at(9, 0), ny), options: .init(includesStart: includesStart)).prefix(n))
                .map { "\($0.start.date)" }
        }
        // "Monthly on the last workday of the month" (BYSETPOS=-1), from 1997-09-29, not itself an instance.
        #expect(try days("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", from: CivilDate(1997, 9, 29), 5, includesStart: false)
                == ["1997-09-30", "1997-10-31", "1997-11-28", "1997-12-31", "1998-01-30"])
        // "Monthly on the third-to-the-last day of the month, forever", from 1997-09-28.
        #expect(try days("FREQ=MONTHLY;BYMONTHDAY=-3", from: CivilDate(1997, 9, 28), 4)
                == ["1997-09-28", "1997-10-29", "1997-11-28", "1997-12-29"])
        // "The third instance into the month of one of Tuesday, Wednesday, or Thursday, for the next 3 months", from 1997-09-04.
        #expect(try days("FREQ=MONTHLY;COUNT=3;BYDAY=TU,WE,TH;BYSETPOS=3", from: CivilDate(1997, 9, 4), 5)
                == ["1997-09-04", "1997-10-07", "1997-11-06"])
        // "Every Friday the 13th", from 1997-09-02 (DTSTART itself excluded by the RFC's EXDATE; here it is not an instance).
        let friday13 = try RecurrenceSet(start: .zoned(CivilDate(1997, 9, 2).at(9, 0), ny),
                                         rules: [RecurrenceRule("FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13")], options: .init(includesStart: false))
        #expect(Array(try friday13.occurrences().prefix(5)).map { "\($0.start.date)" }
                == ["1998-02-13", "1998-03-13", "1998-11-13", "1999-08-13", "2000-10-13"])
        // BYMONTHDAY=31 passes over the months without a 31st (RFC 5545 section 3.3.10: invalid dates are ignored).
        #expect(try days("FREQ=MONTHLY;BYMONTHDAY=31", from: CivilDate(2024, 1, 31), 4)
                == ["2024-01-31", "2024-03-31", "2024-05-31", "2024-07-31"])
        // A rule with no possible day (February has no 30th) ends, and quickly.
        let never = try RecurrenceRule("FREQ=MONTHLY;BYMONTH=2;BYMONTHDAY=30").occurrences(from: .zoned(CivilDate(2000, 1, 1).at(9, 0), ny))
        #expect(Array(never.prefix(1)).map(\.description) == ["2000-01-01T09:00:00-05:00"])
    }
}
