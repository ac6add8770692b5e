import AlmanacCore

extension Zone {
    /// A zone by IANA id (`America/New_York`), alias (`US/Eastern`) or Windows
    /// id (`W. Europe Standard Time`), loaded once per process.
    ///
    /// ```swift
    /// let ny = try Zone("America/New_York")                 // the newest data: the system's tz database here
    /// let berlin = try Zone("W. Europe Standard Time")      // identifier "Europe/Berlin"
    /// let old = try Zone("America/New_York", source: .icu)  // ICU's rules (tz data 2022e here)
    /// _ = try Zone("America/New_Yrok")                      // throws unknown time zone "America/New_Yrok"
    /// ```
    ///
    /// With no `source`, the zone comes from ``preferredSource`` (the source
    /// with the newest tz data), else from ICU when that source does not know
    /// the id (ICU's legacy ids such as `SystemV/EST5`), else from the system
    /// database when ICU does not (`America/Ciudad_Juarez`, new in 2022,
    /// unknown to ICU 72). ``source`` and ``dataVersion`` say where it came
    /// from. With a `source`, the data comes from that source only.
    ///
    /// ``identifier`` is the id you gave (an alias stays an alias, with the
    /// data of its zone), except for a Windows id, which becomes the IANA id
    /// it maps to (CLDR's mapping for the world region, "001"). ICU is the
    /// authority for ids in every source: it maps Windows ids, and an id the
    /// system database has no file for is looked up there by ICU's canonical
    /// id (`IST` is `Asia/Calcutta`). `UTC`, `Etc/UTC` and `GMT` are zones
    /// with offset zero and no transitions.
    ///
    /// With ``Source/foundation`` (once AlmanacFoundation's
    /// `Zone.enableFoundationSource()` has run), an id is what
    /// `Foundation.TimeZone(identifier:)` accepts (which includes fixed
    /// offsets such as `GMT+5`); a Windows id is mapped through ICU first.
    ///
    /// - Throws: ``AlmanacError`` of kind ``AlmanacError/Kind/unknownZone``
    ///   when no source knows a zone by this id (including the empty id),
    ///   never a silent UTC; of kind ``AlmanacError/Kind/unsupported`` for
    ///   ``Source/foundation`` before AlmanacFoundation enabled it.
    /// - Complexity: the first load of a zone reads its TZif file and expands
    ///   its rule to 2500 (well under a millisecond), or walks its transitions
    ///   through ICU (about 2 ms for America/New_York); later loads of the same
    ///   id and source are one dictionary lookup under a lock, and so is a
    ///   later load of an id no source knew (the process remembers 1,024).
    public init(_ identifier: String, source: Source? = nil) throws(AlmanacError) {
        if source == .foundation, ExternalZoneSource.installed(.foundation) == nil {
            throw AlmanacError(.unsupported, "the foundation zone source needs AlmanacFoundation: call Zone.enableFoundationSource() first",
                               text: identifier)
        }
        let cache = ZoneCache.shared
        let key = ZoneCache.Key(source: source, identifier: identifier)
        if let table = cache.table(key) { self.init(table: table); return }
        guard !cache.isUnknown(key), let table = Self.load(identifier, source: source) else {
            cache.markUnknown(key)
            throw AlmanacError(.unknownZone, "unknown time zone \"\(identifier)\"", text: identifier)
        }
        self.init(table: cache.insert(table, for: key))
    }

    /// The tz data version of the system ICU, such as `2022e`.
    ///
    /// ```swift
    /// Zone.icuDataVersion          // "2022e"
    /// ```
    public static var icuDataVersion: String { ICUZones.dataVersion }

    /// The tz data version of a source: the system database's (the first
    /// line of its `tzdata.zi`, else its `+VERSION` file; empty when neither
    /// says), ICU's, or Foundation's `TimeZone.timeZoneDataVersion` (empty
    /// until AlmanacFoundation enabled that source).
    ///
    /// ```swift
    /// Zone.dataVersion(of: .system)       // "2025b"
    /// Zone.dataVersion(of: .icu)          // "2022e"
    /// ```
    public static func dataVersion(of source: Source) -> String {
        switch source {
        case .system: SystemZones.dataVersion
        case .icu: ICUZones.dataVersion
        case .foundation: ExternalZoneSource.installed(.foundation)?.dataVersion() ?? ""
        }
    }

