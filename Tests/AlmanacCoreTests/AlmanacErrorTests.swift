import Foundation
import Testing
import AlmanacCore

/// ``AlmanacError`` carries its context in fields and renders it for people
/// in ``AlmanacError/description``; no code reads context back out of a message.
struct AlmanacErrorTests {
    @Test func contextIsStructuredAndRenderedBeforeTheMessage() {
        let e = AlmanacError(.invalidValue, "expected a date").at(field: "start").at(field: "items[3]")
        #expect(e.field == "items[3].start")
        #expect(e.message == "expected a date")
        #expect(e.description == "items[3].start: expected a date")
        #expect(AlmanacError(.invalidValue, "x").at(field: "[0]").at(field: "rdate").field == "rdate[0]")

        let f = AlmanacError(.structure, line: 7, column: 9, "END:VTODO does not close VEVENT").at(file: "bad.ics")
        #expect(f.line == 7 && f.column == 9 && f.file == "bad.ics")
        #expect(f.description == "bad.ics: line 7, column 9: END:VTODO does not close VEVENT")
        #expect(AlmanacError(.empty, line: 0, column: 0, "no component").line == nil)
        #expect(AlmanacError(.limit, line: 3, column: 0, "too deep").description == "line 3: too deep")

        let o = AlmanacError(.invalidValue, "invalid date").named(field: "--rdate", input: "1997x")
        #expect(o.description == #"--rdate "1997x": invalid date"#)
        let r = AlmanacError(.invalidValue, "expected a string").at(field: "note").at(line: 3, column: 0).at(file: "r.jsonl")
        #expect(r.description == "r.jsonl: line 3: note: expected a string" && r.line == 3 && r.column == nil)
        // A column without a line is one in the value, which the message names itself.
        #expect(AlmanacError(.invalidRule, "invalid RRULE at column 3: ...", column: 3).description == "invalid RRULE at column 3: ...")
    }

    @Test func kindsOfEveryReaderAreOneUnion() {
        let raw = ["invalid_rule", "invalid_value", "out_of_range", "unknown_zone", "invalid_request", "nonexistent_time",
                   "unsupported", "syntax", "invalid_utf8", "structure", "limit", "empty", "usage"]
        #expect(raw.allSatisfy { AlmanacError.Kind(rawValue: $0)?.rawValue == $0 })
    }

    /// The rule of issue 25: no code under Sources/ parses an error's (or a
    /// reading's) message to find its context; context lives in fields.
    @Test func noSourceParsesAMessage() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        let pattern = try NSRegularExpression(pattern:
            #"\bmessage\s*\.\s*(hasPrefix|hasSuffix|contains|split|range\(of|firstRange|dropFirst|dropLast|prefix|suffix|firstIndex|lastIndex|starts\(with|components|replacingOccurrences|dropPrefix)\b"#)
        var found: [String] = []
        var scanned = 0
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let url = files?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            scanned += 1
            let text = try String(contentsOf: url, encoding: .utf8)
            for (k, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let s = String(line)
                if pattern.firstMatch(in: s, range: NSRange(s.startIndex..., in: s)) != nil {
                    found.append("\(url.lastPathComponent):\(k + 1): \(s.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        #expect(scanned > 100, "Sources/ not found at \(sources.path)")
        #expect(found.isEmpty, "code that reads context out of a message:\n\(found.joined(separator: "\n"))")
    }
}
