import Almanac
import AlmanacCalendar
import AlmanacReminders
import AlmanacTestSupport
import Testing

/// Which alarms fire when (RFC 5545 sections 3.6.6 and 3.8.6.3, RFC 9074), through `EventCalendar.alarms(in:viewer:)`.
struct AlarmQueryTests {
    static func ics(_ lines: [String]) -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Almanac//Tests//EN"] + lines + ["END:VCALENDAR"]).joined(separator: "\r\n") + "\r\n"
    }
    static func calendar(_ lines: [String]) throws -> EventCalendar { try EventCalendar(ics: ics(lines), options: .strict) }
    static func utc(_ y: Int, _ m: Int, _ d: Int, _ h: Int = 0, _ min: Int = 0) throws -> Timestamp {
        try Timestamp(utc: CivilDate(y, m, d).at(h, min))
    }
    static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    static func alarm(_ trigger: String, _ extra: [String] = []) -> [String] {
        ["BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:r", trigger] + extra + ["END:VALARM"]
    }
    /// The firings as "time (viewer clock) summary #repetition".
    static func fired(_ c: EventCalendar, _ w: Range<Timestamp>, viewer: Zone = .utc) -> [String] {
        Array(c.alarms(in: w, viewer: viewer)).map { f in
            let (clock, _) = viewer.civil(at: f.time)!
            return "\(clock) \(f.instance.title ?? "") #\(f.repetition)"
        }
    }

    @Test func startEndAndRepeatsInTimeOrder() throws {
        let c = try Self.calendar([
            "BEGIN:VEVENT", "UID:a", "SUMMARY:A", "DTSTART:20240101T090000Z", "DTEND:20240101T100000Z", "RRULE:FREQ=DAILY;COUNT=3"]
            + Self.alarm("TRIGGER:-PT15M") + Self.alarm("TRIGGER;RELATED=END:PT5M", ["REPEAT:2", "DURATION:PT10M"]) + ["END:VEVENT",
            "BEGIN:VEVENT", "UID:b", "SUMMARY:B", "DTSTART:20240102T084000Z"] + Self.alarm("TRIGGER:PT0S") + ["END:VEVENT"])
        let got = Self.fired(c, try Self.utc(2024, 1, 2)..<Self.utc(2024, 1, 2, 10, 20))
        #expect(got == ["2024-01-02T08:40:00 B #0", "2024-01-02T08:45:00 A #0", "2024-01-02T10:05:00 A #0", "2024-01-02T10:15:00 A #1"])
    }

    @Test func movedCancelledAndThisAndFutureInstances() throws {
        let c = try Self.calendar([
            "BEGIN:VEVENT", "UID:a", "SUMMARY:A", "DTSTART:20240101T090000Z", "RRULE:FREQ=DAILY;COUNT=6"] + Self.alarm("TRIGGER:-PT15M")
            + ["END:VEVENT",
            // Moved to 14:00 with its own alarm, an hour before.
            "BEGIN:VEVENT", "UID:a", "SUMMARY:moved", "RECURRENCE-ID:20240102T090000Z", "DTSTART:20240102T140000Z"]
            + Self.alarm("TRIGGER:-PT1H") + ["END:VEVENT",
            // Cancelled: no alarm.
            "BEGIN:VEVENT", "UID:a", "RECURRENCE-ID:20240103T090000Z", "DTSTART:20240103T090000Z", "STATUS:CANCELLED"]
            + Self.alarm("TRIGGER:-PT15M") + ["END:VEVENT",
            // From the 5th on: two hours later, no alarm of its own.
            "BEGIN:VEVENT", "UID:a", "SUMMARY:later", "RECURRENCE-ID;RANGE=THISANDFUTURE:20240105T090000Z", "DTSTART:20240105T110000Z",
            "END:VEVENT",
        ])
        let got = Self.fired(c, try Self.utc(2024, 1, 1)..<Self.utc(2024, 1, 8))
        #expect(got == ["2024-01-01T08:45:00 A #0", "2024-01-02T13:00:00 moved #0", "2024-01-04T08:45:00 A #0"])
    }

    @Test func thisAndFutureOverrideAlarmsGovernLaterInstances() throws {
        let c = try Self.calendar([
            "BEGIN:VEVENT", "UID:a", "SUMMARY:A", "DTSTART:20240101T090000Z", "RRULE:FREQ=DAILY;COUNT=4"] + Self.alarm("TRIGGER:-PT15M")
            + ["END:VEVENT",
            "BEGIN:VEVENT", "UID:a", "SUMMARY:B", "RECURRENCE-ID;RANGE=THISANDFUTURE:20240103T090000Z", "DTSTART:20240103T100000Z"]
            + Self.alarm("TRIGGER:-PT30M") + ["END:VEVENT"])
        let got = Self.fired(c, try Self.utc(2024, 1, 1)..<Self.utc(2024, 1, 8))
        #expect(got == ["2024-01-01T08:45:00 A #0", "2024-01-02T08:45:00 A #0", "2024-01-03T09:30:00 B #0", "2024-01-04T09:30:00 B #0"])
    }

    @Test func nominalDaysKeepTheWallClockAcrossDST() throws {
        // Europe/Paris springs forward at 02:00 on 2024-03-31: "-P1D" before
        // 09:00 that day is 09:00 on March 30th (RFC 5545 section 3.3.6), 23
        // hours before; "-PT24H" is 08:00.
        let paris = try Zone("Europe/Paris")
        let c = try Self.calendar([
            "BEGIN:VEVENT", "UID:a", "SUMMARY:A", "DTSTART;TZID=Europe/Paris:20240331T090000"] + Self.alarm("TRIGGER:-P1D")
            + Self.alarm("TRIGGER:-PT24H") + ["END:VEVENT"])
        #expect(Self.fired(c, try Self.utc(2024, 3, 29)..<Self.utc(2024, 4, 2), viewer: paris)
                == ["2024-03-30T08:00:00 A #0", "2024-03-30T09:00:00 A #0"])
    }

    @Test func allDayTriggersAreOnTheViewersClock() throws {
        // "09:00 the day before" (-PT15H from midnight) stays 09:00 in New York and in Paris, across their DST days.
        let c = try Self.calendar([
            "BEGIN:VEVENT", "UID:h", "SUMMARY:H", "DTSTART;VALUE=DATE:20240310", "RRULE:FREQ=WEEKLY;COUNT=4"] + Self.alarm("TRIGGER:-PT15H")
            + ["END:VEVENT"])
        for zone in ["America/New_York", "Europe/Paris"] {
            let z = try Zone(zone)
            let got = Self.fired(c, try Self.utc(2024, 3, 1)..<Self.utc(2024, 4, 5), viewer: z)
            #expect(got == ["2024-03-09T09:00:00 H #0", "2024-03-16T09:00:00 H #0", "2024-03-23T09:00:00 H #0", "2024-03-30T09:00:00 H #0"],
                    "\(zone)")
        }
    }

    @Test func aToDosEndIsItsDueAndCompletedToDosAreQuiet() throws {
        let c = try Self.calendar([
            "BEGIN:VTODO", "UID:t", "SUMMARY:T", "DTSTART:20240101T090000Z", "DUE:20240101T170000Z"] + Self.alarm("TRIGGER;RELATED=END:-PT1H")
            + ["END:VTODO",
            "BEGIN:VTODO", "UID:u", "SUMMARY:U", "DUE:20240101T120000Z", "STATUS:COMPLETED"] + Self.alarm("TRIGGER:-PT1H") + ["END:VTODO"])
        #expect(Self.fired(c, try Self.utc(2024, 1, 1)..<Self.utc(2024, 1, 2)) == ["2024-01-01T16:00:00 T #0"])
    }

    @Test func acknowledgedTriggersDoNotFireAgainAndSnoozesDo() throws {
        let c = try Self.calendar([
            "BEGIN:VEVENT", "UID:a", "SUMMARY:A", "DTSTART:20240101T090000Z", "RRULE:FREQ=DAILY;COUNT=3"]
            + Self.alarm("TRIGGER:-PT15M", ["UID:one", "ACKNOWLEDGED:20240102T084600Z"]) + ["END:VEVENT",
            "BEGIN:VEVENT", "UID:a", "SUMMARY:A2", "RECURRENCE-ID:20240102T090000Z", "DTSTART:20240102T090000Z"]
            + Self.alarm("TRIGGER:-PT15M", ["UID:two", "ACKNOWLEDGED:20240102T084600Z"])
            + Self.alarm("TRIGGER;VALUE=DATE-TIME:20240102T085500Z", ["RELATED-TO;RELTYPE=SNOOZE:two"]) + ["END:VEVENT"])
        let all = Array(c.alarms(in: try Self.utc(2024, 1, 1)..<Self.utc(2024, 1, 4)))
        #expect(all.map { "\($0.time.secondsSinceEpoch) \($0.instance.title ?? "")" } == [
            "\(try Self.utc(2024, 1, 2, 8, 55).secondsSinceEpoch) A2", "\(try Self.utc(2024, 1, 3, 8, 45).secondsSinceEpoch) A",
        ])
        #expect(all[0].alarm.snoozes == "two")
    }

    @Test func anAbsoluteAlarmFiresOnceForItsComponentsInstance() throws {
        let c = try Self.calendar([
            "BEGIN:VEVENT", "UID:a", "SUMMARY:A", "DTSTART:20240101T090000Z", "RRULE:FREQ=DAILY;COUNT=3"]
            + Self.alarm("TRIGGER;VALUE=DATE-TIME:20231231T180000Z", ["REPEAT:1", "DURATION:PT1H"]) + ["END:VEVENT",
            "BEGIN:VEVENT", "UID:x", "SUMMARY:X", "DTSTART:20240101T090000Z", "RRULE:FREQ=DAILY;COUNT=3", "EXDATE:20240101T090000Z"]
            + Self.alarm("TRIGGER;VALUE=DATE-TIME:20231231T180000Z") + ["END:VEVENT"])
        let all = Array(c.alarms(in: try Self.utc(2023, 12, 31)..<Self.utc(2024, 1, 4)))
        #expect(all.map(\.repetition) == [0, 1])
        #expect(all.allSatisfy { $0.instance.seriesID == "a" && $0.instance.occurrence.start == (try? CivilDate(2024, 1, 1).at(9, 0)) })
    }

    /// The next N from any instant are the first N of every firing worked
    /// out by brute force (every instance of a wide window, every alarm,
    /// every repeat, sorted), on generated calendars of UTC series whose
    /// triggers are exact (no nominal days), so that the brute force needs
    /// no zone arithmetic of its own.
    @Test(arguments: 1...12)
    func nextAlarmsAreTheFirstOfABruteForceList(seed: Int) throws {
        var rng = SplitMix64(seed: UInt64(seed))
        var lines: [String] = []
        for s in 0..<rng.int(3...20) {
            let day = rng.int(1...20), hour = rng.int(0...23)
            lines += ["BEGIN:VEVENT", "UID:s\(s)", "SUMMARY:S\(s)",
                      "DTSTART:202401\(Self.two(day))T\(Self.two(hour))0000Z", "DURATION:PT\(rng.int(0...180))M"]
            if rng.chance(0.7) { lines.append("RRULE:FREQ=\(rng.pick(["DAILY", "WEEKLY", "HOURLY;INTERVAL=7"]));COUNT=\(rng.int(1...40))") }
            for _ in 0..<rng.int(0...3) {
                // Minutes, and sometimes whole days (exact in UTC): more than
                // the 32 offset classes, so that neighbouring offsets share one.
                let minutes = rng.int(-2000...300), days = rng.chance(0.2) ? rng.int(1...40) : 0
                let related = rng.chance(0.3) ? ";RELATED=END" : ""
                let repeats = rng.chance(0.3) ? ["REPEAT:\(rng.int(1...3))", "DURATION:PT\(rng.int(1...90))M"] : []
                let value = days > 0 ? "-P\(days)DT\(abs(minutes))M" : "\(minutes < 0 ? "-" : "")PT\(abs(minutes))M"
                lines += Self.alarm("TRIGGER\(related):\(value)", repeats)
            }
            lines.append("END:VEVENT")
        }
        let c = try EventCalendar(ics: Self.ics(lines))
        var brute: [(Int64, String)] = []
        for o in c.occurrences(overlapping: Timestamp(secondsSinceEpoch: 0)..<Timestamp.max) {
            let r = o.occurrence.instants!
            for (i, a) in c.alarms(of: o).enumerated() {
                let (base, d): (Timestamp, EventDuration) = switch a.trigger {
                case .start(let d): (r.lowerBound, d)
                case .end(let d): (r.upperBound, d)
                case .absolute: (r.lowerBound, .zero)
                }
                for k in 0...a.repeatCount {
                    let t = base.secondsSinceEpoch + Int64(d.days) * 86_400 + Int64(d.seconds) + Int64(k * (a.repeatInterval?.seconds ?? 0))
                    brute.append((t, "\(o.seriesID) \(o.occurrence.start) alarm\(i) #\(k)"))
                }
            }
        }
        brute.sort { $0.0 < $1.0 }
        for _ in 0..<8 {
            let from = try Self.utc(2024, 1, rng.int(1...28), rng.int(0...23))
            let n = rng.int(1...20)
            let got = c.nextAlarms(n, from: from).map(\.time.secondsSinceEpoch)
            let want = brute.filter { $0.0 >= from.secondsSinceEpoch }.prefix(n).map(\.0)
            #expect(got == Array(want), "seed \(seed) from \(from)")
        }
    }

    /// An alarm far ahead of its instance costs a seek, not the instances in
    /// between: its class's query window is the window moved back by its offset.
    @Test func anAlarmYearsAheadOfAMinutelySeriesReadsFewInstances() throws {
        let c = try Self.calendar([
            "BEGIN:VEVENT", "UID:m", "SUMMARY:M", "DTSTART:20000101T000000Z", "RRULE:FREQ=MINUTELY"] + Self.alarm("TRIGGER:-P5000W")
            + Self.alarm("TRIGGER:-PT1M") + ["END:VEVENT"])
        let from = try Self.utc(2024, 5, 6, 12)
        var it = c.alarms(in: from..<Timestamp.max).makeIterator()
        var got: [Int64] = []
        for _ in 0..<4 { if let f = it.next() { got.append(f.time.secondsSinceEpoch - from.secondsSinceEpoch) } }
        // Every minute from `from`: the -PT1M alarm of the instance a minute
        // later, and the -P5000W one of an instance 5000 weeks later.
        #expect(got == [0, 0, 60, 60])
        // Each class reads its window and two days of slack on each side
        // (2 × 4 days of minutes: 11,520), not the 50 million instances of
        // the 5000 weeks between the alarm and its instance.
        #expect(it.work <= 12_000, "\(it.work) instances read")
    }
}
