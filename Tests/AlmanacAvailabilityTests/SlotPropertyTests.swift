import Almanac
import AlmanacAvailability
import AlmanacCalendar
import AlmanacTestSupport
import PropertyBased
import Synchronization
import Testing

/// A generated case: 1-4 people in zones with DST changes, random weekly
/// hours (ranges in DST gaps and overnight ones included) and busy periods
/// of every type, a window of one or two days around a change, a length
/// and a quorum. Everything falls on whole minutes, so a minute grid sees
/// every boundary.
struct SlotCase: Sendable, CustomTestStringConvertible {
    static let zones = ["Europe/Paris", "America/New_York", "Asia/Tokyo", "Australia/Lord_Howe", "UTC"].map { $0 == "UTC" ? Zone.utc : try! Zone($0) }
    /// 2026's changes of the first four zones, two each: Paris 29 Mar and
    /// 25 Oct 01:00Z, New York 8 Mar 07:00Z and 1 Nov 06:00Z, Tokyo none
    /// (two ordinary days), Lord Howe 4 Apr 15:00Z and 3 Oct 15:30Z.
    static let changes: [Int64] = [1_774_746_000, 1_792_890_000, 1_772_953_200, 1_793_512_800, 1_774_000_000, 1_790_000_000,
                                   1_775_314_800, 1_791_041_400]

    var seed: UInt64
    var people: [Attendee]
    var window: Range<Timestamp>
    var length: Int64
    var quorum: Quorum
    var options: SlotOptions

    init(seed: UInt64) {
        var g = SplitMix64(seed: seed)
        self.seed = seed
        // A zone with changes, and one of its 2026 changes near the window.
        let home = g.int(0...3)
        let centre = Self.changes[2 * home + g.int(0...1)] / 60 * 60 + Int64(g.int(-36...36)) * 3600
        let start = Timestamp(secondsSinceEpoch: centre - Int64(g.int(0...24 * 60)) * 60)
        window = start..<(start + Int64(g.int(6 * 60...48 * 60)) * 60)
        let n = g.int(1...4)
        people = (0..<n).map { i in Self.person(i, zone: g.chance(0.6) ? Self.zones[home] : g.pick(Self.zones), window: start..<(start + 48 * 3600), &g) }
        length = Int64(g.pick([15, 30, 45, 60, 90, 120, 240])) * 60
        quorum = g.chance(0.5) ? .all : .atLeast(g.int(1...n))
        options = SlotOptions(tentativeIsFree: g.chance(0.3))
    }

    static func person(_ i: Int, zone: Zone, window: Range<Timestamp>, _ g: inout SplitMix64) -> Attendee {
        var ranges: [Weekday: [Range<Int>]] = [:]
        for d in 1...7 where g.chance(0.7) {
            for _ in 0..<g.int(1...2) {
                // Start on a quarter hour (02:xx falls in spring gaps); up to 14 hours, past midnight at times.
                // A quarter of them start or end in 02:00-03:00, where spring gaps and autumn overlaps are.
                let inGap = 2 * 3600 + g.int(0...3) * 900
                let s = g.chance(0.25) ? inGap : g.int(0...95) * 900
                let len = g.chance(0.25) ? max(900, (inGap - s + 86_400) % 86_400) : g.int(1...56) * 900
                ranges[Weekday(rawValue: d)!, default: []].append(s..<(s + len))
            }
        }
        let hours: WorkingHours = g.chance(0.15) ? .always : .weekly(try! WeeklyHours(ranges))
        let types: [FreeBusyType] = [.busy, .busy, .busyTentative, .busyUnavailable, .free, FreeBusyType(rawValue: "X-OTHER")]
        let busy = (0..<g.int(0...8)).map { _ in
            let s = window.lowerBound + Int64(g.int(-120...(48 * 60))) * 60
            return BusyPeriod(range: s..<(s + Int64(g.int(5...300)) * 60), type: g.pick(types))
        }
        return Attendee(name: "p\(i)", zone: zone, busy: busy, hours: hours)
    }

    var testDescription: String {
        "seed \(seed): \(people.count) people in \(people.map(\.zone.identifier)), window \(window), length \(length / 60) min, \(quorum)"
    }
}

/// Seeded streams of cases (reproducible: a case is a function of its seed).
final class SlotSeeds: Sendable {
    let base: UInt64
    let counter = Atomic<UInt64>(0)
    init(_ base: UInt64) { self.base = base }
    func next() -> SlotCase {
        var r = SplitMix64(seed: base &+ counter.add(1, ordering: .relaxed).newValue &* 0x9E37_79B9_7F4A_7C15)
        return SlotCase(seed: r.next())
    }
    var generator: Generator<SlotCase, [SlotCase]> { Generator(run: { _ in self.next() }, shrink: { _ in [] }) }
}

