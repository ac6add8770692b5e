import Foundation
import Testing

/// A fixture of a corpus folder of the CLI (`Corpus/ics/`, `Corpus/freebusy/`):
/// `NAME.ics` and `NAME.json` (`from`, `to`, `viewer`, `options`, `exit`,
/// `error`, `notes`, `expect`; the folder's README), run as
/// `almanac COMMAND NAME.ics --json ...` and compared line by line, in order.
enum CorpusFixture {
    /// `Corpus/<name>` of this checkout.
    static func folder(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Corpus/" + name).standardized
    }

    /// The fixtures of `folder`, by name.
    static func names(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// Runs fixture `name` of `folder`: its `"command"` (else `command`)
    /// with `extra` arguments; checks the exit status, the error and note
    /// lines the fixture names, and (exit 0) the JSON lines against `expect`.
    static func check(_ name: String, in folder: URL, command: String, extra: [String] = []) throws {
        let spec = try #require(try JSONSerialization.jsonObject(
            with: Data(contentsOf: folder.appendingPathComponent(name + ".json"))) as? [String: Any])
        var arguments = [spec["command"] as? String ?? command, folder.appendingPathComponent(name + ".ics").path, "--json"] + extra
        for key in ["from", "to", "viewer"] {
            if let v = spec[key] as? String { arguments += ["--" + key, v] }
        }
        arguments += spec["options"] as? [String] ?? []
        let r = try AlmanacExecutable.run(arguments)
        let exit = spec["exit"] as? Int ?? 0
        #expect(r.status == Int32(exit), "\(name): \(r)")
        // "error" (a string or a list): parts of the error message, which
        // names the fault (its line); "notes": the readings a lenient read
        // must report, each a part of a line of standard error.
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
