#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Almanac
import AlmanacCalendar
import AlmanacStore
import AlmanacTestSupport
import Testing

/// `almanac store`: the README's example (import, then query a week), its
/// lines computed from the calendar file itself; mark and review on the
/// store against `mark` and `review` on files; records exported and
/// imported; errors.
@Suite struct StoreCommandTests {
    func run(_ arguments: [String], in folder: TemporaryFolder) throws -> AlmanacExecutable.Result {
        try AlmanacExecutable.run(arguments, directory: folder.path)
    }

    /// `almanac events`'s line for an occurrence, written here from the
    /// occurrence's own parts (the zone's offset at each end).
    static func line(_ o: CalendarOccurrence) -> String {
        func clock(_ t: Timestamp, _ z: Zone) -> String {
            if z.identifier == "UTC" { return CivilDateTime(_localSeconds: Int(t.secondsSinceEpoch)).description + "Z" }
            let offset = z.offset(at: t)
            return CivilDateTime(_localSeconds: Int(t.secondsSinceEpoch) + Int(offset.seconds)).description + offset.description
        }
        let (s, e): (String, String) = switch o.occurrence.extent {
        case .dates(let r): (r.lowerBound.description, r.upperBound.description)
        case .wallClock(let r): (r.lowerBound.description, r.upperBound.description)
        case .instants(let r, _): (clock(r.lowerBound, o.zone ?? .utc), clock(r.upperBound, o.zone ?? .utc))
        }
        return "\(s)  \(e)  \(o.title ?? "")  [\(o.seriesID)]" + (o.status.map { " (\($0.rawValue))" } ?? "")
    }

