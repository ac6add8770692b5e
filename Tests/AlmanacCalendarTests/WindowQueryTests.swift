import Almanac
import AlmanacCalendar
import AlmanacTestSupport
import Testing

/// The calendar's window query: lazy, merged in start order across series,
/// overrides found through the index, equal to a longer window filtered.
struct WindowQueryTests {
    static let paris = try! Zone("Europe/Paris")
    static let newYork = try! Zone("America/New_York")
    static let kiritimati = try! Zone("Pacific/Kiritimati")

    static func utc(_ y: Int, _ m: Int, _ d: Int, _ h: Int = 0) -> Timestamp {
        try! Timestamp(utc: CivilDate(y, m, d).at(h, 0))
    }

    static func calendar(_ lines: [String]) throws -> EventCalendar {
        try EventCalendar(ics: (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Almanac//tests//EN"] + lines + ["END:VCALENDAR"])
            .joined(separator: "\r\n") + "\r\n", options: .strict)
    }

    static func overlaps(_ o: CalendarOccurrence, _ w: Range<Timestamp>, _ viewer: Zone) -> Bool {
        let r = o.occurrence.instants(in: viewer)
        return r.lowerBound < w.upperBound && (r.upperBound > w.lowerBound || (r.isEmpty && r.lowerBound == w.lowerBound))
    }

    /// A random series: DATE, floating, UTC or zoned; daily to yearly or
    /// hourly; bounded or not; moved, cancelled and THISANDFUTURE overrides.
    static func series(_ i: Int, _ rng: inout SplitMix64) -> [String] {
        let day = try! CivilDate(2024, 1, 1).adding(days: rng.int(-400...300))
        let time = try! CivilDateTime(day, CivilTime(rng.int(0...23), rng.pick([0, 30])))
        let form = rng.int(0...3)
        func value(_ c: CivilDateTime) -> String {
            switch form {
            case 0: return ";VALUE=DATE:" + Anchor.date(c.date).rfc5545
            case 1: return ":" + Anchor.floating(c).rfc5545
            case 2: return ":" + Anchor.utc(c).rfc5545
            default: return ";TZID=America/New_York:" + Anchor.floating(c).rfc5545
            }
        }
        var rules = ["FREQ=DAILY", "FREQ=WEEKLY;BYDAY=MO,TH", "FREQ=MONTHLY;BYMONTHDAY=1,15", "FREQ=YEARLY", "FREQ=DAILY;INTERVAL=3"]
        if form != 0 { rules.append("FREQ=HOURLY;INTERVAL=7") }
        var rule = rng.pick(rules)
        if rng.chance(0.5) { rule += rng.chance(0.5) ? ";COUNT=\(rng.int(1...80))" : ";UNTIL=" + (form == 0 ? "20241231" : form == 1 ? "20241231T000000" : "20241231T000000Z") }
        var lines = ["BEGIN:VEVENT", "UID:s\(i)", "SUMMARY:series \(i)", "DTSTART" + value(time)]
        if rng.chance(0.7) { lines.append(form == 0 ? "DURATION:P\(rng.int(1...3))D" : "DURATION:PT\(rng.int(0...30))H") }
        if rng.chance(0.8) { lines.append("RRULE:" + rule) }
        if form != 0, rng.chance(0.3) {
            // An RDATE period, up to two years long: far longer than the series (fuzz-sync finding 26).
            let at = try! CivilDateTime(day.adding(days: rng.int(-300...300)), CivilTime(rng.int(0...23), 0))
            let length = rng.chance(0.5) ? "P\(rng.int(1...800))D" : "PT\(rng.int(1...90))H"
            lines.append("RDATE;VALUE=PERIOD" + value(at) + "/" + length)
        }
        lines.append("END:VEVENT")
        // Overrides name instances of a daily grid from DTSTART; those that
        // name no instance are kept as the RFC says (they add an instance).
        for _ in 0..<rng.int(0...3) {
            let rid = try! CivilDateTime(day.adding(days: rng.int(0...60)), time.time)
            let moved = try! CivilDateTime(rid.date.adding(days: rng.int(-40...40)), CivilTime(rng.int(0...23), 0))
            lines += ["BEGIN:VEVENT", "UID:s\(i)", "SUMMARY:moved \(i)", "RECURRENCE-ID" + (rng.chance(0.3) ? ";RANGE=THISANDFUTURE" : "") + value(rid),
                      "DTSTART" + value(moved)]
            if rng.chance(0.3) { lines.append("STATUS:CANCELLED") }
            lines.append("END:VEVENT")
        }
        return lines
    }

    /// Every window inside a long one returns the long one's instances
    /// that overlap it, in the same order; instances come in start order.
    @Test(arguments: 0..<16)
    func windowEqualsLongerWindowFiltered(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed &* 7919 &+ 11)
        var lines: [String] = []
        for i in 0..<rng.int(1...25) { lines += Self.series(i, &rng) }
        let c = try Self.calendar(lines)
        // Kiritimati (+14:00): floating and all-day values start 14 hours before their UTC reading.
        let viewer = rng.pick([Self.paris, Self.newYork, Zone.utc, Self.kiritimati])
        let long = Self.utc(2023, 6, 1)..<Self.utc(2025, 6, 1)
        let all = Array(c.occurrences(overlapping: long, viewer: viewer))
        for (a, b) in zip(all, all.dropFirst()) {
            #expect(a.occurrence.instants(in: viewer).lowerBound <= b.occurrence.instants(in: viewer).lowerBound)
        }
        for _ in 0..<20 {
            let from = Timestamp(secondsSinceEpoch: long.lowerBound.secondsSinceEpoch + Int64(rng.int(0...700 * 24)) * 3600)
            let to = Timestamp(secondsSinceEpoch: from.secondsSinceEpoch + Int64(rng.pick([1, 24, 168, 24 * 31])) * 3600)
            let drops = rng.chance(0.3)
            let expected = all.filter { Self.overlaps($0, from..<to, viewer) && !(drops && $0.status == .cancelled) }
            #expect(Array(c.occurrences(overlapping: from..<to, viewer: viewer, dropsCancelled: drops)) == expected,
                    "seed \(seed), \(from)..<\(to)")
        }
    }

    /// The query is lazy: the first instances of a window that runs to the
    /// end of time come without expanding the rest (a SECONDLY series has
    /// 250 billion instances until 9999).
    @Test func firstInstancesOfAnEndlessWindowComeAtOnce() throws {
        let c = try Self.calendar(["BEGIN:VEVENT", "UID:tick", "DTSTART:20240101T000000Z", "RRULE:FREQ=SECONDLY", "END:VEVENT",
                                   "BEGIN:VEVENT", "UID:day", "DTSTART;VALUE=DATE:20240102", "RRULE:FREQ=DAILY", "END:VEVENT"])
        let first = Array(c.occurrences(overlapping: Self.utc(2024, 1, 2)..<Timestamp.max).prefix(3))
        #expect(first.map(\.seriesID) == ["day", "tick", "tick"])
        #expect(first.map { $0.occurrence.instants(in: .utc).lowerBound.secondsSinceEpoch - Self.utc(2024, 1, 2).secondsSinceEpoch } == [0, 0, 1])
    }

    /// A floating hourly series seen in New York across the spring gap, and a
    /// zoned one moved by a THISANDFUTURE override across the autumn fold:
    /// wall clocks turned into instants swap around the change, and the
    /// query still returns them in start order.
    @Test func instancesAroundOffsetChangesComeInStartOrder() throws {
        let c = try Self.calendar([
            "BEGIN:VEVENT", "UID:float", "DTSTART:20240309T000000", "RRULE:FREQ=MINUTELY;INTERVAL=20;COUNT=300", "END:VEVENT",
            "BEGIN:VEVENT", "UID:zoned", "DTSTART;TZID=America/New_York:20241102T000000", "RRULE:FREQ=MINUTELY;INTERVAL=20;COUNT=300", "END:VEVENT",
            "BEGIN:VEVENT", "UID:zoned", "RECURRENCE-ID;RANGE=THISANDFUTURE;TZID=America/New_York:20241102T120000",
            "DTSTART;TZID=America/New_York:20241102T121000", "END:VEVENT",
        ])
        for w in [Self.utc(2024, 3, 8)..<Self.utc(2024, 3, 16), Self.utc(2024, 11, 1)..<Self.utc(2024, 11, 9)] {
            let found = Array(c.occurrences(overlapping: w, viewer: Self.newYork))
            let starts = found.map { $0.occurrence.instants(in: Self.newYork).lowerBound }
            #expect(zip(starts, starts.dropFirst()).filter { $0 > $1 }.isEmpty, "instances out of start order in \(w)")
            #expect(found.count == 300)
        }
    }

    /// An instance moved into a window from years away is found through the
    /// index, and the series' own instance is not listed twice.
    @Test func instanceMovedFromFarAwayIsFound() throws {
        let c = try Self.calendar([
            "BEGIN:VEVENT", "UID:w", "DTSTART;TZID=Europe/Paris:20100104T090000", "RRULE:FREQ=WEEKLY;COUNT=3", "END:VEVENT",
            "BEGIN:VEVENT", "UID:w", "RECURRENCE-ID;TZID=Europe/Paris:20100111T090000",
            "DTSTART;TZID=Europe/Paris:20300107T100000", "SUMMARY:moved twenty years", "END:VEVENT",
        ])
        let found = Array(c.occurrences(overlapping: Self.utc(2030, 1, 7)..<Self.utc(2030, 1, 8), viewer: Self.paris))
        #expect(found.map(\.title) == ["moved twenty years"])
        #expect(Array(c.occurrences(overlapping: Self.utc(2010, 1, 1)..<Self.utc(2010, 2, 1))).count == 2)
    }
}
