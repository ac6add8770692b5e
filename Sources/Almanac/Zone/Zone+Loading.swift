import AlmanacCore

extension Zone {
    /// A zone by IANA id (`America/New_York`), alias (`US/Eastern`) or Windows
    /// id (`W. Europe Standard Time`), loaded from `source` once per process.
    ///
    /// ```swift
    /// let ny = try Zone("America/New_York")
    /// let berlin = try Zone("W. Europe Standard Time")      // identifier "Europe/Berlin"
    /// let apple = try Zone("America/New_York", source: .foundation)
    /// _ = try Zone("America/New_Yrok")                      // throws unknown time zone "America/New_Yrok"
    /// ```
    ///
    /// ``identifier`` is the id you gave (an alias stays an alias, with the
    /// data of its canonical zone), except for a Windows id, which becomes
    /// the IANA id it maps to (CLDR's mapping for the world region, "001").
    /// `UTC`, `Etc/UTC` and `GMT` are zones with offset zero and no
    /// transitions.
    ///
    /// With ``Source/foundation``, an id is what `Foundation.TimeZone(identifier:)`
    /// accepts (which includes fixed offsets such as `GMT+5`); a Windows id
    /// is mapped through ICU first.
    ///
    /// - Throws: ``AlmanacError`` of kind ``AlmanacError/Kind/unknownZone``
    ///   when the source knows no zone by this id (including the empty id),
    ///   never a silent UTC.
    /// - Complexity: the first load of a zone walks its transitions from year
    ///   1 to 2500 (about 2 ms for America/New_York from ICU); later
    ///   loads of the same id and source are one dictionary lookup under a lock.
    public init(_ identifier: String, source: Source = .icu) throws(AlmanacError) {
        let cache = _ZoneCache.shared
        let key = _ZoneCache.Key(source: source, identifier: identifier)
        if let table = cache.table(key) { self.init(table: table); return }
        guard let table = Self.load(identifier, source: source) else {
            throw AlmanacError(.unknownZone, "unknown time zone \"\(identifier)\"", text: identifier)
        }
        self.init(table: cache.insert(table, for: key))
    }

    /// The tz data version of the system ICU, such as `2022e`.
    ///
    /// ```swift
    /// Zone.icuDataVersion          // "2022e"
    /// ```
    public static var icuDataVersion: String { _ICUZones.dataVersion }

    /// The tz data version of a source: ICU's, or Foundation's
    /// `TimeZone.timeZoneDataVersion`.
    ///
    /// ```swift
    /// Zone.dataVersion(of: .foundation)   // "2025b"
    /// ```
    public static func dataVersion(of source: Source) -> String {
        switch source {
        case .icu: _ICUZones.dataVersion
        case .foundation: _FoundationZones.dataVersion
        }
    }

    /// The zone ids a source knows, sorted: every id ICU accepts (IANA ids,
    /// their aliases such as `US/Eastern`, and ICU's legacy ids such as
    /// `EST5EDT`), or Foundation's `TimeZone.knownTimeZoneIdentifiers`.
    /// Windows ids load with ``init(_:source:)`` but are not listed.
    ///
    /// ```swift
    /// Zone.knownIdentifiers().contains("America/New_York")   // true
    /// ```
    ///
    /// - Complexity: O(n log n) in the number of ids; not cached.
    public static func knownIdentifiers(source: Source = .icu) -> [String] {
        switch source {
        case .icu: _ICUZones.identifiers()
        case .foundation: _FoundationZones.identifiers()
        }
    }

    /// Loads the table of `identifier` from `source`, sharing the arrays of
    /// an already loaded canonical zone. `nil` when the source does not know it.
    private static func load(_ identifier: String, source: Source) -> ZoneTable? {
        // C strings end at NUL: "America/New_York\0x" must not load New York.
        guard !identifier.isEmpty, !identifier.utf8.contains(0) else { return nil }
        let cache = _ZoneCache.shared
        switch source {
        case .icu:
            if let canonical = _ICUZones.canonicalIdentifier(identifier) {
                let key = _ZoneCache.Key(source: .icu, identifier: canonical)
                let table = cache.table(key) ?? _ICUZones.table(canonical: canonical, identifier: canonical).map { cache.insert($0, for: key) }
                return table?.renamed(identifier)
            }
            if let mapped = _ICUZones.ianaIdentifier(windows: identifier) {
                return (try? Zone(mapped, source: .icu))?.table
            }
            return nil
        case .foundation:
            if let table = _FoundationZones.table(identifier, identifier: identifier) { return table }
            if let mapped = _ICUZones.ianaIdentifier(windows: identifier) {
                return (try? Zone(mapped, source: .foundation))?.table
            }
            return nil
        }
    }
}
