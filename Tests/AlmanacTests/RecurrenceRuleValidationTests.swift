import Testing
import Almanac
import AlmanacCore

/// `validate()` on rules built in code: the RFC 5545 section 3.3.10 and RFC
/// 7529 constraints strict parsing enforces, without text or columns.
@Suite struct RecurrenceRuleValidationTests {
    typealias Rule = RecurrenceRule

    static func rule(_ f: Rule.Frequency, _ edit: (inout Rule) throws -> Void) rethrows -> Rule {
        var r = Rule(frequency: f)
        try edit(&r)
        return r
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var rule: Rule
        var message: String   // the whole message
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "BYWEEKNO with MONTHLY", rule: rule(.monthly) { $0.byWeekNo = [20] },
             message: "invalid RRULE: BYWEEKNO is only valid with FREQ=YEARLY (RFC 5545 section 3.3.10)"),
        Case(name: "INTERVAL 0", rule: rule(.daily) { $0.interval = 0 },
             message: "invalid RRULE: INTERVAL value 0 is out of range (expected a positive integer)"),
        Case(name: "INTERVAL negative", rule: rule(.daily) { $0.interval = -3 },
             message: "invalid RRULE: INTERVAL value -3 is out of range (expected a positive integer)"),
        Case(name: "COUNT 0", rule: rule(.daily) { $0.count = 0 },
             message: "invalid RRULE: COUNT value 0 is out of range (expected a positive integer)"),
        Case(name: "BYSECOND 61", rule: rule(.daily) { $0.bySecond = [0, 61] },
             message: "invalid RRULE: BYSECOND value 61 is out of range (expected 0...60)"),
        Case(name: "BYMINUTE 60", rule: rule(.daily) { $0.byMinute = [60] },
             message: "invalid RRULE: BYMINUTE value 60 is out of range (expected 0...59)"),
        Case(name: "BYHOUR -1", rule: rule(.daily) { $0.byHour = [-1] },
             message: "invalid RRULE: BYHOUR value -1 is out of range (expected 0...23)"),
        Case(name: "BYMONTHDAY 32", rule: rule(.monthly) { $0.byMonthDay = [32] },
             message: "invalid RRULE: BYMONTHDAY value 32 is out of range (a month has at most 31 days)"),
        Case(name: "BYMONTHDAY 0", rule: rule(.monthly) { $0.byMonthDay = [0] },
             message: "invalid RRULE: BYMONTHDAY value 0 is out of range (expected 1...31 or -31...-1; there is no day 0)"),
        Case(name: "BYYEARDAY -367", rule: rule(.yearly) { $0.byYearDay = [-367] },
             message: "invalid RRULE: BYYEARDAY value -367 is out of range (a year has at most 366 days)"),
        Case(name: "BYWEEKNO 54", rule: rule(.yearly) { $0.byWeekNo = [54] },
             message: "invalid RRULE: BYWEEKNO value 54 is out of range (a year has at most 53 weeks)"),
        Case(name: "BYSETPOS 0", rule: rule(.monthly) { $0.byDay = [.every(.monday)]; $0.bySetPos = [0] },
             message: "invalid RRULE: BYSETPOS value 0 is out of range (expected 1...366 or -366...-1; positions count from 1)"),
        Case(name: "BYMONTH 0", rule: rule(.yearly) { $0.byMonth = [0] },
             message: "invalid RRULE: BYMONTH value 0 is out of range (expected 1...12, or 1...13 with a non-Gregorian RSCALE)"),
        Case(name: "BYDAY ordinal 0", rule: rule(.monthly) { $0.byDay = [.nth(0, .monday)] },
             message: "invalid RRULE: BYDAY value \"0MO\" is out of range (the ordinal must be 1...53 or -53...-1; 0 is not allowed)"),
        Case(name: "BYDAY ordinal -54", rule: rule(.yearly) { $0.byDay = [.nth(-54, .friday)] },
             message: "invalid RRULE: BYDAY value \"-54FR\" is out of range (the ordinal must be 1...53 or -53...-1: a year has at most 53 of each weekday)"),
        // Int.min in a number list or as an ordinal is out of range, not a trap
        // (fuzz finding 8: the range check took abs(Int.min); Tools/fuzz/regressions/README.md).
        Case(name: "BYMONTHDAY Int.min", rule: rule(.monthly) { $0.byMonthDay = [Int.min] },
             message: "invalid RRULE: BYMONTHDAY value -9223372036854775808 is out of range (a month has at most 31 days)"),
        Case(name: "BYYEARDAY Int.min", rule: rule(.yearly) { $0.byYearDay = [Int.min] },
             message: "invalid RRULE: BYYEARDAY value -9223372036854775808 is out of range (a year has at most 366 days)"),
        Case(name: "BYWEEKNO Int.min", rule: rule(.yearly) { $0.byWeekNo = [Int.min] },
             message: "invalid RRULE: BYWEEKNO value -9223372036854775808 is out of range (a year has at most 53 weeks)"),
        Case(name: "BYSETPOS Int.min", rule: rule(.monthly) { $0.byDay = [.every(.monday)]; $0.bySetPos = [Int.min] },
             message: "invalid RRULE: BYSETPOS value -9223372036854775808 is out of range (expected 1...366 or -366...-1)"),
        Case(name: "BYDAY ordinal Int.min", rule: rule(.yearly) { $0.byDay = [.nth(Int.min, .monday)] },
             message: "invalid RRULE: BYDAY value \"-9223372036854775808MO\" is out of range (the ordinal must be 1...53 or -53...-1: a year has at most 53 of each weekday)"),
        Case(name: "COUNT with UNTIL", rule: rule(.daily) { $0.count = 3; $0.until = try! .date(CivilDate(2026, 1, 1)) },
             message: "invalid RRULE: COUNT and UNTIL must not both be given (RFC 5545 section 3.3.10)"),
        Case(name: "ordinal with WEEKLY", rule: rule(.weekly) { $0.byDay = [.nth(1, .monday)] },
             message: "invalid RRULE: BYDAY value \"1MO\" has an ordinal, which is only valid with FREQ=MONTHLY or FREQ=YEARLY (RFC 5545 section 3.3.10)"),
        Case(name: "ordinal with HOURLY", rule: rule(.hourly) { $0.byDay = [.nth(-1, .sunday)] },
             message: "invalid RRULE: BYDAY value \"-1SU\" has an ordinal, which is only valid with FREQ=MONTHLY or FREQ=YEARLY (RFC 5545 section 3.3.10)"),
        Case(name: "ordinal with YEARLY and BYWEEKNO", rule: rule(.yearly) { $0.byWeekNo = [1]; $0.byDay = [.nth(2, .tuesday)] },
             message: "invalid RRULE: BYDAY value \"2TU\" has an ordinal, which is not valid with FREQ=YEARLY and BYWEEKNO (RFC 5545 section 3.3.10)"),
        Case(name: "BYYEARDAY with DAILY", rule: rule(.daily) { $0.byYearDay = [1] },
             message: "invalid RRULE: BYYEARDAY is not valid with FREQ=DAILY (RFC 5545 section 3.3.10)"),
        Case(name: "BYYEARDAY with WEEKLY", rule: rule(.weekly) { $0.byYearDay = [1] },
             message: "invalid RRULE: BYYEARDAY is not valid with FREQ=WEEKLY (RFC 5545 section 3.3.10)"),
        Case(name: "BYYEARDAY with MONTHLY", rule: rule(.monthly) { $0.byYearDay = [1] },
             message: "invalid RRULE: BYYEARDAY is not valid with FREQ=MONTHLY (RFC 5545 section 3.3.10)"),
        Case(name: "BYMONTHDAY with WEEKLY", rule: rule(.weekly) { $0.byMonthDay = [1] },
             message: "invalid RRULE: BYMONTHDAY is not valid with FREQ=WEEKLY (RFC 5545 section 3.3.10)"),
        Case(name: "BYSETPOS alone", rule: rule(.monthly) { $0.bySetPos = [1] },
             message: "invalid RRULE: BYSETPOS is only valid beside another BYxxx part (RFC 5545 section 3.3.10)"),
        Case(name: "SKIP without RSCALE", rule: rule(.yearly) { $0.skip = .forward },
             message: "invalid RRULE: SKIP is only valid with RSCALE (RFC 7529)"),
        Case(name: "unknown RSCALE", rule: rule(.yearly) { $0.rscale = "KLINGON" },
             message: "invalid RRULE: RSCALE value \"KLINGON\" is not a supported calendar (expected GREGORIAN, CHINESE, DANGI, HEBREW, ISLAMIC, ISLAMIC-CIVIL, ISLAMIC-UMALQURA, ISLAMIC-TBLA, ISLAMIC-RGSA, PERSIAN, ETHIOPIC, ETHIOAA, COPTIC, INDIAN, BUDDHIST, JAPANESE, ROC or ISO8601)"),
        Case(name: "lower-case RSCALE in the model", rule: rule(.yearly) { $0.rscale = "hebrew" },
             message: "invalid RRULE: RSCALE value \"hebrew\" is not a supported calendar (expected GREGORIAN, CHINESE, DANGI, HEBREW, ISLAMIC, ISLAMIC-CIVIL, ISLAMIC-UMALQURA, ISLAMIC-TBLA, ISLAMIC-RGSA, PERSIAN, ETHIOPIC, ETHIOAA, COPTIC, INDIAN, BUDDHIST, JAPANESE, ROC or ISO8601)"),
        Case(name: "leap month without RSCALE", rule: rule(.yearly) { $0.byMonth = [.init(5, isLeap: true)] },
             message: "invalid RRULE: BYMONTH value 5L is a leap month, which needs a non-Gregorian RSCALE (RFC 7529)"),
        Case(name: "month 13 with Gregorian RSCALE", rule: rule(.yearly) { $0.rscale = "GREGORIAN"; $0.byMonth = [13] },
             message: "invalid RRULE: BYMONTH value 13 is out of range (expected 1...12; month 13 needs a non-Gregorian RSCALE, RFC 7529)"),
        Case(name: "IANA name as extension", rule: rule(.daily) { $0.extensions = [.init(name: "FOO", value: "1")] },
             message: "invalid RRULE: unknown rule part \"FOO\" (RFC 5545 section 3.3.10; only X- parts are kept in strict mode)"),
        Case(name: "rule part as extension", rule: rule(.daily) { $0.extensions = [.init(name: "COUNT", value: "1")] },
             message: "invalid RRULE: extension name \"COUNT\" is a rule part, not an extension"),
        Case(name: "lower-case extension name", rule: rule(.daily) { $0.extensions = [.init(name: "X-foo", value: "1")] },
             message: "invalid RRULE: extension name \"X-foo\" is not an upper-case X- name (expected X- then A-Z, 0-9 or -)"),
        Case(name: "extension value with ;", rule: rule(.daily) { $0.extensions = [.init(name: "X-A", value: "1;COUNT=2")] },
             message: "invalid RRULE: extension X-A value \"1;COUNT=2\" contains \";\", which ends a rule part"),
        Case(name: "extension value with surrounding whitespace", rule: rule(.daily) { $0.extensions = [.init(name: "X-A", value: " 1")] },
             message: "invalid RRULE: extension X-A value \" 1\" has surrounding whitespace"),
    ]

    @Test(arguments: cases)
    func validateRefuses(_ c: Case) throws {
        do {
            try c.rule.validate()
            Issue.record("validate() accepted \(c.rule)")
        } catch {
            #expect(error.kind == .invalidRule)
            #expect(error.message == c.message)
            #expect(error.text == nil)
            #expect(error.column == nil)
        }
    }

    // A rule validate() refuses, written out, is one strict parsing refuses with the same words.
    @Test(arguments: cases)
    func strictParsingAgrees(_ c: Case) throws {
        // Not for the model-only faults: text cannot hold a lower-case RSCALE
        // (RSCALE=hebrew reads as HEBREW) or a malformed extension.
        if c.name.contains("extension") || c.name.contains("lower-case RSCALE") { return }
        let text = c.rule.description
        do {
            _ = try Rule(text)
            Issue.record("strict parsing accepted \(text)")
        } catch {
            let words = c.message.dropFirst("invalid RRULE: ".count)
            #expect(error.message.hasSuffix(words), "\(error.message)")
        }
    }

    @Test(arguments: Rule.Frequency.allCases)
    func plainRulesAreValid(_ f: Rule.Frequency) throws {
        try Rule(frequency: f).validate()
    }

    @Test func validRulesPass() throws {
        var r = Rule(frequency: .yearly)
        r.rscale = "HEBREW"
        r.skip = .forward
        r.byMonth = [.init(5, isLeap: true), 13]
        r.byMonthDay = [8]
        r.byWeekNo = [-1, 1]
        r.byDay = [.every(.monday)]
        r.bySetPos = [1]
        r.bySecond = [60]
        r.extensions = [.init(name: "X-A-B", value: "any text, even = and ,")]
        try r.validate()
        #expect(try Rule(r.description) == r)
    }

    // Lists built in code out of order or with repeats are valid; the text is
    // canonical (sorted, each value once) and reads back as the normalized rule.
    @Test func unsortedListsWriteCanonicalText() throws {
        var r = Rule(frequency: .yearly)
        r.byWeekNo = [1, -1, 1]
        r.byDay = [.every(.friday), .every(.monday)]
        try r.validate()
        #expect(r.description == "FREQ=YEARLY;BYDAY=MO,FR;BYWEEKNO=-1,1")
        let back = try Rule(r.description)
        #expect(back.byWeekNo == [-1, 1])
        #expect(back.byDay == [.every(.monday), .every(.friday)])
    }
}
