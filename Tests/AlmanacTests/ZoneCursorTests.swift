import AlmanacTestSupport
import Testing
import AlmanacCore
@testable import Almanac

/// `_ZoneCursor` caches the span it last used; these tests check that the
/// cache never changes an answer: every result must equal the table's own
/// `resolve(localSeconds:)` and `offset(at:)` (binary searches, no state).
@Suite struct ZoneCursorTests {
    /// Zones with every kind of transition: both hemispheres, 30- and 45-minute
    /// offsets, a 30-minute DST shift (Lord Howe), a skipped day (Apia),
    /// midnight transitions (Sao Paulo, Beirut, Havana), double summer time
    /// (London 1941-1945), raw-offset-only changes (Caracas, Moscow, Kolkata),
    /// and no transitions at all (UTC).
    static let zones = [
        "America/New_York", "America/Los_Angeles", "America/Sao_Paulo", "America/Havana", "America/Caracas",
        "America/St_Johns", "Europe/London", "Europe/Moscow", "Europe/Dublin", "Africa/Casablanca",
        "Asia/Beirut", "Asia/Kolkata", "Asia/Kathmandu", "Asia/Tehran", "Australia/Sydney",
        "Australia/Lord_Howe", "Pacific/Apia", "Pacific/Chatham", "Pacific/Kiritimati", "UTC",
    ]

    static func expected(_ table: ZoneTable, _ l: Int64) -> _ZoneCursor.Resolved {
        switch table.resolve(localSeconds: l) {
        case .unique(let o): _ZoneCursor.Resolved(utc: l - Int64(o.seconds), offset: o.seconds, inGap: false)
        case .overlap(let earlier, _): _ZoneCursor.Resolved(utc: l - Int64(earlier.seconds), offset: earlier.seconds, inGap: false)
        case .gap(let before, let after): _ZoneCursor.Resolved(utc: l - Int64(before.seconds), offset: after.seconds, inGap: true)
        }
    }

    static func same(_ a: _ZoneCursor.Resolved, _ b: _ZoneCursor.Resolved) -> Bool {
        a.utc == b.utc && a.offset == b.offset && a.inGap == b.inGap
    }

    /// Checks one local time and the same number read as a UTC instant.
    static func check(_ zone: Zone, _ cursor: inout _ZoneCursor, _ utcCursor: inout _ZoneCursor, _ l: Int64) -> Bool {
        let got = cursor.resolve(local: l), want = expected(zone.table, l)
        if !same(got, want) {
            Issue.record("\(zone) local \(CivilDateTime(localSeconds: l)!): cursor \(got.utc) \(got.offset) \(got.inGap), table \(want.utc) \(want.offset) \(want.inGap)")
            return false
        }
        let o = utcCursor.offset(utc: l)
        if o != Int64(zone.table.offset(at: l)) {
            Issue.record("\(zone) utc \(Timestamp(secondsSinceEpoch: l)): cursor \(o), table \(zone.table.offset(at: l))")
            return false
        }
        return true
    }

    /// Every hour from 1900 to 2100, plus the edges of every gap and overlap
    /// (whose times are not always whole hours: Lord Howe moves by 30
    /// minutes, Chatham changes at 02:45), in increasing order.
    @Test("every hour from 1900 to 2100 and every transition edge, moving forward", arguments: zones)
    func forwardEveryHour(_ id: String) throws {
        let zone = try Zone(id)
        var cursor = _ZoneCursor(zone), utcCursor = _ZoneCursor(zone)
        let start = local(1900, 1, 1).localSeconds, end = local(2100, 1, 1).localSeconds
        var edges: [Int64] = []
        for t in zone.transitions(from: Timestamp(secondsSinceEpoch: start), to: Timestamp(secondsSinceEpoch: end)) {
            let u = t.instant.secondsSinceEpoch, a = Int64(t.before.seconds), b = Int64(t.after.seconds)
            edges += [u - 1, u, u + a - 1, u + a, u + a + 1, u + b - 1, u + b, u + b + 1]
        }
        edges.sort()
        #expect(id == "UTC" || edges.count >= 16, "\(id) has transitions between 1900 and 2100")
        var failures = 0, next = 0
        var l = start
        while l < end && failures < 5 {
            while next < edges.count && edges[next] <= l {
                if !Self.check(zone, &cursor, &utcCursor, edges[next]) { failures += 1 }
                next += 1
            }
            if !Self.check(zone, &cursor, &utcCursor, l) { failures += 1 }
            l += 3600
        }
    }

    @Test("random jumps across years 1 to 9999, seeded", arguments: zones)
    func randomJumps(_ id: String) throws {
        Self.randomJumps(try Zone(id))
    }

    /// Hand-made tables: one that does not fold, one with changes after 2500.
    @Test func randomJumpsInHandMadeZones() throws {
        let plan = try Zone(identifier: "Test/Plan", transitions: [utc(2200, 1, 1).secondsSinceEpoch], offsets: [off(1), off(2)])
        let late = try Zone(identifier: "Test/Late", transitions: [utc(2450, 3, 1, 1), utc(2450, 10, 1, 1), utc(2600, 1, 1)].map(\.secondsSinceEpoch),
                            offsets: [off(0), off(1), off(0), off(-3)])
        Self.randomJumps(plan)
        Self.randomJumps(late)
    }

    static func randomJumps(_ zone: Zone) {
        var rng = SplitMix64(seed: 0xA1_3A_7A_C0 ^ UInt64(truncatingIfNeeded: zone.identifier.utf8.reduce(0) { $0 &* 31 &+ Int($1) }))
        var cursor = _ZoneCursor(zone)
        let low = Timestamp.min.secondsSinceEpoch + 2 * 86_400, high = Timestamp.max.secondsSinceEpoch - 2 * 86_400
        var t = local(2024, 1, 1).localSeconds
        var failures = 0
        for _ in 0..<20_000 where failures < 5 {
            switch rng.next() % 4 {
            case 0: t = Int64.random(in: low...high, using: &rng)                              // anywhere
            case 1: t = Int64.random(in: local(1850, 1, 1).localSeconds...local(2700, 1, 1).localSeconds, using: &rng)
            case 2: t += Int64.random(in: -3 * 86_400...3 * 86_400, using: &rng)               // nearby, both ways
            default: t += Int64.random(in: 0...7200, using: &rng)                               // a little forward
            }
            t = min(max(t, low), high)
            let got = cursor.resolve(local: t), want = expected(zone.table, t)
            if !same(got, want) {
                failures += 1
                Issue.record("\(zone) local \(CivilDateTime(localSeconds: t)!): cursor \(got.utc) \(got.offset) \(got.inGap), table \(want.utc) \(want.offset) \(want.inGap)")
            }
            let o = cursor.offset(utc: t)
            if o != Int64(zone.table.offset(at: t)) {
                failures += 1
                Issue.record("\(zone) utc \(Timestamp(secondsSinceEpoch: t)): cursor \(o), table \(zone.table.offset(at: t))")
            }
        }
    }
}
