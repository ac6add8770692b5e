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
}
