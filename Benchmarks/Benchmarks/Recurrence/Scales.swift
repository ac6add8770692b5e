// Issue 13's rows: rules in calendars other than the Gregorian (RFC 7529
// RSCALE), each beside the same rule shape in the Gregorian calendar with
// the same COUNT, and beside Foundation's Calendar.RecurrenceRule in the
// same calendar (Calendar(identifier: .chinese / .hebrew / .islamicCivil),
// through Almanac's bridge `Calendar.RecurrenceRule(_:timeZone:)`).
//
// R1        RSCALE=CHINESE;FREQ=YEARLY;BYMONTH=8;BYMONTHDAY=15, COUNT=5000 from
//           2000-09-12 (Chinese 8/15, the Mid-Autumn festival)
// R1-small  the same with COUNT=500: its allocation count must equal R1's
// R1-G      FREQ=YEARLY;BYMONTH=8;BYMONTHDAY=15, COUNT=5000 from 2000-08-15
// R2        RSCALE=HEBREW;FREQ=MONTHLY;BYMONTHDAY=1, COUNT=10000 from
//           2000-09-30 (1 Tishri 5761)
// R2-G      FREQ=MONTHLY;BYMONTHDAY=1, COUNT=10000 from 2000-10-01
// R3        RSCALE=ISLAMIC-CIVIL;FREQ=YEARLY;BYMONTH=9;BYMONTHDAY=1, COUNT=8000
//           from 2000-11-28 (1 Ramadan 1421 in the arithmetic calendar)
// R3-G      FREQ=YEARLY;BYMONTH=9;BYMONTHDAY=1, COUNT=8000 from 2000-09-01
//           (8,000 is as far as the Gregorian twin reaches: 2000...9999)
//
// All at 09:00 America/New_York. Almanac reads an RSCALE calendar's year
// tables 32 years at a time, once per process (Sources/Almanac/Scale): the
// setup expands each rule once, so the tables are warm before the measured
// region, as they are in a long-running process.
//
// Checks (setup): the count; DTSTART is the first instance; the calendar
// check, independent of both engines' expansion: every instance read back
// through Foundation's calendar of that RSCALE (ICU) is the rule's month and
// day, and consecutive instances lie one calendar year (or month) apart
// (353-385 days for a Chinese year, 354-355 for an Islamic one, 29-30 for a
// Hebrew month), so none is missing; the Gregorian twins against the RFC 5545
// oracle; Foundation's instants against Almanac's (every one in a full run,
// the first 2,000 in CI).

import Almanac
import Benchmark
import AlmanacFoundation
import Foundation

/// One RSCALE workload or its Gregorian twin.
struct ScaledWorkload: Sendable {
    let id: String
    /// The RRULE as written (with COUNT).
    let text: String
    let rule: RecurrenceRule
    let start: CivilDateTime
    /// The calendar the instances are checked in (Foundation's, ICU's).
    let calendar: Calendar.Identifier
    /// What every instance is in `calendar`: its month (nil: any) and day, never a leap month.
    let month: Int?
    let day: Int
    /// Days between consecutive instances: one year or one month of `calendar`.
    let gap: ClosedRange<Int>
    /// The twin whose per-occurrence cost this one is compared with (nil for the twins).
    let gregorianTwin: String?
    /// What is known of Foundation's answer when it differs.
    let knownFoundation: String?

    /// Why Foundation's instants differ, when they do: Almanac's pass the calendar check.
    var foundationCaveat: String {
        (knownFoundation.map { $0 + "; " } ?? "") + "Almanac's instants pass the calendar check (each is \(month.map { "month \($0) " } ?? "")day \(day) "
            + "in Foundation's own \(calendar) calendar, consecutive ones \(gap.lowerBound)-\(gap.upperBound) days apart)"
    }

    init(_ id: String, _ text: String, start: CivilDate, calendar: Calendar.Identifier, month: Int?, day: Int,
         gap: ClosedRange<Int>, twin: String? = nil, knownFoundation: String? = nil) {
        self.id = id
        self.text = text
        do { rule = try RecurrenceRule(text) } catch { fatalError("\(id): cannot read \(text): \(error)") }
        self.start = try! start.at(9, 0)
        self.calendar = calendar
        self.month = month
        self.day = day
        self.gap = gap
        gregorianTwin = twin
        self.knownFoundation = knownFoundation
    }

    var set: RecurrenceSet {
        RecurrenceSet(start: .zoned(start, newYork), rules: [rule], options: ExpansionOptions(includesStart: false))
    }

