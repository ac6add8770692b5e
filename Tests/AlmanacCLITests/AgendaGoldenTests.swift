import AlmanacJSON
import Testing

/// `almanac agenda` over the bundled sample (Corpus/samples/agenda.json),
/// from Monday 27 November 2023 in Europe/Berlin.
///
/// The sample's events, and where they fall in Berlin (CET, +01:00, from 29
/// October 2023 to 31 March 2024; CEST, +02:00, after):
/// - "Team sync": Mondays and Thursdays 10:00-11:00 Berlin, except 25 and 28
///   December and 1 January (EXDATEs).
/// - "Call with the New York office": every other Tuesday from 3 October
///   2023, 11:00-11:45 New York. Tuesdays 3 and 17 October, then every 14
///   days: 14 and 28 November, 12 and 26 December, 9 and 23 January, 6 and
///   20 February, 5 and 19 March, 2, 16 and 30 April. 11:00 EST is 17:00 CET.
/// - "Review with Tokyo": the first Friday of each month, 07:30-09:00 Tokyo
///   (+09:00), which is 23:30-01:00 CET on the Thursday night (two slices),
///   but 00:30-02:00 CEST on the Friday itself from April (one slice). First
///   Fridays: 3 Nov, 1 Dec, 5 Jan, 2 Feb, 1 Mar, 5 Apr; so Berlin sees it on
///   2-3 Nov, 30 Nov-1 Dec, 4-5 Jan, 1-2 Feb, 29 Feb-1 Mar, 5 Apr.
/// - "Trip to Lisbon": from Wednesday 29 November 07:15 Berlin to Friday
///   1 December 20:30 Lisbon (+00:00), which is 21:30 Berlin: three slices.
/// - "Ada's birthday": all day, every 10 December (a Sunday in 2023).
/// - "Winter break": all day from 23 December, DTEND 2 January (exclusive):
///   23 December to 1 January, ten days.
///
/// The to-dos, with the lists they show in (a list shows an item whose period
/// overlaps it, is no coarser, and is visible at the list's granularity):
/// - "Call the plumber", 28 Nov, day and week: Tue 28 Nov, 2023-W48.
/// - "Send the slides for Lisbon", 28 Nov, everywhere: Tue 28 Nov, W48, November, 2023.
/// - "Water the plants", 2 Dec, day only: Sat 2 Dec.
/// - "Plan the sprint", 2023-W48, everywhere: W48, November and December, 2023.
/// - "File the Lisbon expenses", 2023-W49, week and month: W49, December.
/// - "Buy presents", 2023-12, month and year: December, 2023.
/// - "Renew the car insurance", 2024-01, month only: January.
/// - "Review the year", 2023, everywhere: 2023.
/// - "Learn some Portuguese", 2024, year only: 2024.
///
/// Lists sort to-dos by the last day of their period, then title; events in a
/// day by all-day first, then start, then their occurrence's start; events in
/// a week or month by their first slice there.
@Suite struct AgendaGoldenTests {
    func run(_ arguments: [String]) throws -> AlmanacExecutable.Result {
        try AlmanacExecutable.run(["agenda"] + arguments)
    }

