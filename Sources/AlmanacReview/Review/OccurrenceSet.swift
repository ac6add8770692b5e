import Almanac

/// A set of occurrences (the table's, asked for an orphan's reason): open
/// addressing on ``SlotTable``'s seeded mix of the two words. A `Set`
/// hashed each of a year's 57,671 with SipHash (a `Hasher` per insert).
struct OccurrenceSet {
    /// Positions in `items` plus one (0: empty), a power of two of them.
    private var table: [Int32]
    private var items: [OccurrenceID] = []
    private let mask: Int

    /// An empty set with room for `capacity` occurrences.
    init(capacity: Int) {
        var size = 16
        while size < 2 * capacity { size <<= 1 }
        table = [Int32](repeating: 0, count: size)
        mask = size - 1
        items.reserveCapacity(capacity)
    }

    private static func hash(_ o: OccurrenceID) -> UInt64 {
        SlotTable.mix(SlotTable.mix(SlotTable.seed, UInt64(UInt32(bitPattern: o.owner))), o.recurrence)
    }

    /// Adds `o` unless it is there.
    mutating func insert(_ o: OccurrenceID) {
        if 2 * (items.count + 1) > table.count { grow() }
        var i = Int(truncatingIfNeeded: Self.hash(o)) & mask
        while table[i] != 0 {
            if items[Int(table[i]) - 1] == o { return }
            i = (i + 1) & mask
        }
        items.append(o)
        table[i] = Int32(items.count)
    }

    /// Whether `o` is in the set.
    func contains(_ o: OccurrenceID) -> Bool {
        var i = Int(truncatingIfNeeded: Self.hash(o)) & mask
        while table[i] != 0 {
            if items[Int(table[i]) - 1] == o { return true }
            i = (i + 1) & mask
        }
        return false
    }

    private mutating func grow() {
        var bigger = OccurrenceSet(capacity: table.count)
        for o in items { bigger.insert(o) }
        self = bigger
    }
}
