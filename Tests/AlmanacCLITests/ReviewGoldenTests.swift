import AlmanacJSON
import Testing

/// `almanac review 2023-W48` on a fresh clone: the bundled sample
/// (Corpus/samples/agenda.json, viewer Europe/Berlin) joined with the bundled
/// records (Corpus/samples/records.jsonl). The test runs in the package
/// folder, where no almanac-records.jsonl lies.
///
/// The expected days of 2023-W48 (27 Nov - 3 Dec 2023), worked out in
/// AgendaGoldenTests' comment (Berlin is +01:00 all week):
/// - "Team sync" Mon 27 and Thu 30 at 10:00 (2 days);
/// - "Call with the New York office" Tue 28, 11:00 New York = 17:00 (1);
/// - "Trip to Lisbon" Wed 29 from 07:15, Thu 30 from 00:00, Fri 1 from 00:00 (3);
/// - "Review with Tokyo" Fri 1 Dec 07:30 Tokyo = Thu 30 23:30 and Fri 1 00:00 (2);
/// - the to-dos, each once on the last day of its period (all day):
///   plumber and slides Tue 28, plants Sat 2, sprint (2023-W48) Sun 3 (4).
///   The others fall after the week (expenses 10 Dec, presents 31 Dec, ...).
/// 12 days. Ada's birthday (10 Dec) and the winter break have none.
///
/// The records file, line by line, and what each does:
/// 1. sync Mon 27 done.
/// 2. plumber done.
/// 3. ny-call partial 0.5 with a note.
/// 4. slides partial (no fraction), 2023-11-28T20:00Z ...
/// 6. ... superseded by slides done at 2023-11-29T06:00Z (the latest wins), with a note.
/// 5. lisbon Wed 29 done. 8. lisbon Thu 30 done.
/// 7. sync on Wed 29: the series has no occurrence that day: an orphan,
///    "no such occurrence", not counted.
/// 9. sync Thu 30 skipped, note "in Lisbon".
/// 10. tokyo-review's Friday day done (its Thursday day has no record).
/// 11. lisbon Fri 1 partial 0.25, note.
/// 12. sync Mon 4 Dec done: outside the week, neither counted nor an orphan.
///
/// So: done 6 (sync 27, plumber, slides, lisbon 29 and 30, tokyo Fri),
/// partial 2 (credit 0.5 + 0.25 = 0.75), skipped 1, open 3 (tokyo Thu,
/// plants, sprint); credit 6.75 of 12 = 56% (0.5625).
/// Per event: ny-call 0.5/1; tokyo 1/2; sync 1/2; lisbon 2.25/3 = 75%:
/// the partly completed (rate strictly between 0 and 1) come first, by
/// title; then plumber 100%, sprint 0%, slides 100%, plants 0%, by title.
/// Per day: Mon 1/1; Tue 2.5/3 = 83%; Wed 1/1; Thu 1/3 = 33% (lisbon done,
/// sync skipped, tokyo open); Fri 1.25/2 = 63% (62.5 rounded half up);
/// Sat 0/1; Sun 0/1.
/// Start hours on Berlin's clock: 00:00 lisbon Thu and Fri, tokyo Fri (3:
/// 2 done, 1 partial 0.25 -> 75%); 07:00 lisbon Wed; 10:00 the two syncs
/// (done, skipped); 17:00 ny-call; 23:00 tokyo Thu; all day the 4 to-dos
/// (plumber and slides done).
/// Streak: Mon to Fri each have a done or partial day (5, ending Fri 1);
/// Sat and Sun have none, so the run at the period's end is 0.
/// Notes: the entries with a note, in entry order (date, then start: the
/// all-day slides at Berlin midnight before ny-call at 17:00).
@Suite struct ReviewGoldenTests {
    static let text = """
        Review of 2023-W48: Mon 27 Nov 2023 – Sun 3 Dec 2023, days in Europe/Berlin
        15 events and to-dos from the bundled sample (Corpus/samples/agenda.json), 8 with days in 2023-W48
        12 records from the bundled sample (Corpus/samples/records.jsonl)

        Event                            days  done  partial  skipped  open  credit   rate
        Call with the New York office       1     0        1        0     0    0.50    50%
        Review with Tokyo                   2     1        0        0     1    1.00    50%
        Team sync                           2     1        0        1     0    1.00    50%
        Trip to Lisbon                      3     2        1        0     0    2.25    75%
        Call the plumber                    1     1        0        0     0    1.00   100%
        Plan the sprint                     1     0        0        0     1    0.00     0%
        Send the slides for Lisbon          1     1        0        0     0    1.00   100%
        Water the plants                    1     0        0        0     1    0.00     0%
        Total                              12     6        2        1     3    6.75    56%

        Day                              days  done  partial  skipped  open  credit   rate
        Mon 27 Nov                          1     1        0        0     0    1.00   100%
        Tue 28 Nov                          3     2        1        0     0    2.50    83%
        Wed 29 Nov                          1     1        0        0     0    1.00   100%
        Thu 30 Nov                          3     1        0        1     1    1.00    33%
        Fri 1 Dec                           2     1        1        0     0    1.25    63%
        Sat 2 Dec                           1     0        0        0     1    0.00     0%
        Sun 3 Dec                           1     0        0        0     1    0.00     0%

        Start (hour)                     days  done  partial  skipped  open  credit   rate
        00:00                               3     2        1        0     0    2.25    75%
        07:00                               1     1        0        0     0    1.00   100%
        10:00                               2     1        0        1     0    1.00    50%
        17:00                               1     0        1        0     0    0.50    50%
        23:00                               1     0        0        0     1    0.00     0%
        all day                             4     2        0        0     2    2.00    50%

        Streak (days in a row with something done): longest 5, to Fri 1 Dec; at the end of the period 0

        Notes
        Tue 28 Nov  Send the slides for Lisbon     done          sent from the airport
        Tue 28 Nov  Call with the New York office  partial 0.50  lost the line halfway
        Thu 30 Nov  Team sync                      skipped       in Lisbon
        Fri 1 Dec   Trip to Lisbon                 partial 0.25  flight delayed

        Records that match no day of the period (not counted)
        sync/2023-11-29T10:00:00/2023-11-29  done  no such occurrence  "thought the sync was on Wednesday"

        """

