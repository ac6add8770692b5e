import Almanac

extension Review {
    /// Reviews `period` for a viewer: the expected days of `series` joined
    /// with `records` (see the type for the rules).
    ///
    /// ```swift
    /// let review = try Review(of: .month(2023, 11), viewer: berlin, series: series, records: log.records)
    /// // After an edit of a series, carry the old records to the new keys:
    /// let moved = try Rekeying.dayKeys(old: before, new: after, seriesID: "sync", window: november, viewer: berlin)
    /// let again = try Review(of: .month(2023, 11), viewer: berlin, series: edited, records: log.records, rekeying: moved)
    /// again.orphans.filter { $0.reason == .removedByEdit }   // the days the edit removed
    /// ```
    ///
    /// `rekeying` maps old keys to new ones before the join; its
    /// `RekeyResult/orphaned` keys come back as orphans with the reason
    /// ``Orphan/Reason/removedByEdit`` (when their date lies in the
    /// period). Two expected days with one key (two series with one id)
    /// count once.
    ///
    /// - Throws: `AlmanacError` when a series cannot be expanded.
    /// - Complexity: O(slices log slices) for the expected days (expanded
    ///   once, sorted), then O(1) expected per record, with no allocation
    ///   per record beyond the orphans.
    public init(of period: Period, viewer: Zone, series: [ReviewSeries], records: some Sequence<DayRecord>,
                rekeying: RekeyResult<DayKey>? = nil) throws(AlmanacError) {
        var join = try ReviewJoin(period: period, viewer: viewer, series: series)
        join.setRekeying(rekeying)
        // An array's records through its buffer: the generic `for in` of a
        // `some Sequence` not specialized here allocated once per record
        // (the element read through Array's generic accessor).
        let joined: Void? = records.withContiguousStorageIfAvailable { buffer in
            if rekeying == nil { return join.takeAll(buffer) }
            join.winners.reserveCapacity(min(buffer.count, join.slots.count))
            for r in buffer { join.take(r) }
        }
        if joined == nil {
            join.winners.reserveCapacity(min(records.underestimatedCount, join.slots.count))
            for r in records { join.take(r) }
        }
        self.init(join: join, series: series)
    }

    /// The review from a finished join: tallies, events, streaks, orphans.
    init(join: ReviewJoin, series: [ReviewSeries]) {
        period = join.period
        viewer = join.viewer
        var perSeries = [Tally](repeating: Tally(), count: series.count)
        var days = [Tally](repeating: Tally(), count: period.dayCount)
        var weekdays = [Tally](repeating: Tally(), count: 7)
        var hours = [Tally](repeating: Tally(), count: 24)
        var allDay = Tally(), totals = Tally()
        var entries: [Entry] = []
        entries.reserveCapacity(join.slots.count)
        let first = period.firstDay.daysSinceEpoch
        for (i, at) in join.slots.enumerated() {
            let slot = join.expected[Int(at)]
            let record = join.best[i].winner < 0 ? nil : join.winners[Int(join.best[i].winner)]!
            let mark = record?.mark
            let s = slot.slice
            totals.add(mark)
            perSeries[Int(slot.series)].add(mark)
            days[s.date.daysSinceEpoch - first].add(mark)
            weekdays[s.date.weekday.rawValue - 1].add(mark)
            if s.isAllDay {
                allDay.add(mark)
            } else {
                let local = s.start.secondsSinceEpoch + Int64(viewer.offset(at: s.start).seconds)
                hours[Int(((local % 86_400) + 86_400) % 86_400 / 3_600)].add(mark)
            }
            entries.append(Entry(key: slot.key(series), slice: s, record: record))
        }
        self.entries = entries
        self.totals = totals
        self.weekdays = weekdays
        self.hours = hours
        self.allDay = allDay
        self.days = period.dates.enumerated().map { DaySummary(date: $1, tally: days[$0]) }
        events = series.indices.filter { perSeries[$0].expected > 0 }
            .map { EventSummary(id: series[$0].id, title: series[$0].title ?? series[$0].id, tally: perSeries[$0]) }
            .sorted(by: Review.eventOrder)
        streaks = Review.streaks(self.days)
        // Each orphan's text once, not twice per comparison.
        orphans = join.orphans.map { ($0, $0.key.description) }
            .sorted { ($0.0.key.date, $0.1) < ($1.0.key.date, $1.1) }.map(\.0)
    }

