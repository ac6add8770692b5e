import Almanac

/// The zones a calendar's file defined (VTIMEZONE, e.g. Outlook's
/// "(UTC+01:00) Amsterdam, Berlin, ..." that no zone database knows), kept
/// beside its series so that the stored series read back in the same
/// zones: each as its transitions and offsets, as text.
enum StoredZones {
    /// The rows of a snapshot's file zones, by TZID.
    static func rows(_ zones: [String: Zone], calendarID: String) -> [ZoneRow] {
        zones.keys.sorted().map { tzid in
            let z = zones[tzid]!
            let ts = z.transitions(from: .min, to: .max)
            let offsets = ts.isEmpty ? [z.offset(at: Timestamp(secondsSinceEpoch: 0))] : [ts[0].before] + ts.map(\.after)
            return ZoneRow(calendarID: calendarID, tzid: tzid,
                           transitions: ts.map { String($0.instant.secondsSinceEpoch) }.joined(separator: ","),
                           offsets: offsets.map { String($0.seconds) }.joined(separator: ","))
        }
    }

    /// The zones of stored rows, by TZID.
    static func zones(_ rows: [ZoneRow]) throws(StoreError) -> [String: Zone] {
        var out: [String: Zone] = [:]
        for r in rows {
            let ts = r.transitions.isEmpty ? [] : r.transitions.split(separator: ",").compactMap { Int64($0) }
            let os = r.offsets.split(separator: ",").compactMap { Int32($0) }.compactMap { try? Offset(seconds: Int($0)) }
            do {
                out[r.tzid] = try Zone(identifier: r.tzid, transitions: ts, offsets: os)
            } catch {
                throw StoreError(.invalidValue, "stored zone \"\(r.tzid)\" of calendar \(r.calendarID) does not read: \(error.message)")
            }
        }
        return out
    }

    /// A digest of the zones, the seed of every series' digest: a zone
    /// that changes changes the instances of the series that use it (all
    /// series are then re-expanded; it is rare).
    static func digest(_ rows: [ZoneRow]) -> UInt64 {
        var h = SeriesText.seed
        for r in rows { h = SeriesText.fold("\(r.tzid)|\(r.transitions)|\(r.offsets)\n", into: h) }
        return h
    }
}
