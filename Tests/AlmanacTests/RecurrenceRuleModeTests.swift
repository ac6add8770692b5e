import Testing
import Almanac
import AlmanacCore

/// Everything strict mode refuses and lenient mode reads, with the reading
/// lenient mode reports (RFC 5545 section 3.3.10, RFC 7529).
@Suite struct RecurrenceRuleModeTests {
    typealias Rule = RecurrenceRule

    struct Expected: Sendable {
        var column: Int
        var text: String
        var message: String   // a piece the message must contain
    }

    struct Liberty: CustomTestStringConvertible, Sendable {
        var input: String
        /// Strict mode's error.
        var strict: Expected
        /// Lenient mode's rule, as canonical text.
        var lenient: String
        /// Lenient mode's readings, in column order.
        var readings: [Expected]
        var testDescription: String { input.debugDescription }
    }

    static let liberties: [Liberty] = [
        // Case. RFC 5545 rules are written upper case; lenient mode reads any case.
        Liberty(input: "freq=daily;count=5",
                strict: .init(column: 1, text: "freq=daily", message: "lower-case \"freq=daily\" is not allowed in strict mode"),
                lenient: "FREQ=DAILY;COUNT=5",
                readings: [.init(column: 1, text: "freq=daily", message: "lower-case \"freq=daily\" read as \"FREQ=DAILY\""),
                           .init(column: 12, text: "count", message: "lower-case \"count\" read as \"COUNT\"")]),
        Liberty(input: "FREQ=Weekly;ByDay=Mo,We;WKST=su",
                strict: .init(column: 6, text: "Weekly", message: "lower-case \"Weekly\" is not allowed"),
                lenient: "FREQ=WEEKLY;BYDAY=MO,WE;WKST=SU",
                readings: [.init(column: 6, text: "Weekly", message: "read as \"WEEKLY\""),
                           .init(column: 13, text: "ByDay=Mo,We", message: "read as \"BYDAY=MO,WE\""),
                           .init(column: 30, text: "su", message: "read as \"SU\"")]),
        Liberty(input: "FREQ=DAILY;UNTIL=20260101t000000z",
                strict: .init(column: 18, text: "20260101t000000z", message: "lower-case"),
                lenient: "FREQ=DAILY;UNTIL=20260101T000000Z",
                readings: [.init(column: 18, text: "20260101t000000z", message: "read as \"20260101T000000Z\"")]),
        Liberty(input: "FREQ=YEARLY;X-foo=Bar",
                strict: .init(column: 13, text: "X-foo", message: "lower-case \"X-foo\""),
                lenient: "FREQ=YEARLY;X-FOO=Bar",
                readings: [.init(column: 13, text: "X-foo", message: "read as \"X-FOO\"")]),
        Liberty(input: "RSCALE=gregorian;freq=yearly;skip=forward",
                strict: .init(column: 18, text: "freq=yearly", message: "lower-case"),
                lenient: "FREQ=YEARLY;RSCALE=GREGORIAN;SKIP=FORWARD",
                readings: [.init(column: 18, text: "freq=yearly", message: "read as"),
                           .init(column: 30, text: "skip=forward", message: "read as \"SKIP=FORWARD\"")]),

        // The property name: RFC 5545 section 3.8.5.3's "RRULE:" is not part of the value.
        Liberty(input: "RRULE:FREQ=DAILY",
                strict: .init(column: 1, text: "RRULE:", message: "the \"RRULE:\" prefix is not part of the rule value"),
                lenient: "FREQ=DAILY",
                readings: [.init(column: 1, text: "RRULE:", message: "\"RRULE:\" prefix ignored")]),
        Liberty(input: "rrule:FREQ=DAILY",
                strict: .init(column: 1, text: "rrule:", message: "prefix"),
                lenient: "FREQ=DAILY",
                readings: [.init(column: 1, text: "rrule:", message: "\"RRULE:\" prefix ignored")]),

        // Separators and whitespace (RFC 5545 section 3.3.10: recur-rule-part *( ";" recur-rule-part )).
        Liberty(input: "FREQ=DAILY;",
                strict: .init(column: 11, text: ";", message: "trailing \";\""),
                lenient: "FREQ=DAILY",
                readings: [.init(column: 11, text: ";", message: "trailing \";\" ignored")]),
        Liberty(input: "FREQ=DAILY;;COUNT=5",
                strict: .init(column: 11, text: ";", message: "empty rule part"),
                lenient: "FREQ=DAILY;COUNT=5",
                readings: [.init(column: 11, text: ";", message: "empty rule part ignored")]),
        Liberty(input: ";FREQ=DAILY",
                strict: .init(column: 1, text: ";", message: "empty rule part"),
                lenient: "FREQ=DAILY",
                readings: [.init(column: 1, text: ";", message: "empty rule part ignored")]),
        Liberty(input: "FREQ=DAILY;;",
                strict: .init(column: 11, text: ";", message: "empty rule part"),
                lenient: "FREQ=DAILY",
                readings: [.init(column: 11, text: ";", message: "empty rule part ignored"),
                           .init(column: 12, text: ";", message: "trailing \";\" ignored")]),
        Liberty(input: " FREQ=DAILY\r\n",
                strict: .init(column: 1, text: " ", message: "whitespace is not allowed"),
                lenient: "FREQ=DAILY",
                readings: [.init(column: 1, text: " ", message: "whitespace ignored"),
                           .init(column: 12, text: "\r\n", message: "whitespace ignored")]),
        Liberty(input: "FREQ=DAILY; COUNT =5",
                strict: .init(column: 12, text: " ", message: "whitespace is not allowed"),
                lenient: "FREQ=DAILY;COUNT=5",
                readings: [.init(column: 12, text: " ", message: "whitespace ignored"),
                           .init(column: 18, text: " ", message: "whitespace ignored")]),
        Liberty(input: "FREQ=DAILY;BYHOUR=9,\t10",
                strict: .init(column: 21, text: "\t", message: "whitespace is not allowed"),
                lenient: "FREQ=DAILY;BYHOUR=9,10",
                readings: [.init(column: 21, text: "\t", message: "whitespace ignored")]),
        Liberty(input: "RRULE: FREQ=DAILY",
                strict: .init(column: 1, text: "RRULE:", message: "prefix"),
                lenient: "FREQ=DAILY",
                readings: [.init(column: 1, text: "RRULE:", message: "prefix ignored"),
                           .init(column: 7, text: " ", message: "whitespace ignored")]),

        // Unknown IANA parts: not in RFC 5545's grammar; lenient mode keeps them as extensions.
        Liberty(input: "FREQ=DAILY;FOO=BAR;COUNT=2",
                strict: .init(column: 12, text: "FOO=BAR", message: "unknown rule part \"FOO\""),
                lenient: "FREQ=DAILY;COUNT=2;FOO=BAR",
                readings: [.init(column: 12, text: "FOO=BAR", message: "unknown rule part \"FOO=BAR\" kept as an extension")]),

        // A word with no "=" that names no part (a real file, issue 24): skipped in lenient mode.
        Liberty(input: "AnythingRandom;FREQ=WEEKLY;BYDAY=MO",
                strict: .init(column: 1, text: "AnythingRandom", message: "rule part \"AnythingRandom\" has no \"=\""),
                lenient: "FREQ=WEEKLY;BYDAY=MO",
                readings: [.init(column: 1, text: "AnythingRandom", message: "has no \"=\" (expected NAME=VALUE): skipped")]),

        // "each rule part at most once": identical repeats are read once in lenient mode.
        Liberty(input: "FREQ=DAILY;COUNT=5;COUNT=5",
                strict: .init(column: 20, text: "COUNT=5", message: "COUNT appears more than once"),
                lenient: "FREQ=DAILY;COUNT=5",
                readings: [.init(column: 20, text: "COUNT=5", message: "repeated COUNT ignored: it says the same as column 12")]),
        Liberty(input: "FREQ=WEEKLY;BYDAY=MO,TU;BYDAY=TU,MO,MO;FREQ=WEEKLY",
                strict: .init(column: 25, text: "BYDAY=TU,MO,MO", message: "BYDAY appears more than once"),
                lenient: "FREQ=WEEKLY;BYDAY=MO,TU",
                readings: [.init(column: 25, text: "BYDAY=TU,MO,MO", message: "repeated BYDAY ignored"),
                           .init(column: 40, text: "FREQ=WEEKLY", message: "repeated FREQ ignored: it says the same as column 1")]),

        // "The UNTIL or COUNT rule parts are OPTIONAL, but they MUST NOT occur in the same 'recur'."
        Liberty(input: "FREQ=DAILY;COUNT=5;UNTIL=20260101",
                strict: .init(column: 20, text: "UNTIL=20260101", message: "COUNT and UNTIL must not both be given (RFC 5545 section 3.3.10)"),
                lenient: "FREQ=DAILY;UNTIL=20260101;COUNT=5",
                readings: [.init(column: 20, text: "UNTIL=20260101", message: "COUNT and UNTIL both given: both kept; expansion stops at whichever comes first")]),
        Liberty(input: "FREQ=DAILY;UNTIL=20260101;COUNT=5",
                strict: .init(column: 27, text: "COUNT=5", message: "COUNT and UNTIL must not both be given"),
                lenient: "FREQ=DAILY;UNTIL=20260101;COUNT=5",
                readings: [.init(column: 27, text: "COUNT=5", message: "both kept")]),

        // "The BYDAY rule part MUST NOT be specified with a numeric value when the FREQ rule part is
        // not set to MONTHLY or YEARLY."
        Liberty(input: "FREQ=WEEKLY;BYDAY=TU,1MO,-1FR",
                strict: .init(column: 26, text: "-1FR", message: "BYDAY value \"-1FR\" has an ordinal, which is only valid with FREQ=MONTHLY or FREQ=YEARLY (RFC 5545 section 3.3.10)"),
                lenient: "FREQ=WEEKLY;BYDAY=MO,TU,FR",
                readings: [.init(column: 13, text: "BYDAY=TU,1MO,-1FR", message: "BYDAY ordinals are not valid with FREQ=WEEKLY: ordinals dropped, read as BYDAY=MO,TU,FR")]),
        Liberty(input: "FREQ=DAILY;BYDAY=+2MO,MO",
                strict: .init(column: 18, text: "+2MO", message: "BYDAY value \"2MO\" has an ordinal"),
                lenient: "FREQ=DAILY;BYDAY=MO",
                readings: [.init(column: 12, text: "BYDAY=+2MO,MO", message: "ordinals dropped, read as BYDAY=MO")]),
        // "... MUST NOT be specified with a numeric value with the FREQ rule part set to YEARLY when the
        // BYWEEKNO rule part is specified."
        Liberty(input: "FREQ=YEARLY;BYWEEKNO=20;BYDAY=1MO",
                strict: .init(column: 31, text: "1MO", message: "which is not valid with FREQ=YEARLY and BYWEEKNO"),
                lenient: "FREQ=YEARLY;BYDAY=MO;BYWEEKNO=20",
                readings: [.init(column: 25, text: "BYDAY=1MO", message: "BYDAY ordinals are not valid with FREQ=YEARLY and BYWEEKNO: ordinals dropped, read as BYDAY=MO")]),

        // The N/A cells of RFC 5545's table: kept in lenient mode, where they act as limits.
        Liberty(input: "FREQ=MONTHLY;BYWEEKNO=20",
                strict: .init(column: 14, text: "BYWEEKNO=20", message: "BYWEEKNO is only valid with FREQ=YEARLY (RFC 5545 section 3.3.10)"),
                lenient: "FREQ=MONTHLY;BYWEEKNO=20",
                readings: [.init(column: 14, text: "BYWEEKNO=20", message: "BYWEEKNO with FREQ=MONTHLY kept: it acts as a limit")]),
        Liberty(input: "FREQ=HOURLY;BYWEEKNO=1",
                strict: .init(column: 13, text: "BYWEEKNO=1", message: "BYWEEKNO is only valid with FREQ=YEARLY"),
                lenient: "FREQ=HOURLY;BYWEEKNO=1",
                readings: [.init(column: 13, text: "BYWEEKNO=1", message: "BYWEEKNO with FREQ=HOURLY kept")]),
        Liberty(input: "FREQ=DAILY;BYYEARDAY=100",
                strict: .init(column: 12, text: "BYYEARDAY=100", message: "BYYEARDAY is not valid with FREQ=DAILY (RFC 5545 section 3.3.10)"),
                lenient: "FREQ=DAILY;BYYEARDAY=100",
                readings: [.init(column: 12, text: "BYYEARDAY=100", message: "BYYEARDAY with FREQ=DAILY kept: it acts as a limit")]),
        Liberty(input: "FREQ=WEEKLY;BYYEARDAY=-1",
                strict: .init(column: 13, text: "BYYEARDAY=-1", message: "BYYEARDAY is not valid with FREQ=WEEKLY"),
                lenient: "FREQ=WEEKLY;BYYEARDAY=-1",
                readings: [.init(column: 13, text: "BYYEARDAY=-1", message: "kept")]),
        Liberty(input: "FREQ=MONTHLY;BYYEARDAY=1",
                strict: .init(column: 14, text: "BYYEARDAY=1", message: "BYYEARDAY is not valid with FREQ=MONTHLY"),
                lenient: "FREQ=MONTHLY;BYYEARDAY=1",
                readings: [.init(column: 14, text: "BYYEARDAY=1", message: "kept")]),
        Liberty(input: "FREQ=WEEKLY;BYMONTHDAY=13",
                strict: .init(column: 13, text: "BYMONTHDAY=13", message: "BYMONTHDAY is not valid with FREQ=WEEKLY (RFC 5545 section 3.3.10)"),
                lenient: "FREQ=WEEKLY;BYMONTHDAY=13",
                readings: [.init(column: 13, text: "BYMONTHDAY=13", message: "BYMONTHDAY with FREQ=WEEKLY kept: it acts as a limit")]),

        // "BYSETPOS ... MUST only be used in conjunction with another BYxxx rule part."
        Liberty(input: "FREQ=MONTHLY;BYSETPOS=-1",
                strict: .init(column: 14, text: "BYSETPOS=-1", message: "BYSETPOS is only valid beside another BYxxx part (RFC 5545 section 3.3.10)"),
                lenient: "FREQ=MONTHLY;BYSETPOS=-1",
                readings: [.init(column: 14, text: "BYSETPOS=-1", message: "BYSETPOS without another BYxxx part kept")]),

        // RFC 7529: SKIP only with RSCALE.
        Liberty(input: "FREQ=YEARLY;SKIP=FORWARD",
                strict: .init(column: 13, text: "SKIP=FORWARD", message: "SKIP is only valid with RSCALE (RFC 7529)"),
                lenient: "FREQ=YEARLY;RSCALE=GREGORIAN;SKIP=FORWARD",
                readings: [.init(column: 13, text: "SKIP=FORWARD", message: "SKIP without RSCALE read as RSCALE=GREGORIAN;SKIP=FORWARD")]),

        // RFC 5545 section 3.3.5: second 60 "SHOULD" be read as 59 by implementations without leap seconds.
        Liberty(input: "FREQ=DAILY;UNTIL=19970630T235960Z",
                strict: .init(column: 31, text: "60", message: "second 60 is a leap second, which Almanac does not support"),
                lenient: "FREQ=DAILY;UNTIL=19970630T235959Z",
                readings: [.init(column: 18, text: "19970630T235960Z", message: "second 60 of UNTIL read as 59")]),

        // Digits beyond the grammar's width (RFC 5545 section 3.3.10: monthnum = 1*2DIGIT, ...).
        Liberty(input: "FREQ=YEARLY;BYMONTH=007",
                strict: .init(column: 21, text: "007", message: "BYMONTH value \"007\" has 3 digits; RFC 5545 section 3.3.10 writes at most 2"),
                lenient: "FREQ=YEARLY;BYMONTH=7",
                readings: [.init(column: 21, text: "007", message: "BYMONTH value \"007\" read as 7")]),
        Liberty(input: "FREQ=YEARLY;BYDAY=-001FR",
                strict: .init(column: 19, text: "-001FR", message: "has 3 digits in its ordinal"),
                lenient: "FREQ=YEARLY;BYDAY=-1FR",
                readings: [.init(column: 19, text: "-001FR", message: "BYDAY value \"-001FR\" read as -1FR")]),
    ]

