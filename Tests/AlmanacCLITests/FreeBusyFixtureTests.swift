import Foundation
import Testing

/// Every fixture of `Corpus/freebusy/` (README there) through `almanac
/// freebusy --json`: the periods must be exactly the expected ones, in order.
struct FreeBusyFixtureTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Corpus/freebusy").standardized

    static var names: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    @Test func thereAreFixtures() {
        #expect(Self.names.count >= 4, "\(Self.names.count) fixtures in \(Self.folder.path)")
    }

    @Test(arguments: names)
    func fixture(_ name: String) throws {
        let spec = try #require(try JSONSerialization.jsonObject(
            with: Data(contentsOf: Self.folder.appendingPathComponent(name + ".json"))) as? [String: Any])
        var arguments = ["freebusy", Self.folder.appendingPathComponent(name + ".ics").path, "--json"]
        for key in ["from", "to", "viewer"] {
            if let v = spec[key] as? String { arguments += ["--" + key, v] }
        }
        arguments += spec["options"] as? [String] ?? []
        let r = try AlmanacExecutable.run(arguments)
        let exit = spec["exit"] as? Int ?? 0
        #expect(r.status == Int32(exit), "\(name): \(r)")
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
