import Almanac

/// The expected days of a review by day key: an open-addressing table of
/// slot numbers, probed with a hash of the key's bytes (series id, then
/// the recurrence id and the date packed in two words).
///
/// Each bucket holds its slot whole (hash, words, id number, slot number,
/// 32 bytes): the lookups of a review's records land anywhere in the
/// table, and a lookup reads one bucket, one cache miss, where a table of
/// slot numbers beside an array of slots cost two.
///
/// A review looks up every expected day once and every record once
/// (100,000 records a year is ordinary); `Dictionary<DayKey, _>` hashes
/// each key with SipHash, field by field, and then compares it field by
/// field. Here a key costs a few multiplications per eight bytes of its id
/// and, on a hit, one comparison of two words and the id's bytes. The
/// hash is seeded per process (from `Hasher`), so a calendar cannot be
/// written to make its ids collide.
struct SlotTable {
    /// Buckets, a power of two of them, at most half full (``SlotEntry/empty``: none).
    private var table: [SlotEntry]
    /// How many slots the table holds.
    private(set) var count = 0
    /// The series ids by number, each once, and the hash of each one's bytes.
    private var names: [String] = [], nameHashes: [UInt64] = []
    /// The numbers by id. A `String` key makes an NFC and an NFD id one,
    /// where day keys tell them apart by their bytes: a number found here is
    /// checked against the id's bytes, and the other spellings of an id are
    /// kept in `spellings`.
    private var numbers: [String: Int32] = [:]
    private var spellings: [(id: String, number: Int32)] = []
    private var mask: Int
    /// A key's first bucket is the top bits of its hash (`hash >> shift`):
    /// keys grouped by the top bits of their hash go in one region of the
    /// table after another (see ``insertAll(_:)``).
    private var shift: UInt64 = 60

    static let seed: UInt64 = {
        var h = Hasher()
        h.combine(0x5107_7AB1E as UInt64)
        return UInt64(bitPattern: Int64(h.finalize()))
    }()

    /// An empty table: number the ids, then ``reserve(_:)`` room for the keys.
    init() {
        table = [SlotEntry](repeating: .empty, count: 16)
        mask = 15
        shift = 60
    }

    /// Room for `capacity` keys; before the first key goes in.
    mutating func reserve(_ capacity: Int) {
        precondition(count == 0, "reserve a slot table before the first key")
        var size = 16
        while size < 2 * capacity { size <<= 1 }
        table = [SlotEntry](repeating: .empty, count: size)
        mask = size - 1
        shift = UInt64(64 - size.trailingZeroBitCount)
    }

    /// Room for `count` ids.
    mutating func reserveIDs(_ count: Int) {
        numbers.reserveCapacity(count)
        names.reserveCapacity(count)
        nameHashes.reserveCapacity(count)
    }

    /// The number of series id `id`, given it on first sight (once per
    /// series: the keys of a series are inserted with its number).
    mutating func number(of id: String) -> Int32 {
        if let n = known(id) { return n }
        let n = Int32(names.count)
        if numbers[id] == nil { numbers[id] = n } else { spellings.append((id, n)) }
        names.append(id)
        var id = id
        nameHashes.append(id.withUTF8(Self.hash))
        return n
    }

    /// The number of `id`, byte for byte.
    private func known(_ id: String) -> Int32? {
        guard let n = numbers[id] else { return nil }
        if Self.sameBytes(names[Int(n)], id) { return n }
        return spellings.first { Self.sameBytes($0.id, id) }?.number
    }

    private static func sameBytes(_ a: String, _ b: String) -> Bool {
        var (a, b) = (a, b)
        return a.withUTF8 { x in b.withUTF8 { y in _sameBytes(x, y) } }
    }

    /// The occurrence of `key` (its id's number and recurrence id), if its
    /// id is a series'.
    func occurrence(of key: DayKey) -> OccurrenceID? {
        known(key.seriesID).map { OccurrenceID(owner: $0, recurrence: PackedKey(date: key.date, recurrenceID: key.occurrence.recurrenceID).recurrence) }
    }

    /// The occurrences of the keys in the table.
    func occurrences() -> OccurrenceSet {
        var out = OccurrenceSet(capacity: count)
        for e in table where e.slot >= 0 { out.insert(OccurrenceID(owner: e.owner, recurrence: e.key.recurrence)) }
        return out
    }

    /// The occupied buckets grouped by the top `bits` bits of their hash,
    /// in table order within a group (see ``_grouped(_:bits:hash:)``).
    func grouped(bits: Int) -> (entries: [SlotEntry], starts: [Int]) {
        let (entries, starts) = _grouped(table.filter { $0.slot >= 0 }, bits: bits) { $0.hash }
        return (entries, starts)
    }

    /// The ids' numbers by their bytes, for a join that numbers each
    /// record's id once (see ``IDNumbers``).
    func idNumbers() -> IDNumbers { IDNumbers(names: names, hashes: nameHashes) }