    @Test(arguments: liberties)
    func strictRefuses(_ c: Liberty) throws {
        do {
            let rule = try Rule(c.input, mode: .strict)
            Issue.record("strict mode read \(rule)")
        } catch {
            #expect(error.kind == .invalidRule)
            #expect(error.column == c.strict.column)
            #expect(error.text == c.strict.text)
            #expect(error.message.hasPrefix("invalid RRULE at column \(c.strict.column): "), "\(error.message)")
            #expect(error.message.contains(c.strict.message), "\(error.message)")
        }
    }

    @Test(arguments: liberties)
    func lenientReads(_ c: Liberty) throws {
        let (rule, readings) = try Rule.parse(c.input, mode: .lenient)
        #expect(rule.description == c.lenient)
        #expect(readings.count == c.readings.count, "\(readings)")
        for (got, want) in zip(readings, c.readings) {
            #expect(got.column == want.column, "\(got)")
            #expect(got.text == want.text, "\(got)")
            #expect(got.message.contains(want.message), "\(got.message)")
            #expect(got.description == "column \(got.column): \(got.message)")
        }
        // What lenient mode produced reads back the same, in lenient mode.
        #expect(try Rule(rule.description, mode: .lenient) == rule)
    }

    // RFC 7529: "RSCALE" values are case-insensitive, so strict mode takes any case.
    @Test func rscaleValueIsCaseInsensitiveInStrictMode() throws {
        let (rule, readings) = try Rule.parse("RSCALE=Hebrew;FREQ=YEARLY;BYMONTH=5L", mode: .strict)
        #expect(rule.rscale == "HEBREW")
        #expect(readings.isEmpty)
    }

