@testable import Almanac
import AlmanacCalendar
import Testing

/// VTIMEZONE definitions turned into zones by Almanac's own engine (RFC 5545 section 3.6.5).
struct VTimeZoneTests {
    static let outlookBerlin = [
        "BEGIN:VTIMEZONE", "TZID:Custom Berlin",
        "BEGIN:STANDARD", "DTSTART:16010101T030000", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100",
        "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10", "END:STANDARD",
        "BEGIN:DAYLIGHT", "DTSTART:16010101T020000", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200",
        "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3", "END:DAYLIGHT", "END:VTIMEZONE",
    ]

    @Test func fileZoneAgreesWithICUWhereTheRulesAreTheSame() throws {
        let text = CalendarReaderTests.ics(Self.outlookBerlin + ["BEGIN:VEVENT", "UID:a", "DTSTART;TZID=Custom Berlin:20240101T090000", "END:VEVENT"])
        let c = try EventCalendar(ics: text, options: .strict)
        let file = try #require(c.fileZones["Custom Berlin"])
        let icu = try Zone("Europe/Berlin")
        // Every hour of 2000-2040 and of 2480-2520 (past the expanded table) has the same offset.
        for (from, to) in [(2000, 2040), (2480, 2520)] {
            var t = try Timestamp(utc: CivilDate(from, 1, 1).at(0, 0)).secondsSinceEpoch
            let end = try Timestamp(utc: CivilDate(to, 1, 1).at(0, 0)).secondsSinceEpoch
            while t < end {
                let at = Timestamp(secondsSinceEpoch: t)
                #expect(file.offset(at: at) == icu.offset(at: at), "\(at)")
                t += 3600 * 7
            }
        }
    }

    @Test func rulesThatDifferFromICUAreTheFilesWhenPreferred() throws {
        // A zone whose summer time starts on the first Sunday of April.
        let custom = Self.outlookBerlin.map { $0 == "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3" ? "RRULE:FREQ=YEARLY;BYDAY=1SU;BYMONTH=4" : $0 }
            .map { $0 == "TZID:Custom Berlin" ? "TZID:Europe/Berlin" : $0 }
        let text = CalendarReaderTests.ics(custom + ["BEGIN:VEVENT", "UID:a", "DTSTART;TZID=Europe/Berlin:20240401T090000", "END:VEVENT"])
        let april1 = try Timestamp(utc: CivilDate(2024, 4, 1).at(7, 0))
        let icu = try EventCalendar(ics: text)
        #expect(icu.events[0].recurrence.start.zone?.offset(at: april1) == (try? Offset(seconds: 7200)))
        let file = try EventCalendar(ics: text, options: CalendarOptions(prefersFileZones: true))
        // 2024-04-07 is the first Sunday of April: on 1 April the file's zone is still on +01:00.
        #expect(file.events[0].recurrence.start.zone?.offset(at: april1) == (try? Offset(seconds: 3600)))
        #expect(file.readings.contains { $0.kind == .zone && $0.message.contains("VTIMEZONE") })
    }

    /// Two readings of one calendar (the snapshots a sync layer diffs)
    /// share each VTIMEZONE zone's table, so comparing their series compares
    /// zones by identity, not their transitions up to 2500 (a diff of two
    /// such snapshots spent 72% of its instructions there); a zone with
    /// other rules keeps a table of its own.
    @Test func equalFileZonesShareOneTable() throws {
        let text = CalendarReaderTests.ics(Self.outlookBerlin + ["BEGIN:VEVENT", "UID:a", "DTSTART;TZID=Custom Berlin:20240101T090000", "END:VEVENT"])
        let (a, b) = (try EventCalendar(ics: text), try EventCalendar(ics: text))
        let (x, y) = (try #require(a.fileZones["Custom Berlin"]), try #require(b.fileZones["Custom Berlin"]))
        #expect(x.table === y.table)
        #expect(a.events[0].recurrence == b.events[0].recurrence)
        let other = Self.outlookBerlin.map { $0 == "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3" ? "RRULE:FREQ=YEARLY;BYDAY=1SU;BYMONTH=4" : $0 }
        let c = try EventCalendar(ics: CalendarReaderTests.ics(other + ["BEGIN:VEVENT", "UID:a", "DTSTART;TZID=Custom Berlin:20240101T090000", "END:VEVENT"]))
        let z = try #require(c.fileZones["Custom Berlin"])
        #expect(z.table !== x.table)
        #expect(z != x)
    }

    /// A VTIMEZONE read again is taken from a cache by its content: a zone
    /// whose one value differs under the same TZID is read anew.
    @Test func zonesReadAgainFollowTheirContent() throws {
        func summerOffset(_ lines: [String]) throws -> Offset? {
            let text = CalendarReaderTests.ics(lines + ["BEGIN:VEVENT", "UID:a", "DTSTART;TZID=Custom Berlin:20240701T090000", "END:VEVENT"])
            return try EventCalendar(ics: text).fileZones["Custom Berlin"]?.offset(at: Timestamp(utc: CivilDate(2024, 7, 1).at(0, 0)))
        }
        #expect(try summerOffset(Self.outlookBerlin) == Offset(seconds: 7200))
        let three = Self.outlookBerlin.enumerated().map { $0.offset == 11 ? "TZOFFSETTO:+0300" : $0.element }
        #expect(three[11] == "TZOFFSETTO:+0300" && Self.outlookBerlin[11] == "TZOFFSETTO:+0200")
        #expect(try summerOffset(three) == Offset(seconds: 10800))
        #expect(try summerOffset(Self.outlookBerlin) == Offset(seconds: 7200))
    }
}