    /// Foundation's form, through Almanac's bridge (RSCALE's calendar, `.strict`).
    var foundation: Calendar.RecurrenceRule {
        do { return try Calendar.RecurrenceRule(rule, timeZone: TimeZone(identifier: "America/New_York")!) } catch {
            fatalError("\(id): the Foundation bridge refuses \(text): \(error)")
        }
    }

    var foundationStart: Date { newYork.instant(start.date.year, start.date.month, start.date.day, start.time.hour, start.time.minute).date }
}

/// Seen with Foundation on Linux (swift-foundation's Calendar_Recurrence), 2026-11-25.
let chineseCaveat = "Foundation's Chinese YEARLY rule leaves out 2044-10-05 (8/15 of a year with a leap 7th month; its own calendar reads "
    + "that day as month 8 day 15) and ends with 2103-09-15, the last year of a 60-year cycle (it does not go on into the next era): "
    + "103 instances where COUNT asks for 5,000"

let scaledWorkloads: [String: ScaledWorkload] = {
    let w: [ScaledWorkload] = [
        try! ScaledWorkload("R1", "RSCALE=CHINESE;FREQ=YEARLY;BYMONTH=8;BYMONTHDAY=15;COUNT=5000", start: CivilDate(2000, 9, 12),
                       calendar: .chinese, month: 8, day: 15, gap: 353...385, twin: "R1-G", knownFoundation: chineseCaveat),
        try! ScaledWorkload("R1-small", "RSCALE=CHINESE;FREQ=YEARLY;BYMONTH=8;BYMONTHDAY=15;COUNT=500", start: CivilDate(2000, 9, 12),
                       calendar: .chinese, month: 8, day: 15, gap: 353...385, twin: "R1-G"),
        try! ScaledWorkload("R1-G", "FREQ=YEARLY;BYMONTH=8;BYMONTHDAY=15;COUNT=5000", start: CivilDate(2000, 8, 15),
                       calendar: .gregorian, month: 8, day: 15, gap: 365...366),
        try! ScaledWorkload("R2", "RSCALE=HEBREW;FREQ=MONTHLY;BYMONTHDAY=1;COUNT=10000", start: CivilDate(2000, 9, 30),
                       calendar: .hebrew, month: nil, day: 1, gap: 29...30, twin: "R2-G"),
        try! ScaledWorkload("R2-G", "FREQ=MONTHLY;BYMONTHDAY=1;COUNT=10000", start: CivilDate(2000, 10, 1),
                       calendar: .gregorian, month: nil, day: 1, gap: 28...31),
        try! ScaledWorkload("R3", "RSCALE=ISLAMIC-CIVIL;FREQ=YEARLY;BYMONTH=9;BYMONTHDAY=1;COUNT=8000", start: CivilDate(2000, 11, 28),
                       calendar: .islamicCivil, month: 9, day: 1, gap: 354...355, twin: "R3-G"),
        try! ScaledWorkload("R3-G", "FREQ=YEARLY;BYMONTH=9;BYMONTHDAY=1;COUNT=8000", start: CivilDate(2000, 9, 1),
                       calendar: .gregorian, month: 9, day: 1, gap: 365...366),
    ]
    return Dictionary(uniqueKeysWithValues: w.map { ($0.id, $0) })
}()

/// The ids in table order; R1-Foundation, R2-Foundation and R3-Foundation run in full runs.
let scaledIDs = ["R1", "R1-small", "R1-G", "R2", "R2-G", "R3", "R3-G"]

