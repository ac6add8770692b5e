/// Writes JSON text (RFC 8259) into a reusable UTF-8 byte buffer: the
/// package's one JSON writer.
///
/// Values, keys and the brackets of objects and arrays are appended in
/// order; the writer puts the `,` between members and items itself, so a
/// caller never writes punctuation or quotes by hand. Output is compact (no
/// spaces), and members come out in the order they are written.
///
/// ```swift
/// var w = JSONWriter()
/// w.beginObject()
/// w.key("id"); w.string("a\"b")
/// w.key("days"); w.beginArray(); w.int(1); w.int(2); w.endArray()
/// w.key("done"); w.bool(false)
/// w.endObject()
/// w.text   // {"id":"a\"b","days":[1,2],"done":false}
/// ```
///
/// Strings are escaped as RFC 8259 requires: `"` and `\` get a backslash,
/// control characters below U+0020 become `\n`, `\t`, ... or `\u00xx`, and
/// everything else, non-ASCII included, is copied as UTF-8.
///
/// The writer does not check the shape: a key outside an object or a
/// missing ``endObject()`` gives text that is not JSON. ``JSONValueEncoder``
/// writes any `Encodable` value through it with the shape checked by the types.
public struct JSONWriter: Sendable {
    /// The text written so far, UTF-8.
    public var bytes: [UInt8]

    /// Whether the next value or key follows a value in the same container
    /// (so needs a `,` first); `false` at the start, after `{`, `[` and a key.
    @usableFromInline
    var _needsComma = false

    /// A writer with an empty buffer of at least `capacity` bytes.
    ///
    /// ```swift
    /// var w = JSONWriter(capacity: 128)
    /// ```
    public init(capacity: Int = 4096) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Empties the buffer and keeps its storage for the next reply.
    ///
    /// ```swift
    /// w.reset()
    /// w.bool(true)
    /// w.text   // true
    /// ```
    @inlinable
    public mutating func reset() {
        bytes.removeAll(keepingCapacity: true)
        _needsComma = false
    }

    /// The buffer as a `String`.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    // MARK: Structure

    /// Appends `{`, opening an object: what follows are ``key(_:)`` and value pairs.
    ///
    /// ```swift
    /// w.beginObject(); w.key("n"); w.int(1); w.endObject()   // {"n":1}
    /// ```
    @inlinable
    public mutating func beginObject() { _open(UInt8(ascii: "{")) }

    /// Appends `}`, closing the innermost object.
    ///
    /// ```swift
    /// w.beginObject(); w.endObject()   // {}
    /// ```
    @inlinable
    public mutating func endObject() { _close(UInt8(ascii: "}")) }

    /// Appends `[`, opening an array: what follows are its items.
    ///
    /// ```swift
    /// w.beginArray(); w.string("a"); w.string("b"); w.endArray()   // ["a","b"]
    /// ```
    @inlinable
    public mutating func beginArray() { _open(UInt8(ascii: "[")) }

    /// Appends `]`, closing the innermost array.
    ///
    /// ```swift
    /// w.beginArray(); w.endArray()   // []
    /// ```
    @inlinable
    public mutating func endArray() { _close(UInt8(ascii: "]")) }

    /// Appends a member's name and `:` (after a `,` when a member precedes
    /// it); the member's value comes next.
    ///
    /// ```swift
    /// w.beginObject(); w.key("a"); w.null(); w.key("b"); w.int(2); w.endObject()   // {"a":null,"b":2}
    /// ```
    ///
    /// - Complexity: O(n) in the length of the name, which is escaped as a string is.
    public mutating func key(_ name: String) {
        string(name)
        bytes.append(UInt8(ascii: ":"))
        _needsComma = false
    }

    /// Ends a record of a JSON Lines stream with a line feed: the next
    /// value starts the next line.
    ///
    /// ```swift
    /// w.int(1); w.endLine(); w.int(2); w.endLine()
    /// w.text   // "1\n2\n"
    /// ```
    @inlinable
    public mutating func endLine() {
        bytes.append(0x0A)
        _needsComma = false
    }

    // MARK: Values

    /// Appends a quoted, escaped JSON string.
    ///
    /// ```swift
    /// w.string("tab\there")   // "tab\there"
    /// ```
    ///
    /// - Complexity: O(n) in the length of the string.
    public mutating func string(_ s: String) {
        var s = s
        s.withUTF8 { string($0) }
    }

