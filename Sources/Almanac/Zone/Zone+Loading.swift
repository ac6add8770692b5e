import AlmanacCore

extension Zone {
    /// A zone by IANA id (`America/New_York`) or Windows id (`W. Europe
    /// Standard Time`). STUB: owned by the zone work.
    public init(_ identifier: String, source: Source = .icu) throws(AlmanacError) {
        if identifier == "UTC" { self = .utc; return }
        throw AlmanacError(.unknownZone, "unknown time zone \"\(identifier)\"")
    }
}