func registerScales() {
    for id in scaledIDs {
        let hasFoundation = scaledWorkloads[id]!.gregorianTwin != nil && id != "R1-small"
        Benchmark("\(id)-Almanac") { benchmark, set in
            benchmark.timed {
                blackHole(almanacTally(set, in: nil))
            }
        } setup: { () -> RecurrenceSet in
            let w = scaledWorkloads[id]!
            // Expanding once reads every year table the run touches (they
            // are cached per process): the measured runs find them warm.
            let a = almanacInstants(w.set, in: nil)
            checkCount(id, side: "Almanac", text: w.text, got: a.count, expected: w.rule.count)
            let verified = checkScaled(w, a)
            if w.gregorianTwin == nil {
                checkOracle(id, text: w.text, start: w.start, almanac: a, oracle: Oracle.instants(w.rule, start: w.start, window: nil))
            }
            if id == "R1" || id == "R3" || id == "R3-G" { reportReach(w) }
            if quickMode && hasFoundation {
                // CI skips the Foundation benchmarks: compare a prefix here instead.
                let k = min(w.rule.count!, 2_000)
                var f = w.foundation
                f.end = .afterOccurrences(k)
                let (ak, fk) = (Array(a.prefix(k)), foundationInstants(f, start: w.foundationStart, in: nil))
                checkFoundation(id, text: w.text + " (first \(k))", start: w.start, almanac: ak, foundation: fk,
                                oracle: verified ? ak : nil, caveat: ak == fk ? nil : w.foundationCaveat)
            }
            return w.set
        }

        guard hasFoundation else { continue }
        Benchmark("\(id)-Foundation") { benchmark, p in
            benchmark.timed {
                blackHole(foundationTally(p.0, start: p.1, in: nil))
            }
        } setup: { () -> (Calendar.RecurrenceRule, Date) in
            let w = scaledWorkloads[id]!
            let f = foundationInstants(w.foundation, start: w.foundationStart, in: nil)
            report("count", id, "Foundation", String(f.count), w.text)
            let a = almanacInstants(w.set, in: nil)
            checkFoundation(id, text: w.text, start: w.start, almanac: a, foundation: f,
                            oracle: checkScaled(w, a, quiet: true) ? a : nil, caveat: a == f ? nil : w.foundationCaveat)
            return (w.foundation, w.foundationStart)
        }
    }
}

/// The calendar check: DTSTART is the first instance, every instance is the
/// rule's month and day in Foundation's calendar of the same RSCALE, and
/// consecutive ones are one year (or month) of it apart. Returns whether
/// Almanac's instants pass, which with the count makes them the only right
/// answer (the checks then treat them as the oracle).
@discardableResult
func checkScaled(_ w: ScaledWorkload, _ a: [Int64], quiet: Bool = false) -> Bool {
    var calendar = Calendar(identifier: w.calendar)
    calendar.timeZone = TimeZone(identifier: "America/New_York")!
    var problems: [String] = []
    let start = newYork.instant(w.start.date.year, w.start.date.month, w.start.date.day, w.start.time.hour, w.start.time.minute)
    if a.first != start.secondsSinceEpoch {
        problems.append("the first instance is \(a.first.map(show) ?? "none"), not DTSTART \(w.start)")
    }
    for (i, s) in a.enumerated() {
        let c = calendar.dateComponents([.month, .day, .isLeapMonth], from: Date(timeIntervalSince1970: Double(s)))
        if c.day != w.day || (w.month != nil && c.month != w.month) || c.isLeapMonth == true {
            problems.append("#\(i) \(show(s)) is \(c.isLeapMonth == true ? "leap " : "")month \(c.month ?? 0) day \(c.day ?? 0) in \(w.calendar)")
        }
        if i > 0 {
            let days = Int((s - a[i - 1] + 43_200).quotient(dividingBy: 86_400))
            if !w.gap.contains(days) {
                problems.append("#\(i) \(show(s)) is \(days) days after #\(i - 1), outside \(w.gap)")
            }
        }
        if problems.count >= 3 { break }
    }
    if problems.isEmpty {
        if !quiet {
            report("check", w.id, "agree", "the calendar check: \(a.count) instances, each \(w.month.map { "month \($0) " } ?? "")day \(w.day) in Foundation's \(w.calendar) calendar, "
                   + "\(w.gap.lowerBound)-\(w.gap.upperBound) days apart, first \(a.first.map(show) ?? "-"), last \(a.last.map(show) ?? "-")")
        }
        return true
    }
    report("check", w.id, "MISMATCH", "the calendar check: " + problems.joined(separator: "; "))
    warn("\(w.id) \(w.text): the calendar check fails: " + problems.joined(separator: "; "))
    return false
}

/// How many instances the rule has without COUNT (the tables end with
/// Gregorian year 9999): the largest COUNT a workload can ask for.
func reportReach(_ w: ScaledWorkload) {
    var r = w.rule
    r.count = nil
    let set = RecurrenceSet(start: .zoned(w.start, newYork), rules: [r], options: ExpansionOptions(includesStart: false))
    let a = almanacInstants(set, in: nil)
    note("\(w.id): without COUNT the rule has \(a.count) instances from \(w.start.date) (last \(a.last.map(show) ?? "-")); the workload takes \(w.rule.count ?? 0)")
}

private extension Int64 {
    func quotient(dividingBy d: Int64) -> Int64 {
        let q = self / d
        return (self % d != 0 && (self < 0) != (d < 0)) ? q - 1 : q
    }
}
