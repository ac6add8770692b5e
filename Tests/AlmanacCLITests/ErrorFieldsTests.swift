import AlmanacJSON
import Testing

/// `--json` errors and batch replies carry the error's context as fields
/// (``AlmanacError``'s kind, field, line, column), not only inside the text
/// (issue 25: "`--json` errors carry the fields, not text to parse").
struct ErrorFieldsTests {
    /// A VEVENT closed by END:VTODO on line 5 (RFC 5545 section 3.4: BEGIN
    /// and END of a component nest), read from standard input.
    static let misnested = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:x\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"

    @Test func strictStructureFaultPrintsKindLineAndColumn() throws {
        let r = try AlmanacExecutable.run(["events", "-", "--strict", "--json"], stdin: Self.misnested)
        #expect(r.status == 2, "\(r)")
        let lines = r.stdout.split(separator: "\n")
        try #require(lines.count == 1, "\(r)")
        let json = try JSONReader.parse(String(lines[0]))
        #expect(json["error"]?["kind"] == .string("structure"), "\(r)")
        #expect(json["error"]?["line"] == .number(JSONNumber("5")), "\(r)")
        #expect(json["error"]?["column"] == .number(JSONNumber("1")), "\(r)")
        #expect(json["error"]?["file"] == .string("-"), "\(r)")
        // The text for people puts the same context before the message, on both streams.
        guard case .string(let message)? = json["error"]?["message"] else { Issue.record("no message: \(r)"); return }
        #expect(message.hasPrefix("-: line 5, column 1: "), "\(message)")
        #expect(r.stderr.hasPrefix("error: " + message), "\(r)")
    }

    @Test func optionErrorNamesTheOptionAndTheValueAsTyped() throws {
        let r = try AlmanacExecutable.run(["expand", "FREQ=DAILY", "--start", "19970902T090000", "--rdate", "1997x", "--json"])
        #expect(r.status == 2, "\(r)")
        let json = try JSONReader.parse(String(r.stdout.split(separator: "\n").first ?? ""))
        #expect(json["error"]?["kind"] == .string("invalid_value"), "\(r)")
        #expect(json["error"]?["field"] == .string("--rdate"), "\(r)")
        #expect(json["error"]?["input"] == .string("1997x"), "\(r)")
        #expect(r.stderr.hasPrefix(#"error: --rdate "1997x": "#), "\(r)")
    }

    @Test func batchErrorCarriesItsField() throws {
        let request = #"{"id":"r","dtstart":"19970902T090000","rrule":"FREQ=DAILY","rdate":["19970903T090000","1997x"]}"#
        let r = try AlmanacExecutable.run(["batch"], stdin: request + "\n")
        #expect(r.status == 0, "\(r)")
        let json = try JSONReader.parse(String(r.stdout.split(separator: "\n").first ?? ""))
        #expect(json["id"] == .string("r"), "\(r)")
        #expect(json["error"]?["kind"] == .string("invalid_value"), "\(r)")   // a stable kind of the protocol
        #expect(json["error"]?["field"] == .string("rdate[1]"), "\(r)")
        guard case .string(let message)? = json["error"]?["message"] else { Issue.record("no message: \(r)"); return }
        #expect(message.hasPrefix("rdate[1]: "), "\(message)")
    }
}
