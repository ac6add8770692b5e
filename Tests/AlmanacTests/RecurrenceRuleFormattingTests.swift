import AlmanacTestSupport
import Testing
import Almanac
import AlmanacCore


/// Random recurrence rules. `valid` rules pass `validate()`; otherwise the
/// generator also breaks the combination rules of RFC 5545 section 3.3.10
/// (never the value ranges).
enum RuleGenerator {
    typealias Rule = RecurrenceRule

    static func list(_ g: inout SplitMix64, _ value: (inout SplitMix64) -> Int) -> [Int] {
        var out = Set<Int>()
        for _ in 0..<g.int(1...6) { out.insert(value(&g)) }
        return out.sorted()
    }

    static func signed(_ g: inout SplitMix64, _ max: Int, positive p: Double = 0.7) -> Int {
        g.chance(p) ? g.int(1...max) : -g.int(1...max)
    }

    static func rule(_ g: inout SplitMix64, valid: Bool) -> Rule {
        let freq = g.pick(Rule.Frequency.allCases)
        var r = Rule(frequency: freq)
        if g.chance(0.2) {
            r.rscale = g.pick(Rule.supportedScales)
            if g.chance(0.5) { r.skip = g.pick([.omit, .backward, .forward]) }
        } else if !valid, g.chance(0.05) {
            r.skip = g.pick([.omit, .backward, .forward])
        }
        switch g.int(0...2) {
        case 1: r.count = g.chance(0.9) ? g.int(1...1000) : g.int(1...Int.max)
        case 2: r.until = until(&g)
        default: break
        }
        if !valid, g.chance(0.05) {
            r.count = g.int(1...50)
            r.until = until(&g)
        }
        if g.chance(0.4) { r.interval = g.chance(0.9) ? g.int(1...500) : g.int(1...Int.max) }
        if g.chance(0.2) { r.bySecond = list(&g) { $0.int(0...60) } }
        if g.chance(0.2) { r.byMinute = list(&g) { $0.int(0...59) } }
        if g.chance(0.3) { r.byHour = list(&g) { $0.int(0...23) } }
        if (freq == .yearly || !valid) && g.chance(0.2) {
            r.byWeekNo = list(&g) { signed(&$0, 53, positive: 0.5) }
        }
        if g.chance(0.4) {
            let ordinals = !valid || freq == .monthly || (freq == .yearly && r.byWeekNo.isEmpty)
            var days = Set<Rule.WeekdayNum>()
            for _ in 0..<g.int(1...7) {
                let d = g.pick(Weekday.allCases)
                days.insert(ordinals && g.chance(0.5) ? .nth(signed(&g, freq == .monthly ? 5 : 53, positive: 0.5), d) : .every(d))
            }
            r.byDay = days.sorted()
        }
        if (freq != .weekly || !valid) && g.chance(0.3) {
            r.byMonthDay = list(&g) { signed(&$0, 31) }
        }
        if (![.daily, .weekly, .monthly].contains(freq) || !valid) && g.chance(0.2) {
            r.byYearDay = list(&g) { signed(&$0, 366) }
        }
        if g.chance(0.3) {
            let lunar = r.rscale != nil && r.rscale != "GREGORIAN"
            var months = Set<Rule.Month>()
            for _ in 0..<g.int(1...4) {
                months.insert(lunar ? Rule.Month(g.int(1...13), isLeap: g.chance(0.3)) : Rule.Month(g.int(1...12)))
            }
            r.byMonth = months.sorted()
        }
        let hasBy = !(r.bySecond.isEmpty && r.byMinute.isEmpty && r.byHour.isEmpty && r.byDay.isEmpty
            && r.byMonthDay.isEmpty && r.byYearDay.isEmpty && r.byWeekNo.isEmpty && r.byMonth.isEmpty)
        if (hasBy || !valid) && g.chance(0.25) {
            r.bySetPos = list(&g) { signed(&$0, 366) }
        }
        if g.chance(0.3) { r.weekStart = g.pick(Weekday.allCases) }
        if g.chance(0.1) {
            let nameChars = Array("ABCXYZ019-")
            let valueChars = Array("abcXYZ 09,=:-_.\"é")
            for _ in 0..<g.int(1...3) {
                var name = "X-", value = ""
                for _ in 0..<g.int(1...8) { name.append(g.pick(nameChars)) }
                for _ in 0..<g.int(0...12) { value.append(g.pick(valueChars)) }
                while value.first == " " || value.last == " " { value = String(value.dropFirst().dropLast()) }
                r.extensions.append(.init(name: name, value: value))
            }
        }
        return r
    }

