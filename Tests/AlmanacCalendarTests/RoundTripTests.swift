import Almanac
import AlmanacCalendar
import AlmanacTestSupport
import Testing

/// Calendars written by a generator (random series, text with every escape,
/// lines folded at 75 octets, sometimes inside a UTF-8 character's
/// neighbourhood but never through it) read back into the same events.
struct RoundTripTests {
    struct Written {
        var text: String
        var events: [CalendarEvent]
    }

    static let zones = ["Europe/Paris", "America/New_York", "Asia/Kolkata", "Australia/Lord_Howe"]

    /// RFC 5545 section 3.1: lines longer than 75 octets are folded, never inside a character.
    static func fold(_ line: String) -> String {
        var out = "", count = 0
        for ch in line {
            let n = String(ch).utf8.count
            if count + n > 75 { out += "\r\n "; count = 1 }
            out.append(ch)
            count += n
        }
        return out + "\r\n"
    }

    static func escape(_ s: String) -> String {
        s.replacingAll("\\", "\\\\").replacingAll(";", "\\;").replacingAll(",", "\\,").replacingAll("\n", "\\n")
    }

    static func generate(_ rng: inout SplitMix64, events n: Int) throws -> Written {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Almanac//round trip//EN"]
        var events: [CalendarEvent] = []
        for i in 0..<n {
            let day = try CivilDate(2020, 1, 1).adding(days: rng.int(0...2000))
            let time = try CivilTime(rng.int(0...23), rng.pick([0, 15, 30, 45]))
            let zoneID = rng.pick(zones)
            let zone = try Zone(zoneID)
            let start: Anchor
            let startLine: String
            switch rng.int(0...3) {
            case 0: start = .date(day); startLine = "DTSTART;VALUE=DATE:" + start.rfc5545
            case 1: start = .floating(CivilDateTime(day, time)); startLine = "DTSTART:" + start.rfc5545
            case 2: start = .utc(CivilDateTime(day, time)); startLine = "DTSTART:" + start.rfc5545
            default: start = .zoned(CivilDateTime(day, time), zone); startLine = "DTSTART;TZID=\(zoneID):" + start.rfc5545
            }
            let uid = "e\(i)-" + String(rng.next() % 100_000) + "@example.com"
            let summary = rng.pick(["Lunch, with Ana; maybe", "Café ☕ at 10\\11", "Line one\nline two", "Plain",
                                    String(repeating: "Long summary é ", count: rng.int(1...12))])
            var rules: [RecurrenceRule] = []
            var ruleLines: [String] = []
            if rng.chance(0.7) {
                let text = rng.pick(["FREQ=DAILY;COUNT=5", "FREQ=WEEKLY;BYDAY=MO,WE,FR", "FREQ=MONTHLY;BYMONTHDAY=-1;INTERVAL=2",
                                     "FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU", "FREQ=WEEKLY;INTERVAL=2;COUNT=10"])
                rules.append(try RecurrenceRule(text))
                ruleLines.append("RRULE:" + text)
            }
            var excluded: [Anchor] = []
            if !rules.isEmpty, rng.chance(0.5), case let d? = (try? start.civil.date.adding(days: 7)) {
                let x: Anchor
                switch start {
                case .date: x = .date(d)
                case .floating(let c): x = .floating(CivilDateTime(d, c.time))
                case .utc(let c): x = .utc(CivilDateTime(d, c.time))
                case .zoned(let c, let z): x = .zoned(CivilDateTime(d, c.time), z)
                }
                excluded.append(x)
                ruleLines.append((start.kind == .zoned ? "EXDATE;TZID=\(zoneID):" : start.kind == .date ? "EXDATE;VALUE=DATE:" : "EXDATE:") + x.rfc5545)
            }
            let length: RecurrenceSet.Length? = rng.chance(0.5) ? .duration(EventDuration(days: start.kind == .date ? rng.int(1...3) : 0,
                                                                                           seconds: start.kind == .date ? 0 : 900 * rng.int(1...8))) : nil
            lines += ["BEGIN:VEVENT", "UID:" + uid, "SUMMARY:" + escape(summary), startLine] + ruleLines
            if case .duration(let d)? = length { lines.append("DURATION:" + d.description) }
            lines.append("END:VEVENT")
            events.append(CalendarEvent(id: uid, title: summary,
                                        recurrence: RecurrenceSet(start: start, rules: rules, excludedDates: excluded, length: length)))
        }
        lines.append("END:VCALENDAR")
        return Written(text: lines.map(fold).joined(), events: events)
    }

