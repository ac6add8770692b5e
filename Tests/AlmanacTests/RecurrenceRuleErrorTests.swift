import Testing
import Almanac
import AlmanacCore

/// Errors that both parsing modes report: the kind, the offending text, its
/// column, and a message that names the part.
@Suite struct RecurrenceRuleErrorTests {
    typealias Rule = RecurrenceRule

    struct Case: CustomTestStringConvertible, Sendable {
        var input: String
        var kind: AlmanacError.Kind = .invalidRule
        var text: String
        var column: Int
        var message: String   // a piece the message must contain
        var testDescription: String { input.debugDescription }
    }

    static let cases: [Case] = [
        // The brief's list, each naming the part (RFC 5545 section 3.3.10).
        Case(input: "", text: "", column: 1, message: "invalid RRULE: the rule is empty"),
        Case(input: "   ", text: "   ", column: 1, message: "invalid RRULE: the rule is empty"),
        Case(input: "FREQ=", text: "FREQ=", column: 1, message: "FREQ has an empty value (expected SECONDLY, MINUTELY"),
        Case(input: "FREQ=DAILY;FREQ=WEEKLY", text: "FREQ=WEEKLY", column: 12,
             message: "invalid RRULE at column 12: FREQ=WEEKLY conflicts with FREQ=DAILY at column 1"),
        Case(input: "FREQ=DAILY;INTERVAL=0", text: "0", column: 21,
             message: "invalid RRULE at column 21: INTERVAL value 0 is out of range (expected a positive integer)"),
        Case(input: "INTERVAL=0", text: "0", column: 10, message: "INTERVAL value 0 is out of range"),
        Case(input: "FREQ=DAILY;INTERVAL=99999999999999999999", kind: .outOfRange, text: "99999999999999999999", column: 21,
             message: "INTERVAL value 99999999999999999999 is too large (Almanac supports at most 9223372036854775807)"),
        Case(input: "FREQ=DAILY;INTERVAL=9223372036854775808", kind: .outOfRange, text: "9223372036854775808", column: 21,
             message: "INTERVAL value 9223372036854775808 is too large"),
        Case(input: "FREQ=DAILY;COUNT=-1", text: "-1", column: 18, message: "COUNT value -1 is out of range (expected a positive integer)"),
        Case(input: "COUNT=-1", text: "-1", column: 7, message: "COUNT value -1 is out of range"),
        Case(input: "FREQ=MONTHLY;BYDAY=MO;BYSETPOS=0", text: "0", column: 32, message: "BYSETPOS value 0 is out of range"),
        Case(input: "BYSETPOS=0", text: "0", column: 10, message: "BYSETPOS value 0 is out of range"),
        Case(input: "FREQ=MONTHLY;BYMONTHDAY=0", text: "0", column: 25, message: "BYMONTHDAY value 0 is out of range"),
        Case(input: "BYMONTHDAY=0", text: "0", column: 12, message: "BYMONTHDAY value 0 is out of range"),
        Case(input: "FREQ=MONTHLY;BYDAY=0MO", text: "0MO", column: 20, message: "BYDAY value \"0MO\" is out of range (the ordinal must be 1...53 or -53...-1; 0 is not allowed)"),
        Case(input: "BYDAY=0MO", text: "0MO", column: 7, message: "BYDAY value \"0MO\" is out of range"),
        Case(input: "FREQ=YEARLY;BYDAY=54MO", text: "54MO", column: 19, message: "BYDAY value \"54MO\" is out of range"),
        Case(input: "BYDAY=54MO", text: "54MO", column: 7, message: "BYDAY value \"54MO\" is out of range"),
        Case(input: "FREQ=DAILY;UNTIL=2026", text: "2026", column: 18,
             message: "UNTIL value \"2026\" is not a date or date-time (expected YYYYMMDD, YYYYMMDDTHHMMSS or YYYYMMDDTHHMMSSZ)"),
        Case(input: "UNTIL=2026", text: "2026", column: 7, message: "UNTIL value \"2026\" is not a date or date-time"),
        Case(input: "COUNT=5;BYDAY=MO", text: "COUNT=5;BYDAY=MO", column: 1, message: "invalid RRULE: FREQ is required (RFC 5545 section 3.3.10)"),

        // The style examples.
        Case(input: "FREQ=MONTHLY;BYDAY=MO,6XX", text: "6XX", column: 23,
             message: "invalid RRULE at column 23: BYDAY value \"6XX\" is not a weekday (expected MO, TU, WE, TH, FR, SA or SU)"),
        Case(input: "BYMONTHDAY=32;FREQ=DAILY", text: "32", column: 12,
             message: "invalid RRULE at column 12: BYMONTHDAY value 32 is out of range (a month has at most 31 days)"),

        // Numbers: digits only, a sign only where the grammar has one, no overflow.
        Case(input: "FREQ=DAILY;COUNT=0", text: "0", column: 18, message: "COUNT value 0 is out of range"),
        Case(input: "FREQ=DAILY;COUNT=", text: "COUNT=", column: 12, message: "COUNT has an empty value (expected a positive integer)"),
        Case(input: "FREQ=DAILY;COUNT=1.5", text: "1.5", column: 18, message: "COUNT value \"1.5\" is not an integer"),
        Case(input: "FREQ=DAILY;COUNT=+5", text: "+5", column: 18, message: "COUNT value \"+5\" has a sign"),
        Case(input: "FREQ=DAILY;COUNT=5x", text: "5x", column: 18, message: "COUNT value \"5x\" is not an integer"),
        Case(input: "FREQ=DAILY;COUNT=99999999999999999999", kind: .outOfRange, text: "99999999999999999999", column: 18,
             message: "COUNT value 99999999999999999999 is too large"),
        // RFC 5545 section 3.3.10: seconds, minutes, hour and monthnum are 1*2DIGIT, with no sign.
        Case(input: "FREQ=DAILY;BYSECOND=+1", text: "+1", column: 21, message: "BYSECOND value \"+1\" has a sign, which RFC 5545 section 3.3.10 does not allow here"),
        Case(input: "FREQ=DAILY;BYMINUTE=+1", text: "+1", column: 21, message: "BYMINUTE value \"+1\" has a sign"),
        Case(input: "FREQ=DAILY;BYHOUR=+5", text: "+5", column: 19, message: "BYHOUR value \"+5\" has a sign"),
        Case(input: "FREQ=YEARLY;BYMONTH=+1", text: "+1", column: 21, message: "BYMONTH value \"+1\" has a sign"),
        Case(input: "FREQ=DAILY;INTERVAL=+2", text: "+2", column: 21, message: "INTERVAL value \"+2\" has a sign"),
        Case(input: "FREQ=DAILY;BYHOUR=-0", text: "-0", column: 19, message: "BYHOUR value \"-0\" has a sign"),
        Case(input: "FREQ=DAILY;BYHOUR=-", text: "-", column: 19, message: "BYHOUR value \"-\" is not an integer"),
        Case(input: "FREQ=DAILY;BYHOUR=-1", text: "-1", column: 19, message: "BYHOUR value -1 is out of range (expected 0...23)"),
        Case(input: "FREQ=DAILY;BYHOUR=24", text: "24", column: 19, message: "BYHOUR value 24 is out of range (expected 0...23)"),
        Case(input: "FREQ=DAILY;BYMINUTE=60", text: "60", column: 21, message: "BYMINUTE value 60 is out of range (expected 0...59)"),
        Case(input: "FREQ=DAILY;BYSECOND=61", text: "61", column: 21, message: "BYSECOND value 61 is out of range (expected 0...60)"),
        Case(input: "FREQ=YEARLY;BYYEARDAY=367", text: "367", column: 23, message: "BYYEARDAY value 367 is out of range (a year has at most 366 days)"),
        Case(input: "FREQ=YEARLY;BYYEARDAY=-0", text: "-0", column: 23, message: "BYYEARDAY value -0 is out of range"),
        Case(input: "FREQ=YEARLY;BYWEEKNO=54", text: "54", column: 22, message: "BYWEEKNO value 54 is out of range (a year has at most 53 weeks)"),
        Case(input: "FREQ=YEARLY;BYWEEKNO=0", text: "0", column: 22, message: "BYWEEKNO value 0 is out of range"),
        Case(input: "FREQ=YEARLY;BYMONTH=0", text: "0", column: 21, message: "BYMONTH value 0 is out of range"),
        Case(input: "FREQ=YEARLY;BYMONTH=14", text: "14", column: 21, message: "BYMONTH value 14 is out of range"),
        Case(input: "FREQ=YEARLY;BYMONTH=-1", text: "-1", column: 21, message: "BYMONTH value -1 is out of range"),
        Case(input: "FREQ=MONTHLY;BYDAY=MO;BYSETPOS=367", text: "367", column: 32, message: "BYSETPOS value 367 is out of range"),
        Case(input: "FREQ=MONTHLY;BYMONTHDAY=99999999999999999999", text: "99999999999999999999", column: 25,
             message: "BYMONTHDAY value 99999999999999999999 is out of range (a month has at most 31 days)"),
        // A negative number past Int.min (or exactly Int.min) is out of range, not a trap
        // (fuzz finding 8: the range check took abs(Int.min); Tools/fuzz/regressions/README.md).
        Case(input: "FREQ=MONTHLY;BYMONTHDAY=-99999999999999999999", text: "-99999999999999999999", column: 25,
             message: "BYMONTHDAY value -99999999999999999999 is out of range (a month has at most 31 days)"),
        Case(input: "FREQ=MONTHLY;BYMONTHDAY=-9223372036854775808", text: "-9223372036854775808", column: 25,
             message: "BYMONTHDAY value -9223372036854775808 is out of range (a month has at most 31 days)"),
        Case(input: "FREQ=YEARLY;BYYEARDAY=-9223372036854775809", text: "-9223372036854775809", column: 23,
             message: "BYYEARDAY value -9223372036854775809 is out of range (a year has at most 366 days)"),
        Case(input: "FREQ=YEARLY;BYWEEKNO=-99999999999999999999", text: "-99999999999999999999", column: 22,
             message: "BYWEEKNO value -99999999999999999999 is out of range (a year has at most 53 weeks)"),
        Case(input: "FREQ=MONTHLY;BYDAY=MO;BYSETPOS=-9223372036854775808", text: "-9223372036854775808", column: 32,
             message: "BYSETPOS value -9223372036854775808 is out of range (expected 1...366 or -366...-1)"),
        Case(input: "FREQ=MONTHLY;BYMONTHDAY=1,,2", text: ",", column: 27, message: "BYMONTHDAY has an empty value in its list"),
        Case(input: "FREQ=MONTHLY;BYMONTHDAY=1,", text: ",", column: 26, message: "BYMONTHDAY has an empty value in its list"),

        // BYDAY, WKST, FREQ, SKIP, RSCALE values.
        Case(input: "FREQ=MONTHLY;BYDAY=+MO", text: "+MO", column: 20, message: "BYDAY value \"+MO\" has a sign but no ordinal"),
        Case(input: "FREQ=MONTHLY;BYDAY=MON", text: "MON", column: 20, message: "BYDAY value \"MON\" is not a weekday"),
        Case(input: "FREQ=MONTHLY;BYDAY=1", text: "1", column: 20, message: "BYDAY value \"1\" is not a weekday"),
        Case(input: "FREQ=MONTHLY;BYDAY=1.5MO", text: "1.5MO", column: 20, message: "BYDAY value \"1.5MO\" is not a weekday"),
        Case(input: "FREQ=YEARLY;BYDAY=99999999999999999999MO", text: "99999999999999999999MO", column: 19,
             message: "BYDAY value \"99999999999999999999MO\" is out of range"),
        Case(input: "FREQ=WEEKLY;WKST=XX", text: "XX", column: 18, message: "WKST value \"XX\" is not a weekday"),
        Case(input: "FREQ=WEEKLY;WKST=MON", text: "MON", column: 18, message: "WKST value \"MON\" is not a weekday"),
        Case(input: "FREQ=DAYLY", text: "DAYLY", column: 6, message: "FREQ value \"DAYLY\" is not a frequency (expected SECONDLY, MINUTELY, HOURLY, DAILY, WEEKLY, MONTHLY or YEARLY)"),
        Case(input: "RSCALE=GREGORIAN;FREQ=YEARLY;SKIP=SIDEWAYS", text: "SIDEWAYS", column: 35, message: "SKIP value \"SIDEWAYS\" is not valid (expected OMIT, BACKWARD or FORWARD"),
        Case(input: "FREQ=YEARLY;RSCALE=KLINGON", text: "KLINGON", column: 20, message: "RSCALE value \"KLINGON\" is not a supported calendar (expected GREGORIAN, CHINESE"),
        Case(input: "FREQ=YEARLY;RSCALE=islamic-x", text: "islamic-x", column: 20, message: "RSCALE value \"islamic-x\" is not a supported calendar"),

        // RFC 7529: leap months and month 13 need a non-Gregorian RSCALE.
        Case(input: "FREQ=YEARLY;BYMONTH=5L", text: "5L", column: 21, message: "BYMONTH value 5L is a leap month, which needs a non-Gregorian RSCALE (RFC 7529)"),
        Case(input: "RSCALE=GREGORIAN;FREQ=YEARLY;BYMONTH=1,5L", text: "5L", column: 40, message: "BYMONTH value 5L is a leap month"),
        Case(input: "FREQ=YEARLY;BYMONTH=12,13", text: "13", column: 24, message: "BYMONTH value 13 is out of range (expected 1...12; month 13 needs a non-Gregorian RSCALE"),

        // UNTIL: RFC 5545 sections 3.3.4 and 3.3.5.
        Case(input: "FREQ=DAILY;UNTIL=20230230", text: "30", column: 24, message: "UNTIL value \"20230230\" is not valid: day 30 is not in 1...28 for 2023-02"),
        Case(input: "FREQ=DAILY;UNTIL=20230229", text: "29", column: 24, message: "2023-02-29 does not exist: 2023 is not a leap year"),
        Case(input: "FREQ=DAILY;UNTIL=20231301", text: "13", column: 22, message: "month 13 is not in 1...12"),
        Case(input: "FREQ=DAILY;UNTIL=20230100", text: "00", column: 24, message: "day 0 is not in 1...31 for 2023-01"),
        Case(input: "FREQ=DAILY;UNTIL=19970902T240000Z", text: "24", column: 27, message: "hour 24 is not in 0...23"),
        Case(input: "FREQ=DAILY;UNTIL=19970902T096000Z", text: "60", column: 29, message: "minute 60 is not in 0...59"),
        Case(input: "FREQ=DAILY;UNTIL=19970902T090061Z", text: "61", column: 31, message: "second 61 is not in 0...59"),
        Case(input: "FREQ=DAILY;UNTIL=19970902T0900Z", text: "19970902T0900Z", column: 18, message: "is not a date or date-time"),
        Case(input: "FREQ=DAILY;UNTIL=1997-09-02", text: "1997-09-02", column: 18, message: "is not a date or date-time"),
        Case(input: "FREQ=DAILY;UNTIL=19970902T090000ZZ", text: "19970902T090000ZZ", column: 18, message: "is not a date or date-time"),
        Case(input: "FREQ=DAILY;UNTIL=19980119T230000-0800", text: "-0800", column: 33, message: "a UTC offset is not allowed"),
        Case(input: "FREQ=DAILY;UNTIL=00000101", kind: .outOfRange, text: "0000", column: 18, message: "year 0 is not in the supported range 1...9999"),
        Case(input: "FREQ=DAILY;UNTIL=100000101", kind: .outOfRange, text: "10000", column: 18, message: "year 10000 is not in the supported range 1...9999"),

        // Structure.
        // A part's name without "=" stays an error in lenient mode too (skipping COUNT would make the rule endless).
        Case(input: "FREQ", text: "FREQ", column: 1, message: "rule part \"FREQ\" has no \"=\" (expected NAME=VALUE)"),
        Case(input: "FREQ=DAILY;COUNT", text: "COUNT", column: 12, message: "rule part \"COUNT\" has no \"=\""),
        Case(input: "=DAILY", text: "=DAILY", column: 1, message: "rule part \"=DAILY\" has no name"),
        Case(input: "FREQ=DAILY;BY DAY=MO", text: "BY DAY", column: 12, message: "rule part name \"BY DAY\" is not valid"),
        Case(input: "FREQ=DAILY;BYDAY=M O", text: "M O", column: 18, message: "BYDAY value \"M O\" is not a weekday"),
        Case(input: "FREQ=DA ILY", text: "DA ILY", column: 6, message: "FREQ value \"DA ILY\" is not a frequency"),
        Case(input: "RRULE:", text: "RRULE:", column: 1, message: "the rule is empty"),
        Case(input: "FREQ=DAILY;COUNT=5;COUNT=6", text: "COUNT=6", column: 20, message: "COUNT=6 conflicts with COUNT=5 at column 12"),
        Case(input: "FREQ=YEARLY;BYMONTH=1,2;BYMONTH=2", text: "BYMONTH=2", column: 25, message: "BYMONTH=2 conflicts with BYMONTH=1,2 at column 13"),

        // Columns count Unicode scalars, not bytes.
        Case(input: "FREQ=DAÏLY", text: "DAÏLY", column: 6, message: "FREQ value \"DAÏLY\" is not a frequency"),
        Case(input: "X-A=é;FREQ=DAILY;COUNT=0", text: "0", column: 24, message: "invalid RRULE at column 24: COUNT value 0"),
    ]

