import AlmanacTestSupport
import Testing
@testable import Almanac

/// The fast path for plain rules (`_PlainStepper`) against the general
/// iterator. A plain rule with `BYMONTH=1,...,12` added means the same thing
/// (every month passes) but is not plain, so it takes the general path: the
/// two must give the same occurrences, field for field, in the same order.
@Suite struct PlainStepperTests {
    static let zones: [Zone] = ["America/New_York", "Europe/London", "Australia/Lord_Howe", "Asia/Tokyo",
                                "America/Sao_Paulo", "Pacific/Apia"].map { try! Zone($0) }
    static let everyMonth: [RecurrenceRule.Month] = (1...12).map { RecurrenceRule.Month($0) }

    /// A plain rule for `start`: DAILY, WEEKLY (with or without BYDAY, any
    /// WKST), HOURLY, MINUTELY or SECONDLY; INTERVAL; COUNT, UNTIL or neither.
    static func plainRule(_ r: inout SplitMix64, start: Anchor) -> RecurrenceRule {
        let freqs: [RecurrenceRule.Frequency] = start.kind == .date
            ? [.daily, .weekly, .weekly]
            : [.daily, .daily, .weekly, .weekly, .hourly, .hourly, .minutely, .secondly]
        var rule = RecurrenceRule(frequency: r.pick(freqs))
        rule.interval = r.chance(0.5) ? 1 : r.pick([2, 3, 5, 7, 13, 25, 90, 1000])
        if rule.frequency == .weekly {
            if r.chance(0.7) {
                rule.byDay = PropertyGen.list(&r, 4) { Weekday(rawValue: $0.int(1...7))! }.map { .init(weekday: $0) }
            }
            rule.weekStart = r.pick(Weekday.allCases)
        }
        switch r.int(0...2) {
        case 0: rule.count = r.chance(0.2) ? r.int(1...3) : r.int(1...400)
        case 1: rule.until = PropertyGen.until(&r, start: start, frequency: rule.frequency)
        default: break
        }
        return rule
    }

    /// DTSTART: zoned (half the time within a day and a half of a
    /// transition, on the hour or half hour), UTC, floating or DATE; years
    /// near now, and at the ends of the calendar.
    static func start(_ r: inout SplitMix64) -> Anchor {
        switch r.int(0...9) {
        case 0: return .date(PropertyGen.date(&r))
        case 1: return .floating(CivilDateTime(PropertyGen.date(&r), PropertyGen.time(&r)))
        case 2: return .utc(CivilDateTime(PropertyGen.date(&r), PropertyGen.time(&r)))
        default:
            let zone = r.pick(zones)
            let year = r.chance(0.9) ? r.int(1970...2040) : r.pick([1, 2, 9998, 9999])
            let d = try! CivilDate(year, r.int(1...12), r.int(1...28))
            if r.chance(0.4), year < 9999, let tr = zone.transitions(from: Timestamp(utc: CivilDateTime(d, .midnight)),
                                                                    to: Timestamp(utc: CivilDateTime(d, .midnight)) + 2 * 366 * 86_400).first {
                // The wall clock of a gap or an overlap (or just past it), 0 to 3 weeks before it.
                let span = Int64(abs(tr.after.seconds - tr.before.seconds))
                let clock = tr.instant.secondsSinceEpoch + Int64(tr.before.seconds) + Int64.random(in: 0...span, using: &r)
                let local = clock - Int64(r.pick([0, 0, 1, 2, 3, 6, 7, 14, 21])) * 86_400
                return .zoned(CivilDateTime(localSeconds: local)!, zone)
            }
            if r.chance(0.5), year < 9999, let tr = zone.transitions(from: Timestamp(utc: CivilDateTime(d, .midnight)),
                                                                    to: Timestamp(utc: CivilDateTime(d, .midnight)) + 2 * 366 * 86_400).first,
               var c = zone.civil(at: tr.instant + Int64(r.int(-129_600...129_600)))?.0 {
                if r.chance(0.6) { c = try! CivilDateTime(c.date, CivilTime(c.time.hour, r.pick([0, 30]))) }
                return .zoned(c, zone)
            }
            return .zoned(CivilDateTime(d, PropertyGen.time(&r)), zone)
        }
    }

