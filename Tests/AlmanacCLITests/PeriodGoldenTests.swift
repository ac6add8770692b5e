import AlmanacJSON
import Testing

/// `almanac period`: exact output, worked out from the calendar.
///
/// Facts used below: 2023-01-01 is a Sunday, so ISO week 1 of 2023 starts
/// on Monday 2 January and 1 January belongs to 2022-W52; 2023 has 52 ISO
/// weeks, 365 days. 2024 is a leap year starting on a Monday; 2020 is a leap
/// year starting on a Wednesday, so it has 53 ISO weeks.
@Suite struct PeriodGoldenTests {
    func run(_ arguments: [String]) throws -> AlmanacExecutable.Result {
        try AlmanacExecutable.run(["period"] + arguments)
    }

    /// ISO week 48 of 2023: 2 January + 46 weeks = Monday 27 November, to
    /// Sunday 3 December. Four of its days are in November (27-30), three in
    /// December (1-3), all seven in 2023.
    static let week48 = """
        2023-W48    week 48 of 2023 (MO4: from Monday, week 1 holds 4 January)
        dates       2023-11-27 Mon … 2023-12-03 Sun (7 days)
                    2023-11-27 Mon  2023-11-28 Tue  2023-11-29 Wed  2023-11-30 Thu
                    2023-12-01 Fri  2023-12-02 Sat  2023-12-03 Sun
        weeks       2023-W48    2023-11-27 … 2023-12-03    7 of 7 days
        months      2023-11     2023-11-27 … 2023-11-30    4 of 30 days
                    2023-12     2023-12-01 … 2023-12-03    3 of 31 days
        years       2023        2023-11-27 … 2023-12-03    7 of 365 days

        """

