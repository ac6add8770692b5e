import Almanac
import AlmanacRequests
import ArgumentParser

/// `almanac period`: a day, week, month, year or span, and the periods it overlaps.
struct PeriodCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "period",
        abstract: "Show a day, week, month, year or span: its dates and the periods it overlaps.",
        discussion: """
            Prints the period's dates, then every week, month and year it shares a day \
            with: the days they share and how many of the other period's days that is. \
            A to-do assigned to the period shows in the lists of those weeks, months \
            and years (when it is visible there).

            Periods: 2023-11-27 (a day), 2023-W48 (an ISO 8601 week), 2023-11 (a \
            month), 2023 (a year), 2023-11-27/P10D (a span of days).

            Examples:

              ISO week 48 of 2023, Monday 27 November to Sunday 3 December,
              overlaps November and December:
                almanac period 2023-W48
                2023-W48    week 48 of 2023 (MO4: from Monday, week 1 holds 4 January)
                dates       2023-11-27 Mon … 2023-12-03 Sun (7 days)
                            2023-11-27 Mon  2023-11-28 Tue  2023-11-29 Wed  2023-11-30 Thu
                            2023-12-01 Fri  2023-12-02 Sat  2023-12-03 Sun
                weeks       2023-W48    2023-11-27 … 2023-12-03    7 of 7 days
                months      2023-11     2023-11-27 … 2023-11-30    4 of 30 days
                            2023-12     2023-12-01 … 2023-12-03    3 of 31 days
                years       2023        2023-11-27 … 2023-12-03    7 of 365 days

              The same week number with US weeks (from Sunday, week 1 holds 1 January):
                almanac period 2023-W48 --week-rule SU1

              The weeks of a month, as JSON:
                almanac period 2024-02 --json

            The dates are listed one by one for periods of up to 14 days; long lists \
            (the weeks of a year) show their first and last two entries; --all shows \
            everything. --json always has them all: {"period", "kind", \
            "week_rule", "first", "last", "day_count", "list_granularity", "dates", \
            "weeks", "months", "years"}, each overlapping period as {"period", \
            "first", "last", "day_count", "shared_first", "shared_last", "shared_days"}.

            Exit status: 0 on success, 2 for a usage or input error, 1 if the output \
            cannot be written.
            """
    )

    @Argument(help: ArgumentHelp("2023-11-27, 2023-W48, 2023-11, 2023 or 2023-11-27/P10D.", valueName: "period"))
    var period: String

    @Option(name: .customLong("week-rule"),
            help: ArgumentHelp("Weeks start on this weekday and week 1 has at least this many days of the year: MO4 (ISO 8601, the default), SU1 (US).", valueName: "rule"))
    var weekRule = "MO4"

    @Flag(help: "List every overlapping period, however many.")
    var all = false

    @Flag(help: "Print one JSON object.")
    var json = false

    func run() throws {
        let rule = try CLI.weekRule(weekRule)
        // A week number without its own rule is read with --week-rule.
        var text = period
        if !rule.isISO, text.contains("-W"), !text.contains("@") { text += "@" + rule.description }
        let p: Period
        do throws(AlmanacError) { p = try Period(parsing: text) } catch { throw CLI.inputError(error.message) }
        let groups: [(name: String, granularity: Period.Granularity)] = [("weeks", .week), ("months", .month), ("years", .year)]

        if json {
            var w = JSONWriter()
            w.raw("{\"period\":")
            w.string(p.description)
            w.raw(",\"kind\":")
            w.string(p.granularity?.description ?? "span")
            w.raw(",\"week_rule\":")
            w.string((p.weekRule ?? rule).description)
            w.raw(",\"first\":")
            w.string(p.firstDay.description)
            w.raw(",\"last\":")
            w.string(p.lastDay.description)
            w.raw(",\"day_count\":")
            w.int(p.dayCount)
            w.raw(",\"list_granularity\":")
            w.string(p.listGranularity.description)
            w.raw(",\"dates\":[")
            for (k, d) in p.dates.enumerated() {
                if k > 0 { w.byte(0x2C) }
                w.string(d.description)
            }
            w.byte(0x5D)
            for g in groups {
                w.bytes.append(contentsOf: ",\"\(g.name)\":[".utf8)
                for (k, q) in p.periods(of: g.granularity, weekRule: p.weekRule ?? rule).enumerated() {
                    if k > 0 { w.byte(0x2C) }
                    let shared = q.intersection(p)!
                    w.raw("{\"period\":")
                    w.string(q.description)
                    w.raw(",\"first\":")
                    w.string(q.firstDay.description)
                    w.raw(",\"last\":")
                    w.string(q.lastDay.description)
                    w.raw(",\"day_count\":")
                    w.int(q.dayCount)
                    w.raw(",\"shared_first\":")
                    w.string(shared.firstDay.description)
                    w.raw(",\"shared_last\":")
                    w.string(shared.lastDay.description)
                    w.raw(",\"shared_days\":")
                    w.int(shared.dayCount)
                    w.byte(0x7D)
                }
                w.byte(0x5D)
            }
            w.raw("}\n")
            try CLI.write(w.bytes)
            return
        }

        let lists = groups.map { g in (g.name, p.periods(of: g.granularity, weekRule: p.weekRule ?? rule)) }
        let margin = max(12, p.description.count + 2)
        let width = max(12, lists.flatMap { $0.1.map(\.description.count) }.max()! + 4)
        let indent = String(repeating: " ", count: margin)
        var out = Text.padded(p.description, margin) + Self.summary(p) + "\n"
        out += Text.padded("dates", margin) + "\(Text.dateAndWeekday(p.firstDay))"
        out += p.dayCount == 1 ? " (1 day)\n" : " … \(Text.dateAndWeekday(p.lastDay)) (\(p.dayCount) days)\n"
        if p.dayCount > 1 && (p.dayCount <= 14 || all) {
            var row: [String] = []
            for d in p.dates {
                row.append(Text.dateAndWeekday(d))
                if row.count == 4 {
                    out += indent + row.joined(separator: "  ") + "\n"
                    row.removeAll()
                }
            }
            if !row.isEmpty { out += indent + row.joined(separator: "  ") + "\n" }
        }
        for (name, periods) in lists {
            var shown: [Period?] = periods
            if !all && periods.count > 12 { shown = Array(periods.prefix(2)) + [nil] + Array(periods.suffix(2)) }
            for (k, q) in shown.enumerated() {
                out += Text.padded(k == 0 ? name : "", margin)
                guard let q else {
                    out += "… \(periods.count - 4) more (--all lists them)\n"
                    continue
                }
                let shared = q.intersection(p)!
                out += Text.padded(q.description, width) + "\(shared.firstDay) … \(shared.lastDay)    "
                out += "\(shared.dayCount) of \(q.dayCount) day\(q.dayCount == 1 ? "" : "s")\n"
            }
        }
        try CLI.write(out)
    }

    /// What the period is, in words.
    static func summary(_ p: Period) -> String {
        let first = p.firstDay
        if let rule = p.weekRule, let (year, week) = p.weekOfYear {
            // Week 1 is the first week with at least n days of the year: the one holding n January.
            return "week \(week) of \(year) (\(rule): from \(fullWeekday(rule.firstWeekday)), week 1 holds \(rule.minimumDaysInFirstWeek) January)"
        }
        switch p.granularity {
        case .day?: return "day: a \(fullWeekday(first.weekday)), day \(first.dayOfYear) of \(first.year)"
        case .month?: return "month: \(Text.monthTitle(first))"
        case .year?: return "year: \(p.dayCount) days" + (first.isLeapYear ? " (a leap year)" : "")
        default: return "span of \(p.dayCount) day\(p.dayCount == 1 ? "" : "s") (lists like a \(p.listGranularity))"
        }
    }

    static func fullWeekday(_ w: Weekday) -> String {
        ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"][w.rawValue - 1]
    }
}
