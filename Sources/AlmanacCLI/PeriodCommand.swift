import Almanac
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
            everything up to --limit entries per list. --json has them all up to \
            --limit: {"period", "kind", "week_rule", "first", "last", "day_count", \
            "list_granularity", "dates", "weeks", "months", "years", "truncated"}, each \
            overlapping period as {"period", "first", "last", "day_count", \
            "shared_first", "shared_last", "shared_days"}; "truncated" says whether a \
            list was cut at --limit.

            Exit status: 0 on success, 2 for a usage or input error (the message goes \
            to standard error; with --json, {"error":{"kind":…,"message":…}} also goes \
            to standard output), 1 if the output cannot be written.
            """
    )

    @Argument(help: ArgumentHelp("2023-11-27, 2023-W48, 2023-11, 2023 or 2023-11-27/P10D.", valueName: "period"))
    var period: String

    @OptionGroup var weekRule: WeekRuleOption

    @Flag(help: "List every overlapping period, up to --limit.")
    var all = false

    @Option(parsing: .unconditional,
            help: ArgumentHelp("At most this many entries in each list (dates, weeks, months, years).", valueName: "n"))
    var limit = 1000

    @OptionGroup var output: JSONOption

    func run() throws {
        let limit = try CLI.limit(limit)
        let rule = try weekRule.rule()
        // A week number without its own rule is read with --week-rule.
        var text = period
        if !rule.isISO, text.uppercased().contains("-W"), !text.contains("@") { text += "@" + rule.description }
        let p: Period
        do throws(AlmanacError) { p = try Period(parsing: text) } catch { throw error }
        let groups: [(name: String, granularity: Period.Granularity)] = [("weeks", .week), ("months", .month), ("years", .year)]

        if output.json {
            try CLI.writeJSON(PeriodJSON(p, rule: p.weekRule ?? rule, groups: groups.map(\.granularity), limit: limit))
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
            for d in p.dates.prefix(limit) {
                row.append(Text.dateAndWeekday(d))
                if row.count == 4 {
                    out += indent + row.joined(separator: "  ") + "\n"
                    row.removeAll()
                }
            }
            if !row.isEmpty { out += indent + row.joined(separator: "  ") + "\n" }
            if p.dayCount > limit { out += indent + "… truncated at \(limit) dates (--limit raises it)\n" }
        }
        for (name, periods) in lists {
            var shown: [Period?] = periods
            if !all && periods.count > 12 { shown = Array(periods.prefix(2)) + [nil] + Array(periods.suffix(2)) }
            if all && periods.count > limit { shown = Array(periods.prefix(limit)) + [nil] }
            for (k, q) in shown.enumerated() {
                out += Text.padded(k == 0 ? name : "", margin)
                guard let q else {
                    out += all ? "… truncated at \(limit) (--limit raises it)\n" : "… \(periods.count - 4) more (--all lists them)\n"
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

/// `almanac period --json`.
struct PeriodJSON: Encodable {
    var period: String
    var kind: String
    var weekRule: String
    var first: String
    var last: String
    var dayCount: Int
    var listGranularity: String
    var dates: [String]
    var weeks: [Overlap]
    var months: [Overlap]
    var years: [Overlap]
    var truncated: Bool

    enum CodingKeys: String, CodingKey {
        case period, kind, weekRule = "week_rule", first, last, dayCount = "day_count", listGranularity = "list_granularity"
        case dates, weeks, months, years, truncated
    }

    /// A period that shares days with the one shown.
    struct Overlap: Encodable {
        var period: String
        var first: String
        var last: String
        var dayCount: Int
        var sharedFirst: String
        var sharedLast: String
        var sharedDays: Int

        enum CodingKeys: String, CodingKey {
            case period, first, last, dayCount = "day_count", sharedFirst = "shared_first", sharedLast = "shared_last"
            case sharedDays = "shared_days"
        }

        init(_ q: Period, sharing p: Period) {
            let shared = q.intersection(p)!
            period = q.description
            first = q.firstDay.description
            last = q.lastDay.description
            dayCount = q.dayCount
            sharedFirst = shared.firstDay.description
            sharedLast = shared.lastDay.description
            sharedDays = shared.dayCount
        }
    }

    init(_ p: Period, rule: WeekRule, groups: [Period.Granularity], limit: Int) {
        period = p.description
        kind = p.granularity?.description ?? "span"
        weekRule = rule.description
        first = p.firstDay.description
        last = p.lastDay.description
        dayCount = p.dayCount
        listGranularity = p.listGranularity.description
        dates = p.dates.prefix(limit).map(\.description)
        var lists: [[Overlap]] = []
        var cut = p.dayCount > limit
        for g in groups {
            let periods = p.periods(of: g, weekRule: rule)
            cut = cut || periods.count > limit
            lists.append(periods.prefix(limit).map { Overlap($0, sharing: p) })
        }
        (weeks, months, years) = (lists[0], lists[1], lists[2])
        truncated = cut
    }
}