    /// The same set, through the general path.
    static func general(_ set: RecurrenceSet) -> RecurrenceSet {
        var g = set
        g.rules = set.rules.map { var x = $0; x.byMonth = everyMonth; return x }
        return g
    }

    static func expand(_ set: RecurrenceSet, in window: Range<Timestamp>?, limit: Int) throws -> [Occurrence] {
        Array(try (window.map { try set.occurrences(in: $0) } ?? set.occurrences()).prefix(limit))
    }

    /// Instants up to 10000-01-01T00:00:00Z. A known difference of the
    /// general iterator, kept by the fast path: a plain sub-daily rule stops
    /// at that instant, its filtered form (BYMONTH) goes on while the wall
    /// clock still shows 9999 (late on 9999-12-31 west of Greenwich).
    static func beforeYear10000UTC(_ o: [Occurrence], _ rule: RecurrenceRule) -> [Occurrence] {
        rule.frequency < .daily ? o.filter { $0.timestamp.secondsSinceEpoch <= _RuleIterator.endOfTime } : o
    }

    @Test func fastPathGivesTheGeneralPathsOccurrences() throws {
        var r = SplitMix64(seed: 0x9_1A1D_57E9)
        var compared = 0, windows = 0, gapShifts = 0
        for _ in 0..<2000 {
            let start = Self.start(&r)
            let rule = Self.plainRule(&r, start: start)
            let options = ExpansionOptions(includesStart: r.chance(0.5), nonexistentTimes: r.chance(0.8) ? .shift : .skip)
            let set = RecurrenceSet(start: start, rules: [rule], options: options)
            let limit = r.chance(0.05) ? 3000 : 150
            let fast = try Self.expand(set, in: nil, limit: limit)
            let slow = try Self.expand(Self.general(set), in: nil, limit: limit)
            #expect(Self.beforeYear10000UTC(fast, rule) == Self.beforeYear10000UTC(slow, rule), "\(rule) from \(start), includesStart \(options.includesStart)")
            compared += fast.count
            gapShifts += fast.filter { $0.start != $0.recurrenceID.dateTime }.count
            // A window around one of the first occurrences, or anywhere after DTSTART.
            let base = fast.isEmpty ? Timestamp(secondsSinceEpoch: set.sortKey(of: start)) : fast[r.int(0...(fast.count - 1))].timestamp
            let from = r.chance(0.7) ? base + Int64(r.int(-3 * 86_400...86_400))
                                     : Timestamp(secondsSinceEpoch: set.sortKey(of: start)) + Int64.random(in: 0...(1 << 36), using: &r)
            let window = from ..< from + Int64(r.pick([1, 3600, 86_400, 8 * 86_400, 400 * 86_400]))
            let wf = try Self.expand(set, in: window, limit: 400)
            let ws = try Self.expand(Self.general(set), in: window, limit: 400)
            #expect(Self.beforeYear10000UTC(wf, rule) == Self.beforeYear10000UTC(ws, rule), "\(rule) from \(start) in \(window)")
            windows += wf.count
        }
        // The cases reached what they are meant to test.
        #expect(compared > 50_000)
        #expect(windows > 5_000)
        #expect(gapShifts > 30)
    }

    /// The expander's literal bounds (inlined into other modules) are the calendar's.
    @Test func literalBoundsAreTheCalendars() {
        #expect(_RuleIterator.firstDay == _minDayNumber)
        #expect(_RuleIterator.lastDayOfTime == _maxDayNumber)
        #expect(_RuleIterator.startOfTime == Int64(_minDayNumber) * 86_400)
        #expect(_RuleIterator.endOfTime == Int64(_maxDayNumber + 1) * 86_400)
        #expect(CivilDate(daysSinceEpoch: _RuleIterator.firstDay) == (try? CivilDate(1, 1, 1)))
        #expect(CivilDate(daysSinceEpoch: _RuleIterator.lastDayOfTime) == (try? CivilDate(9999, 12, 31)))
    }

