import Testing

/// `almanac diff` and `almanac import`: golden output, and bad input named by file and field.
struct SyncCommandTests {
    func run(_ arguments: [String], stdin: String = "") throws -> AlmanacExecutable.Result {
        try AlmanacExecutable.run(arguments, stdin: stdin)
    }

    /// A cached iCalendar snapshot against a fresh Google payload: the
    /// stand-up moved (time and title), the cancelled instance and the
    /// deleted dentist appointment removed; unchanged instances not listed.
    @Test func diffOfACachedSnapshotAndAFreshPayload() throws {
        let r = try run(["diff", "Corpus/sync/diff-before.ics", "Corpus/sync/google-weekly-moved-cancelled.json",
                         "--from", "20240501", "--to", "20240601", "--json"])
        #expect(r.status == 0, "\(r)")
        let moved = #"{"change":"moved","key":"standup%40google.com/2024-05-13T09:00:00","time":"both","fields":["title"],"#
            + #""before":{"uid":"standup@google.com","recurrence_id":"2024-05-13T09:00:00+02:00","start":"2024-05-13T09:00:00+02:00","end":"2024-05-13T09:15:00+02:00","all_day":false,"status":"CONFIRMED","summary":"Stand-up"},"#
            + #""after":{"uid":"standup@google.com","recurrence_id":"2024-05-13T09:00:00+02:00","start":"2024-05-14T10:00:00+02:00","end":"2024-05-14T10:15:00+02:00","all_day":false,"status":"CONFIRMED","summary":"Stand-up (moved)"}}"#
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines.first == moved)
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix(#"{"change":"removed""#) && $0.hasSuffix(#""after":null}"#) })
        #expect(lines[2].contains("dentist%40google.com/2024-05-22T15:00:00"))
    }

    @Test func diffTextNamesWhatMoved() throws {
        let r = try run(["diff", "Corpus/sync/diff-before.ics", "Corpus/sync/google-weekly-moved-cancelled.json",
                         "--from", "20240501", "--to", "20240601", "--viewer", "Europe/Paris"])
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout.hasPrefix("""
            moved   standup%40google.com/2024-05-13T09:00:00  (time: both, title)
                      2024-05-13T09:00:00+02:00  2024-05-13T09:15:00+02:00  Stand-up
                   →  2024-05-14T10:00:00+02:00  2024-05-14T10:15:00+02:00  Stand-up (moved)

            """), "\(r.stdout)")
    }

    @Test(arguments: [
        (#"{"items":[{"id":"a","summary":"x"}]}"#, #"items[0]: missing field "start" (item id "a")"#),
        (#"{"items":[{"id":"a","start":{"dateTime":"2024-05-06 09:00"},"end":{"date":"2024-05-07"}}]}"#, #"items[0].start.dateTime: expected an RFC 3339 date-time"#),
        (#"{"items":[{"id":"a","start":{"dateTime":"2024-05-06T09:00:00Z","timeZone":"Mars/Base"}}]}"#, #"items[0].start.timeZone: unknown time zone "Mars/Base" (item id "a")"#),
        (#"{"items":[{"id":"a","start":{"date":"2024-05-06"},"recurrence":["RRULE:FREQ=FORTNIGHTLY"]}]}"#, #"items[0].recurrence[0]: RRULE "FREQ=FORTNIGHTLY": invalid RRULE at column 6"#),
        (#"{"items":[{"id":"a"}]"#, "invalid JSON"),
    ])
    func importNamesTheField(_ json: String, _ message: String) throws {
        let r = try run(["import", "google", "-"], stdin: json)
        #expect(r.status == 2, "\(r)")
        #expect(r.stderr.contains(message), "\(r.stderr)")
    }

    @Test func graphErrorsNameTheField() throws {
        let json = #"{"value":[{"id":"m","type":"seriesMaster","start":{"dateTime":"2024-05-06T09:00:00","timeZone":"UTC"},"recurrence":{"pattern":{"type":"fortnightly"},"range":{"type":"noEnd","startDate":"2024-05-06"}}}]}"#
        let r = try run(["import", "graph", "-"], stdin: json)
        #expect(r.status == 2)
        #expect(r.stderr.contains(#"value[0].recurrence.pattern.type: unknown pattern type "fortnightly""#), "\(r.stderr)")
        #expect(r.stderr.contains(#"(item id "m")"#), "\(r.stderr)")
    }

    /// `days --ics` takes a Graph payload: each day keyed by the series' UID and original start.
    @Test func daysOfAGraphPayload() throws {
        let r = try run(["days", "--ics", "Corpus/sync/graph-daily-exceptions.json", "--period", "2024-W23", "--viewer", "America/New_York"])
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout.contains("2024-06-05 Wed  1/1   45m  10:00-04:00 → 10:45  walk-uid/2024-06-05T08:00:00/2024-06-05  Walk (later)"), "\(r.stdout)")
        #expect(!r.stdout.contains("2024-06-09"), "the cancelled instance has no day: \(r.stdout)")
    }

    @Test func eventsAsksForTheSourceWhenNothingTells() throws {
        let r = try run(["events", "-"], stdin: "[]")
        #expect(r.status == 2)
        #expect(r.stderr.contains("give --source"), "\(r.stderr)")
    }
}
