import Almanac
import AlmanacCalendar

/// The plan: the periods of each horizon with the event slices and to-dos they list.
struct Plan {
    struct Entry {
        var event: Int
        var slice: DaySlice
        /// The instance's own title: an override's SUMMARY (a moved
        /// instance may be renamed), else its series'.
        var title: String
    }

    struct PeriodList {
        var period: Period
        var slices: [Entry]
        var todos: [AgendaItem]
    }

    struct Section {
        var title: String
        var horizon: String
        var granularity: Period.Granularity
        var showsEvents: Bool
        var lists: [PeriodList]
    }

    /// How many event slices a plan holds by default (`--limit`).
    static let defaultLimit = 5000

    let file: AgendaFile
    let from: CivilDate
    let viewer: Zone
    let weekRule: WeekRule
    let limit: Int
    var sections: [Section] = []
    /// The list where the plan reached ``limit`` slices, if it did.
    var truncatedIn: Period?

    init(_ file: AgendaFile, from: CivilDate, viewer: Zone, weekRule: WeekRule, limit: Int) throws(AlmanacError) {
        self.file = file
        self.from = from
        self.viewer = viewer
        self.weekRule = weekRule
        self.limit = limit
        let agenda = Agenda(file.todos)
        let horizons: [(Horizon, String)] = [(.days(7), "Next 7 days"), (.weeks(6), "Next 6 weeks"), (.months(6), "Next 6 months")]
        var first = Int.max, last = Int.min
        var budget = limit
        for (horizon, title) in horizons {
            guard let periods = try? horizon.periods(from: from, weekRule: weekRule) else {
                throw CLI.inputError(option: "--from", "a plan of \(horizon) from \(from) leaves the supported years 1...9999")
            }
            var lists: [PeriodList] = []
            for p in periods {
                var entries = try slices(of: p, budget: &budget)
                entries.sort(by: Self.dayOrder)
                lists.append(PeriodList(period: p, slices: entries, todos: agenda.list(for: p)))
                first = min(first, p.firstDay.daysSinceEpoch)
                last = max(last, p.lastDay.daysSinceEpoch)
            }
            sections.append(Section(title: title, horizon: horizon.description, granularity: horizon.granularity,
                                    showsEvents: true, lists: lists))
        }
        // The years the plan reaches, for the to-dos assigned to a whole year.
        let years = Period.periods(of: .year, from: CivilDate(_unchecked: first), through: CivilDate(_unchecked: last))
        sections.append(Section(title: "The years of the plan (to-dos)", horizon: "years", granularity: .year, showsEvents: false,
                                lists: years.map { PeriodList(period: $0, slices: [], todos: agenda.list(for: $0)) }))
    }

    /// The slices of every event in a period, at most `budget` of them in
    /// all; the first list that would pass the budget is where the plan is
    /// truncated.
    mutating func slices(of p: Period, budget: inout Int) throws(AlmanacError) -> [Entry] {
        var entries: [Entry] = []
        // The slices of each calendar (the file's, each --ics file's) in this period, by series, worked out once.
        var fromCalendars: [Int: [Int: [CalendarDaySlice]]] = [:]
        for (k, event) in file.events.enumerated() {
            if budget == 0, truncatedIn != nil { break }
            // Every event has its calendar: the file's (indexEvents()) or its --ics file's.
            guard let c = event.calendar else { continue }
            if fromCalendars[c.ordinal] == nil {
                let found = c.calendar.daySlices(in: p, viewer: viewer, dropsCancelled: true)
                fromCalendars[c.ordinal] = Dictionary(grouping: found, by: \.occurrence.eventIndex)
            }
            // An override is a whole component (RFC 5545 section 3.8.4.4): its own title, or none (then its UID).
            for d in fromCalendars[c.ordinal]?[c.index] ?? [] {
                guard budget > 0 else {
                    if truncatedIn == nil { truncatedIn = p }
                    return entries
                }
                entries.append(Entry(event: k, slice: d.slice, title: d.occurrence.title ?? d.occurrence.seriesID))
                budget -= 1
            }
        }
        return entries
    }

