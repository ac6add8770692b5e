import AlmanacJSON
import Testing

/// `almanac days`: exact output, worked out from the zones' offsets.
///
/// Facts used below: America/New_York is EST (-05:00) until 2024-03-10 at
/// 02:00, when clocks jump to 03:00 EDT (-04:00) (07:00Z); Asia/Tokyo is
/// +09:00 all year; Europe/Paris is CET (+01:00) until 2024-03-31. A DATE
/// event's DTEND is exclusive (RFC 5545 section 3.6.1).
@Suite struct DaysGoldenTests {
    func run(_ arguments: [String]) throws -> AlmanacExecutable.Result {
        try AlmanacExecutable.run(["days"] + arguments)
    }

    @Test func helpTeachesByExample() throws {
        let r = try run(["--help"])
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout.contains("almanac days --start 20240501 --end 20240504 --series-id trip"))
        #expect(r.stdout.contains("2024-05-01 Wed  1/3   24h  00:00-04:00 → 24:00  trip/2024-05-01/2024-05-01"))
        #expect(r.stdout.contains("--viewer <zone>"))
        #expect(r.stdout.contains("--series-id <id>"))
    }

    /// A trip from 1 to 3 May, DTEND 4 May: three all-day slices. Each spans
    /// the viewer's whole date (EDT in May), 24 hours; the key is the series
    /// id, the recurrence id (the start date) and the slice's date.
    @Test func allDayTripHasOneSlicePerDate() throws {
        let r = try run(["--start", "20240501", "--end", "20240504", "--series-id", "trip", "--viewer", "America/New_York"])
        #expect(r.stdout == """
            2024-05-01 Wed  1/3   24h  00:00-04:00 → 24:00  trip/2024-05-01/2024-05-01
            2024-05-02 Thu  2/3   24h  00:00-04:00 → 24:00  trip/2024-05-01/2024-05-02
            2024-05-03 Fri  3/3   24h  00:00-04:00 → 24:00  trip/2024-05-01/2024-05-03

            """, "\(r)")
        #expect(r.stderr == "")
        #expect(r.status == 0)
    }

    /// 22:00 EST on 9 March is 03:00Z; four hours later is 07:00Z, the very
    /// instant New York springs forward, which reads 03:00 EDT. So the
    /// second day holds two elapsed hours from 00:00 to 03:00 on the clock.
    /// The viewer defaults to the series' zone.
    @Test func nightEventAcrossSpringForward() throws {
        let r = try run(["--start", "20240309T220000", "--tz", "America/New_York", "--duration", "PT4H"])
        #expect(r.stdout == """
            2024-03-09 Sat  1/2    2h  22:00-05:00 → 24:00
            2024-03-10 Sun  2/2    2h  00:00-05:00 → 03:00-04:00

            """, "\(r)")
        #expect(r.status == 0)
    }

    /// 22:00 in Tokyo is 13:00Z, which is 09:00 EDT in New York (after the
    /// 10 March switch): one slice a week, on the same date. The recurrence
    /// id stays Tokyo's wall clock.
    @Test func weeklyTokyoSeriesSeenFromNewYork() throws {
        let r = try run(["FREQ=WEEKLY;COUNT=3", "--start", "20240310T220000", "--tz", "Asia/Tokyo", "--duration", "PT4H",
                         "--viewer", "America/New_York"])
        #expect(r.stdout == """
            2024-03-10 Sun  1/1    4h  09:00-04:00 → 13:00
            2024-03-17 Sun  1/1    4h  09:00-04:00 → 13:00
            2024-03-24 Sun  1/1    4h  09:00-04:00 → 13:00

            """, "\(r)")
        #expect(r.status == 0)
    }

    /// The other way round: 22:00 EST is 03:00Z the next day, 12:00 in
    /// Tokyo. The night event is one slice there, dated the day after its
    /// recurrence id (the key holds both).
    @Test func nightEventSeenFromTokyoFallsOnTheNextDate() throws {
        let r = try run(["FREQ=DAILY;COUNT=2", "--start", "20240101T220000", "--tz", "America/New_York", "--duration", "PT4H",
                         "--viewer", "Asia/Tokyo", "--series-id", "night"])
        #expect(r.stdout == """
            2024-01-02 Tue  1/1    4h  12:00+09:00 → 16:00  night/2024-01-01T22:00:00/2024-01-02
            2024-01-03 Wed  1/1    4h  12:00+09:00 → 16:00  night/2024-01-02T22:00:00/2024-01-03

            """, "\(r)")
        #expect(r.status == 0)
    }

    /// The window [2 Jan, 3 Jan) in New York: the 1 January occurrence
    /// reaches into it (its second day), the 2 January one starts in it and
    /// its second day (3 January) starts at the window's end, so is left out.
    @Test func windowKeepsTheSlicesThatOverlapIt() throws {
        let r = try run(["FREQ=DAILY", "--start", "20240101T220000", "--tz", "America/New_York", "--duration", "PT4H",
                         "--after", "20240102", "--before", "20240103", "--series-id", "night"])
        #expect(r.stdout == """
            2024-01-02 Tue  2/2    2h  00:00-05:00 → 02:00  night/2024-01-01T22:00:00/2024-01-02
            2024-01-02 Tue  1/2    2h  22:00-05:00 → 24:00  night/2024-01-02T22:00:00/2024-01-02

            """, "\(r)")
        #expect(r.status == 0)
    }

    /// --after and --before are read in the viewer's zone: Tokyo's 11 and 12
    /// March. 09:00 CET in Paris is 08:00Z, 17:00 in Tokyo.
    @Test func windowBoundsAreReadInTheViewersZone() throws {
        let r = try run(["FREQ=DAILY", "--start", "20240101T090000", "--tz", "Europe/Paris", "--duration", "PT30M",
                         "--viewer", "Asia/Tokyo", "--after", "20240311", "--before", "20240313"])
        #expect(r.stdout == """
            2024-03-11 Mon  1/1   30m  17:00+09:00 → 17:30
            2024-03-12 Tue  1/1   30m  17:00+09:00 → 17:30

            """, "\(r)")
        #expect(r.status == 0)
    }

    /// --period keeps the slices dated in the period; --json gives RFC 3339
    /// instants in the viewer's zone and the index from 0.
    @Test func periodAsJSON() throws {
        let r = try run(["FREQ=DAILY", "--start", "20240101T090000", "--tz", "Europe/Paris", "--duration", "PT30M",
                         "--period", "2024-03-11/P2D", "--json", "--series-id", "event"])
        let slice = { (d: Int) in
            #"{"date":"2024-03-1\#(d)","index":0,"count":1,"start":"2024-03-1\#(d)T09:00:00+01:00","end":"2024-03-1\#(d)T09:30:00+01:00","seconds":1800,"all_day":false,"occurrence":"2024-03-1\#(d)T09:00:00+01:00","key":"event/2024-03-1\#(d)T09:00:00/2024-03-1\#(d)"}"#
        }
        #expect(r.stdout == #"{"viewer":"Europe/Paris","slices":["# + slice(1) + "," + slice(2) + #"],"truncated":false}"# + "\n", "\(r)")
        #expect(r.status == 0)
    }

    /// ISO week 11 of 2024 is 11 to 17 March: seven daily slices (no key without --series-id).
    @Test func periodWeekHasSevenDays() throws {
        let r = try run(["FREQ=DAILY", "--start", "20240101T090000", "--tz", "Europe/Paris", "--period", "2024-W11", "--json"])
        let json = try JSONReader.parse(r.stdout)
        guard case .array(let slices)? = json["slices"] else {
            Issue.record("no slices: \(r)")
            return
        }
        #expect(slices.map { $0["date"] } == (11...17).map { .string("2024-03-\($0)") })
        #expect(slices.allSatisfy { $0["seconds"] == .number(JSONNumber("0")) }, "no DTEND or DURATION: zero length")
        #expect(slices.allSatisfy { $0["key"] == nil })
    }

    /// An all-day series without a window stops at --limit; the viewer is UTC by default.
    @Test func limitTruncates() throws {
        let r = try run(["FREQ=DAILY", "--start", "20240101", "--limit", "2"])
        #expect(r.stdout == """
            2024-01-01 Mon  1/1   24h  00:00+00:00 → 24:00
            2024-01-02 Tue  1/1   24h  00:00+00:00 → 24:00

            """, "\(r)")
        #expect(r.stderr == "… truncated at 2 (--limit raises it)\n")
        #expect(r.status == 0)
    }

    // MARK: Errors

    @Test(arguments: [
        (["--start", "20240501", "--end", "20240430"],
         "error: --end: 20240430 is before the start 20240501 (RFC 5545 section 3.8.2.2)\n"),
        (["--start", "20240501", "--end", "20240504T100000"],
         "error: --end: \"20240504T100000\" must be a date such as 20240504, as the start is a date (RFC 5545 section 3.8.2.2)\n"),
        (["--start", "20240501", "--duration", "PT1H"],
         "error: --duration: PT1H has hours, minutes or seconds, but the start is a date: use whole days such as P1D or P1W (RFC 5545 section 3.8.2.5)\n"),
        (["--start", "20240501T100000", "--duration=-PT1H"],
         "error: --duration: -PT1H is negative: an event cannot end before it starts\n"),
        (["--start", "20240501", "--after", "20240601", "--before", "20240501"],
         "error: the window is reversed: --after 20240601 is later than --before 20240501\n"),
    ])
    func inputErrorsExit2(arguments: [String], message: String) throws {
        let r = try run(arguments)
        #expect(r.status == 2, "\(r)")
        #expect(r.stdout == "")
        #expect(r.stderr == message)
    }

    /// Messages that belong to the library (zone loader, period and rule parsers): the prefix and the value.
    @Test(arguments: [
        (["--start", "20240501", "--viewer", "Mars/Base"], "error: --viewer: ", "Mars/Base"),
        (["--start", "20240501", "--period", "2024-W60"], "error: --period: ", "2024-W60"),
        (["--start", "20240501", "--duration", "P1X"], "error: --duration: ", "P1X"),
        (["FREQ=SOMETIMES", "--start", "20240501"], "error: rrule: ", "SOMETIMES"),
        (["--start", "20240501T100000", "--tz", "Mars/Base"], "error: --tz: ", "Mars/Base"),
        (["--start", "20240501", "--rdate", "2024050"], "error: --rdate \"2024050\": ", "2024050"),
    ])
    func libraryErrorsExit2(arguments: [String], prefix: String, value: String) throws {
        let r = try run(arguments)
        #expect(r.status == 2, "\(r)")
        #expect(r.stdout == "")
        #expect(r.stderr.hasPrefix(prefix), "\(r)")
        #expect(r.stderr.contains(value), "\(r)")
    }

    @Test(arguments: [
        (["--start", "20240501", "--end", "20240502", "--duration", "P1D"], "--end and --duration exclude each other"),
        (["--start", "20240501", "--period", "2024", "--after", "20240101"], "--period and --after/--before exclude each other"),
        (["--end", "20240502"], "Missing expected argument '--start <dtstart>'"),
    ])
    func usageErrorsExit2(arguments: [String], message: String) throws {
        let r = try run(arguments)
        #expect(r.status == 2, "\(r)")
        #expect(r.stdout == "")
        #expect(r.stderr.contains(message), "\(r)")
        #expect(r.stderr.contains("Usage: almanac days"), "\(r)")
    }
}
