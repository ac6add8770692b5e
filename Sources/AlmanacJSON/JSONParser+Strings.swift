import AlmanacCore

extension JSONParser {
    /// Reads a string starting at its opening quote.
    mutating func parseString() throws(AlmanacError) -> String {
        stringStart = i
        i += 1  // "
        let start = i
        // Fast path: printable ASCII with no escapes becomes a String directly.
        while i < p.count {
            let c = p[i]
            if c == UInt8(ascii: "\"") {
                let s = String(decoding: UnsafeBufferPointer(rebasing: p[start..<i]), as: UTF8.self)
                i += 1
                return s
            }
            if c == UInt8(ascii: "\\") || c < 0x20 || c >= 0x80 { break }
            i += 1
        }
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: p[start..<i]))
        while true {
            guard i < p.count else { throw fail("unterminated string", at: stringStart) }
            let c = p[i]
            switch c {
            case UInt8(ascii: "\""):
                i += 1
                return String(decoding: scratch, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try parseEscape()
            case 0..<0x20:
                throw fail("control character U+\(hex4(UInt32(c))) must be escaped in a string")
            case 0x80...:
                try copyUTF8Sequence()
            default:
                scratch.append(c)
                i += 1
            }
        }
    }

    mutating func parseEscape() throws(AlmanacError) {
        let escapeStart = i
        i += 1  // backslash
        guard i < p.count else { throw fail("unterminated string", at: stringStart) }
        let c = p[i]
        i += 1
        switch c {
        case UInt8(ascii: "\""): scratch.append(0x22)
        case UInt8(ascii: "\\"): scratch.append(0x5C)
        case UInt8(ascii: "/"): scratch.append(0x2F)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
            let unit = try hexQuad(escapeStart)
            var scalar = unit
            if unit >= 0xD800, unit <= 0xDBFF {
                // A high surrogate must be followed by an escaped low one.
                guard i + 1 < p.count, p[i] == UInt8(ascii: "\\"), p[i + 1] == UInt8(ascii: "u") else {
                    throw fail("unpaired surrogate \\u\(hex4(unit))", at: escapeStart)
                }
                let lowStart = i
                i += 2
                let low = try hexQuad(lowStart)
                guard low >= 0xDC00, low <= 0xDFFF else {
                    throw fail("unpaired surrogate \\u\(hex4(unit))", at: escapeStart)
                }
                scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
            } else if unit >= 0xDC00, unit <= 0xDFFF {
                throw fail("unpaired surrogate \\u\(hex4(unit))", at: escapeStart)
            }
            appendUTF8(scalar)
        default:
            let shown = c >= 0x20 && c < 0x7F ? String(UnicodeScalar(c)) : "U+" + hex4(UInt32(c))
            throw fail("invalid escape '\\\(shown)'", at: escapeStart)
        }
    }

    /// Four hex digits after `\u`.
    mutating func hexQuad(_ escapeStart: Int) throws(AlmanacError) -> UInt32 {
        var v: UInt32 = 0
        for _ in 0..<4 {
            guard i < p.count else { throw fail("expected 4 hex digits after \\u", at: escapeStart) }
            let c = p[i]
            let d: UInt32
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(c - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(c - UInt8(ascii: "A") + 10)
            default: throw fail("expected 4 hex digits after \\u", at: escapeStart)
            }
            v = v << 4 | d
            i += 1
        }
        return v
    }

    mutating func appendUTF8(_ s: UInt32) {
        switch s {
        case 0..<0x80:
            scratch.append(UInt8(s))
        case 0x80..<0x800:
            scratch.append(UInt8(0xC0 | s >> 6))
            scratch.append(UInt8(0x80 | s & 0x3F))
        case 0x800..<0x10000:
            scratch.append(UInt8(0xE0 | s >> 12))
            scratch.append(UInt8(0x80 | s >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | s & 0x3F))
        default:
            scratch.append(UInt8(0xF0 | s >> 18))
            scratch.append(UInt8(0x80 | s >> 12 & 0x3F))
            scratch.append(UInt8(0x80 | s >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | s & 0x3F))
        }
    }

    /// Checks and copies one multi-byte UTF-8 sequence (Unicode 15, table 3-7).
    mutating func copyUTF8Sequence() throws(AlmanacError) {
        let lead = p[i]
        let count: Int
        var low: UInt8 = 0x80, high: UInt8 = 0xBF  // range of the second byte
        switch lead {
        case 0xC2...0xDF: count = 2
        case 0xE0: count = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: count = 3
        case 0xED: count = 3; high = 0x9F
        case 0xF0: count = 4; low = 0x90
        case 0xF1...0xF3: count = 4
        case 0xF4: count = 4; high = 0x8F
        default: throw fail("invalid UTF-8 byte 0x\(hex2(lead))")
        }
        guard i + count <= p.count else { throw fail("invalid UTF-8: truncated sequence") }
        guard p[i + 1] >= low, p[i + 1] <= high else { throw fail("invalid UTF-8 sequence") }
        for k in 2..<max(2, count) where p[i + k] & 0xC0 != 0x80 { throw fail("invalid UTF-8 sequence") }
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: p[i..<(i + count)]))
        i += count
    }
}

/// Upper-case hex, zero-padded to 4 digits.
func hex4(_ v: UInt32) -> String {
    let s = String(v, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - s.count)) + s
}

/// Upper-case hex, zero-padded to 2 digits.
func hex2(_ v: UInt8) -> String {
    let s = String(v, radix: 16, uppercase: true)
    return s.count < 2 ? "0" + s : s
}
