import Almanac
import AlmanacCalendar
import AlmanacSync
import Synchronization
import Testing

/// ``CalendarInput``, the door through which the CLI reads every calendar:
/// a file is read and indexed once, whatever its format, and what its
/// reader noticed stays with it.
@Suite struct CalendarInputTests {
    static let root = String(#filePath).split(separator: "/").dropLast(3).joined(separator: "/")
    static func path(_ name: String) -> String { "/" + root + "/" + name }

    /// How many calendar indexes `body` builds (in this task only, so other tests running at once do not count).
    static func indexBuilds<T>(_ body: () throws -> T) rethrows -> (T, Int) {
        let count = Mutex(0)
        let value = try EventCalendar.$indexBuildHook.withValue({ count.withLock { $0 += 1 } }) { try body() }
        return (value, count.withLock { $0 })
    }

    /// The hook counts: two calendars built are two indexes.
    @Test func theCounterCounts() throws {
        let (_, builds) = Self.indexBuilds {
            _ = EventCalendar(events: [])
            _ = EventCalendar(events: [])
        }
        #expect(builds == 2)
    }

    /// An `.ics` file: one index, and the calendar keeps the reader's
    /// readings and the file's zones (the CLI's old path indexed it twice
    /// and dropped both).
    @Test func anICSFileIsIndexedOnceAndKeepsItsReadings() throws {
        let file = Self.path("Corpus/ics/apple-quoted-params.ics")
        let options = CalendarOptions(prefersFileZones: true)
        let (input, builds) = try Self.indexBuilds { try CalendarInput(contentsOf: file, options: options) }
        #expect(builds == 1)
        #expect(input.format == .ics)
        let direct = try EventCalendar(contentsOf: file, options: options)
        #expect(!direct.readings.isEmpty)
        #expect(input.calendar.readings == direct.readings)
        #expect(input.calendar.fileZones.keys.sorted() == ["America/New_York"])
        #expect(input.payloadReadings.isEmpty)
        #expect(input.events.map(\.id) == direct.events.map(\.id))
    }

    /// A Google payload (format told by its content): one index, its
    /// skipped items kept as readings, its events with their ids.
    @Test func aGooglePayloadIsIndexedOnceAndKeepsItsReadings() throws {
        let file = Self.path("Corpus/sync/google-bad-items.json")
        let (input, builds) = try Self.indexBuilds { try CalendarInput(contentsOf: file) }
        #expect(builds == 1)
        #expect(input.format == .google)
        let payload = try GoogleEvents.read(contentsOf: file, mode: .lenient)
        #expect(!payload.readings.isEmpty)
        #expect(input.payloadReadings == payload.readings)
        #expect(input.events == payload.events)
        #expect(input.calendar.events == payload.events.map(\.series))
    }

    /// A Graph payload the same way, and strict mode refuses what lenient skips.
    @Test func aGraphPayloadIsIndexedOnce() throws {
        let file = Self.path("Corpus/sync/graph-bad-items.json")
        let (input, builds) = try Self.indexBuilds { try CalendarInput(contentsOf: file, format: .graph) }
        #expect(builds == 1)
        #expect(input.payloadReadings == (try GraphEvents.read(contentsOf: file, mode: .lenient)).readings)
        #expect(throws: AlmanacError.self) { try CalendarInput(contentsOf: file, options: .strict) }
    }

    /// The format told by the content; JSON of neither service is not guessed.
    @Test(arguments: [
        ("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n", CalendarInput.Format?.some(.ics)),
        ("not a calendar", .ics),   // not JSON: the iCalendar reader says what is wrong
        (#"{"items": []}"#, .google),
        (#"{"value": []}"#, .graph),
        (#"{"x": 1}"#, nil),
        ("  [1]", nil),
    ])
    func theFormatIsToldByTheContent(_ text: String, _ format: CalendarInput.Format?) {
        #expect(CalendarInput.Format(guessing: Array(text.utf8)) == format)
    }

    /// What cannot be read says why: a missing file, an unknown format, a
    /// fault of the iCalendar text with its line.
    @Test func errorsSayWhy() throws {
        #expect(throws: AlmanacError(.invalidValue, #"cannot read "/nonexistent/x.ics": No such file or directory"#)) {
            try EventCalendar(contentsOf: "/nonexistent/x.ics")
        }
        #expect(throws: AlmanacError(.invalidValue, #"cannot read "/nonexistent/x.json": No such file or directory"#)) {
            try GraphEvents.read(contentsOf: "/nonexistent/x.json", mode: .strict)
        }
        #expect(throws: AlmanacError(.invalidRequest, "cannot tell whether this is iCalendar, Google or Graph data: name its format")) {
            try CalendarInput(bytes: Array(#"{"x": 1}"#.utf8))
        }
        let bad = "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:a\r\nDTSTART:2024-13-01\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        do {
            _ = try CalendarInput(bytes: Array(bad.utf8), options: .strict)
            Issue.record("a strict read of a bad DTSTART succeeded")
        } catch {
            #expect(error.kind == .invalidValue && error.line == 4, "\(error)")
            #expect(error.description.hasPrefix("line 4"), "\(error)")
        }
    }

    /// Payload date-times go through the library's one RFC 3339 reader:
    /// Graph's seven-digit fractions are dropped, a leap second is read as
    /// 59 (RFC 3339 section 5.6 allows second 60), and a second past 60 is
    /// no date-time (the payload readers' own reader took 75 for 59).
    @Test func payloadDateTimesAreReadByTheOneReader() throws {
        func start(_ dateTime: String) throws(AlmanacError) -> Anchor {
            let json = #"{"items":[{"id":"a","start":{"dateTime":"\#(dateTime)","timeZone":"Europe/Paris"},"end":{"date":"2024-05-07"}}]}"#
            return try GoogleEvents.read(json: json).first!.start
        }
        let paris = try Zone("Europe/Paris")
        #expect(try start("2024-05-06T09:00:00.1234567+02:00") == .zoned(CivilDate(2024, 5, 6).at(9, 0), paris))
        #expect(try start("2024-05-06T09:00:60+02:00") == .zoned(CivilDate(2024, 5, 6).at(9, 0, 59), paris))
        #expect(throws: AlmanacError.self) { try start("2024-05-06T09:00:75+02:00") }
        #expect(throws: AlmanacError.self) { try start("2024-05-06 09:00:00+02:00") }
    }
}
