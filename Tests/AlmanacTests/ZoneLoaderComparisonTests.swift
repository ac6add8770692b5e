import Testing
import AlmanacCore
@testable import Almanac

/// The ICU loader and the Foundation loader must build the same offsets for
/// every zone between 1970 and 2038, except where a tz release between their
/// two tz data versions changed that zone in that year (`ZoneLoaderDifferences`,
/// which also says which versions are supported).
@Suite struct ZoneLoaderComparisonTests {
    /// `.foundation` is a source once AlmanacFoundation enables it.
    init() { Zone.enableFoundationSource() }

    static let windowStart = utc(1970, 1, 1), windowEnd = utc(2038, 1, 1)
    typealias Differences = ZoneLoaderDifferences

    /// A stretch of the window where the two zones give different offsets.
    struct Difference {
        var from: Timestamp, to: Timestamp
        var icu: Offset, foundation: Offset
        /// The UTC years the stretch touches.
        var years: ClosedRange<Int> { from.utc!.date.year...Timestamp(secondsSinceEpoch: to.secondsSinceEpoch - 1).utc!.date.year }
        var description: String { "from \(from) to \(to) ICU has \(icu), Foundation has \(foundation)" }
    }

    /// Every stretch of the window where the offsets differ: the window cut
    /// at every transition of either zone, compared piece by piece.
    static func differences(_ icu: Zone, _ foundation: Zone) -> [Difference] {
        var cuts = Set([windowStart.secondsSinceEpoch, windowEnd.secondsSinceEpoch])
        for t in icu.transitions(from: windowStart, to: windowEnd) + foundation.transitions(from: windowStart, to: windowEnd) {
            cuts.insert(t.instant.secondsSinceEpoch)
        }
        let edges = cuts.sorted().map { Timestamp(secondsSinceEpoch: $0) }
        return zip(edges, edges.dropFirst()).compactMap { a, b in
            let x = icu.offset(at: a), y = foundation.offset(at: a)
            return x == y ? nil : Difference(from: a, to: b, icu: x, foundation: y)
        }
    }

    /// Whether two ids name the same zone: equal, or the same canonical id in ICU.
    static func sameZone(_ a: String, _ b: String) -> Bool {
        a == b || (ICUZones.canonicalIdentifier(a) ?? a) == (ICUZones.canonicalIdentifier(b) ?? b)
    }

    /// The indices of the changes made by releases after the older version
    /// up to the newer one.
    static func changes(between a: String, _ b: String) -> [Int] {
        let lo = min(a, b), hi = max(a, b)
        return Differences.changes.indices.filter { lo < Differences.changes[$0].release && Differences.changes[$0].release <= hi }
    }

    /// The changes among `among` that changed zone `id` in UTC year `year`.
    static func explaining(_ id: String, _ year: Int, among: [Int]) -> [Int] {
        among.filter { i in
            let c = Differences.changes[i]
            return c.years?.contains { $0.contains(year) } == true && c.zones.contains { sameZone($0, id) }
        }
    }

    /// The classification on version pairs this machine does not have: a
    /// zone-year is expected only when a release strictly after the older
    /// version and up to the newer one changed it, aliases included.
    @Test func aDifferenceIsExpectedOnlyWhenAReleaseBetweenTheVersionsMadeIt() {
        let all = Self.changes(between: "2022e", "2025b")
        #expect(!Self.explaining("Africa/Cairo", 2024, among: all).isEmpty)
        #expect(!Self.explaining("Egypt", 2024, among: all).isEmpty, "an alias is matched through ICU's canonical id")
        #expect(Self.explaining("Africa/Cairo", 2022, among: all).isEmpty, "Egypt's DST returned in 2023")
        #expect(Self.explaining("Europe/Paris", 2024, among: all).isEmpty)
        // Egypt's change is 2023a: not between 2023c and 2025b, in either order.
        #expect(Self.explaining("Africa/Cairo", 2024, among: Self.changes(between: "2023c", "2025b")).isEmpty)
        #expect(Self.explaining("Africa/Cairo", 2024, among: Self.changes(between: "2025b", "2023c")).isEmpty)
        #expect(!Self.explaining("Africa/Cairo", 2024, among: Self.changes(between: "2022g", "2023a")).isEmpty)
        // Equal versions expect nothing.
        #expect(Self.changes(between: "2024a", "2024a").isEmpty)
        #expect(Self.explaining("Asia/Beirut", 2023, among: Self.changes(between: "2023a", "2023b")).count == 1)
    }

    @Test func icuAndFoundationDifferOnlyWhereATzReleaseBetweenThemChangedTheZone() throws {
        let icuVersion = Zone.icuDataVersion, foundationVersion = Zone.dataVersion(of: .foundation)
        // tz versions ("2022e", "2025b") order as text.
        let lo = min(icuVersion, foundationVersion), hi = max(icuVersion, foundationVersion)
        let newer: Zone.Source? = icuVersion == foundationVersion ? nil : icuVersion > foundationVersion ? .icu : .foundation
        let between = Self.changes(between: icuVersion, foundationVersion)
        let versions = "ICU \(icuVersion) and Foundation \(foundationVersion)"
        let support = lo < Differences.oldestSupported || hi > Differences.newestSupported
            ? " (\(lo < Differences.oldestSupported ? lo : hi) is outside the supported \(Differences.oldestSupported)...\(Differences.newestSupported): add its releases to ZoneLoaderDifferences)"
            : ""

        var shown = Set<Int>()
        var compared = 0
        let ids = Set(Zone.knownIdentifiers(source: .icu)).union(Zone.knownIdentifiers(source: .foundation)).sorted()
        for id in ids {
            let icu = try? Zone(id, source: .icu), foundation = try? Zone(id, source: .foundation)
            guard let icu, let foundation else {
                let holder: Zone.Source = icu == nil ? .foundation : .icu
                let created = between.first { Differences.changes[$0].years == nil && Differences.changes[$0].zones.contains(id) }
                if let created, holder == newer { shown.insert(created); continue }
                Issue.record("\(id) is known only to \(holder) with \(versions), and no release between them created it\(support)")
                continue
            }
            compared += 1
            for d in Self.differences(icu, foundation) {
                for year in d.years {
                    let explaining = Self.explaining(id, year, among: between)
                    if explaining.isEmpty {
                        Issue.record("undocumented difference in \(id) in \(year) between \(versions): \(d.description)\(support)")
                    }
                    shown.formUnion(explaining)
                }
            }
        }
        #expect(compared > 500, "compared \(compared) zones")

        // On the pair the list was reconciled with, every change between
        // them shows (except a change and its revert, which cancel out).
        guard (icuVersion, foundationVersion) == Differences.reconciled else { return }
        let reverted = Set(between.compactMap { Differences.changes[$0].reverts })
        for i in between where !shown.contains(i) {
            let c = Differences.changes[i]
            guard c.reverts == nil, !reverted.contains(c.release) else { continue }
            Issue.record("ZoneLoaderDifferences lists \(c.release) \(c.zones) (\(c.note)), but \(versions) agree there: fix the entry")
        }
    }
}