    /// The comparison above is not vacuous: plain rules take the fast path,
    /// the `BYMONTH` variants and COUNT with a later window do not (MONTHLY
    /// rules: PlainMonthlyTests).
    @Test func plainRulesAndOnlyThemTakeTheFastPath() throws {
        let start = try Anchor.zoned(CivilDate(2024, 1, 1).at(9, 0), try Zone("America/New_York"))
        func plain(_ text: String, seek: Int64? = nil) throws -> Bool {
            let plan = try _RulePlan(rule: RecurrenceRule(text), start: start, options: .init())
            return _RuleIterator(plan: plan, includesStart: true, seekKey: seek, endKey: nil).mode == .plain
        }
        for text in ["FREQ=DAILY", "FREQ=DAILY;INTERVAL=3;COUNT=5", "FREQ=WEEKLY", "FREQ=WEEKLY;BYDAY=MO,WE,FR;WKST=SU",
                     "FREQ=HOURLY;INTERVAL=7", "FREQ=MINUTELY;UNTIL=20240102T000000Z", "FREQ=SECONDLY"] {
            #expect(try plain(text), "\(text)")
        }
        for text in ["FREQ=DAILY;BYMONTH=1,2,3,4,5,6,7,8,9,10,11,12", "FREQ=DAILY;BYDAY=MO", "FREQ=DAILY;BYHOUR=9,10",
                     "FREQ=WEEKLY;BYSETPOS=1;BYDAY=MO,TU", "FREQ=HOURLY;BYMINUTE=0", "FREQ=MONTHLY;BYHOUR=9,17", "FREQ=YEARLY"] {
            #expect(try !plain(text), "\(text)")
        }
        #expect(try !plain("FREQ=DAILY;COUNT=10", seek: 1_800_000_000))
        #expect(try plain("FREQ=DAILY", seek: 1_800_000_000))
    }

