import AlmanacTestSupport
import AlmanacFoundation
import Foundation
import Testing
@testable import Almanac

/// Properties of RFC 7529 expansion in calendars other than the Gregorian,
/// over generated rules. The month and day of each instance are read back
/// through Foundation's `Calendar` (its own copy of ICU, not Almanac's shim
/// or tables), so they check the tables as well as the walk.
///
/// Sources: RFC 7529 section 4 (BYxxx parts in the named calendar), 3.2
/// (SKIP); RFC 5545 section 3.3.10 (COUNT, UNTIL).
@Suite struct RscaleExpansionTests {
    /// RSCALE name, Foundation's calendar, and the largest month number.
    /// ETHIOAA is read through `.ethiopicAmeteMihret`: its months are the
    /// same (only years are counted from another era), and Foundation on
    /// Linux answers Gregorian fields for `.ethiopicAmeteAlem`.
    static let calendars: [(String, Calendar.Identifier, Int)] = [
        ("CHINESE", .chinese, 12), ("DANGI", .dangi, 12), ("HEBREW", .hebrew, 12),
        ("ISLAMIC", .islamic, 12), ("ISLAMIC-CIVIL", .islamicCivil, 12), ("ISLAMIC-UMALQURA", .islamicUmmAlQura, 12),
        ("ISLAMIC-TBLA", .islamicTabular, 12), ("PERSIAN", .persian, 12), ("ETHIOPIC", .ethiopicAmeteMihret, 13),
        ("ETHIOAA", .ethiopicAmeteMihret, 13), ("COPTIC", .coptic, 13), ("INDIAN", .indian, 12),
    ]

    static func foundationCalendar(_ id: Calendar.Identifier) -> Calendar {
        var c = Calendar(identifier: id)
        c.timeZone = TimeZone(identifier: "UTC")!
        return c
    }

    /// A calendar's month as Foundation numbers it: ICU's order, so Hebrew
    /// Adar I (CLDR's 5L) is 6 and Adar (CLDR's 6) is 7.
    static func foundationMonth(_ m: RecurrenceRule.Month, _ scale: String) -> (Int, Bool) {
        guard scale == "HEBREW" else { return (m.number, m.isLeap) }
        return m.isLeap ? (6, false) : (m.number <= 5 ? m.number : m.number + 1, false)
    }

    static func text(_ m: RecurrenceRule.Month) -> String { "\(m.number)\(m.isLeap ? "L" : "")" }

    static func date(_ d: CivilDate) -> Date { Date(timeIntervalSince1970: Double(d.daysSinceEpoch) * 86_400) }

    static func dates(_ rule: String, from start: CivilDate, limit: Int = 60, includesStart: Bool = false) throws -> [CivilDate] {
        let set = RecurrenceSet(start: .date(start), rules: [try RecurrenceRule(rule)], options: ExpansionOptions(includesStart: includesStart))
        return try set.occurrences().prefix(limit).map(\.start.date)
    }

    /// YEARLY;BYMONTH=m;BYMONTHDAY=d (SKIP=OMIT): every instance lies on day d
    /// (or d from the end) of month m of the named calendar, leap months included.
    @Test func instancesLieInTheirMonthOfTheirCalendar() throws {
        var rng = SplitMix64(seed: 0x7529)
        for _ in 0..<120 {
            let (scale, id, months) = rng.pick(Self.calendars)
            let calendar = Self.foundationCalendar(id)
            let leap = (scale == "CHINESE" || scale == "DANGI" || scale == "HEBREW") && rng.chance(0.3)
            let month = RecurrenceRule.Month(scale == "HEBREW" && leap ? 5 : rng.int(1...months), isLeap: leap)
            let day = rng.chance(0.2) ? -rng.int(1...3) : rng.int(1...30)
            let start = CivilDate(daysSinceEpoch: rng.int(-20_000...30_000))!
            let rule = "RSCALE=\(scale);FREQ=YEARLY;BYMONTH=\(Self.text(month));BYMONTHDAY=\(day);COUNT=8"
            let found = try Self.dates(rule, from: start)
            #expect(found.count == 8 || leap || day > 28 || months == 13, "\(rule) from \(start): only \(found.count)")
            let (fMonth, fLeap) = Self.foundationMonth(month, scale)
            for d in found {
                let c = calendar.dateComponents([.month, .day], from: Self.date(d))
                let length = calendar.range(of: .day, in: .month, for: Self.date(d))!.count
                #expect(c.month == fMonth && (c.isLeapMonth ?? false) == fLeap, "\(rule) from \(start): \(d) is in month \(c.month!)\(c.isLeapMonth == true ? "L" : "")")
                #expect(c.day == (day > 0 ? day : length + 1 + day), "\(rule) from \(start): \(d) is day \(c.day!) of \(length)")
            }
        }
    }

