// Issue 4's workloads: cutting a year of a daily series into the local days of
// a viewer (D1, D2), and listing a month of an agenda of 100,000 to-dos (A1).
//
// D1: a daily 09:00-10:00 event in New York; D2: a daily 22:00-02:00 event
// (PT4H) in New York. Both start on 2023-01-01 with no COUNT, and are cut over
// the viewer's year 2024, the viewer being New York (D1, D2) or Tokyo
// (D1-Tokyo, D2-Tokyo). A measured run is `set.daySlices(in:viewer:)` walked
// to the end, building the plan included; each slice's instants, date and
// position go into the tally.
//
// A1: `Agenda.list(for: .month(2024, 11))` over 100,000 seeded random items
// (days, ISO and US weeks, months, years and spans of 2 to 40 days across
// 2020-2029, each visible in a random set of list granularities that holds
// its own).
//
// The baselines compute the same answers by brute force through the public
// API: D*-Baseline walks every day of the year with `Zone.timestamp(for:)`
// and `Zone.startOfDay(_:)`; A1-Baseline filters every item with
// `AgendaItem.isListed(in:)` and sorts. Setup checks that Almanac's answers
// equal the baselines' and that the counts are the ones worked out below.

import Almanac
import Benchmark
import AlmanacFoundation
import Foundation

let tokyo: Zone = loadZone("Asia/Tokyo")

// MARK: - Day slices

struct SliceWorkload: Sendable {
    let id: String
    let text: String
    let set: RecurrenceSet
    /// Wall-clock start of every occurrence in New York, and its exact length.
    let clock: CivilTime
    let seconds: Int64
    let viewer: Zone
    /// The viewer's year 2024, as instants.
    let window: Range<Timestamp>
    /// Slices the year must hold (see `sliceWorkloads`).
    let expected: Int
}

/// - D1 (09:00-10:00 New York): one slice a day in New York, and one in
///   Tokyo too (23:00-24:00 JST in winter, 22:00-23:00 in summer, the same
///   date): 366 in leap year 2024 either way.
/// - D2 (22:00-02:00 New York): two slices per occurrence in New York; the
///   year holds the second half of the 2023-12-31 occurrence and the first
///   half of 2024-12-31's, so 2 x 366 = 732. In Tokyo it is one slice,
///   12:00-16:00 (11:00-15:00 in summer) on the next date: 366.
let sliceWorkloads: [String: SliceWorkload] = {
    let daily: RecurrenceRule
    do { daily = try RecurrenceRule("FREQ=DAILY") } catch { fatalError("\(error)") }
    func make(_ id: String, _ what: String, hour: Int, hours: Int, viewer: Zone, expected: Int) -> SliceWorkload {
        let clock = try! CivilTime(hour, 0)
        let set = try! RecurrenceSet(start: .zoned(CivilDate(2023, 1, 1).at(hour, 0), newYork), rules: [daily],
                                length: .duration(EventDuration(seconds: hours * 3600)))
        let window = try! viewer.startOfDay(CivilDate(2024, 1, 1)) ..< viewer.startOfDay(CivilDate(2025, 1, 1))
        return SliceWorkload(id: id, text: "\(what), DTSTART 2023-01-01, the days of 2024 in \(viewer.identifier)",
                             set: set, clock: clock, seconds: Int64(hours) * 3600, viewer: viewer, window: window, expected: expected)
    }
    let oneHour = "FREQ=DAILY 09:00-10:00 New York"
    let night = "FREQ=DAILY 22:00-02:00 (PT4H) New York"
    return [
        "D1": make("D1", oneHour, hour: 9, hours: 1, viewer: newYork, expected: 366),
        "D1-Tokyo": make("D1-Tokyo", oneHour, hour: 9, hours: 1, viewer: tokyo, expected: 366),
        "D2": make("D2", night, hour: 22, hours: 4, viewer: newYork, expected: 732),
        "D2-Tokyo": make("D2-Tokyo", night, hour: 22, hours: 4, viewer: tokyo, expected: 366),
    ]
}()

extension Tally {
    @inline(__always)
    mutating func add(slice start: Int64, _ end: Int64, day: Int, index: Int, count: Int) {
        self.count &+= 1
        hash = (hash ^ UInt64(bitPattern: start)) &* 0x100_0000_01B3
        hash = (hash ^ UInt64(bitPattern: end)) &* 0x100_0000_01B3
        hash = (hash ^ UInt64(bitPattern: Int64(day &* 64 &+ index &* 8 &+ count))) &* 0x100_0000_01B3
    }
}

@inline(never)
func almanacSlices(_ w: SliceWorkload) -> Tally {
    var t = Tally()
    do {
        for s in try w.set.daySlices(in: w.window, viewer: w.viewer) {
            t.add(slice: s.start.secondsSinceEpoch, s.end.secondsSinceEpoch, day: s.date.daysSinceEpoch, index: s.index, count: s.count)
        }
    } catch {
        fatalError("\(w.id): \(error)")
    }
    return t
}

