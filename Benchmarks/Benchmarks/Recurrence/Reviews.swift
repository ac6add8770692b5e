// Issue 14, point 6: "a yearly review of 500 series with 100,000 records for
// a viewer zone: under 50 ms, linear in records".
//
// 500 seeded series (ReviewSeries over RecurrenceSets): timed daily, workday,
// weekly (1-3 weekdays, every week or every other), monthly (a month day or
// the 1st-4th/last weekday), multi-day timed (26-65 h, monthly or weekly) and
// all-day (one day or two to three, daily, weekly or monthly), in New York,
// Berlin, Tokyo and Sydney, with DTSTART between 2023-01-01 and 2024-06-29,
// a tenth ending with UNTIL in mid-2024. Ids are 36-character UUID-like
// texts, as calendar UIDs are. The viewer is Asia/Tokyo, the period the year
// 2024.
//
// Records: keys drawn uniformly, with repeats, from the series' real day
// keys of 2024 (a repeat is a change of mind; the latest `recordedAt` wins,
// ties to the later record), marks 65% done, 15% partial (half with a
// fraction of 0.25, 0.5 or 0.75), 20% skipped, a tenth with a note, recorded
// on the key's date plus 0-71 hours (whole hours, so ties occur); plus 0.3%
// orphans, a third each of an unknown series, no such occurrence (a real
// occurrence's time moved 7 minutes), and a day not in the occurrence (a
// real occurrence's next date). Shuffled: logs merged from several devices
// are not in order. Everything is built in setup.
//
// - V1: `Review(of: 2024, viewer: Tokyo, series:, records:)` with 100,000
//   records (99,700 real + 300 orphans);
// - V1-10k: the same series with 10,000 records (9,970 + 30);
// - V1-0: the same series with no record: the review's fixed cost
//   (expanding 500 series over the year, sorting and indexing the
//   expected days, the tallies), so that (V1 - V1-10k) / 90,000 and
//   (V1-10k - V1-0) / 10,000 are what a record costs;
// - V1-join (a baseline, `V1-join-Baseline`): only the join of V1's records
//   against the expected day keys in a dictionary built in setup (latest
//   wins, the winners as indices): what a record costs at the least.
//
// Setup checks every review against a brute-force join written apart from
// AlmanacReview: the expected day keys from `RecurrenceSet.daySlices(in:
// viewer:)` per series (the D rows check that against the public Zone API),
// the winning record per key by a plain scan, then the totals, each
// series', each date's, and the orphans by reason.

import Almanac
import AlmanacReview
import Benchmark

/// The viewer's year: 2024 in Tokyo.
let reviewPeriod = try! Period.year(2024)

/// 500 series, the expected day keys of 2024 in Tokyo (brute force), the
/// records of each row and the row's text.
struct ReviewFixture {
    let series: [ReviewSeries]
    let expected: [DayKey]
    let records: [DayRecord]
    let orphans: [Review.Orphan.Reason: Int]
    let text: String
}

let reviewSeriesText = "500 series (daily, weekly, monthly, multi-day, all-day; New York, Berlin, Tokyo, Sydney), the year 2024 in Asia/Tokyo"

/// Series and expected keys, built once per process.
let reviewSeriesAndKeys: (series: [ReviewSeries], expected: [DayKey], mix: String) = {
    let series = makeReviewSeries(count: 500)
    var expected: [DayKey] = []
    for s in series.series {
        do {
            for slice in try s.recurrence.daySlices(in: reviewPeriod, viewer: tokyo) {
                expected.append(DayKey(seriesID: s.id, slice: slice))
            }
        } catch {
            fatalError("V1: cannot expand \(s.id): \(error)")
        }
    }
    return (series.series, expected, series.mix)
}()