    // Lenient mode keeps COUNT and UNTIL both.
    @Test func countAndUntilBothKept() throws {
        let rule = try Rule("FREQ=DAILY;COUNT=5;UNTIL=20260101", mode: .lenient)
        #expect(rule.count == 5)
        #expect(try rule.until == .date(CivilDate(2026, 1, 1)))
    }

    // Lenient mode keeps unknown parts as extensions, with upper-case names.
    @Test func unknownPartsBecomeExtensions() throws {
        let rule = try Rule("FREQ=DAILY;x-a=1;Foo=Bar", mode: .lenient)
        #expect(rule.extensions == [.init(name: "X-A", value: "1"), .init(name: "FOO", value: "Bar")])
    }

    // Strict mode reads nothing loosely: no readings, ever.
    @Test(arguments: RecurrenceRuleParsingTests.rfcExamples)
    func strictHasNoReadings(_ text: String) throws {
        #expect(try Rule.parse(text, mode: .strict).readings.isEmpty)
        #expect(try Rule.parse(text, mode: .lenient).readings.isEmpty)
    }

    // Several liberties at once: one reading each, in the order of the text.
    @Test func readingsAreInColumnOrder() throws {
        let (rule, readings) = try Rule.parse("RRULE:freq=weekly;byday=1mo,we;;count=5;until=20260101;", mode: .lenient)
        #expect(rule.description == "FREQ=WEEKLY;UNTIL=20260101;COUNT=5;BYDAY=MO,WE")
        #expect(readings.map(\.column) == [1, 7, 19, 19, 31, 33, 41, 41, 55])
        #expect(readings.map(\.column) == readings.map(\.column).sorted())
    }
}