    /// Partly completed first, then by title, then by id.
    static func eventOrder(_ a: EventSummary, _ b: EventSummary) -> Bool {
        let pa = a.tally.isPartlyComplete, pb = b.tally.isPartlyComplete
        if pa != pb { return pa }
        if a.title != b.title { return a.title < b.title }
        return a.id < b.id
    }

    /// The streaks of a run of days (see ``Streaks``).
    static func streaks(_ days: [DaySummary]) -> Streaks {
        var longest = 0, end: CivilDate?, run = 0
        for d in days {
            run = d.tally.done + d.tally.partial > 0 ? run + 1 : 0
            if run > 0 && run >= longest {
                longest = run
                end = d.date
            }
        }
        return Streaks(longest: longest, longestEnd: end, current: run)
    }
}

/// The join's working state: expected days sorted and indexed by key (see
/// ``SlotTable``), the winning record of each, the orphans. ``Review``
/// builds it.
struct ReviewJoin {
    /// An expected day: its slice, the recurrence id of its key and its
    /// series' position. No reference: the join sorts, gathers and drops
    /// tens of thousands of them without retaining or releasing (the key's
    /// series id is the series', see ``key(_:)``).
    struct Slot {
        var recurrence: RecurrenceID
        var slice: DaySlice
        var series: Int32

        /// The day key, whose series id is its series' id.
        func key(_ series: [ReviewSeries]) -> DayKey {
            DayKey(occurrence: OccurrenceKey(seriesID: series[Int(self.series)].id, recurrenceID: recurrence), date: slice.date)
        }
    }

    let period: Period
    let viewer: Zone
    let first: Int, last: Int
    /// Every expected day, in the review's order (see ``sorted(_:)``).
    var expected: [Slot] = []
    /// The expected days in the review's order, each key once: positions in `expected`.
    var slots: [Int32] = []
    /// The slot of each expected day key.
    var index = SlotTable()
    /// The winning record of each slot: a position in `winners` (`-1`:
    /// none) and its time, side by side, so that a record meets its rival's
    /// time where it finds its slot (`winners`, in the order records came,
    /// is read only to be written).
    var best: [(winner: Int32, at: Timestamp)] = []
    var winners: [DayRecord?] = []
    /// The occurrences of the period's days, built at the first orphan.
    var occurrences: OccurrenceSet? = nil
    var mapping: [DayKey: DayKey] = [:]
    var orphanedByEdit: Set<DayKey> = []
    var orphans: [Review.Orphan] = []
    var orphanIndex: [DayKey: Int] = [:]

    init(period: Period, viewer: Zone, series: [ReviewSeries]) throws(AlmanacError) {
        self.period = period
        self.viewer = viewer
        first = period.firstDay.daysSinceEpoch
        last = period.lastDay.daysSinceEpoch
        var found: [Slot] = []
        // Room for a slice per series per day, at most 2^20 slots: grown by
        // doubling, the array would be allocated, copied and faulted in about
        // twice over; a reserve larger than needed costs address space only
        // (pages are touched when written).
        found.reserveCapacity(min(series.count * period.dayCount, 1 << 20))
        var owners: [Int32] = []
        owners.reserveCapacity(series.count)
        index.reserveIDs(series.count)
        for (i, s) in series.enumerated() {
            owners.append(index.number(of: s.id))
            try s.forEachSlice(in: period, viewer: viewer) { key, slice in
                found.append(Slot(recurrence: key.occurrence.recurrenceID, slice: slice, series: Int32(i)))
            }
        }
        // Gathered into the review's order once: the table's inserts and
        // the tallies then read the slots in sequence (read in sorted order
        // where they lay, each read was a cache miss, twice over).
        var inOrder: [Slot] = []
        inOrder.reserveCapacity(found.count)
        for at in Self.sorted(found) { inOrder.append(found[Int(at)]) }
        found = []
        index.reserve(inOrder.count)
        slots = index.insertAll(inOrder.map { (PackedKey(date: $0.slice.date, recurrenceID: $0.recurrence), owners[Int($0.series)]) })
        expected = inOrder
        best = Array(repeating: (winner: -1, at: Timestamp.min), count: slots.count)
    }

