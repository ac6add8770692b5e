import Almanac
import AlmanacTestSupport
import Testing
@testable import AlmanacReview

/// The review's key table must find exactly the keys a `Dictionary<DayKey, _>`
/// finds: equal day keys (ids compared by their bytes, as `OccurrenceKey`
/// does) and no other.
@Suite struct SlotTableTests {
    static let ids = ["standup", "trip-\u{E9}", "trip-e\u{301}", String(repeating: "x", count: 37), "", "a"]

    static func key(_ rng: inout SplitMix64) -> DayKey {
        let id = ids[Int(rng.next() % UInt64(ids.count))]
        let date = CivilDate(daysSinceEpoch: 19_800 + Int(rng.next() % 6))!
        let rid: RecurrenceID
        switch rng.next() % 3 {
        case 0: rid = RecurrenceID(date: date)
        case 1: rid = try! RecurrenceID(date.at(Int(rng.next() % 3), 30))
        default: rid = try! RecurrenceID(date.at(Int(rng.next() % 3), 30), isRepeat: true)
        }
        let day = try! rng.next() % 4 == 0 ? date.adding(days: 1) : date
        return DayKey(occurrence: OccurrenceKey(seriesID: id, recurrenceID: rid), date: day)
    }

    @Test(arguments: 0..<20) func findsWhatADictionaryFinds(seed: UInt64) {
        var rng = SplitMix64(seed: 0x5107 ^ seed)
        var table = SlotTable()
        var reference: [DayKey: Int] = [:]
        var inserted: [DayKey] = []
        for _ in 0..<120 { inserted.append(Self.key(&rng)) }
        table.reserve(inserted.count)
        for k in inserted {
            // The id's text is made anew, as records read from a file are.
            let owner = table.number(of: String(decoding: Array(k.seriesID.utf8), as: UTF8.self))
            let added = table.insert(k, owner: owner)
            #expect(added == (reference[k] == nil), "\(k)")
            if reference[k] == nil { reference[k] = reference.count }
        }
        for _ in 0..<400 {
            let k = Self.key(&rng)
            #expect(table.slot(of: k) == reference[k], "\(k)")
        }
        // NFC and NFD ids are different keys (by bytes), though equal as Swift strings.
        #expect("trip-\u{E9}" == "trip-e\u{301}")
    }

    /// The occurrence set behind an orphan's reason holds exactly what a
    /// `Set` holds, past its first capacity too.
    @Test(arguments: 0..<5) func occurrenceSetHoldsWhatASetHolds(seed: UInt64) {
        var rng = SplitMix64(seed: 0x0CC ^ seed)
        var set = OccurrenceSet(capacity: 8)
        var reference: Set<[UInt64]> = []
        func draw() -> OccurrenceID {
            OccurrenceID(owner: Int32(rng.next() % 7), recurrence: rng.next() % 64 << 20)
        }
        for _ in 0..<200 {
            let o = draw()
            set.insert(o)
            reference.insert([UInt64(o.owner), o.recurrence])
        }
        for _ in 0..<400 {
            let o = draw()
            #expect(set.contains(o) == reference.contains([UInt64(o.owner), o.recurrence]), "\(o)")
        }
    }

    /// The review's radix sort sorts as `sorted()` does, for every width of key.
    @Test(arguments: [0, 1, 10, 11, 12, 33, 50, 64]) func radixSortSorts(bits: Int) {
        var rng = SplitMix64(seed: 0x4AD1 ^ UInt64(bits))
        for count in [0, 1, 2, 3, 100, 5_000] {
            var keys = (0..<count).map { _ in bits == 0 ? 0 : rng.next() >> UInt64(64 - bits) }
            let expected = keys.sorted()
            radixSort(&keys, bits: bits)
            #expect(keys == expected)
        }
    }

    /// Keys inserted all at once (grouped by their hash) get the slots one
    /// by one insertion gives: the first of equal keys wins, in order.
    @Test(arguments: 0..<5) func insertAllNumbersAsInsertDoes(seed: UInt64) {
        var rng = SplitMix64(seed: 0xA11 ^ seed)
        let keys = (0..<300).map { _ in Self.key(&rng) }
        var one = SlotTable(), all = SlotTable()
        let owners = keys.map { one.number(of: $0.seriesID) }
        for k in keys { _ = all.number(of: k.seriesID) }
        one.reserve(keys.count)
        all.reserve(keys.count)
        let added = keys.indices.filter { one.insert(keys[$0], owner: owners[$0]) }.map { Int32($0) }
        let packed = keys.indices.map { (PackedKey(date: keys[$0].date, recurrenceID: keys[$0].occurrence.recurrenceID), owners[$0]) }
        #expect(all.insertAll(packed) == added)
        for k in keys { #expect(all.slot(of: k) == one.slot(of: k)) }
    }
}