    /// Slices by date, all-day first, then by start, then by their occurrence's start, then by event.
    static func dayOrder(_ a: Entry, _ b: Entry) -> Bool {
        let (x, y) = (a.slice, b.slice)
        if x.date != y.date { return x.date < y.date }
        if x.isAllDay != y.isAllDay { return x.isAllDay }
        if x.start != y.start { return x.start < y.start }
        if x.occurrence != y.occurrence { return x.occurrence < y.occurrence }
        return a.event < b.event
    }

    // MARK: Text

    /// The width of the period column.
    static let margin = 14

    func text(source: String) -> String {
        let shown = sections.flatMap { $0.lists.flatMap { $0.slices.map { name($0).count } } }
        let eventTitles = file.events.map { (e: AgendaFile.Event) -> Int in (e.title ?? e.id).count + (e.isTodo ? 4 : 0) }
        let titles = eventTitles + shown + file.todos.map { $0.title.count + 4 }
        let width = (titles.max() ?? 0) + 2
        let todos = file.todos.count + file.events.filter(\.isTodo).count, events = file.events.count - (todos - file.todos.count)
        var out = "Agenda from \(Text.dayTitle(from)) \(from.year), times in \(viewer.identifier)\n"
        out += "\(events) event\(events == 1 ? "" : "s") and \(todos) to-do\(todos == 1 ? "" : "s") from \(source)\n"
        if let truncatedIn { out += truncationNote(truncatedIn) + "\n" }
        for section in sections {
            out += "\n" + section.title + "\n"
            for list in section.lists {
                var rows = section.granularity == .day ? dayRows(list) : summaryRows(list, granularity: section.granularity, width: width)
                if rows.isEmpty { rows = ["–"] }
                var labels = [label(list.period, granularity: section.granularity)]
                if section.granularity == .week { labels.append(weekRange(list.period)) }
                for k in 0..<max(rows.count, labels.count) {
                    let left = k < labels.count ? labels[k] : ""
                    let right = k < rows.count ? rows[k] : ""
                    out += right.isEmpty ? left + "\n" : Text.padded(left, Self.margin) + right + "\n"
                }
            }
        }
        return out
    }

    /// A day list: each slice with its clock, then the to-dos.
    func dayRows(_ list: PeriodList) -> [String] {
        var rows: [String] = []
        // The events, then the to-dos of the calendars (VTODO), then the file's to-dos.
        for e in list.slices.filter({ !file.events[$0.event].isTodo }) + list.slices.filter({ file.events[$0.event].isTodo }) {
            let s = e.slice
            let time: String
            if s.isAllDay {
                time = "all day    "
            } else {
                let c = Text.sliceClock(s, in: viewer)
                time = c.start + "–" + c.end
            }
            let part = s.count > 1 ? " (\(s.index + 1)/\(s.count))" : ""
            // A to-do all day reads as the file's to-dos do: "[ ] title", no time.
            let todoAllDay = file.events[e.event].isTodo && s.isAllDay
            rows.append((todoAllDay ? "" : Text.padded(time, 11) + "  ") + name(e) + part)
        }
        for item in list.todos {
            rows.append("[ ] " + item.title)   // a day list shows only its own day's to-dos
        }
        return rows
    }

    /// An entry as a list names it: its title, `[ ] title` for a VTODO.
    func name(_ e: Entry) -> String { (file.events[e.event].isTodo ? "[ ] " : "") + e.title }

    /// A week or month list: each event (each title of it: a renamed
    /// instance has its own row) with the days it touches, then the to-dos.
    func summaryRows(_ list: PeriodList, granularity: Period.Granularity, width: Int) -> [String] {
        struct Row: Hashable {
            var event: Int
            var name: String
        }
        var rows: [String] = []
        var order: [Row] = []
        var dates: [Row: [CivilDate]] = [:]
        for e in list.slices {
            let row = Row(event: e.event, name: name(e))
            if dates[row] == nil { order.append(row) }
            if dates[row]?.last != e.slice.date { dates[row, default: []].append(e.slice.date) }
        }
        for row in order {
            let days = dates[row]!.sorted()
            let text = granularity == .week
                ? Text.runs(days, dash: " – ") { "\(Text.weekday($0.weekday)) \($0.day)" }
                : Text.runs(days) { String($0.day) }
            rows.append(Text.padded(row.name, width) + text)
        }
        for item in list.todos {
            let name = "[ ] " + item.title
            let detail = self.detail(item.period, in: list.period, granularity: granularity)
            rows.append(detail.isEmpty ? name : Text.padded(name, width) + detail)
        }
        return rows
    }

