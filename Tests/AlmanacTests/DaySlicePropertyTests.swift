import AlmanacTestSupport
import Testing
@testable import Almanac

/// Seeded property tests of day slices over random events, event zones and
/// viewer zones: the slices are ordered, do not overlap, are contiguous, stay
/// in their day, add up to the occurrence, and are exactly the days an
/// independent brute-force search finds (RFC 5545 section 3.6.1 for DATE
/// events, 3.3.5 for floating times).
@Suite struct DaySlicePropertyTests {
    /// Zones with DST gaps and overlaps, half-hour and 45-minute offsets,
    /// midnight transitions (Sao Paulo, Havana, Santiago), skipped dates
    /// (Apia 2011, Kwajalein 1993) and the extremes of the offset range.
    static let zoneIDs = ["UTC", "America/New_York", "America/Sao_Paulo", "Pacific/Apia", "Pacific/Kiritimati",
                          "Pacific/Pago_Pago", "Australia/Lord_Howe", "Asia/Kathmandu", "Pacific/Chatham", "Asia/Tehran",
                          "America/Havana", "Europe/London", "Asia/Tokyo", "America/St_Johns", "Antarctica/Troll",
                          "Pacific/Kwajalein", "America/Santiago", "Africa/Casablanca", "Europe/Moscow", "America/Godthab"]
    let zones: [Zone] = zoneIDs.map { $0 == "UTC" ? Zone.utc : try! Zone($0) }

    /// Instants from 1900 to 2060.
    let low: Int64 = -2_208_988_800, high: Int64 = 2_840_140_800

    /// A random instant: uniform, or within a day and a half of one of `zone`'s transitions.
    func instant(near zone: Zone, _ rng: inout SplitMix64) -> Int64 {
        let t = Int64.random(in: low..<high, using: &rng)
        guard Bool.random(using: &rng) else { return t }
        let from = Timestamp(secondsSinceEpoch: t), to = Timestamp(secondsSinceEpoch: t + 3 * 365 * 86_400)
        guard let tr = zone.transitions(from: from, to: to).first else { return t }
        return tr.instant.secondsSinceEpoch + Int64.random(in: -129_600...129_600, using: &rng)
    }

