import Synchronization

/// The zone tables made from transitions (a calendar file's VTIMEZONE, a
/// decoded zone), kept so that equal ones are one object. Not API.
///
/// `Zone ==` answers at once for one table, and otherwise compares the two
/// tables' transitions, thousands of values up to 2500; two snapshots of
/// one calendar read apart (what a sync layer diffs) hold equal VTIMEZONE
/// zones, and comparing their series compared those arrays at every DTSTART
/// and EXDATE. Each table is still built in full: interning only replaces
/// an equal table by the one kept. At most ``limit`` tables of at most
/// ``largest`` transitions are kept (a hostile file can define many zones);
/// past that, tables are used as made.
final class ZoneInterner: Sendable {
    static let shared = ZoneInterner()
    static let limit = 256
    static let largest = 8_192

    private struct Kept {
        var byHash: [Int: [ZoneTable]] = [:]
        var count = 0
    }

    private let kept = Mutex(Kept())

    /// The kept table equal to `table` (same identifier, source, data
    /// version, transitions and offsets), or `table`, kept if there is room.
    ///
    /// - Complexity: O(n) in the table's transitions (a hash, and one
    ///   comparison when an equal one is kept).
    func intern(_ table: ZoneTable) -> ZoneTable {
        guard table.transitions.count <= Self.largest else { return table }
        var h = Hasher()
        h.combine(table.identifier)
        h.combine(table.transitions)
        h.combine(table.offsets)
        let key = h.finalize()
        return kept.withLock { kept in
            for t in kept.byHash[key] ?? [] where t.hasSameRules(as: table) && t.dataVersion == table.dataVersion { return t }
            guard kept.count < Self.limit else { return table }
            kept.byHash[key, default: []].append(table)
            kept.count += 1
            return table
        }
    }
}
