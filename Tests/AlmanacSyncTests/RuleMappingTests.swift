import Almanac
import AlmanacSync
import AlmanacTestSupport
import Testing

/// Rules mapped to Graph patterns and EventKit parameters and back: for
/// generated rules either side can hold, the round trip expands to the same
/// occurrences over 20 years; for the others, the typed error.
struct RuleMappingTests {
    static let zones = ["Europe/Paris", "America/New_York", "Asia/Tokyo", "W. Europe Standard Time"]
    static let days: [Weekday] = [.monday, .tuesday, .wednesday, .thursday, .friday, .saturday, .sunday]

    /// A rule both Graph and EventKit can hold (EventKit: no BYMONTHDAY in
    /// yearly rules, so those are Graph-only; see `graphOnly`).
    static func holdable(_ rng: inout SplitMix64) -> (text: String, graphOnly: Bool) {
        var picked: [Weekday] = []
        for _ in 0..<rng.int(1...4) {
            let d = rng.pick(days)
            if !picked.contains(d) { picked.append(d) }
        }
        picked.sort { $0.rawValue < $1.rawValue }
        let dayList: String = picked.map(\.rfcCode).joined(separator: ",")
        let ordinal = rng.pick([1, 2, 3, 4, -1])
        var text: String, graphOnly = false
        switch rng.int(0...6) {
        case 0: text = "FREQ=DAILY;INTERVAL=\(rng.int(1...5))"
        case 1: text = "FREQ=WEEKLY;INTERVAL=\(rng.int(1...3));BYDAY=\(dayList);WKST=\(rng.pick(["MO", "SU"]))"
        case 2: text = "FREQ=MONTHLY;INTERVAL=\(rng.int(1...3));BYMONTHDAY=\(rng.pick([1, 5, 15, 28, -1]))"
        case 3: text = "FREQ=MONTHLY;BYDAY=\(ordinal)\(rng.pick(days).rfcCode)"
        case 4: text = "FREQ=MONTHLY;BYDAY=\(dayList);BYSETPOS=\(ordinal)"
        case 5: text = "FREQ=YEARLY;BYMONTH=\(rng.int(1...12));BYMONTHDAY=\(rng.int(1...28))"; graphOnly = true
        default: text = "FREQ=YEARLY;BYMONTH=\(rng.int(1...12));BYDAY=\(ordinal)\(rng.pick(days).rfcCode)"
        }
        switch rng.int(0...2) {
        case 0: text += ";COUNT=\(rng.int(1...40))"
        case 1: text += ";UNTIL=20\(rng.int(26...40))0\(rng.int(1...9))15T120000Z"
        default: break
        }
        return (text, graphOnly)
    }

    static func start(_ rng: inout SplitMix64) throws -> Anchor {
        let date = try CivilDate(2024, 1, 1).adding(days: rng.int(0...365))
        return try .zoned(date.at(rng.pick([8, 9, 13]), rng.pick([0, 30])), try Zone(rng.pick(zones)))
    }

    static func instants(_ rule: RecurrenceRule, _ start: Anchor) throws -> [Timestamp] {
        let set = RecurrenceSet(start: start, rules: [rule])
        let end = try Timestamp(utc: CivilDate(2044, 1, 1).at(0, 0))
        return try set.occurrences().prefix { $0.instants!.lowerBound < end }.map { $0.instants!.lowerBound }
    }

