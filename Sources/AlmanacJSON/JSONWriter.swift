/// Appends JSON text to a reusable UTF-8 byte buffer.
///
/// Strings are escaped as RFC 8259 requires: `"` and `\` get a backslash,
/// control characters below U+0020 become `\n`, `\t`, ... or `\u00xx`, and
/// everything else, non-ASCII included, is copied as UTF-8.
///
/// ```swift
/// var w = JSONWriter()
/// w.raw("{\"id\":"); w.string("a\"b"); w.raw("}")
/// String(decoding: w.bytes, as: UTF8.self)   // {"id":"a\"b"}
/// ```
public struct JSONWriter: Sendable {
    /// The text written so far.
    public var bytes: [UInt8]

    /// A writer with an empty buffer of at least `capacity` bytes.
    public init(capacity: Int = 4096) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Empties the buffer and keeps its storage for the next reply.
    public mutating func reset() { bytes.removeAll(keepingCapacity: true) }

    /// Appends text as is (it must already be valid JSON in context).
    @inlinable
    public mutating func raw(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends one byte as is.
    @inlinable
    public mutating func byte(_ b: UInt8) { bytes.append(b) }

    /// Appends a quoted, escaped JSON string.
    public mutating func string(_ s: String) {
        var s = s
        s.withUTF8 { string($0) }
    }

    /// Appends UTF-8 bytes as a quoted, escaped JSON string.
    ///
    /// - Complexity: O(n); runs of bytes that need no escape are copied at once.
    public mutating func string(_ utf8: UnsafeBufferPointer<UInt8>) {
        bytes.append(UInt8(ascii: "\""))
        var runStart = 0
        for k in 0..<utf8.count {
            let c = utf8[k]
            guard c < 0x20 || c == UInt8(ascii: "\"") || c == UInt8(ascii: "\\") else { continue }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<k]))
            runStart = k + 1
            switch c {
            case UInt8(ascii: "\""): raw("\\\"")
            case UInt8(ascii: "\\"): raw("\\\\")
            case 0x0A: raw("\\n")
            case 0x0D: raw("\\r")
            case 0x09: raw("\\t")
            case 0x08: raw("\\b")
            case 0x0C: raw("\\f")
            default:
                raw("\\u00")
                bytes.append(hexDigit(c >> 4))
                bytes.append(hexDigit(c & 0xF))
            }
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends a string, or `null` for `nil`.
    public mutating func stringOrNull(_ s: String?) {
        if let s { string(s) } else { raw("null") }
    }

    /// Appends `true` or `false`.
    public mutating func bool(_ b: Bool) { if b { raw("true") } else { raw("false") } }

    /// Appends an integer in decimal.
    public mutating func int(_ value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        let start = bytes.count
        var n = value.magnitude
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(n % 10))
            n /= 10
        } while n > 0
        bytes[start...].reverse()
    }

    /// Appends JSON text for a value (used by tests and tools; replies use the specific appenders).
    public mutating func value(_ v: JSONValue) {
        switch v {
        case .null: raw("null")
        case .bool(let b): bool(b)
        case .number(let n): bytes.append(contentsOf: n.text.utf8)
        case .string(let s): string(s)
        case .array(let items):
            byte(UInt8(ascii: "["))
            for (k, item) in items.enumerated() {
                if k > 0 { byte(UInt8(ascii: ",")) }
                value(item)
            }
            byte(UInt8(ascii: "]"))
        case .object(let o):
            byte(UInt8(ascii: "{"))
            for (k, m) in o.members.enumerated() {
                if k > 0 { byte(UInt8(ascii: ",")) }
                string(m.key)
                byte(UInt8(ascii: ":"))
                value(m.value)
            }
            byte(UInt8(ascii: "}"))
        }
    }

    /// The buffer as a `String`.
    public var text: String { String(decoding: bytes, as: UTF8.self) }
}

@inline(__always)
func hexDigit(_ v: UInt8) -> UInt8 { v < 10 ? UInt8(ascii: "0") + v : UInt8(ascii: "a") + v - 10 }
