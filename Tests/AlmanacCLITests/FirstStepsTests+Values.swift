#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AlmanacJSON
import Testing

/// Issue 24, part 6, continued: period text in either case, keys that
/// paste into `mark`, errors that quote input as typed, `agenda --ics`
/// titles and to-dos, and DTSTAMP in `import`.
extension FirstStepsTests {
    // MARK: Period text in either case

    @Test(arguments: [(["period", "2023-w48"], ["period", "2023-W48"]),
                      (["period", "2023-11-27/p7d"], ["period", "2023-11-27/P7D"]),
                      (["period", "2023-w48", "--week-rule", "su1"], ["period", "2023-W48", "--week-rule", "SU1"]),
                      (["days", "--start", "20231127", "--series-id", "t", "--period", "2023-w48"],
                       ["days", "--start", "20231127", "--series-id", "t", "--period", "2023-W48"])])
    func periodLettersInEitherCase(typed: [String], canonical: [String]) throws {
        let a = try run(typed), b = try run(canonical)
        #expect(a.status == 0, "\(a)")
        #expect(a.stdout == b.stdout, "\(a)")
        #expect(!a.stdout.isEmpty)
    }

    @Test func reviewTakesALowerCaseWeek() throws {
        let here = try TemporaryFolder()
        let a = try run(["review", "2023-w48"], in: here), b = try run(["review", "2023-W48"], in: here)
        #expect(a.status == 0, "\(a)")
        #expect(a.stdout == b.stdout)
    }

    // MARK: Keys that paste into mark

    /// Every day key `days --ics`, `agenda --json` and `review --json` print
    /// for the bundled calendar (UIDs with `@`) pastes into `mark`, which
    /// writes it unchanged; and so does a key made of the UID as `events`
    /// prints it, which `mark` writes escaped, as the others print it.
    @Test func everyPrintedKeyPastesIntoMark() throws {
        let here = try TemporaryFolder.packageLike()
        let calendar = ["--ics", "Corpus/samples/calendar.ics"]
        let days = try run(["days"] + calendar + ["--period", "2024-W19", "--viewer", "Europe/Paris"], in: here)
        let dayKeys = days.stdout.split(separator: "\n").compactMap { $0.split(separator: " ").first { $0.contains("%40") }.map(String.init) }
        #expect(dayKeys.count == 7, "\(days)")
        let agenda = try run(["agenda"] + calendar + ["--from", "2024-05-06", "--viewer", "Europe/Paris", "--json"], in: here)
        let agendaKeys = Self.strings(named: "key", in: agenda.stdout)
        let review = try run(["review", "2024-W19"] + calendar + ["--viewer", "Europe/Paris", "--json"], in: here)
        let reviewKeys = Self.strings(named: "key", in: review.stdout)
        #expect(Set(reviewKeys) == Set(dayKeys), "\(review)")
        #expect(Set(dayKeys).isSubset(of: Set(agendaKeys)), "\(agenda.stdout.prefix(300))")
        for key in Set(dayKeys + agendaKeys + reviewKeys) {
            let r = try run(["mark", key, "done", "--at", "2024-05-06T10:00:00Z"], in: here)
            #expect(r.status == 0, "\(key): \(r)")
            #expect(r.stdout.hasPrefix(#"{"key":"\#(key)","#), "\(r)")
        }
        // The UID as `events` prints it, the recurrence id and date as the key has them.
        let events = try run(["events", "Corpus/samples/calendar.ics", "--from", "20240506", "--to", "20240507", "--viewer", "Europe/Paris"], in: here)
        #expect(events.stdout.contains("[standup@example.com]"), "\(events)")
        let typed = try run(["mark", "standup@example.com/2024-05-06T09:30:00/2024-05-06", "partial=0.5", "--at", "2024-05-06T11:00:00Z"], in: here)
        #expect(typed.status == 0, "\(typed)")
        #expect(typed.stdout == #"{"key":"standup%40example.com/2024-05-06T09:30:00/2024-05-06","mark":"partial","fraction":0.5,"recorded":"2024-05-06T11:00:00Z"}"# + "\n")
        // The review counts every record: the stand-up's Monday is the latest
        // record of its key (partial), its Wednesday done, and every other day done.
        let after = try run(["review", "2024-W19"] + calendar + ["--viewer", "Europe/Paris"], in: here)
        #expect(after.stdout.contains("Stand-up                 2     1        1        0     0    1.50    75%\n"), "\(after)")
        #expect(after.stdout.contains("Total                    7     6        1        0     0    6.50    93%\n"), "\(after)")
    }

