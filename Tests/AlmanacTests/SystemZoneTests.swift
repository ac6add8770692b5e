import Testing
import AlmanacFoundation
import Foundation
import AlmanacCore
import AlmanacTestSupport
@testable import Almanac

/// The system loader (``Zone/Source/system``): every zone of the machine's tz
/// database against the C library's reading of the same files, through GNU
/// `date` (``SystemDateOracle``). The expected offsets come from the
/// machine's data, so a tz update moves both sides together.
@Suite(.enabled(if: SystemDateOracle.isAvailable && SystemZones.directory != nil, "needs GNU date and a tz database (Linux)"))
struct SystemZoneTests {
    /// Every zone file, at each transition Almanac reads from 1900 to 2100
    /// (the second before and the second of it), every 61 days from 1900 to
    /// 2100 (to find a transition Almanac missed), and twice a year from
    /// 2100 to 2499 (the footer's rule, past every file's last transition).
    @Test func everyZoneAgreesWithTheCLibrary() async throws {
        let ids = Zone.knownIdentifiers(source: .system)
        #expect(ids.count > 300 && ids.contains("America/Ciudad_Juarez") && ids.contains("US/Eastern"))
        let from = try Timestamp(utc: CivilDate(1900, 1, 1).at(0, 0)), to = try Timestamp(utc: CivilDate(2100, 1, 1).at(0, 0))
        let mismatches = try await withThrowingTaskGroup(of: [String].self) { group in
            for chunk in stride(from: 0, to: ids.count, by: 40).map({ Array(ids[$0..<min($0 + 40, ids.count)]) }) {
                group.addTask {
                    var found: [String] = []
                    for id in chunk {
                        let zone = try Zone(id, source: .system)
                        var instants: [Int64] = []
                        for t in zone.transitions(from: from, to: to) { instants += [t.instant.secondsSinceEpoch - 1, t.instant.secondsSinceEpoch] }
                        instants += stride(from: from.secondsSinceEpoch, to: to.secondsSinceEpoch, by: 61 * 86_400)
                        for year in stride(from: 2100, to: 2500, by: 7) {
                            for month in [1, 4, 7, 10] { instants.append(Int64(daysFromCivil(year, month, 15)) * 86_400) }
                        }
                        let expected = try SystemDateOracle.offsets(tz: ":" + id, instants: instants)
                        for (t, e) in zip(instants, expected) where Int(zone.offset(at: Timestamp(secondsSinceEpoch: t)).seconds) != e {
                            found.append("\(id) at \(t): Almanac \(zone.offset(at: Timestamp(secondsSinceEpoch: t))), date \(e) s")
                            break
                        }
                    }
                    return found
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) zones differ: \(mismatches.prefix(10))")
    }

    /// The database's version is the one its `tzdata.zi` names, and every
    /// zone loaded from it carries it.
    @Test func versionIsTheDatabases() throws {
        let version = Zone.dataVersion(of: .system)
        #expect(version.wholeMatch(of: /\d{4}[a-z]+/) != nil, "\(version)")
        #expect(try Zone("Europe/Paris", source: .system).dataVersion == version)
        #expect(try Zone("Europe/Paris", source: .system).source == .system)
    }

    /// With no source, the newer database wins; an id only ICU has (its
    /// legacy ids) comes from ICU, an id only the system has from the system.
    @Test func noSourceTakesTheNewestThenFallsBack() throws {
        let preferred = Zone.preferredSource
        if let s = Zone.versionOrder(Zone.dataVersion(of: .system)), let i = Zone.versionOrder(Zone.icuDataVersion),
           ProcessInfo.processInfo.environment["ALMANAC_ZONE_SOURCE"] == nil {
            #expect(preferred == (s.lexicographicallyPrecedes(i) ? .icu : .system))
        }
        #expect(try Zone("Asia/Tokyo").source == preferred)
        if !Zone.knownIdentifiers(source: .icu).contains("America/Ciudad_Juarez") {
            #expect(try Zone("America/Ciudad_Juarez").source == .system)
            #expect(throws: AlmanacError.self) { try Zone("America/Ciudad_Juarez", source: .icu) }
        }
        let legacy = try Zone("SystemV/EST5")     // ICU's id; no file of that name
        #expect(legacy.identifier == "SystemV/EST5" && legacy.offset(at: Timestamp(secondsSinceEpoch: 0)).seconds == -18_000)
    }

    /// Ids are file names inside the database, never paths out of it.
    @Test func identifiersThatAreNotZoneNamesAreRefused() throws {
        for id in ["../../../etc/passwd", "/etc/localtime", "America/../Europe/Paris", "./UTC", "America//New_York",
                   "localtime", "posixrules", "right/Europe/Paris", "posix/Europe/Paris", "tzdata.zi", "zone.tab", "America"] {
            #expect(throws: AlmanacError.self, "\(id)") { try Zone(id, source: .system) }
        }
    }

    /// ICU names the zone, the file gives the rules: a Windows id and ICU's
    /// canonical ids load from the system database.
    @Test func icuNamesSystemRules() throws {
        let pacific = try Zone("Pacific Standard Time", source: .system)
        #expect(pacific.identifier == "America/Los_Angeles" && pacific.source == .system)
        #expect(pacific.table.transitions == (try Zone("America/Los_Angeles", source: .system)).table.transitions)
        let ist = try Zone("IST", source: .system)   // Java's id; ICU's canonical Asia/Calcutta has a file
        #expect(ist.identifier == "IST" && ist.source == .system && ist.offset(at: Timestamp(secondsSinceEpoch: 0)).seconds == 19_800)
    }
}
