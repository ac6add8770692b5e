import AlmanacCore
import AlmanacJSON
import Testing

/// RFC 8259 reading: every value form, every escape, and the faults a strict reader must reject.
@Suite struct JSONReaderTests {
    /// The error a text gives, or `nil` when it parses.
    func failure(_ text: String) -> AlmanacError? {
        do throws(AlmanacError) { _ = try JSONReader.parse(text); return nil } catch { return error }
    }

    func failure(bytes: [UInt8]) -> AlmanacError? {
        bytes.withUnsafeBufferPointer { b in
            do throws(AlmanacError) { _ = try JSONReader.parse(b); return nil } catch { return error }
        }
    }

    @Test func readsEveryValueForm() throws {
        let v = try JSONReader.parse(" \t{\"a\" : [ true , false , null, -0, 1e3, 1.5E-2, \"s\", {} , [] ] }\r\n")
        #expect(v == .object(JSONObject([.init(key: "a", value: .array([
            .bool(true), .bool(false), .null, .number(JSONNumber("-0")), .number(JSONNumber("1e3")),
            .number(JSONNumber("1.5E-2")), .string("s"), .object(JSONObject()), .array([]),
        ]))])))
    }

    @Test func keepsMemberOrderAndLooksUpByKey() throws {
        let v = try JSONReader.parse(#"{"b":1,"a":{"c":"d"}}"#)
        guard case .object(let o) = v else { Issue.record("not an object"); return }
        #expect(o.members.map(\.key) == ["b", "a"])
        #expect(v["a"]?["c"] == .string("d"))
        #expect(v["zzz"] == nil)
    }

    @Test func decodesEverySimpleEscape() throws {
        #expect(try JSONReader.parse(#""\"\\\/\b\f\n\r\t""#) == .string("\"\\/\u{8}\u{C}\n\r\t"))
    }

    @Test func decodesUnicodeEscapesAndSurrogatePairs() throws {
        #expect(try JSONReader.parse(#""\u00e9\u20AC\uD83D\uDE00""#) == .string("é€😀"))
        #expect(try JSONReader.parse(#""\u0000""#) == .string("\u{0}"))
        #expect(try JSONReader.parse(#""a\uDBFF\uDFFFb""#) == .string("a\u{10FFFF}b"))
    }

    @Test func passesRawUTF8Through() throws {
        #expect(try JSONReader.parse("\"é 😀 中\"") == .string("é 😀 中"))
    }

    @Test(arguments: [
        ("", 1, "expected a value"),
        ("   ", 4, "expected a value"),
        (#"{"a":1 "b":2}"#, 8, "expected ',' or '}'"),
        (#"{"a":1"#, 7, "expected ',' or '}'"),
        (#"{"a" 1}"#, 6, "expected ':'"),
        (#"{"a":1,}"#, 7, "a comma before '}': JSON allows none after the last item"),
        (#"{"a":1, }"#, 7, "a comma before '}': JSON allows none after the last item"),
        ("{'a':1}", 2, "expected a string key or '}'"),
        ("[1,]", 3, "a comma before ']': JSON allows none after the last item"),
        ("[1,,2]", 4, "expected a value"),
        ("[1 2]", 4, "expected ',' or ']'"),
        ("[", 2, "expected a value or ']'"),
        ("01", 1, "a number cannot start with a leading zero"),
        ("-", 2, "expected a digit"),
        ("-a", 2, "expected a digit"),
        ("+1", 1, "expected a value"),
        (".5", 1, "expected a value"),
        ("1.", 3, "expected a digit after '.'"),
        ("1e", 3, "expected a digit in the exponent"),
        ("1e+", 4, "expected a digit in the exponent"),
        ("tru", 1, "expected a value"),
        ("nul", 1, "expected a value"),
        ("True", 1, "expected a value"),
        ("1 2", 3, "expected end of input after the value"),
        ("{} x", 4, "expected end of input after the value"),
        ("\"abc", 1, "unterminated string"),
        ("\"ab\\", 1, "unterminated string"),
        (#""a\qb""#, 3, #"invalid escape '\q'"#),
        (#""\x41""#, 2, #"invalid escape '\x'"#),
        (#""\u12G4""#, 2, #"expected 4 hex digits after \u"#),
        (#""\u12""#, 2, #"expected 4 hex digits after \u"#),
        (#""\uD800""#, 2, #"unpaired surrogate \uD800"#),
        (#""\uD800x""#, 2, #"unpaired surrogate \uD800"#),
        (#""\uD800\u0041""#, 2, #"unpaired surrogate \uD800"#),
        (#""\uDC00""#, 2, #"unpaired surrogate \uDC00"#),
        ("\"\t\"", 2, "control character U+0009 must be escaped in a string"),
        (#"{"a":1,"a":2}"#, 8, #"repeated key "a""#),
        (#"["é", x]"#, 7, "expected a value"),
        ("// comment", 1, "expected a value"),
    ])
    func rejectsMalformedText(text: String, column: Int, message: String) {
        let e = failure(text)
        #expect(e?.kind == .invalidRequest)
        #expect(e?.column == column)
        #expect(e?.message == "invalid JSON at column \(column): \(message)")
    }

    /// In text of several lines, the line and the column within it (in
    /// Unicode scalars), not the offset from the start of the text.
    @Test(arguments: [
        // A trailing comma on line 4: the error points at it, not at the '}' after it.
        ("{\n  \"a\": 1,\n  \"b\": [1, 2],\n  \"c\": 3,\n}", 4, 9, "a comma before '}': JSON allows none after the last item"),
        ("{\n  \"events\": [],\n  \"todos\": [1,],\n}", 3, 14, "a comma before ']': JSON allows none after the last item"),
        ("{\n  \"a\": 1,\n  \"b\": 2\n  \"c\": 3\n}", 4, 3, "expected ',' or '}'"),
        ("\"a\nb\"", 1, 3, "control character U+000A must be escaped in a string"),
        ("[\n\"é\",\n\"é\" x]", 3, 5, "expected ',' or ']'"),
    ] as [(String, Int, Int, String)])
    func multiLineTextGivesLineAndColumn(text: String, line: Int, column: Int, message: String) {
        let e = failure(text)
        #expect(e?.column == column)
        #expect(e?.message == "invalid JSON at line \(line), column \(column): \(message)")
    }

    @Test(arguments: [
        ([0x22, 0xFF, 0x22], "invalid UTF-8 byte 0xFF"),
        ([0x22, 0xC0, 0xAF, 0x22], "invalid UTF-8 byte 0xC0"),          // overlong "/"
        ([0x22, 0xE0, 0x80, 0x80, 0x22], "invalid UTF-8 sequence"),      // overlong
        ([0x22, 0xED, 0xA0, 0x80, 0x22], "invalid UTF-8 sequence"),      // encoded surrogate
        ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], "invalid UTF-8 sequence"), // above U+10FFFF
        ([0x22, 0xC3, 0x22], "invalid UTF-8 sequence"),                  // missing continuation
        ([0x22, 0xE2, 0x82], "invalid UTF-8: truncated sequence"),
        ([0x22, 0x80, 0x22], "invalid UTF-8 byte 0x80"),                 // lone continuation
    ] as [([UInt8], String)])
    func rejectsInvalidUTF8(bytes: [UInt8], message: String) {
        let e = failure(bytes: bytes)
        #expect(e?.message == "invalid JSON at column 2: \(message)")
    }

    @Test func limitsNestingDepth() throws {
        let ok = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(failure(ok) == nil)
        let deepObjects = String(repeating: #"{"a":"#, count: 63) + "[1]" + String(repeating: "}", count: 63)
        #expect(failure(deepObjects) == nil)
        let tooDeep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        #expect(failure(tooDeep)?.message == "invalid JSON at column 65: nesting deeper than 64 levels")
        // A deep attack fails fast instead of exhausting the stack.
        #expect(failure(String(repeating: "[", count: 100_000))?.column == 65)
    }

    @Test func rejectsRepeatedKeysInLargeObjects() {
        let keys = (0..<40).map { "\"k\($0)\":\($0)" }
        #expect(failure("{" + keys.joined(separator: ",") + "}") == nil)
        let repeated = "{" + keys.joined(separator: ",") + ",\"k3\":0}"
        #expect(failure(repeated)?.message.hasSuffix(#"repeated key "k3""#) == true)
    }

    @Test(arguments: [
        ("0", 0), ("12", 12), ("1000", 1000), ("99999999999999999999999", Int.max),
        ("-0", nil), ("-3", nil), ("1.5", nil), ("1.0", nil), ("1e3", nil), ("1E3", nil),
    ] as [(String, Int?)])
    func readsNonNegativeIntegersOnly(text: String, value: Int?) throws {
        guard case .number(let n) = try JSONReader.parse(text) else { Issue.record("not a number"); return }
        #expect(n.text == text)
        #expect(n.nonNegativeInteger == value)
    }

    // MARK: sequences (concatenated JSON)

    /// The values of a sequence, and the error that stopped it.
    func sequence(_ text: String) -> ([JSONValue], AlmanacError?) {
        var values: [JSONValue] = []
        let error = Array(text.utf8).withUnsafeBufferPointer { b -> AlmanacError? in
            do throws(AlmanacError) { try JSONReader.parseSequence(b) { values.append($0) }; return nil } catch { return error }
        }
        return (values, error)
    }

    /// Pages one after another, with or without whitespace between them;
    /// whitespace alone is no value.
    @Test func readsASequenceOfValues() throws {
        let (values, error) = sequence(#"{"p":1}{"p":2}[3] "4"true 5"#)
        #expect(error == nil)
        #expect(values == [try JSONReader.parse(#"{"p":1}"#), try JSONReader.parse(#"{"p":2}"#),
                           .array([.number(JSONNumber("3"))]), .string("4"), .bool(true), .number(JSONNumber("5"))])
        #expect(sequence(" \n\t").0.isEmpty && sequence(" \n\t").1 == nil)
        #expect(sequence("").0.isEmpty && sequence("").1 == nil)
    }

    /// A number or literal needs whitespace before the next value (`12 3` is
    /// two values, `123` one); a fault stops the sequence after the values
    /// before it, its line and column counted from the start of the input.
    @Test func aSequenceStopsAtItsFirstFault() {
        let (numbers, merged) = sequence("1 2 3")
        #expect(numbers.count == 3 && merged == nil)
        let (before, glued) = sequence("{}true[]")
        #expect(before.count == 2)
        #expect(glued?.message == "invalid JSON at column 7: expected whitespace between a number or literal and the next value")
        let (pages, fault) = sequence("{\"p\":1}\n{\"p\":2,}")
        #expect(pages.count == 1)
        #expect(fault?.message == "invalid JSON at line 2, column 7: a comma before '}': JSON allows none after the last item")
        #expect(fault?.column == 7)
    }
}
