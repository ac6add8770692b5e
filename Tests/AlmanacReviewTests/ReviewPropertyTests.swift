import Almanac
import AlmanacReview
import AlmanacTestSupport
import Testing

/// Seeded random series, records and periods (SplitMix64): the review's
/// sums, its additivity over days, its join against a brute-force one, and
/// rekeying.
@Suite struct ReviewPropertyTests {
    static let zones = ["Europe/Berlin", "America/New_York", "Asia/Tokyo", "UTC"].map { try! Zone($0) }

    /// 1-4 series: daily, weekly or monthly, timed (15 min to 3 days) or all day.
    static func series(_ g: inout SplitMix64) -> [ReviewSeries] {
        try! (0..<g.int(1...4)).map { i in
            let zone = g.pick(zones)
            let allDay = g.chance(0.25)
            let day = try CivilDate(2024, 1, g.int(1...28))
            let start: Anchor = try allDay ? .date(day) : .zoned(day.at(g.int(0...23), g.pick([0, 30])), zone)
            let rule = try! RecurrenceRule(g.pick(["FREQ=DAILY", "FREQ=DAILY;INTERVAL=3", "FREQ=WEEKLY;BYDAY=MO,TH", "FREQ=MONTHLY"]))
            let length: RecurrenceSet.Length = allDay ? .duration(EventDuration(seconds: 86_400 * g.int(1...2)))
                : .duration(EventDuration(seconds: g.pick([900, 3_600, 30_000, 3 * 86_400])))
            return ReviewSeries(id: "s\(i)", title: "Series \(g.int(0...3))", set: RecurrenceSet(start: start, rules: [rule], length: length))
        }
    }

    /// Records for about half the expected keys of `keys` (some twice), plus orphans and strays.
    static func records(_ g: inout SplitMix64, keys: [DayKey]) -> [DayRecord] {
        var out: [DayRecord] = []
        func mark() -> DayRecord.Mark { g.pick([.done, .skipped, .partial(fraction: nil), .partial(fraction: Double(g.int(0...4)) / 4)]) }
        func time() -> Timestamp { Timestamp(secondsSinceEpoch: 1_700_000_000 + Int64(g.int(0...20))) }
        for k in keys where g.chance(0.5) {
            for _ in 0..<g.int(1...2) { out.append(DayRecord(key: k, mark: mark(), recordedAt: time())) }
        }
        for k in keys.prefix(5) {
            out.append(DayRecord(key: DayKey(occurrence: OccurrenceKey(seriesID: "nobody", recurrenceID: k.occurrence.recurrenceID), date: k.date),
                                 mark: mark(), recordedAt: time()))
            try! out.append(DayRecord(key: DayKey(occurrence: k.occurrence, date: k.date.adding(days: 40)), mark: mark(), recordedAt: time()))
        }
        var rng = g
        out.shuffle(using: &rng)
        g = rng
        return out
    }

    /// The keys of the slices dated in `period`, found by expanding over a padded window (independent of Review).
    static func keys(_ series: [ReviewSeries], _ period: Period, _ viewer: Zone) throws -> [DayKey] {
        var out: [DayKey] = []
        let from = try viewer.startOfDay(period.firstDay.adding(days: -5)), to = try viewer.startOfDay(period.lastDay.adding(days: 5))
        for s in series {
            for o in try s.recurrence.occurrences(in: .instants(from..<to, viewer: viewer)) {
                for slice in o.daySlices(in: viewer) where period.contains(slice.date) { out.append(DayKey(seriesID: s.id, slice: slice)) }
            }
        }
        return out
    }

    static func near(_ a: Tally, _ b: Tally) -> Bool {
        a.expected == b.expected && a.done == b.done && a.partial == b.partial && a.skipped == b.skipped
            && abs(a.partialCredit - b.partialCredit) < 1e-9
    }