func makeReviewSeries(count: Int, seed: UInt64 = 0x2E71E14) -> (series: [ReviewSeries], mix: String) {
    var rng = SplitMix64(seed)
    let zones = [newYork, loadZone("Europe/Berlin"), tokyo, loadZone("Australia/Sydney")]
    let weekdays = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
    let first = try! CivilDate(2023, 1, 1).daysSinceEpoch
    var kinds: [String: Int] = [:]
    var out: [ReviewSeries] = []
    func uid(_ rng: inout SplitMix64) -> String {
        let hex = Array("0123456789abcdef")
        var s = ""
        for (k, n) in [8, 4, 4, 4, 12].enumerated() {
            if k > 0 { s.append("-") }
            for _ in 0..<n { s.append(hex[rng.int(16)]) }
        }
        return s
    }
    func days(_ rng: inout SplitMix64, _ n: Int) -> String {
        var picked = Set<Int>()
        while picked.count < n { picked.insert(rng.int(7)) }
        return picked.sorted().map { weekdays[$0] }.joined(separator: ",")
    }
    for _ in 0..<count {
        let zone = zones[rng.int(zones.count)]
        let date = CivilDate(daysSinceEpoch: first + rng.int(545))!
        let roll = rng.int(100)
        let minutes = (1 + rng.int(4)) * 15
        var length: RecurrenceSet.Length? = .duration(EventDuration(seconds: minutes * 60))
        var allDay = false
        let kind: String, rule: String
        switch roll {
        case 0..<20:
            kind = "daily"; rule = rng.int(4) == 0 ? "FREQ=DAILY;INTERVAL=2" : "FREQ=DAILY"
        case 20..<25:
            kind = "workdays"; rule = "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"
        case 25..<55:
            kind = "weekly"; rule = "FREQ=WEEKLY;BYDAY=\(days(&rng, 1 + rng.int(3)))" + (rng.int(4) == 0 ? ";INTERVAL=2" : "")
        case 55..<72:
            kind = "monthly"
            rule = rng.int(2) == 0 ? "FREQ=MONTHLY;BYMONTHDAY=\(1 + rng.int(28))"
                : "FREQ=MONTHLY;BYDAY=\([1, 2, 3, 4, -1][rng.int(5)])\(weekdays[rng.int(7)])"
        case 72..<80:
            kind = "multi-day"
            rule = rng.int(2) == 0 ? "FREQ=MONTHLY;BYMONTHDAY=\(1 + rng.int(28))" : "FREQ=WEEKLY;BYDAY=\(days(&rng, 1));INTERVAL=2"
            length = .duration(EventDuration(seconds: (26 + rng.int(40)) * 3600))
        default:
            kind = "all-day"; allDay = true
            switch rng.int(10) {
            case 0: rule = "FREQ=DAILY"; length = nil
            case 1..<5: rule = "FREQ=WEEKLY;BYDAY=\(days(&rng, 1 + rng.int(2)))"; length = nil
            case 5..<8: rule = "FREQ=MONTHLY;BYMONTHDAY=\(1 + rng.int(28))"; length = nil
            default: rule = "FREQ=WEEKLY;BYDAY=SA"; length = .duration(EventDuration(days: 2 + rng.int(2)))
            }
        }
        var text = rule
        if kind != "daily" && rng.int(10) == 0 { text += allDay ? ";UNTIL=20240630" : ";UNTIL=20240630T000000Z" }
        let r: RecurrenceRule
        do { r = try RecurrenceRule(text) } catch { fatalError("V1: \(text): \(error)") }
        let start: Anchor = try! allDay ? .date(date) : .zoned(date.at(6 + rng.int(16), [0, 15, 30, 45][rng.int(4)]), zone)
        let set = RecurrenceSet(start: start, rules: [r], length: length)
        kinds[kind, default: 0] += 1
        out.append(ReviewSeries(id: uid(&rng), title: "\(kind) \(out.count)", set: set))
    }
    let mix = ["daily", "workdays", "weekly", "monthly", "multi-day", "all-day"].map { "\(kinds[$0, default: 0]) \($0)" }.joined(separator: ", ")
    return (out, mix)
}

