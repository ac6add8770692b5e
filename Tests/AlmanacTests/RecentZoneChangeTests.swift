import Testing
import AlmanacFoundation
import Foundation
import AlmanacCore
import AlmanacTestSupport
@testable import Almanac

/// `Corpus/zones/recent-changes.jsonl`: wall-clock times in zones whose
/// rules changed since 2022 (Mexico, Greenland, Kazakhstan, Paraguay, Egypt,
/// Iran, new zones such as America/Ciudad_Juarez and America/Coyhaique).
/// Each is resolved by a zone loaded with no source (the newest tz data the
/// machine has) and compared with what the system's C library says of the
/// same wall-clock time (``SystemDateOracle``): the expectation comes from
/// the machine's tz data, not from a literal a tz update would break.
@Suite(.enabled(if: SystemDateOracle.isAvailable, "needs GNU date (Linux)"))
struct RecentZoneChangeTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var id: String, zone: String, local: String, note: String
        var testDescription: String { id }
    }

    static let cases: [Case] = {
        var dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: dir.appendingPathComponent("Package.swift").path) { dir.deleteLastPathComponent() }
        let url = dir.appendingPathComponent("Corpus/zones/recent-changes.jsonl")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            guard let o = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String],
                  let id = o["id"], let zone = o["zone"], let local = o["local"], let note = o["note"], o["source"] != nil
            else { return nil }
            return Case(id: id, zone: zone, local: local, note: note)
        }
    }()

    @Test func theFamilyIsThere() {
        #expect(Self.cases.count >= 20)
        #expect(Set(Self.cases.map(\.zone)).count >= 15)
    }

    @Test(arguments: cases)
    func agreesWithTheSystem(_ c: Case) throws {
        let zone = try Zone(c.zone)
        let local = try Anchor(parsing: c.local.replacingOccurrences(of: "-", with: "").replacingOccurrences(of: ":", with: "")).civil
        let expected = try SystemDateOracle.resolve(tz: ":" + c.zone, local: c.local.replacingOccurrences(of: "T", with: " "))
        #expect(try zone.resolve(local) == .unique(Offset(seconds: expected.offset)), "\(c.note)")
        #expect(try zone.timestamp(for: local).secondsSinceEpoch == expected.instant)
        #expect(zone.dataVersion == Zone.dataVersion(of: zone.source))
    }
}
