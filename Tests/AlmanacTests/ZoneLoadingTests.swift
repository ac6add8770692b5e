import Testing
import AlmanacFoundation
import Foundation
import AlmanacCore
@testable import Almanac

/// `Zone.init(_:source:)`: ids, aliases, Windows ids, errors, versions, the cache.
@Suite struct ZoneLoadingTests {
    /// `.foundation` is a source once AlmanacFoundation enables it.
    init() { Zone.enableFoundationSource() }

    static let sources: [Zone.Source] = [.system, .icu, .foundation]

    /// Windows ids map through CLDR's windowsZones.xml (region "001"); CLDR's
    /// old spellings (Asia/Calcutta) come back as current IANA names.
    @Test(arguments: sources)
    func windowsIdentifiers(_ source: Zone.Source) throws {
        let cases = [
            "W. Europe Standard Time": "Europe/Berlin",
            "Eastern Standard Time": "America/New_York",
            "Pacific Standard Time": "America/Los_Angeles",
            "Tokyo Standard Time": "Asia/Tokyo",
            "India Standard Time": "Asia/Kolkata",
            "Nepal Standard Time": "Asia/Kathmandu",
            "FLE Standard Time": "Europe/Kyiv",
            "Lord Howe Standard Time": "Australia/Lord_Howe",
        ]
        for (windows, iana) in cases {
            let zone = try Zone(windows, source: source)
            #expect(zone.identifier == iana, "\(windows)")
            #expect(zone.source == source)
            let direct = try Zone(iana, source: source)
            #expect(zone.table.transitions == direct.table.transitions && zone.table.offsets == direct.table.offsets, "\(windows)")
        }
    }

    /// A Windows id loaded from one source, then with no source: the second
    /// load must still give the IANA id. The source's entry for the mapped
    /// file and the caller's entry for the id they typed once shared a cache
    /// key, so the second load came back named "Romance Standard Time"
    /// (and a zone of that name does not encode: CodableTests.zoneForms
    /// failed whenever windowsIdentifiers(.system) ran first).
    @Test func aWindowsIdLoadedFromASourceAndThenWithNone() throws {
        let fromSystem = try Zone("Romance Standard Time", source: .system)
        let preferred = try Zone("Romance Standard Time")
        #expect(fromSystem.identifier == "Europe/Paris")
        #expect(preferred.identifier == "Europe/Paris")
        #expect(try Zone(preferred.identifier, source: preferred.source) == preferred)
    }

    @Test(arguments: sources)
    func unknownIdentifiersThrow(_ source: Zone.Source) throws {
        for id in ["America/New_Yrok", "", "Mars/Base", "Etc/Unknown", "america/new_york", " America/New_York", "Eastern Standard Tim", "America/New_York\u{0}x"] {
            let error = #expect(throws: AlmanacError.self, "\(id)") { try Zone(id, source: source) }
            #expect(error?.kind == .unknownZone)
            #expect(error?.message == "unknown time zone \"\(id)\"")
            #expect(error?.text == id)
        }
        // Asking again throws again (the id is remembered as unknown: no source is asked twice).
        #expect(throws: AlmanacError.self) { try Zone("America/New_Yrok", source: source) }
    }

    /// ICU's custom ids ("GMT+5") are not system zones, so the ICU loader
    /// rejects them rather than invent a fixed offset; Foundation accepts them.
    @Test func customOffsetIdentifiers() throws {
        #expect(throws: AlmanacError.self) { try Zone("GMT+5") }
        #expect(try Zone("GMT+5", source: .foundation).offset(at: utc(2024, 1, 1)) == off(5))
    }

    /// An alias keeps the id it was asked by and shares the canonical zone's data.
    @Test(arguments: sources)
    func aliasesKeepTheirIdentifier(_ source: Zone.Source) throws {
        let alias = try Zone("US/Eastern", source: source)
        let canonical = try Zone("America/New_York", source: source)
        #expect(alias.identifier == "US/Eastern")
        #expect(alias.table.transitions == canonical.table.transitions)
        #expect(alias.table.offsets == canonical.table.offsets)
        #expect(alias != canonical)                    // different ids are different zones
        // Kolkata is ICU's alias of its canonical Asia/Calcutta.
        #expect(try Zone("Asia/Kolkata", source: source).identifier == "Asia/Kolkata")
    }