/// Every slot found is free for its people and inside their hours, has
/// the quorum and the length, cannot be stretched, and names everyone free
/// throughout it; and no start on the minute grid whose next `length`
/// minutes leave a quorum free was missed. The spec is written again here
/// on a minute grid: working hours from each zone's transitions (the first
/// instant the clock reads the range's end or later), busy by type.
struct SlotPropertyTests {
    /// The first instant at which `zone`'s clock reads `local` or later:
    /// the least such instant over each constant-offset span around it.
    static func firstReach(_ local: CivilDateTime, _ zone: Zone) -> Int64 {
        let l = local.localSeconds
        let ts = zone.transitions(from: Timestamp(secondsSinceEpoch: l - 3 * 86_400), to: Timestamp(secondsSinceEpoch: l + 3 * 86_400))
        var bounds: [Int64] = [l - 3 * 86_400] + ts.map(\.instant.secondsSinceEpoch) + [l + 3 * 86_400]
        bounds.sort()
        var best = Int64.max
        for (a, b) in zip(bounds, bounds.dropFirst()) where a < b {
            let o = Int64(zone.offset(at: Timestamp(secondsSinceEpoch: a)).seconds)
            let t = max(a, l - o)
            if t < b { best = min(best, t) }
        }
        return best
    }

    /// Minute m of the window is in `a`'s working hours.
    static func hoursGrid(_ a: Attendee, _ window: Range<Timestamp>, minutes: Int) -> [Bool] {
        let w0 = window.lowerBound.secondsSinceEpoch
        guard case .weekly(let hours) = a.hours else { return Array(repeating: true, count: minutes) }
        var grid = Array(repeating: false, count: minutes)
        let first = a.zone.civil(at: window.lowerBound)!.0.date.daysSinceEpoch - 2
        let last = a.zone.civil(at: window.upperBound)!.0.date.daysSinceEpoch + 1
        for day in first...last {
            let date = CivilDate(daysSinceEpoch: day)!
            for r in hours.ranges(on: date.weekday) {
                func local(_ s: Int) -> CivilDateTime {
                    CivilDateTime(CivilDate(daysSinceEpoch: day + s / 86_400)!, CivilTime(secondsSinceMidnight: s % 86_400)!)
                }
                let s = firstReach(local(r.lowerBound), a.zone), e = firstReach(local(r.upperBound), a.zone)
                var m = max(0, Int((s - w0 + 59) / 60))
                while m < minutes, w0 + Int64(m) * 60 < e { grid[m] = true; m += 1 }
            }
        }
        return grid
    }

    /// Minute m of the window is free for `a`.
    static func freeGrid(_ a: Attendee, _ c: SlotCase, minutes: Int) -> [Bool] {
        var grid = hoursGrid(a, c.window, minutes: minutes)
        let w0 = c.window.lowerBound.secondsSinceEpoch
        for p in a.busy where p.type != .free && !(c.options.tentativeIsFree && p.type == .busyTentative) {
            for m in 0..<minutes {
                let t = w0 + Int64(m) * 60
                if t >= p.range.lowerBound.secondsSinceEpoch && t < p.range.upperBound.secondsSinceEpoch { grid[m] = false }
            }
        }
        return grid
    }

    @Test func slotsAreFreeMaximalAndNoneIsMissed() async throws {
        await propertyCheck(count: 300, input: SlotSeeds(0x5_1075).generator) { c in
            let slots = try SlotFinder(c.people, options: c.options).slots(in: c.window, length: c.length, quorum: c.quorum)
            let minutes = Int((c.window.upperBound - c.window.lowerBound) / 60), w0 = c.window.lowerBound
            let free = c.people.map { Self.freeGrid($0, c, minutes: minutes) }
            let k: Int = { if case .atLeast(let k) = c.quorum { return k } else { return c.people.count } }()
            let lengthMinutes = Int(c.length / 60)
            for s in slots {
                let a = Int((s.range.lowerBound - w0) / 60), b = Int((s.range.upperBound - w0) / 60)
                #expect(s.attendees.count >= k && b - a >= lengthMinutes, "\(s)")
                let throughout = c.people.indices.filter { p in (a..<b).allSatisfy { free[p][$0] } }
                #expect(throughout == s.attendees, "\(s): free throughout are \(throughout)")
                #expect(a == 0 || !s.attendees.allSatisfy { free[$0][a - 1] }, "\(s) could start a minute earlier")
                #expect(b == minutes || !s.attendees.allSatisfy { free[$0][b] }, "\(s) could end a minute later")
            }
            // Free runs: run[p][m] = consecutive free minutes from m.
            var run = free.map { _ in Array(repeating: 0, count: minutes + 1) }
            for p in c.people.indices { for m in stride(from: minutes - 1, through: 0, by: -1) where free[p][m] { run[p][m] = run[p][m + 1] + 1 } }
            for m in 0..<max(0, minutes - lengthMinutes + 1) {
                let group = c.people.indices.filter { run[$0][m] >= lengthMinutes }
                guard group.count >= k else { continue }
                let start = w0 + Int64(m) * 60, end = start + c.length
                #expect(slots.contains { $0.range.lowerBound <= start && end <= $0.range.upperBound && Set(group).isSubset(of: $0.attendees) },
                        "missed \(start)..<\(end) for \(group)")
            }
            // Ranked by earliest.
            #expect(zip(slots, slots.dropFirst()).allSatisfy { $0.range.lowerBound <= $1.range.lowerBound })
        }
    }
}
