import Almanac
import AlmanacCalendar
import AlmanacSync
import AlmanacTestSupport
import Testing

/// Random edits (move, cancel, retitle, a new time of day, an EXDATE, a
/// series deleted or added) applied to generated calendars; the diff must
/// equal a brute-force comparison of the two expansions over a wide span.
struct SnapshotDiffTests {
    static let zones = [try! Zone("Europe/Paris"), try! Zone("America/New_York"), Zone.utc]
    static let window = try! Timestamp(utc: CivilDate(2024, 6, 1).at(0, 0))..<Timestamp(utc: CivilDate(2024, 7, 1).at(0, 0))
    static let wide = try! Timestamp(utc: CivilDate(2023, 1, 1).at(0, 0))..<Timestamp(utc: CivilDate(2026, 1, 1).at(0, 0))

    static func series(_ i: Int, _ rng: inout SplitMix64) throws -> CalendarEvent {
        let day = try CivilDate(2024, 5, 1).adding(days: rng.int(0...50))
        let start: Anchor = try rng.chance(0.2) ? .date(day) : .zoned(day.at(rng.int(7...18), 0), rng.pick(zones))
        let rule = try RecurrenceRule(rng.pick(["FREQ=DAILY;INTERVAL=3", "FREQ=WEEKLY", "FREQ=WEEKLY;BYDAY=MO,TH", "FREQ=MONTHLY"]))
        let length: RecurrenceSet.Length = start.kind == .date ? .duration(EventDuration(days: rng.int(1...2))) : .duration(EventDuration(seconds: 3600))
        let set = RecurrenceSet(start: start, rules: rng.chance(0.8) ? [rule] : [], length: length)
        return CalendarEvent(id: "s\(i)", title: "series \(i)", recurrence: set)
    }

    /// An instance of `e` in or near the window, if it has one.
    static func instance(_ e: CalendarEvent, _ rng: inout SplitMix64) -> Occurrence? {
        let all = (try? Array(e.recurrence.occurrences().prefix(40))) ?? []
        return all.isEmpty ? nil : rng.pick(all)
    }

    static func edit(_ events: inout [CalendarEvent], _ rng: inout SplitMix64) throws {
        guard !events.isEmpty else { return }
        let k = rng.int(0...(events.count - 1))
        var e = events[k]
        switch rng.int(0...6) {
        case 0, 1:
            guard let o = instance(e, &rng) else { return }
            let rid = e.recurrence.start.withWallClock(o.recurrenceID.dateTime)
            let shift = rng.pick([-30, -1, 1, 2, 40]) * (e.recurrence.start.kind == .date ? 1 : 3600)
            let start: Anchor = e.recurrence.start.kind == .date
                ? .date(try o.recurrenceID.date.adding(days: shift))
                : e.recurrence.start.withWallClock(CivilDateTime(localSeconds: o.recurrenceID.dateTime.localSeconds + Int64(shift))!)
            e.overrides.append(.init(originalStart: rid, start: start, length: e.recurrence.length, title: rng.chance(0.5) ? "moved" : e.title,
                                     status: rng.chance(0.3) ? .cancelled : nil))
        case 2: e.title = "retitled"
        case 3:
            guard case .zoned(let c, let z) = e.recurrence.start else { return }
            e.recurrence.start = try .zoned(CivilDateTime(c.date, CivilTime(c.time.hour + 1, 0)), z)
        case 4:
            guard let o = instance(e, &rng) else { return }
            e.recurrence.excludedDates.append(e.recurrence.start.withWallClock(o.recurrenceID.dateTime))
        case 5:
            events.remove(at: k)
            return
        default:
            events.append(try series(100 + k, &rng))
            return
        }
        events[k] = e
    }