    @Test func totalsAreSumsAndTheJoinIsTheBruteForceOne() throws {
        var g = SplitMix64(seed: 1401)
        for _ in 0..<60 {
            let series = Self.series(&g), viewer = g.pick(Self.zones)
            let period = try Period.month(2024, g.int(2...11))
            let keys = try Self.keys(series, period, viewer)
            let records = Self.records(&g, keys: keys)
            let r = try Review(of: period, viewer: viewer, series: series, records: records)
            #expect(Set(r.entries.map(\.key)) == Set(keys))
            var byDays = Tally(), byEvents = Tally(), byWeekdays = Tally(), byHours = r.allDay
            for d in r.days { byDays += d.tally }
            for e in r.events { byEvents += e.tally }
            for w in r.weekdays { byWeekdays += w }
            for h in r.hours { byHours += h }
            for t in [byDays, byEvents, byWeekdays, byHours] { #expect(Self.near(t, r.totals)) }
            #expect(r.totals.expected == r.entries.count)
            // Brute force: the winner of a key is the last record with the greatest time.
            for e in r.entries {
                let mine = records.filter { $0.key == e.key }
                let winner = mine.indices.max { (mine[$0].recordedAt, $0) < (mine[$1].recordedAt, $1) }.map { mine[$0] }
                #expect(e.record == winner)
            }
            // Orphans: the records dated in the period whose key is expected by nobody, one per key.
            let expected = Set(keys)
            let orphanKeys = Set(records.filter { period.contains($0.key.date) && !expected.contains($0.key) }.map(\.key))
            #expect(Set(r.orphans.map(\.key)) == orphanKeys && r.orphans.count == orphanKeys.count)
            for o in r.orphans {
                let mine = records.filter { $0.key == o.key }
                #expect(o.record == mine.indices.max { (mine[$0].recordedAt, $0) < (mine[$1].recordedAt, $1) }.map { mine[$0] })
                #expect((o.reason == .unknownSeries) == (o.key.seriesID == "nobody"))
            }
            // An array is joined by groups of keys, any other sequence record by record: one review.
            let streamed = try Review(of: period, viewer: viewer, series: series, records: records.lazy.map { $0 })
            #expect(streamed == r)
        }
    }

    @Test func aMonthIsTheSumOfItsDays() throws {
        var g = SplitMix64(seed: 1402)
        for _ in 0..<25 {
            let series = Self.series(&g), viewer = g.pick(Self.zones)
            let month = try Period.month(2024, g.int(2...11))
            let records = Self.records(&g, keys: try Self.keys(series, month, viewer))
            let whole = try Review(of: month, viewer: viewer, series: series, records: records)
            var total = Tally(), perEvent: [String: Tally] = [:], orphans = 0
            for d in month.dates {
                let day = try Review(of: .day(d), viewer: viewer, series: series, records: records)
                total += day.totals
                for e in day.events { perEvent[e.id, default: Tally()] += e.tally }
                orphans += day.orphans.count
            }
            #expect(Self.near(total, whole.totals))
            #expect(whole.events.allSatisfy { Self.near($0.tally, perEvent[$0.id]!) } && whole.events.count == perEvent.count)
            #expect(orphans == whole.orphans.count)
        }
    }

    /// Rekeying then reviewing the edited series equals reviewing it with
    /// the records' keys rewritten by hand; the removed days come back as
    /// orphans, and every record of the window is counted or an orphan.
    @Test func rekeyingThenReviewingIsReviewingTheRekeyedRecords() throws {
        var g = SplitMix64(seed: 1403)
        for _ in 0..<30 {
            let old = Self.series(&g)[0], viewer = g.pick(Self.zones)
            var edited = old.recurrence
            if g.chance(0.5), case .zoned(let dt, let z) = edited.start {
                edited.start = try .zoned(CivilDateTime(dt.date, CivilTime((dt.time.hour + 1) % 24, dt.time.minute)), z)
            } else {
                var rule = edited.rules[0]
                rule.interval = rule.interval * 2
                edited.rules = [rule]
            }
            let new = ReviewSeries(id: old.id, title: old.title, set: edited)
            let month = try Period.month(2024, g.int(2...11))
            let window = try viewer.startOfDay(month.firstDay)..<viewer.startOfDay(month.lastDay.adding(days: 1))
            let rekey = try Rekeying.dayKeys(old: old.recurrence, new: edited, seriesID: old.id, window: window, viewer: viewer)
            let records = Self.records(&g, keys: try Self.keys([old], month, viewer))
            let carried = try Review(of: month, viewer: viewer, series: [new], records: records, rekeying: rekey)
            let removed = Set(rekey.orphaned)
            let byHand = records.filter { !removed.contains($0.key) }.map { r in
                var r = r
                r.key = rekey.mapping[r.key] ?? r.key
                return r
            }
            let direct = try Review(of: month, viewer: viewer, series: [new], records: byHand)
            #expect(carried.entries == direct.entries)
            #expect(carried.totals == direct.totals)
            let editOrphans = Set(carried.orphans.filter { $0.reason == .removedByEdit }.map(\.key))
            #expect(editOrphans == Set(records.map(\.key).filter { removed.contains($0) && month.contains($0.date) }))
        }
    }
}
