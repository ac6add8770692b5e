import Foundation
import Almanac
import AlmanacCalendar
import Testing

/// The reader reads each VEVENT and VTODO as it closes, unless a TZID it
/// uses may still be defined further on (then it and every later one wait
/// for the end of their VCALENDAR), and lets its lines go (issue 24). It
/// must read every file as reading it whole first did: the same series in
/// the same order, the same readings in the same order, the same fault.
struct ReaderStreamingTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Corpus").standardized

    /// Applying X-WR-TIMEZONE makes every component wait for the end of its
    /// VCALENDAR (the property may come after them): on a file without
    /// X-WR-TIMEZONE that option changes nothing else, so it reads the file
    /// as the reader did before it read components as they close.
    static func whole(_ options: CalendarOptions) -> CalendarOptions {
        var o = options
        o.appliesCalendarZone = true
        return o
    }

    static func same(_ bytes: [UInt8], _ options: CalendarOptions, _ name: String) {
        let streamed = Result { () throws(AlmanacError) in try EventCalendar(ics: bytes, options: options) }
        let whole = Result { () throws(AlmanacError) in try EventCalendar(ics: bytes, options: Self.whole(options)) }
        switch (streamed, whole) {
        case (.success(let a), .success(let b)):
            #expect(a.events == b.events, "\(name)")
            #expect(a.readings == b.readings, "\(name)")
            #expect(a.fileZones == b.fileZones, "\(name)")
            #expect(a.problems == b.problems, "\(name)")
        case (.failure(let a), .failure(let b)):
            #expect(a == b, "\(name)")
        default:
            Issue.record("\(name): \(streamed) read whole: \(whole)")
        }
    }

    @Test func everyCorpusFileReadsAsWhole() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.appendingPathComponent("ics").path)
            .filter { $0.hasSuffix(".ics") }.map { "ics/" + $0 } + ["samples/calendar.ics"]
        #expect(files.count > 80)
        for f in files {
            let bytes = Array(try Data(contentsOf: Self.corpus.appendingPathComponent(f)))
            guard !bytes.contains(Array("X-WR-TIMEZONE".utf8)) else { continue }
            for options in [CalendarOptions(), .strict, CalendarOptions(prefersFileZones: true)] {
                Self.same(bytes, options, f)
            }
        }
    }

    static let custom = ["BEGIN:VTIMEZONE", "TZID:Atlantis", "BEGIN:STANDARD", "DTSTART:19700101T000000",
                         "TZOFFSETFROM:+0330", "TZOFFSETTO:+0330", "END:STANDARD", "END:VTIMEZONE"]

    /// A VTIMEZONE after the events that use it (RFC 5545 puts no order on
    /// a VCALENDAR's components): the events before it wait for it, keep
    /// their place among the others, and are read in its zone.
    @Test func aVTimeZoneAfterItsEventsIsUsed() throws {
        let text = CalendarReaderTests.ics([
            "BEGIN:VEVENT", "UID:before", "DTSTART:20240101T090000Z", "END:VEVENT",
            "BEGIN:VEVENT", "UID:atlantis", "DTSTART;TZID=Atlantis:20240102T090000", "END:VEVENT",
            "BEGIN:VEVENT", "UID:after", "DTSTART;TZID=Europe/Paris:20240103T090000", "END:VEVENT",
        ] + Self.custom)
        for options in [CalendarOptions(), .strict] {
            let c = try EventCalendar(ics: text, options: options)
            #expect(c.events.map(\.id) == ["before", "atlantis", "after"])
            #expect(try c.events[1].recurrence.start.instant(in: .utc) == Timestamp(utc: CivilDate(2024, 1, 2).at(5, 30)))
            #expect(c.fileZones.keys.sorted() == ["Atlantis"])
            #expect(c.readings.contains { $0.line == 9 && $0.message.contains("\"Atlantis\" read from the file's VTIMEZONE") })
            Self.same(Array(text.utf8), options, "late VTIMEZONE")
        }
    }

    /// With the file's zones first, a known TZID also waits for a VTIMEZONE
    /// of that name further on, which then wins.
    @Test func aLateVTimeZoneWinsWhenFileZonesComeFirst() throws {
        let paris = Self.custom.map { $0 == "TZID:Atlantis" ? "TZID:Europe/Paris" : $0 }
        let text = CalendarReaderTests.ics(["BEGIN:VEVENT", "UID:p", "DTSTART;TZID=Europe/Paris:20240102T090000", "END:VEVENT"] + paris)
        let known = try EventCalendar(ics: text)
        let file = try EventCalendar(ics: text, options: CalendarOptions(prefersFileZones: true))
        #expect(try known.events[0].recurrence.start.instant(in: .utc) == Timestamp(utc: CivilDate(2024, 1, 2).at(8, 0)))
        #expect(try file.events[0].recurrence.start.instant(in: .utc) == Timestamp(utc: CivilDate(2024, 1, 2).at(5, 30)))
    }

    /// Several VCALENDARs: each one's series, then its overrides without a
    /// series (each a series of its own), in file order; the component
    /// reader's readings first, then each VCALENDAR's.
    @Test func severalCalendarsKeepTheirOrderAndReadings() throws {
        let first = CalendarReaderTests.ics([
            "BEGIN:VEVENT", "UID:a", "DTSTART:20240101T090000Z", "RRULE:FREQ=DAILY;COUNT=2", "END:VEVENT",
            "BEGIN:VEVENT", "UID:orphan", "RECURRENCE-ID:20240105T090000Z", "DTSTART:20240105T100000Z", "END:VEVENT",
            "BEGIN:VEVENT", "UID:no-start", "END:VEVENT",
        ], "\n")
        let second = CalendarReaderTests.ics([
            "BEGIN:VEVENT", "UID:b", "DTSTART:2024-01-03T09:00:00Z", "END:VEVENT",
            "BEGIN:VEVENT", "UID:a", "RECURRENCE-ID:20240101T090000Z", "DTSTART:20240101T110000Z", "END:VEVENT",
            "NOT A CONTENT LINE",
        ])
        let c = try EventCalendar(ics: first + second)
        #expect(c.events.map(\.id) == ["a", "orphan", "b", "a"])
        // The dropped line (28) and the bare line feeds (from line 1), then
        // the first VCALENDAR's VEVENT without DTSTART (13), then the
        // second's repaired DTSTART (21).
        #expect(c.readings.map(\.line) == [28, 1, 13, 21])
        #expect(c.readings.map(\.kind) == [.skipped, .liberty, .skipped, .liberty])
        Self.same(Array((first + second).utf8), CalendarOptions(), "two VCALENDARs")
    }

    /// Strict mode: a fault of the component reader further on is reported
    /// before an earlier event's bad value, as when the whole input was
    /// read into components first; without it, the event's fault is.
    @Test func strictModeReportsTheReadersFaultFirst() throws {
        let bad = ["BEGIN:VEVENT", "UID:x", "DTSTART:2024-13-45", "END:VEVENT"]
        let open = CalendarReaderTests.ics(bad + ["BEGIN:VEVENT", "UID:y", "DTSTART:20240101T090000Z"])
        // END:VCALENDAR on line 10 while the VEVENT of line 7 is open.
        #expect { try EventCalendar(ics: open, options: .strict) } throws: { ($0 as? AlmanacError)?.kind == .structure && ($0 as? AlmanacError)?.line == 10 }
        let closed = CalendarReaderTests.ics(bad)
        #expect { try EventCalendar(ics: closed, options: .strict) } throws: { ($0 as? AlmanacError)?.kind == .invalidValue && ($0 as? AlmanacError)?.line == 5 }
    }
}
