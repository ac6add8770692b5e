import Almanac
import AlmanacRequests
import ArgumentParser

/// `almanac agenda`: events and to-dos laid out as a 7-day, 6-week and 6-month plan.
struct AgendaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "agenda",
        abstract: "Lay out events and to-dos as a 7-day, 6-week and 6-month plan.",
        discussion: """
            Reads calendar events (recurring or not, in any zones) and to-dos assigned \
            to days, weeks, months or years, and prints what each day, week and month \
            of the plan holds in the viewer's zone, then the to-dos of the years it \
            reaches. Without --file it lays out a bundled sample \
            (Corpus/samples/agenda.json: six events in Berlin, New York, Tokyo and Lisbon, nine to-dos), \
            from 2023-11-27 in Europe/Berlin unless --from and --viewer say otherwise.

            Day lists show each event's part of the day (24:00 is the end of the day; \
            "(2/3)" is the second day of a three-day event). Week and month lists show \
            the days each event touches. A to-do shows in a list when its period \
            overlaps the list's, is not coarser, and the to-do is visible at that \
            granularity: one assigned to week 2023-W48 (27 Nov to 3 Dec) shows in that \
            week, in November and December, and in 2023. A to-do of a finer period \
            than the list's is followed by its period (Tue 28, 2023-W48).

            Examples:

              The sample, as the README runs it (the start of its output):
                almanac agenda
                Agenda from Mon 27 Nov 2023, times in Europe/Berlin
                6 events and 9 to-dos from the bundled sample (...)

                Next 7 days
                Mon 27 Nov    10:00–11:00  Team sync
                Tue 28 Nov    17:00–17:45  Call with the New York office
                              [ ] Call the plumber
                              [ ] Send the slides for Lisbon
                Wed 29 Nov    07:15–24:00  Trip to Lisbon (1/3)
                ...

              The sample from another day, seen from New York, weeks from Sunday:
                almanac agenda --from 2023-12-18 --viewer America/New_York --week-rule SU1

              Your own file, as JSON:
                almanac agenda --file my-agenda.json --from 2024-01-08 --json

            The file is a JSON object:
              {"viewer": "Europe/Berlin", "from": "2023-11-27",
               "events": [{"id": "sync", "title": "Team sync",
                           "dtstart": "20231002T100000", "tzid": "Europe/Berlin",
                           "rrule": "FREQ=WEEKLY;BYDAY=MO,TH", "duration": "PT1H"}],
               "todos": [{"id": "sprint", "title": "Plan the sprint",
                          "period": "2023-W48", "visibleIn": ["week", "month"]}]}
            Events take the fields of `almanac batch` requests (dtstart, tzid, rrule, \
            exrule, rdate, exdate) plus id, title, and dtend (with dtend_tzid when its \
            zone differs) or duration. To-dos take id, title, period (2023-11-28, \
            2023-W48, 2023-12, 2023) and visibleIn (default: every list).

            --json prints {"from", "viewer", "week_rule", "plans": [{"horizon", \
            "periods": [{"period", "first", "last", "slices": [{"event", "title", \
            "date", "index", "count", "start", "end", "all_day", "key"}], "todos": \
            [{"id", "title", "period"}]}]}]}; the last plan, "years", has no slices.

            Exit status: 0 on success, 2 for a usage or input error (a bad file, date \
            or zone), 1 if the output cannot be written.
            """
    )

    @Option(help: ArgumentHelp("The first day of the plan: 2023-11-27 (default: the file's \"from\").", valueName: "date"))
    var from: String?

    @Option(help: ArgumentHelp("The zone whose days and clock the plan shows (default: the file's \"viewer\", else UTC).", valueName: "zone"))
    var viewer: String?

    @Option(help: ArgumentHelp("An agenda file (default: the bundled sample).", valueName: "path"))
    var file: String?

    @Option(name: .customLong("week-rule"),
            help: ArgumentHelp("Weeks start on this weekday and week 1 has at least this many days: MO4 (ISO 8601, the default), SU1 (US).", valueName: "rule"))
    var weekRule = "MO4"

    @Flag(help: "Print one JSON object.")
    var json = false

    func run() throws {
        let agendaFile: AgendaFile
        let source: String
        if let file {
            switch StandardStreams.readFile(file) {
            case .success(let bytes): agendaFile = try AgendaFile(bytes: bytes, name: file)
            case .failure(let e): throw CLI.inputError("--file: \(e)")
            }
            source = file
        } else {
            agendaFile = try AgendaFile(bytes: AgendaFile.sampleBytes, name: AgendaFile.sampleName)
            source = "the bundled sample (\(AgendaFile.sampleName))"
        }
        let start: CivilDate
        if let from {
            do throws(ExitCode) { start = try AgendaFile.date(from) } catch {
                throw CLI.inputError("--from: \"\(from)\" is not a date such as 2023-11-27")
            }
        } else if let d = agendaFile.from {
            start = d
        } else {
            throw CLI.inputError("--from: the file gives no \"from\" date: say where the plan starts, such as --from 2023-11-27")
        }
        let zone: Zone
        if let viewer { zone = try CLI.zone(viewer, option: "--viewer") }
        else if let v = agendaFile.viewer { zone = try CLI.zone(v, option: "\(file ?? AgendaFile.sampleName): viewer") }
        else { zone = .utc }
        let rule = try CLI.weekRule(weekRule)

        let plan = try Plan(agendaFile, from: start, viewer: zone, weekRule: rule)
        if json {
            try CLI.write(plan.json())
        } else {
            try CLI.write(plan.text(source: source))
        }
    }
}

