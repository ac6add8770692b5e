import Almanac
import Synchronization

/// The zones made from VTIMEZONEs, by their content, so that a VTIMEZONE
/// read again (the same file re-read by a sync layer, the same Outlook zone
/// in every file of an export) is not expanded again: expanding one takes
/// its onsets from 1601 to 2500 through the engine, the most costly part of
/// reading a small file. Not API.
///
/// The key is everything the zone is made of: the TZID, the expansion
/// options, and for the VTIMEZONE and each sub-component its name and the
/// properties ``VTimeZone`` reads, values and parameters included. Only
/// zones that were made are kept (a faulty VTIMEZONE is read again, and its
/// error names its line); at most ``limit`` zones, from VTIMEZONEs of at
/// most ``largest`` bytes.
final class VTimeZoneCache: Sendable {
    static let shared = VTimeZoneCache()
    static let limit = 256
    static let largest = 65_536

    struct Key: Hashable, Sendable {
        var content: [UInt8]
        var options: ExpansionOptions
    }

    private let zones = Mutex([Key: Zone]())

    /// The key of a VTIMEZONE, or `nil` when it is too large to keep.
    static func key(_ component: ParsedComponent, tzid: String, store: LineStore, options: ExpansionOptions) -> Key? {
        var content = Array(tzid.utf8)
        func add(_ c: ParsedComponent) -> Bool {
            content.append(0)
            content += c.name.utf8
            for p in c.properties {
                content.append(0xFF)
                content.append(p.property.rawValue)
                for k in p.parameters {
                    content.append(store.parameters[k].name.rawValue)
                    content += store.bytes[store.parameters[k].value]
                    content.append(0)
                }
                content.append(0xFE)
                content += store.bytes[p.value]
                if content.count > largest { return false }
            }
            for child in c.children where !add(child) { return false }
            content.append(0xFD)
            return true
        }
        return add(component) ? Key(content: content, options: options) : nil
    }

    func zone(_ key: Key) -> Zone? { zones.withLock { $0[key] } }

    func keep(_ zone: Zone, for key: Key) {
        zones.withLock { zones in
            if zones.count < Self.limit { zones[key] = zone }
        }
    }
}