    /// RFC 5545 section 3.3.5 on the fast path, with expected values worked
    /// out by hand from the US rules of 2024 (spring forward 2024-03-10 at
    /// 02:00, fall back 2024-11-03 at 02:00).
    @Test func gapsAndFoldsOnTheFastPath() throws {
        let ny = try Zone("America/New_York")
        func starts(_ text: String, from c: CivilDateTime, _ n: Int) throws -> [String] {
            Array(try RecurrenceRule(text).occurrences(from: .zoned(c, ny)).prefix(n)).map(\.description)
        }
        #expect(try starts("FREQ=DAILY", from: CivilDate(2024, 3, 9).at(2, 30), 3)
                == ["2024-03-09T02:30:00-05:00", "2024-03-10T03:30:00-04:00", "2024-03-11T02:30:00-04:00"])
        #expect(try starts("FREQ=DAILY", from: CivilDate(2024, 11, 2).at(1, 30), 3)
                == ["2024-11-02T01:30:00-04:00", "2024-11-03T01:30:00-04:00", "2024-11-04T01:30:00-05:00"])
        #expect(try starts("FREQ=WEEKLY;BYDAY=SU", from: CivilDate(2024, 3, 3).at(2, 0), 2)
                == ["2024-03-03T02:00:00-05:00", "2024-03-10T03:00:00-04:00"])
        // Elapsed time: 7 hours apart across the fold, 01:00 EDT then 00:00... shown as the clock reads.
        #expect(try starts("FREQ=HOURLY;INTERVAL=7", from: CivilDate(2024, 11, 2).at(20, 0), 3)
                == ["2024-11-02T20:00:00-04:00", "2024-11-03T02:00:00-05:00", "2024-11-03T09:00:00-05:00"])
        // Lord Howe's 30-minute spring forward (2024-10-06 02:00 -> 02:30): 02:10 becomes 02:40.
        let lh = try Zone("Australia/Lord_Howe")
        #expect(Array(try RecurrenceRule("FREQ=DAILY").occurrences(from: .zoned(CivilDate(2024, 10, 5).at(2, 10), lh)).prefix(3)).map(\.description)
                == ["2024-10-05T02:10:00+10:30", "2024-10-06T02:40:00+11:00", "2024-10-07T02:10:00+11:00"])
    }

    /// The sub-daily quick step stops short of a fold: the later of two
    /// instants that show one wall-clock time is a repeat (RFC 5545 section
    /// 3.8.4.4's RECURRENCE-ID needs it told apart), also when it comes
    /// after a long run of quick steps, and COUNT, UNTIL and the window's
    /// end still stop the quick run exactly. New York fell back on
    /// 2024-11-03 at 02:00 EDT (06:00Z).
    @Test func quickStepsStopAtFoldsAndLimits() throws {
        let ny = try Zone("America/New_York")
        let start = try Anchor.zoned(CivilDate(2024, 10, 20).at(1, 0), ny)
        let all = Array(try RecurrenceSet(start: start, rules: [RecurrenceRule("FREQ=MINUTELY;INTERVAL=30")]).occurrences().prefix(2000))
        let fold = all.filter { $0.timestamp.secondsSinceEpoch >= 1_730_610_000 && $0.timestamp.secondsSinceEpoch < 1_730_619_000 }
        // 01:00, 01:30 EDT; 01:00, 01:30 EST (repeats); 02:00 EST.
        #expect(fold.map(\.description) == ["2024-11-03T01:00:00-04:00", "2024-11-03T01:30:00-04:00", "2024-11-03T01:00:00-05:00",
                                              "2024-11-03T01:30:00-05:00", "2024-11-03T02:00:00-05:00"])
        #expect(fold.map(\.recurrenceID.isRepeat) == [false, false, true, true, false])
        #expect(all.filter(\.recurrenceID.isRepeat).count == 2)
        // COUNT and UNTIL end a quick run on their last instance, wherever it falls.
        for count in [1, 2, 3, 700, 701, 1200] {
            let set = RecurrenceSet(start: start, rules: [try RecurrenceRule("FREQ=MINUTELY;INTERVAL=30;COUNT=\(count)")])
            #expect(Array(try set.occurrences()) == Array(all.prefix(count)), "COUNT=\(count)")
        }
        let until = String(CivilDateTime(localSeconds: all[1500].timestamp.secondsSinceEpoch)!.description.filter { $0 != "-" && $0 != ":" }) + "Z"
        let set = RecurrenceSet(start: start, rules: [try RecurrenceRule("FREQ=MINUTELY;INTERVAL=30;UNTIL=\(until)")])
        #expect(Array(try set.occurrences()) == Array(all.prefix(1501)))
    }

    /// Samoa skipped 2011-12-30 (a 24-hour gap): a time on that day moves
    /// onto the next day's instance, which is produced once.
    @Test func skippedDayOnTheFastPath() throws {
        let apia = try Zone("Pacific/Apia")
        var r = SplitMix64(seed: 2011)
        for text in ["FREQ=DAILY", "FREQ=DAILY;INTERVAL=2", "FREQ=WEEKLY;BYDAY=FR,SA", "FREQ=WEEKLY;BYDAY=TH,FR;COUNT=3", "FREQ=DAILY;UNTIL=20120102T000000Z"] {
            for day in 25...29 {
                for includesStart in [true, false] {
                    let start = try Anchor.zoned(CivilDate(2011, 12, day).at(r.int(0...23), r.pick([0, 30])), apia)
                    let set = RecurrenceSet(start: start, rules: [try RecurrenceRule(text)], options: .init(includesStart: includesStart))
                    let fast = try Self.expand(set, in: nil, limit: 20)
                    #expect(fast == (try Self.expand(Self.general(set), in: nil, limit: 20)), "\(text) from \(start)")
                    #expect(try !fast.contains { try $0.start.date == CivilDate(2011, 12, 30) })
                }
            }
        }
        let daily = try RecurrenceRule("FREQ=DAILY").occurrences(from: .zoned(CivilDate(2011, 12, 28).at(10, 0), apia))
        #expect(Array(daily.prefix(4)).map(\.start.date.day) == [28, 29, 31, 1])
    }
}
