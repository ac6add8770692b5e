import AlmanacCore

/// A strict RFC 8259 JSON reader over UTF-8 bytes, with no Foundation.
///
/// It accepts exactly one value surrounded by optional whitespace, rejects
/// what RFC 8259 forbids (trailing commas, comments, single quotes, leading
/// zeros, lone surrogates, raw control characters, invalid UTF-8) and also
/// repeated object keys and nesting deeper than ``maximumDepth``.
///
/// ```swift
/// let v = try JSONReader.parse(#"{"id":"a","rdate":["19970902"]}"#)
/// v["id"]          // .string("a")
///
/// try JSONReader.parse(#"{"a":1 "b":2}"#)
/// // invalid_request: invalid JSON at column 8: expected ',' or '}'
/// ```
///
/// Errors are `AlmanacError`s of kind `invalidRequest`
/// whose `column` is 1-based, counts Unicode scalars and
/// starts again after each line break. When the input spans several lines the
/// message names the line too: `invalid JSON at line 4, column 14: expected a string key`.
public enum JSONReader {
    /// How deep arrays and objects may nest: deeper input is rejected.
    ///
    /// ```swift
    /// try JSONReader.parse(String(repeating: "[", count: 65))
    /// // invalid_request: invalid JSON at column 65: nesting deeper than 64 levels
    /// ```
    public static let maximumDepth = 64

    /// Parses one JSON value from UTF-8 bytes.
    ///
    /// ```swift
    /// let bytes = Array(#"{"n":1}"#.utf8)
    /// let v = try bytes.withUnsafeBufferPointer { try JSONReader.parse($0) }
    /// v["n"]   // .number(JSONNumber("1"))
    /// ```
    ///
    /// - Throws: `AlmanacError` of kind `invalid_request`, with the column of the fault.
    /// - Complexity: O(n) in the length of the input.
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(AlmanacError) -> JSONValue {
        var parser = JSONParser(bytes)
        return try parser.parseDocument()
    }

    /// Parses a sequence of JSON texts written one after another
    /// (concatenated JSON, such as the pages of an API response saved to one
    /// file), calling `each` with every value in order.
    ///
    /// Whitespace between values is optional after an object, an array or a
    /// string, and required after a number or a literal (`12 3` is two
    /// values, `123` one). Input of only whitespace holds no value. Each
    /// value is read as `parse(_:)` reads one; a fault's line and
    /// column are counted from the start of `bytes`.
    ///
    /// ```swift
    /// var pages: [JSONValue] = []
    /// try Array(#"{"page":1} {"page":2}"#.utf8).withUnsafeBufferPointer { b throws(AlmanacError) in
    ///     try JSONReader.parseSequence(b) { pages.append($0) }
    /// }
    /// pages.count   // 2
    /// ```
    ///
    /// - Throws: `AlmanacError` of kind `invalid_request`, after `each` has
    ///   seen the values before the fault.
    /// - Complexity: O(n) in the length of the input.
    public static func parseSequence(_ bytes: UnsafeBufferPointer<UInt8>, _ each: (JSONValue) -> Void) throws(AlmanacError) {
        var parser = JSONParser(bytes)
        try parser.parseSequence(each)
    }

    /// Parses one JSON value from text.
    ///
    /// ```swift
    /// try JSONReader.parse("[true, null]")   // .array([.bool(true), .null])
    /// ```
    ///
    /// - Throws: `AlmanacError` of kind `invalid_request`, with the column of the fault.
    public static func parse(_ text: some StringProtocol) throws(AlmanacError) -> JSONValue {
        var s = String(text)
        let result: Result<JSONValue, AlmanacError> = s.withUTF8 { buffer in
            do throws(AlmanacError) { return .success(try parse(buffer)) } catch { return .failure(error) }
        }
        return try result.get()
    }
}

/// The recursive-descent parser behind ``JSONReader``.
struct JSONParser {
    let p: UnsafeBufferPointer<UInt8>
    var i = 0
    var depth = 0
    /// Byte offset of the opening quote of the string being read.
    var stringStart = 0
    /// Decoded bytes of the current string when it has escapes or non-ASCII text.
    var scratch: [UInt8] = []

    init(_ p: UnsafeBufferPointer<UInt8>) { self.p = p }

    mutating func parseDocument() throws(AlmanacError) -> JSONValue {
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        guard i == p.count else { throw fail("expected end of input after the value") }
        return value
    }

    mutating func parseSequence(_ each: (JSONValue) -> Void) throws(AlmanacError) {
        skipWhitespace()
        while i < p.count {
            let first = p[i]
            each(try parseValue())
            let end = i
            skipWhitespace()
            let closed = first == UInt8(ascii: "{") || first == UInt8(ascii: "[") || first == UInt8(ascii: "\"")
            if i == end, i < p.count, !closed { throw fail("expected whitespace between a number or literal and the next value") }
        }
    }

    // MARK: Errors

    /// An error at byte offset `at` (default: the current position).
    func fail(_ message: String, at offset: Int? = nil) -> AlmanacError {
        let (line, column) = JSONParser.position(of: offset ?? i, in: p)
        let place = p.contains(0x0A) ? "line \(line), column \(column)" : "column \(column)"
        return AlmanacError(.invalidRequest, "invalid JSON at \(place): \(message)", column: column)
    }