    /// The zone ids a source knows, sorted: the system database's files
    /// (IANA ids and their links, such as `US/Eastern`), every id ICU accepts
    /// (IANA ids, their aliases, and ICU's legacy ids such as `SystemV/EST5`),
    /// or Foundation's `TimeZone.knownTimeZoneIdentifiers` (none until
    /// AlmanacFoundation enabled that source); with no source,
    /// every id that ``init(_:source:)`` loads with no source (the system's
    /// and ICU's). Windows ids load but are not listed.
    ///
    /// ```swift
    /// Zone.knownIdentifiers().contains("America/Ciudad_Juarez")   // true: the system has it
    /// Zone.knownIdentifiers(source: .icu).contains("America/Ciudad_Juarez")   // false with ICU 72
    /// ```
    ///
    /// - Complexity: O(n log n) in the number of ids; the system's list reads
    ///   the first bytes of each file of its folder; not cached.
    public static func knownIdentifiers(source: Source? = nil) -> [String] {
        guard let source else { return Array(Set(SystemZones.identifiers() + ICUZones.identifiers())).sorted() }
        switch source {
        case .system: return SystemZones.identifiers()
        case .icu: return ICUZones.identifiers()
        case .foundation: return ExternalZoneSource.installed(.foundation)?.identifiers() ?? []
        }
    }

    /// Loads the table of `identifier` from `source` (from the preferred
    /// source, then the others, when `nil`), sharing the arrays of an already
    /// loaded zone. `nil` when no source asked knows it.
    private static func load(_ identifier: String, source: Source?) -> ZoneTable? {
        // C strings end at NUL: "America/New_York\0x" must not load New York.
        guard !identifier.isEmpty, !identifier.utf8.contains(0) else { return nil }
        guard let source else {
            for s in [preferredSource] + [Source.icu, .system].filter({ $0 != preferredSource }) {
                if let table = load(identifier, source: s) { return table }
            }
            return nil
        }
        switch source {
        case .system: return systemTable(identifier)
        case .icu: return icuTable(identifier)
        case .foundation:
            guard let external = ExternalZoneSource.installed(.foundation) else { return nil }
            if let table = external.table(identifier, source: .foundation) { return table }
            if let mapped = ICUZones.ianaIdentifier(windows: identifier) {
                return (try? Zone(mapped, source: .foundation))?.table
            }
            return nil
        }
    }

    /// ICU's table of an id, alias or Windows id.
    private static func icuTable(_ identifier: String) -> ZoneTable? {
        if let canonical = ICUZones.canonicalIdentifier(identifier) {
            return shared(canonical, as: identifier, source: .icu) { ICUZones.table(canonical: canonical, identifier: canonical) }
        }
        if let mapped = ICUZones.ianaIdentifier(windows: identifier) {
            return (try? Zone(mapped, source: .icu))?.table
        }
        return nil
    }

    /// The system database's table of an id, or of the IANA id ICU maps a
    /// Windows id to, or of ICU's canonical id for an id without a file.
    private static func systemTable(_ identifier: String) -> ZoneTable? {
        if let table = shared(identifier, as: identifier, source: .system, { SystemZones.table(identifier, identifier: identifier) }) {
            return table
        }
        if let mapped = ICUZones.ianaIdentifier(windows: identifier) {
            return (try? Zone(mapped, source: .system))?.table
        }
        if let canonical = ICUZones.canonicalIdentifier(identifier), canonical != identifier {
            return shared(canonical, as: identifier, source: .system) { SystemZones.table(canonical, identifier: canonical) }
        }
        return nil
    }

    /// The cached table of `id` from `source` (loaded by `load` on a miss),
    /// under the name `identifier`.
    private static func shared(_ id: String, as identifier: String, source: Source, _ load: () -> ZoneTable?) -> ZoneTable? {
        let cache = ZoneCache.shared
        let key = ZoneCache.Key(source: source, identifier: id, isSourceEntry: true)
        let table = cache.table(key) ?? load().map { cache.insert($0, for: key) }
        return table?.renamed(identifier)
    }
}
