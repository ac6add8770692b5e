import Almanac
import AlmanacCalendar
import AlmanacTestSupport
import Testing

/// Bounded cost on every shape (issue 24, part 4), in machine-independent
/// counts: the instances a query takes from the engine.
struct CostTests {
    /// A daily series and `n` RANGE=THISANDFUTURE overrides, one every
    /// third day (each moving the rest by 0-2 hours, or days for a DATE
    /// series), in the value form `form`.
    static func chain(_ n: Int, form: String) -> String {
        func value(_ name: String, _ day: Int, _ hour: Int, range: Bool = false) -> String {
            let d = try! CivilDate(2020, 1, 1).adding(days: day)
            let date = "\(d.year)" + (d.month < 10 ? "0" : "") + "\(d.month)" + (d.day < 10 ? "0" : "") + "\(d.day)"
            let p = name + (range ? ";RANGE=THISANDFUTURE" : "")
            switch form {
            case "date": return p + ";VALUE=DATE:" + date
            case "zoned": return p + ";TZID=America/New_York:\(date)T\(hour < 10 ? "0" : "")\(hour)0000"
            case "utc": return p + ":\(date)T\(hour < 10 ? "0" : "")\(hour)0000Z"
            default: return p + ":\(date)T\(hour < 10 ? "0" : "")\(hour)0000"
            }
        }
        var lines = ["BEGIN:VEVENT", "UID:chain", value("DTSTART", 0, 9), "RRULE:FREQ=DAILY", "SUMMARY:chain", "END:VEVENT"]
        for i in 1...n {
            lines += ["BEGIN:VEVENT", "UID:chain", value("RECURRENCE-ID", 3 * i, 9, range: true),
                      form == "date" ? value("DTSTART", 3 * i + i % 3, 9) : value("DTSTART", 3 * i, 9 + i % 3),
                      "SUMMARY:segment \(i)", "END:VEVENT"]
        }
        return CalendarReaderTests.ics(lines)
    }

    /// A chain of n THISANDFUTURE overrides over one long window: each
    /// segment's iterator starts at its own override, not at the window's
    /// start, so the query takes O(n) instances from the engine, not O(n^2)
    /// (before: 2,000 overrides took 2,001,000 or more).
    @Test(arguments: ["zoned", "utc", "floating", "date"])
    func thisAndFutureChainCostsItsInstances(form: String) throws {
        let n = 2_000
        let c = try EventCalendar(ics: Self.chain(n, form: form), options: .strict)
        #expect(c.events.count == 1 && c.events[0].overrides.count == n)
        let window = try Timestamp(utc: CivilDate(2019, 1, 1).at(0, 0))..<Timestamp(utc: CivilDate(2040, 1, 1).at(0, 0))
        var it = c.occurrences(overlapping: window).makeIterator()
        var listed: [CalendarOccurrence] = []
        while let o = it.next() { listed.append(o) }
        // Every day of 2020-01-01...2039-12-31 (the date chain's last
        // segment moves its instances by 2 days: two fewer), each shown by its segment.
        #expect(listed.count == (form == "date" ? 7_303 : 7_305), "\(listed.count)")
        #expect(try listed.first { try $0.occurrence.recurrenceID.date == CivilDate(2020, 1, 35 - 31) }?.title == "segment 1")
        #expect(try listed.first { try $0.occurrence.recurrenceID.date == CivilDate(2020, 2, 2) }?.title == "segment 10")
        #expect(listed.last?.title == "segment \(n)")
        // Each instance taken once, and per segment at most the few before
        // its override that the slack of a floating or all-day key admits.
        #expect(it.work <= listed.count + 4 * n, "\(it.work) taken for \(listed.count)")
    }

