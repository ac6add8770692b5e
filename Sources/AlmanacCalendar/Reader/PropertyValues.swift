import Almanac

/// Readers for the property values a calendar needs (RFC 5545 section 3.3).
enum Values {
    /// TEXT (section 3.3.11): `\\`, `\;`, `\,` and `\n` / `\N` undone. Any
    /// other escaped character stands for itself (lenient reading of `\:`).
    static func text(_ s: String) -> String {
        var s = s
        return s.withUTF8 { b in
            guard b.contains(UInt8(ascii: "\\")) else { return nil }
            var out: [UInt8] = []
            out.reserveCapacity(b.count)
            var escaped = false
            for c in b {
                if escaped {
                    out.append(c == UInt8(ascii: "n") || c == UInt8(ascii: "N") ? 0x0A : c)
                    escaped = false
                } else if c == UInt8(ascii: "\\") {
                    escaped = true
                } else {
                    out.append(c)
                }
            }
            if escaped { out.append(UInt8(ascii: "\\")) }
            return String(decoding: out, as: UTF8.self)
        } ?? s
    }

    /// UTC-OFFSET (section 3.3.14): `+0100`, `-0500`, `+013045`.
    static func offset(_ s: String) -> Offset? {
        let b = Array(s.utf8)
        guard b.count == 5 || b.count == 7, b[0] == UInt8(ascii: "+") || b[0] == UInt8(ascii: "-"),
              b.dropFirst().allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        func two(_ k: Int) -> Int { Int(b[k] - 0x30) * 10 + Int(b[k + 1] - 0x30) }
        let h = two(1), m = two(3), sec = b.count == 7 ? two(5) : 0
        guard h <= 23, m <= 59, sec <= 59 else { return nil }
        let total = h * 3600 + m * 60 + sec
        // "-0000" is not allowed by the RFC; read as zero.
        return try? Offset(seconds: b[0] == UInt8(ascii: "-") ? -total : total)
    }

    /// Splits a list value on commas (DATE, DATE-TIME and PERIOD values
    /// contain none).
    static func list(_ s: String) -> [Substring] {
        s.utf8.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: true).map { Substring($0) }
    }

    /// A DATE or DATE-TIME, `zone` applied to a local DATE-TIME. Lenient
    /// mode also reads what producers write, through the library's one
    /// date reader: surrounding spaces, lower-case `t` and `z`, and RFC
    /// 3339's forms (`2024-05-01T09:00:00`, with `Z` or an offset: the
    /// instant it names, in UTC). The error is strict RFC 5545's.
    static func anchor(_ text: Substring, zone: Zone?, lenient: Bool) -> (Anchor?, repaired: Bool, error: String?) {
        do throws(AlmanacError) {
            return (try Anchor(parsing: text, zone: zone), false, nil)
        } catch {
            guard lenient else { return (nil, false, error.message) }
            let trimmed = text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()
            if let a = try? Anchor(parsing: String(trimmed), zone: zone, syntax: [.rfc5545, .rfc3339, .lowercase]) { return (a, true, nil) }
            return (nil, false, error.message)
        }
    }
}