    @Test(arguments: sources)
    func secondLoadComesFromTheCache(_ source: Zone.Source) throws {
        let a = try Zone("Europe/Paris", source: source), b = try Zone("Europe/Paris", source: source)
        #expect(a.table === b.table)
        #expect(a == b && a.hashValue == b.hashValue)
        // The two sources are cached apart.
        let other = try Zone("Europe/Paris", source: source == .icu ? .foundation : .icu)
        #expect(other.table !== a.table && other.source != a.source)
    }

    /// Many tasks loading the same zone at once all end up with one table.
    @Test(arguments: sources)
    func concurrentLoadsShareOneTable(_ source: Zone.Source) async throws {
        let id = source == .icu ? "Asia/Tokyo" : "Asia/Seoul"
        let tables = await withTaskGroup(of: ObjectIdentifier?.self) { group in
            for _ in 0..<32 { group.addTask { (try? Zone(id, source: source)).map { ObjectIdentifier($0.table) } } }
            var seen: Set<ObjectIdentifier?> = []
            for await t in group { seen.insert(t) }
            return seen
        }
        #expect(tables.count == 1 && !tables.contains(nil))
    }

    @Test func dataVersions() throws {
        let looksLikeARelease = /20\d\d[a-z]/
        #expect(Zone.icuDataVersion.wholeMatch(of: looksLikeARelease) != nil, "\(Zone.icuDataVersion)")
        #expect(Zone.dataVersion(of: .icu) == Zone.icuDataVersion)
        #expect(try Zone("America/New_York").dataVersion == Zone.dataVersion(of: Zone.preferredSource))
        let foundation = Zone.dataVersion(of: .foundation)
        #expect(foundation.wholeMatch(of: looksLikeARelease) != nil, "\(foundation)")
        #expect(foundation == TimeZone.timeZoneDataVersion)
        #expect(try Zone("America/New_York", source: .foundation).dataVersion == foundation)
    }

    @Test(arguments: sources)
    func knownIdentifiersAreSortedAndLoad(_ source: Zone.Source) throws {
        let ids = Zone.knownIdentifiers(source: source)
        #expect(ids.count > 400)
        #expect(ids == ids.sorted())
        #expect(Set(ids).count == ids.count)
        #expect(ids.contains("America/New_York") && ids.contains("Asia/Kathmandu") && ids.contains("Europe/London"))
        #expect(!ids.contains("Etc/Unknown"))
        // Every listed id loads (the loader comparison loads them all from both sources).
        for id in ids.prefix(40) { #expect(throws: Never.self) { try Zone(id, source: source) } }
    }

    /// Every offset of every zone of a source fits `Offset`'s range, which
    /// the zone builds its offsets in without checking.
    @Test(arguments: sources)
    func everyOffsetOfEveryZoneIsWithinOffsetsRange(_ source: Zone.Source) throws {
        var extremes = (min: Int32(0), max: Int32(0))
        for id in Zone.knownIdentifiers(source: source) {
            guard let table = try? Zone(id, source: source).table else { continue }
            extremes = (min(extremes.min, table.offsets.min()!), max(extremes.max, table.offsets.max()!))
        }
        #expect(extremes.min >= Offset.min.seconds && extremes.max <= Offset.max.seconds, "\(extremes)")
        // The extremes are local mean times near the date line (Manila -15:56:08 before 1845).
        #expect(extremes.min < -15 * 3600 && extremes.max > 15 * 3600, "\(extremes)")
    }

    /// Tables hold only real offset changes, in increasing order.
    @Test(arguments: ["America/New_York", "Europe/Moscow", "America/Caracas", "Europe/London", "Pacific/Apia"])
    func tablesHoldOnlyOffsetChanges(_ id: String) throws {
        for source in Self.sources {
            let table = try Zone(id, source: source).table
            #expect(table.offsets.count == table.transitions.count + 1)
            #expect(zip(table.transitions, table.transitions.dropFirst()).allSatisfy { $0 < $1 })
            #expect(zip(table.offsets, table.offsets.dropFirst()).allSatisfy { $0 != $1 }, "\(id) \(source)")
            // Each of these zones changes offset, so the table has transitions to check.
            let first = try #require(table.transitions.first), last = try #require(table.transitions.last)
            #expect(first > ZoneTable.tableStart && last < ZoneTable.tableEnd, "\(id) \(source)")
        }
    }
}
