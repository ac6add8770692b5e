import Almanac
import AlmanacCalendar
import Testing

/// Content lines, components and errors (RFC 5545 section 3.1, 3.4, 3.6).
struct CalendarReaderTests {
    /// The error strict mode reads `bytes` with: its kind, line and column.
    static func strictError(_ bytes: [UInt8]) -> (kind: AlmanacError.Kind, line: Int, column: Int)? {
        do {
            _ = try EventCalendar(ics: bytes, options: .strict)
            return nil
        } catch {
            return (error.kind, error.line ?? 0, error.column ?? 0)
        }
    }

    static func strictError(_ text: String) -> (kind: AlmanacError.Kind, line: Int, column: Int)? { strictError(Array(text.utf8)) }

    static func ics(_ lines: [String], _ separator: String = "\r\n") -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0"] + lines + ["END:VCALENDAR"]).joined(separator: separator) + separator
    }

    @Test func foldedLinesWithSpaceOrTabUnfold() throws {
        let text = Self.ics(["BEGIN:VEVENT", "UID:a", "SUMMARY:Lunch wi", " th the te", "\tam", "DTSTART:20240101T120000Z", "END:VEVENT"])
        let c = try EventCalendar(ics: text, options: .strict)
        #expect(c.events.map(\.title) == ["Lunch with the team"])
    }

    @Test func lineFeedsAloneAreReadLenientlyAndReported() throws {
        let text = Self.ics(["BEGIN:VEVENT", "UID:a", "DTSTART:20240101T120000Z", "END:VEVENT"], "\n")
        let c = try EventCalendar(ics: text)
        #expect(c.events.count == 1)
        #expect(c.readings.contains { $0.kind == .liberty && $0.message.contains("LF") })
        #expect(throws: AlmanacError.self) { try EventCalendar(ics: text, options: .strict) }
    }

    /// CR alone, LF alone and CRLF each end one physical line, a CR at the
    /// very end too, and lines are counted across all of them.
    @Test func everyKindOfLineBreakEndsOneLine() throws {
        let text = "BEGIN:VCALENDAR\rVERSION:2.0\nBEGIN:VEVENT\r\nUID:a\r\nDTSTART:20240101T120000Z\rSUMMARY:x\r\n y\nEND:VEVENT\r\nEND:VCALENDAR\r"
        let c = try EventCalendar(ics: text)
        #expect(c.events.map(\.title) == ["xy"])
        let breaks = c.readings.filter { $0.message.contains("LF or CR alone") }
        #expect(breaks.map(\.line) == [1])
        #expect(breaks.first?.message.hasPrefix("5 line breaks") == true)
        let bad = String(text.replacing("DTSTART:", with: "DTSTART;X:"))
        let e = Self.strictError(bad)
        #expect(e?.kind == .syntax && e?.line == 5 && e?.column == 10, "\(String(describing: e))")
    }

    @Test func byteOrderMarkIsSkipped() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(Self.ics(["BEGIN:VEVENT", "UID:a", "DTSTART:20240101", "END:VEVENT"]).utf8)
        #expect(try EventCalendar(ics: bytes).events.count == 1)
    }

    @Test func escapedTextIsUndone() throws {
        let text = Self.ics(["BEGIN:VEVENT", "UID:a", #"SUMMARY:a\, b\; c\nd\\e"#, "DTSTART:20240101", "END:VEVENT"])
        #expect(try EventCalendar(ics: text).events.first?.title == "a, b; c\nd\\e")
    }

    @Test func invalidUTF8IsAnErrorWithItsPositionInStrictModeAndReplacedInLenient() throws {
        var bytes = Array(Self.ics(["BEGIN:VEVENT", "UID:a", "SUMMARY:caf", "DTSTART:20240101", "END:VEVENT"]).utf8)
        let at = bytes.firstIndex(of: UInt8(ascii: "f"))! + 1
        bytes.insert(0xE9, at: at)   // Latin-1 é
        let e = Self.strictError(bytes)
        #expect(e?.kind == .invalidUTF8 && e?.line == 5 && e?.column == 12, "\(String(describing: e))")
        let lenient = try EventCalendar(ics: bytes)
        #expect(lenient.events.first?.title == "caf\u{FFFD}")
        #expect(lenient.readings.contains { $0.kind == .invalidUTF8 && $0.line == 5 })
    }

    @Test func malformedLineGivesLineAndColumn() {
        let text = Self.ics(["BEGIN:VEVENT", "UID:a", "DTSTART;TZID=\"Europe/Paris:20240101T090000", "END:VEVENT"])
        let e = Self.strictError(text)
        #expect(e?.kind == .syntax && e?.line == 5 && e?.column == 14, "\(String(describing: e))")
    }

    @Test func missingEndIsAnErrorInStrictModeAndClosedInLenient() throws {
        let text = ["BEGIN:VCALENDAR", "BEGIN:VEVENT", "UID:a", "DTSTART:20240101"].joined(separator: "\r\n") + "\r\n"
        #expect(throws: AlmanacError.self) { try EventCalendar(ics: text, options: .strict) }
        let c = try EventCalendar(ics: text)
        #expect(c.events.count == 1)
        #expect(c.readings.contains { $0.message.contains("END:VEVENT missing") })
    }

    @Test func deepNestingIsSteppedOverWithoutMemory() throws {
        let depth = 10_000
        let inner = Array(repeating: "BEGIN:X-DEEP", count: depth) + Array(repeating: "END:X-DEEP", count: depth)
        let text = Self.ics(inner + ["BEGIN:VEVENT", "UID:a", "DTSTART:20240101", "END:VEVENT"])
        #expect(try EventCalendar(ics: text, options: .strict).events.count == 1)
        // Unclosed: an error, not a hang.
        let open = Self.ics(Array(repeating: "BEGIN:X-DEEP", count: depth))
        #expect(throws: AlmanacError.self) { try EventCalendar(ics: open, options: .strict) }
    }

    @Test func otherComponentsAreSkipped() throws {
        let text = Self.ics(["BEGIN:VJOURNAL", "UID:j", "DTSTART:20240101", "END:VJOURNAL",
                             "BEGIN:VEVENT", "UID:a", "DTSTART:20240101T090000Z",
                             "BEGIN:VALARM", "TRIGGER:-PT15M", "ACTION:DISPLAY", "END:VALARM", "END:VEVENT"])
        let c = try EventCalendar(ics: text, options: .strict)
        #expect(c.events.map(\.id) == ["a"])
    }

    @Test func longPropertyIsRead() throws {
        let long = String(repeating: "x", count: 1 << 20)
        var lines = ["BEGIN:VEVENT", "UID:a", "DTSTART:20240101"]
        // Folded every 74 characters, as producers do.
        var rest = Substring("SUMMARY:" + long)
        var first = true
        while !rest.isEmpty {
            lines.append((first ? "" : " ") + rest.prefix(74))
            rest = rest.dropFirst(74)
            first = false
        }
        lines.append("END:VEVENT")
        #expect(try EventCalendar(ics: Self.ics(lines), options: .strict).events.first?.title?.count == 1 << 20)
    }

    @Test func unknownZoneIsFloatingInLenientModeAndAnErrorInStrict() throws {
        let text = Self.ics(["BEGIN:VEVENT", "UID:a", "DTSTART;TZID=Nowhere/Special:20240101T090000", "END:VEVENT"])
        let c = try EventCalendar(ics: text)
        #expect(try c.events.first?.recurrence.start == .floating(CivilDate(2024, 1, 1).at(9, 0)))
        #expect(c.readings.contains { $0.kind == .zone && $0.message.contains("floating") && $0.line == 5 })
        let e = Self.strictError(text)
        #expect(e?.kind == .unknownZone && e?.line == 5, "\(String(describing: e))")
    }

    @Test func windowsZoneNamesResolveThroughICU() throws {
        let text = Self.ics(["BEGIN:VEVENT", "UID:a", "DTSTART;TZID=W. Europe Standard Time:20240701T090000", "END:VEVENT"])
        let c = try EventCalendar(ics: text, options: .strict)
        guard case .zoned(_, let z)? = c.events.first?.recurrence.start else { Issue.record("not zoned"); return }
        #expect(try z.offset(at: Timestamp(utc: CivilDate(2024, 7, 1).at(7, 0))) == Offset(seconds: 7200))
    }
}
