import Almanac

/// A record as the grouped join reads it: its key's hash and packed key,
/// its id's number, its time and its position among the records.
struct _Probe {
    let hash: UInt64
    let key: _PackedKey
    let at: Timestamp
    let owner: Int32
    let index: Int32
}

extension ReviewJoin {
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
        let ids = index.idNumbers()
        var probes: [_Probe] = []
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
            let key = _PackedKey(date: date, recurrenceID: records[i].key.occurrence.recurrenceID)
            probes.append(_Probe(hash: _SlotTable.hash(idHash, key), key: key, at: records[i].recordedAt, owner: owner,
                                 index: Int32(i)))
        }
        // About a hundred keys per group.
        var bits = 0
        while bits < 20 && (index.count >> bits) > 128 { bits += 1 }
        let (entries, starts) = index.grouped(bits: bits)
        let (grouped, probeStarts) = _grouped(probes, bits: bits) { $0.hash }
        probes = []
        var local: [Int32] = []
        for g in 0..<(1 << bits) {
            let (e0, e1) = (starts[g], starts[g + 1])
            var size = 8
            while size < 2 * (e1 - e0) { size <<= 1 }
            local.removeAll(keepingCapacity: true)
            local.append(contentsOf: repeatElement(0, count: size))
            let mask = size - 1
            for k in e0..<e1 {
                var i = Int(truncatingIfNeeded: entries[k].hash) & mask
                while local[i] != 0 { i = (i + 1) & mask }
                local[i] = Int32(k + 1)
            }
            for p in probeStarts[g]..<probeStarts[g + 1] {
                let probe = grouped[p]
                var i = Int(truncatingIfNeeded: probe.hash) & mask, slot = -1
                while local[i] != 0 {
                    let e = entries[Int(local[i]) - 1]
                    if e.hash == probe.hash && e.key == probe.key && e.owner == probe.owner {
                        slot = Int(e.slot)
                        break
                    }
                    i = (i + 1) & mask
                }
                guard slot >= 0 else {
                    let r = Int(probe.index)
                    orphan(records[r], records[r].key, reason(records[r].key))
                    continue
                }
                // Until the winners are copied below, `winner` is the record's position.
                if best[slot].winner < 0 || probe.at >= best[slot].at { best[slot] = (probe.index, probe.at) }
            }
        }
        // The winners, copied once each, in the review's order.
        for s in best.indices where best[s].winner >= 0 {
            winners.append(records[Int(best[s].winner)])
            best[s].winner = Int32(winners.count - 1)
        }
    }
}