    static let sample = """
        Agenda from Mon 27 Nov 2023, times in Europe/Berlin
        6 events and 9 to-dos from the bundled sample (Corpus/samples/agenda.json)

        Next 7 days
        Mon 27 Nov    10:00–11:00  Team sync
        Tue 28 Nov    17:00–17:45  Call with the New York office
                      [ ] Call the plumber
                      [ ] Send the slides for Lisbon
        Wed 29 Nov    07:15–24:00  Trip to Lisbon (1/3)
        Thu 30 Nov    00:00–24:00  Trip to Lisbon (2/3)
                      10:00–11:00  Team sync
                      23:30–24:00  Review with Tokyo (1/2)
        Fri 1 Dec     00:00–21:30  Trip to Lisbon (3/3)
                      00:00–01:00  Review with Tokyo (2/2)
        Sat 2 Dec     [ ] Water the plants
        Sun 3 Dec     –

        Next 6 weeks
        2023-W48      Team sync                       Mon 27, Thu 30
        27 Nov–3 Dec  Call with the New York office   Tue 28
                      Trip to Lisbon                  Wed 29 – Fri 1
                      Review with Tokyo               Thu 30, Fri 1
                      [ ] Call the plumber            Tue 28
                      [ ] Send the slides for Lisbon  Tue 28
                      [ ] Plan the sprint
        2023-W49      Team sync                       Mon 4, Thu 7
        4–10 Dec      Ada's birthday                  Sun 10
                      [ ] File the Lisbon expenses
        2023-W50      Team sync                       Mon 11, Thu 14
        11–17 Dec     Call with the New York office   Tue 12
        2023-W51      Team sync                       Mon 18, Thu 21
        18–24 Dec     Winter break                    Sat 23, Sun 24
        2023-W52      Winter break                    Mon 25 – Sun 31
        25–31 Dec     Call with the New York office   Tue 26
        2024-W01      Winter break                    Mon 1
        1–7 Jan       Team sync                       Thu 4
                      Review with Tokyo               Thu 4, Fri 5

        Next 6 months
        Nov 2023      Team sync                       2, 6, 9, 13, 16, 20, 23, 27, 30
                      Review with Tokyo               2, 3, 30
                      Call with the New York office   14, 28
                      Trip to Lisbon                  29, 30
                      [ ] Send the slides for Lisbon  Tue 28
                      [ ] Plan the sprint             2023-W48
        Dec 2023      Trip to Lisbon                  1
                      Review with Tokyo               1
                      Team sync                       4, 7, 11, 14, 18, 21
                      Ada's birthday                  10
                      Call with the New York office   12, 26
                      Winter break                    23–31
                      [ ] Plan the sprint             2023-W48
                      [ ] File the Lisbon expenses    2023-W49
                      [ ] Buy presents
        Jan 2024      Winter break                    1
                      Team sync                       4, 8, 11, 15, 18, 22, 25, 29
                      Review with Tokyo               4, 5
                      Call with the New York office   9, 23
                      [ ] Renew the car insurance
        Feb 2024      Team sync                       1, 5, 8, 12, 15, 19, 22, 26, 29
                      Review with Tokyo               1, 2, 29
                      Call with the New York office   6, 20
        Mar 2024      Review with Tokyo               1
                      Team sync                       4, 7, 11, 14, 18, 21, 25, 28
                      Call with the New York office   5, 19
        Apr 2024      Team sync                       1, 4, 8, 11, 15, 18, 22, 25, 29
                      Call with the New York office   2, 16, 30
                      Review with Tokyo               5

        The years of the plan (to-dos)
        2023          [ ] Send the slides for Lisbon  Tue 28 Nov
                      [ ] Plan the sprint             2023-W48
                      [ ] Buy presents                December
                      [ ] Review the year
        2024          [ ] Learn some Portuguese

        """

