import Almanac

/// A TZID written as a vendor path before an IANA name, with no VTIMEZONE
/// of that TZID in the file:
///
/// - Thunderbird/Lightning: `/mozilla.org/20050126_1/America/New_York`;
/// - libical and the programs built on it (Evolution, Citadel...):
///   `/freeassociation.sourceforge.net/Tzfile/Europe/London`,
///   `/freeassociation.sourceforge.net/Europe/London` (libical's default
///   prefix, `icaltimezone_set_tzid_prefix`), `/citadel.org/20190914_1/Europe/Berlin`;
/// - others: a bare `/America/New_York`.
///
/// RFC 5545 section 3.2.19: "The presence of the SOLIDUS character as a
/// prefix, indicates that this "TZID" represents a unique ID in a globally
/// defined time zone registry (when such registry is defined)", and "The
/// specification of globally unique time zone identifiers is not addressed
/// by this document and is left for future study." No registry was ever
/// defined, and the same section requires "An individual "VTIMEZONE"
/// calendar component ... for each unique "TZID" parameter value". So
/// strict mode refuses such a TZID without its VTIMEZONE (the error says
/// which zone lenient mode reads); lenient mode reads the longest tail of
/// the path that is a zone ICU knows (`America/New_York`), with a reading
/// that says how it resolved, instead of floating values. A VTIMEZONE of
/// the file with that exact TZID wins, as for every TZID.
///
/// Corpus: `Corpus/ics/tzid-mozilla-prefix-no-vtimezone.ics`,
/// `tzid-libical-prefix-no-vtimezone.ics`, `tzid-citadel-prefix-no-vtimezone.ics`,
/// `tzid-solidus-iana-no-vtimezone.ics`, `tzid-vendor-prefix-strict.ics`.
enum VendorTZIDPrefix {
    /// The zone named by the longest tail of a `/`-prefixed TZID's path that
    /// ICU knows (`/a/b/Europe/Berlin`: `a/b/Europe/Berlin`,
    /// `b/Europe/Berlin`, then `Europe/Berlin`), or `nil`.
    static func zone(_ tzid: String) -> Zone? {
        guard tzid.hasPrefix("/") else { return nil }
        let parts = tzid.split(separator: "/", omittingEmptySubsequences: true)
        // At most a few tails: a TZID is short, and a path of hundreds of
        // parts is no vendor's.
        for k in parts.indices.prefix(8) {
            let name = parts[k...].joined(separator: "/")
            if let z = try? Zone(name) { return z }
        }
        return nil
    }

    /// The reading of a TZID read as `zone`.
    static func reading(_ tzid: String, zone: Zone, line: Int) -> CalendarReading {
        CalendarReading(.zone, line: line, "TZID \"\(tzid)\" has no VTIMEZONE in the file: read as \(zone.identifier), the zone after its vendor prefix (RFC 5545 section 3.2.19 defines no registry of \"/\" ids; tz data \(zone.dataVersion))")
    }

    /// What strict mode adds to its error.
    static func hint(_ tzid: String) -> String {
        guard let z = zone(tzid) else { return "" }
        return " (a \"/\" prefix marks a globally unique id, RFC 5545 section 3.2.19, whose registry no RFC defines; lenient mode reads it as \(z.identifier))"
    }
}
