import Foundation
import Testing

/// Every fixture of `Corpus/sync/` (one documented behaviour of Google
/// Calendar or Microsoft Graph each, README there) through `almanac events
/// --json`, the source guessed from the content: the occurrences must be
/// exactly the expected ones, in order. Then each through `almanac import`
/// and back: the iCalendar text gives the same occurrences.
struct SyncFixtureTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Corpus/sync").standardized

    static var names: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".expect.json") }.map { String($0.dropLast(12)) }.sorted()
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

    @Test(arguments: names)
    func fixture(_ name: String) throws {
        let spec = try #require(try JSONSerialization.jsonObject(
            with: Data(contentsOf: Self.folder.appendingPathComponent(name + ".expect.json"))) as? [String: Any])
        let file = Self.folder.appendingPathComponent(name + ".json").path
        let r = try AlmanacExecutable.run(["events", file] + Self.window(spec))
        #expect(r.status == 0, "\(r)")
        let expected = (spec["expect"] as? [[String: Any]] ?? []).map { NSDictionary(dictionary: $0) }
        #expect(try Self.lines(r.stdout) == expected, "\(name): \(spec["behaviour"] ?? "")\n\(r.stdout)")

        let source = name.hasPrefix("google") ? "google" : "graph"
        let imported = try AlmanacExecutable.run(["import", source, file])
        #expect(imported.status == 0, "\(imported)")
        let again = try AlmanacExecutable.run(["events", "-"] + Self.window(spec), stdin: imported.stdout)
        #expect(try Self.lines(again.stdout) == expected, "\(name) through import:\n\(imported.stdout)")
    }
}
