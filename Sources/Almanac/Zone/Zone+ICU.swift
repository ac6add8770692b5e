import AlmanacCore
internal import CAlmanacICU

/// The ICU loader: ids, versions and transitions from the system ICU through
/// the `CAlmanacICU` shim. Not API; ``Zone/init(_:source:)`` calls it.
enum ICUZones {
    /// ICU's tz data version, such as `2022e`, or `""` if ICU cannot say.
    static let dataVersion: String = string(capacity: 32) { almanac_icu_tz_data_version($0, $1) } ?? ""

    /// The canonical system id of an IANA id or alias (CLDR's canonical id,
    /// so `Asia/Kolkata` gives `Asia/Calcutta`), or `nil` when ICU does not
    /// know it as a system zone.
    static func canonicalIdentifier(_ id: String) -> String? {
        string(capacity: ALMANAC_ICU_ID_CAPACITY) { buffer, capacity in almanac_icu_canonical_id(id, buffer, capacity) }
    }

    /// The IANA id of a Windows zone id (CLDR's mapping for the world
    /// region "001"), or `nil` when there is none.
    static func ianaIdentifier(windows id: String) -> String? {
        let system = string(capacity: ALMANAC_ICU_ID_CAPACITY) { buffer, capacity in
            almanac_icu_windows_id_to_system_id(id, buffer, capacity)
        }
        return system.map { cldrToIANA[$0] ?? $0 }
    }

    /// CLDR keeps old spellings as its canonical ids; these are the targets of
    /// its Windows mapping (windowsZones.xml, region "001") that tzdata's
    /// `backward` file lists as links, with the current IANA name.
    static let cldrToIANA: [String: String] = [
        "America/Buenos_Aires": "America/Argentina/Buenos_Aires",
        "America/Godthab": "America/Nuuk",
        "America/Indianapolis": "America/Indiana/Indianapolis",
        "Asia/Calcutta": "Asia/Kolkata",
        "Asia/Katmandu": "Asia/Kathmandu",
        "Asia/Rangoon": "Asia/Yangon",
        "Europe/Kiev": "Europe/Kyiv",
    ]

    /// Every id ICU accepts, sorted: IANA ids and their aliases, and ICU's
    /// legacy ids (`EST5EDT`, `SystemV/EST5`, Java's three-letter ids).
    static func identifiers() -> [String] {
        var capacity = 16_384
        while true {
            var bytes = [CChar](repeating: 0, count: capacity)
            let needed = Int(almanac_icu_zone_ids(&bytes, Int32(capacity)))
            if needed < 0 { return [] }
            if needed > capacity { capacity = needed; continue }
            return bytes[..<needed].split(separator: 0).map { String(decoding: $0.map { UInt8(bitPattern: $0) }, as: UTF8.self) }.sorted()
        }
    }

    /// The table of a canonical system id, from year 1 to ``ZoneTable/tableEnd``,
    /// or `nil` when ICU does not know the id.
    ///
    /// - Complexity: one ICU call per transition (about 1200 for a zone that
    ///   keeps DST until 2500), each a calendar field computation.
    static func table(canonical id: String, identifier: String) -> ZoneTable? {
        // Enough for every zone's transitions until 2500 in tzdata 2022e
        // (the most are about 1300); the loop retries with the exact count.
        var capacity = 2048
        while true {
            var instants = [Int64](repeating: 0, count: capacity)
            var offsets = [Int32](repeating: 0, count: capacity)
            var initial: Int32 = 0
            let count = Int(almanac_icu_zone_transitions(id, ZoneTable.tableStart, ZoneTable.tableEnd, &initial, &instants, &offsets, Int32(capacity)))
            if count < 0 { return nil }
            if count > capacity { capacity = count; continue }
            let changes = (0..<count).lazy.map { (instant: instants[$0], offset: offsets[$0]) }
            return ZoneTable.build(identifier: identifier, initialOffset: initial, changes: changes, source: .icu, dataVersion: dataVersion)
        }
    }

    /// Calls a shim function that fills a NUL-terminated string, growing the
    /// buffer when the shim asks for more.
    private static func string(capacity: Int32, _ fill: (UnsafeMutablePointer<CChar>, Int32) -> Int32) -> String? {
        var capacity = Int(capacity)
        while capacity <= 1 << 16 {
            var buffer = [CChar](repeating: 0, count: capacity)
            let n = buffer.withUnsafeMutableBufferPointer { fill($0.baseAddress!, Int32(capacity)) }
            if n == ALMANAC_ICU_TOO_SMALL { capacity *= 2; continue }
            guard n >= 0 else { return nil }
            return String(decoding: buffer[..<Int(n)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        return nil
    }
}
