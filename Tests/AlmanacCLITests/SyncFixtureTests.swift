import Foundation
import Testing

/// Every fixture of `Corpus/sync/` (one documented behaviour of Google
/// Calendar or Microsoft Graph each, README there) through `almanac events
/// --json`, the source guessed from the content: the occurrences must be
/// exactly the expected ones, in order. Then each through `almanac import`
/// and back: the iCalendar text gives the same occurrences.
///
/// A payload may come in several forms beside `NAME.json`, `NAME.FORM.json`
/// (`.utc.json`: Graph's default, without `Prefer: outlook.timezone`), each
/// held to the one `NAME.expect.json`; `almanac diff` between two forms is empty.
struct SyncFixtureTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Corpus/sync").standardized

    static var files: [String] { (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] }

    /// The fixtures: every `NAME` with a `NAME.expect.json`.
    static var names: [String] {
        files.filter { $0.hasSuffix(".expect.json") }.map { String($0.dropLast(12)) }.sorted()
    }

    /// Every payload of a fixture, its forms included: `NAME`, `NAME.utc`.
    static var payloads: [String] {
        let fixtures = Set(names)
        return files.filter { $0.hasSuffix(".json") && !$0.hasSuffix(".expect.json") }.map { String($0.dropLast(5)) }
            .filter { fixtures.contains(stem($0)) }.sorted()
    }

    /// The fixture a payload belongs to: `graph-foo` for `graph-foo.utc`.
    static func stem(_ payload: String) -> String { String(payload.prefix { $0 != "." }) }

    static func spec(_ name: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(
            with: Data(contentsOf: folder.appendingPathComponent(name + ".expect.json"))) as? [String: Any])
    }

    static func window(_ spec: [String: Any]) -> [String] {
        var arguments = ["--json", "--limit", "100000"]
        for key in ["from", "to", "viewer"] {
            if let v = spec[key] as? String { arguments += ["--" + key, v] }
        }
        return arguments
    }

    static func lines(_ stdout: String) throws -> [NSDictionary] {
        try stdout.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! NSDictionary }
    }

    @Test func everyPatternAndRangeTypeHasAFixture() throws {
        let text = try Self.names.map { try String(contentsOf: Self.folder.appendingPathComponent($0 + ".json"), encoding: .utf8) }.joined()
        for type in ["daily", "weekly", "absoluteMonthly", "relativeMonthly", "absoluteYearly", "relativeYearly", "endDate", "noEnd", "numbered"] {
            #expect(text.contains("\"type\": \"\(type)\""), "no fixture with type \(type)")
        }
    }

    @Test(arguments: payloads)
    func fixture(_ payload: String) throws {
        let name = Self.stem(payload)
        let spec = try Self.spec(name)
        let file = Self.folder.appendingPathComponent(payload + ".json").path
        let r = try AlmanacExecutable.run(["events", file] + Self.window(spec))
        #expect(r.status == 0, "\(r)")
        let expected = (spec["expect"] as? [[String: Any]] ?? []).map { NSDictionary(dictionary: $0) }
        #expect(try Self.lines(r.stdout) == expected, "\(payload): \(spec["behaviour"] ?? "")\n\(r.stdout)")
        // The notes on standard error: exactly the expected ones (none for a payload as the API documents it).
        let notes = spec["notes"] as? [String] ?? []
        #expect(r.stderr.split(separator: "\n").filter { $0.hasPrefix("note: ") }.count == notes.count, "\(payload): \(r.stderr)")
        for note in notes { #expect(r.stderr.contains("note: \(file): \(note)"), "\(payload): no note \(note)\n\(r.stderr)") }

        // --strict: the same occurrences, or (hostile input) exit 2 naming the first bad item.
        let strict = try AlmanacExecutable.run(["events", "--strict", file] + Self.window(spec))
        let source = name.hasPrefix("google") ? "google" : "graph"
        let imported = try AlmanacExecutable.run(["import", source, file])
        if let error = spec["strict_error"] as? String {
            #expect(strict.status == 2 && !strict.stdout.contains("\"uid\"") && strict.stderr.contains("error: \(file): \(error)"), "\(strict)")
            #expect(imported.status == 2 && imported.stderr.contains(error), "import refuses what it would lose: \(imported)")
            return
        }
        #expect(strict.status == 0, "\(payload) --strict: \(strict)")
        #expect(try Self.lines(strict.stdout) == expected, "\(payload) --strict: \(strict)")

        #expect(imported.status == 0, "\(imported)")
        let again = try AlmanacExecutable.run(["events", "-"] + Self.window(spec), stdin: imported.stdout)
        #expect(try Self.lines(again.stdout) == expected, "\(payload) through import:\n\(imported.stdout)")
    }

    /// Graph writes `start` and `end` in UTC unless asked otherwise: every
    /// Graph payload with events also comes in that form, and it is that
    /// form (every `start`/`end` zone is UTC). Hostile payloads, which
    /// Graph does not write, are exempt.
    @Test func everyGraphPayloadHasItsUTCForm() throws {
        for name in Self.names where name.hasPrefix("graph-") {
            if try Self.spec(name)["hostile"] as? Bool == true { continue }
            let zoned = try JSONSerialization.jsonObject(with: Data(contentsOf: Self.folder.appendingPathComponent(name + ".json"))) as? [String: Any]
            if (zoned?["value"] as? [Any])?.isEmpty == true { continue }
            let url = Self.folder.appendingPathComponent(name + ".utc.json")
            #expect(FileManager.default.fileExists(atPath: url.path), "\(name) has no .utc.json form")
            guard let data = try? Data(contentsOf: url) else { continue }
            let root = try JSONSerialization.jsonObject(with: data) as? [String: Any]
            for item in root?["value"] as? [[String: Any]] ?? [] {
                for key in ["start", "end"] {
                    let zone = (item[key] as? [String: Any])?["timeZone"] as? String
                    #expect(zone == "UTC", "\(name).utc.json: \(item["id"] ?? "?").\(key).timeZone is \(zone ?? "absent")")
                }
            }
        }
    }

    /// The same events in two forms are the same events: `almanac diff`
    /// from one form to the other lists nothing, either way.
    @Test(arguments: payloads.filter { $0.contains(".") })
    func formsDiffToNothing(_ payload: String) throws {
        let name = Self.stem(payload)
        let spec = try Self.spec(name)
        let one = Self.folder.appendingPathComponent(name + ".json").path, other = Self.folder.appendingPathComponent(payload + ".json").path
        for (a, b) in [(one, other), (other, one)] {
            let r = try AlmanacExecutable.run(["diff", a, b, "--from", spec["from"] as! String, "--to", spec["to"] as! String,
                                               "--viewer", spec["viewer"] as? String ?? "UTC"])
            #expect(r.status == 0 && r.stdout.isEmpty, "\(payload): diff \(a) \(b)\n\(r)")
        }
    }
}
