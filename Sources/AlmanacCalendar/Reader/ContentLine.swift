import Almanac

/// One parameter of a content line: `TZID=Europe/Berlin`, `MEMBER="a","b"`.
struct _Parameter: Sendable, Hashable {
    /// Upper-cased (names are case-insensitive, RFC 5545 section 3.2).
    var name: String
    /// Unquoted values.
    var values: [String]
}

/// The property names the reader uses, told apart by their bytes once,
/// so that the readers switch on a code instead of comparing strings.
enum _Property: UInt8, Sendable {
    case other, begin, end, uid, dtstart, dtend, due, duration, rrule, exrule, rdate, exdate, recurrenceID
    case summary, status, sequence, lastModified, tzid, tzoffsetfrom, tzoffsetto, xWRTimezone

    static let names: [(bytes: [UInt8], property: _Property)] = ([
        ("BEGIN", .begin), ("END", .end), ("UID", .uid), ("DTSTART", .dtstart), ("DTEND", .dtend), ("DUE", .due),
        ("DURATION", .duration), ("RRULE", .rrule), ("EXRULE", .exrule), ("RDATE", .rdate), ("EXDATE", .exdate),
        ("RECURRENCE-ID", .recurrenceID), ("SUMMARY", .summary), ("STATUS", .status), ("SEQUENCE", .sequence),
        ("LAST-MODIFIED", .lastModified), ("TZID", .tzid), ("TZOFFSETFROM", .tzoffsetfrom), ("TZOFFSETTO", .tzoffsetto),
        ("X-WR-TIMEZONE", .xWRTimezone),
    ] as [(String, _Property)]).map { (Array($0.0.utf8), $0.1) }

    /// The property named by `b[0..<n]` (ASCII, any case).
    static func of(_ b: [UInt8], count n: Int) -> _Property {
        for (name, property) in names where name.count == n {
            var k = 0
            while k < n {
                let c = b[k]
                if (c >= 0x61 && c <= 0x7A ? c - 0x20 : c) != name[k] { break }
                k += 1
            }
            if k == n { return property }
        }
        return .other
    }
}

/// A content line (RFC 5545 section 3.1): `name *(";" param) ":" value`.
struct _ContentLine: Sendable {
    /// Upper-cased name.
    var name: String
    /// Which property it is, when the reader uses it.
    var property: _Property = .other
    var parameters: [_Parameter]
    /// The raw value (escapes not undone: that depends on the value type).
    var value: String
    /// Physical line the content line starts on.
    var line: Int
    /// A property Almanac does not read (DESCRIPTION, ATTENDEE...): checked
    /// (in strict mode), then only its name is kept, to place it.
    var isUnread = false

    /// The first value of parameter `name` (upper case).
    func parameter(_ name: String) -> String? {
        for p in parameters where p.name == name { return p.values.first }
        return nil
    }
}

