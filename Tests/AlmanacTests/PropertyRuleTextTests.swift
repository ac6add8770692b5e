import AlmanacTestSupport
import PropertyBased
import Testing
@testable import Almanac

/// Formatting then parsing a rule gives an equal rule (RecurrenceRule's
/// `description` contract), over generated rules (PropertyGenerators.swift)
/// with every part, UNTIL in each of its three forms, COUNT and INTERVAL up
/// to 2^63-1, RSCALE/SKIP (RFC 7529) and X- parts.
@Suite struct PropertyRuleTextTests {
    /// Adds what the expansion generator leaves out: huge COUNT and INTERVAL, X- parts, RSCALE alone.
    static func widen(_ rule: RecurrenceRule, _ pick: UInt64) -> RecurrenceRule {
        var rule = rule
        if pick & 0xF == 0 { rule.interval = Int(truncatingIfNeeded: pick >> 1) & Int.max | 1 }
        if pick & 0xF0 == 0, rule.until == nil { rule.count = Int(truncatingIfNeeded: pick >> 2) & Int.max | 1 }
        if pick & 0x300 == 0 { rule.extensions = [.init(name: "X-NAME", value: "v\(pick % 97)"), .init(name: "X-A-1", value: "a,b")] }
        if pick & 0xC00 == 0, rule.rscale == nil { rule.rscale = "GREGORIAN" }
        return rule
    }

    /// Strict mode: every generated rule is valid and reads back equal.
    @Test func formattedRuleParsesBackEqual() async throws {
        await propertyCheck(count: 2000, input: PropertyGen.cases(SeedStream(0x6_2077))) { c in
            let rule = Self.widen(c.rule, c.pick)
            try rule.validate()
            let text = rule.description
            let back = try RecurrenceRule(text)
            #expect(back == rule, "\(text) read back as \(back.description)")
            #expect(back.description == text)
        }
    }

    /// Lenient mode: rules with the combinations RFC 5545 forbids but lenient
    /// mode keeps (COUNT with UNTIL, BYWEEKNO outside YEARLY, BYYEARDAY with
    /// DAILY/WEEKLY/MONTHLY, BYMONTHDAY with WEEKLY, BYSETPOS alone) read back
    /// equal in lenient mode, and strict mode rejects them.
    @Test func lenientRuleParsesBackEqualInLenientMode() async throws {
        await propertyCheck(count: 1000, input: PropertyGen.cases(SeedStream(0x7_1E41E47))) { c in
            var rule = Self.widen(c.rule, c.pick)
            let p = c.pick >> 12
            if p & 1 != 0, rule.count == nil { rule.count = Int(p % 50) + 1 }
            if p & 1 != 0, rule.until == nil { rule.until = try .utc(CivilDate(2030, 1, 1).at(0, 0)) }
            if p & 6 == 0, rule.frequency != .yearly { rule.byWeekNo = [-53, 1, 53] }
            if p & 24 == 0, [.daily, .weekly, .monthly].contains(rule.frequency) { rule.byYearDay = [-366, 1, 366] }
            if p & 96 == 0, rule.frequency == .weekly { rule.byMonthDay = [-31, 15] }
            if p & 384 == 0 {
                rule = RecurrenceRule(frequency: rule.frequency)
                rule.bySetPos = [-1, 1]
            }
            let text = rule.description
            let back = try RecurrenceRule(text, mode: .lenient)
            #expect(back == rule, "\(text) read back as \(back.description)")
            if (try? rule.validate()) == nil {
                #expect(throws: AlmanacError.self, "strict mode accepted \(text)") { try RecurrenceRule(text) }
            }
        }
    }
}
