import Testing
import AlmanacCore
@testable import Almanac

/// The ICU loader and the Foundation loader must build the same table for
/// every zone, except where their tz data versions differ; those zones are
/// listed, with the tzdata release that changed them, in
/// `ZoneLoaderDifferences`.
@Suite struct ZoneLoaderComparisonTests {
    static let windowStart = utc(1970, 1, 1), windowEnd = utc(2038, 1, 1)

    /// How a zone looks in the window: its offset at the start, then every
    /// transition with its offset after. Equal summaries mean equal offsets at
    /// every instant of the window.
    static func summary(_ zone: Zone) -> [String] {
        ["\(windowStart) \(zone.offset(at: windowStart))"]
            + zone.transitions(from: windowStart, to: windowEnd).map { "\($0.instant) \($0.before) -> \($0.after)" }
    }

    /// The first line where two summaries disagree, for the failure message.
    static func firstDifference(_ icu: [String], _ foundation: [String]) -> String {
        let i = (0..<min(icu.count, foundation.count)).first { icu[$0] != foundation[$0] } ?? min(icu.count, foundation.count)
        let a = i < icu.count ? icu[i] : "nothing", b = i < foundation.count ? foundation[i] : "nothing"
        return "ICU has \(a), Foundation has \(b)"
    }

    @Test func icuAndFoundationAgreeExceptForDocumentedZones() throws {
        try #require(Zone.icuDataVersion == ZoneLoaderDifferences.icuVersion && Zone.dataVersion(of: .foundation) == ZoneLoaderDifferences.foundationVersion,
                     "the documented differences are for ICU \(ZoneLoaderDifferences.icuVersion) and Foundation \(ZoneLoaderDifferences.foundationVersion); this machine has \(Zone.icuDataVersion) and \(Zone.dataVersion(of: .foundation)): compare again and update ZoneLoaderDifferences.swift")
        let ids = Set(Zone.knownIdentifiers(source: .icu)).union(Zone.knownIdentifiers(source: .foundation)).sorted()
        var differing: [String: String] = [:]
        var compared = 0
        for id in ids {
            let icu = try? Zone(id, source: .icu), foundation = try? Zone(id, source: .foundation)
            guard let icu, let foundation else {
                differing[id] = "known only to \(icu == nil ? "Foundation" : "ICU")"
                continue
            }
            compared += 1
            let a = Self.summary(icu), b = Self.summary(foundation)
            if a != b { differing[id] = Self.firstDifference(a, b) }
        }
        #expect(compared > 500, "compared \(compared) zones")
        for (id, what) in differing.sorted(by: { $0.key < $1.key }) where ZoneLoaderDifferences.zones[id] == nil {
            Issue.record("undocumented difference in \(id) between ICU \(Zone.icuDataVersion) and Foundation \(Zone.dataVersion(of: .foundation)): \(what)")
        }
        for id in ZoneLoaderDifferences.zones.keys.sorted() where differing[id] == nil {
            Issue.record("\(id) is documented as differing but ICU and Foundation now agree: remove it from ZoneLoaderDifferences")
        }
    }
}
