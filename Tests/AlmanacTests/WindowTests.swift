import AlmanacTestSupport
import Testing
@testable import Almanac

/// Windows say what they are made of (instants, instants with a viewer zone,
/// wall clocks, dates), and occurrences keep instants and wall clocks apart.
/// Each window kind is checked against the full expansion filtered by the
/// same measure, over generated rules and anchors (PropertyGenerators.swift).
@Suite struct WindowTests {
    static let viewers = ["Asia/Tokyo", "America/New_York", "Europe/London", "Australia/Lord_Howe", "America/Sao_Paulo", "Pacific/Apia"]

    @Test func everyWindowKindEqualsTheFilteredFullExpansion() throws {
        var rng = SplitMix64(seed: 0x51DE_0001)
        let viewers = try Self.viewers.map { try Zone($0) }
        var checked = 0
        for _ in 0..<250 {
            let c = PropertyCase(seed: rng.next())
            let all = Array(try c.set.occurrences().prefix(120))
            guard let first = all.first?.timestamp.secondsSinceEpoch, let last = all.last?.timestamp.secondsSinceEpoch else { continue }
            // Occurrences past the prefix start after `last`: a window ending
            // three days before it (offsets stay within 26 hours) is complete.
            let margin: Int64 = 3 * 86_400
            guard last - margin > first else { continue }
            let lo = Int64.random(in: (first - 86_400)...(last - margin), using: &rng)
            let hi = Int64.random(in: lo...(last - margin), using: &rng)
            guard let wl = CivilDateTime(localSeconds: lo), let wh = CivilDateTime(localSeconds: hi) else { continue }
            let viewer = rng.pick(viewers)
            let instants = Timestamp(secondsSinceEpoch: lo)..<Timestamp(secondsSinceEpoch: hi)
            let context = Comment(rawValue: "seed \(c.seed): \(c.rule) from \(c.start), viewer \(viewer.identifier)")

            let byWallClock = all.filter { wl <= $0.start && $0.start < wh }
            #expect(Array(try c.set.occurrences(in: .wallClock(wl..<wh))) == byWallClock, context)
            let days = wl.date..<wh.date
            #expect(Array(try c.set.occurrences(in: .dates(days))) == all.filter { days.contains($0.start.date) }, context)
            let placed = all.filter { instants.contains($0.instants(in: viewer).lowerBound) }
            #expect(Array(try c.set.occurrences(in: .instants(instants, viewer: viewer))) == placed, context)
            switch c.start.kind {
            case .date, .floating:
                #expect(throws: AlmanacError.self, context) { try c.set.occurrences(in: .instants(instants)) }
            case .utc, .zoned:
                #expect(Array(try c.set.occurrences(in: .instants(instants))) == placed, context)
                #expect(all.allSatisfy { $0.instants != nil && $0.offset != nil }, context)
            }
            checked += 1
        }
        #expect(checked > 150)
    }

    /// A floating series has no instants: the window must say how to place it.
    @Test func aFloatingSeriesNeedsAViewerForInstants() throws {
        let set = try RecurrenceSet(start: .floating(CivilDate(2024, 5, 1).at(9, 0)), rules: [try RecurrenceRule("FREQ=DAILY")])
        let tokyo = try Zone("Asia/Tokyo")
        let week = try tokyo.startOfDay(CivilDate(2024, 5, 6))..<tokyo.startOfDay(CivilDate(2024, 5, 13))
        #expect(throws: AlmanacError.self) { try set.occurrences(in: .instants(week)) }
        let got = Array(try set.occurrences(in: .instants(week, viewer: tokyo)))
        #expect(try got.map(\.start.date) == (6..<13).map { try CivilDate(2024, 5, $0) })
        // 09:00 in Tokyo (+09:00) is midnight UTC.
        #expect(try got.allSatisfy { try $0.instants == nil && $0.instants(in: tokyo).lowerBound == Timestamp(utc: $0.start.date.at(0, 0)) })
    }

    /// HOURLY steps in elapsed time, so a fall-back night shows 01:00 twice;
    /// the second is the repeat of the wall-clock time in its recurrence id.
    @Test func theRepeatOfAWallClockTimeIsMarkedInTheRecurrenceID() throws {
        let ny = try Zone("America/New_York")
        let night = try CivilDate(2024, 11, 3)
        let set = try RecurrenceSet(start: .zoned(night.at(0, 0), ny), rules: [try RecurrenceRule("FREQ=HOURLY;COUNT=4")])
        let one = Array(try set.occurrences(in: .wallClock(night.at(1, 0)..<night.at(2, 0))))
        guard case .overlap(let earlier, let later) = try ny.resolve(night.at(1, 0)) else {
            Issue.record("01:00 on 2024-11-03 is not ambiguous in New York")
            return
        }
        #expect(one.map(\.offset) == [earlier, later])
        #expect(try one.map(\.recurrenceID) == [RecurrenceID(night.at(1, 0)), RecurrenceID(night.at(1, 0), isRepeat: true)])
        #expect(try one.map { $0.instants!.lowerBound } == [night.at(1, 0).timestamp(at: earlier), night.at(1, 0).timestamp(at: later)])
    }

    /// `<` is a strict total order that agrees with `==`, across value forms.
    @Test func orderAgreesWithEquality() throws {
        var rng = SplitMix64(seed: 0x0DE2_0001)
        var pool: [Occurrence] = []
        for _ in 0..<40 { pool += Array(try PropertyCase(seed: rng.next()).set.occurrences().prefix(8)) }
        pool += pool.prefix(20)   // equal pairs
        for _ in 0..<4_000 {
            let a = rng.pick(pool), b = rng.pick(pool)
            #expect((a < b) != (b < a) || a == b, "\(a) and \(b)")
            #expect(!(a < b && b < a))
            if !(a < b) && !(b < a) { #expect(a == b, "\(a) and \(b) are unordered but not equal") }
        }
        let sorted = pool.sorted()
        #expect(zip(sorted, sorted.dropFirst()).allSatisfy { !($1 < $0) })
    }
}
