// The S rows' payloads (issue 12) are written with this: a JSON value and
// its text, pretty-printed as Google's API writes it (one space per level,
// `"key": value`) or compact as Microsoft Graph writes it. Non-ASCII text is
// written as UTF-8, as both APIs do.

import Almanac

/// A JSON value to write.
indirect enum JSONText {
    case object([(String, JSONText)])
    case array([JSONText])
    case string(String)
    case number(Int)
    case bool(Bool)
    case null

    /// The value's text: pretty (one space per level) or compact.
    func write(into out: inout [UInt8], pretty: Bool, level: Int = 0) {
        switch self {
        case .string(let s): appendQuoted(s, to: &out)
        case .number(let n): out.append(contentsOf: String(n).utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .null: out.append(contentsOf: "null".utf8)
        case .array(let xs):
            out.append(UInt8(ascii: "["))
            for (i, x) in xs.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                if pretty { newline(&out, level + 1) }
                x.write(into: &out, pretty: pretty, level: level + 1)
            }
            if pretty && !xs.isEmpty { newline(&out, level) }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (i, (k, v)) in members.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                if pretty { newline(&out, level + 1) }
                appendQuoted(k, to: &out)
                out.append(UInt8(ascii: ":"))
                if pretty { out.append(UInt8(ascii: " ")) }
                v.write(into: &out, pretty: pretty, level: level + 1)
            }
            if pretty && !members.isEmpty { newline(&out, level) }
            out.append(UInt8(ascii: "}"))
        }
    }

    private func newline(_ out: inout [UInt8], _ level: Int) {
        out.append(0x0A)
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: level))
    }
}

/// A JSON string: quotes, backslashes and control characters escaped (RFC 8259 section 7).
func appendQuoted(_ s: String, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    for b in s.utf8 {
        switch b {
        case UInt8(ascii: "\""): out.append(contentsOf: #"\""#.utf8)
        case UInt8(ascii: "\\"): out.append(contentsOf: #"\\"#.utf8)
        case 0x0A: out.append(contentsOf: #"\n"#.utf8)
        case 0x0D: out.append(contentsOf: #"\r"#.utf8)
        case 0x09: out.append(contentsOf: #"\t"#.utf8)
        case 0..<0x20:
            let hex = Array("0123456789abcdef".utf8)
            out.append(contentsOf: #"\u00"#.utf8)
            out.append(hex[Int(b >> 4)])
            out.append(hex[Int(b & 15)])
        default: out.append(b)
        }
    }
    out.append(UInt8(ascii: "\""))
}

/// `2024-05-06T09:00:00+02:00`: a wall clock and its offset (RFC 3339).
func rfc3339(_ t: CivilDateTime, offset seconds: Int) -> String {
    let a = abs(seconds) / 60
    return t.description + (seconds < 0 ? "-" : "+") + pad2(a / 60) + ":" + pad2(a % 60)
}