    // Each in an empty folder: an almanac-records.jsonl in the package's
    // root (the README's `mark` writes one) would be read instead of the sample's.
    @Test func sampleWeekText() throws {
        let here = try TemporaryFolder()
        let r = try AlmanacExecutable.run(["review", "2023-W48"], directory: here.path)
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout == Self.text, "\(r)")
        #expect(r.stderr == "")
    }

    /// The same review as one JSON line, cut here at its members and array
    /// elements: the same figures as the text (the tallies carry
    /// "unrecorded" for open and "completion" for the rate, unrounded;
    /// 2.5/3 = 0.8333333333333334), "weeks" holds the one ISO week with its
    /// 7 days, "weekdays" equal the days in a week review, "hours" lists
    /// the hours some day starts in, "entries" are the 12 expected days in
    /// the order of the Notes (date, start, series) with their winning
    /// record (none: no "mark"), "orphans" the one record of line 7.
    static let json = [
        #"{"period":"2023-W48","#,
        #""first":"2023-11-27","#,
        #""last":"2023-12-03","#,
        #""viewer":"Europe/Berlin","#,
        #""totals":{"expected":12,"done":6,"partial":2,"partial_credit":0.75,"skipped":1,"unrecorded":3,"completion":0.5625},"#,
        #""events":["#,
        #"{"id":"ny-call","title":"Call with the New York office","expected":1,"done":0,"partial":1,"partial_credit":0.5,"skipped":0,"unrecorded":0,"completion":0.5},"#,
        #"{"id":"tokyo-review","title":"Review with Tokyo","expected":2,"done":1,"partial":0,"partial_credit":0.0,"skipped":0,"unrecorded":1,"completion":0.5},"#,
        #"{"id":"sync","title":"Team sync","expected":2,"done":1,"partial":0,"partial_credit":0.0,"skipped":1,"unrecorded":0,"completion":0.5},"#,
        #"{"id":"lisbon","title":"Trip to Lisbon","expected":3,"done":2,"partial":1,"partial_credit":0.25,"skipped":0,"unrecorded":0,"completion":0.75},"#,
        #"{"id":"plumber","title":"Call the plumber","expected":1,"done":1,"partial":0,"partial_credit":0.0,"skipped":0,"unrecorded":0,"completion":1.0},"#,
        #"{"id":"sprint","title":"Plan the sprint","expected":1,"done":0,"partial":0,"partial_credit":0.0,"skipped":0,"unrecorded":1,"completion":0.0},"#,
        #"{"id":"slides","title":"Send the slides for Lisbon","expected":1,"done":1,"partial":0,"partial_credit":0.0,"skipped":0,"unrecorded":0,"completion":1.0},"#,
        #"{"id":"plants","title":"Water the plants","expected":1,"done":0,"partial":0,"partial_credit":0.0,"skipped":0,"unrecorded":1,"completion":0.0}"#,
        #"],"#,
        #""days":["#,
        #"{"date":"2023-11-27","expected":1,"done":1,"partial":0,"partial_credit":0.0,"skipped":0,"unrecorded":0,"completion":1.0},"#,
        #"{"date":"2023-11-28","expected":3,"done":2,"partial":1,"partial_credit":0.5,"skipped":0,"unrecorded":0,"completion":0.8333333333333334},"#,
        #"{"date":"2023-11-29","expected":1,"done":1,"partial":0,"partial_credit":0.0,"skipped":0,"unrecorded":0,"completion":1.0},"#,
        #"{"date":"2023-11-30","expected":3,"done":1,"partial":0,"partial_credit":0.0,"skipped":1,"unrecorded":1,"completion":0.3333333333333333},"#,
        #"{"date":"2023-12-01","expected":2,"done":1,"partial":1,"partial_credit":0.25,"skipped":0,"unrecorded":0,"completion":0.625},"#,
        #"{"date":"2023-12-02","expected":1,"done":0,"partial":0,"partial_credit":0.0,"skipped":0,"unrecorded":1,"completion":0.0},"#,
        #"{"date":"2023-12-03","expected":1,"done":0,"partial":0,"partial_credit":0.0,"skipped":0,"unrecorded":1,"completion":0.0}"#,
        #"],"#,
        #""weeks":["#,
        #"{"period":"2023-W48","first":"2023-11-27","last":"2023-12-03","expected":12,"done":6,"partial":2,"partial_credit":0.75,"skipped":1,"unrecorded":3,"completion":0.5625}"#,
        #"],"#,
        #""weekdays":["#,
        #"{"weekday":"MO","expected":1,"done":1,"partial":0,"partial_credit":0.0,"skipped":0,"unrecorded":0,"completion":1.0},"#,
        #"{"weekday":"TU","expected":3,"done":2,"partial":1,"partial_credit":0.5,"skipped":0,"unrecorded":0,"completion":0.8333333333333334},"#,
        #"{"weekday":"WE","expected":1,"done":1,"partial":0,"partial_credit":0.0,"skipped":0,"unrecorded":0,"completion":1.0},"#,
        #"{"weekday":"TH","expected":3,"done":1,"partial":0,"partial_credit":0.0,"skipped":1,"unrecorded":1,"completion":0.3333333333333333},"#,
        #"{"weekday":"FR","expected":2,"done":1,"partial":1,"partial_credit":0.25,"skipped":0,"unrecorded":0,"completion":0.625},"#,
        #"{"weekday":"SA","expected":1,"done":0,"partial":0,"partial_credit":0.0,"skipped":0,"unrecorded":1,"completion":0.0},"#,
        #"{"weekday":"SU","expected":1,"done":0,"partial":0,"partial_credit":0.0,"skipped":0,"unrecorded":1,"completion":0.0}"#,
        #"],"#,
        #""hours":["#,
        #"{"hour":0,"expected":3,"done":2,"partial":1,"partial_credit":0.25,"skipped":0,"unrecorded":0,"completion":0.75},"#,
        #"{"hour":7,"expected":1,"done":1,"partial":0,"partial_credit":0.0,"skipped":0,"unrecorded":0,"completion":1.0},"#,
        #"{"hour":10,"expected":2,"done":1,"partial":0,"partial_credit":0.0,"skipped":1,"unrecorded":0,"completion":0.5},"#,
        #"{"hour":17,"expected":1,"done":0,"partial":1,"partial_credit":0.5,"skipped":0,"unrecorded":0,"completion":0.5},"#,
        #"{"hour":23,"expected":1,"done":0,"partial":0,"partial_credit":0.0,"skipped":0,"unrecorded":1,"completion":0.0}"#,
        #"],"#,
        #""all_day":{"expected":4,"done":2,"partial":0,"partial_credit":0.0,"skipped":0,"unrecorded":2,"completion":0.5},"#,
        #""streaks":{"longest":5,"longest_end":"2023-12-01","current":0},"#,
        #""entries":["#,
        #"{"key":"sync/2023-11-27T10:00:00/2023-11-27","event":"sync","date":"2023-11-27","start":"2023-11-27T10:00:00+01:00","end":"2023-11-27T11:00:00+01:00","all_day":false,"mark":"done","recorded":"2023-11-27T10:05:00Z"},"#,
        #"{"key":"plumber/2023-11-28/2023-11-28","event":"plumber","date":"2023-11-28","start":"2023-11-28T00:00:00+01:00","end":"2023-11-29T00:00:00+01:00","all_day":true,"mark":"done","recorded":"2023-11-28T08:30:00Z"},"#,
        #"{"key":"slides/2023-11-28/2023-11-28","event":"slides","date":"2023-11-28","start":"2023-11-28T00:00:00+01:00","end":"2023-11-29T00:00:00+01:00","all_day":true,"mark":"done","note":"sent from the airport","recorded":"2023-11-29T06:00:00Z"},"#,
        #"{"key":"ny-call/2023-11-28T11:00:00/2023-11-28","event":"ny-call","date":"2023-11-28","start":"2023-11-28T17:00:00+01:00","end":"2023-11-28T17:45:00+01:00","all_day":false,"mark":"partial","fraction":0.5,"note":"lost the line halfway","recorded":"2023-11-28T17:00:00Z"},"#,
        #"{"key":"lisbon/2023-11-29T07:15:00/2023-11-29","event":"lisbon","date":"2023-11-29","start":"2023-11-29T07:15:00+01:00","end":"2023-11-30T00:00:00+01:00","all_day":false,"mark":"done","recorded":"2023-11-29T21:00:00Z"},"#,
        #"{"key":"lisbon/2023-11-29T07:15:00/2023-11-30","event":"lisbon","date":"2023-11-30","start":"2023-11-30T00:00:00+01:00","end":"2023-12-01T00:00:00+01:00","all_day":false,"mark":"done","recorded":"2023-11-30T22:00:00Z"},"#,
        #"{"key":"sync/2023-11-30T10:00:00/2023-11-30","event":"sync","date":"2023-11-30","start":"2023-11-30T10:00:00+01:00","end":"2023-11-30T11:00:00+01:00","all_day":false,"mark":"skipped","note":"in Lisbon","recorded":"2023-11-30T09:00:00Z"},"#,
        #"{"key":"tokyo-review/2023-12-01T07:30:00/2023-11-30","event":"tokyo-review","date":"2023-11-30","start":"2023-11-30T23:30:00+01:00","end":"2023-12-01T00:00:00+01:00","all_day":false},"#,
        #"{"key":"tokyo-review/2023-12-01T07:30:00/2023-12-01","event":"tokyo-review","date":"2023-12-01","start":"2023-12-01T00:00:00+01:00","end":"2023-12-01T01:00:00+01:00","all_day":false,"mark":"done","recorded":"2023-12-01T00:10:00Z"},"#,
        #"{"key":"lisbon/2023-11-29T07:15:00/2023-12-01","event":"lisbon","date":"2023-12-01","start":"2023-12-01T00:00:00+01:00","end":"2023-12-01T21:30:00+01:00","all_day":false,"mark":"partial","fraction":0.25,"note":"flight delayed","recorded":"2023-12-01T21:45:00Z"},"#,
        #"{"key":"plants/2023-12-02/2023-12-02","event":"plants","date":"2023-12-02","start":"2023-12-02T00:00:00+01:00","end":"2023-12-03T00:00:00+01:00","all_day":true},"#,
        #"{"key":"sprint/2023-12-03/2023-12-03","event":"sprint","date":"2023-12-03","start":"2023-12-03T00:00:00+01:00","end":"2023-12-04T00:00:00+01:00","all_day":true}"#,
        #"],"#,
        #""orphans":["#,
        #"{"key":"sync/2023-11-29T10:00:00/2023-11-29","reason":"no_such_occurrence","mark":"done","note":"thought the sync was on Wednesday","recorded":"2023-11-29T10:30:00Z"}"#,
        #"]"#,
        #"}"#,
    ].joined()

    @Test func sampleWeekJSON() throws {
        let here = try TemporaryFolder()
        let r = try AlmanacExecutable.run(["review", "2023-W48", "--json"], directory: here.path)
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout == Self.json + "\n", "\(r)")
        // And it is JSON.
        #expect(throws: Never.self) { try JSONReader.parse(r.stdout) }
    }
}