    /// The lines `store query` must print for a file's window (UTC viewer).
    static func expectedLines(_ path: String, _ window: Range<Timestamp>) throws -> [String] {
        let calendar = try EventCalendar(ics: try #require(fileBytes(atPath: path)))
        return calendar.occurrences(overlapping: window, viewer: .utc).map(line)
    }

    // MARK: The README's example

    /// On a fresh folder: `store import Corpus/samples/calendar.ics`, then
    /// `store query --from 20240506 --to 20240513` lists the sample's week
    /// as the file has it (outside the index's horizon around today: the
    /// stored series are expanded).
    @Test func theReadmeExampleListsTheSampleWeek() throws {
        let here = try TemporaryFolder.packageLike()
        let imported = try run(["store", "import", "Corpus/samples/calendar.ics"], in: here)
        #expect(imported.status == 0, "\(imported)")
        #expect(imported.stdout.hasPrefix("calendar: version 1 (new), 4 series changed, 0 removed, "), "\(imported)")
        let query = try run(["store", "query", "--from", "20240506", "--to", "20240513"], in: here)
        #expect(query.status == 0, "\(query)")
        let week = try Self.expectedLines(here.path + "/Corpus/samples/calendar.ics",
                                          Timestamp(secondsSinceEpoch: 1_714_953_600)..<Timestamp(secondsSinceEpoch: 1_715_558_400))
        #expect(week.count == 6)
        #expect(query.stdout.split(separator: "\n").map(String.init) == week, "\(query)")
        let events = try run(["events", "Corpus/samples/calendar.ics", "--from", "2024-05-06", "--to", "2024-05-13"], in: here)
        #expect(query.stdout == events.stdout)
    }

    /// The same sample, a window inside the horizon (from the index): the
    /// next four weeks.
    @Test func aWindowOfTheIndexListsWhatTheFileHas() throws {
        let here = try TemporaryFolder.packageLike()
        #expect(try run(["store", "import", "Corpus/samples/calendar.ics"], in: here).status == 0)
        let from = StoreFixture.today, to = CivilDate(daysSinceEpoch: from.daysSinceEpoch + 28)!
        let query = try run(["store", "query", "--from", from.description, "--to", to.description], in: here)
        #expect(query.status == 0, "\(query)")
        let lines = try Self.expectedLines(here.path + "/Corpus/samples/calendar.ics",
                                           StoreFixture.instant(from)..<StoreFixture.instant(to))
        #expect(!lines.isEmpty)
        #expect(query.stdout.split(separator: "\n").map(String.init) == lines, "\(query)")
        let json = try run(["store", "query", "--from", from.description, "--to", to.description, "--json"], in: here)
        #expect(json.stdout.split(separator: "\n").count == lines.count)
        #expect(json.stdout.hasPrefix(#"{"calendar":"calendar","uid":"standup@example.com","key":"standup%40example.com/"#), "\(json)")
    }

    // MARK: status, and a second import

    @Test func statusShowsTheCalendarAndASecondImportChangesNothing() throws {
        let here = try TemporaryFolder.packageLike()
        #expect(try run(["store", "import", "Corpus/samples/calendar.ics", "--owner", "ana"], in: here).status == 0)
        let again = try run(["store", "apply", "Corpus/samples/calendar.ics"], in: here)
        #expect(again.stdout.hasPrefix("calendar: version 2, 0 series changed, 0 removed, 0 instances written; "), "\(again)")
        let status = try run(["store", "status", "--json"], in: here)
        #expect(status.status == 0, "\(status)")
        let series = try EventCalendar(ics: try #require(fileBytes(atPath: "Corpus/samples/calendar.ics"))).events.count
        #expect(status.stdout.hasPrefix(#"{"calendar":"calendar","source":"ics","owner":"ana","zone":"UTC","version":2,"horizon":{"#), "\(status)")
        #expect(status.stdout.contains(#""series":\#(series),"#), "\(status)")
        let text = try run(["store", "status"], in: here)
        #expect(text.stdout.hasPrefix("calendar\n  source     ics, owner ana, records' days in UTC\n  version    2\n"), "\(text)")
    }

    // MARK: mark and review

    /// `store mark` prints what `mark` prints; `store review` gives the
    /// review `review --ics FILE --records FILE` gives of the same series and
    /// records (the records exported from the store).
    @Test func markAndReviewOnTheStoreAreThoseOnFiles() throws {
        let here = try TemporaryFolder()
        let ics = here.path + "/work.ics"
        try StoreFixture.write(StoreFixture.ics(series: 3, hour: 9, title: "Work"), to: ics)
        #expect(try run(["store", "import", ics], in: here).status == 0)
        let calendar = try EventCalendar(ics: StoreFixture.ics(series: 3, hour: 9, title: "Work"))
        let first = StoreFixture.instant(StoreFixture.firstDay)
        let days = calendar.occurrences(overlapping: first..<first.plus(14 * 86_400), viewer: .utc).map {
            DayKey(occurrence: $0.key, date: $0.occurrence.daySlices(in: .utc)[0].date)
        }
        #expect(days.count == 6)
        let plain = "\(days[0].seriesID)/\(days[0].description.split(separator: "/").dropFirst().joined(separator: "/"))"
        let marks: [[String]] = [
            [plain, "done", "--at", "2026-01-02T10:00:00Z"],   // the UID as typed, no --calendar
            [days[3].description, "partial=0.5", "--note", "half \"done\"", "--at", "2026-01-02T11:00:00Z", "--calendar", "work"],
            [days[4].description, "skipped", "--at", "2026-01-02T12:00:00Z"],
        ]
        for m in marks {
            let stored = try run(["store", "mark"] + m, in: here)
            let filed = try run(["mark"] + m.filter { $0 != "--calendar" && $0 != "work" } + ["--records", here.path + "/log.jsonl"], in: here)
            #expect(stored.status == 0 && filed.status == 0, "\(stored)\n\(filed)")
            #expect(stored.stdout == filed.stdout, "\(stored)")
        }
        let export = try run(["store", "records", "--export", "exported.jsonl"], in: here)
        #expect(export.status == 0, "\(export)")
        let period = "\(StoreFixture.firstDay)/P14D"
        let fromStore = try run(["store", "review", period, "--json"], in: here)
        let fromFiles = try run(["review", period, "--ics", ics, "--records", here.path + "/exported.jsonl", "--viewer", "UTC", "--json"], in: here)
        #expect(fromStore.status == 0, "\(fromStore)")
        #expect(fromStore.stdout == fromFiles.stdout, "\(fromStore)\n\(fromFiles)")
        #expect(fromStore.stdout.contains(#""totals":{"expected":6,"done":1,"partial":1,"#), "\(fromStore)")
        let text = try run(["store", "review", period], in: here)
        let fileText = try run(["review", period, "--ics", ics, "--records", here.path + "/log.jsonl", "--viewer", "UTC"], in: here)
        #expect(text.stdout.split(separator: "\n").dropFirst(3) == fileText.stdout.split(separator: "\n").dropFirst(3), "\(text)")
        #expect(text.stdout.contains("3 events and to-dos from the store almanac.sqlite (work)"), "\(text)")
    }

    // MARK: records --export and --import

    @Test func recordsExportedImportAsTheyWere() throws {
        let here = try TemporaryFolder()
        let ics = here.path + "/work.ics"
        try StoreFixture.write(StoreFixture.ics(series: 2, hour: 9, title: "Work"), to: ics)
        #expect(try run(["store", "import", ics], in: here).status == 0)
        #expect(try run(["store", "import", ics, "--db", "second.sqlite"], in: here).status == 0)
        let d = StoreFixture.firstDay
        let key = "s0%40store-test/\(d)T09:00:00/\(d)"
        let log = """
            {"key":"\(key)","mark":"done","note":"later line, earlier time","recorded":"2026-01-02T09:00:00Z"}
            {"key":"\(key)","mark":"skipped","note":"the latest","recorded":"2026-01-02T10:00:00Z"}
            {"key":"\(key)","mark":"done","note":"older","recorded":"2026-01-02T08:00:00Z"}
            {"key":"s1%40store-test/\(d)T09:01:00/\(d)","mark":"partial","fraction":0.25,"recorded":"2026-01-02T09:00:00Z"}

            """
        try StoreFixture.write(log, to: here.path + "/log.jsonl")
        let imported = try run(["store", "records", "--import", "log.jsonl"], in: here)
        #expect(imported.status == 0, "\(imported)")
        #expect(imported.stdout == "2 records stored from log.jsonl into work, 0 kept (the store's record at the key is later)\n", "\(imported)")
        let exported = try run(["store", "records", "--export"], in: here)
        #expect(exported.stdout.split(separator: "\n").count == 2)
        #expect(exported.stdout.contains(#"{"key":"\#(key)","mark":"skipped","note":"the latest","recorded":"2026-01-02T10:00:00Z"}"#), "\(exported)")
        #expect(try run(["store", "records", "--export", "out.jsonl"], in: here).status == 0)
        var info = stat()
        #expect(stat(here.path + "/out.jsonl", &info) == 0 && info.st_mode & 0o777 == 0o600)
        let again = try run(["store", "records", "--import", "out.jsonl", "--calendar", "work", "--db", "second.sqlite"], in: here)
        #expect(again.status == 0, "\(again)")
        let second = try run(["store", "records", "--export", "--db", "second.sqlite"], in: here)
        #expect(second.stdout == exported.stdout)
        // A record the store holds with a later time stays; of equal times, the file's is stored.
        let later = try run(["store", "mark", key, "done", "--note", "later", "--at", "2026-01-02T11:00:00Z", "--db", "second.sqlite"], in: here)
        #expect(later.status == 0, "\(later)")
        let older = try run(["store", "records", "--import", "log.jsonl", "--db", "second.sqlite"], in: here)
        #expect(older.stdout == "1 record stored from log.jsonl into work, 1 kept (the store's record at the key is later)\n", "\(older)")
        let kept = try run(["store", "records", "--export", "--db", "second.sqlite"], in: here)
        #expect(kept.stdout.contains(#""note":"later","recorded":"2026-01-02T11:00:00Z"}"#), "\(kept)")
        // --export never overwrites.
        let twice = try run(["store", "records", "--export", "out.jsonl"], in: here)
        #expect(twice.status == 2 && twice.stderr.contains("--export writes a new file"), "\(twice)")
    }

    // MARK: Help

    /// Every example of every `store` subcommand's help pastes and runs
    /// (FirstStepsTests runs those of `almanac help store`), each in a
    /// fresh folder like the package's root.
    @Test(arguments: ["import", "query", "status", "mark", "review", "records"])
    func everySubcommandExamplePastesAndRuns(subcommand: String) throws {
        let help = try AlmanacExecutable.run(["help", "store", subcommand], environment: ["COLUMNS=80"])
        #expect(help.status == 0, "\(help)")
        let examples = FirstStepsTests.examples(help.stdout)
        #expect(!examples.isEmpty)
        for example in examples {
            #expect(example.contains("almanac store \(subcommand)") || subcommand == "import" && example.contains("almanac store apply"))
            for line in example.split(separator: "\n") { #expect(line.count <= 80, "wrapped at 80 columns: \(line)") }
            let r = try FirstStepsTests.shell(example, in: try TemporaryFolder.packageLike())
            #expect(r.status == 0 && !r.stdout.isEmpty && !r.stderr.contains("error"), "\(example)\n\(r)")
        }
    }

    // MARK: Errors

    @Test(arguments: [
        (["store", "query", "--from", "20240506", "--to", "20240513"], "error: no store at almanac.sqlite: import a calendar first"),
        (["store", "status"], "error: no store at almanac.sqlite"),
        (["store", "import", "nope.ics"], #"error: cannot read "nope.ics""#),
        (["store", "import", "a.ics", "b.ics", "--calendar", "x"], "error: --calendar names one calendar"),
        (["store", "import", "-"], "error: --calendar: standard input has no file name"),
        (["store", "query", "--form", "20240506"], "error: unknown option '--form' (did you mean '--from'?)\nUsage: almanac store query"),
        (["store", "records"], "error: give either --export [FILE] or --import FILE"),
        (["store", "mark", "standup@example.com/2024-05-06T09:30:00", "done"], "error: KEY"),
    ])
    func errorsAreOneLineAndExitTwo(arguments: [String], message: String) throws {
        let here = try TemporaryFolder()
        let r = try run(arguments, in: here)
        #expect(r.status == 2, "\(r)")
        #expect(r.stderr.hasPrefix(message), "\(r)")
        #expect(r.stdout == "")
        #expect(access(here.path + "/almanac.sqlite", F_OK) != 0, "a failed command leaves no store behind")
    }

    @Test func errorsOfAStoreThatExists() throws {
        let here = try TemporaryFolder.packageLike()
        #expect(try run(["store", "import", "Corpus/samples/calendar.ics"], in: here).status == 0)
        let unknown = try run(["store", "query", "--from", "20240506", "--to", "20240513", "--calendar", "work", "--json"], in: here)
        #expect(unknown.status == 2)
        #expect(unknown.stderr == "error: no calendar \"work\" in the store (it has: calendar)\n", "\(unknown)")
        #expect(unknown.stdout == #"{"error":{"kind":"invalid_request","message":"no calendar \"work\" in the store (it has: calendar)"}}"# + "\n")
        let badDate = try run(["store", "query", "--from", "2024-13-01", "--to", "20240513"], in: here)
        #expect(badDate.status == 2 && badDate.stderr.hasPrefix("error: --from"), "\(badDate)")
        let noSeries = try run(["store", "mark", "nobody/2024-05-06/2024-05-06", "done"], in: here)
        #expect(noSeries.stderr == "error: no calendar of the store has a series with UID \"nobody\": give --calendar\n", "\(noSeries)")
        let reversed = try run(["store", "query", "--from", "20240513", "--to", "20240506"], in: here)
        #expect(reversed.status == 2 && reversed.stderr == "error: --from is after --to\n", "\(reversed)")
    }
}