    @Test func generatedCalendarsReadBack() throws {
        var rng = SplitMix64(seed: 0x1C5)
        for round in 0..<60 {
            let w = try Self.generate(&rng, events: rng.int(1...8))
            // The model reads back as written with the engine's reading of
            // COUNT; the default reading (DTSTART beside COUNT's instances)
            // builds another set with the same instances, since every
            // generated DTSTART is one the rule produces.
            let c = try EventCalendar(ics: w.text, options: CalendarOptions(mode: .strict, unsynchronizedStart: .firstOfCount))
            let d = try EventCalendar(ics: w.text, options: .strict)
            #expect(c.events.count == w.events.count, "round \(round)")
            for ((got, want), byDefault) in zip(zip(c.events, w.events), d.events) {
                #expect(got.id == want.id)
                #expect(got.title == want.title, "round \(round)")
                #expect(got.recurrence == want.recurrence, "round \(round): \(got.recurrence) against \(want.recurrence)\n\(w.text)")
                #expect(Array(try byDefault.recurrence.occurrences().prefix(40)) == Array(try want.recurrence.occurrences().prefix(40)),
                        "round \(round)")
            }
        }
    }
}

extension String {
    func replacingAll(_ a: String, _ b: String) -> String {
        split(separator: a, omittingEmptySubsequences: false).joined(separator: b)
    }
}

/// A set that counts DTSTART as the first of COUNT (RFC 5545 3.3.10: a
/// Google series, a set made in code) written to a file, which Almanac reads
/// with DTSTART beside COUNT's instances: a rule whose DTSTART it does not
/// produce is written with UNTIL at its last instance, and reads back to the
/// same instances in both readings.
struct CountWrittenAsUntilTests {
    @Test(arguments: ["floating", "utc", "zoned", "date"])
    func unsynchronizedStartReadsBackAlike(form: String) throws {
        let tuesday = try CivilDate(2024, 5, 7).at(9, 0)
        let start: Anchor = switch form {
        case "floating": .floating(tuesday)
        case "utc": .utc(tuesday)
        case "zoned": .zoned(tuesday, try Zone("Europe/Paris"))
        default: .date(tuesday.date)
        }
        let set = RecurrenceSet(start: start, rules: [try RecurrenceRule("FREQ=WEEKLY;BYDAY=MO;COUNT=3")])
        let written = EventCalendar(events: [CalendarEvent(id: "r", recurrence: set)]).icsText()
        #expect(written.contains("UNTIL=") && !written.contains("COUNT="), "\(written)")
        let expected = Array(try set.occurrences()).map(\.start)
        #expect(expected.count == 3)
        for options in [CalendarOptions(), CalendarOptions(unsynchronizedStart: .firstOfCount)] {
            let back = try EventCalendar(ics: written, options: options)
            #expect(Array(try back.events[0].recurrence.occurrences()).map(\.start) == expected)
        }
        // A rule that produces its DTSTART keeps COUNT.
        let monday = try RecurrenceSet(start: .floating(CivilDate(2024, 5, 6).at(9, 0)), rules: set.rules)
        #expect(EventCalendar(events: [CalendarEvent(id: "m", recurrence: monday)]).icsText().contains("COUNT=3"))
    }
}