/// The same slices by brute force: every New York date around the year, its
/// occurrence resolved with `Zone.timestamp(for:)`, cut at the viewer's
/// `startOfDay` of each date it touches, kept when it overlaps the window.
@inline(never)
func baselineSlices(_ w: SliceWorkload) -> Tally {
    var t = Tally()
    let low = w.window.lowerBound.secondsSinceEpoch, high = w.window.upperBound.secondsSinceEpoch
    let first = try! CivilDate(2023, 12, 29).daysSinceEpoch, last = try! CivilDate(2025, 1, 2).daysSinceEpoch
    for d in first...last {
        let s: Int64
        do { s = try newYork.timestamp(for: CivilDateTime(CivilDate(daysSinceEpoch: d)!, w.clock)).secondsSinceEpoch } catch { fatalError("\(error)") }
        let e = s + w.seconds
        guard e > low, s < high else { continue }
        let a = w.viewer.civil(at: Timestamp(secondsSinceEpoch: s))!.0.date.daysSinceEpoch
        let b = w.viewer.civil(at: Timestamp(secondsSinceEpoch: e - 1))!.0.date.daysSinceEpoch
        for v in a...b {
            let dayStart = w.viewer.startOfDay(CivilDate(daysSinceEpoch: v)!).secondsSinceEpoch
            let dayEnd = w.viewer.startOfDay(CivilDate(daysSinceEpoch: v + 1)!).secondsSinceEpoch
            let x = max(s, dayStart), y = min(e, dayEnd)
            if x < high && y > low { t.add(slice: x, y, day: v, index: v - a, count: b - a + 1) }
        }
    }
    return t
}

func registerDaySlices() {
    for id in ["D1", "D1-Tokyo", "D2", "D2-Tokyo"] {
        Benchmark("\(id)-Almanac") { benchmark, w in
            benchmark.timed { blackHole(almanacSlices(w)) }
        } setup: { () -> SliceWorkload in
            let w = sliceWorkloads[id]!
            let a = almanacSlices(w), b = baselineSlices(w)
            checkCount(id, side: "Almanac", text: w.text, got: a.count, expected: w.expected)
            if a == b {
                report("check", id, "agree", "the brute-force slices: \(a.count) slices")
            } else {
                report("check", id, "MISMATCH", "\(id) \(w.text): Almanac \(a.count) slices (hash \(a.hash)), brute force \(b.count) (hash \(b.hash))")
                warn("\(id): Almanac's day slices differ from the brute-force ones: \(a.count) vs \(b.count) slices")
            }
            return w
        }

        Benchmark("\(id)-Baseline") { benchmark, w in
            benchmark.timed { blackHole(baselineSlices(w)) }
        } setup: { () -> SliceWorkload in
            let w = sliceWorkloads[id]!
            report("count", id, "Baseline", String(baselineSlices(w).count), w.text)
            return w
        }
    }
}

// MARK: - Agenda lists

struct ListWorkload: Sendable {
    let agenda: Agenda
    let items: [AgendaItem]
    let month: Period
}

let listText = "Agenda.list(for: 2024-11) over 100,000 items"

/// 100,000 items spread over 2020-2029: 40% days, 20% ISO weeks, 5% US
/// weeks, 20% months, 5% years, 10% spans of 2-40 days; each visible in its
/// own list granularity and in each other one with probability 0.7.
func makeAgendaItems(count: Int, seed: UInt64 = 0xA6E4DA) -> [AgendaItem] {
    var rng = SplitMix64(seed)
    let first = try! CivilDate(2020, 1, 1).daysSinceEpoch, days = try! CivilDate(2030, 1, 1).daysSinceEpoch - first - 45
    var items: [AgendaItem] = []
    items.reserveCapacity(count)
    for i in 0..<count {
        let date = CivilDate(daysSinceEpoch: first + Int(rng.next() % UInt64(days)))!
        let roll = rng.next() % 100
        let period: Period
        switch roll {
        case 0..<40: period = .day(date)
        case 40..<60: period = try! Period.containing(date, .week)
        case 60..<65: period = try! Period.containing(date, .week, weekRule: .us)
        case 65..<85: period = try! Period.containing(date, .month)
        case 85..<90: period = try! Period.containing(date, .year)
        default: period = try! Period.span(from: date, dayCount: 2 + Int(rng.next() % 39))
        }
        var visible: Set<Period.Granularity> = [period.listGranularity]
        for g in Period.Granularity.allCases where rng.next() % 10 < 7 { visible.insert(g) }
        items.append(AgendaItem(id: "i\(i)", title: "Item \(rng.next() % 1000)", period: period, visibleIn: visible))
    }
    return items
}

@inline(never)
func almanacList(_ w: ListWorkload) -> [AgendaItem] { w.agenda.list(for: w.month) }

/// Every item tested against the month, then sorted: what an app without an index does.
@inline(never)
func baselineList(_ w: ListWorkload) -> [AgendaItem] {
    w.items.filter { $0.isListed(in: w.month) }.sorted(by: Agenda.listOrder)
}

func registerAgendaList() {
    func prepare() -> ListWorkload {
        let items = makeAgendaItems(count: 100_000)
        return try! ListWorkload(agenda: Agenda(items), items: items, month: .month(2024, 11))
    }

    Benchmark("A1-Almanac") { benchmark, w in
        benchmark.timed { blackHole(almanacList(w)) }
    } setup: { () -> ListWorkload in
        let w = prepare()
        let a = almanacList(w), b = baselineList(w)
        checkCount("A1", side: "Almanac", text: listText, got: a.count, expected: nil)
        if a.isEmpty { warn("A1: the month lists no item") }
        if a.map(\.id) == b.map(\.id) {
            report("check", "A1", "agree", "the brute-force list: \(a.count) items")
        } else {
            report("check", "A1", "MISMATCH", "A1 \(listText): Almanac lists \(a.count) items, brute force \(b.count)")
            warn("A1: Agenda.list differs from the brute-force list: \(a.count) vs \(b.count) items")
        }
        return w
    }

    Benchmark("A1-Baseline") { benchmark, w in
        benchmark.timed { blackHole(baselineList(w)) }
    } setup: { () -> ListWorkload in
        let w = prepare()
        report("count", "A1", "Baseline", String(baselineList(w).count), listText)
        return w
    }
}