    static func until(_ g: inout SplitMix64) -> Rule.Until {
        let y = g.int(1...9999), m = g.int(1...12)
        let d = (try? CivilDate(y, m, g.int(1...31))) ?? (try! CivilDate(y, m, 28))
        switch g.int(0...2) {
        case 0: return .date(d)
        case 1: return try! .local(d.at(g.int(0...23), g.int(0...59), g.int(0...59)))
        default: return try! .utc(d.at(g.int(0...23), g.int(0...59), g.int(0...59)))
        }
    }
}

@Suite struct RecurrenceRuleFormattingTests {
    typealias Rule = RecurrenceRule

    // MARK: Canonical text

    @Test func canonicalOrder() throws {
        let text = "WKST=SU;BYSETPOS=1;BYMONTH=1;BYWEEKNO=1;BYYEARDAY=1;BYMONTHDAY=1;BYDAY=MO;BYHOUR=1;BYMINUTE=1;BYSECOND=1;INTERVAL=2;COUNT=3;SKIP=OMIT;RSCALE=GREGORIAN;X-A=1;FREQ=YEARLY"
        let rule = try Rule(text)
        #expect(rule.description == "FREQ=YEARLY;RSCALE=GREGORIAN;SKIP=OMIT;COUNT=3;INTERVAL=2;BYSECOND=1;BYMINUTE=1;BYHOUR=1;BYDAY=MO;BYMONTHDAY=1;BYYEARDAY=1;BYWEEKNO=1;BYMONTH=1;BYSETPOS=1;WKST=SU;X-A=1")
    }

    @Test func defaultsAreLeftOut() throws {
        #expect(try Rule("FREQ=WEEKLY;INTERVAL=1;WKST=MO").description == "FREQ=WEEKLY")
        #expect(try Rule("FREQ=WEEKLY;INTERVAL=2;WKST=SU").description == "FREQ=WEEKLY;INTERVAL=2;WKST=SU")
        #expect(Rule(frequency: .secondly).description == "FREQ=SECONDLY")
    }

    // The model's own documentation example.
    @Test func modelExample() throws {
        let rule = try Rule("FREQ=MONTHLY;BYDAY=-1FR;COUNT=10")
        #expect(rule.description == "FREQ=MONTHLY;COUNT=10;BYDAY=-1FR")
    }

    @Test func valuesAreWrittenPlainly() throws {
        let rule = try Rule("FREQ=YEARLY;BYDAY=+1MO,-1FR,MO;BYMONTHDAY=+5,-5,05;BYHOUR=09", mode: .lenient)
        #expect(rule.description == "FREQ=YEARLY;BYHOUR=9;BYDAY=-1FR,MO,1MO;BYMONTHDAY=-5,5")
    }

    @Test func untilKeepsItsForm() throws {
        var r = Rule(frequency: .daily)
        r.until = try .date(CivilDate(1997, 12, 24))
        #expect(r.description == "FREQ=DAILY;UNTIL=19971224")
        r.until = try .local(CivilDate(1997, 12, 24).at(9, 5, 7))
        #expect(r.description == "FREQ=DAILY;UNTIL=19971224T090507")
        r.until = try .utc(CivilDate(7, 1, 2).at(0, 0))
        #expect(r.description == "FREQ=DAILY;UNTIL=00070102T000000Z")
    }

    @Test func leapMonthsAndScale() throws {
        var r = Rule(frequency: .yearly)
        r.rscale = "HEBREW"
        r.skip = .forward
        r.byMonth = [.init(5, isLeap: true)]
        r.byMonthDay = [8]
        #expect(r.description == "FREQ=YEARLY;RSCALE=HEBREW;SKIP=FORWARD;BYMONTHDAY=8;BYMONTH=5L")
    }

    @Test func lenientRuleWritesBothCountAndUntil() throws {
        let rule = try Rule("FREQ=DAILY;COUNT=2;UNTIL=20000101T000000Z", mode: .lenient)
        #expect(rule.description == "FREQ=DAILY;UNTIL=20000101T000000Z;COUNT=2")
    }

    // MARK: Round trips

    // parse(format(r)) == r for generated valid rules, in both modes.
    @Test(arguments: 0..<8)
    func generatedValidRulesRoundTrip(_ seed: Int) throws {
        var g = SplitMix64(seed: UInt64(seed) &* 0x1234_5678_9ABC_DEF1)
        for i in 0..<1_000 {
            let rule = RuleGenerator.rule(&g, valid: true)
            do {
                try rule.validate()
                let (back, readings) = try Rule.parse(rule.description, mode: .strict)
                #expect(back == rule, "seed \(seed) #\(i): \(rule.description)")
                #expect(readings.isEmpty)
                #expect(try Rule(rule.description, mode: .lenient) == rule)
            } catch {
                Issue.record("seed \(seed) #\(i): \(rule.description): \(error)")
            }
        }
    }