    /// Appends UTF-8 bytes as a quoted, escaped JSON string.
    ///
    /// ```swift
    /// Array("é".utf8).withUnsafeBufferPointer { w.string($0) }   // "é"
    /// ```
    ///
    /// - Complexity: O(n); runs of bytes that need no escape are copied at once.
    public mutating func string(_ utf8: UnsafeBufferPointer<UInt8>) {
        _separate()
        bytes.append(UInt8(ascii: "\""))
        var runStart = 0
        for k in 0..<utf8.count {
            let c = utf8[k]
            guard c < 0x20 || c == UInt8(ascii: "\"") || c == UInt8(ascii: "\\") else { continue }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<k]))
            runStart = k + 1
            bytes.append(UInt8(ascii: "\\"))
            switch c {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(c)
            case 0x0A: bytes.append(UInt8(ascii: "n"))
            case 0x0D: bytes.append(UInt8(ascii: "r"))
            case 0x09: bytes.append(UInt8(ascii: "t"))
            case 0x08: bytes.append(UInt8(ascii: "b"))
            case 0x0C: bytes.append(UInt8(ascii: "f"))
            default:
                bytes.append(UInt8(ascii: "u"))
                bytes.append(UInt8(ascii: "0"))
                bytes.append(UInt8(ascii: "0"))
                bytes.append(hexDigit(c >> 4))
                bytes.append(hexDigit(c & 0xF))
            }
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends a string, or `null` for `nil`.
    ///
    /// ```swift
    /// w.stringOrNull(nil)   // null
    /// ```
    public mutating func stringOrNull(_ s: String?) {
        if let s { string(s) } else { null() }
    }

    /// Appends `null`.
    ///
    /// ```swift
    /// w.null()   // null
    /// ```
    @inlinable
    public mutating func null() { _literal("null") }

    /// Appends `true` or `false`.
    ///
    /// ```swift
    /// w.bool(true)   // true
    /// ```
    @inlinable
    public mutating func bool(_ b: Bool) { _literal(b ? "true" : "false") }

    /// Appends an integer in decimal.
    ///
    /// ```swift
    /// w.int(-42)   // -42
    /// ```
    public mutating func int(_ value: Int) {
        _separate()
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        let start = bytes.count
        var n = value.magnitude
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(n % 10))
            n /= 10
        } while n > 0
        bytes[start...].reverse()
    }

    /// Appends a number as written (its text already follows RFC 8259's grammar).
    ///
    /// ```swift
    /// w.number(JSONNumber("1.5e3"))   // 1.5e3
    /// ```
    public mutating func number(_ n: JSONNumber) {
        _separate()
        bytes.append(contentsOf: n.text.utf8)
    }

    /// Appends a value whose JSON text `body` appends to ``bytes`` itself, in
    /// one go: `body` is told whether to write a `,` before it. For
    /// formatters that build a value's text on the stack, such as the batch
    /// reply's one append per occurrence.
    ///
    /// ```swift
    /// w.beginArray()
    /// for n in [7, 8] {
    ///     w.appendValue { bytes, comma in bytes += Array(((comma ? "," : "") + "\(n)").utf8) }
    /// }
    /// w.endArray()   // [7,8]
    /// ```
    @inlinable
    public mutating func appendValue(_ body: (_ bytes: inout [UInt8], _ comma: Bool) -> Void) {
        let comma = _needsComma
        _needsComma = true
        body(&bytes, comma)
    }

    /// Appends JSON text for a value, members in their order.
    ///
    /// ```swift
    /// w.value(try JSONReader.parse(#"{"a":[1,true]}"#))   // {"a":[1,true]}
    /// ```
    ///
    /// - Complexity: O(n) in the size of the value.
    public mutating func value(_ v: JSONValue) {
        switch v {
        case .null: null()
        case .bool(let b): bool(b)
        case .number(let n): number(n)
        case .string(let s): string(s)
        case .array(let items):
            beginArray()
            for item in items { value(item) }
            endArray()
        case .object(let o):
            beginObject()
            for m in o.members {
                key(m.key)
                value(m.value)
            }
            endObject()
        }
    }

    // MARK: Internals

    /// A `,` when a value precedes in the same container; the next one will need one.
    @inlinable @inline(__always)
    mutating func _separate() {
        if _needsComma { bytes.append(UInt8(ascii: ",")) }
        _needsComma = true
    }

    @inlinable @inline(__always)
    mutating func _open(_ bracket: UInt8) {
        _separate()
        bytes.append(bracket)
        _needsComma = false
    }

    @inlinable @inline(__always)
    mutating func _close(_ bracket: UInt8) {
        bytes.append(bracket)
        _needsComma = true
    }

    @inlinable @inline(__always)
    mutating func _literal(_ text: StaticString) {
        _separate()
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}

/// A lower-case hex digit of 0...15.
@inline(__always)
func hexDigit(_ v: UInt8) -> UInt8 { v < 10 ? UInt8(ascii: "0") + v : UInt8(ascii: "a") + v - 10 }