    /// The slot of `key`, if it is in the table.
    func slot(of key: borrowing DayKey) -> Int? {
        let w = PackedKey(date: key.date, recurrenceID: key.occurrence.recurrenceID)
        let found = key.seriesID.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            let h = Self.hash(Self.hash(bytes), w)
            var i = Int(h >> shift)
            while true {
                let e = table[i]
                if e.slot < 0 { return nil }
                if e.hash == h && e.key == w {
                    var name = names[Int(e.owner)]
                    if name.withUTF8({ _sameBytes($0, bytes) }) { return Int(e.slot) }
                }
                i = (i + 1) & mask
            }
        }
        if let found { return found }
        var id = key.seriesID   // not contiguous (bridged): made native
        id.makeContiguousUTF8()
        return slot(of: DayKey(occurrence: OccurrenceKey(seriesID: id, recurrenceID: key.occurrence.recurrenceID), date: key.date))
    }

    /// Adds the key of series id number `owner` as the next slot unless it
    /// is there; returns whether it was added.
    mutating func insert(_ key: borrowing DayKey, owner: Int32) -> Bool {
        insert(PackedKey(date: key.date, recurrenceID: key.occurrence.recurrenceID), owner: owner)
    }

    /// ``insert(_:owner:)`` of a key given as its packed words.
    mutating func insert(_ w: PackedKey, owner: Int32) -> Bool {
        let e = SlotEntry(hash: Self.hash(nameHashes[Int(owner)], w), key: w, owner: owner, slot: Int32(count))
        guard place(e) else { return false }
        count += 1
        return true
    }

    /// Puts `e` in its bucket unless its key is there; whether it did.
    private mutating func place(_ e: SlotEntry) -> Bool {
        var i = Int(e.hash >> shift)
        while true {
            let x = table[i]
            if x.slot < 0 { break }
            if x.hash == e.hash && x.key == e.key && x.owner == e.owner { return false }
            i = (i + 1) & mask
        }
        precondition(count < table.count / 2 && count < Int(Int32.max), "a slot table holds at most its capacity")
        table[i] = e
        return true
    }

    /// Inserts every key (packed, with its id's number), in order, into an
    /// empty table reserved for them; returns the positions of those added
    /// (a key already there is not), whose slots are numbered in that order,
    /// as ``insert(_:owner:)`` one by one would.
    ///
    /// The keys go in grouped by the top bits of their hash, so that the
    /// table is written region after region instead of at a random bucket
    /// each (a cache miss per key in a year's 4 MB table).
    mutating func insertAll(_ keys: [(key: PackedKey, owner: Int32)]) -> [Int32] {
        precondition(count == 0, "insertAll fills an empty table")
        let entries = keys.indices.map { k in
            SlotEntry(hash: Self.hash(nameHashes[Int(keys[k].owner)], keys[k].key), key: keys[k].key, owner: keys[k].owner, slot: Int32(k))
        }
        var kept = [Bool](repeating: false, count: keys.count)
        // Until renumbered below, an entry's slot is its key's position.
        for e in _grouped(entries, bits: min(10, table.count.trailingZeroBitCount), hash: { $0.hash }).items where place(e) {
            kept[Int(e.slot)] = true
            count += 1
        }
        var number = [Int32](repeating: -1, count: keys.count), added: [Int32] = []
        added.reserveCapacity(count)
        for k in kept.indices where kept[k] {
            number[k] = Int32(added.count)
            added.append(Int32(k))
        }
        for i in table.indices where table[i].slot >= 0 {
            let e = table[i]
            table[i] = SlotEntry(hash: e.hash, key: e.key, owner: e.owner, slot: number[Int(e.slot)])
        }
        return added
    }

    /// A series id's bytes, eight at a time, each mixed in with a multiplication.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var h = seed ^ UInt64(bytes.count)
        guard let base = bytes.baseAddress else { return h }
        let p = UnsafeRawPointer(base)
        var i = 0
        while i + 8 <= bytes.count {
            h = mix(h, p.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            i += 8
        }
        var tail: UInt64 = 0
        while i < bytes.count {
            tail = tail << 8 | UInt64(base[i])
            i += 1
        }
        return mix(h, tail)
    }

    /// A key's hash: its id's, then its two words; a last mix spreads the
    /// bits over the index.
    static func hash(_ idHash: UInt64, _ w: PackedKey) -> UInt64 {
        var h = mix(mix(idHash, w.day), w.recurrence)
        h ^= h >> 29
        h = h &* 0xBF58_476D_1CE4_E5B9
        h ^= h >> 32
        return h
    }

    @inline(__always)
    static func mix(_ h: UInt64, _ x: UInt64) -> UInt64 {
        let m = (h ^ x) &* 0x9E37_79B9_7F4A_7C15
        return m ^ (m >> 32)
    }
}