    /// The README's main job. Notes on the less obvious lines:
    /// - Thu 30 Nov: the trip's middle day is a whole timed day (00:00-24:00),
    ///   and the Tokyo review of Friday 1 December (07:30 +09:00 = 22:30Z)
    ///   starts at 23:30 on Thursday in Berlin.
    /// - Fri 1 Dec: two slices start at midnight; the trip comes first
    ///   because its occurrence started earlier.
    /// - Sun 3 Dec and the weeks: Plan the sprint (W48) is not in any day
    ///   list, since a week is coarser than a day; Water the plants is in no
    ///   week list, since it is visible in day lists only.
    /// - W52: no Team sync (25 and 28 December are excluded); the break is
    ///   listed first because its first day there (Monday) comes first.
    /// - 2024-W01: 1 January is the break's last day (DTEND 2 January is
    ///   exclusive) and the excluded sync's day; the Tokyo review of 5
    ///   January touches Thursday 4 and Friday 5.
    /// - February has 29 days in 2024: the review of Friday 1 March starts
    ///   on Thursday 29 February in Berlin. In April Berlin is on CEST, so
    ///   the review of 5 April (00:30-02:00) has one day.
    /// - December's list holds the W48 and W49 to-dos (their weeks overlap
    ///   December), not the plumber (not visible in month lists).
    /// - 2024's list holds only the Portuguese lessons: the insurance is
    ///   visible in month lists only.
    @Test func sampleFromItsOwnDate() throws {
        let r = try run([])
        #expect(r.stdout == Self.sample, "\(r)")
        #expect(r.stderr == "")
        #expect(r.status == 0)
        // Line by line, for a readable failure.
        let got = r.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let want = Self.sample.split(separator: "\n", omittingEmptySubsequences: false)
        for (k, (a, b)) in zip(got, want).enumerated() where a != b {
            Issue.record("line \(k + 1): got \"\(a)\", expected \"\(b)\"")
            break
        }
    }

    @Test func explicitDefaultsGiveTheSameOutput() throws {
        let r = try run(["--from", "2023-11-27", "--viewer", "Europe/Berlin", "--week-rule", "MO4"])
        #expect(r.stdout == Self.sample, "\(r)")
        let compact = try run(["--from", "20231127"])
        #expect(compact.stdout == Self.sample)
    }