    /// What the diff should say, from both expansions over a wide span.
    static func bruteForce(_ before: EventCalendar, _ after: EventCalendar) -> Set<String> {
        func all(_ c: EventCalendar) -> [OccurrenceKey: CalendarOccurrence] {
            Dictionary(c.occurrences(overlapping: wide, dropsCancelled: true).map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
        }
        let (old, new) = (all(before), all(after))
        func inWindow(_ o: CalendarOccurrence) -> Bool {
            let r = o.occurrence.instants(in: .utc)
            return r.lowerBound < window.upperBound && (r.upperBound > window.lowerBound || (r.isEmpty && r.lowerBound == window.lowerBound))
        }
        // A new time of day moves each instance to the same date in the edited series (Rekeying's label).
        func counterpart(_ k: OccurrenceKey, in side: [OccurrenceKey: CalendarOccurrence]) -> OccurrenceKey? {
            if side[k] != nil { return k }
            return side.keys.first { $0.seriesID == k.seriesID && $0.recurrenceID.date == k.recurrenceID.date && !k.recurrenceID.isAllDay }
        }
        var out: Set<String> = []
        for (k, b) in old where inWindow(b) {
            guard let nk = counterpart(k, in: new), let a = new[nk] else { out.insert("removed \(k)"); continue }
            if let c = describe(b, a) { out.insert(c + " \(k)") }
        }
        for (k, a) in new where inWindow(a) {
            let ok = old.keys.first { counterpart($0, in: new) == k && old[$0] != nil }
            if let ok, let b = old[ok] {
                if !inWindow(b), let c = describe(b, a) { out.insert(c + " \(ok)") }
            } else {
                out.insert("added \(k)")
            }
        }
        return out
    }

    static func describe(_ b: CalendarOccurrence, _ a: CalendarOccurrence) -> String? {
        let x = b.occurrence.instants(in: .utc), y = a.occurrence.instants(in: .utc)
        if x != y { return "moved" }
        return b.title != a.title || b.status != a.status || b.isAllDay != a.isAllDay ? "changed" : nil
    }

    @Test(arguments: 0..<10)
    func diffEqualsBruteForce(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed &* 31 &+ 7)
        for round in 0..<10 {
            var events = try (0..<rng.int(2...10)).map { i throws in try Self.series(i, &rng) }
            let before = EventCalendar(events: events)
            for _ in 0..<rng.int(1...4) { try Self.edit(&events, &rng) }
            let after = EventCalendar(events: events)
            let diff = SnapshotDiff(before: before, after: after, window: Self.window)
            let got = Set(diff.changes.map { "\($0.kind.rawValue) \($0.key)" })
            let expected = Self.bruteForce(before, after)
            #expect(got == expected, "seed \(seed) round \(round): only in the diff \(got.subtracting(expected).sorted()), only in brute force \(expected.subtracting(got).sorted())")
            for c in diff.changes {
                if let b = c.before { #expect(before.events[b.eventIndex].id == b.seriesID) }
                if let a = c.after { #expect(after.events[a.eventIndex].id == a.seriesID) }
            }
            #expect(diff.changes.count == got.count, "a key reported twice: \(diff.changes.map { "\($0.kind.rawValue) \($0.key) \($0.newKey?.description ?? "")" }.sorted())")
            // Every day key of the window of a series that changed is mapped
            // or orphaned, never both, never lost; the others are not listed.
            let changed = Set(events.map(\.id)).symmetricDifference(before.events.map(\.id))
                .union(before.events.filter { b in !events.contains(b) }.map(\.id))
            let days = before.daySlices(overlapping: Self.window, viewer: .utc, dropsCancelled: true).map(\.key)
            #expect(Set(days.filter { changed.contains($0.occurrence.seriesID) }) == Set(diff.dayKeys.mapping.keys).union(diff.dayKeys.orphaned),
                    "seed \(seed) round \(round)")
            #expect(Set(diff.dayKeys.mapping.keys).isDisjoint(with: diff.dayKeys.orphaned))
        }
    }

    /// A stand-up moved from 09:00 to 10:00 is moved, with its records carried over.
    @Test func newTimeOfDayIsAMoveWithRecordsCarried() throws {
        let paris = try Zone("Europe/Paris")
        let rule = try RecurrenceRule("FREQ=WEEKLY;BYDAY=MO")
        let old = CalendarEvent(id: "standup", title: "Stand-up",
                                recurrence: try RecurrenceSet(start: .zoned(CivilDate(2024, 6, 3).at(9, 0), paris), rules: [rule]))
        var new = old
        new.recurrence.start = try .zoned(CivilDate(2024, 6, 3).at(10, 0), paris)
        let diff = SnapshotDiff(before: EventCalendar(events: [old]), after: EventCalendar(events: [new]), window: Self.window, viewer: paris)
        #expect(diff.changes.map(\.kind) == [.moved, .moved, .moved, .moved])
        #expect(diff.changes.allSatisfy { $0.time == .both && $0.newKey != nil })
        let june3 = try DayKey(parsing: "standup/2024-06-03T09:00:00/2024-06-03")
        #expect(diff.dayKeys.mapping[june3]?.description == "standup/2024-06-03T10:00:00/2024-06-03")
        #expect(diff.dayKeys.orphaned.isEmpty)
    }
}