    /// MONTHLY on DTSTART's day: consecutive instances are consecutive months
    /// of the named calendar (leap months count) that have that day.
    @Test func monthlyStepsThroughTheCalendarsMonths() throws {
        var rng = SplitMix64(seed: 0x7530)
        for _ in 0..<60 {
            let (scale, id, _) = rng.pick(Self.calendars)
            let calendar = Self.foundationCalendar(id)
            let start = CivilDate(daysSinceEpoch: rng.int(-20_000...30_000))!
            let found = try Self.dates("RSCALE=\(scale);FREQ=MONTHLY;COUNT=30", from: start, includesStart: true)
            let startDay = calendar.component(.day, from: Self.date(start))
            var month = calendar.dateInterval(of: .month, for: Self.date(start))!
            for d in found.dropFirst() {
                // The next month of the calendar that has DTSTART's day.
                repeat {
                    month = calendar.dateInterval(of: .month, for: month.end)!
                } while calendar.range(of: .day, in: .month, for: month.start)!.count < startDay
                let expected = calendar.date(byAdding: .day, value: startDay - 1, to: month.start)!
                #expect(Self.date(d) == expected, "RSCALE=\(scale);FREQ=MONTHLY from \(start): \(d), expected \(expected)")
            }
        }
    }

    /// SKIP: with one BYMONTHDAY in one month, FORWARD and BACKWARD give
    /// exactly one instance a calendar year, and OMIT's instances are theirs.
    @Test func skipGivesOneInstanceEveryYear() throws {
        var rng = SplitMix64(seed: 0x7531)
        for _ in 0..<60 {
            let (scale, id, _) = rng.pick(Self.calendars)
            let calendar = Self.foundationCalendar(id)
            let leap = (scale == "CHINESE" || scale == "DANGI" || scale == "HEBREW") && rng.chance(0.5)
            let month = RecurrenceRule.Month(scale == "HEBREW" && leap ? 5 : rng.int(2...10), isLeap: leap)
            let day = rng.int(28...30)
            // From the first day of a calendar year, for 12 years.
            let from = calendar.dateInterval(of: .year, for: Self.date(CivilDate(daysSinceEpoch: rng.int(-20_000...30_000))!))!.start
            let to = calendar.date(byAdding: .year, value: 12, to: from)!.addingTimeInterval(-86_400)
            let start = CivilDate(daysSinceEpoch: Int(from.timeIntervalSince1970 / 86_400))!
            let until = CivilDate(daysSinceEpoch: Int(to.timeIntervalSince1970 / 86_400))!
            func run(_ skip: String) throws -> [CivilDate] {
                let u = String(format: "%04d%02d%02d", until.year, until.month, until.day)
                return try Self.dates("RSCALE=\(scale);FREQ=YEARLY;BYMONTH=\(Self.text(month));BYMONTHDAY=\(day);SKIP=\(skip);UNTIL=\(u)", from: start)
            }
            let omit = try run("OMIT"), forward = try run("FORWARD"), backward = try run("BACKWARD")
            let what = "RSCALE=\(scale);BYMONTH=\(Self.text(month));BYMONTHDAY=\(day) from \(start)"
            #expect(forward.count == 12 && backward.count == 12, "\(what): FORWARD \(forward.count), BACKWARD \(backward.count)")
            #expect(Set(omit).isSubset(of: forward) && Set(omit).isSubset(of: backward), "\(what): OMIT \(omit)")
            for (f, b) in zip(forward, backward) { #expect(f >= b, "\(what): FORWARD \(f) before BACKWARD \(b)") }
        }
    }

    /// A window query gives the instances of the full expansion that fall in
    /// it, and COUNT=n gives the first n of the uncounted rule: the seek and
    /// the walk agree, and SKIP's duplicates count once.
    @Test func windowsAndCountAgreeWithTheFullExpansion() throws {
        var rng = SplitMix64(seed: 0x7532)
        for _ in 0..<150 {
            let (scale, _, months) = rng.pick(Self.calendars + [("GREGORIAN", .gregorian, 12)])
            var parts = ["RSCALE=\(scale)"]
            let freq = rng.pick(["YEARLY", "YEARLY", "MONTHLY", "MONTHLY", "WEEKLY", "DAILY"])
            parts.append("FREQ=\(freq)")
            if rng.chance(0.3) { parts.append("INTERVAL=\(rng.int(2...3))") }
            if rng.chance(0.6) { parts.append("SKIP=\(rng.pick(["OMIT", "BACKWARD", "FORWARD"]))") }
            if freq != "WEEKLY" && rng.chance(0.7) { parts.append("BYMONTHDAY=\(rng.pick([1, 15, 29, 30, -1, -30]))") }
            if rng.chance(freq == "DAILY" ? 0.7 : 0.4) {
                let leap = (scale == "CHINESE" || scale == "DANGI" || scale == "HEBREW") && rng.chance(0.3)
                parts.append("BYMONTH=\(leap && scale == "HEBREW" ? 5 : rng.int(1...months))\(leap ? "L" : "")")
            }
            if freq == "YEARLY" && rng.chance(0.2) { parts.append("BYYEARDAY=\(rng.pick([1, 100, 355, 366, -1, -366]))") }
            if rng.chance(0.3) { parts.append("BYDAY=\(rng.pick(["MO", "FR,SA", "1SU", "-1TH"]))") }
            if rng.chance(0.15) { parts.append("BYSETPOS=\(rng.pick([1, -1]))") }
            let ruleText = parts.joined(separator: ";").replacingOccurrences(of: ";BYDAY=1SU", with: freq == "WEEKLY" || freq == "DAILY" ? ";BYDAY=SU" : ";BYDAY=1SU")
                .replacingOccurrences(of: ";BYDAY=-1TH", with: freq == "WEEKLY" || freq == "DAILY" ? ";BYDAY=TH" : ";BYDAY=-1TH")
            guard let rule = try? RecurrenceRule(ruleText) else { continue }
            let start = try CivilDateTime(CivilDate(daysSinceEpoch: rng.int(-10_000...25_000))!, CivilTime(9, 30, 0))
            let zone = try Zone("Asia/Jerusalem")
            let set = RecurrenceSet(start: .zoned(start, zone), rules: [rule])
            let full = try set.occurrences().prefix(150).map(\.timestamp)
            for (a, b) in zip(full, full.dropFirst()) { #expect(a < b, "\(ruleText): not increasing at \(a)") }
            guard full.count > 2 else { continue }
            let i = rng.int(0...(full.count - 2)), j = rng.int((i + 1)...(full.count - 1))
            let window = full[i] ..< full[j]
            let windowed = try set.occurrences(in: .instants(window)).map(\.timestamp)
            #expect(windowed == Array(full[i..<j]), "\(ruleText) from \(start): window \(window)")
            var counted = rule
            counted.count = j
            let first = try RecurrenceSet(start: .zoned(start, zone), rules: [counted]).occurrences().map(\.timestamp)
            #expect(first == Array(full.prefix(j)), "\(ruleText);COUNT=\(j) from \(start)")
        }
    }

    /// A Chinese or Dangi `12L` the year lacks, with SKIP=FORWARD, goes to
    /// the month after it, the next year's month 1 (RFC 7529 section 3.2):
    /// one instance each calendar year, on day 5 of 12L or of the next
    /// year's month 1 (read back through Foundation). With BYMONTH=1 too and
    /// BYSETPOS, a year's moved date can come after the next year's own:
    /// the instances stay in order, windows and COUNT agree with the full
    /// expansion.
    @Test func missingLeap12ForwardGoesToTheNextYearsFirstMonth() throws {
        var rng = SplitMix64(seed: 0x7533)
        for round in 0..<40 {
            let (scale, id) = round % 2 == 0 ? ("CHINESE", Calendar.Identifier.chinese) : ("DANGI", .dangi)
            let calendar = Self.foundationCalendar(id)
            // Near 1890 (Chinese and Dangi 12L) half of the time.
            let start = CivilDate(daysSinceEpoch: rng.chance(0.5) ? rng.int(-30_300 ... -28_000) : rng.int(-20_000...30_000))!
            let plain = try Self.dates("RSCALE=\(scale);FREQ=YEARLY;BYMONTH=12L;BYMONTHDAY=5;SKIP=FORWARD;COUNT=12", from: start)
            #expect(plain.count == 12, "\(scale) from \(start): \(plain.count)")
            var years: [Int] = []
            for d in plain {
                let c = calendar.dateComponents([.era, .year, .month, .day], from: Self.date(d))
                let leap = calendar.dateComponents([.month], from: Self.date(d)).isLeapMonth ?? false
                #expect(c.day == 5 && ((c.month == 12 && leap) || (c.month == 1 && !leap)), "\(scale) from \(start): \(d)")
                // The calendar year it stands for: its own (12L) or the one before (month 1).
                years.append(c.era! * 60 + c.year! - (c.month == 1 ? 1 : 0))
            }
            #expect(years == Array(years[0] ..< years[0] + years.count), "\(scale) from \(start): years \(years)")

            let ruleText = "RSCALE=\(scale);FREQ=YEARLY;BYMONTH=1,12L;BYMONTHDAY=5,20" + (rng.chance(0.5) ? ";BYSETPOS=1,-1" : "")
                + ";SKIP=FORWARD"
            let rule = try RecurrenceRule(ruleText)
            let zone = try Zone("Asia/Shanghai")
            let set = try RecurrenceSet(start: .zoned(CivilDateTime(start, CivilTime(9, 0, 0)), zone), rules: [rule])
            let full = try set.occurrences().prefix(40).map(\.timestamp)
            for (a, b) in zip(full, full.dropFirst()) { #expect(a < b, "\(ruleText) from \(start): not increasing at \(a)") }
            // Day 5 of every month 1 after DTSTART is an instance (BYSETPOS=1 picks it: nothing comes before it).
            let days: Set<Int> = Set(try set.occurrences().prefix(40).map { $0.start.date.daysSinceEpoch })
            let last: Int = days.max() ?? 0
            var yearEnd: Date = calendar.dateInterval(of: .year, for: Self.date(start))!.end
            while true {
                let day5: Date = calendar.date(byAdding: .day, value: 4, to: yearEnd)!
                let d = Int(day5.timeIntervalSince1970 / 86_400)
                if d >= last { break }
                #expect(days.contains(d), "\(ruleText) from \(start): \(CivilDate(daysSinceEpoch: d)!) missing")
                yearEnd = calendar.dateInterval(of: .year, for: day5)!.end
            }
            let i = rng.int(0...(full.count - 2)), j = rng.int((i + 1)...(full.count - 1))
            let windowed = try set.occurrences(in: .instants(full[i] ..< full[j])).map(\.timestamp)
            #expect(windowed == Array(full[i..<j]), "\(ruleText) from \(start): window \(i)..<\(j)")
            var counted = rule
            counted.count = j
            let first = try RecurrenceSet(start: .zoned(CivilDateTime(start, CivilTime(9, 0, 0)), zone), rules: [counted])
                .occurrences().map(\.timestamp)
            #expect(first == Array(full.prefix(j)), "\(ruleText);COUNT=\(j) from \(start)")
        }
    }
}