/// Reads a content line from the scanner's buffer.
enum _ContentLineParser {
    /// `nil` when lenient reading drops the line (the reason is in `readings`).
    static func parse(_ scanner: _LineScanner, lenient: Bool,
                      readings: inout [CalendarReading]) throws(CalendarError) -> _ContentLine? {
        let b = scanner.buffer
        let n = b.count
        func fail(_ at: Int, _ message: String) throws(CalendarError) -> _ContentLine? {
            let p = scanner.position(of: at)
            if lenient {
                readings.append(CalendarReading(.skipped, line: p.line, "line dropped: \(message) (column \(p.column))"))
                return nil
            }
            throw CalendarError(.syntax, line: p.line, column: p.column, message)
        }

        if let bad = _firstInvalidUTF8(b) {
            let p = scanner.position(of: bad)
            guard lenient else {
                throw CalendarError(.invalidUTF8, line: p.line, column: p.column, "byte 0x\(String(b[bad], radix: 16, uppercase: true)) is not UTF-8 (RFC 5545 section 3.1.4)")
            }
            readings.append(CalendarReading(.invalidUTF8, line: p.line, "bytes that are not UTF-8 from column \(p.column) replaced by U+FFFD"))
            // Parse the repaired text (U+FFFD in place of each bad sequence).
            var repaired = scanner
            repaired.setBuffer(Array(String(decoding: b, as: UTF8.self).utf8))
            return try parse(repaired, lenient: lenient, readings: &readings)
        }

        var i = 0
        while i < n, _isNameByte(b[i]) { i += 1 }
        if i == 0 { return try fail(0, "expected a property name (letters, digits and \"-\")") }
        let name = _upperString(b, 0, i)
        // Properties Almanac does not read are checked in strict mode and
        // never turned into strings: most of a real file's bytes are theirs
        // (DESCRIPTION, ATTENDEE, X-ALT-DESC...).
        let property = _Property.of(b, count: i)
        let keep = property != .other
        var parameters: [_Parameter] = []
        while i < n, b[i] == UInt8(ascii: ";") {
            i += 1
            let start = i
            while i < n, _isNameByte(b[i]) { i += 1 }
            if i == start { return try fail(i, "expected a parameter name after \";\"") }
            guard i < n, b[i] == UInt8(ascii: "=") else { return try fail(i, "expected \"=\" after parameter \(_upperString(b, start, i))") }
            let nameEnd = i
            i += 1
            var values: [String] = []
            while true {
                if i < n, b[i] == UInt8(ascii: "\"") {
                    let q = i + 1
                    var e = q
                    while e < n, b[e] != UInt8(ascii: "\"") { e += 1 }
                    if e == n { return try fail(i, "parameter \(_upperString(b, start, nameEnd)): a quoted value is not closed") }
                    if keep { values.append(String(decoding: b[q..<e], as: UTF8.self)) }
                    i = e + 1
                } else {
                    let s = i
                    while i < n, b[i] != UInt8(ascii: ";"), b[i] != UInt8(ascii: ":"), b[i] != UInt8(ascii: ","),
                          b[i] != UInt8(ascii: "\"") { i += 1 }
                    if keep { values.append(String(decoding: b[s..<i], as: UTF8.self)) }
                }
                if i < n, b[i] == UInt8(ascii: ",") { i += 1; continue }
                break
            }
            if keep { parameters.append(_Parameter(name: _upperString(b, start, nameEnd), values: values)) }
        }
        guard i < n, b[i] == UInt8(ascii: ":") else {
            return try fail(i, i < n ? "unexpected \"\(Character(Unicode.Scalar(b[i])))\" in \(name): expected \";\" or \":\"" : "\(name) has no \":\" and no value")
        }
        guard keep else { return _ContentLine(name: name, parameters: [], value: "", line: scanner.line, isUnread: true) }
        let value = String(decoding: b[(i + 1)...], as: UTF8.self)
        return _ContentLine(name: name, property: property, parameters: parameters, value: value, line: scanner.line)
    }
}

/// `A-Z`, `a-z`, `0-9` and `-`: the bytes of an iana-token or x-name.
@inline(__always)
func _isNameByte(_ c: UInt8) -> Bool {
    (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || (c >= 0x30 && c <= 0x39) || c == 0x2D
}

/// The ASCII bytes `b[start..<end]` upper-cased, as a string.
func _upperString(_ b: [UInt8], _ start: Int, _ end: Int) -> String {
    String(unsafeUninitializedCapacity: end - start) { out in
        for k in start..<end { let c = b[k]; out[k - start] = c >= 0x61 && c <= 0x7A ? c - 0x20 : c }
        return end - start
    }
}

/// The index of the first byte that does not belong to valid UTF-8, if any.
func _firstInvalidUTF8(_ b: [UInt8]) -> Int? {
    var i = 0
    let n = b.count
    // ASCII, eight bytes at a time.
    b.withUnsafeBytes { raw in
        while i + 8 <= n, raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 { i += 8 }
    }
    while i < n {
        let c = b[i]
        if c < 0x80 { i += 1; continue }
        let len: Int, minScalar: UInt32
        switch c {
        case 0xC2...0xDF: len = 2; minScalar = 0x80
        case 0xE0...0xEF: len = 3; minScalar = 0x800
        case 0xF0...0xF4: len = 4; minScalar = 0x10000
        default: return i
        }
        guard i + len <= n else { return i }
        var scalar = UInt32(c) & (0xFF >> (len + 1))
        for k in 1..<len {
            let d = b[i + k]
            guard d & 0xC0 == 0x80 else { return i }
            scalar = scalar << 6 | UInt32(d & 0x3F)
        }
        if scalar < minScalar || scalar > 0x10FFFF || (0xD800...0xDFFF).contains(scalar) { return i }
        i += len
    }
    return nil
}
