#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import AlmanacCore

extension Zone {
    /// Where a zone's transitions come from.
    ///
    /// ```swift
    /// let mexico = try Zone("America/Mexico_City")
    /// mexico.source          // .system on Debian: tzdata 2025b, newer than ICU's 2022e
    /// mexico.dataVersion     // "2025b"
    /// ```
    public enum Source: String, Sendable, Hashable, Codable, CaseIterable {
        /// The operating system's tz database: TZif files (RFC 8536) under
        /// `TZDIR` or the system's zoneinfo directory (`/usr/share/zoneinfo`),
        /// kept current by the system. ICU still names Windows ids and maps
        /// aliases onto files; the rules come from the file.
        case system
        /// The system ICU (libicu) through Almanac's C shim.
        case icu
        /// Foundation's `TimeZone`, once AlmanacFoundation's
        /// `Zone.enableFoundationSource()` has run (the engine itself does
        /// not link Foundation).
        case foundation
    }

    /// The source ``init(_:source:)`` reads first when given none: the one
    /// with the newest tz data.
    ///
    /// This is ``Source/system`` when the machine has a tz database
    /// whose version is at least ICU's (or says none, as it is the copy the
    /// system keeps current), else ``Source/icu``. The environment variable
    /// `ALMANAC_ZONE_SOURCE` (`system`, `icu` or `foundation`) overrides
    /// the choice for the whole process, as `TZDIR` moves the database.
    ///
    /// ```swift
    /// Zone.preferredSource                       // .system
    /// Zone.dataVersion(of: Zone.preferredSource) // "2025b"
    /// ```
    public static let preferredSource: Source = {
        if let env = getenv("ALMANAC_ZONE_SOURCE"), let chosen = Source(rawValue: String(cString: env)) { return chosen }
        guard SystemZones.directory != nil else { return .icu }
        let system = SystemZones.dataVersion, icu = ICUZones.dataVersion
        guard let s = versionOrder(system), let i = versionOrder(icu) else { return .system }
        return s.lexicographicallyPrecedes(i) ? .icu : .system
    }()

    /// The folder of the system's tz database that ``Source/system`` reads:
    /// `TZDIR` when set, else the first of `/usr/share/zoneinfo`,
    /// `/usr/lib/zoneinfo`, `/usr/share/lib/zoneinfo` and `/etc/zoneinfo`
    /// that exists; `nil` when the machine has none.
    ///
    /// ```swift
    /// Zone.systemDirectory      // "/usr/share/zoneinfo"
    /// ```
    public static var systemDirectory: String? { SystemZones.directory }

    /// A tz data version such as `2025b` as a comparable value (year, then
    /// the letters: `2022z` < `2022aa`), or `nil` for any other text.
    static func versionOrder(_ version: String) -> [Int]? {
        let b = Array(version.utf8)
        guard b.count >= 4, b.count <= 8, b[..<4].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
              b[4...].allSatisfy({ $0 >= 0x61 && $0 <= 0x7A }) else { return nil }
        let year = b[..<4].reduce(0) { $0 * 10 + Int($1 - 0x30) }
        return [year, b.count - 4] + b[4...].map { Int($0) }
    }
}
