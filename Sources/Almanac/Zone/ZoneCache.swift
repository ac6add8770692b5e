import Synchronization

/// The process-wide cache of loaded zone tables, keyed by source and by the
/// id the caller gave (aliases get their own entry sharing the canonical
/// zone's arrays). Not API.
///
/// Loading runs outside the lock, so two threads that miss the same id at
/// once may both load it; the first to store wins and both get its table.
final class _ZoneCache: Sendable {
    struct Key: Hashable, Sendable {
        var source: Zone.Source?
        var identifier: String
    }

    static let shared = _ZoneCache()

    private let tables = Mutex<[Key: ZoneTable]>([:])

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