    /// The to-do's own period when it is finer than the list's: `Tue 28`
    /// (in a week or month), `Tue 28 Nov` (in a year), `2023-W48`, `December`.
    func detail(_ p: Period, in list: Period, granularity: Period.Granularity) -> String {
        if p == list { return "" }
        switch p.granularity {
        case .day?:
            let d = p.firstDay
            return granularity == .year ? Text.dayTitle(d) : "\(Text.weekday(d.weekday)) \(d.day)"
        case .week?: return p.description
        case .month?: return Text.monthNames[p.firstDay.month - 1] + (p.firstDay.year == list.firstDay.year ? "" : " \(p.firstDay.year)")
        case .year?: return p.description
        case nil: return weekRange(p)
        }
    }

    /// `Mon 27 Nov` (day), `2023-W48` (week), `Nov 2023` (month), `2023` (year).
    func label(_ p: Period, granularity: Period.Granularity) -> String {
        switch granularity {
        case .day: return Text.dayTitle(p.firstDay)
        case .week: return p.description
        case .month: return Text.monthAbbreviation(p.firstDay.month) + " " + String(p.firstDay.year)
        case .year: return p.description
        }
    }

    /// `27 Nov–3 Dec`, `4–10 Dec`.
    func weekRange(_ p: Period) -> String {
        let a = p.firstDay, b = p.lastDay
        if a.month == b.month && a.year == b.year { return "\(a.day)–\(b.day) \(Text.monthAbbreviation(b.month))" }
        return "\(a.day) \(Text.monthAbbreviation(a.month))–\(b.day) \(Text.monthAbbreviation(b.month))"
    }

    /// `… truncated at 5000 event slices in the list of 2023-W49: later lists show no events (--limit raises it)`.
    func truncationNote(_ p: Period) -> String {
        "… truncated at \(limit) event slice\(limit == 1 ? "" : "s") in the list of \(p): "
            + "it and later lists show only some events or none (--limit raises the bound)"
    }

    // MARK: JSON

    func json() -> AgendaJSON {
        AgendaJSON(
            from: from.description, viewer: viewer.identifier, weekRule: weekRule.description,
            plans: sections.map { section in
                AgendaJSON.Plan(horizon: section.horizon, periods: section.lists.map { list in
                    AgendaJSON.List(
                        period: list.period.description, first: list.period.firstDay.description, last: list.period.lastDay.description,
                        slices: section.showsEvents ? list.slices.map { e in
                            let event = file.events[e.event]
                            return AgendaJSON.Slice(event: event.id, title: e.title, fields: SliceFields(e.slice, viewer: viewer),
                                                    allDay: e.slice.isAllDay,
                                                    key: DayKey(seriesID: event.id, slice: e.slice).description,
                                                    todo: event.isTodo)
                        } : nil,
                        todos: list.todos.map { AgendaJSON.Todo(id: $0.id, title: $0.title, period: $0.period.description) })
                })
            },
            truncated: truncatedIn != nil)
    }
}

/// `almanac agenda --json`.
struct AgendaJSON: Encodable {
    var from: String
    var viewer: String
    var weekRule: String
    var plans: [Plan]
    var truncated: Bool

    enum CodingKeys: String, CodingKey { case from, viewer, weekRule = "week_rule", plans, truncated }

    struct Plan: Encodable {
        var horizon: String
        var periods: [List]
    }

    /// A period's list; the years have no `slices`.
    struct List: Encodable {
        var period: String
        var first: String
        var last: String
        var slices: [Slice]?
        var todos: [Todo]
    }

    struct Slice: Encodable {
        var event: String
        var title: String
        var fields: SliceFields
        var allDay: Bool
        var key: String
        /// A VTODO's slice (written only then).
        var todo: Bool

        enum CodingKeys: String, CodingKey { case event, title, allDay = "all_day", key, todo }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(event, forKey: .event)
            try c.encode(title, forKey: .title)
            try fields.encode(to: encoder)
            try c.encode(allDay, forKey: .allDay)
            try c.encode(key, forKey: .key)
            if todo { try c.encode(true, forKey: .todo) }
        }
    }

    struct Todo: Encodable {
        var id: String
        var title: String
        var period: String
    }
}