    /// Single events (no rule, date or override) are indexed from the event
    /// alone, with no series kept for them, and a query works out their one
    /// instance without an expansion: every window lists exactly the
    /// instances the engine gives each event (the same occurrences: start,
    /// end, offset, recurrence id), in any value form, with any length
    /// (none, DTEND, DURATION of days or hours, an end before the start),
    /// at DST gaps and folds, removed by EXDATE, near the ends of the
    /// calendar, with DTSTART an instance or not and gaps shifted or skipped.
    @Test(arguments: 0..<8)
    func singleEventsAreListedAsTheEngineExpandsThem(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed &* 104_729 &+ 3)
        let zones = ["America/New_York", "Asia/Tokyo", "Pacific/Kiritimati", "Pacific/Pago_Pago"]
        // New York's spring gap and autumn fold of 2024.
        let edges = try [CivilDateTime(CivilDate(2024, 3, 10), CivilTime(2, 30)), CivilDateTime(CivilDate(2024, 11, 3), CivilTime(1, 30))]
        var lines: [String] = []
        for i in 0..<200 {
            let year = rng.chance(0.1) ? rng.pick([1, 9999]) : rng.int(2023...2025)
            let day = try CivilDate(year, rng.int(1...12), rng.int(1...28))
            var c = try CivilDateTime(year == 1 ? CivilDate(1, 1, rng.int(1...3)) : year == 9999 ? CivilDate(9999, 12, rng.int(29...31)) : day,
                                  try CivilTime(rng.int(0...23), rng.pick([0, 30])))
            let form = rng.int(0...3), zone = rng.chance(0.2) ? "America/New_York" : rng.pick(zones)
            if form == 3 && zone == "America/New_York" && rng.chance(0.5) { c = rng.pick(edges) }
            func value(_ c: CivilDateTime) -> String {
                switch form {
                case 0: return ";VALUE=DATE:" + Anchor.date(c.date).rfc5545
                case 1: return ":" + Anchor.floating(c).rfc5545
                case 2: return ":" + Anchor.utc(c).rfc5545
                default: return ";TZID=\(zone):" + Anchor.floating(c).rfc5545
                }
            }
            lines += ["BEGIN:VEVENT", "UID:e\(i)", "DTSTART" + value(c)]
            switch rng.int(0...3) {
            case 0: break
            case 1: lines.append("DTEND" + value(CivilDateTime(localSeconds: c.localSeconds + Int64(rng.int(-1...3)) * 86_400 + Int64(rng.int(0...5)) * 3600) ?? c))
            case 2: lines.append(form == 0 ? "DURATION:P\(rng.int(1...3))D" : "DURATION:P\(rng.int(0...2))DT\(rng.int(0...30))H")
            default: lines.append("DURATION:-PT\(rng.int(1...5))H")
            }
            if rng.chance(0.1) { lines.append("EXDATE" + value(rng.chance(0.7) ? c : CivilDateTime(localSeconds: c.localSeconds + 3600) ?? c)) }
            lines.append("END:VEVENT")
        }
        let options = CalendarOptions(expansion: ExpansionOptions(includesStart: seed % 4 != 3, nonexistentTimes: seed % 2 == 0 ? .shift : .skip))
        let cal = try EventCalendar(ics: CalendarReaderTests.ics(lines), options: options)
        #expect(cal.events.count == 200 && cal.problems.isEmpty)
        let viewer = try Zone(rng.pick(zones + ["UTC"]))
        var windows = [Timestamp(secondsSinceEpoch: .min)..<Timestamp(secondsSinceEpoch: .max)]
        for _ in 0..<30 {
            let from = try Timestamp(utc: CivilDate(rng.int(2023...2025), rng.int(1...12), rng.int(1...28)).at(rng.int(0...23), 0))
            windows.append(from..<Timestamp(secondsSinceEpoch: from.secondsSinceEpoch + Int64(rng.pick([1, 24, 24 * 40, 24 * 400])) * 3600))
        }
        try windows.append(Timestamp.min..<Timestamp(utc: CivilDate(1, 1, 5).at(0, 0)))
        try windows.append(Timestamp(utc: CivilDate(9999, 12, 28).at(0, 0))..<Timestamp.max)
        var listed = 0
        for w in windows {
            var expected: [(uid: String, occurrence: Occurrence)] = []
            for e in cal.events {
                for o in try e.recurrence.occurrences() {
                    let r = o.instants(in: viewer)
                    if w.overlapsInstance(start: r.lowerBound, end: r.upperBound) { expected.append((e.id, o)) }
                }
            }
            expected.sort { ($0.occurrence.instants(in: viewer).lowerBound, $0.uid) < ($1.occurrence.instants(in: viewer).lowerBound, $1.uid) }
            let got = Array(cal.occurrences(overlapping: w, viewer: viewer))
            #expect(got.map(\.seriesID) == expected.map(\.uid), "seed \(seed), \(w)")
            #expect(got.map(\.occurrence) == expected.map(\.occurrence), "seed \(seed), \(w)")
            listed += got.count
        }
        // Without DTSTART as an instance (the engine's option), a set of DTSTART alone has none.
        #expect(options.expansion.includesStart ? listed > 200 : listed == 0, "seed \(seed): \(listed) instances listed in all")
    }

    /// The series of each UID (a compact open-addressing table that grows
    /// as the reader adds series): 5,000 series, some UIDs shared by up to
    /// four of them, each UID's series in file order, as a dictionary
    /// built here gives them.
    @Test func seriesOfEachUIDInFileOrder() throws {
        var rng = SplitMix64(seed: 24)
        var events: [CalendarEvent] = [], expected: [String: [Int]] = [:]
        for i in 0..<5_000 {
            let uid = rng.chance(0.3) ? "shared-\(rng.int(0...400))@example.com" : "own-\(i)"
            expected[uid, default: []].append(i)
            try events.append(CalendarEvent(id: uid, recurrence: RecurrenceSet(start: .utc(CivilDate(2024, 1, 1).at(9, 0)))))
        }
        let c = EventCalendar(events: events)
        for (uid, indices) in expected { #expect(c.eventIndices(seriesID: uid) == indices, "\(uid)") }
        #expect(c.eventIndices(seriesID: "none") == [] && c.eventIndices(seriesID: "") == [])
    }
}

