import AlmanacTestSupport
import Testing
@testable import Almanac

/// Carrying keys across edits of a series: occurrences match
/// by the date of their RECURRENCE-ID (RFC 5545 section 3.8.4.4) and their
/// rank on that date; days match by index.
@Suite struct KeyRekeyingTests {
    let ny = try! Zone("America/New_York")
    let tokyo = try! Zone("Asia/Tokyo")

    func day(_ y: Int, _ m: Int, _ d: Int) -> CivilDate { try! CivilDate(y, m, d) }
    var may: Range<Timestamp> { ny.startOfDay(day(2024, 5, 1))..<ny.startOfDay(day(2024, 6, 1)) }

    /// Weekly on Tuesdays from 7 May 2024 at `hour` in `zone`, for an hour.
    func weekly(_ hour: Int = 9, zone: Zone? = nil, interval: Int = 1) -> RecurrenceSet {
        try! RecurrenceSet(start: .zoned(day(2024, 5, 7).at(hour, 0), zone ?? ny), rules: [buildRule(.weekly) { $0.interval = interval }],
                      length: .duration(EventDuration(seconds: 3600)))
    }

    func texts<K: CustomStringConvertible>(_ keys: [K]) -> [String] { keys.map(\.description) }
    func texts<K: CustomStringConvertible>(_ mapping: [K: K]) -> [String: String] {
        Dictionary(uniqueKeysWithValues: mapping.map { ($0.key.description, $0.value.description) })
    }

