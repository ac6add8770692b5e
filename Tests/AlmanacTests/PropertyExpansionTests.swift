import AlmanacTestSupport
import PropertyBased
import Synchronization
import Testing
@testable import Almanac

/// Properties of rule expansion over generated rules, anchors and windows
/// (PropertyGenerators.swift), checked with PropertyBased: a failing case is
/// shrunk to a smaller one, and every case reproduces from its seed.
///
/// Sources: RFC 5545 section 3.3.10 (rule semantics), 3.8.5.3 (DTSTART is
/// the first instance), 3.8.5.1 (EXDATE), 3.3.5 (times in gaps and
/// overlaps); DESIGN.md "Decisions already made" (sub-daily rules step in
/// elapsed time and filter on the wall clock).
///
/// Each property runs a bounded number of cases with a bounded prefix of each
/// expansion, so that it takes a few seconds in a debug build.
@Suite(.serialized) struct PropertyExpansionTests {
    /// Occurrences looked at per case.
    static let prefix = 300

    /// Strictly increasing instants, never more than COUNT, none past UNTIL
    /// (UNTIL in the series' terms: a DATE against dates, a floating time
    /// against wall clocks, a UTC time against instants, RFC 5545 section
    /// 3.3.10), DTSTART first, and each occurrence's fields consistent.
    @Test func occurrencesIncreaseAndStopAtCountAndUntil() async throws {
        await propertyCheck(count: 400, input: PropertyGen.cases(SeedStream(0x1_C0FFEE))) { c in
            let occurrences = try c.set.occurrences().first(Self.prefix)
            let predicate = RFCPredicate(rule: c.rule, start: c.start)
            for (a, b) in zip(occurrences, occurrences.dropFirst()) {
                #expect(a.timestamp < b.timestamp, "not increasing: \(a) then \(b)")
            }
            if let count = c.rule.count { #expect(occurrences.count <= count, "\(occurrences.count) occurrences for COUNT=\(count)") }
            let untilKey = c.rule.until.map(RFCPredicate.untilKey)
            // UNTIL bounds the rule's instances; DTSTART is the first instance
            // even past UNTIL (RFC 5545 sections 3.3.10 and 3.8.5.3).
            if let untilKey, let last = occurrences.dropFirst().last {
                #expect(last.timestamp.secondsSinceEpoch <= untilKey, "\(last) is past UNTIL")
            }
            #expect(occurrences.first?.timestamp.secondsSinceEpoch == predicate.startKey,
                    "the first occurrence \(occurrences.first.map(String.init(describing:)) ?? "none") is not DTSTART (key \(predicate.startKey))")
            if let untilKey, predicate.startKey > untilKey {
                #expect(occurrences.count == 1, "DTSTART is past UNTIL, yet \(occurrences.dropFirst().first!) is produced")
            }
            for o in occurrences {
                #expect(o.kind == c.start.kind)
                #expect((1...9999).contains(o.start.date.year))
                #expect(o.end >= o.timestamp)
                switch c.start {
                case .date:
                    // All-day: dates, no instant and no offset until a zone is chosen.
                    #expect(o.start.time == .midnight && o.offset == nil && o.instants == nil && o.timestamp.secondsSinceEpoch == o.start.localSeconds)
                case .floating:
                    #expect(o.offset == nil && o.instants == nil && o.timestamp.secondsSinceEpoch == o.start.localSeconds, "\(o)")
                case .utc:
                    #expect(o.offset == .zero && o.instants?.lowerBound.secondsSinceEpoch == o.start.localSeconds, "\(o)")
                case .zoned(_, let zone):
                    #expect(o.offset == zone.offset(at: o.timestamp) && o.timestamp == o.start.timestamp(at: o.offset ?? .zero), "\(o)")
                }
            }
        }
    }

