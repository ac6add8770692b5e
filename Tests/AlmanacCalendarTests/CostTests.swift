import Almanac
import AlmanacCalendar
import Testing

/// Bounded cost on every shape (issue 24, part 4), in machine-independent
/// counts: the instances a query takes from the engine.
struct CostTests {
    /// A daily series and `n` RANGE=THISANDFUTURE overrides, one every
    /// third day (each moving the rest by 0-2 hours, or days for a DATE
    /// series), in the value form `form`.
    static func chain(_ n: Int, form: String) -> String {
        func value(_ name: String, _ day: Int, _ hour: Int, range: Bool = false) -> String {
            let d = CivilDate(2020, 1, 1)!.adding(days: day)!
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
        let window = Timestamp(utc: CivilDate(2019, 1, 1)!.at(0, 0))..<Timestamp(utc: CivilDate(2040, 1, 1)!.at(0, 0))
        var it = c.occurrences(overlapping: window).makeIterator()
        var listed: [CalendarOccurrence] = []
        while let o = it.next() { listed.append(o) }
        // Every day of 2020-01-01...2039-12-31 (the date chain's last
        // segment moves its instances by 2 days: two fewer), each shown by its segment.
        #expect(listed.count == (form == "date" ? 7_303 : 7_305), "\(listed.count)")
        #expect(listed.first { $0.occurrence.recurrenceID.date == CivilDate(2020, 1, 35 - 31)! }?.summary == "segment 1")
        #expect(listed.first { $0.occurrence.recurrenceID.date == CivilDate(2020, 2, 2)! }?.summary == "segment 10")
        #expect(listed.last?.summary == "segment \(n)")
        // Each instance taken once, and per segment at most the few before
        // its override that the slack of a floating or all-day key admits.
        #expect(it.work <= listed.count + 4 * n, "\(it.work) taken for \(listed.count)")
    }
}