    /// A random single event in `zone` near the viewer's transitions.
    func randomEvent(_ rng: inout SplitMix64, viewer: Zone) throws -> Occurrence {
        let zone = zones.randomElement(using: &rng)!
        let t = instant(near: Bool.random(using: &rng) ? viewer : zone, &rng)
        let (civil, _) = zone.civil(at: Timestamp(secondsSinceEpoch: t))!
        let seconds: Int
        switch Int.random(in: 0..<5, using: &rng) {
        case 0: seconds = 0
        case 1: seconds = Int.random(in: 1...6 * 3600, using: &rng)
        case 2: seconds = Int.random(in: 1...3 * 86_400, using: &rng)
        case 3: seconds = Int.random(in: 1...40 * 86_400, using: &rng)
        default: seconds = [86_400, 2 * 86_400, 3600, 12 * 3600].randomElement(using: &rng)!
        }
        let length = RecurrenceSet.Length.duration(EventDuration(seconds: seconds))
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: return try firstOccurrence(RecurrenceSet(start: .zoned(civil, zone), length: length))
        case 1: return try firstOccurrence(RecurrenceSet(start: .utc(Timestamp(secondsSinceEpoch: t).utc!), length: length))
        case 2: return try firstOccurrence(RecurrenceSet(start: .floating(civil), length: length))
        default:
            let days = Int.random(in: 0...6, using: &rng)
            return try firstOccurrence(RecurrenceSet(start: .date(civil.date), length: .end(.date(civil.date.adding(days: days)))))
        }
    }

    /// The occurrence as instants in the viewer: the spec, written independently.
    func viewerInstants(_ o: Occurrence, _ viewer: Zone) throws -> (Timestamp, Timestamp) {
        switch o.kind {
        case .floating:
            let s = try viewer.timestamp(for: o.timestamp.utc!)
            return (s, max(s, try viewer.timestamp(for: o.end.utc!)))
        default:
            return (o.timestamp, o.end)
        }
    }

    /// The dates a brute-force search finds: every date whose day overlaps the occurrence.
    func bruteForceDates(_ o: Occurrence, _ viewer: Zone) throws -> [CivilDate] {
        if o.kind == .date {
            let first = o.start.date
            let n = max(1, Int((o.end - o.timestamp) / 86_400))
            return try (0..<n).map { try first.adding(days: $0) }
        }
        let (s, e) = try viewerInstants(o, viewer)
        let from = try viewer.civil(at: s)!.0.date.adding(days: -2), to = try viewer.civil(at: e)!.0.date.adding(days: 2)
        var out: [CivilDate] = []
        var d = from
        while d <= to {
            let a = viewer.startOfDay(d), b = try viewer.startOfDay(d.adding(days: 1))
            let touches = e > s ? max(s, a) < min(e, b) : (a <= s && s < b)
            if touches { out.append(d) }
            d = try d.adding(days: 1)
        }
        return out
    }

    @Test func slicesAreOrderedContiguousAndAddUp() throws {
        var rng = SplitMix64(seed: 0xDA7_51_1CE)
        for _ in 0..<3000 {
            let viewer = zones.randomElement(using: &rng)!
            let o = try randomEvent(&rng, viewer: viewer)
            let slices = o.daySlices(in: viewer)
            let list = Array(slices)
            let context = Comment(rawValue: "\(o) \(o.kind) until \(o.end) viewed in \(viewer)")
            try #require(list.count == slices.count, context)
            try #require(list.count >= 1, context)
            // Random access agrees with iteration.
            for i in [0, list.count / 2, list.count - 1] { #expect(slices[i] == list[i], context) }
            for (i, s) in list.enumerated() {
                #expect(s.index == i && s.count == list.count, context)
                #expect(s.isFirst == (i == 0) && s.isLast == (i == list.count - 1), context)
                #expect(s.start <= s.end, context)
                // Each slice lies in its own day.
                let dayStart = viewer.startOfDay(s.date), nextStart = try viewer.startOfDay(s.date.adding(days: 1))
                if o.kind == .date {
                    #expect(s.start == dayStart && s.end == nextStart, context)
                } else {
                    #expect(dayStart <= s.start && s.end <= nextStart, context)
                }
                if i > 0 {
                    #expect(list[i - 1].date < s.date, context)               // ordered
                    #expect(list[i - 1].end == s.start, context)              // contiguous, no overlap
                }
            }
            #expect(list.map(\.date) == (try bruteForceDates(o, viewer)), context)
            if o.kind != .date {
                let (s, e) = try viewerInstants(o, viewer)
                #expect(list.first!.start == s && list.last!.end == e, context)
                #expect(list.reduce(Int64(0)) { $0 + $1.length } == e - s, context)
                if e > s { #expect(list.allSatisfy { $0.length > 0 }, context) }
            }
        }
    }

    @Test func allDayDatesDoNotDependOnTheViewer() throws {
        var rng = SplitMix64(seed: 0xA11_DA7)
        for _ in 0..<500 {
            let date = CivilDate(daysSinceEpoch: Int.random(in: -25_000...30_000, using: &rng))!
            let days = Int.random(in: 0...10, using: &rng)
            let o = try firstOccurrence(RecurrenceSet(start: .date(date), length: .end(.date(date.adding(days: days)))))
            let expected = try (0..<max(1, days)).map { try date.adding(days: $0) }
            for viewer in zones { #expect(o.daySlices(in: viewer).map(\.date) == expected, "\(date) +\(days) in \(viewer)") }
        }
    }

    @Test func setSlicesOverAWindowMatchBruteForce() throws {
        // The set-level sequence keeps exactly the slices of every occurrence that overlap the window.
        var rng = SplitMix64(seed: 0x5E7_5_11CE)
        for _ in 0..<300 {
            let viewer = zones.randomElement(using: &rng)!
            let zone = zones.randomElement(using: &rng)!
            let t = instant(near: viewer, &rng)
            let civil = zone.civil(at: Timestamp(secondsSinceEpoch: t))!.0
            let anchor: Anchor = switch Int.random(in: 0..<4, using: &rng) {
            case 0: .zoned(civil, zone)
            case 1: .utc(Timestamp(secondsSinceEpoch: t).utc!)
            case 2: .floating(civil)
            default: .date(civil.date)
            }
            let length: RecurrenceSet.Length = anchor.kind == .date
                ? .end(.date(try civil.date.adding(days: Int.random(in: 1...4, using: &rng))))
                : .duration(EventDuration(seconds: Int.random(in: 0...3 * 86_400, using: &rng)))
            // COUNT (expanded from DTSTART) or UNTIL (the expansion seeks to the window).
            let untilDays = Int.random(in: 1...60, using: &rng)
            let r = try buildRule([.daily, .weekly, .hourly].randomElement(using: &rng)!) {
                $0.interval = Int.random(in: 1...9, using: &rng)
                if Bool.random(using: &rng) { $0.count = Int.random(in: 1...40, using: &rng); return }
                let last = try civil.date.adding(days: untilDays).at(12, 0)
                switch anchor.kind {
                case .date: $0.until = .date(last.date)
                case .floating: $0.until = .local(last)
                default: $0.until = .utc(last)
                }
            }
            let set = RecurrenceSet(start: anchor, rules: anchor.kind == .date && r.frequency == .hourly ? [] : [r], length: length)
            let w0 = t + Int64.random(in: -5 * 86_400...20 * 86_400, using: &rng)
            let window = Timestamp(secondsSinceEpoch: w0)..<Timestamp(secondsSinceEpoch: w0 + Int64.random(in: 0...10 * 86_400, using: &rng))
            let all = try set.occurrences().flatMap { Array($0.daySlices(in: viewer)) }
            let expected = all.filter { s in
                s.length > 0 ? s.start < window.upperBound && s.end > window.lowerBound
                    : window.lowerBound <= s.start && s.start < window.upperBound
            }
            let got = Array(try set.daySlices(in: window, viewer: viewer))
            #expect(got == expected, "\(set.start) \(r.frequency) in \(viewer), window \(window)")

            // The same over a period: every slice dated in it.
            let first = viewer.civil(at: window.lowerBound)!.0.date
            let period = try Period.span(from: first, dayCount: Int.random(in: 1...10, using: &rng))
            let inPeriod = all.filter { $0.date >= period.firstDay && $0.date <= period.lastDay }
            #expect(Array(try set.daySlices(in: period, viewer: viewer)) == inPeriod, "\(set.start) over \(period) in \(viewer)")
        }
    }
}