/// The plan: the periods of each horizon with the event slices and to-dos they list.
struct Plan {
    struct Entry {
        var event: Int
        var slice: DaySlice
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

    let file: AgendaFile
    let from: CivilDate
    let viewer: Zone
    let weekRule: WeekRule
    var sections: [Section] = []

    init(_ file: AgendaFile, from: CivilDate, viewer: Zone, weekRule: WeekRule) throws(ExitCode) {
        self.file = file
        self.from = from
        self.viewer = viewer
        self.weekRule = weekRule
        let agenda = Agenda(file.todos)
        let horizons: [(Horizon, String)] = [(.days(7), "Next 7 days"), (.weeks(6), "Next 6 weeks"), (.months(6), "Next 6 months")]
        var first = Int.max, last = Int.min
        for (horizon, title) in horizons {
            guard let periods = horizon.periods(from: from, weekRule: weekRule) else {
                throw CLI.inputError("--from: a plan of \(horizon) from \(from) leaves the supported years 1...9999")
            }
            var lists: [PeriodList] = []
            for p in periods {
                var entries: [Entry] = []
                for (k, event) in file.events.enumerated() {
                    do throws(AlmanacError) {
                        for s in try event.set.daySlices(in: p, viewer: viewer) { entries.append(Entry(event: k, slice: s)) }
                    } catch {
                        throw CLI.inputError("event \"\(event.id)\": " + error.message)
                    }
                }
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
        let titles = file.events.map(\.title.count) + file.todos.map { $0.title.count + 4 }
        let width = (titles.max() ?? 0) + 2
        var out = "Agenda from \(Text.dayTitle(from)) \(from.year), times in \(viewer.identifier)\n"
        out += "\(file.events.count) event\(file.events.count == 1 ? "" : "s") and \(file.todos.count) to-do\(file.todos.count == 1 ? "" : "s") from \(source)\n"
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
        for e in list.slices {
            let s = e.slice
            let time: String
            if s.isAllDay {
                time = "all day    "
            } else {
                let c = Text.sliceClock(s, in: viewer)
                time = c.start + "–" + c.end
            }
            let part = s.count > 1 ? " (\(s.index + 1)/\(s.count))" : ""
            rows.append(Text.padded(time, 11) + "  " + file.events[e.event].title + part)
        }
        for item in list.todos {
            rows.append("[ ] " + item.title)   // a day list shows only its own day's to-dos
        }
        return rows
    }

    /// A week or month list: each event with the days it touches, then the to-dos.
    func summaryRows(_ list: PeriodList, granularity: Period.Granularity, width: Int) -> [String] {
        var rows: [String] = []
        var order: [Int] = []
        var dates: [Int: [CivilDate]] = [:]
        for e in list.slices {
            if dates[e.event] == nil { order.append(e.event) }
            if dates[e.event]?.last != e.slice.date { dates[e.event, default: []].append(e.slice.date) }
        }
        for k in order {
            let days = dates[k]!.sorted()
            let text = granularity == .week
                ? Text.runs(days, dash: " – ") { "\(Text.weekday($0.weekday)) \($0.day)" }
                : Text.runs(days) { String($0.day) }
            rows.append(Text.padded(file.events[k].title, width) + text)
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

    // MARK: JSON

    func json() -> [UInt8] {
        var w = JSONWriter(capacity: 1 << 16)
        w.raw("{\"from\":")
        w.string(from.description)
        w.raw(",\"viewer\":")
        w.string(viewer.identifier)
        w.raw(",\"week_rule\":")
        w.string(weekRule.description)
        w.raw(",\"plans\":[")
        for (i, section) in sections.enumerated() {
            if i > 0 { w.byte(0x2C) }
            w.raw("{\"horizon\":")
            w.string(section.horizon)
            w.raw(",\"periods\":[")
            for (j, list) in section.lists.enumerated() {
                if j > 0 { w.byte(0x2C) }
                w.raw("{\"period\":")
                w.string(list.period.description)
                w.raw(",\"first\":")
                w.string(list.period.firstDay.description)
                w.raw(",\"last\":")
                w.string(list.period.lastDay.description)
                if section.showsEvents {
                    w.raw(",\"slices\":[")
                    for (k, e) in list.slices.enumerated() {
                        if k > 0 { w.byte(0x2C) }
                        let event = file.events[e.event], s = e.slice
                        w.raw("{\"event\":")
                        w.string(event.id)
                        w.raw(",\"title\":")
                        w.string(event.title)
                        w.byte(0x2C)
                        Text.writeSliceFields(s, viewer: viewer, to: &w)
                        w.raw(",\"all_day\":")
                        w.bool(s.isAllDay)
                        w.raw(",\"key\":")
                        w.string(DayKey(seriesID: event.id, slice: s).description)
                        w.byte(0x7D)
                    }
                    w.byte(0x5D)
                }
                w.raw(",\"todos\":[")
                for (k, item) in list.todos.enumerated() {
                    if k > 0 { w.byte(0x2C) }
                    w.raw("{\"id\":")
                    w.string(item.id)
                    w.raw(",\"title\":")
                    w.string(item.title)
                    w.raw(",\"period\":")
                    w.string(item.period.description)
                    w.byte(0x7D)
                }
                w.raw("]}")
            }
            w.raw("]}")
        }
        w.raw("]}\n")
        return w.bytes
    }
}
