import Synchronization

/// The process-wide cache of loaded zone tables, keyed by source and by the
/// id the caller gave (aliases get their own entry sharing the canonical
/// zone's arrays). Not API.
///
/// Loading runs outside the lock, so two threads that miss the same id at
/// once may both load it; the first to store wins and both get its table.
final class ZoneCache: Sendable {
    struct Key: Hashable, Sendable {
        var source: Zone.Source?
        var identifier: String
        /// A source's own entry for a file or canonical id it loaded (shared
        /// by its aliases), apart from the entry for what a caller typed: a
        /// Windows id typed with a source maps to another zone's file.
        var isSourceEntry = false
    }

    static let shared = ZoneCache()

    private let tables = Mutex<[Key: ZoneTable]>([:])
    /// Ids no source knows (at most ``unknownLimit``, each at most 256
    /// bytes): a request stream that names an unknown zone again and again
    /// asks the sources once.
    private let unknown = Mutex<Set<Key>>([])
    static let unknownLimit = 1_024

    /// Whether `key` is known to name no zone.
    func isUnknown(_ key: Key) -> Bool {
        unknown.withLock { $0.contains(key) }
    }

    /// Records that `key` names no zone (while there is room).
    func markUnknown(_ key: Key) {
        guard key.identifier.utf8.count <= 256 else { return }
        unknown.withLock { if $0.count < Self.unknownLimit { $0.insert(key) } }
    }

    /// The cached table for a key, if any.
    ///
    /// - Complexity: one dictionary lookup under a lock.
    func table(_ key: Key) -> ZoneTable? {
        tables.withLock { $0[key] }
    }

    /// Stores a table unless one is already there; returns the one kept.
    func insert(_ table: ZoneTable, for key: Key) -> ZoneTable {
        tables.withLock { tables in
            if let existing = tables[key] { return existing }
            tables[key] = table
            return table
        }
    }

    /// The cached table for a key, or the one `load` makes (then cached).
    /// Failures are not cached.
    func table<E: Error>(_ key: Key, load: () throws(E) -> ZoneTable) throws(E) -> ZoneTable {
        if let cached = table(key) { return cached }
        return insert(try load(), for: key)
    }
}