    /// The 1-based line and column (in Unicode scalars, from the last line
    /// feed) of a byte offset.
    static func position(of offset: Int, in p: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        var line = 1, column = 1
        for k in 0..<min(offset, p.count) {
            if p[k] == 0x0A {
                line += 1
                column = 1
            } else if p[k] & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }

    // MARK: Values

    @inline(__always)
    mutating func skipWhitespace() {
        while i < p.count {
            switch p[i] {
            case 0x20, 0x09, 0x0A, 0x0D: i += 1
            default: return
            }
        }
    }

    mutating func parseValue() throws(AlmanacError) -> JSONValue {
        guard i < p.count else { throw fail("expected a value") }
        switch p[i] {
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        default: throw fail("expected a value")
        }
    }

    mutating func literal(_ word: StaticString) throws(AlmanacError) {
        let start = i
        let n = word.utf8CodeUnitCount
        guard p.count - i >= n else { throw fail("expected a value", at: start) }
        for k in 0..<n where p[i + k] != word.utf8Start[k] { throw fail("expected a value", at: start) }
        i += n
    }

    mutating func enter() throws(AlmanacError) {
        depth += 1
        if depth > JSONReader.maximumDepth { throw fail("nesting deeper than \(JSONReader.maximumDepth) levels") }
    }

    mutating func parseArray() throws(AlmanacError) -> JSONValue {
        try enter()
        i += 1  // [
        var items: [JSONValue] = []
        skipWhitespace()
        if i < p.count, p[i] == UInt8(ascii: "]") {
            i += 1
            depth -= 1
            return .array(items)
        }
        while true {
            skipWhitespace()
            guard i < p.count, p[i] != UInt8(ascii: "]") else {
                if !items.isEmpty, i < p.count { throw trailingComma("]") }
                throw fail(items.isEmpty ? "expected a value or ']'" : "expected a value")
            }
            items.append(try parseValue())
            skipWhitespace()
            guard i < p.count else { throw fail("expected ',' or ']'") }
            if p[i] == UInt8(ascii: ",") { i += 1; continue }
            if p[i] == UInt8(ascii: "]") { i += 1; break }
            throw fail("expected ',' or ']'")
        }
        depth -= 1
        return .array(items)
    }

    /// A `,` followed by `close`: the error points at the comma (the last
    /// byte before `i` that is not whitespace), where the mistake is.
    func trailingComma(_ close: Character) -> AlmanacError {
        var k = i - 1
        while k > 0, p[k] != UInt8(ascii: ",") { k -= 1 }
        return fail("a comma before '\(close)': JSON allows none after the last item", at: k)
    }

    mutating func parseObject() throws(AlmanacError) -> JSONValue {
        try enter()
        i += 1  // {
        var members: [JSONObject.Member] = []
        var seen: Set<String> = []  // filled only for large objects
        skipWhitespace()
        if i < p.count, p[i] == UInt8(ascii: "}") {
            i += 1
            depth -= 1
            return .object(JSONObject(members))
        }
        while true {
            skipWhitespace()
            guard i < p.count, p[i] == UInt8(ascii: "\"") else {
                if !members.isEmpty, i < p.count, p[i] == UInt8(ascii: "}") { throw trailingComma("}") }
                throw fail(members.isEmpty ? "expected a string key or '}'" : "expected a string key")
            }
            let keyStart = i
            let key = try parseString()
            if members.count < 16 {
                if members.contains(where: { $0.key == key }) { throw fail("repeated key \"\(key)\"", at: keyStart) }
                if members.count == 15 { seen = Set(members.map(\.key)); seen.insert(key) }
            } else if !seen.insert(key).inserted {
                throw fail("repeated key \"\(key)\"", at: keyStart)
            }
            skipWhitespace()
            guard i < p.count, p[i] == UInt8(ascii: ":") else { throw fail("expected ':'") }
            i += 1
            skipWhitespace()
            members.append(JSONObject.Member(key: key, value: try parseValue()))
            skipWhitespace()
            guard i < p.count else { throw fail("expected ',' or '}'") }
            if p[i] == UInt8(ascii: ",") { i += 1; continue }
            if p[i] == UInt8(ascii: "}") { i += 1; break }
            throw fail("expected ',' or '}'")
        }
        depth -= 1
        return .object(JSONObject(members))
    }

    // MARK: Numbers

    @inline(__always)
    func isDigit(_ k: Int) -> Bool { k < p.count && p[k] &- UInt8(ascii: "0") < 10 }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
    mutating func parseNumber() throws(AlmanacError) -> JSONNumber {
        let start = i
        if p[i] == UInt8(ascii: "-") { i += 1 }
        guard isDigit(i) else { throw fail("expected a digit") }
        if p[i] == UInt8(ascii: "0") {
            i += 1
            if isDigit(i) { throw fail("a number cannot start with a leading zero", at: i - 1) }
        } else {
            while isDigit(i) { i += 1 }
        }
        if i < p.count, p[i] == UInt8(ascii: ".") {
            i += 1
            guard isDigit(i) else { throw fail("expected a digit after '.'") }
            while isDigit(i) { i += 1 }
        }
        if i < p.count, p[i] | 0x20 == UInt8(ascii: "e") {
            i += 1
            if i < p.count, p[i] == UInt8(ascii: "+") || p[i] == UInt8(ascii: "-") { i += 1 }
            guard isDigit(i) else { throw fail("expected a digit in the exponent") }
            while isDigit(i) { i += 1 }
        }
        return JSONNumber(String(decoding: UnsafeBufferPointer(rebasing: p[start..<i]), as: UTF8.self))
    }
}
