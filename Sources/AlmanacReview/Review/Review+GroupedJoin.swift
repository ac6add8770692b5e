import Almanac

/// A record as the grouped join reads it: its key's hash and packed key,
/// its id's number, its time and its position among the records.
struct Probe {
    let hash: UInt64
    let key: PackedKey
    let at: Timestamp
    let owner: Int32
    let index: Int32
}

extension ReviewJoin {
    /// The records dated in the period whose id is a series', as probes
    /// (in the records' order); the others dated there are orphans.
    private mutating func probes(_ records: UnsafeBufferPointer<DayRecord>) -> [Probe] {
        let ids = index.idNumbers()
        var probes: [Probe] = []
        probes.reserveCapacity(records.count)
        for i in records.indices {
            let date = records[i].key.date
            guard contains(date) else { continue }
            var found = records[i].key.seriesID.utf8.withContiguousStorageIfAvailable { ids.number(of: $0) }
            if found == nil {
                var id = records[i].key.seriesID   // not contiguous (bridged): made native
                id.makeContiguousUTF8()
                found = id.withUTF8 { ids.number(of: $0) }
            }
            guard let (owner, idHash) = found ?? nil else {
                orphan(records[i], records[i].key, reason(records[i].key))
                continue
            }
            let key = PackedKey(date: date, recurrenceID: records[i].key.occurrence.recurrenceID)
            probes.append(Probe(hash: SlotTable.hash(idHash, key), key: key, at: records[i].recordedAt, owner: owner,
                                 index: Int32(i)))
        }
        return probes
    }

    /// Joins an array of records, when no edit carries keys (the same
    /// result as ``take(_:)`` for each record in turn).
    ///
    /// One lookup per record in a table of a year's expected days (4 MB)
    /// and in the winners beside it costs two cache misses each; here the
    /// records and the table's keys are grouped by the top bits of their
    /// hash instead (two sequential passes), and each group of records is
    /// joined against its group of keys in a table of a few hundred bytes.
    /// Within a group the records keep their order, so the latest (ties: the
    /// later) record of each key wins, as in ``take(_:)``; a key's records
    /// are all in one group, so an orphan key keeps its latest record too.
    mutating func takeAll(_ records: UnsafeBufferPointer<DayRecord>) {
        var probes = probes(records)
        guard !probes.isEmpty else { return }
        // About a hundred keys per group.
        var bits = 0
        while bits < 20 && (index.count >> bits) > 128 { bits += 1 }
        let (entries, starts) = index.grouped(bits: bits)
        let (grouped, probeStarts) = _grouped(probes, bits: bits) { $0.hash }
        probes = []
        var local: [Int32] = [], localBest: [(index: Int32, at: Timestamp)] = []
        // Each winning record's slot (`-1`: none), by the record's position.
        var slotOf = [Int32](repeating: -1, count: records.count)
        for g in 0..<(1 << bits) {
            let (e0, e1) = (starts[g], starts[g + 1])
            var size = 8
            while size < 2 * (e1 - e0) { size <<= 1 }
            local.removeAll(keepingCapacity: true)
            local.append(contentsOf: repeatElement(0, count: size))
            localBest.removeAll(keepingCapacity: true)
            localBest.append(contentsOf: repeatElement((-1, .min), count: e1 - e0))
            let mask = size - 1
            for k in e0..<e1 {
                var i = Int(truncatingIfNeeded: entries[k].hash) & mask
                while local[i] != 0 { i = (i + 1) & mask }
                local[i] = Int32(k - e0 + 1)
            }
            for p in probeStarts[g]..<probeStarts[g + 1] {
                let probe = grouped[p]
                var i = Int(truncatingIfNeeded: probe.hash) & mask, found = -1
                while local[i] != 0 {
                    let j = Int(local[i]) - 1, e = entries[e0 + j]
                    if e.hash == probe.hash && e.key == probe.key && e.owner == probe.owner {
                        found = j
                        break
                    }
                    i = (i + 1) & mask
                }
                guard found >= 0 else {
                    let r = Int(probe.index)
                    orphan(records[r], records[r].key, reason(records[r].key))
                    continue
                }
                if localBest[found].index < 0 || probe.at >= localBest[found].at { localBest[found] = (probe.index, probe.at) }
            }
            for j in localBest.indices where localBest[j].index >= 0 {
                let slot = Int(entries[e0 + j].slot)
                slotOf[Int(localBest[j].index)] = Int32(slot)
                best[slot] = (Int32(slot), localBest[j].at)
            }
        }
        // The winners, copied once each into their slot's place, the
        // records read in order (read in the slots' order, each was a
        // cache miss); `best[slot].winner` is then `slot`. Each is written
        // over the `nil` there without reading it first (an assignment
        // reads the old value to release it: a load that waited for
        // memory at each winner), which leaks nothing: `nil` holds no reference.
        winners = Array(unsafeUninitializedCapacity: slots.count) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            buffer.initialize(repeating: nil)
            for i in records.indices where slotOf[i] >= 0 { (base + Int(slotOf[i])).initialize(to: records[i]) }
            initialized = buffer.count
        }
    }
}
