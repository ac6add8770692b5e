import AlmanacJSON
import Testing

/// RFC 8259 writing: escapes, numbers, and a round trip through the reader.
@Suite struct JSONWriterTests {
    func written(_ body: (inout JSONWriter) -> Void) -> String {
        var w = JSONWriter()
        body(&w)
        return w.text
    }

    @Test func escapesQuotesBackslashesAndControlCharacters() {
        let s = "a\"b\\c/\n\r\t\u{8}\u{C}\u{0}\u{1}\u{1F}"
        #expect(written { $0.string(s) } == #""a\"b\\c/\n\r\t\b\f\u0000\u0001\u001f""#)
    }

    @Test func passesNonASCIIThroughAsUTF8() {
        #expect(written { $0.string("é😀\u{7F}\u{2028}") } == "\"é😀\u{7F}\u{2028}\"")
    }

    @Test func writesIntegers() {
        #expect(written { $0.int(0) } == "0")
        #expect(written { $0.int(42) } == "42")
        #expect(written { $0.int(-7) } == "-7")
        #expect(written { $0.int(Int.max) } == "9223372036854775807")
        #expect(written { $0.int(Int.min) } == "-9223372036854775808")
    }

    @Test func writesNullForAMissingString() {
        #expect(written { $0.stringOrNull(nil) } == "null")
        #expect(written { $0.stringOrNull("x") } == "\"x\"")
    }

    @Test func resetKeepsNothingOfTheLastReply() {
        var w = JSONWriter()
        w.string("first")
        w.reset()
        w.bool(true)
        #expect(w.text == "true")
    }

    @Test func roundTripsThroughTheReader() throws {
        let text = #"{"a":[1,-0,1.5e3,true,false,null,"\"\\\n\u0001é😀"],"b":{}}"#
        let value = try JSONReader.parse(text)
        var w = JSONWriter()
        w.value(value)
        #expect(try JSONReader.parse(w.text) == value)
        #expect(w.text == #"{"a":[1,-0,1.5e3,true,false,null,"\"\\\n\u0001é😀"],"b":{}}"#)
    }

    // MARK: structure

    /// The writer puts commas between members and items, at every depth, and none after a key or bracket.
    @Test func separatesMembersAndItemsAtAnyDepth() {
        let text = written { w in
            w.beginObject()
            w.key("a"); w.beginArray(); w.endArray()
            w.key("b"); w.beginArray(); w.int(1); w.beginObject(); w.endObject(); w.beginArray(); w.null(); w.endArray(); w.endArray()
            w.key("c"); w.beginObject(); w.key("d"); w.bool(true); w.key("e"); w.stringOrNull(nil); w.endObject()
            w.key("f"); w.number(JSONNumber("-1.5e3"))
            w.endObject()
        }
        #expect(text == #"{"a":[],"b":[1,{},[null]],"c":{"d":true,"e":null},"f":-1.5e3}"#)
        #expect((try? JSONReader.parse(text)) != nil)
    }

    /// A key is a string: a quote, a backslash or a control character in it is escaped.
    @Test func escapesKeys() throws {
        let text = written { w in w.beginObject(); w.key("a\"b\\\n"); w.int(1); w.endObject() }
        #expect(text == #"{"a\"b\\\n":1}"#)
        #expect(try JSONReader.parse(text)["a\"b\\\n"] == .number(JSONNumber("1")))
    }

    /// JSON Lines: each record on its own line, with no comma carried across the line break.
    @Test func endLineStartsAFreshRecord() {
        let text = written { w in
            w.beginObject(); w.key("n"); w.int(1); w.endObject(); w.endLine()
            w.beginObject(); w.key("n"); w.int(2); w.endObject(); w.endLine()
            w.int(3); w.endLine()
        }
        #expect(text == "{\"n\":1}\n{\"n\":2}\n3\n")
    }

    /// `appendValue` is told whether a comma is due, and counts as a value for what follows.
    @Test func appendValueIsToldWhenACommaIsDue() {
        var commas: [Bool] = []
        let text = written { w in
            w.beginArray()
            for n in 7...9 {
                w.appendValue { bytes, comma in
                    commas.append(comma)
                    if comma { bytes.append(UInt8(ascii: ",")) }
                    bytes.append(UInt8(ascii: "0") + UInt8(n))
                }
            }
            w.string("x")
            w.endArray()
        }
        #expect(commas == [false, true, true])
        #expect(text == #"[7,8,9,"x"]"#)
    }

    /// `reset` forgets the position too: the next value is the first of a new text.
    @Test func resetForgetsThePosition() {
        var w = JSONWriter()
        w.beginArray(); w.int(1)
        w.reset()
        w.int(2)
        #expect(w.text == "2")
    }

    /// Values built at random (seeded) are written as text that reads back to the same value.
    @Test func randomValuesReadBack() throws {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(n))
        }
        let strings = ["", "a", "é😀", "\u{0}\u{1F}\"\\", "line\nbreak", "\u{2028}"]
        func value(_ depth: Int) -> JSONValue {
            switch next(depth > 3 ? 4 : 6) {
            case 0: return .null
            case 1: return .bool(next(2) == 0)
            case 2: return .number(JSONNumber(["0", "-0", "12", "-3.25", "1e300", "6.02E+23"][next(6)]))
            case 3: return .string(strings[next(strings.count)])
            case 4: return .array((0..<next(4)).map { _ in value(depth + 1) })
            default:
                let keys = Set((0..<next(4)).map { _ in strings[next(strings.count)] })
                return .object(JSONObject(keys.sorted().map { JSONObject.Member(key: $0, value: value(depth + 1)) }))
            }
        }
        for _ in 0..<500 {
            let v = value(0)
            let text = written { $0.value(v) }
            #expect(try JSONReader.parse(text) == v, "\(text)")
        }
    }
}