    // Rules that break RFC 5545's combination rules: validate() and strict parsing
    // agree (same words), and lenient parsing always reads them.
    @Test(arguments: 0..<4)
    func generatedRulesAgreeAcrossValidateAndParse(_ seed: Int) throws {
        var g = SplitMix64(seed: 0xC0FFEE &+ UInt64(seed))
        var refused = 0
        for i in 0..<1_000 {
            let rule = RuleGenerator.rule(&g, valid: false)
            let text = rule.description
            let validation = Result { () throws(AlmanacError) in try rule.validate() }
            let strict = Result { () throws(AlmanacError) in try Rule(text) }
            switch (validation, strict) {
            case (.success, .success(let back)):
                #expect(back == rule, "#\(i): \(text)")
            case (.failure(let v), .failure(let p)):
                refused += 1
                let words = v.message.dropFirst("invalid RRULE: ".count)
                #expect(p.message.hasSuffix(words), "#\(i): \(p.message) vs \(v.message)")
            default:
                Issue.record("#\(i): validate \(validation) but strict parsing \(strict) for \(text)")
            }
            do {
                let (lenient, readings) = try Rule.parse(text, mode: .lenient)
                #expect(readings.isEmpty == ((try? rule.validate()) != nil), "#\(i): \(text)")
                #expect(try Rule(lenient.description, mode: .lenient) == lenient, "#\(i): \(text)")
            } catch {
                Issue.record("#\(i): lenient mode refused \(text): \(error)")
            }
        }
        #expect(refused > 100)   // the generator does break the rules
    }