/// One bucket of a ``SlotTable``: its key's hash, the key less its
/// series id, the id's number, the slot's number (`-1`: empty).
struct SlotEntry {
    let hash: UInt64
    let key: PackedKey
    let owner: Int32
    let slot: Int32

    static let empty = SlotEntry(hash: 0, key: PackedKey(day: 0, recurrence: 0), owner: 0, slot: -1)
}

/// A day key less its series id, in two words: equal exactly when the
/// dates and recurrence ids are equal.
struct PackedKey: Equatable {
    /// The date's number.
    let day: UInt64
    /// The recurrence id: its date's number, whether it has a time, whether
    /// it is a repeat, and the time's seconds.
    let recurrence: UInt64

    init(day: UInt64, recurrence: UInt64) {
        self.day = day
        self.recurrence = recurrence
    }

    init(date: CivilDate, recurrenceID r: RecurrenceID) {
        day = UInt64(bitPattern: Int64(date.daysSinceEpoch))
        var packed = Int64(r.date.daysSinceEpoch) << 20
        if let t = r.time { packed |= 1 << 19 | Int64(t.hour * 3_600 + t.minute * 60 + t.second) }
        if r.isRepeat { packed |= 1 << 18 }
        recurrence = UInt64(bitPattern: packed)
    }
}

/// An occurrence as a ``SlotTable`` numbers it: its series id's number and
/// its packed recurrence id.
struct OccurrenceID: Equatable {
    let owner: Int32
    let recurrence: UInt64
}

/// The series ids of a ``SlotTable`` by their bytes: an open-addressing
/// table of a few kilobytes (two buckets per id), so that a record's id is
/// numbered with its hash and one comparison of bytes, in the cache.
struct IDNumbers {
    /// Numbers plus one (0: empty), a power of two of them.
    private var buckets: [Int32]
    private let mask: Int
    private let names: [String]
    private let hashes: [UInt64]

    init(names: [String], hashes: [UInt64]) {
        var size = 16
        while size < 2 * names.count { size <<= 1 }
        buckets = [Int32](repeating: 0, count: size)
        mask = size - 1
        self.names = names
        self.hashes = hashes
        for n in names.indices {
            var i = Int(truncatingIfNeeded: hashes[n]) & mask
            while buckets[i] != 0 { i = (i + 1) & mask }
            buckets[i] = Int32(n + 1)
        }
    }

    /// The number of the id whose UTF-8 bytes are `bytes`, and its hash.
    func number(of bytes: UnsafeBufferPointer<UInt8>) -> (number: Int32, hash: UInt64)? {
        let h = SlotTable.hash(bytes)
        var i = Int(truncatingIfNeeded: h) & mask
        while buckets[i] != 0 {
            let n = Int(buckets[i] - 1)
            if hashes[n] == h, names[n].utf8.withContiguousStorageIfAvailable({ _sameBytes($0, bytes) }) ?? false {
                return (Int32(n), h)
            }
            i = (i + 1) & mask
        }
        return nil
    }
}

/// `items` grouped by the top `bits` bits of their hash, each group in the
/// items' order (a counting sort): group `g` is `items[starts[g]..<starts[g + 1]]`.
func _grouped<T>(_ items: [T], bits: Int, hash: (T) -> UInt64) -> (items: [T], starts: [Int]) {
    let groups = 1 << bits, shift = UInt64(64 - bits)
    func group(_ x: T) -> Int { bits == 0 ? 0 : Int(hash(x) >> shift) }
    var starts = [Int](repeating: 0, count: groups + 1)
    for x in items { starts[group(x) + 1] += 1 }
    for g in 0..<groups { starts[g + 1] += starts[g] }
    guard let first = items.first else { return ([], starts) }
    var out = [T](repeating: first, count: items.count)
    var next = starts
    for x in items {
        let g = group(x)
        out[next[g]] = x
        next[g] += 1
    }
    return (out, starts)
}

/// Sorts `keys`, whose values are below 2^`bits`, by their bits 11 at a
/// time from the lowest (a least-significant-digit radix sort): a few
/// sequential passes, where a comparison sort of a year's 57,671 expected
/// days took about 16 comparisons each.
func radixSort(_ keys: inout [UInt64], bits: Int) {
    guard keys.count > 1 else { return }
    var other = keys
    var shift: UInt64 = 0
    var counts = [Int](repeating: 0, count: 2049)
    while shift < UInt64(max(bits, 1)) {
        for k in 0..<counts.count { counts[k] = 0 }
        for x in keys { counts[Int((x >> shift) & 2047) + 1] += 1 }
        for k in 0..<2048 { counts[k + 1] += counts[k] }
        for x in keys {
            let d = Int((x >> shift) & 2047)
            other[counts[d]] = x
            counts[d] += 1
        }
        swap(&keys, &other)
        shift += 11
    }
}
