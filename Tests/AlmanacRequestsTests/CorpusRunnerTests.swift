import AlmanacJSON
import Testing

/// The corpus runner itself: it must refuse what is not a well-formed case, and explain a mismatch.
@Suite struct CorpusRunnerTests {
    func malformed(_ line: String) -> String? {
        do {
            _ = try Expectation(caseLine: line)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test(arguments: [
        ("", "empty line (JSON Lines has one JSON value per line)"),
        ("// RFC 5545 examples", #"comment line (JSON Lines has no comments; use "note")"#),
        (#"{"dtstart":"19970902"}"#, #"missing "expect""#),
        (#"{"dtstart":"19970902","expect":"1997-09-02"}"#, #""expect" must be an array or an object"#),
        (#"{"dtstart":"19970902","expect":[1]}"#, #""expect" holds a number, not a string"#),
        (#"{"dtstart":"19970902","expect":{"error":"x","extra":1}}"#, #""expect" must be [...], {"error":"<kind>"} or {"occurrences":[...],"truncated":true}"#),
        (#"{"dtstart":"19970902","expect":{"occurrences":[],"truncated":false}}"#, #""expect" must be [...], {"error":"<kind>"} or {"occurrences":[...],"truncated":true}"#),
        (#"{"dtstart":"19970902","expect":{"occurrences":[]}}"#, #""expect" must be [...], {"error":"<kind>"} or {"occurrences":[...],"truncated":true}"#),
        (#"{"dtstart":"19970902","expect":[],"note":5}"#, #""note" must be a string"#),
        (#"[1]"#, "a case must be a JSON object"),
        (#"{"dtstart":"19970902","expect":[],}"#, "invalid JSON at column 34: a comma before '}': JSON allows none after the last item"),
    ])
    func rejectsMalformedCases(line: String, reason: String) {
        #expect(malformed(line) == reason)
    }

    @Test func acceptsEachExpectationForm() throws {
        #expect(malformed(#"{"dtstart":"19970902","expect":["1997-09-02"],"note":"n","source":"s"}"#) == nil)
        #expect(malformed(#"{"expect":{"error":"invalid_request"}}"#) == nil)
        #expect(malformed(#"{"dtstart":"19970902","expect":{"occurrences":[],"truncated":true}}"#) == nil)
    }

    @Test func checksReplies() throws {
        let reply = try JSONReader.parse(#"{"id":"a","occurrences":["1","2"],"truncated":true}"#)
        #expect(Expectation.occurrences(["1", "2"], truncated: nil).check(reply) == nil)
        #expect(Expectation.occurrences(["1", "2"], truncated: true).check(reply) == nil)
        #expect(Expectation.occurrences(["1", "2"], truncated: false).check(reply) == "expected truncated false, got true")
        #expect(Expectation.error(kind: "invalid_rule").check(reply) == "expected an error of kind invalid_rule, got occurrences")
        let error = try JSONReader.parse(#"{"id":"a","error":{"kind":"unknown_zone","message":"m"}}"#)
        #expect(Expectation.error(kind: "unknown_zone").check(error) == nil)
        #expect(Expectation.error(kind: "invalid_rule").check(error) == #"expected an error of kind invalid_rule, got unknown_zone: "m""#)
        #expect(Expectation.occurrences([], truncated: nil).check(error) == #"expected 0 occurrences, got an error: {"kind":"unknown_zone","message":"m"}"#)
    }

    @Test func diffsOccurrenceLists() {
        let expected = ["a", "b", "c", "d", "e", "f", "g"]
        let got = ["a", "b", "x", "d", "e", "f", "g", "h"]
        #expect(lineDiff(expected, got) == """
                a
                b
              - c
              + x
                d
                ... (2 equal)
                g
              + h
            """)
    }
}