    // Lenient mode reads the liberties real producers take and recovers the rule.
    @Test(arguments: 0..<4)
    func mangledTextReadsBackLeniently(_ seed: Int) throws {
        var g = SplitMix64(seed: 0xBADC0DE &+ UInt64(seed))
        for i in 0..<500 {
            let rule = RuleGenerator.rule(&g, valid: true)
            let text = Self.mangle(rule, &g)
            do {
                let (back, readings) = try Rule.parse(text, mode: .lenient)
                #expect(back == rule, "#\(i): \(text)")
                if text != rule.description { #expect(!readings.isEmpty || Self.onlyReordered(text, rule)) }
            } catch {
                Issue.record("#\(i): \(text): \(error)")
            }
        }
    }

    /// The parts of `rule`, shuffled (extensions keep their order), with
    /// random case, whitespace, empty parts, a repeated part and a prefix.
    static func mangle(_ rule: Rule, _ g: inout SplitMix64) -> String {
        let parts = rule.description.split(separator: ";").map(String.init)
        var known = parts.filter { !$0.hasPrefix("X-") }
        let extensions = parts.filter { $0.hasPrefix("X-") }
        known.shuffle(using: &g)
        if g.chance(0.3), let dup = known.randomElement(using: &g) { known.append(dup) }
        var out: [String] = []
        for p in known {
            var s = ""
            for c in p { s.append(g.chance(0.2) ? Character(c.lowercased()) : c) }
            if g.chance(0.1) { s = s.replacingFirst("=", with: g.pick([" =", "= ", "\t=\t"])) }
            if g.chance(0.1), !s.hasPrefix("UNTIL"), !s.lowercased().hasPrefix("until") { s = s.replacingAll(",", with: ", ") }
            out.append(s)
            if g.chance(0.1) { out.append(g.pick(["", " "])) }
        }
        out += extensions
        var text = out.joined(separator: g.chance(0.2) ? " ;" : ";")
        if g.chance(0.2) { text += ";" }
        if g.chance(0.2) { text = g.pick(["RRULE:", "rrule:", "RRule:"]) + text }
        if g.chance(0.2) { text = " " + text + "\r\n" }
        return text
    }

    static func onlyReordered(_ text: String, _ rule: Rule) -> Bool {
        Set(text.split(separator: ";")) == Set(rule.description.split(separator: ";"))
    }

    // Every input of the other suites reads back equal from its description.
    @Test func parsedInputsRoundTrip() throws {
        let inputs = RecurrenceRuleParsingTests.rfcExamples + RecurrenceRuleModeTests.liberties.map(\.input)
        for text in inputs {
            let rule = try Rule(text, mode: .lenient)
            #expect(try Rule(rule.description, mode: .lenient) == rule, "\(text)")
            if (try? rule.validate()) != nil {
                #expect(try Rule(rule.description) == rule, "\(text)")
            }
        }
    }

    // MARK: Fuzzing: random token soup must never crash, and whatever reads must read back.

    static let tokens = ["FREQ", "=", ";", ",", "DAILY", "YEARLY", "WEEKLY", "MO", "FR", "1", "-", "+", "53", "54", "0", "BYDAY",
                         "BYMONTH", "BYSETPOS", "COUNT", "UNTIL", "19970902", "T", "090000", "Z", "L", "RSCALE", "HEBREW",
                         "SKIP", "FORWARD", "X-", "A", " ", "é", "rrule:", "99999999999999999999", "INTERVAL", "WKST",
                         "BYWEEKNO", "BYYEARDAY", "BYMONTHDAY", "BYHOUR", "BYMINUTE", "BYSECOND", "13", "5L", "\t", "daily",
                         "60", "366", "-366", "2", "FREQ=MONTHLY;", "FREQ=YEARLY;", "X-Y=z;", "20240229", "T235960Z"]

    @Test(arguments: 0..<4)
    func fuzz(_ seed: Int) {
        var g = SplitMix64(seed: 0xF022 &+ UInt64(seed))
        for _ in 0..<5_000 {
            var text = g.chance(0.5) ? g.pick(["FREQ=DAILY;", "FREQ=MONTHLY;", "FREQ=YEARLY;", "RSCALE=CHINESE;FREQ=YEARLY;"]) : ""
            for _ in 0..<g.int(0...30) { text += g.pick(Self.tokens) }
            Self.check(text)
        }
    }

    /// The properties every input must have, whether it reads or not.
    static func check(_ text: String) {
        let scalars = Array(text.unicodeScalars)
        func at(_ column: Int, _ piece: String) -> Bool {
            let p = Array(piece.unicodeScalars)
            return column >= 1 && column - 1 + p.count <= scalars.count && Array(scalars[(column - 1)..<(column - 1 + p.count)]) == p
        }
        var strictRule: Rule?
        for mode in [Rule.ParsingMode.strict, .lenient] {
            do {
                let (rule, readings) = try Rule.parse(text, mode: mode)
                for r in readings { #expect(at(r.column, r.text), "\(text.debugDescription): \(r)") }
                #expect(try Rule(rule.description, mode: .lenient) == rule, "\(text.debugDescription)")
                if mode == .strict {
                    strictRule = rule
                    #expect(readings.isEmpty)
                    #expect(throws: Never.self) { try rule.validate() }
                    #expect(try Rule(rule.description) == rule, "\(text.debugDescription)")
                } else if let strictRule {
                    #expect(rule == strictRule && readings.isEmpty, "\(text.debugDescription)")
                }
            } catch {
                #expect(error.message.hasPrefix("invalid RRULE"), "\(error.message)")
                #expect([.invalidRule, .outOfRange].contains(error.kind))
                if let t = error.text, let c = error.column {
                    #expect(at(c, t), "\(text.debugDescription): \(error) \(t.debugDescription)@\(c)")
                } else {
                    Issue.record("no text or column: \(error)")
                }
                #expect(mode == .strict || strictRule == nil, "lenient refused what strict read: \(text.debugDescription)")
            }
        }
    }
}

private extension String {
    func replacingFirst(_ a: Character, with b: String) -> String {
        guard let i = firstIndex(of: a) else { return self }
        return String(self[..<i]) + b + String(self[index(after: i)...])
    }

    func replacingAll(_ a: Character, with b: String) -> String {
        split(separator: a, omittingEmptySubsequences: false).joined(separator: b)
    }
}

/// The examples in the DocC comments of the parsing, formatting and
/// validation API, checked so the documentation cannot drift.
@Suite struct RecurrenceRuleDocumentationTests {
    typealias Rule = RecurrenceRule

    @Test func initExample() throws {
        let rule = try Rule("FREQ=MONTHLY;BYDAY=-1FR;COUNT=10")
        #expect(rule.byDay == [.nth(-1, .friday)])
        let loose = try Rule("rrule:freq=weekly;byday=mo,we;", mode: .lenient)
        #expect(loose.description == "FREQ=WEEKLY;BYDAY=MO,WE")
    }

    @Test func parseExample() throws {
        let (rule, readings) = try Rule.parse("RRULE:FREQ=WEEKLY;BYDAY=1MO", mode: .lenient)
        #expect(rule.description == "FREQ=WEEKLY;BYDAY=MO")
        #expect(readings.map(\.description) == [
            "column 1: \"RRULE:\" prefix ignored",
            "column 19: BYDAY ordinals are not valid with FREQ=WEEKLY: ordinals dropped, read as BYDAY=MO",
        ])
    }

    @Test func descriptionExample() throws {
        let rule = try Rule("BYDAY=FR,MO;COUNT=10;FREQ=WEEKLY;INTERVAL=1;WKST=MO")
        #expect(rule.description == "FREQ=WEEKLY;COUNT=10;BYDAY=MO,FR")
    }

    @Test func validateExample() throws {
        var rule = Rule(frequency: .monthly)
        rule.byWeekNo = [20]
        #expect(throws: AlmanacError(.invalidRule, "invalid RRULE: BYWEEKNO is only valid with FREQ=YEARLY (RFC 5545 section 3.3.10)")) {
            try rule.validate()
        }
    }

    @Test func supportedScalesExample() {
        #expect(Rule.supportedScales.contains("HEBREW"))
    }
}
