import Testing
@testable import Almanac

/// ``ExpansionOptions/countsStart``: DTSTART as the first of COUNT's
/// instances (RFC 5545 section 3.3.10, the default) or an instance beside
/// them (KCalendarCore, dateutil's rruleset with DTSTART as an RDATE,
/// rrule.js, recurring-ical-events; section 3.8.5.3 calls the set undefined).
@Suite struct StartBesideCountTests {
    let tuesday = try! Anchor.floating(CivilDate(2024, 1, 2).at(9, 0))
    let monday = try! Anchor.floating(CivilDate(2024, 1, 1).at(9, 0))

    func dates(_ start: Anchor, _ rule: String, countsStart: Bool, excluded: [Anchor] = []) throws -> [String] {
        let set = RecurrenceSet(start: start, rules: [try RecurrenceRule(rule)], excludedDates: excluded,
                                options: ExpansionOptions(countsStart: countsStart))
        return Array(try set.occurrences().prefix(20)).map { $0.start.date.description }
    }

    @Test func anUnsynchronizedStartStandsBesideCount() throws {
        #expect(try dates(tuesday, "FREQ=WEEKLY;BYDAY=MO;COUNT=3", countsStart: true) == ["2024-01-02", "2024-01-08", "2024-01-15"])
        #expect(try dates(tuesday, "FREQ=WEEKLY;BYDAY=MO;COUNT=3", countsStart: false)
                == ["2024-01-02", "2024-01-08", "2024-01-15", "2024-01-22"])
    }

    /// A DTSTART the rule produces, or a rule without COUNT: both readings agree.
    @Test(arguments: ["FREQ=WEEKLY;BYDAY=MO;COUNT=3", "FREQ=DAILY;COUNT=5", "FREQ=MONTHLY;BYDAY=1MO,-1FR;COUNT=4"])
    func aSynchronizedStartReadsAlike(_ rule: String) throws {
        #expect(try dates(monday, rule, countsStart: false) == dates(monday, rule, countsStart: true))
    }

    @Test(arguments: ["FREQ=WEEKLY;BYDAY=MO", "FREQ=WEEKLY;BYDAY=MO;UNTIL=20240301T000000", "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29"])
    func withoutCountBothReadingsAgree(_ rule: String) throws {
        #expect(try dates(tuesday, rule, countsStart: false) == dates(tuesday, rule, countsStart: true))
    }

    /// DTSTART beside COUNT is still an instance an EXDATE removes, and
    /// moving DTSTART moves that instance: nothing of it is kept in the set's dates.
    @Test func theStartIsTheSetsOwn() throws {
        #expect(try dates(tuesday, "FREQ=WEEKLY;BYDAY=MO;COUNT=3", countsStart: false, excluded: [tuesday])
                == ["2024-01-08", "2024-01-15", "2024-01-22"])
        var set = RecurrenceSet(start: tuesday, rules: [try RecurrenceRule("FREQ=WEEKLY;BYDAY=MO;COUNT=3")],
                                options: ExpansionOptions(countsStart: false))
        #expect(set.dates.isEmpty)
        set.start = try .floating(CivilDate(2024, 1, 3).at(9, 0))
        #expect(Array(try set.occurrences()).map { $0.start.date.description } == ["2024-01-03", "2024-01-08", "2024-01-15", "2024-01-22"])
    }

    /// The option is written only when it is not the default, and reads back.
    @Test func roundTripsThroughCodable() throws {
        let set = RecurrenceSet(start: tuesday, rules: [try RecurrenceRule("FREQ=WEEKLY;BYDAY=MO;COUNT=3")],
                                options: ExpansionOptions(countsStart: false))
        let json = try CodableTests.json(set)
        #expect(json.contains("\"countsStart\":false"))
        #expect(try CodableTests.decode(RecurrenceSet.self, json) == set)
        #expect(!(try CodableTests.json(RecurrenceSet(start: tuesday, rules: set.rules, options: ExpansionOptions(includesStart: false)))).contains("countsStart"))
    }
}