/// `count` records: 0.3% orphans, the rest on real keys (see the top).
func makeReviewFixture(records count: Int, seed: UInt64 = 0x5EC0_2D5) -> ReviewFixture {
    let (series, expected, mix) = reviewSeriesAndKeys
    var rng = SplitMix64(seed ^ UInt64(count))
    let orphanCount = count * 3 / 1_000
    let keys = Set(expected)
    let occurrences = Set(expected.map(\.occurrence))
    var records: [DayRecord] = []
    records.reserveCapacity(count)
    func record(_ key: DayKey, _ rng: inout SplitMix64) -> DayRecord {
        let roll = rng.int(100)
        let mark: DayRecord.Mark = roll < 65 ? .done : roll < 80 ? .partial(fraction: rng.int(2) == 0 ? nil : [0.25, 0.5, 0.75][rng.int(3)]) : .skipped
        let at = try! Timestamp(utc: key.date.at(12, 0)) + Int64(rng.int(72) * 3600)
        return DayRecord(key: key, mark: mark, note: rng.int(10) == 0 ? "note \(rng.int(1000))" : nil, recordedAt: at)
    }
    for _ in 0..<(count - orphanCount) { records.append(record(expected[rng.int(expected.count)], &rng)) }
    var made: [Review.Orphan.Reason: Int] = [:]
    var seen: Set<DayKey> = []
    var k = 0
    while made.values.reduce(0, +) < orphanCount {
        let real = expected[rng.int(expected.count)]
        let reason: Review.Orphan.Reason = [.unknownSeries, .noSuchOccurrence, .dayNotInOccurrence][k % 3]
        let key: DayKey
        switch reason {
        case .unknownSeries:
            key = DayKey(occurrence: OccurrenceKey(seriesID: "gone-\(k)", recurrenceID: real.occurrence.recurrenceID), date: real.date)
        case .noSuchOccurrence:
            guard let t = real.occurrence.recurrenceID.time else { continue }
            let moved = (Timestamp(utc: CivilDateTime(real.occurrence.recurrenceID.date, t)) + 7 * 60).utc!
            key = DayKey(occurrence: OccurrenceKey(seriesID: real.seriesID, recurrenceID: RecurrenceID(moved)), date: real.date)
            guard !occurrences.contains(key.occurrence) else { continue }
        default:
            guard let next = CivilDate(daysSinceEpoch: real.date.daysSinceEpoch + 1), reviewPeriod.contains(next) else { continue }
            key = DayKey(occurrence: real.occurrence, date: next)
        }
        guard !keys.contains(key), seen.insert(key).inserted else { continue }
        records.append(record(key, &rng))
        made[reason, default: 0] += 1
        k += 1
    }
    for i in stride(from: records.count - 1, to: 0, by: -1) { records.swapAt(i, rng.int(i + 1)) }
    let text = "\(reviewSeriesText): \(mix); \(expected.count) expected days; \(count) records (\(orphanCount) orphans)"
    return ReviewFixture(series: series, expected: expected, records: records, orphans: made, text: text)
}

@inline(never)
func almanacReview(_ f: ReviewFixture) -> Review {
    do {
        return try Review(of: reviewPeriod, viewer: tokyo, series: f.series, records: f.records)
    } catch {
        fatalError("V1: \(error)")
    }
}

// MARK: - The baseline: the dictionary join alone

struct JoinFixture {
    let index: [DayKey: Int32]
    let records: [DayRecord]
}

/// Each record looked up among the expected keys; the latest (ties: the
/// later) record of each key wins, kept as its index. Returns the winners'
/// count and the orphans' (records whose key is not expected).
@inline(never)
func joinRecords(_ f: JoinFixture) -> (winners: Int, orphans: Int) {
    var best = [Int32](repeating: -1, count: f.index.count)
    var orphans = 0, winners = 0
    for (i, r) in f.records.enumerated() {
        guard let slot = f.index[r.key].map(Int.init) else { orphans += 1; continue }
        let b = best[slot]
        if b < 0 { winners += 1 }
        if b < 0 || f.records[Int(b)].recordedAt <= r.recordedAt { best[slot] = Int32(i) }
    }
    return (winners, orphans)
}

// MARK: - The check

/// Counts kept apart from AlmanacReview's Tally, to compare with it.
struct BruteCount: Equatable {
    var expected = 0, done = 0, partial = 0, skipped = 0
    var credit = 0.0

    mutating func add(_ mark: DayRecord.Mark?) {
        expected += 1
        switch mark {
        case nil: break
        case .done?: done += 1; credit += 1
        case .partial(let f)?: partial += 1; credit += f ?? 0.5
        case .skipped?: skipped += 1
        }
    }

    init() {}
    init(_ t: AlmanacReview.Tally) {
        expected = t.expected; done = t.done; partial = t.partial; skipped = t.skipped
        credit = Double(t.done) + t.partialCredit
    }

    var summary: String { "\(expected) expected, \(done) done, \(partial) partial, \(skipped) skipped, credit \(credit)" }
}

