import Testing

/// `days --ics` and `agenda --ics`: a calendar file as the source of day
/// slices and of a plan (overrides applied, cancelled instances left out).
struct CalendarCommandTests {
    func run(_ arguments: [String]) throws -> AlmanacExecutable.Result { try AlmanacExecutable.run(arguments) }

    @Test func daysOfACalendarKeepTheKeyOfAMovedInstance() throws {
        let r = try run(["days", "--ics", "Corpus/samples/calendar.ics", "--period", "2024-W19", "--viewer", "Europe/Paris"])
        #expect(r.status == 0, "\(r)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        // The trip is three day records; the stand-up moved to 14:00 keeps its 09:30 key; the cancelled one is gone.
        #expect(lines.filter { $0.contains("Trip to Lyon") }.count == 3)
        #expect(lines.contains("2024-05-08 Wed  1/1   15m  14:00+02:00 → 14:15  standup%40example.com/2024-05-08T09:30:00/2024-05-08  Stand-up (moved to the afternoon)"))
        #expect(!lines.contains { $0.hasPrefix("2024-05-10") && $0.contains("standup") })
        let one = try run(["days", "--ics", "Corpus/samples/calendar.ics", "--period", "2024-W19", "--uid", "trip@example.com", "--json"])
        #expect(one.status == 0, "\(one)")
        #expect(one.stdout.components(separatedBy: "\"key\"").count - 1 == 3)
    }

    @Test func daysOfACalendarNeedAWindow() throws {
        let r = try run(["days", "--ics", "Corpus/samples/calendar.ics"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("--ics needs --period or --after/--before"), "\(r)")
    }

    @Test func agendaOfACalendar() throws {
        let r = try run(["agenda", "--ics", "Corpus/samples/calendar.ics", "--from", "2024-05-06", "--viewer", "Europe/Paris"])
        #expect(r.status == 0, "\(r)")
        // The VTODO is a to-do; the moved stand-up has its override's title (FirstStepsTests has the whole week).
        #expect(r.stdout.contains("3 events and 1 to-do from Corpus/samples/calendar.ics"))
        #expect(r.stdout.contains("Wed 8 May     all day      Trip to Lyon (2/3)\n              14:00–14:15  Stand-up (moved to the afternoon)\n"),
                "\(r.stdout)")
        #expect(r.stdout.contains("Sat 11 May    –"))
    }
}