    @Test func timeMovedFromNineToTen() throws {
        let r = try Rekeying.occurrenceKeys(old: weekly(9), new: weekly(10), seriesID: "standup", window: may, viewer: ny)
        #expect(texts(r.mapping) == ["standup/2024-05-07T09:00:00": "standup/2024-05-07T10:00:00",
                                     "standup/2024-05-14T09:00:00": "standup/2024-05-14T10:00:00",
                                     "standup/2024-05-21T09:00:00": "standup/2024-05-21T10:00:00",
                                     "standup/2024-05-28T09:00:00": "standup/2024-05-28T10:00:00"])
        #expect(r.orphaned.isEmpty)
        let d = try Rekeying.dayKeys(old: weekly(9), new: weekly(10), seriesID: "standup", window: may, viewer: ny)
        #expect(d.mapping[try DayKey(parsing: "standup/2024-05-14T09:00:00/2024-05-14")]?.description == "standup/2024-05-14T10:00:00/2024-05-14")
        #expect(d.mapping.count == 4 && d.orphaned.isEmpty)
    }

    @Test func zoneChangedFromNewYorkToTokyo() throws {
        // Same local time, new zone: the keys do not change (they are wall-clock values),
        // but a New York viewer now sees each occurrence on the evening before.
        let r = try Rekeying.occurrenceKeys(old: weekly(9), new: weekly(9, zone: tokyo), seriesID: "s", window: may, viewer: ny)
        #expect(r.mapping.count == 4 && r.orphaned.isEmpty)
        #expect(r.mapping.allSatisfy { $0.key == $0.value })
        let d = try Rekeying.dayKeys(old: weekly(9), new: weekly(9, zone: tokyo), seriesID: "s", window: may, viewer: ny)
        #expect(texts(d.mapping) == ["s/2024-05-07T09:00:00/2024-05-07": "s/2024-05-07T09:00:00/2024-05-06",
                                     "s/2024-05-14T09:00:00/2024-05-14": "s/2024-05-14T09:00:00/2024-05-13",
                                     "s/2024-05-21T09:00:00/2024-05-21": "s/2024-05-21T09:00:00/2024-05-20",
                                     "s/2024-05-28T09:00:00/2024-05-28": "s/2024-05-28T09:00:00/2024-05-27"])
        // A Tokyo viewer keeps the dates.
        let t = try Rekeying.dayKeys(old: weekly(9), new: weekly(9, zone: tokyo), seriesID: "s", window: may, viewer: tokyo)
        #expect(t.mapping.allSatisfy { $0.key.date == $0.value.date })
    }

    @Test func ruleChangedFromWeeklyToEveryTwoWeeks() throws {
        let r = try Rekeying.occurrenceKeys(old: weekly(), new: weekly(interval: 2), seriesID: "s", window: may, viewer: ny)
        #expect(texts(r.orphaned) == ["s/2024-05-14T09:00:00", "s/2024-05-28T09:00:00"])
        #expect(texts(r.mapping) == ["s/2024-05-07T09:00:00": "s/2024-05-07T09:00:00", "s/2024-05-21T09:00:00": "s/2024-05-21T09:00:00"])
        let d = try Rekeying.dayKeys(old: weekly(), new: weekly(interval: 2), seriesID: "s", window: may, viewer: ny)
        #expect(texts(d.orphaned) == ["s/2024-05-14T09:00:00/2024-05-14", "s/2024-05-28T09:00:00/2024-05-28"])
    }

    @Test func moveToAnotherWeekdayOrphansEveryOccurrence() throws {
        // Matching is by date: Tuesdays moved to Wednesdays keep none.
        let wednesdays = try RecurrenceSet(start: .zoned(day(2024, 5, 8).at(9, 0), ny), rules: [buildRule(.weekly)])
        let r = try Rekeying.occurrenceKeys(old: weekly(), new: wednesdays, seriesID: "s", window: may, viewer: ny)
        #expect(r.mapping.isEmpty && r.orphaned.count == 4)
    }

    /// A weekly all-day trip from Wednesday lasting `days` days (DTEND exclusive, RFC 5545 section 3.6.1).
    func trip(days: Int, from start: CivilDate? = nil, rules: Bool = true) -> RecurrenceSet {
        let s = start ?? day(2024, 5, 1)
        return RecurrenceSet(start: .date(s), rules: rules ? [buildRule(.weekly) { $0.count = 3 }] : [],
                             length: try! .end(.date(s.adding(days: days))))
    }

    @Test func shorterMultiDayEventOrphansItsLastDays() throws {
        // Three days shortened to two: each occurrence's day index 2 is orphaned.
        let r = try Rekeying.dayKeys(old: trip(days: 3), new: trip(days: 2), seriesID: "trip", window: may, viewer: ny)
        #expect(texts(r.orphaned) == ["trip/2024-05-01/2024-05-03", "trip/2024-05-08/2024-05-10", "trip/2024-05-15/2024-05-17"])
        #expect(r.mapping.count == 6)
        #expect(r.mapping.allSatisfy { $0.key == $0.value })
        // Occurrence keys all survive.
        let o = try Rekeying.occurrenceKeys(old: trip(days: 3), new: trip(days: 2), seriesID: "trip", window: may, viewer: ny)
        #expect(o.mapping.count == 3 && o.orphaned.isEmpty)
    }

    @Test func longerMultiDayEventKeepsEveryOldDay() throws {
        let r = try Rekeying.dayKeys(old: trip(days: 2), new: trip(days: 3), seriesID: "trip", window: may, viewer: ny)
        #expect(r.mapping.count == 6 && r.orphaned.isEmpty)
    }

    @Test func singleEventMovedToAnotherDateCarriesItsDaysByIndex() throws {
        // A one-off trip from 1 to 3 May moved to 10 to 11 May: the same event,
        // so day 1 -> 10 May, day 2 -> 11 May, day 3 is gone.
        let old = trip(days: 3, rules: false), new = trip(days: 2, from: day(2024, 5, 10), rules: false)
        let r = try Rekeying.dayKeys(old: old, new: new, seriesID: "trip", window: may, viewer: ny)
        #expect(texts(r.mapping) == ["trip/2024-05-01/2024-05-01": "trip/2024-05-10/2024-05-10",
                                     "trip/2024-05-01/2024-05-02": "trip/2024-05-10/2024-05-11"])
        #expect(texts(r.orphaned) == ["trip/2024-05-01/2024-05-03"])
    }

    @Test func severalOccurrencesOnADateMatchByRank() throws {
        // Daily at 09, 10 and 11 changed to 14 and 15: 09 -> 14, 10 -> 15, 11 orphaned.
        func daily(_ hours: [Int]) -> RecurrenceSet {
            try! RecurrenceSet(start: .zoned(day(2024, 5, 1).at(hours[0], 0), ny),
                          rules: [buildRule(.daily) { $0.byHour = hours; $0.count = 3 * hours.count }])
        }
        let window = ny.startOfDay(day(2024, 5, 2))..<ny.startOfDay(day(2024, 5, 3))
        let r = try Rekeying.occurrenceKeys(old: daily([9, 10, 11]), new: daily([14, 15]), seriesID: "s", window: window, viewer: ny)
        #expect(texts(r.mapping) == ["s/2024-05-02T09:00:00": "s/2024-05-02T14:00:00", "s/2024-05-02T10:00:00": "s/2024-05-02T15:00:00"])
        #expect(texts(r.orphaned) == ["s/2024-05-02T11:00:00"])
    }

    @Test func matchMayLieOutsideTheWindowAndSeriesMayBeRenamed() throws {
        // 23:00 moved to 01:00 on the same date: the new occurrence is before the
        // window (which starts at 12:00), and the series got a new id.
        let old = try RecurrenceSet(start: .zoned(day(2024, 5, 1).at(23, 0), ny), length: .duration(EventDuration(seconds: 600)))
        var new = old
        new.start = try .zoned(day(2024, 5, 1).at(1, 0), ny)
        new.rules = [buildRule(.daily) { $0.count = 2 }]
        let window = try Timestamp(utc: day(2024, 5, 1).at(16, 0))..<Timestamp(utc: day(2024, 5, 2).at(16, 0))
        let r = try Rekeying.dayKeys(old: old, new: new, seriesID: "a", newSeriesID: "b", window: window, viewer: ny)
        #expect(texts(r.mapping) == ["a/2024-05-01T23:00:00/2024-05-01": "b/2024-05-01T01:00:00/2024-05-01"])
    }

    @Test func everyOldKeyIsMappedOrOrphanedAndNoTwoShareANewKey() throws {
        // Seeded: random weekly/daily series edited in time, zone, interval and length.
        var rng = SplitMix64(seed: 0x4E_4E7)
        let zones = [ny, tokyo, try Zone("Europe/London"), try Zone("Pacific/Kiritimati"), try Zone("America/Sao_Paulo")]
        for _ in 0..<150 {
            func random() -> RecurrenceSet {
                let zone = zones.randomElement(using: &rng)!
                let start = day(2024, Int.random(in: 1...12, using: &rng), Int.random(in: 1...28, using: &rng))
                let f: RecurrenceRule.Frequency = [.daily, .weekly, .hourly].randomElement(using: &rng)!
                let r = buildRule(f) { $0.interval = Int.random(in: 1...3, using: &rng); $0.count = Int.random(in: 1...60, using: &rng) }
                let len = RecurrenceSet.Length.duration(EventDuration(seconds: Int.random(in: 0...3 * 86_400, using: &rng)))
                return Bool.random(using: &rng)
                    ? RecurrenceSet(start: .date(start), rules: f == .hourly ? [] : [r], length: .end(.date(try! start.adding(days: Int.random(in: 1...4, using: &rng)))))
                    : RecurrenceSet(start: .zoned(try! start.at(Int.random(in: 0...23, using: &rng), 0), zone), rules: [r], length: len)
            }
            let old = random(), new = random()
            let viewer = zones.randomElement(using: &rng)!
            let w0 = try Timestamp(utc: day(2024, 1, 1).at(0, 0)) + Int64.random(in: 0...330 * 86_400, using: &rng)
            let window = w0..<(w0 + Int64.random(in: 86_400...40 * 86_400, using: &rng))
            let oldDays = try old.daySlices(in: window, viewer: viewer).map { DayKey(seriesID: "s", slice: $0) }
            let r = try Rekeying.dayKeys(old: old, new: new, seriesID: "s", window: window, viewer: viewer)
            #expect(Set(r.mapping.keys).union(r.orphaned) == Set(oldDays))
            #expect(r.mapping.count + r.orphaned.count == oldDays.count)
            #expect(Set(r.mapping.values).count == r.mapping.count)
            // A series rekeyed to itself maps every key to itself.
            let same = try Rekeying.dayKeys(old: old, new: old, seriesID: "s", window: window, viewer: viewer)
            #expect(same.orphaned.isEmpty && same.mapping.allSatisfy { $0.key == $0.value })
            // Every new key exists: it is the key of a slice of the new series.
            for k in r.mapping.values {
                let o = try new.occurrences().first { $0.recurrenceID == k.occurrence.recurrenceID }
                #expect(o.map { Set($0.daySlices(in: viewer).map(\.date)).contains(k.date) } == true, "\(k)")
            }
        }
    }
}