    /// The found slots in the join's order (date, start, series, then as
    /// found; the position grows with the series, so it breaks both ties),
    /// as positions in `found`. The three packed in one word when they fit
    /// (a year of slices fits with room to spare): one integer comparison
    /// per step of the sort.
    static func sorted(_ found: [Slot]) -> [Int32] {
        // Each slot's date and start read in place (a slot read whole is
        // copied with its references): their ranges, then the keys.
        found.withUnsafeBufferPointer { b -> [Int32] in
            guard let p = b.baseAddress, !b.isEmpty else { return [] }
            func day(_ i: Int) -> Int { p[i].slice.date.daysSinceEpoch }
            func start(_ i: Int) -> Int64 { p[i].slice.start.secondsSinceEpoch }
            var (d0, d1, lo, hi) = (Int.max, Int.min, Int64.max, Int64.min)
            for i in 0..<b.count {
                (d0, d1) = (min(d0, day(i)), max(d1, day(i)))
                (lo, hi) = (min(lo, start(i)), max(hi, start(i)))
            }
            func bits(_ n: UInt64) -> Int { UInt64.bitWidth - n.leadingZeroBitCount }
            let (dayBits, startBits, atBits) = (bits(UInt64(d1 - d0)), bits(UInt64(hi &- lo)), bits(UInt64(b.count)))
            guard hi &- lo >= 0, dayBits + startBits + atBits <= 64 else {
                return (0..<b.count).sorted { x, y in (day(x), start(x), x) < (day(y), start(y), y) }.map { Int32($0) }
            }
            var keys = (0..<b.count).map { at in
                UInt64(day(at) - d0) << (startBits + atBits) | UInt64(start(at) - lo) << atBits | UInt64(at)
            }
            radixSort(&keys, bits: dayBits + startBits + atBits)
            let mask: UInt64 = atBits == 64 ? .max : (1 << atBits) - 1
            return keys.map { Int32(truncatingIfNeeded: $0 & mask) }
        }
    }

    /// The slot of a key, if the period expects it.
    func slot(of key: DayKey) -> Int? { index.slot(of: key) }

    mutating func setRekeying(_ r: RekeyResult<DayKey>?) {
        guard let r else { return }
        mapping = r.mapping
        orphanedByEdit = Set(r.orphaned)
    }

    /// Joins one record: the latest for its key wins; no match makes an orphan.
    mutating func take(_ record: DayRecord) {
        // No edit to carry the key through: the record's own key, uncopied.
        if orphanedByEdit.isEmpty && mapping.isEmpty { return place(record, at: record.key, moved: false) }
        let key = record.key
        if orphanedByEdit.contains(key) {
            if contains(key.date) { orphan(record, key, .removedByEdit) }
            return
        }
        if let k = mapping[key], k != key { return place(record, at: k, moved: true) }
        place(record, at: key, moved: false)
    }

    /// Joins a record at `key` (its own, or the one an edit carried it to).
    private mutating func place(_ record: DayRecord, at key: DayKey, moved: Bool) {
        guard contains(key.date) else { return }
        guard let slot = slot(of: key) else { return orphan(record, key, reason(key)) }
        let (w, at) = best[slot]
        if w >= 0 && at > record.recordedAt { return }
        var r = record
        if moved { r.key = key }
        if w >= 0 {
            winners[Int(w)] = r
            best[slot].at = record.recordedAt
        } else {
            best[slot] = (Int32(winners.count), record.recordedAt)
            winners.append(r)
        }
    }

    func contains(_ date: CivilDate) -> Bool {
        let d = date.daysSinceEpoch
        return d >= first && d <= last
    }

    mutating func reason(_ key: DayKey) -> Review.Orphan.Reason {
        guard let o = index.occurrence(of: key) else { return .unknownSeries }
        if occurrences == nil { occurrences = index.occurrences() }
        return occurrences!.contains(o) ? .dayNotInOccurrence : .noSuchOccurrence
    }

    /// Keeps the latest orphan record of each key.
    mutating func orphan(_ record: DayRecord, _ key: DayKey, _ reason: Review.Orphan.Reason) {
        let o = Review.Orphan(record: record, key: key, reason: reason)
        if let i = orphanIndex[key] {
            if orphans[i].record.recordedAt <= record.recordedAt { orphans[i] = o }
        } else {
            orphanIndex[key] = orphans.count
            orphans.append(o)
        }
    }
}
