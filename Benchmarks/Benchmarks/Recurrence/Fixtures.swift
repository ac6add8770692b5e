// Inputs shared by the Almanac, Foundation and baseline sides of each
// workload: the zone, DTSTART, the rules (built once from their fields and,
// once the parser exists, read from their RRULE text) and the windows.
// Everything here runs in setup, outside the measured region.

import Almanac
import AlmanacFoundation
import Foundation

// MARK: - Zone

/// America/New_York, loaded once per process.
///
/// Through `Zone("America/New_York")` (ICU) when the loader works; until then
/// from Foundation's `TimeZone`, walking its transitions into
/// `Zone(identifier:transitions:offsets:)`, the same table the Foundation
/// loader will build on Apple platforms.
let newYork: Zone = loadZone("America/New_York")

func loadZone(_ id: String) -> Zone {
    do {
        let zone = try Zone(id)
        note("zone \(id): Zone(\"\(id)\") (source \(zone.source.rawValue), tz data \(zone.dataVersion))")
        return zone
    } catch {
        note("zone \(id): Zone(\"\(id)\") failed (\(error)); using a table built from Foundation's TimeZone")
    }
    guard let tz = TimeZone(identifier: id) else { fatalError("Foundation does not know \(id)") }
    let end = try! Date(timeIntervalSince1970: Double(CivilDate(2500, 1, 1).daysSinceEpoch) * 86_400)
    var t = try! Date(timeIntervalSince1970: Double(CivilDate(1900, 1, 1).daysSinceEpoch) * 86_400)
    var transitions: [Int64] = []
    var offsets: [Offset] = try! [Offset(seconds: tz.secondsFromGMT(for: t))]
    while let next = tz.nextDaylightSavingTimeTransition(after: t), next < end {
        transitions.append(Int64(next.timeIntervalSince1970.rounded()))
        try! offsets.append(Offset(seconds: tz.secondsFromGMT(for: next)))
        t = next
    }
    do {
        return try Zone(identifier: id, transitions: transitions, offsets: offsets)
    } catch {
        fatalError("cannot build \(id) from Foundation's transitions: \(error)")
    }
}

/// Foundation's calendar for the same zone: Gregorian, weeks starting on
/// Monday (RFC 5545's default WKST).
let foundationCalendar: Calendar = {
    var c = Calendar(identifier: .gregorian)
    c.timeZone = TimeZone(identifier: "America/New_York")!
    c.firstWeekday = 2
    return c
}()

// MARK: - Times

extension Zone {
    /// The instant of a local time (RFC 5545 section 3.3.5 for gaps and overlaps).
    func instant(_ y: Int, _ m: Int, _ d: Int, _ h: Int = 0, _ min: Int = 0) -> Timestamp {
        do { return try timestamp(for: CivilDate(y, m, d).at(h, min)) } catch { fatalError("\(error)") }
    }
}

extension Timestamp {
    var date: Date { Date(timeIntervalSince1970: Double(secondsSinceEpoch)) }
}

extension Date {
    var seconds: Int64 { Int64(timeIntervalSince1970.rounded()) }
}

/// DTSTART of W1-W9: 2000-01-01 09:00 America/New_York (a Saturday).
let start2000 = try! CivilDate(2000, 1, 1).at(9, 0)

// MARK: - Rules

/// The rule read from its RRULE text when the parser works (warning when it
/// reads something else than the rule built from fields), else the rule built
/// from fields.
func resolveRule(_ text: String, built: RecurrenceRule) -> RecurrenceRule {
    do {
        let parsed = try RecurrenceRule(text)
        if parsed != built {
            warn("RecurrenceRule(\"\(text)\") differs from the rule built from its fields: parsed \(parsed) \(String(describing: parsed.byDay)) vs built \(built) \(String(describing: built.byDay)); using the parsed rule")
        }
        return parsed
    } catch {
        return built
    }
}

