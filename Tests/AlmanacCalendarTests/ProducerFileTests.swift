import Almanac
import AlmanacCalendar
import AlmanacTestSupport
import Testing

/// Real producers' files and hostile shapes (issue 24), through the library:
/// the typed errors (kind, line), the readings, the options. The CLI side of
/// each case is a fixture of `Corpus/ics/` (named in each test).
struct ProducerFileTests {
    static func ics(_ lines: [String]) -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0"] + lines + ["END:VCALENDAR"]).joined(separator: "\r\n") + "\r\n"
    }

    static func error(_ text: String, _ options: CalendarOptions = CalendarOptions()) -> AlmanacError? {
        do {
            _ = try EventCalendar(ics: text, options: options)
            return nil
        } catch {
            return error
        }
    }

    static let january = try! Timestamp(utc: CivilDate(2024, 1, 1).at(0, 0))..<Timestamp(utc: CivilDate(2024, 2, 1).at(0, 0))

    static func starts(_ c: EventCalendar) -> [Timestamp] {
        c.occurrences(overlapping: january, viewer: .utc).compactMap { $0.occurrence.instants?.lowerBound }
    }

    static func utc(_ d: Int, _ h: Int, _ m: Int = 0) -> Timestamp { try! Timestamp(utc: CivilDate(2024, 1, d).at(h, m)) }

    // MARK: Nothing to read (empty-file, random-bytes-4k, no-component-properties-only)

    @Test(arguments: [CalendarOptions(), .strict])
    func emptyInputIsAnError(_ options: CalendarOptions) {
        for text in ["", "\r\n\r\n", "\u{FEFF}"] {
            let e = Self.error(text, options)
            #expect(e?.kind == .empty && e?.line == nil, "\(String(describing: e))")
        }
    }

    @Test func inputWithoutComponentIsAnError() throws {
        var rng = SplitMix64(seed: 24)
        let noise = (0..<4096).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
        for bytes in [noise, Array("VERSION:2.0\r\nPRODID:-//x//EN\r\n".utf8), Array("BEGIN:VJOURNAL\r\nEND:VJOURNAL\r\n".utf8)] {
            do {
                _ = try EventCalendar(ics: bytes)
                Issue.record("read without error")
            } catch {
                #expect(error.kind == .empty, "\(error)")
            }
        }
        // An empty VCALENDAR is an empty calendar, not an error.
        #expect(try EventCalendar(ics: "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n", options: .strict).events.isEmpty)
    }

    // MARK: A bare component (bare-vevent-google-paste, bare-vevent-strict)

    static let bare = ["BEGIN:VTIMEZONE", "TZID:Custom", "BEGIN:STANDARD", "DTSTART:19700101T000000",
                       "TZOFFSETFROM:+0300", "TZOFFSETTO:+0300", "END:STANDARD", "END:VTIMEZONE",
                       "BEGIN:VEVENT", "UID:a", "DTSTART;TZID=Custom:20240110T120000", "END:VEVENT",
                       "BEGIN:VEVENT", "UID:b", "DTSTART:20240111T120000Z", "END:VEVENT"].joined(separator: "\r\n") + "\r\n"

    @Test func bareComponentsAreOneCalendarInLenientMode() throws {
        let c = try EventCalendar(ics: Self.bare)
        #expect(c.events.map(\.id) == ["a", "b"])
        // The pasted VTIMEZONE defines the TZID: 12:00 at +03:00.
        #expect(Self.starts(c) == [Self.utc(10, 9), Self.utc(11, 12)])
        #expect(c.readings.filter { $0.message.contains("outside a VCALENDAR") }.map(\.line) == [1])
    }

    @Test func bareComponentIsAStrictError() {
        let e = Self.error(Self.bare, .strict)
        #expect(e?.kind == .structure && e?.line == 1 && e?.column == 1, "\(String(describing: e))")
    }

    @Test func aVCalendarAfterBareComponentsIsItsOwn() throws {
        let text = "BEGIN:VEVENT\r\nUID:a\r\nDTSTART:20240110T120000Z\r\nEND:VEVENT\r\n"
            + Self.ics(["BEGIN:VEVENT", "UID:b", "DTSTART:20240111T120000Z", "END:VEVENT"])
        let c = try EventCalendar(ics: text)
        #expect(c.events.map(\.id) == ["a", "b"])
        #expect(!c.readings.contains { $0.message.contains("missing") })
    }

    // MARK: Nested VEVENT (nested-vevent, nested-vevent-strict)

    static let nested = ics(["BEGIN:VEVENT", "UID:outer", "DTSTART:20240110T090000Z",
                             "BEGIN:VTODO", "UID:inner", "DUE:20240111T090000Z", "END:VTODO",
                             "SUMMARY:after the inner one", "END:VEVENT"])

    @Test func nestedComponentIsReadBesideItsParent() throws {
        let c = try EventCalendar(ics: Self.nested)
        #expect(Set(c.events.map(\.id)) == ["outer", "inner"])
        #expect(c.events.first { $0.id == "outer" }?.title == "after the inner one")
        #expect(c.events.first { $0.id == "inner" }?.component == .todo)
        #expect(c.readings.contains { $0.line == 6 && $0.message.contains("BEGIN:VTODO inside the VEVENT of line 3") })
    }

    /// Events nested in nested events: up to three enclosing events they
    /// are read, deeper ones are stepped over with everything in them (one
    /// reading), so that 10,000 levels keep the reader's stack short.
    @Test func deepNestingIsSteppedOver() throws {
        var lines: [String] = []
        for k in 0..<10_000 { lines += ["BEGIN:VEVENT", "UID:e\(k)", "DTSTART:20240110T090000Z"] }
        lines += Array(repeating: "END:VEVENT", count: 10_000)
        let c = try EventCalendar(ics: Self.ics(lines))
        #expect(c.events.map(\.id).sorted() == ["e0", "e1", "e2", "e3"])
        #expect(c.readings.filter { $0.kind == .skipped }.map(\.line) == [3 + 4 * 3])
    }

    @Test func nestedComponentIsAStrictError() {
        let e = Self.error(Self.nested, .strict)
        #expect(e?.kind == .structure && e?.line == 6, "\(String(describing: e))")
    }

    // MARK: Rule parts (rrule-unknown-part-*, rrule-x-part-*, rrule-escaped-separators*)

    static func rule(_ rrule: String) -> String {
        ics(["BEGIN:VEVENT", "UID:r", "DTSTART:20240101T090000Z", "RRULE:" + rrule, "END:VEVENT"])
    }

    @Test(arguments: ["AnythingRandom;FREQ=DAILY;COUNT=3", "FREQ=DAILY;X-FOO=1;COUNT=3", "FREQ=DAILY;;COUNT=3",
                      #"FREQ=DAILY\;COUNT=3"#, "FREQ=DAILY;COUNT=3;NOT-A-PART=7"])
    func partsThatMeanNothingAreSkippedLeniently(_ rrule: String) throws {
        let c = try EventCalendar(ics: Self.rule(rrule))
        #expect(Self.starts(c) == [Self.utc(1, 9), Self.utc(2, 9), Self.utc(3, 9)])
        #expect(c.readings.contains { $0.line == 6 && $0.kind == .liberty }, "\(c.readings)")
        let e = Self.error(Self.rule(rrule), .strict)
        #expect(e?.kind == .invalidValue && e?.line == 6, "\(String(describing: e))")
    }

    @Test func aPartNameWithoutValueStaysAnError() throws {
        // COUNT without "=": skipping it would make the rule endless.
        let c = try EventCalendar(ics: Self.rule("FREQ=DAILY;COUNT"))
        #expect(c.events.isEmpty)
        #expect(c.readings.contains { $0.kind == .skipped && $0.message.contains("\"COUNT\" has no \"=\"") })
    }

    // MARK: DATE UNTIL on a DATE-TIME series (rrule-until-date-on-timed-series*)

    @Test func dateUntilOnATimedSeriesAsExpandReadsIt() throws {
        let text = Self.rule("FREQ=DAILY;UNTIL=20240103")
        let c = try EventCalendar(ics: text)
        #expect(Self.starts(c) == [Self.utc(1, 9), Self.utc(2, 9), Self.utc(3, 9)])
        let set = c.events[0].recurrence
        // The same reading and the same error as RecurrenceSet.validate (almanac expand).
        let lenient = try set.validate(mode: .lenient).map(\.message)
        #expect(!lenient.isEmpty && c.readings.filter { $0.line == 6 }.map(\.message) == lenient)
        var expected = ""
        do { try set.validate(mode: .strict) } catch { expected = error.message }
        let e = Self.error(text, .strict)
        #expect(e?.line == 6 && e?.message == expected && !expected.isEmpty, "\(String(describing: e))")
    }

    // MARK: Vendor TZID prefixes (tzid-*-prefix-no-vtimezone, tzid-vendor-prefix-strict)

    @Test(arguments: ["/mozilla.org/20050126_1/America/New_York", "/freeassociation.sourceforge.net/Tzfile/America/New_York",
                      "/freeassociation.sourceforge.net/America/New_York", "/citadel.org/20190914_1/America/New_York",
                      "/America/New_York"])
    func vendorPrefixedTZIDIsItsZone(_ tzid: String) throws {
        let text = Self.ics(["BEGIN:VEVENT", "UID:z", "DTSTART;TZID=\(tzid):20240110T090000", "END:VEVENT"])
        let c = try EventCalendar(ics: text)
        #expect(c.events.first?.recurrence.start.zone?.identifier == "America/New_York")
        #expect(Self.starts(c) == [Self.utc(10, 14)])
        #expect(c.readings.contains { $0.kind == .zone && $0.message.contains("read as America/New_York") })
        let e = Self.error(text, .strict)
        #expect(e?.kind == .unknownZone && e?.line == 5, "\(String(describing: e))")
    }

    @Test func aVTimeZoneOfTheVendorTZIDWins() throws {
        let tzid = "/mozilla.org/20050126_1/America/New_York"
        let text = Self.ics(["BEGIN:VTIMEZONE", "TZID:\(tzid)", "BEGIN:STANDARD", "DTSTART:19700101T000000",
                             "TZOFFSETFROM:+0100", "TZOFFSETTO:+0100", "END:STANDARD", "END:VTIMEZONE",
                             "BEGIN:VEVENT", "UID:z", "DTSTART;TZID=\(tzid):20240110T090000", "END:VEVENT"])
        #expect(Self.starts(try EventCalendar(ics: text)) == [Self.utc(10, 8)])
        #expect(Self.starts(try EventCalendar(ics: text, options: .strict)) == [Self.utc(10, 8)])
    }

    @Test func aVendorPathWithoutAKnownZoneStaysFloating() throws {
        let text = Self.ics(["BEGIN:VEVENT", "UID:z", "DTSTART;TZID=/example.org/Atlantis/Capital:20240110T090000", "END:VEVENT"])
        #expect(try EventCalendar(ics: text).events.first?.recurrence.start.kind == .floating)
    }

    // MARK: Revisions (revisions-*)

    static func master(_ uid: String, _ day: Int, sequence: Int? = nil, modified: String? = nil) -> [String] {
        ["BEGIN:VEVENT", "UID:" + uid] + (sequence.map { ["SEQUENCE:\($0)"] } ?? [])
            + (modified.map { ["LAST-MODIFIED:" + $0] } ?? []) + [String(format: "DTSTART:202401%02dT090000Z", day), "END:VEVENT"]
    }

    @Test func theNewestRevisionWins() throws {
        // SEQUENCE 1, 3, 2 (missing counts as 0): the third one in the file, day 12.
        let text = Self.ics(Self.master("u", 10) + Self.master("u", 11, sequence: 1) + Self.master("u", 12, sequence: 3)
                            + Self.master("u", 13, sequence: 2))
        let c = try EventCalendar(ics: text)
        #expect(Self.starts(c) == [Self.utc(12, 9)])
        #expect(c.readings.filter { $0.kind == .skipped }.count == 3)
        #expect(Self.starts(try EventCalendar(ics: text, options: CalendarOptions(keepsRevisions: true))).count == 4)
    }

    @Test func equalSequenceWithoutLastModifiedKeepsAll() throws {
        // Ties stay separate series; a later revision then replaces every
        // one it revises, and an override joins the one in force.
        let tie = Self.master("u", 10, sequence: 1) + Self.master("u", 11, sequence: 1, modified: "20240101T000000Z")
            + Self.master("u", 12, sequence: 1, modified: "20240102T000000Z")
        #expect(Self.starts(try EventCalendar(ics: Self.ics(tie))) == [Self.utc(10, 9), Self.utc(12, 9)])
        let newer = tie + Self.master("u", 20, sequence: 2)
            + ["BEGIN:VEVENT", "UID:u", "RECURRENCE-ID:20240120T090000Z", "DTSTART:20240120T150000Z", "END:VEVENT"]
        let c = try EventCalendar(ics: Self.ics(newer))
        #expect(c.events.count == 1)
        #expect(Self.starts(c) == [Self.utc(20, 15)])
    }

    @Test func aToDoRevisesNoEvent() throws {
        let text = Self.ics(Self.master("u", 10, sequence: 1)
                            + ["BEGIN:VTODO", "UID:u", "SEQUENCE:2", "DTSTART:20240111T090000Z", "END:VTODO"])
        #expect(try EventCalendar(ics: text).events.map(\.component) == [.event, .todo])
    }

    @Test func revisionsAreSoughtWithinOneVCalendar() throws {
        let two = Self.ics(Self.master("u", 10, sequence: 1)) + Self.ics(Self.master("u", 11, sequence: 2))
        #expect(Self.starts(try EventCalendar(ics: two)) == [Self.utc(10, 9), Self.utc(11, 9)])
    }

    // MARK: COUNT and an unsynchronized DTSTART (kcalendarcore-count-dtstart-outside-rule)

    @Test func countBesideAnUnsynchronizedStart() throws {
        // 2 January 2024 is a Tuesday; the rule's Mondays are 8, 15 and 22.
        let text = Self.ics(["BEGIN:VEVENT", "UID:k", "DTSTART:20240102T090000Z",
                             "RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=3", "END:VEVENT"])
        #expect(Self.starts(try EventCalendar(ics: text)) == [2, 8, 15, 22].map { Self.utc($0, 9) })
        let rfc = try EventCalendar(ics: text, options: CalendarOptions(unsynchronizedStart: .firstOfCount))
        #expect(Self.starts(rfc) == [2, 8, 15].map { Self.utc($0, 9) })
        // The same reading in both modes, and python-dateutil's own when asked for.
        #expect(Self.starts(try EventCalendar(ics: text, options: .strict)).count == 4)
        let dateutil = try EventCalendar(ics: text, options: CalendarOptions(expansion: ExpansionOptions(includesStart: false)))
        #expect(Self.starts(dateutil) == [8, 15, 22].map { Self.utc($0, 9) })
    }

    @Test func aSynchronizedStartGivesCountInstancesEitherWay() throws {
        let text = Self.ics(["BEGIN:VEVENT", "UID:k", "DTSTART:20240101T090000Z",
                             "RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=3", "EXDATE:20240101T090000Z", "END:VEVENT"])
        for reading in [CalendarOptions.UnsynchronizedStart.besideCount, .firstOfCount] {
            // EXDATE removes DTSTART in both, and it still counts toward COUNT.
            #expect(Self.starts(try EventCalendar(ics: text, options: CalendarOptions(unsynchronizedStart: reading)))
                        == [8, 15].map { Self.utc($0, 9) })
        }
    }

    // MARK: An RDATE in its own zone (rdate-datetime-own-tzid)

    @Test func anRDateIsShownInItsOwnZone() throws {
        let text = Self.ics(["BEGIN:VEVENT", "UID:d", "DTSTART;TZID=Europe/Berlin:20240101T090000",
                             "RDATE;TZID=America/New_York:20240107T090000", "RDATE:20240108T090000Z", "END:VEVENT"])
        let all = try EventCalendar(ics: text).occurrences(overlapping: Self.january, viewer: .utc)
        #expect(all.map { $0.occurrence.instants?.lowerBound } == [Self.utc(1, 8), Self.utc(7, 14), Self.utc(8, 9)])
        // A UTC RDATE has no TZID of its own: it is shown in the series' zone.
        #expect(all.map { $0.zone?.identifier } == ["Europe/Berlin", "America/New_York", "Europe/Berlin"])
    }
}