    /// The embedded sample is the file in the repository (the target embeds
    /// it through a symbolic link): reading the file gives the same plan.
    @Test func embeddedSampleIsTheCorpusFile() throws {
        var dir = String(#filePath)
        for _ in 0..<3 { dir = String(dir[..<dir.lastIndex(of: "/")!]) }
        let path = dir + "/Corpus/samples/agenda.json"
        let r = try run(["--file", path])
        #expect(r.status == 0, "\(r)")
        let lines = Self.sample.split(separator: "\n", omittingEmptySubsequences: false)
        let expected = ([lines[0], "6 events and 9 to-dos from \(path)"] + lines[2...]).joined(separator: "\n")
        #expect(r.stdout == expected)
    }

    /// From Monday 18 December in New York (EST, -05:00), weeks from Sunday:
    /// the sync at 10:00 CET is 09:00Z, 04:00 in New York; the all-day break
    /// keeps its dates (23 December is its first of ten days). US week 51 of
    /// 2023 (weeks from Sunday 1 January) is 17-23 December.
    @Test func anotherDateViewerAndWeekRule() throws {
        let r = try run(["--from", "2023-12-18", "--viewer", "America/New_York", "--week-rule", "SU1"])
        #expect(r.status == 0, "\(r)")
        let lines = r.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(Array(lines.prefix(15)) == [
            "Agenda from Mon 18 Dec 2023, times in America/New_York",
            "6 events and 9 to-dos from the bundled sample (Corpus/samples/agenda.json)",
            "",
            "Next 7 days",
            "Mon 18 Dec    04:00–05:00  Team sync",
            "Tue 19 Dec    –",
            "Wed 20 Dec    –",
            "Thu 21 Dec    04:00–05:00  Team sync",
            "Fri 22 Dec    –",
            "Sat 23 Dec    all day      Winter break (1/10)",
            "Sun 24 Dec    all day      Winter break (2/10)",
            "",
            "Next 6 weeks",
            "2023-W51@SU1  Team sync                       Mon 18, Thu 21",
            "17–23 Dec     Winter break                    Sat 23",
        ], "\(r)")
    }

    /// The JSON plan: four horizons; the trip's second day keyed by the
    /// trip's id, its recurrence id (the Berlin start) and the date.
    @Test func sampleAsJSON() throws {
        let r = try run(["--json"])
        #expect(r.status == 0, "\(r)")
        let json = try JSONReader.parse(r.stdout)
        #expect(json["from"] == .string("2023-11-27"))
        #expect(json["viewer"] == .string("Europe/Berlin"))
        guard case .array(let plans)? = json["plans"] else {
            Issue.record("no plans: \(r)")
            return
        }
        #expect(plans.map { $0["horizon"] } == [.string("P7D"), .string("P6W"), .string("P6M"), .string("years")])
        let counts = plans.map { plan -> Int in
            if case .array(let periods)? = plan["periods"] { return periods.count }
            return -1
        }
        #expect(counts == [7, 6, 6, 2])
        guard case .array(let days)? = plans[0]["periods"], case .array(let slices)? = days[3]["slices"] else {
            Issue.record("no slices on the fourth day")
            return
        }
        #expect(days[3]["period"] == .string("2023-11-30"))
        #expect(slices.map { $0["key"] } == [
            .string("lisbon/2023-11-29T07:15:00/2023-11-30"),
            .string("sync/2023-11-30T10:00:00/2023-11-30"),
            .string("tokyo-review/2023-12-01T07:30:00/2023-11-30"),
        ])
        #expect(slices[2]["start"] == .string("2023-11-30T23:30:00+01:00"))
        #expect(slices[2]["end"] == .string("2023-12-01T00:00:00+01:00"))
        guard case .array(let years)? = plans[3]["periods"], case .array(let todos)? = years[0]["todos"] else {
            Issue.record("no year to-dos")
            return
        }
        #expect(todos.map { $0["id"] } == [.string("slides"), .string("sprint"), .string("presents"), .string("year-review")])
        #expect(years[0]["slices"] == nil, "year lists carry to-dos only")
    }

    // MARK: Other files and errors

    /// A small file of its own: a floating event (the same wall clock in any
    /// zone) and a to-do assigned to a span of three days (a span of 2...7
    /// days lists like a week).
    @Test func aFileOfItsOwn() throws {
        let file = try TemporaryFile(contents: Array("""
            {"events": [{"id": "run", "title": "Run", "dtstart": "20240102T070000",
                         "rrule": "FREQ=WEEKLY;BYDAY=TU,SA", "duration": "PT45M"}],
             "todos": [{"id": "read", "title": "Read the report", "period": "2024-01-05/P3D"}]}
            """.utf8))
        let r = try run(["--file", file.path, "--from", "2024-01-01", "--viewer", "Asia/Kolkata"])
        #expect(r.status == 0, "\(r)")
        let lines = r.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(Array(lines.prefix(16)) == [
            "Agenda from Mon 1 Jan 2024, times in Asia/Kolkata",
            "1 event and 1 to-do from \(file.path)",
            "",
            "Next 7 days",
            "Mon 1 Jan     –",
            "Tue 2 Jan     07:00–07:45  Run",
            "Wed 3 Jan     –",
            "Thu 4 Jan     –",
            "Fri 5 Jan     –",
            "Sat 6 Jan     07:00–07:45  Run",
            "Sun 7 Jan     –",
            "",
            "Next 6 weeks",
            "2024-W01      Run                  Tue 2, Sat 6",
            "1–7 Jan       [ ] Read the report  5–7 Jan",
            "2024-W02      Run                  Tue 9, Sat 13",
        ], "\(r)")
    }

    @Test(arguments: [
        (["--from", "2023-13-01"], "error: --from: invalid period \"2023-13-01\" at column 6: month 13 is not in 01...12\n"),
        // The same reason `almanac period` gives for the same text.
        (["--from", "2023-02-30"], "error: --from: invalid period \"2023-02-30\" at column 9: day 30 does not exist in 2023-02, which has 28 days\n"),
        (["--from", "2023-W12"], "error: --from: \"2023-W12\" is not a date such as 2023-11-27\n"),
        (["--file", "/nonexistent/agenda.json"], "error: --file: cannot read \"/nonexistent/agenda.json\": No such file or directory\n"),
        (["--week-rule", "MO9"], "error: --week-rule: \"MO9\" is not a week rule: expected the first weekday (MO, TU, WE, TH, FR, SA or SU) and the minimum days of week 1 (1...7), such as MO4 (ISO 8601) or SU1 (US)\n"),
    ])
    func inputErrorsExit2(arguments: [String], message: String) throws {
        let r = try run(arguments)
        #expect(r.status == 2, "\(r)")
        #expect(r.stdout == "")
        #expect(r.stderr == message)
    }

    @Test func unknownViewerExits2() throws {
        let r = try run(["--viewer", "Mars/Base"])
        #expect(r.status == 2, "\(r)")
        #expect(r.stdout == "")
        #expect(r.stderr.hasPrefix("error: --viewer: "), "\(r)")
        #expect(r.stderr.contains("Mars/Base"))
    }

    /// Faults in a file name the file, then the path of the member.
    @Test(arguments: [
        (#"{"events":[{"id":"x","title":"X","dtstart":"20240101T090000","rrule":"FREQ=SOMETIMES"}],"todos":[]}"#,
         #"events[0].rrule: invalid RRULE"#),
        (#"{"events":[{"id":"x","dtstart":"20240101"}],"todos":[]}"#,
         #"events[0]: missing field "title""#),
        (#"{"events":[{"id":"x","title":"X","dtstart":"20240101","dtend":"20240101T100000"}],"todos":[]}"#,
         #"events[0].dtend: "20240101T100000" must be a date"#),
        (#"{"events":[{"id":"x","title":"X","dtstart":"20240101T090000","dtend":"20240101T100000","duration":"PT1H"}]}"#,
         #"events[0]: dtend and duration exclude each other"#),
        (#"{"events":[{"id":"x","title":"X","dtstart":"20240101T090000","tzid":"Mars/Base"}]}"#,
         #"events[0].tzid: unknown time zone "Mars/Base""#),
        (#"{"todos":[{"id":"a","title":"A","period":"2024-W01"},{"id":"a","title":"B","period":"2024"}]}"#,
         #"todos: two to-dos have the id "a""#),
        (#"{"todos":[{"id":"a","title":"A","period":"2024-W01","visibleIn":["weekly"]}]}"#,
         #"todos[0].visibleIn[0]: unknown granularity "weekly" (expected day, week, month or year)"#),
        (#"{"todos":[{"id":"a","title":"A","period":"2024-W60"}]}"#,
         #"todos[0].period: invalid period "2024-W60""#),
        (#"{"events":["#, "invalid JSON at column 12"),
        (#"[]"#, "the top level: expected an object, got an array"),
    ])
    func badFilesExit2(content: String, message: String) throws {
        let file = try TemporaryFile(contents: Array(content.utf8))
        let r = try run(["--file", file.path, "--from", "2024-01-01"])
        #expect(r.status == 2, "\(r)")
        #expect(r.stdout == "")
        #expect(r.stderr.hasPrefix("error: \(file.path): "), "\(r)")
        #expect(r.stderr.contains(message), "\(r)")
    }

    @Test func fileWithoutFromNeedsTheOption() throws {
        let file = try TemporaryFile(contents: Array(#"{"events":[],"todos":[]}"#.utf8))
        let r = try run(["--file", file.path])
        #expect(r.status == 2, "\(r)")
        #expect(r.stderr == "error: --from: the file gives no \"from\" date: say where the plan starts, such as --from 2023-11-27\n")
    }

    @Test func helpShowsTheMainJobAndTheFileFormat() throws {
        let r = try run(["--help"])
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout.contains("almanac agenda --from 2023-12-18 --viewer America/New_York --week-rule SU1"))
        #expect(r.stdout.contains("\"period\": \"2023-W48\", \"visibleIn\": [\"week\", \"month\"]"))
    }
}