    @Test(arguments: 0..<8)
    func graphRoundTripExpandsTheSame(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed &+ 1000)
        for _ in 0..<40 {
            let (text, _) = Self.holdable(&rng)
            let rule = try RecurrenceRule(text), start = try Self.start(&rng)
            let g = try GraphRecurrence(rule: rule, start: start)
            let back = try g.rule(start: start)
            #expect(try Self.instants(back, start) == Self.instants(rule, start), "\(text) -> \(g) -> \(back)")
        }
    }

    @Test(arguments: 0..<8)
    func eventKitRoundTripExpandsTheSame(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed &+ 2000)
        for _ in 0..<40 {
            let (text, graphOnly) = Self.holdable(&rng)
            let rule = try RecurrenceRule(text), start = try Self.start(&rng)
            if graphOnly {
                #expect(throws: AlmanacError.self) { try EventKitRule(rule: rule) }
                continue
            }
            let back = try EventKitRule(rule: rule).rule(start: start)
            #expect(try Self.instants(back, start) == Self.instants(rule, start), "\(text) -> \(back)")
        }
    }

    /// Each part Graph cannot hold is refused with `unsupported`, naming it.
    @Test(arguments: [
        ("FREQ=HOURLY", "FREQ=HOURLY"), ("FREQ=DAILY;BYHOUR=9,17", "BYHOUR=9,17"), ("FREQ=YEARLY;BYYEARDAY=100", "BYYEARDAY"),
        ("FREQ=YEARLY;BYWEEKNO=20", "BYWEEKNO"), ("FREQ=MONTHLY;BYMONTHDAY=1,15", "BYMONTHDAY=1,15"),
        ("FREQ=MONTHLY;BYMONTHDAY=30", "BYMONTHDAY=30"), ("FREQ=MONTHLY;BYDAY=2MO,4MO", "BYDAY=2MO,4MO"),
        ("FREQ=MONTHLY;BYDAY=5FR", "BYDAY=5FR"), ("FREQ=YEARLY;BYMONTH=1,7", "BYMONTH=1,7"),
        ("FREQ=WEEKLY;BYDAY=MO;BYSETPOS=1", "BYSETPOS=1"), ("FREQ=MONTHLY;BYMONTHDAY=3;BYSETPOS=1", "BYSETPOS=1"),
        ("FREQ=DAILY;INTERVAL=2;BYDAY=MO", "FREQ=DAILY with BYDAY"), ("RSCALE=HEBREW;FREQ=YEARLY", "RSCALE=HEBREW"),
    ])
    func graphRefusesWhatItCannotHold(_ text: String, _ part: String) throws {
        let start = try Anchor.zoned(CivilDate(2024, 5, 6).at(9, 0), try Zone("Europe/Paris"))
        let rule = try RecurrenceRule(text, mode: .lenient)
        #expect {
            _ = try GraphRecurrence(rule: rule, start: start)
        } throws: { e in
            guard let e = e as? AlmanacError else { return false }
            return e.kind == .unsupported && e.message.contains(part)
        }
    }

    @Test(arguments: [
        ("FREQ=MINUTELY", "FREQ=MINUTELY"), ("FREQ=WEEKLY;BYMINUTE=5", "BYMINUTE"), ("FREQ=DAILY;BYDAY=MO", "BYDAY in a daily rule"),
("FREQ=YEARLY;BYMONTHDAY=1", "BYMONTHDAY in a YEARLY rule"),
        ("FREQ=MONTHLY;BYMONTH=2", "BYMONTH in a MONTHLY rule"), ("FREQ=MONTHLY;BYSETPOS=1", "BYSETPOS alone"),
        ("FREQ=DAILY;COUNT=2;UNTIL=20250101T000000Z", "COUNT with UNTIL"),
    ])
    func eventKitRefusesWhatItCannotHold(_ text: String, _ part: String) throws {
        let rule = try RecurrenceRule(text, mode: .lenient)
        #expect {
            _ = try EventKitRule(rule: rule)
        } throws: { e in
            guard let e = e as? AlmanacError else { return false }
            return e.kind == .unsupported && e.message.contains(part)
        }
    }

    /// A DATE UNTIL on a timed series keeps its whole day through EventKit
    /// (Tools/fuzz regressions/fuzz-sync/date-until-timed-series-eventkit).
    @Test func dateUntilKeepsItsDayThroughEventKit() throws {
        let start = try Anchor.zoned(CivilDate(2024, 5, 6).at(18, 0), .fixed(Offset(hours: 2)))
        let rule = try RecurrenceRule("FREQ=WEEKLY;UNTIL=20240527", mode: .lenient)
        let back = try EventKitRule(rule: rule, zone: start.zone!).rule(start: start, zone: start.zone!)
        #expect(try Self.instants(back, start) == Self.instants(rule, start))
        #expect(try Self.instants(rule, start).count == 4)
        let day = try Anchor.date(CivilDate(2024, 5, 6))
        let allDay = try EventKitRule(rule: RecurrenceRule("FREQ=WEEKLY;UNTIL=20240527"), zone: .utc).rule(start: day, zone: .utc)
        #expect(try allDay.until == .date(CivilDate(2024, 5, 27)))
    }

    /// A weekly rule built in code with a BYDAY ordinal (the parser drops it).
    @Test func eventKitRefusesAWeeklyOrdinal() throws {
        var rule = RecurrenceRule(frequency: .weekly)
        rule.byDay = [.nth(1, .monday)]
        #expect(throws: AlmanacError.self) { try EventKitRule(rule: rule) }
    }

    /// Outlook's day 31 is the last day of shorter months; RFC 5545's
    /// BYMONTHDAY=-1 is the same rule, and maps to it.
    @Test func lastDayOfTheMonthMapsToDay31() throws {
        let start = try Anchor.zoned(CivilDate(2024, 1, 31).at(9, 0), try Zone("Europe/Paris"))
        let g = try GraphRecurrence(rule: RecurrenceRule("FREQ=MONTHLY;BYMONTHDAY=-1"), start: start)
        #expect(g.pattern.type == .absoluteMonthly && g.pattern.dayOfMonth == 31)
        #expect(try g.rule(start: start).description == "FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1")
    }
}