    @Test func helpTeachesByExample() throws {
        let r = try run(["--help"])
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout.contains("almanac period 2023-W48"))
        #expect(r.stdout.contains("months      2023-11     2023-11-27 … 2023-11-30    4 of 30 days"))
        #expect(r.stdout.contains("--week-rule SU1"))
    }

    @Test func isoWeek48Of2023() throws {
        let r = try run(["2023-W48"])
        #expect(r.stdout == Self.week48, "\(r)")
        #expect(r.stderr == "")
        #expect(r.status == 0)
    }

    /// US weeks (SU1): week 1 is the week holding 1 January, Sunday 1 to
    /// Saturday 7 January 2023; week 48 starts 47 weeks later, on Sunday 26
    /// November, so five of its days are in November.
    @Test func usWeek48Of2023() throws {
        let r = try run(["2023-W48", "--week-rule", "SU1"])
        #expect(r.stdout == """
            2023-W48@SU1  week 48 of 2023 (SU1: from Sunday, week 1 holds 1 January)
            dates         2023-11-26 Sun … 2023-12-02 Sat (7 days)
                          2023-11-26 Sun  2023-11-27 Mon  2023-11-28 Tue  2023-11-29 Wed
                          2023-11-30 Thu  2023-12-01 Fri  2023-12-02 Sat
            weeks         2023-W48@SU1    2023-11-26 … 2023-12-02    7 of 7 days
            months        2023-11         2023-11-26 … 2023-11-30    5 of 30 days
                          2023-12         2023-12-01 … 2023-12-02    2 of 31 days
            years         2023            2023-11-26 … 2023-12-02    7 of 365 days

            """, "\(r)")
        #expect(r.status == 0)
        // The rule can also be written in the period itself.
        #expect(try run(["2023-W48@SU1"]).stdout == r.stdout)
    }

    /// February 2024 starts on a Thursday (in 2024-W05, 29 Jan - 4 Feb) and
    /// ends on Thursday the 29th (in 2024-W09, 26 Feb - 3 Mar).
    @Test func weeksOfALeapFebruary() throws {
        let r = try run(["2024-02"])
        #expect(r.stdout == """
            2024-02     month: February 2024
            dates       2024-02-01 Thu … 2024-02-29 Thu (29 days)
            weeks       2024-W05    2024-02-01 … 2024-02-04    4 of 7 days
                        2024-W06    2024-02-05 … 2024-02-11    7 of 7 days
                        2024-W07    2024-02-12 … 2024-02-18    7 of 7 days
                        2024-W08    2024-02-19 … 2024-02-25    7 of 7 days
                        2024-W09    2024-02-26 … 2024-02-29    4 of 7 days
            months      2024-02     2024-02-01 … 2024-02-29    29 of 29 days
            years       2024        2024-02-01 … 2024-02-29    29 of 366 days

            """, "\(r)")
        #expect(r.status == 0)
    }

    /// Week 53 of 2020 (28 Dec 2020 - 3 Jan 2021) overlaps two months and two years.
    @Test func week53CrossesTheYear() throws {
        let r = try run(["2020-W53"])
        #expect(r.stdout == """
            2020-W53    week 53 of 2020 (MO4: from Monday, week 1 holds 4 January)
            dates       2020-12-28 Mon … 2021-01-03 Sun (7 days)
                        2020-12-28 Mon  2020-12-29 Tue  2020-12-30 Wed  2020-12-31 Thu
                        2021-01-01 Fri  2021-01-02 Sat  2021-01-03 Sun
            weeks       2020-W53    2020-12-28 … 2021-01-03    7 of 7 days
            months      2020-12     2020-12-28 … 2020-12-31    4 of 31 days
                        2021-01     2021-01-01 … 2021-01-03    3 of 31 days
            years       2020        2020-12-28 … 2020-12-31    4 of 366 days
                        2021        2021-01-01 … 2021-01-03    3 of 365 days

            """, "\(r)")
        #expect(r.status == 0)
    }

    /// A day: 304 days from January to October, so 27 November is day 331.
    @Test func aDay() throws {
        let r = try run(["2023-11-27"])
        #expect(r.stdout == """
            2023-11-27  day: a Monday, day 331 of 2023
            dates       2023-11-27 Mon (1 day)
            weeks       2023-W48    2023-11-27 … 2023-11-27    1 of 7 days
            months      2023-11     2023-11-27 … 2023-11-27    1 of 30 days
            years       2023        2023-11-27 … 2023-11-27    1 of 365 days

            """, "\(r)")
        #expect(r.status == 0)
    }

    /// A 10-day span from Monday 13 November: all of W46, three days of W47;
    /// 8...31 days list like a month.
    @Test func aSpan() throws {
        let r = try run(["2023-11-13/P10D"])
        #expect(r.stdout == """
            2023-11-13/P10D  span of 10 days (lists like a month)
            dates            2023-11-13 Mon … 2023-11-22 Wed (10 days)
                             2023-11-13 Mon  2023-11-14 Tue  2023-11-15 Wed  2023-11-16 Thu
                             2023-11-17 Fri  2023-11-18 Sat  2023-11-19 Sun  2023-11-20 Mon
                             2023-11-21 Tue  2023-11-22 Wed
            weeks            2023-W46    2023-11-13 … 2023-11-19    7 of 7 days
                             2023-W47    2023-11-20 … 2023-11-22    3 of 7 days
            months           2023-11     2023-11-13 … 2023-11-22    10 of 30 days
            years            2023        2023-11-13 … 2023-11-22    10 of 365 days

            """, "\(r)")
        #expect(r.status == 0)
    }

    /// A year's 53 weeks (2022-W52 holds 1 January): the first two, the last
    /// two, and the count of the rest; --all lists all of them.
    @Test func aYearShortensLongLists() throws {
        let r = try run(["2023"])
        let lines = r.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(Array(lines.prefix(7)) == [
            "2023        year: 365 days",
            "dates       2023-01-01 Sun … 2023-12-31 Sun (365 days)",
            "weeks       2022-W52    2023-01-01 … 2023-01-01    1 of 7 days",
            "            2023-W01    2023-01-02 … 2023-01-08    7 of 7 days",
            "            … 49 more (--all lists them)",
            "            2023-W51    2023-12-18 … 2023-12-24    7 of 7 days",
            "            2023-W52    2023-12-25 … 2023-12-31    7 of 7 days",
        ], "\(r)")
        #expect(lines.filter { $0.contains("of 31 days") }.count == 7, "seven 31-day months")
        #expect(lines.last(where: { !$0.isEmpty }) == "years       2023        2023-01-01 … 2023-12-31    365 of 365 days")
        let all = try run(["2023", "--all"])
        #expect(all.stdout.split(separator: "\n").filter { $0.contains("-W") }.count == 53)
        // --all lists the dates too, four a line: 365 = 91 x 4 + 1.
        #expect(all.stdout.contains("\n            2023-12-27 Wed  2023-12-28 Thu  2023-12-29 Fri  2023-12-30 Sat\n            2023-12-31 Sun\n"))
    }

    @Test func weekAsJSON() throws {
        let r = try run(["2023-W48", "--json"])
        let dates = (27...30).map { "\"2023-11-\($0)\"" } + (1...3).map { "\"2023-12-0\($0)\"" }
        #expect(r.stdout == #"{"period":"2023-W48","kind":"week","week_rule":"MO4","first":"2023-11-27","last":"2023-12-03","day_count":7,"list_granularity":"week","dates":["#
            + dates.joined(separator: ",")
            + #"],"weeks":[{"period":"2023-W48","first":"2023-11-27","last":"2023-12-03","day_count":7,"shared_first":"2023-11-27","shared_last":"2023-12-03","shared_days":7}],"#
            + #""months":[{"period":"2023-11","first":"2023-11-01","last":"2023-11-30","day_count":30,"shared_first":"2023-11-27","shared_last":"2023-11-30","shared_days":4},"#
            + #"{"period":"2023-12","first":"2023-12-01","last":"2023-12-31","day_count":31,"shared_first":"2023-12-01","shared_last":"2023-12-03","shared_days":3}],"#
            + #""years":[{"period":"2023","first":"2023-01-01","last":"2023-12-31","day_count":365,"shared_first":"2023-11-27","shared_last":"2023-12-03","shared_days":7}],"truncated":false}"# + "\n",
            "\(r)")
        #expect(r.status == 0)
    }

    /// The JSON of a year keeps every week (no shortening).
    @Test func yearAsJSONKeepsEveryWeek() throws {
        let json = try JSONReader.parse(try run(["2023", "--json"]).stdout)
        guard case .array(let weeks)? = json["weeks"], case .array(let dates)? = json["dates"] else {
            Issue.record("missing weeks or dates")
            return
        }
        #expect(weeks.count == 53)
        #expect(dates.count == 365)
        #expect(weeks.first?["period"] == .string("2022-W52"))
        #expect(weeks.first?["shared_days"] == .number(JSONNumber("1")))
    }

    // MARK: Errors

    @Test func weekThatDoesNotExistExits2() throws {
        let r = try run(["2023-W53"])
        #expect(r.status == 2, "\(r)")
        #expect(r.stdout == "")
        #expect(r.stderr.hasPrefix("error: invalid period \"2023-W53\""), "\(r)")
        #expect(r.stderr.contains("52 weeks"), "\(r)")
    }

    @Test(arguments: ["2023-11-31", "2023-13", "23-W48", "next week", ""])
    func badPeriodsExit2(text: String) throws {
        let r = try run([text])
        #expect(r.status == 2, "\(r)")
        #expect(r.stdout == "")
        #expect(r.stderr.hasPrefix("error: invalid period"), "\(r)")
    }

    @Test func badWeekRuleExits2() throws {
        let r = try run(["2023-W48", "--week-rule", "SU0"])
        #expect(r.status == 2, "\(r)")
        #expect(r.stdout == "")
        #expect(r.stderr == "error: --week-rule: \"SU0\" is not a week rule: expected the first weekday (MO, TU, WE, TH, FR, SA or SU) and the minimum days of week 1 (1...7), such as MO4 (ISO 8601) or SU1 (US)\n")
    }

    @Test func missingPeriodIsAUsageError() throws {
        let r = try run([])
        #expect(r.status == 2, "\(r)")
        #expect(r.stderr.contains("Missing expected argument '<period>'"), "\(r)")
    }
}
