// fuzz-rule-parser: bytes -> RecurrenceRule.parse in strict and lenient mode.
//
// Checks, for every input:
// - no crash in either mode;
// - a rule read in strict mode passes validate(), and the lenient reading of
//   the same text is the same rule;
// - the description of a rule read in mode M reads back in mode M as an
//   equal rule, and the description is a fixed point (description of the
//   re-read rule is the same text);
// - a rule that passes validate() reads back from its description in strict
//   mode too (RecurrenceRule.description's documented round trip);
// - validate() does not crash on any rule read;
// - error columns lie inside the text (1...scalars + 1).
import Almanac

@_cdecl("LLVMFuzzerTestOneInput")
public func ruleParserFuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let text = String(decoding: bytes, as: UTF8.self)
    let scalars = text.unicodeScalars.count

    var strictRule: RecurrenceRule?
    for mode in [RecurrenceRule.ParsingMode.strict, .lenient] {
        let rule: RecurrenceRule
        let readings: [RecurrenceRule.Reading]
        do throws(AlmanacError) {
            (rule, readings) = try RecurrenceRule.parse(text, mode: mode)
        } catch {
            if let c = error.column {
                fuzzCheck((1...scalars + 1).contains(c),
                          "\(mode): error column \(c) outside 1...\(scalars + 1) for \(text.debugDescription): \(error)")
            }
            fuzzCheck(mode == .strict || strictRule == nil,
                      "strict mode accepted what lenient mode rejects: \(text.debugDescription): \(error)")
            continue
        }
        for r in readings {
            fuzzCheck((0...scalars + 1).contains(r.column),
                      "\(mode): reading column \(r.column) outside 0...\(scalars + 1) for \(text.debugDescription): \(r)")
        }
        let valid: Bool
        do throws(AlmanacError) { try rule.validate(); valid = true } catch { valid = false }

        if mode == .strict {
            strictRule = rule
            fuzzCheck(readings.isEmpty, "strict mode returned readings for \(text.debugDescription)")
            fuzzCheck(valid, "strict mode accepted a rule validate() rejects: \(text.debugDescription) -> \(rule)")
        } else if let s = strictRule {
            fuzzCheck(s == rule, "strict and lenient read \(text.debugDescription) differently: \(s) vs \(rule)")
        }

        let d = rule.description
        let again: RecurrenceRule
        do throws(AlmanacError) {
            again = try RecurrenceRule.parse(d, mode: mode).rule
        } catch {
            fuzzFail("\(mode): description \(d.debugDescription) of \(text.debugDescription) does not read back: \(error)")
        }
        fuzzCheck(again == rule, "\(mode): \(text.debugDescription) -> \(d.debugDescription) reads back as a different rule \(again.description.debugDescription) (\(rule) vs \(again))")
        fuzzCheck(again.description == d, "\(mode): description is not a fixed point: \(d.debugDescription) -> \(again.description.debugDescription)")
        if valid {
            do throws(AlmanacError) {
                let s = try RecurrenceRule(d, mode: .strict)
                fuzzCheck(s == rule, "\(mode): valid rule \(d.debugDescription) reads back in strict mode as a different rule")
            } catch {
                fuzzFail("\(mode): rule passes validate() but strict mode rejects its description \(d.debugDescription) (from \(text.debugDescription)): \(error)")
            }
        }
    }
    return 0
}