    @Test(arguments: cases, [Rule.ParsingMode.strict, .lenient])
    func errorInBothModes(_ c: Case, _ mode: Rule.ParsingMode) throws {
        do {
            let rule = try Rule(c.input, mode: mode)
            Issue.record("expected an error, read \(rule)")
        } catch {
            #expect(error.kind == c.kind)
            #expect(error.text == c.text)
            #expect(error.column == c.column)
            #expect(error.message.contains(c.message), "\(error.message)")
            #expect(error.message.hasPrefix("invalid RRULE"))
            #expect(error.description == error.message)
        }
    }

    // MARK: Large inputs must parse (or fail) without crashing.

    @Test func tenThousandCharacterRule() throws {
        var text = "FREQ=MONTHLY;BYMONTHDAY="
        var n = 0
        while text.utf8.count < 10_000 {
            text += (n == 0 ? "" : ",") + String(n % 31 + 1)
            n += 1
        }
        let rule = try Rule(text)
        #expect(rule.byMonthDay == Array(1...31))
        #expect(try Rule(rule.description) == rule)
    }

    @Test func thousandsOfValues() throws {
        let positions = (1...366).map(String.init) + (1...366).map { "-\($0)" }
        let text = "FREQ=YEARLY;BYDAY=MO;BYSETPOS=" + Array(repeating: positions.joined(separator: ","), count: 10).joined(separator: ",")
        let rule = try Rule(text)
        #expect(rule.bySetPos.count == 732)
        #expect(rule.bySetPos.first == -366 && rule.bySetPos.last == 366)

        let days = (1...53).flatMap { n in Weekday.allCases.flatMap { ["\(n)\($0.rfcCode)", "-\(n)\($0.rfcCode)"] } }
        let byDay = try Rule("FREQ=YEARLY;BYDAY=" + days.joined(separator: ","))
        #expect(byDay.byDay.count == 742)
    }

