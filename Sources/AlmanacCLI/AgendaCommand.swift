import Almanac
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

            Calendars given with --ics join the plan with their overrides applied \
            (cancelled instances left out): each instance shows under its own title \
            (a moved or renamed instance under its override's SUMMARY), and a VTODO \
            shows as a to-do, "[ ] title", on the days it touches (at DUE when it has \
            no DTSTART).

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

              A file of your own (here the sample's), from another day, as JSON:
                almanac agenda --file Corpus/samples/agenda.json --from 2024-01-08 --json

              A calendar file's week, seen from Paris:
                almanac agenda --ics Corpus/samples/calendar.ics --from 2024-05-06 \\
                  --viewer Europe/Paris

            The file is a JSON object:
              {"viewer": "Europe/Berlin", "from": "2023-11-27",
               "events": [{"id": "sync", "title": "Team sync",
                           "dtstart": "20231002T100000", "tzid": "Europe/Berlin",
                           "rrule": "FREQ=WEEKLY;BYDAY=MO,TH", "duration": "PT1H"}],
               "todos": [{"id": "sprint", "title": "Plan the sprint",
                          "period": "2023-W48", "visibleIn": ["week", "month"]}]}
            Events take the fields of `almanac batch` requests (dtstart, tzid, rrule, \
            exrule, rdate, exdate, strict, include_dtstart) plus id, title, and dtend \
            (with dtend_tzid when its zone differs) or duration. To-dos take id, title, \
            period (2023-11-28, 2023-W48, 2023-12, 2023, 2023-11-27/P10D) and \
            visibleIn: the lists the to-do may show in, among "day", "week", "month" \
            and "year" (default: all four). "note" is free text. Any other field (a \
            misspelt "rrul" or "visiblein", "done") and an empty list in an event or a \
            to-do are errors that give their place: "todos[2].visiblein: unknown \
            field ...". Bad JSON gives its line and column.

            The plan holds at most --limit event slices (a slice is an event's part of \
            one day); past it the plan says "… truncated at N event slices" and later \
            lists show no events ("truncated": true in --json).

            --json prints {"from", "viewer", "week_rule", "plans": [{"horizon", \
            "periods": [{"period", "first", "last", "slices": [{"event", "title", \
            "date", "index", "count", "start", "end", "all_day", "key", "todo" (true \
            for a VTODO's slice, else absent)}], "todos": \
            [{"id", "title", "period"}]}]}], "truncated"}; the last plan, "years", has \
            no slices.

            Exit status: 0 on success, 2 for a usage or input error (a bad file, date \
            or zone; the message goes to standard error; with --json, \
            {"error":{"kind":…,"message":…}} also goes to standard output), 1 if the \
            output cannot be written.
            """
    )

    @Option(help: ArgumentHelp("The first day of the plan: 2023-11-27 (default: the file's \"from\").", valueName: "date"))
    var from: String?

    @Option(help: ArgumentHelp("The zone whose days and clock the plan shows (default: the file's \"viewer\", else UTC).", valueName: "zone"))
    var viewer: String?

    @Option(help: ArgumentHelp("An agenda file (default: the bundled sample).", valueName: "path"))
    var file: String?

    @Option(help: ArgumentHelp("An iCalendar file, or Google Calendar or Microsoft Graph JSON, whose events and to-dos join the plan (repeatable; - for standard input). Without --file, the plan holds only these.", valueName: "file"))
    var ics: [String] = []

    @OptionGroup var weekRule: WeekRuleOption

    @Option(parsing: .unconditional,
            help: ArgumentHelp("At most this many event slices in the whole plan.", valueName: "n"))
    var limit: Int = Plan.defaultLimit

    @OptionGroup var output: JSONOption

    func run() throws {
        let limit = try CLI.limit(limit)
        var agendaFile: AgendaFile
        let source: String
        if let file {
            let bytes: [UInt8]
            do throws(AlmanacError) { bytes = try FileBytes.read(path: file) } catch { throw CLI.inputError(option: "--file", error.message) }
            agendaFile = try AgendaFile(bytes: bytes, name: file)
            source = file
        } else if !ics.isEmpty {
            agendaFile = AgendaFile()
            source = ics.joined(separator: ", ")
        } else {
            agendaFile = try AgendaFile(bytes: AgendaFile.sampleBytes, name: AgendaFile.sampleName)
            source = "the bundled sample (\(AgendaFile.sampleName))"
        }
        agendaFile.indexEvents()
        for (k, path) in ics.enumerated() { agendaFile.add(try InputFile.calendar(path, source: nil), ordinal: k) }
        let start: CivilDate
        if let from {
            start = try CLI.date(from, option: "--from")
        } else if let d = agendaFile.from {
            start = d
        } else {
            throw CLI.inputError(option: "--from", "the file gives no \"from\" date: say where the plan starts, such as --from 2023-11-27")
        }
        let zone: Zone
        if let viewer { zone = try CLI.zone(viewer, option: "--viewer") }
        else if let v = agendaFile.viewer { zone = try CLI.zone(v, option: "\(file ?? AgendaFile.sampleName): viewer") }
        else { zone = .utc }

        let plan = try Plan(agendaFile, from: start, viewer: zone, weekRule: try weekRule.rule(), limit: limit)
        if output.json {
            try CLI.writeJSON(plan.json())
        } else {
            try CLI.write(plan.text(source: source))
        }
    }
}