/// RRULE text of the rule parts the workloads use (the library's formatter may
/// still be a stub; this is only for names and messages).
func rruleText(_ r: RecurrenceRule) -> String {
    var parts = ["FREQ=\(r.frequency.rawValue)"]
    if r.interval != 1 { parts.append("INTERVAL=\(r.interval)") }
    if let c = r.count { parts.append("COUNT=\(c)") }
    if !r.byMonth.isEmpty { parts.append("BYMONTH=" + r.byMonth.map { String($0.number) }.joined(separator: ",")) }
    if !r.byMonthDay.isEmpty { parts.append("BYMONTHDAY=" + r.byMonthDay.map(String.init).joined(separator: ",")) }
    if !r.byDay.isEmpty {
        parts.append("BYDAY=" + r.byDay.map { ($0.ordinal.map(String.init) ?? "") + $0.weekday.rfcCode }.joined(separator: ","))
    }
    if !r.bySetPos.isEmpty { parts.append("BYSETPOS=" + r.bySetPos.map(String.init).joined(separator: ",")) }
    return parts.joined(separator: ";")
}

/// The same rule as Foundation's `Calendar.RecurrenceRule`, with
/// `matchingPolicy: .strict` (RFC 5545: invalid dates are skipped).
func foundationRule(_ r: RecurrenceRule, calendar: Calendar = foundationCalendar) -> Calendar.RecurrenceRule {
    let frequency: Calendar.RecurrenceRule.Frequency = switch r.frequency {
    case .secondly: fatalError("Foundation has no SECONDLY")
    case .minutely: .minutely
    case .hourly: .hourly
    case .daily: .daily
    case .weekly: .weekly
    case .monthly: .monthly
    case .yearly: .yearly
    }
    var f = Calendar.RecurrenceRule(calendar: calendar, frequency: frequency, interval: r.interval,
                                    end: r.count.map { .afterOccurrences($0) } ?? .never,
                                    matchingPolicy: .strict)
    f.months = r.byMonth.map { Calendar.RecurrenceRule.Month($0.number, isLeap: $0.isLeap) }
    f.daysOfTheMonth = r.byMonthDay
    f.daysOfTheYear = r.byYearDay
    f.weeks = r.byWeekNo
    f.weekdays = r.byDay.map { d in
        let w = localeWeekday(d.weekday)
        return d.ordinal.map { .nth($0, w) } ?? .every(w)
    }
    f.hours = r.byHour
    f.minutes = r.byMinute
    f.seconds = r.bySecond
    f.setPositions = r.bySetPos
    return f
}

func localeWeekday(_ w: Weekday) -> Locale.Weekday {
    switch w {
    case .monday: .monday
    case .tuesday: .tuesday
    case .wednesday: .wednesday
    case .thursday: .thursday
    case .friday: .friday
    case .saturday: .saturday
    case .sunday: .sunday
    }
}

// MARK: - Workloads W1-W9

/// One rule from one DTSTART, expanded whole (COUNT) or over a window.
struct Workload: Sendable {
    let id: String
    let rule: RecurrenceRule
    let text: String
    let start: CivilDateTime
    /// `nil`: the whole series (the rule has a COUNT).
    let window: Range<Timestamp>?
    /// Foundation's answer is known to be wrong (noted, not a mismatch).
    let foundationCaveat: String?

    init(_ id: String, _ built: RecurrenceRule, start: CivilDateTime = start2000,
         window: Range<Timestamp>? = nil, foundationCaveat: String? = nil) {
        self.id = id
        self.text = rruleText(built)
        self.rule = resolveRule(text, built: built)
        do {
            _ = try RecurrenceRule(text)
            note("rules: read from their RRULE text with RecurrenceRule(_:) (a warning says so when one differs from the rule built from its fields)")
        } catch {
            note("rules: built from fields (RecurrenceRule(_:) failed: \(error))")
        }
        self.start = start
        self.window = window
        self.foundationCaveat = foundationCaveat
    }

