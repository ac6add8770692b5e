import Foundation
import Testing

/// Every fixture of `Corpus/ics/` (one real-world quirk each, README there)
/// through `almanac events --json` (or, for the alarm fixtures, `almanac
/// alarms --json`): the lines must be exactly the expected ones, in order.
struct ICSFixtureTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Corpus/ics").standardized

    static var names: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    @Test func thereAreAtLeastSixtyFixtures() {
        #expect(Self.names.count >= 60, "\(Self.names.count) fixtures in \(Self.folder.path)")
    }

    @Test(arguments: names)
    func fixture(_ name: String) throws {
        let spec = try #require(try JSONSerialization.jsonObject(
            with: Data(contentsOf: Self.folder.appendingPathComponent(name + ".json"))) as? [String: Any])
        // "command": "alarms" for the alarm fixtures; `almanac events` by default.
        let command = spec["command"] as? String ?? "events"
        var arguments = [command, Self.folder.appendingPathComponent(name + ".ics").path, "--json", "--limit", "100000"]
        for key in ["from", "to", "viewer"] {
            if let v = spec[key] as? String { arguments += ["--" + key, v] }
        }
        arguments += spec["options"] as? [String] ?? []
        let r = try AlmanacExecutable.run(arguments)
        let exit = spec["exit"] as? Int ?? 0
        #expect(r.status == Int32(exit), "\(name): \(r)")
        // "error" (a string or a list): parts of the error message, which
        // names the fault (its line); "notes":
        // the readings a lenient read must report, each a part of a line of
        // standard error.
        let errors = spec["error"].map { ($0 as? [String]) ?? [$0 as? String ?? ""] } ?? []
        for error in errors {
            #expect(r.stderr.split(separator: "\n").contains { $0.hasPrefix("error: ") && $0.contains(error) },
                    "\(name): no error containing \"\(error)\"\n\(r.stderr)")
        }
        for note in spec["notes"] as? [String] ?? [] {
            #expect(r.stderr.split(separator: "\n").contains { $0.hasPrefix("note: ") && $0.contains(note) },
                    "\(name): no note containing \"\(note)\"\n\(r.stderr)")
        }
        guard exit == 0 else { return }
        let got = try r.stdout.split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as! NSDictionary
        }
        let expected = (spec["expect"] as? [[String: Any]] ?? []).map { NSDictionary(dictionary: $0) }
        #expect(got == expected, "\(name): \(spec["quirk"] ?? "")\n\(r.stdout)")
    }
}