    @Test func longValuesAndNumbers() throws {
        let digits = String(repeating: "9", count: 10_000)
        #expect(throws: AlmanacError.self) { try Rule("FREQ=DAILY;COUNT=" + digits) }
        do { _ = try Rule("FREQ=DAILY;COUNT=" + digits) } catch { #expect(error.kind == .outOfRange) }
        #expect(throws: AlmanacError.self) { try Rule("FREQ=DAILY;UNTIL=" + digits) }
        #expect(throws: AlmanacError.self) { try Rule("FREQ=YEARLY;BYDAY=" + digits + "MO") }
        let rule = try? Rule("FREQ=DAILY;X-LONG=" + String(repeating: "a", count: 10_000))
        #expect(rule?.extensions.first?.value.utf8.count == 10_000)
    }

    @Test func manyEmptyPartsInLenientMode() throws {
        let text = "FREQ=DAILY" + String(repeating: ";", count: 10_000)
        let (rule, readings) = try Rule.parse(text, mode: .lenient)
        #expect(rule == Rule(frequency: .daily))
        #expect(readings.count == 10_000)
        #expect(throws: AlmanacError.self) { try Rule(text) }
        #expect(throws: AlmanacError.self) { try Rule(String(repeating: ";", count: 10_000), mode: .lenient) }
    }

    @Test func longNonASCIIRuleInLenientMode() throws {
        // Many readings in a text whose columns are not byte offsets.
        let text = String(repeating: "X-E=é; ", count: 1_500) + "FREQ=DAILY"
        let (rule, readings) = try Rule.parse(text, mode: .lenient)
        #expect(rule.extensions.count == 1_500)
        #expect(readings.count == 1_500)
        #expect(readings.first?.column == 7)    // the space after "X-E=é;"
        #expect(readings.last?.column == 1_500 * 7)
    }
}
