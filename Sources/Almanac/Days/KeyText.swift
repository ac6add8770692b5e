import AlmanacCore

/// The text of keys: percent-escaping of series ids and a strict reader for
/// the canonical forms. Not API.
///
/// An id is written as its UTF-8 bytes, each byte outside RFC 3986's
/// unreserved set (`A-Z a-z 0-9 - . _ ~`) as `%HH` with upper-case hex. The
/// escaping is a bijection between byte strings and the texts this reader
/// accepts: it rejects lower-case hex, an escaped unreserved byte, and bytes
/// that do not form UTF-8.
enum KeyText {
    @inline(__always)
    static func isUnreserved(_ b: UInt8) -> Bool {
        (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39)
            || b == 0x2D || b == 0x2E || b == 0x5F || b == 0x7E
    }

    static let hex: [UInt8] = Array("0123456789ABCDEF".utf8)

    /// `id` with every byte outside the unreserved set as `%HH`.
    static func escape(_ id: String, into out: inout [UInt8]) {
        for b in id.utf8 {
            if isUnreserved(b) { out.append(b) } else {
                out.append(0x25)
                out.append(hex[Int(b >> 4)])
                out.append(hex[Int(b & 0xF)])
            }
        }
    }

    /// The canonical form of an occurrence key (`escaped-id/recurrence-id`)
    /// appended to `out`.
    static func write(_ key: OccurrenceKey, into out: inout [UInt8]) {
        escape(key.seriesID, into: &out)
        out.append(0x2F)
        out.append(contentsOf: key.recurrenceID.description.utf8)
    }
}

/// The readers of a key's parts, on Core's value reader (errors name the
/// column in characters, as the other parsers do).
extension ValueText {
    /// A percent-escaped series id, up to (not including) the next `/`.
    mutating func seriesID() throws(AlmanacError) -> String {
        var out: [UInt8] = []
        let begin = i
        while i < bytes.count, bytes[i] != 0x2F {
            let b = bytes[i]
            if KeyText.isUnreserved(b) { out.append(b); i += 1; continue }
            guard b == 0x25 else {
                throw fail("a series id may hold only A-Z, a-z, 0-9, \"-\", \".\", \"_\", \"~\" and %HH escapes")
            }
            guard i + 2 < bytes.count, let hi = Self.hexValue(bytes[i + 1]), let lo = Self.hexValue(bytes[i + 2]) else {
                throw fail("\"%\" must be followed by two upper-case hex digits")
            }
            let v = hi << 4 | lo
            guard !KeyText.isUnreserved(v) else {
                throw fail("\"%\(String(decoding: bytes[(i + 1)...(i + 2)], as: UTF8.self))\" escapes \"\(String(decoding: [v], as: UTF8.self))\", which is written as itself")
            }
            out.append(v)
            i += 3
        }
        guard let id = String(validating: out, as: UTF8.self) else {
            throw fail("the escaped series id is not UTF-8", at: begin)
        }
        return id
    }

    static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case 0x30...0x39: b - 0x30
        case 0x41...0x46: b - 0x41 + 10
        default: nil
        }
    }

    /// `date [ "T" time [ "~2" ] ]`.
    mutating func recurrenceID() throws(AlmanacError) -> RecurrenceID {
        let d = try date()
        guard i < bytes.count, bytes[i] == 0x54 else { return RecurrenceID(date: d) }
        i += 1
        let t = try time()
        guard i < bytes.count, bytes[i] == 0x7E else { return RecurrenceID(CivilDateTime(d, t)) }
        i += 1
        guard i < bytes.count, bytes[i] == 0x32 else { throw fail("expected \"2\" after \"~\" (the second of a repeated wall-clock time)") }
        i += 1
        return RecurrenceID(CivilDateTime(d, t), isRepeat: true)
    }
}
