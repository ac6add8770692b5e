import Testing
import Foundation
import Almanac
import AlmanacTestSupport

/// `almanac zone` and `--version`: which tz data the commands use; and the
/// recent-change family (`Corpus/zones/recent-changes.jsonl`) through
/// `almanac expand`, as a user meets it, against the system's C library.
struct ZoneCommandTests {
    func run(_ arguments: [String]) throws -> AlmanacExecutable.Result { try AlmanacExecutable.run(arguments) }

    @Test func sourcesAndVersions() throws {
        let r = try run(["zone"])
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout.hasPrefix("preferred  \(Zone.preferredSource.rawValue)\n"), "\(r.stdout)")
        #expect(r.stdout.contains("icu        ICU tz data \(Zone.icuDataVersion)\n"))
        if let dir = Zone.systemDirectory {
            #expect(r.stdout.contains("system     system tz database \(Zone.dataVersion(of: .system)) (\(dir))\n"))
        }
        let version = try run(["--version"])
        #expect(version.status == 0 && version.stdout.contains("zone rules from the") && version.stdout.contains(Zone.dataVersion(of: Zone.preferredSource)), "\(version)")
        let json = try run(["zone", "--json"])
        #expect(json.stdout.hasPrefix("{\"preferred\":\"\(Zone.preferredSource.rawValue)\",\"sources\":[{\"source\":\"system\""), "\(json.stdout)")
    }

    /// The transitions `zone` lists are where the C library's offset
    /// changes, found hour by hour over the window.
    @Test(.enabled(if: SystemDateOracle.isAvailable, "needs GNU date"), arguments: ["America/Mexico_City", "America/Nuuk", "Asia/Almaty", "Europe/Dublin"])
    func transitionsAreTheSystems(_ id: String) throws {
        let r = try run(["zone", id, "--from", "2022-01-01", "--to", "2025-01-01", "--source", "system"])
        #expect(r.status == 0, "\(r)")
        let listed = r.stdout.split(separator: "\n").filter { $0.hasPrefix("    ") }.map { line in
            String(line.split(separator: " ")[0])
        }
        let start = Int64(1_640_995_200), end = Int64(1_735_689_600)    // 2022-01-01, 2025-01-01
        let hours = Array(stride(from: start, to: end, by: 3600))
        let offsets = try SystemDateOracle.offsets(tz: ":" + id, instants: hours)
        let changes = (1..<hours.count).filter { offsets[$0] != offsets[$0 - 1] }.map { hours[$0] }
        let listedHours = listed.map { text -> Int64 in
            let t = try! Anchor(parsing: text.replacingOccurrences(of: "-", with: "").replacingOccurrences(of: ":", with: ""))
            guard case .utc(let civil) = t else { return -1 }
            let s = Timestamp(utc: civil).secondsSinceEpoch
            return s + (3600 - (s - start) % 3600) % 3600      // the first hour sampled at or after it
        }
        #expect(listedHours == changes, "\(id): listed \(listed), the C library changes at \(changes)")
    }

    @Test func unknownZoneAndSource() throws {
        let r = try run(["zone", "Mars/Base"])
        #expect(r.status == 2 && r.stderr == "error: zone: unknown time zone \"Mars/Base\"\n", "\(r)")
        let s = try run(["zone", "UTC", "--source", "tzdb"])
        #expect(s.status == 2 && s.stderr.contains("--source: \"tzdb\" is not a source"), "\(s)")
    }

    /// The issue's checks as a user runs them: `expand` of one instance at
    /// each wall-clock time of the family prints the system's offset.
    @Test(.enabled(if: SystemDateOracle.isAvailable, "needs GNU date"))
    func expandShowsTheSystemsOffsets() throws {
        let corpus = try String(contentsOfFile: "Corpus/zones/recent-changes.jsonl", encoding: .utf8)
        var checked = 0
        for line in corpus.split(separator: "\n") {
            let o = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String])
            let zone = try #require(o["zone"]), local = try #require(o["local"])
            let basic = local.replacingOccurrences(of: "-", with: "").replacingOccurrences(of: ":", with: "")
            let r = try run(["expand", "FREQ=DAILY;COUNT=1", "--start", basic, "--tz", zone])
            let expected = try SystemDateOracle.resolve(tz: ":" + zone, local: local.replacingOccurrences(of: "T", with: " "))
            let offset = try Offset(seconds: expected.offset).description
            #expect(r.status == 0 && r.stdout.hasPrefix(local + offset + " "), "\(o["id"] ?? ""): \(r.stdout) vs \(offset)")
            checked += 1
        }
        #expect(checked >= 20)
    }
}
