import Almanac
import AlmanacCalendar
import AlmanacReview
import AlmanacStore
import AlmanacTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Random edit sequences applied as snapshots (issue 27's property test):
/// after each, every window query from the store equals a fresh expansion
/// of the snapshot, and every record ever marked is stored once, at a key
/// of the new calendar or as an orphan.
@Suite struct StorePropertyTests {
    static let seeds: UInt64 = getenv("ALMANAC_STORE_SEEDS").flatMap { UInt64(String(cString: $0)) } ?? 6
    /// 2024-2025: where the generated series and the marked days lie.
    static let years = Timestamp(secondsSinceEpoch: 1_704_067_200)..<Timestamp(secondsSinceEpoch: 1_767_225_600)
    /// The index's horizon: the two years, or (odd seeds) 2024-06-01 ..< 2025-03-01, so that
    /// some windows and some records lie outside it.
    static func horizon(seed: UInt64) -> Range<Timestamp> {
        seed % 2 == 0 ? years : Timestamp(secondsSinceEpoch: 1_717_200_000)..<Timestamp(secondsSinceEpoch: 1_740_787_200)
    }
    static let viewers = ["UTC", "Europe/Paris", "Asia/Tokyo", "America/New_York", "Pacific/Kiritimati"]

    @Test(arguments: StoreBackends.all)
    func indexEqualsExpansionAndNoRecordIsLost(backend: String) async throws {
        for seed in 1...Self.seeds {
            let store = try await StoreBackends.open(backend)
            try await run(seed: seed, store: store)
            await store.close()
        }
    }

    func run(seed: UInt64, store: CalendarStore) async throws {
        var cal = EditedCalendar(seed: seed, count: 5)
        var rng = SplitMix64(seed: seed &* 7919)
        let zone = try Zone(rng.chance(0.5) ? "Europe/Paris" : "UTC")
        var marked: [String: DayRecord] = [:]   // note -> record as marked
        var noteNumber = 0
        for step in 0..<12 {
            let what = step == 0 ? "first" : cal.edit { s in Self.recurrenceIDs(s) }
            let snapshot = try EventCalendar(ics: cal.text)
            // Every other snapshot is compared by digests only, as a new process would.
            if rng.chance(0.5) { store.forgetSnapshots() }
            try await store.apply(snapshot, to: "cal", options: ApplyOptions(zoneID: zone.identifier, horizon: Self.horizon(seed: seed)))
            let context = "seed \(seed) step \(step) (\(what))"
            // The whole horizon (every index row), then days, weeks and
            // months, some across its edges (answered by expansion).
            for q in 0..<5 {
                let viewer = try Zone(rng.pick(Self.viewers))
                let from = Int64(rng.int(-40...760)) * 86_400 + 1_704_067_200 + Int64(rng.int(0...23)) * 3600
                let window = q == 0 ? Self.horizon(seed: seed)
                    : Timestamp(secondsSinceEpoch: from)..<Timestamp(secondsSinceEpoch: from + Int64(rng.pick([1, 7, 31])) * 86_400)
                let stored = try await store.instances(of: ["cal"], overlapping: window, viewer: viewer).map(Self.line)
                let fresh = snapshot.occurrences(overlapping: window, viewer: viewer).map { o in
                    Self.line(StoredInstance(calendarID: "cal", key: o.key, occurrence: o.occurrence,
                                             instants: o.occurrence.instants(in: viewer), title: o.title, status: o.status))
                }
                #expect(stored.sorted() == fresh.sorted(), "\(context): window \(window) in \(viewer)")
            }
            try await checkRecords(store, snapshot: snapshot, zone: zone, marked: marked, context: context)
            // Mark a few days that have no record yet.
            let slices = snapshot.daySlices(overlapping: Self.years, viewer: zone)
            var taken = Set(try await store.records(of: ["cal"]).map(\.record.key))
            for _ in 0..<3 where !slices.isEmpty {
                let key = rng.pick(slices).key
                guard taken.insert(key).inserted else { continue }
                noteNumber += 1
                let r = DayRecord(key: key, mark: .done, note: "n\(noteNumber)", recordedAt: Timestamp(secondsSinceEpoch: 1_700_000_000 + Int64(noteNumber)))
                try await store.mark(r, calendar: "cal")
                marked["n\(noteNumber)"] = r
            }
        }
    }

    /// Every record marked is stored once (by its note); one that is not an
    /// orphan is at a day key of the snapshot.
    func checkRecords(_ store: CalendarStore, snapshot: EventCalendar, zone: Zone, marked: [String: DayRecord], context: String) async throws {
        let stored = try await store.records(of: ["cal"])
        let keys = Set(snapshot.daySlices(overlapping: Self.years, viewer: zone).map(\.key))
        var byNote: [String: Int] = [:]
        for r in stored { byNote[r.record.note ?? "", default: 0] += 1 }
        #expect(byNote.count == marked.count && byNote.values.allSatisfy { $0 == 1 }, "\(context): \(byNote.count) of \(marked.count) records")
        for r in stored where r.orphanedAt == nil {
            #expect(keys.contains(r.record.key), "\(context): record \(r.record.note ?? "") at \(r.record.key), not a day of the snapshot")
            #expect(r.record.mark == marked[r.record.note ?? ""]?.mark)
        }
    }

    static func line(_ i: StoredInstance) -> String {
        "\(i.key) \(i.instants) \(i.title ?? "-") \(i.status?.rawValue ?? "-")"
    }

    /// The recurrence ids (local seconds) of a series' first instances, without its overrides.
    static func recurrenceIDs(_ s: EditedCalendar.Series) -> [Int64] {
        let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\n" + EditedCalendar.text(s, overrides: false) + "END:VCALENDAR\r\n"
        guard let c = try? EventCalendar(ics: text) else { return [] }
        return Array(c.occurrences(overlapping: years, viewer: .utc).prefix(20).map { $0.occurrence.recurrenceID.dateTime.localSeconds })
    }
}