    /// A window query equals the full expansion filtered to the window, for
    /// windows near an occurrence (index 0 to 3000) or anywhere from before
    /// DTSTART to thousands of years after it; with COUNT too. This checks
    /// the seeking of rules without COUNT. When the full expansion would be
    /// too long to walk up to the window, the window is compared with a query
    /// of a window that starts earlier (another seek).
    @Test func windowEqualsFilteredFullExpansion() async throws {
        let stats = Counter()
        await propertyCheck(count: 400, input: PropertyGen.cases(SeedStream(0x2_5EE4))) { c in
            let set = c.set
            let wanted = 200, walkLimit = 20_000
            var head: [Occurrence] = []
            if case .aroundOccurrence(let index, _, _) = c.windowSpec { head = try set.occurrences().first(index + 1) }
            let window = c.window(head)
            let windowed = try set.occurrences(in: window).first(wanted)
            let context = Comment(rawValue: "window \(PropertyCase.boundText(window.lowerBound, c.start)) ..< \(PropertyCase.boundText(window.upperBound, c.start)): \(c.batchRequest(window: window))")

            var reference: [Occurrence] = []
            var walked = 0, conclusive = true
            for o in try set.occurrences() {
                if o.timestamp >= window.upperBound || reference.count == wanted { break }
                if o.timestamp >= window.lowerBound { reference.append(o) }
                walked += 1
                if walked == walkLimit { conclusive = false; break }
            }
            if conclusive {
                stats.add()
                #expect(windowed == reference, context)
                return
            }
            // Too far to walk: seek from an hour to a few days earlier and compare.
            let earlier = Timestamp(secondsSinceEpoch: window.lowerBound.secondsSinceEpoch - Int64(3600 + (c.pick % 300_000)))
            var other: [Occurrence] = []
            walked = 0
            for o in try set.occurrences(in: earlier..<window.upperBound) {
                if other.count == wanted { break }
                if o.timestamp >= window.lowerBound { other.append(o) }
                walked += 1
                if walked == walkLimit { return }
            }
            #expect(windowed == other, "seeking from \(earlier) disagrees; \(context)")
        }
        // Most cases must compare with the full expansion, or the property says little.
        #expect(stats.value >= 250, "only \(stats.value) of 400 windows compared with the full expansion")
    }

    /// Every occurrence satisfies every BYxxx part of its rule, by an
    /// independent reading of RFC 5545 section 3.3.10 (PropertyOracle.swift,
    /// which says what it can and cannot decide per occurrence); and BYSETPOS
    /// never keeps more instances in a frame than it has positions.
    @Test func everyOccurrenceSatisfiesTheRule() async throws {
        await propertyCheck(count: 500, input: PropertyGen.cases(SeedStream(0x3_0AC1E))) { c in
            guard c.rule.skip == nil || c.rule.skip == .omit else { return }
            let predicate = RFCPredicate(rule: c.rule, start: c.start)
            let occurrences = try c.set.occurrences().first(Self.prefix)
            var perFrame: [Int64: Int] = [:]
            for (i, o) in occurrences.enumerated() {
                // DTSTART is an instance whether or not it matches (RFC 5545 section 3.8.5.3).
                if i == 0 && o.timestamp.secondsSinceEpoch == predicate.startKey { continue }
                let problems = predicate.problems(o, options: c.options)
                #expect(problems.isEmpty, "\(o) (produced as \(o.recurrenceID)): \(problems.joined(separator: "; "))")
                perFrame[predicate.frame(of: o), default: 0] += 1
            }
            let positions = Set(c.rule.bySetPos.filter { $0 != 0 }).count
            if positions > 0, let worst = perFrame.max(by: { $0.value < $1.value }) {
                #expect(worst.value <= positions, "frame \(worst.key) has \(worst.value) instances for \(positions) BYSETPOS positions")
            }
        }
    }

    /// Nothing is left out: for day-based rules without BYSETPOS, every civil
    /// date-time from DTSTART to the last occurrence seen that the
    /// independent predicate accepts (day parts, frame, times) is produced,
    /// unless RFC 5545 section 3.3.5 moves it out of a gap onto an instant
    /// already produced (or the gap policy skips it). Checked over at most
    /// 3,000 days per case.
    @Test func noCandidateIsLeftOut() async throws {
        await propertyCheck(count: 300, input: PropertyGen.cases(SeedStream(0x8_C0491E7E))) { c in
            guard c.rule.frequency >= .daily, c.rule.bySetPos.isEmpty, c.rule.skip == nil || c.rule.skip == .omit else { return }
            let predicate = RFCPredicate(rule: c.rule, start: c.start)
            let occurrences = try c.set.occurrences().first(150)
            guard let last = occurrences.last else { return }
            let produced = Set(occurrences.map { OracleCivil.seconds(OracleCivil.wall($0.recurrenceID.dateTime)) })
            let instants = Set(occurrences.map(\.timestamp.secondsSinceEpoch))
            let lastWall = OracleCivil.wall(last.recurrenceID.dateTime)
            let startFrame = predicate.frameNumber(predicate.startWall)
            var times: [Int] = []
            if case .date = c.start { times = [0] } else {
                for h in predicate.allowedHours.sorted() { for m in predicate.allowedMinutes.sorted() { for s in predicate.allowedSeconds.sorted() { times.append(h * 3600 + m * 60 + s) } } }
            }
            let zone: Zone? = switch c.start { case .zoned(_, let z): z; default: nil }
            var day = predicate.startWall.dayNumber
            var missing: [String] = []
            while day <= min(lastWall.dayNumber, predicate.startWall.dayNumber + 3000) && missing.count < 3 {
                defer { day += 1 }
                let (y, mo, d) = OracleCivil.date(day)
                let w = Wall(year: y, month: mo, day: d, hour: 0, minute: 0, second: 0, dayNumber: day)
                guard predicate.dayProblems(w, explain: false).isEmpty else { continue }
                let p = predicate.frameNumber(w) - startFrame
                guard p >= 0, p % c.rule.interval == 0 else { continue }
                for t in times {
                    let candidate = Wall(year: y, month: mo, day: d, hour: t / 3600, minute: t / 60 % 60, second: t % 60, dayNumber: day)
                    guard predicate.startWall < candidate, candidate < lastWall else { continue }
                    let local = OracleCivil.seconds(candidate)
                    if produced.contains(local) { continue }
                    // A time in a gap: skipped by policy, or moved onto an instant already there.
                    if let zone, case .gap = zone.resolve(CivilDateTime(localSeconds: local)!) {
                        if c.options.nonexistentTimes == .skip || instants.contains(RFCPredicate.instant(of: candidate, in: zone)) { continue }
                    }
                    missing.append(candidate.description)
                }
            }
            #expect(missing.isEmpty, "not produced: \(missing.joined(separator: ", ")); \(c.batchRequest())")
        }
    }