    /// The Almanac recurrence set: DTSTART is an instance only when the rule
    /// produces it, as in Foundation, dateutil and rrule.js (the W2-W6 DTSTART,
    /// a Saturday, is not an instance of those rules).
    var set: RecurrenceSet {
        RecurrenceSet(start: .zoned(start, newYork), rules: [rule], options: ExpansionOptions(includesStart: false))
    }

    var foundation: Calendar.RecurrenceRule { foundationRule(rule) }
    var foundationStart: Date { newYork.instant(start.date.year, start.date.month, start.date.day, start.time.hour, start.time.minute).date }
    var foundationWindow: Range<Date>? { window.map { $0.lowerBound.date ..< $0.upperBound.date } }

    /// RFC 5545's answer, from the brute-force oracle (day-level rules only;
    /// W7 is checked against its baseline loop instead).
    var oracle: [Int64]? { rule.frequency >= .daily ? Oracle.instants(rule, start: start, window: window) : nil }
}

/// What a measured closure needs, built in setup so that nothing in the
/// measured region allocates but the code under test.
struct Prepared {
    let workload: Workload
    let set: RecurrenceSet
    let window: Range<Timestamp>?
    let foundation: Calendar.RecurrenceRule
    let foundationStart: Date
    let foundationWindow: Range<Date>?

    init(_ w: Workload) {
        workload = w
        set = w.set
        window = w.window
        foundation = w.foundation
        foundationStart = w.foundationStart
        foundationWindow = w.foundationWindow
    }
}

func rule(_ f: RecurrenceRule.Frequency, interval: Int = 1, count: Int? = nil, byMonth: [RecurrenceRule.Month] = [],
          byMonthDay: [Int] = [], byDay: [RecurrenceRule.WeekdayNum] = [], bySetPos: [Int] = []) -> RecurrenceRule {
    var r = RecurrenceRule(frequency: f)
    r.interval = interval
    r.count = count
    r.byMonth = byMonth.sorted()
    r.byMonthDay = byMonthDay.sorted()
    r.byDay = byDay.sorted()
    r.bySetPos = bySetPos.sorted()
    return r
}

let weekdaysMF: [RecurrenceRule.WeekdayNum] = [.every(.monday), .every(.tuesday), .every(.wednesday), .every(.thursday), .every(.friday)]

/// The workloads by id. W1-10k is W1 at a tenth of the size: its allocation
/// count must equal W1's.
let workloads: [String: Workload] = {
    let w: [Workload] = [
        Workload("W1", rule(.daily, count: 100_000)),
        Workload("W1-10k", rule(.daily, count: 10_000)),
        Workload("W2", rule(.weekly, count: 100_000, byDay: [.every(.monday), .every(.wednesday), .every(.friday)])),
        Workload("W3", rule(.monthly, count: 10_000, byDay: [.nth(-1, .friday)])),
        Workload("W4", rule(.monthly, count: 10_000, byMonthDay: [31])),
        Workload("W5", rule(.yearly, count: 10_000, byMonth: [1, 7], byDay: [.nth(1, .monday), .nth(-1, .sunday)]),
                 foundationCaveat: "Foundation's YEARLY with BYMONTH and ordinal BYDAY leaves out the -1SU days, skips some 1MO days (2001-07-02) and adds days outside BYMONTH (2004-02-29, a Sunday)"),
        Workload("W6", rule(.monthly, count: 10_000, byDay: weekdaysMF, bySetPos: [-1]),
                 foundationCaveat: "Foundation's MONTHLY with plain weekdays expands only the first matching day of each month, so its BYSETPOS=-1 answers are wrong"),
        Workload("W7", rule(.hourly, interval: 7, count: 100_000)),
        Workload("W8", rule(.daily), window: newYork.instant(2090, 1, 1) ..< newYork.instant(2090, 2, 1)),
        // W8's target: a window 90 years after DTSTART costs no more than the same window at DTSTART.
        Workload("W8-start", rule(.daily), window: newYork.instant(2000, 1, 1) ..< newYork.instant(2000, 2, 1)),
        Workload("W9", rule(.yearly, byMonth: [2], byMonthDay: [30]), window: newYork.instant(2000, 1, 1) ..< newYork.instant(2100, 1, 1)),
        // W9 in MONTHLY frames: every month of the century is a frame (issue 25).
        Workload("W9b", rule(.monthly, byMonth: [2], byMonthDay: [30]), window: newYork.instant(2000, 1, 1) ..< newYork.instant(2100, 1, 1)),
    ]
    return Dictionary(uniqueKeysWithValues: w.map { ($0.id, $0) })
}()

