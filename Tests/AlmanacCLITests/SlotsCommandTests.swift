import Testing

/// `almanac slots` on the bundled team sample (Corpus/samples/team): the
/// README's commands and their output, JSON, the SVG, and input errors.
@Suite struct SlotsCommandTests {
    static let team = "Corpus/samples/team/"
    static let people = ["--person", team + "ana.ics," + team + "ana-hours.ics;zone=Europe/Paris",
                         "--person", team + "ben.ics," + team + "ben-hours.ics;zone=America/New_York",
                         "--person", team + "chie.ics," + team + "chie-hours.ics;zone=Asia/Tokyo"]
    static let week = ["--from", "2026-03-23", "--to", "2026-03-31"]

    /// All three in their hours: only Tuesday and Thursday 13:00-14:00 UTC
    /// (Chie's evening hours), after Ben's standup (13:15-13:30 UTC); free
    /// because Chie's sprint review moved out of it on Tuesday and was
    /// cancelled on Thursday, and Ana's design review moved to Friday.
    @Test func allThreeForHalfAnHour() throws {
        let r = try AlmanacExecutable.run(["slots"] + Self.people + Self.week + ["--length", "PT30M"])
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout == """
            2026-03-24T13:30:00+00:00  2026-03-24T14:00:00+00:00  30m     ana Tue 14:30-15:00, ben Tue 09:30-10:00, chie Tue 22:30-23:00
            2026-03-26T13:30:00+00:00  2026-03-26T14:00:00+00:00  30m     ana Thu 14:30-15:00, ben Thu 09:30-10:00, chie Thu 22:30-23:00

            """, "\(r)")
    }

    /// Any two for an hour, seen from Paris: on Monday 30, after the change
    /// to summer time, Ana's 17:00 is 15:00 UTC (16:00 UTC on Monday 23);
    /// Friday has none (Ben's offsite, Chie in Osaka, Ana's design review
    /// moved there); the zones come from the VAVAILABILITY files.
    @Test func anyTwoForAnHourAcrossDST() throws {
        let r = try AlmanacExecutable.run(["slots"] + Self.people + Self.week + ["--length", "PT1H", "--at-least", "2", "--viewer", "Europe/Paris"])
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout == """
            2026-03-23T15:00:00+01:00  2026-03-23T17:00:00+01:00  2h      ana Mon 15:00-17:00, ben Mon 10:00-12:00
            2026-03-24T14:00:00+01:00  2026-03-24T15:00:00+01:00  1h      ana Tue 14:00-15:00, chie Tue 22:00-23:00
            2026-03-24T14:30:00+01:00  2026-03-24T17:00:00+01:00  2h30m   ana Tue 14:30-17:00, ben Tue 09:30-12:00
            2026-03-25T14:30:00+01:00  2026-03-25T17:00:00+01:00  2h30m   ana Wed 14:30-17:00, ben Wed 09:30-12:00
            2026-03-26T13:00:00+01:00  2026-03-26T15:00:00+01:00  2h      ana Thu 13:00-15:00, chie Thu 21:00-23:00
            2026-03-26T14:30:00+01:00  2026-03-26T17:00:00+01:00  2h30m   ana Thu 14:30-17:00, ben Thu 09:30-12:00
            2026-03-30T09:45:00+02:00  2026-03-30T11:00:00+02:00  1h15m   ana Mon 09:45-11:00, chie Mon 16:45-18:00
            2026-03-30T15:30:00+02:00  2026-03-30T17:00:00+02:00  1h30m   ana Mon 15:30-17:00, ben Mon 09:30-11:00

            """, "\(r)")
        let noZones = Self.people.map { $0.replacingOccurrences(of: ";zone=Europe/Paris", with: "")
            .replacingOccurrences(of: ";zone=America/New_York", with: "").replacingOccurrences(of: ";zone=Asia/Tokyo", with: "") }
        let same = try AlmanacExecutable.run(["slots"] + noZones + Self.week + ["--length", "PT1H", "--at-least", "2", "--viewer", "Europe/Paris"])
        #expect(same.stdout == r.stdout)
    }

    /// Hours as a pattern instead of the VAVAILABILITY file; a tentative
    /// meeting counts as free with --tentative-free. Ana until 19:00 Paris
    /// (18:00 UTC) and Ben from 12:00 New York (16:00 UTC) overlap two
    /// hours, the second of them Ben's tentative customer call. (A piece
    /// without `=` continues hours=: `;Fri 09:00-17:00`.)
    @Test func patternsAndTentative() throws {
        let args = ["slots", "--person", Self.team + "ana.ics;zone=Europe/Paris;hours=Mon-Thu 09:00-19:00;Fri 09:00-17:00",
                    "--person", Self.team + "ben.ics;zone=America/New_York;hours=Tue 12:00-15:00;name=Ben",
                    "--from", "2026-03-24", "--to", "2026-03-25", "--length", "PT90M"]
        let strict = try AlmanacExecutable.run(args)
        #expect(strict.stdout == "no slots\n", "\(strict)")
        let lenient = try AlmanacExecutable.run(args + ["--tentative-free"])
        #expect(lenient.stdout == "2026-03-24T16:00:00+00:00  2026-03-24T18:00:00+00:00  2h      ana Tue 17:00-19:00, Ben Tue 12:00-14:00\n",
                "\(lenient)")
    }

    /// Friday 27: Ben's offsite and Chie's Osaka visit are all-day and
    /// opaque, so nobody pairs up, unless --all-day free; Ben's hours that
    /// day are his PRIORITY:1 half day (09:00-12:00 New York).
    @Test func allDayEventsBlockUnlessFree() throws {
        let args = ["slots", "--from", "2026-03-27", "--to", "2026-03-28", "--length", "PT1H", "--at-least", "2",
                    "--person", Self.team + "ana.ics,ana-hours.ics", "--person", Self.team + "ben.ics,ben-hours.ics",
                    "--person", Self.team + "chie.ics,chie-hours.ics"]
        let busy = try AlmanacExecutable.run(args)
        #expect(busy.stdout == "no slots\n", "\(busy)")
        let free = try AlmanacExecutable.run(args + ["--all-day", "free"])
        #expect(free.stdout == "2026-03-27T13:30:00+00:00  2026-03-27T16:00:00+00:00  2h30m   ana Fri 14:30-17:00, ben Fri 09:30-12:00\n",
                "\(free)")
        let bad = try AlmanacExecutable.run(args + ["--all-day", "maybe"])
        #expect(bad.status == 2 && bad.stderr.contains("--all-day: expected busy or free"), "\(bad)")
    }

    @Test func jsonAndSVG() throws {
        let svg = try TemporaryFile(contents: [])
        let r = try AlmanacExecutable.run(["slots"] + Self.people + Self.week + ["--json", "--svg", svg.path])
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout.split(separator: "\n").first == #"{"start":"2026-03-24T13:30:00+00:00","end":"2026-03-24T14:00:00+00:00","minutes":30,"people":[{"name":"ana","zone":"Europe/Paris","start":"2026-03-24T14:30:00+01:00","end":"2026-03-24T15:00:00+01:00"},{"name":"ben","zone":"America/New_York","start":"2026-03-24T09:30:00-04:00","end":"2026-03-24T10:00:00-04:00"},{"name":"chie","zone":"Asia/Tokyo","start":"2026-03-24T22:30:00+09:00","end":"2026-03-24T23:00:00+09:00"}]}"#)
        let text = svg.read()
        #expect(text.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(text.contains(">ben (America/New_York)</text>") && text.contains("3 people, 2 slots"))
    }

    static let badInputs: [(arguments: [String], message: String)] = [
        (["--person", "missing.ics"], "cannot read \"missing.ics\""),
        (["--person", team + "ana.ics;zone=Mars/Base"], "unknown time zone \"Mars/Base\""),
        (["--person", team + "ana.ics;hours=Mon-Fri 09:00-17:00"], "hours= needs zone="),
        (["--person", team + "ana.ics;zone=UTC;hours=Mon 9-17"], "\"9-17\" is not a time range"),
        (["--person", team + "ana.ics;colour=red"], "unknown setting \"colour\""),
        (["--person", team + "ana.ics", "--length", "PT0S"], "--length: PT0S is not a positive duration"),
        (["--person", team + "ana.ics", "--length", "30m"], "--length"),
        (["--person", team + "ana.ics", "--at-least", "2"], "--at-least: free slots: a quorum of 2 of 1"),
        (["--person", team + "ana.ics", "--to", "2026-03-01"], "the window is empty"),
        ([], "give at least one --person"),
    ]

    @Test(arguments: badInputs)
    func badInputExitsTwo(arguments: [String], message: String) throws {
        let r = try AlmanacExecutable.run(["slots", "--from", "2026-03-23"] + arguments)
        #expect(r.status == 2, "\(r)")
        #expect(r.stderr.contains(message), "\(r)")
        #expect(r.stdout.isEmpty)
    }
}