    /// EXDATE of one occurrence removes exactly that occurrence (RFC 5545
    /// section 3.8.5.1), named as a DATE, a floating time, a UTC time, or a
    /// local time in the zone when it is not ambiguous; an excluded occurrence
    /// still counts toward COUNT.
    @Test func exdateRemovesExactlyThatOccurrence() async throws {
        await propertyCheck(count: 400, input: PropertyGen.cases(SeedStream(0x4_E8DA7E))) { c in
            let n = 80
            let occurrences = try c.set.occurrences().first(n)
            guard !occurrences.isEmpty else { return }
            let i = Int(c.pick % UInt64(occurrences.count))
            let o = occurrences[i]
            let exdate: Anchor
            switch c.start {
            case .date: exdate = .date(o.start.date)
            case .floating: exdate = .floating(o.start)
            case .utc: exdate = .utc(o.start)
            case .zoned(_, let zone):
                if case .unique = zone.resolve(o.start), c.pick & (1 << 40) != 0 { exdate = .zoned(o.start, zone) }
                else { exdate = .utc(o.timestamp.utc!) }
            }
            var excluded = c.set
            excluded.excludedDates = [exdate]
            var expected = occurrences
            expected.remove(at: i)
            let got = try excluded.occurrences().first(n - 1)
            #expect(got == expected, "EXDATE \(PropertyCase.text(exdate, in: c.start)) of occurrence \(i) \(o): \(c.batchRequest(exdate: [exdate]))")
        }
    }

    /// `include_dtstart: false` (``ExpansionOptions/includesStart``) gives the
    /// default output minus DTSTART when the rule does not produce DTSTART,
    /// and the same output when it does (decided by the independent
    /// predicate, so only without BYSETPOS and SKIP). With COUNT the
    /// non-default reading counts one more rule instance, so the comparison
    /// is on the common prefix.
    @Test func withoutDTSTARTIsTheDefaultMinusDTSTART() async throws {
        await propertyCheck(count: 400, input: PropertyGen.cases(SeedStream(0x5_D757A27))) { c in
            guard c.rule.bySetPos.isEmpty, c.rule.skip == nil || c.rule.skip == .omit else { return }
            let n = 120
            let standard = try c.set.occurrences().first(n)
            guard !standard.isEmpty else { return }
            var set = c.set
            set.options.includesStart = false
            let alternative = try set.occurrences().first(n)
            // The rule produces DTSTART when DTSTART matches it and UNTIL does not end it first.
            let predicate = RFCPredicate(rule: c.rule, start: c.start)
            let produced = predicate.startMatches() && (c.rule.until.map { predicate.startKey <= RFCPredicate.untilKey($0) } ?? true)
            if produced {
                #expect(alternative == standard, "DTSTART matches the rule, so both readings agree")
            } else {
                #expect(Array(alternative.prefix(standard.count - 1)) == Array(standard.dropFirst()),
                        "DTSTART does not match the rule: \(standard.first!) should be the only difference")
            }
        }
    }
}

/// A counter the property bodies can bump.
final class Counter: Sendable {
    private let count = Atomic<Int>(0)
    func add() { count.add(1, ordering: .relaxed) }
    var value: Int { count.load(ordering: .relaxed) }
}