/// The review worked out by brute force: the winning record per key by a
/// plain scan, then counts over the expected keys; orphans by reason.
func checkReview(_ id: String, _ f: ReviewFixture, _ review: Review) {
    var latest: [DayKey: DayRecord] = [:]
    for r in f.records where reviewPeriod.contains(r.key.date) {
        if let old = latest[r.key], old.recordedAt > r.recordedAt { continue }
        latest[r.key] = r
    }
    let expectedSet = Set(f.expected)
    var totals = BruteCount()
    var perSeries: [String: BruteCount] = [:], perDay: [CivilDate: BruteCount] = [:]
    for key in f.expected {
        let mark = latest[key]?.mark
        totals.add(mark)
        perSeries[key.seriesID, default: BruteCount()].add(mark)
        perDay[key.date, default: BruteCount()].add(mark)
    }
    let ids = Set(f.series.map(\.id)), occurrences = Set(f.expected.map(\.occurrence))
    var orphans: [Review.Orphan.Reason: Int] = [:]
    for key in latest.keys where !expectedSet.contains(key) {
        let reason: Review.Orphan.Reason = !ids.contains(key.seriesID) ? .unknownSeries
            : occurrences.contains(key.occurrence) ? .dayNotInOccurrence : .noSuchOccurrence
        orphans[reason, default: 0] += 1
    }
    var problems: [String] = []
    if BruteCount(review.totals) != totals { problems.append("totals: review \(BruteCount(review.totals).summary), brute force \(totals.summary)") }
    let events = Dictionary(review.events.map { ($0.id, BruteCount($0.tally)) }, uniquingKeysWith: { a, _ in a })
    let badSeries = perSeries.filter { events[$0.key] != $0.value }.count + events.keys.filter { perSeries[$0] == nil }.count
    if badSeries > 0 { problems.append("\(badSeries) of \(perSeries.count) series' tallies differ") }
    let badDays = review.days.filter { BruteCount($0.tally) != (perDay[$0.date] ?? BruteCount()) }.count
    if badDays > 0 { problems.append("\(badDays) of \(review.days.count) dates' tallies differ") }
    var got: [Review.Orphan.Reason: Int] = [:]
    for o in review.orphans { got[o.reason, default: 0] += 1 }
    if got != orphans { problems.append("orphans: review \(got), brute force \(orphans)") }
    if orphans != f.orphans { problems.append("orphans: brute force \(orphans), generated \(f.orphans)") }
    let recorded = totals.done + totals.partial + totals.skipped
    if problems.isEmpty {
        report("check", id, "agree", "the brute-force join: \(totals.expected) expected days, \(recorded) with a record, "
            + "\(totals.done) done, \(totals.partial) partial, \(totals.skipped) skipped; \(orphans.values.reduce(0, +)) orphans "
            + "(\(orphans[.unknownSeries, default: 0]) unknown series, \(orphans[.noSuchOccurrence, default: 0]) no such occurrence, "
            + "\(orphans[.dayNotInOccurrence, default: 0]) day not in occurrence); \(review.events.count) series with days")
    } else {
        let message = "\(id) \(f.text): the review differs from the brute-force join: " + problems.joined(separator: "; ")
        report("check", id, "MISMATCH", message)
        warn(message)
    }
}

func registerReviews() {
    for (id, count) in [("V1", 100_000), ("V1-10k", 10_000), ("V1-0", 0)] {
        Benchmark("\(id)-Almanac") { benchmark, f in
            benchmark.timed { blackHole(almanacReview(f)) }
        } setup: { () -> ReviewFixture in
            let f = makeReviewFixture(records: count)
            report("count", id, "Almanac", String(count), f.text)
            report("review", id, String(f.expected.count), String(f.series.count), String(f.records.count - f.orphans.values.reduce(0, +)),
                   String(f.orphans.values.reduce(0, +)))
            checkReview(id, f, almanacReview(f))
            return f
        }
    }

    Benchmark("V1-join-Baseline") { benchmark, f in
        benchmark.timed { blackHole(joinRecords(f)) }
    } setup: { () -> JoinFixture in
        let f = makeReviewFixture(records: 100_000)
        var index: [DayKey: Int32] = [:]
        index.reserveCapacity(f.expected.count)
        for k in f.expected where index[k] == nil { index[k] = Int32(index.count) }
        let j = JoinFixture(index: index, records: f.records)
        let (winners, orphans) = joinRecords(j)
        report("count", "V1-join", "Baseline", String(f.records.count), f.text)
        let wanted = Set(f.records.map(\.key)).intersection(Set(f.expected)).count
        if winners != wanted || orphans != f.orphans.values.reduce(0, +) {
            warn("V1-join: the join found \(winners) keys with a record and \(orphans) orphan records; expected \(wanted) and \(f.orphans.values.reduce(0, +))")
        }
        return j
    }
}