// MARK: - W10: many series, one week

/// One series of W10.
struct Series: Sendable {
    let text: String
    let set: RecurrenceSet
    let start: CivilDateTime
    let foundation: Calendar.RecurrenceRule
    let foundationStart: Date
}

/// The W10 window: Monday 2025-06-02 00:00 to Monday 2025-06-09 00:00, New York.
let weekWindow: Range<Timestamp> = newYork.instant(2025, 6, 2) ..< newYork.instant(2025, 6, 9)
let foundationWeekWindow: Range<Date> = weekWindow.lowerBound.date ..< weekWindow.upperBound.date
/// Local dates that can touch the window (for the oracle).
let weekWindowDays: [CivilDate] = try! (0..<9).map { try CivilDate(2025, 6, 1).adding(days: $0) }

/// `count` weekly and monthly series with DTSTARTs in the year before the
/// window (`yearsBack == 0`) or the same series moved `yearsBack` years earlier.
///
/// Weekly (half): 1-3 weekdays, INTERVAL 1 or 2. Monthly (half): one
/// BYMONTHDAY in 1...28, or one BYDAY such as 2TU or -1FR. Times from 07:00 to
/// 20:45 in quarter hours. No COUNT, so a window query may seek.
func makeSeries(count: Int, yearsBack: Int = 0, seed: UInt64 = 0x5EED) -> [Series] {
    var rng = SplitMix64(seed)
    let firstDay = try! CivilDate(2024, 6, 2).daysSinceEpoch
    var out: [Series] = []
    out.reserveCapacity(count)
    for _ in 0..<count {
        var d = CivilDate(daysSinceEpoch: firstDay + rng.int(365))!
        if yearsBack != 0 { d = try! CivilDate(d.year - yearsBack, d.month, min(d.day, 28)) }
        let time = try! CivilTime(7 + rng.int(14), 15 * rng.int(4))
        var r: RecurrenceRule
        if rng.int(2) == 0 {
            r = RecurrenceRule(frequency: .weekly)
            r.interval = rng.int(10) < 7 ? 1 : 2
            var days = Set<Weekday>()
            let n = 1 + rng.int(3)
            while days.count < n { days.insert(Weekday(rawValue: 1 + rng.int(7))!) }
            r.byDay = days.map { .every($0) }.sorted()
        } else {
            r = RecurrenceRule(frequency: .monthly)
            if rng.int(2) == 0 {
                r.byMonthDay = [1 + rng.int(28)]
            } else {
                let ordinals = [1, 2, 3, 4, -1]
                r.byDay = [.nth(ordinals[rng.int(5)], Weekday(rawValue: 1 + rng.int(7))!)]
            }
        }
        let text = rruleText(r)
        let resolved = resolveRule(text, built: r)
        let start = CivilDateTime(d, time)
        out.append(Series(
            text: text,
            set: RecurrenceSet(start: .zoned(start, newYork), rules: [resolved], options: ExpansionOptions(includesStart: false)),
            start: start,
            foundation: foundationRule(resolved),
            foundationStart: newYork.instant(d.year, d.month, d.day, time.hour, time.minute).date))
    }
    return out
}