/// fuzz-sync finding 26: an RDATE PERIOD far longer than its series made a
/// query widen the window of every instance by the period's length, and
/// walk the rule's instances since its DTSTART.
struct LongPeriodCostTests {
    /// An HOURLY (or, for a DATE series, DAILY) rule from year 1 and one
    /// RDATE PERIOD from 0001-06-01 to 8215: a window of three hours in 2024
    /// lists the long instance first, then the rule's instances there, and
    /// takes from the engine only those (and the few a nominal-day slack admits).
    @Test(arguments: ["utc", "zoned", "floating", "date"])
    func aLongPeriodCostsItsOneInstance(form: String) throws {
        let (start, period, rule) = switch form {
        case "utc": ("DTSTART:00010101T003000Z", "RDATE;VALUE=PERIOD:00010601T000000Z/P3000000D", "FREQ=HOURLY")
        case "zoned": ("DTSTART;TZID=Europe/Paris:00010101T003000", "RDATE;VALUE=PERIOD;TZID=Europe/Paris:00010601T000000/P3000000D", "FREQ=HOURLY")
        case "floating": ("DTSTART:00010101T003000", "RDATE;VALUE=PERIOD:00010601T000000/P3000000D", "FREQ=HOURLY")
        default: ("DTSTART;VALUE=DATE:00010101", "RDATE;VALUE=PERIOD:00010601T000000Z/P3000000D", "FREQ=DAILY")
        }
        let ics = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", "BEGIN:VEVENT", "UID:tick", "DTSTAMP:20240101T000000Z",
                   start, "RRULE:" + rule, period, "END:VEVENT", "END:VCALENDAR", ""].joined(separator: "\r\n")
        let c = try EventCalendar(ics: Array(ics.utf8), options: form == "date" ? CalendarOptions() : .strict)
        let from = try Timestamp(utc: CivilDate(2024, 4, 10).at(0, 0))
        let window = from..<Timestamp(secondsSinceEpoch: from.secondsSinceEpoch + 3 * 3600)
        var it = c.occurrences(overlapping: window, viewer: .utc).makeIterator()
        var listed: [CalendarOccurrence] = []
        while let o = it.next() { listed.append(o) }
        let expected = form == "date" ? 2 : 4       // the period, then 00:30, 01:30, 02:30 (or the day of 10 April)
        #expect(listed.count == expected, "\(listed.map(\.occurrence))")
        #expect(try listed.first?.occurrence.recurrenceID.date == CivilDate(1, 6, 1))
        #expect(try listed.dropFirst().allSatisfy { try $0.occurrence.recurrenceID.date == CivilDate(2024, 4, 10) })
        #expect(it.work <= listed.count + 4, "\(it.work) taken for \(listed.count)")
    }
}
