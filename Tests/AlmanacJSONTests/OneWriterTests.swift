import Foundation
import Testing

/// AlmanacJSON is the package's only JSON reader and writer: no file under
/// Sources/ outside Sources/AlmanacJSON builds JSON text from strings.
///
/// What counts as building JSON by hand, on a code line (comments and the
/// bodies of multi-line literals, which hold help text with example
/// replies, are not read):
/// - a JSON member name followed by `:` and the start of a value or the
///   end of the literal (`\"uid\":"` in a string literal, `"uid":` in a raw
///   one) in a literal that is joined to other text with `+`, interpolates
///   a value with `\(...)`, or starts with that name (after a `{`, `[` or `,`),
///   as a fragment of a JSON text does;
/// - escaping a string for JSON: a literal that writes a backslash and a
///   quote (`"\\\""`) or a `\u00` escape (`"\\u00"`).
///
/// Messages that show a JSON shape to a reader (`an anchor is {"date": ...}`)
/// are neither, and pass.
@Suite struct OneWriterTests {
    /// The lines of `source` that build JSON by hand, as `line: text`.
    static func handBuiltJSON(in source: String) -> [String] {
        let jsonKey = #/\\"[A-Za-z_][A-Za-z0-9_]*\\"\s*:\s*(?:\\"|"|\{|\[|-?[0-9]|\\\(|true|false|null)/#
        let rawJSONKey = #/#"(?:[^"]|"[^#])*"[A-Za-z_][A-Za-z0-9_]*"\s*:\s*(?:"|\{|\[|-?[0-9]|\\#\(|true|false|null)/#
        let joined = #/"\s*\+|\+=?\s*"|\\\(/#
        let opens = #/(?:^|[^\\])"[{\[,]?\\"[A-Za-z_][A-Za-z0-9_]*\\"\s*:|#"[{\[,]?"[A-Za-z_][A-Za-z0-9_]*"\s*:/#
        let escaping = #/"\\\\\\""|"\\\\u00/#
        var found: [String] = []
        var inMultiline = false
        for (k, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let code = line.trimmingCharacters(in: .whitespaces)
            let delimiters = line.components(separatedBy: "\"\"\"").count - 1
            defer { if delimiters % 2 == 1 { inMultiline.toggle() } }
            if inMultiline || code.hasPrefix("//") { continue }
            let key = line.contains(jsonKey) || line.contains(rawJSONKey)
            if (key && (line.contains(joined) || line.contains(opens))) || line.contains(escaping) {
                found.append("\(k + 1): \(code)")
            }
        }
        return found
    }

    /// The detector finds the hand-built JSON this package used to have
    /// (`CalendarOccurrence.jsonLine`, `DiffCommand.json`) and passes
    /// messages and help text that only show a shape.
    @Test func theDetectorFindsHandBuiltJSON() throws {
        let built = [
            #"        var out = "{\"uid\":" + Self.json(uid)"#,
            #"        out += ",\"all_day\":" + (isAllDay ? "true" : "false")"#,
            #"        if let t = c.time { s += ",\"time\":\"" + t.rawValue + "\"" }"#,
            #"        let line = "{\"id\":\(id),\"n\":\(n)}""#,
            ##"        let line = #"{"id":"# + id + "}""##,
            #"            case "\"": out += "\\\"""#,
            #"                out += "\\u00" + hex"#,
            #"        writer.raw("{\"id\":")"#,
            #"        bytes.append(contentsOf: ",\"n\":1".utf8)"#,
            ##"        w.text(#"{"a":1}"#)"##,
        ]
        for line in built { #expect(Self.handBuiltJSON(in: line).count == 1, "\(line)") }
        let prose = [
            #"        throw fail("unknown field \"\(key.stringValue)\": \(members)")"#,
            ##"        try checkKeys(c, shapes, #"an anchor is {"date": "YYYY-MM-DD"} or {"utc": ...}"#)"##,
            #"    @Flag(help: "Print one JSON object; an error prints {\"error\":{\"kind\":…}} instead.")"#,
            #"    /// out += "{\"uid\":" + json(uid)"#,
            #"        if !z && hasZ { throw fail("a \"\(form)\" value has no \"Z\": write {\"utc\": ...} for a UTC time") }"#,
            "        discussion: \"\"\"\n  {\"id\":\"a\"} + more\n  \"\"\"",
            #"            case "\\": out += "\\\\""#,
        ]
        for text in prose { #expect(Self.handBuiltJSON(in: text).isEmpty, "\(text)") }
    }

    /// No file under Sources/ outside Sources/AlmanacJSON builds JSON by hand.
    @Test func noSourceBuildsJSONByHand() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let sources = root.appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") && !$0.hasPrefix("AlmanacJSON/") }
        #expect(files.count > 100, "the scan reads Sources/ (\(files.count) files found)")
        var found: [String] = []
        for file in files.sorted() {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            found += Self.handBuiltJSON(in: text).map { "Sources/\(file):\($0)" }
        }
        #expect(found.isEmpty, "JSON built by hand; write it with AlmanacJSON's JSONWriter or JSONValueEncoder:\n\(found.joined(separator: "\n"))")
    }
}