    @Test(arguments: [
        ("a b/2024-05-06/2024-05-06", #"{"key":"a%20b/2024-05-06/2024-05-06","#),
        ("a/b@c/2024-05-06/2024-05-06", #"{"key":"a%2Fb%40c/2024-05-06/2024-05-06","#),   // the id is all before the last two "/"
        ("50%off/2024-05-06/2024-05-06", #"{"key":"50%25off/2024-05-06/2024-05-06","#),   // not an escape: read as typed
        ("a%40b/2024-05-06/2024-05-06", #"{"key":"a%40b/2024-05-06/2024-05-06","#),       // valid escaped text: read as escaped
    ])
    func markReadsAnIdAsTyped(key: String, line: String) throws {
        let here = try TemporaryFolder()
        let r = try run(["mark", key, "done", "--at", "2024-05-06T10:00:00Z"], in: here)
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout.hasPrefix(line), "\(r)")
    }

    @Test(arguments: [
        ("standup@example.com/2024-13-06T09:30:00/2024-05-06",
         #"error: KEY "standup@example.com/2024-13-06T09:30:00/2024-05-06": invalid day key "standup@example.com/2024-13-06T09:30:00/2024-05-06" at column 26: month 13 is not in 01...12"#),
        ("é@x/2024-05-06/2024-05-32",
         #"error: KEY "é@x/2024-05-06/2024-05-32": invalid day key "é@x/2024-05-06/2024-05-32" at column 24: day 32 does not exist in 2024-05, which has 31 days"#),
        ("standup@example.com/2024-05-06", #"error: KEY "standup@example.com/2024-05-06": invalid day key "standup@example.com/2024-05-06" at column 8: "#),
    ])
    func markKeyErrorsQuoteTheKeyAsTyped(key: String, message: String) throws {
        let here = try TemporaryFolder()
        let r = try run(["mark", key, "done"], in: here)
        #expect(r.status == 2, "\(r)")
        #expect(r.stderr.hasPrefix(message), "\(r)")
        #expect(access(here.path + "/almanac-records.jsonl", F_OK) != 0)
    }

    // MARK: Errors quote the input as typed

    @Test(arguments: [
        (["expand", "FREQ=DAILY", "--start", "2024-13-01"], #"error: --start: invalid date "2024-13-01" at column 6: month 13 is not in 1...12"#),
        (["expand", "FREQ=DAILY;COUNT=2", "--start", "20240101T090000Z", "--after", "2024-02-30T00:00:00Z"],
         #"error: --after: invalid date-time "2024-02-30T00:00:00Z" at column 9: day 30 is not in 1...29 for 2024-02"#),
        (["expand", "FREQ=DAILY", "--start", "2024-01-01T25:00:00+02:00"],
         #"error: --start: invalid date-time "2024-01-01T25:00:00+02:00" at column 12: hour 25 is not in 0...23"#),
        (["expand", "FREQ=DAILY", "--start", "2024-01-01T09:00:00+25:00"],
         #"error: --start: invalid date-time "2024-01-01T09:00:00+25:00" at column 21: offset hours 25 are not in 00...23"#),
        (["expand", "FREQ=DAILY", "--start", "2024-01-01T09:00:00+0200"],
         #"error: --start: invalid date-time "2024-01-01T09:00:00+0200" at column 20: expected Z or an offset such as +02:00 after the time"#),
        (["expand", "FREQ=DAILY", "--start", "2024-01-01", "--exdate", "20240103,2024-01-32"],
         #"error: --exdate "2024-01-32": invalid date "2024-01-32" at column 9: day 32 is not in 1...31 for 2024-01"#),
        (["days", "--start", "2024-02-30"], #"error: --start: invalid date "2024-02-30" at column 9: day 30 is not in 1...29 for 2024-02"#),
        (["days", "--start", "20240101T090000Z", "--after", "2024-01-01T09:60:00"],
         #"error: --after: invalid date-time "2024-01-01T09:60:00" at column 15: minute 60 is not in 0...59"#),
        (["events", "Corpus/samples/calendar.ics", "--from", "2024-13-01"],
         #"error: --from "2024-13-01": invalid date "2024-13-01" at column 6: month 13 is not in 1...12"#),
        (["expand", "FREQ=DAILY;COUNT=3", "--start", "2024-01-01", "--after", "2024-02-01", "--before", "2024-01-01"],
         "error: the window is reversed: --after 2024-02-01 is later than --before 2024-01-01"),
    ])
    func errorsQuoteTheInputAsTyped(arguments: [String], message: String) throws {
        let r = try run(arguments)
        #expect(r.status == 2, "\(r)")
        #expect(r.stderr.split(separator: "\n").contains { $0 == message }, "\(r)")
    }

    // MARK: agenda --ics

    /// The bundled calendar: the stand-up moved on Wednesday has its own
    /// title (its override's SUMMARY), the VTODO is a to-do, not an event.
    @Test func agendaShowsAnInstancesOwnTitleAndAToDoAsOne() throws {
        let r = try run(["agenda", "--ics", "Corpus/samples/calendar.ics", "--from", "2024-05-06", "--viewer", "Europe/Paris"])
        #expect(r.status == 0, "\(r)")
        let start = """
            Agenda from Mon 6 May 2024, times in Europe/Paris
            3 events and 1 to-do from Corpus/samples/calendar.ics

            Next 7 days
            Mon 6 May     09:30–09:45  Stand-up
            Tue 7 May     all day      Trip to Lyon (1/3)
            Wed 8 May     all day      Trip to Lyon (2/3)
                          14:00–14:15  Stand-up (moved to the afternoon)
            Thu 9 May     all day      Trip to Lyon (3/3)
                          17:00–18:00  Call with New York
            Fri 10 May    [ ] Send the report
            Sat 11 May    –
            Sun 12 May    –

            Next 6 weeks
            2024-W19      Stand-up                           Mon 6
            6–12 May      Trip to Lyon                       Tue 7 – Thu 9
                          Stand-up (moved to the afternoon)  Wed 8
                          Call with New York                 Thu 9
                          [ ] Send the report                Fri 10
            2024-W20      Stand-up                           Mon 13, Wed 15, Fri 17

            """
        #expect(r.stdout.hasPrefix(start), "\(r.stdout)")
        let json = try run(["agenda", "--ics", "Corpus/samples/calendar.ics", "--from", "2024-05-06", "--viewer", "Europe/Paris", "--json"])
        #expect(json.stdout.contains(#""title":"Stand-up (moved to the afternoon)","date":"2024-05-08""#), "\(json)")
        #expect(json.stdout.contains(#""key":"report%40example.com/2024-05-10/2024-05-10","todo":true}"#), "\(json)")
        #expect(!json.stdout.contains(#""todo":false"#))
    }

    // MARK: import writes DTSTAMP

    /// The components of iCalendar text: the lines of each VEVENT or VTODO.
    static func components(_ ics: String) -> [[Substring]] {
        var out: [[Substring]] = [], current: [Substring]? = nil
        for line in ics.split(separator: "\r\n") {
            if line == "BEGIN:VEVENT" || line == "BEGIN:VTODO" { current = [] } else if line == "END:VEVENT" || line == "END:VTODO" {
                out.append(current ?? [])
                current = nil
            } else { current?.append(line) }
        }
        return out
    }

    /// RFC 5545 sections 3.6.1 and 3.8.7.2: DTSTAMP is required in every
    /// VEVENT of an object without METHOD, and is then the time its
    /// information was last revised: Google's `updated` for the series and
    /// its overrides; the time of the import when the payload has none.
    @Test func importWritesDtstampOnEveryComponent() throws {
        let google = try run(["import", "google", "Corpus/sync/google-weekly-moved-cancelled.json"])
        #expect(google.status == 0, "\(google)")
        let components = Self.components(google.stdout)
        #expect(components.count == 3, "a series and two overrides: \(google.stdout)")
        #expect(components.filter { $0.contains { $0.hasPrefix("RECURRENCE-ID") } }.count == 2)
        for c in components {
            #expect(c.filter { $0.hasPrefix("DTSTAMP") } == ["DTSTAMP:20240501T080000Z"], "\(c)")
        }
        let before = time(nil)
        let graph = try run(["import", "graph", "Corpus/sync/graph-daily-exceptions.json"])
        let after = time(nil)
        #expect(graph.status == 0, "\(graph)")
        let stamps = Self.components(graph.stdout).map { $0.filter { $0.hasPrefix("DTSTAMP:") } }
        #expect(stamps.count >= 3 && stamps.allSatisfy { $0.count == 1 }, "\(graph.stdout)")
        for s in stamps.joined() {
            // DTSTAMP:YYYYMMDDTHHMMSSZ, within the run.
            let text = Array(s.utf8.dropFirst(8))
            try #require(text.count == 16 && text[8] == UInt8(ascii: "T") && text[15] == UInt8(ascii: "Z"), "\(s)")
            var fields = tm()
            func n(_ r: Range<Int>) -> Int32 { Int32(String(decoding: text[r], as: UTF8.self))! }
            fields.tm_year = n(0..<4) - 1900
            fields.tm_mon = n(4..<6) - 1
            fields.tm_mday = n(6..<8)
            fields.tm_hour = n(9..<11)
            fields.tm_min = n(11..<13)
            fields.tm_sec = n(13..<15)
            let t = timegm(&fields)
            #expect(before <= t && t <= after, "\(s) is not the time of the import")
        }
    }
}

extension FirstStepsTests {
    /// The string values of every member `name` in JSON text.
    static func strings(named name: String, in json: String) -> [String] {
        var out: [String] = []
        func walk(_ v: JSONValue) {
            switch v {
            case .object(let o):
                for m in o.members {
                    if m.key == name, case .string(let s) = m.value { out.append(s) }
                    walk(m.value)
                }
            case .array(let a): a.forEach(walk)
            default: break
            }
        }
        if let v = try? JSONReader.parse(json) { walk(v) }
        return out
    }
}
