import AlmanacJSON
import Testing

/// What a newcomer met trying the CLI, each a defect now fixed: bounded
/// output, strict agenda files, line and column in JSON errors, one `--json`
/// error convention, messages that name the options, the value forms people
/// type, and help that describes every command.
@Suite struct FirstUseTests {
    func run(_ arguments: [String], stdin: String = "") throws -> AlmanacExecutable.Result {
        try AlmanacExecutable.run(arguments, stdin: stdin)
    }

    func agenda(_ file: String, _ arguments: [String] = []) throws -> AlmanacExecutable.Result {
        let f = try TemporaryFile(contents: Array(file.utf8))
        return try run(["agenda", "--file", f.path] + arguments)
    }

    /// One event every second, each lasting a second: 86,400 slices a day.
    static let everySecond = #"""
        {"viewer": "UTC", "from": "2024-01-01",
         "events": [{"id": "tick", "title": "Tick", "dtstart": "20240101T000000Z",
                     "rrule": "FREQ=SECONDLY", "duration": "PT1S"}],
         "todos": []}
        """#

    // MARK: Bounded output

    @Test func agendaStopsAtItsLimitAndSaysSo() throws {
        let r = try agenda(Self.everySecond, ["--limit", "50"])
        #expect(r.status == 0, "\(r)")
        let ticks = r.stdout.split(separator: "\n").filter { $0.contains("Tick") }
        #expect(ticks.count == 50, "50 rows on the first day, and no event in the lists after it")
        #expect(r.stdout.contains("… truncated at 50 event slices in the list of 2024-01-01"), "\(r)")
        #expect(r.stdout.contains("--limit raises the bound"))
    }

    @Test func agendaDefaultLimitBoundsTheOutput() throws {
        let r = try agenda(Self.everySecond, ["--json"])
        #expect(r.status == 0, "\(r)")
        let json = try JSONReader.parse(r.stdout)
        #expect(json["truncated"] == .bool(true))
        guard case .array(let plans)? = json["plans"] else { Issue.record("no plans: \(r.stdout.prefix(200))"); return }
        var slices = 0
        for plan in plans {
            guard case .array(let periods)? = plan["periods"] else { continue }
            for p in periods { if case .array(let s)? = p["slices"] { slices += s.count } }
        }
        #expect(slices == 5000)
    }

    @Test func theSampleFitsTheDefaultLimit() throws {
        let r = try run(["agenda", "--json"])
        #expect(try JSONReader.parse(r.stdout)["truncated"] == .bool(false))
        let cut = try run(["agenda", "--limit", "3"])
        #expect(cut.status == 0)
        // Sync on Monday, the call on Tuesday, the trip on Wednesday: Thursday holds the fourth slice.
        #expect(cut.stdout.contains("… truncated at 3 event slices in the list of 2023-11-30"), "\(cut)")
    }

    @Test func periodListsAreBounded() throws {
        let r = try run(["period", "2000-01-01/P3000D", "--json", "--limit", "10"])
        #expect(r.status == 0, "\(r)")
        let json = try JSONReader.parse(r.stdout)
        #expect(json["day_count"] == .number(JSONNumber("3000")))
        guard case .array(let dates)? = json["dates"], case .array(let weeks)? = json["weeks"] else { Issue.record("\(r)"); return }
        #expect(dates.count == 10)
        #expect(weeks.count == 10)
        #expect(json["truncated"] == .bool(true))
        let text = try run(["period", "2000-01-01/P3000D", "--all", "--limit", "10"])
        #expect(text.stdout.contains("… truncated at 10 dates (--limit raises it)"), "\(text)")
        #expect(text.stdout.contains("… truncated at 10 (--limit raises it)"))
    }

    // MARK: Agenda files

    /// The four mistakes the issue lists, and a misspelt top-level member.
    @Test(arguments: [
        (#"{"events":[{"id":"e","title":"E","dtstart":"20240101T090000Z","rrul":"FREQ=DAILY"}]}"#,
         #"events[0].rrul: unknown field "rrul""#),
        (#"{"todos":[{"id":"t","title":"T","period":"2024-W01","visiblein":["day"]}]}"#,
         #"todos[0].visiblein: unknown field "visiblein""#),
        (#"{"todos":[{"id":"t","title":"T","period":"2024-W01","done":true}]}"#,
         #"todos[0].done: unknown field "done""#),
        (#"{"todos":[{"id":"t","title":"T","period":"2024-W01","visibleIn":[]}]}"#,
         "todos[0].visibleIn: an empty list hides the to-do everywhere"),
        (#"{"events":[{"id":"e","title":"E","dtstart":"20240101T090000Z","exdate":[]}]}"#,
         "events[0].exdate: an empty list: leave the field out instead"),
        (#"{"event":[]}"#, #"event: unknown field "event""#),
    ])
    func agendaFileMistakesAreErrorsWithTheirPath(content: String, message: String) throws {
        let f = try TemporaryFile(contents: Array(content.utf8))
        let r = try run(["agenda", "--file", f.path, "--from", "2024-01-01"])
        #expect(r.status == 2, "\(r)")
        #expect(r.stdout == "")
        #expect(r.stderr.hasPrefix("error: \(f.path): \(message)"), "\(r)")
    }

    @Test func jsonErrorsInAFileGiveLineAndColumn() throws {
        let content = """
            {
              "viewer": "UTC",
              "from": "2024-01-01",
              "todos": [{"id": "t", "title": "T", "period": "2024-W01"},],
              "events": []
            }
            """
        let r = try agenda(content)
        #expect(r.status == 2, "\(r)")
        #expect(r.stderr.contains("invalid JSON at line 4, column 60: a comma before ']'"), "\(r)")
    }

    // MARK: --json errors

    /// Every command: the error object on standard output, its text on standard error, exit 2.
    @Test(arguments: [
        (["expand", "FREQ=DAILY", "--start", "19970902T090000", "--tz", "Mars/Base", "--json"], "unknown_zone", "--tz: "),
        (["days", "--start", "20240501", "--viewer", "Mars/Base", "--json"], "unknown_zone", "--viewer: "),
        (["period", "2023-W60", "--json"], "invalid_value", "invalid period"),
        (["agenda", "--from", "2023-02-30", "--json"], "invalid_value", "--from: "),
        (["days", "--json"], "usage", "Missing expected argument '--start <dtstart>'"),
    ])
    func jsonErrorsAreOneObjectOnStandardOutput(arguments: [String], kind: String, message: String) throws {
        let r = try run(arguments)
        #expect(r.status == 2, "\(r)")
        let lines = r.stdout.split(separator: "\n")
        try #require(lines.count == 1, "\(r)")
        let json = try JSONReader.parse(String(lines[0]))
        #expect(json["error"]?["kind"] == .string(kind), "\(r)")
        guard case .string(let text)? = json["error"]?["message"] else { Issue.record("no message: \(r)"); return }
        #expect(text.hasPrefix(message), "\(r)")
        #expect(r.stderr.hasPrefix("error: " + text), "\(r)")
    }

    // MARK: Messages

    @Test(arguments: [
        (["expand", "FREQ=DAILY", "--start", "19970902T090000", "--limit", "-5"],
         "error: --limit: -5 is negative: give the largest number of items to print, such as --limit 100\n"),
        (["days", "--start", "20240101", "--duration", "-P1D"], "error: --duration: -P1D is negative: an event cannot end before it starts\n"),
        (["expand", "FREQ=DAILY", "--start", "19970902T090000", "--exdate", "19970903T0900"],
         "error: --exdate \"19970903T0900\": invalid date-time \"19970903T0900\" at column 1: expected YYYYMMDD, YYYYMMDDTHHMMSS or YYYYMMDDTHHMMSSZ\n"),
        (["expand", "FREQ=DAILY", "--start", "19970902T090000", "--after", "19971001T000000", "--before", "19970901T000000"],
         "error: the window is reversed: --after 19971001T000000 is later than --before 19970901T000000\n"),
        (["days", "--start", "20240101T090000Z", "--exdate", "TZID=Mars/Base:20240102T090000"], "error: --exdate: unknown time zone \"Mars/Base\"\n"),
    ])
    func messagesNameTheOptions(arguments: [String], message: String) throws {
        let r = try run(arguments)
        #expect(r.status == 2, "\(r)")
        #expect(r.stdout == "")
        #expect(r.stderr == message)
    }

    @Test func theSameDateGetsTheSameReasonEverywhere() throws {
        let period = try run(["period", "2023-02-30"])
        let agenda = try run(["agenda", "--from", "2023-02-30"])
        #expect(period.status == 2 && agenda.status == 2)
        #expect(period.stderr == "error: invalid period \"2023-02-30\" at column 9: day 30 does not exist in 2023-02, which has 28 days\n")
        #expect(agenda.stderr == "error: --from: invalid period \"2023-02-30\" at column 9: day 30 does not exist in 2023-02, which has 28 days\n")
    }

    @Test func usageErrorsSayErrorInLowerCase() throws {
        let r = try run(["expand", "FREQ=DAILY", "--start", "19970902", "--bogus"])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("error: unknown option '--bogus'"), "\(r)")
        #expect(!r.stderr.contains("Error:"))
    }

    // MARK: Value forms

    @Test func exdateTakesACommaListAndAnotherZone() throws {
        // 2024-01-12 03:00 in New York is 09:00 in Paris.
        let r = try run(["expand", "FREQ=DAILY;COUNT=5", "--start", "20240108T090000", "--tz", "Europe/Paris",
                         "--exdate", "20240109T090000,20240110T090000", "--exdate", "TZID=America/New_York:20240112T030000"])
        #expect(r.stdout == "2024-01-08T09:00:00+01:00  Mon\n2024-01-11T09:00:00+01:00  Thu\n", "\(r)")
        #expect(r.status == 0)
        // A UTC series compares instants too: 10:00 in Paris is 09:00Z.
        let utc = try run(["expand", "FREQ=DAILY;COUNT=2", "--start", "20240108T090000Z", "--exdate", "TZID=Europe/Paris:20240109T100000"])
        #expect(utc.stdout == "2024-01-08T09:00:00Z  Mon\n", "\(utc)")
        // A floating series has no instant to compare a TZID value with.
        let floating = try run(["expand", "FREQ=DAILY;COUNT=2", "--start", "20240108T090000", "--exdate", "TZID=Europe/Paris:20240109T090000"])
        #expect(floating.status == 2, "\(floating)")
        #expect(floating.stderr.hasPrefix("error: --exdate: \"TZID=Europe/Paris:20240109T090000\" names an instant"), "\(floating)")
    }

    @Test func rfc3339ValuesAreRead() throws {
        let plain = try run(["expand", "FREQ=DAILY;COUNT=3", "--start", "20240101T090000", "--tz", "Europe/Paris",
                             "--exdate", "20240102T090000", "--after", "20240101T120000"])
        let typed = try run(["expand", "FREQ=DAILY;COUNT=3", "--start", "2024-01-01T09:00:00", "--tz", "Europe/Paris",
                             "--exdate", "2024-01-02T08:00:00Z", "--after", "2024-01-01T13:00:00+02:00"])
        #expect(plain.stdout == "2024-01-03T09:00:00+01:00  Wed\n", "\(plain)")
        #expect(typed.stdout == plain.stdout, "\(typed)")
        #expect(typed.status == 0)
        let date = try run(["days", "--start", "2024-05-01", "--end", "2024-05-03"])
        #expect(date.stdout.split(separator: "\n").count == 2, "\(date)")
    }

    @Test func daysTakesAnExrule() throws {
        let r = try run(["days", "FREQ=DAILY;COUNT=4", "--start", "20240101", "--exrule", "FREQ=DAILY;INTERVAL=2;COUNT=2"])
        #expect(r.stdout.split(separator: "\n").map { String($0.prefix(10)) } == ["2024-01-02", "2024-01-04"], "\(r)")
        #expect(r.status == 0)
    }

    /// The README: only UNTIL reads second 60 as 59 in lenient mode; elsewhere it is an error.
    @Test func secondSixtyIsReadAs59OnlyInUntil() throws {
        let until = try run(["expand", "FREQ=DAILY;UNTIL=20240102T090060Z", "--start", "20240101T090000Z"])
        #expect(until.stdout == "2024-01-01T09:00:00Z  Mon\n2024-01-02T09:00:00Z  Tue\n", "\(until)")
        #expect(until.stderr.contains("second 60 of UNTIL read as 59"))
        let start = try run(["expand", "FREQ=DAILY;COUNT=1", "--start", "20240101T090060Z"])
        #expect(start.status == 2)
        #expect(start.stderr.hasPrefix("error: --start: "), "\(start)")
        #expect(start.stderr.contains("second 60"))
        let strict = try run(["expand", "FREQ=DAILY;UNTIL=20240102T090060Z", "--start", "20240101T090000Z", "--strict"])
        #expect(strict.status == 2, "\(strict)")
    }

    // MARK: Help

    @Test(arguments: [["occurrences", "--help"], ["help", "occurrences"], ["occurrences"]])
    func anUnknownCommandIsAnErrorEvenWithHelp(arguments: [String]) throws {
        let r = try run(arguments)
        #expect(r.status == 2, "\(r)")
        #expect(r.stdout == "")
        #expect(r.stderr.hasPrefix("error: unknown command \"occurrences\": the commands are expand, days, period, agenda, mark, review, "
            + "events, alarms, freebusy, slots, import, diff, batch, zone and store"), "\(r)")
    }

    @Test func eventsListsTheBundledCalendar() throws {
        let r = try run(["events", "Corpus/samples/calendar.ics", "--from", "20240506", "--to", "20240513", "--viewer", "Europe/Paris", "--json"])
        #expect(r.status == 0, "\(r)")
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.count == 6)
        #expect(lines.contains(#"{"uid":"standup@example.com","recurrence_id":"2024-05-08T09:30:00+02:00","start":"2024-05-08T14:00:00+02:00","end":"2024-05-08T14:15:00+02:00","all_day":false,"summary":"Stand-up (moved to the afternoon)"}"#))
        let json = try run(["events", "Corpus/samples/agenda.json", "--strict"])
        #expect(json.status == 2, "\(json)")
        #expect(json.stderr.contains("cannot tell whether this is iCalendar, Google or Graph data: give --source"), "\(json)")
        let bad = try AlmanacExecutable.run(["events", "-", "--strict"], stdin: "BEGIN:VCALENDAR\r\nnot a property\r\n")
        #expect(bad.status == 2, "\(bad)")
        #expect(bad.stderr.contains("line 2"), "\(bad)")
    }

    @Test func rootHelpPresentsEveryCommand() throws {
        let r = try run(["--help"])
        for command in ["expand", "days", "period", "agenda", "batch"] {
            #expect(r.stdout.contains("\n  \(command) "), "\(command)")
            #expect(r.stdout.contains("almanac \(command)"), "an example of \(command)")
        }
    }

    @Test func agendaHelpListsTheVisibleInValues() throws {
        let r = try run(["agenda", "--help"])
        #expect(r.stdout.contains(#"among "day", "week", "month""#), "\(r)")
        #expect(r.stdout.contains("--limit <n>"))
    }

    @Test func helpForAKnownCommandStillWorks() throws {
        let r = try run(["help", "days"])
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout.hasPrefix("OVERVIEW: Split an event or a series"))
    }
}
