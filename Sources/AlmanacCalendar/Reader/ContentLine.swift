import Almanac

/// A content line as the parser gives it.
enum ParsedLine {
    /// A property the reader uses, kept in the store.
    case kept(ContentLine)
    /// A property it does not use (DESCRIPTION, ATTENDEE...): checked, then
    /// dropped (``ContentLineParser/name(_:)`` reads its name again when a
    /// message needs it).
    case unread
}

/// Reads a content line from the scanner's line.
enum ContentLineParser {
    /// `nil` when lenient reading drops the line (the reason is in `readings`).
    /// `outsideEvents`: the line belongs to a component other than a VEVENT,
    /// VTODO or VCALENDAR (a VALARM, a VFREEBUSY...), whose DESCRIPTION and
    /// PRIORITY are read (``Property/keptOnlyOutsideEvents``).
    static func parse(_ scanner: inout LineScanner, into store: inout LineStore, lenient: Bool, outsideEvents: Bool = false,
                      readings: inout [CalendarReading]) throws(AlmanacError) -> ParsedLine? {
        if !scanner.isValidUTF8, let bad = scanner.withLine({ firstInvalidUTF8($0) }) {
            let p = scanner.position(of: bad)
            let byte = scanner.withLine { $0[bad] }
            guard lenient else {
                throw AlmanacError(.invalidUTF8, line: p.line, column: p.column, "byte 0x\(String(byte, radix: 16, uppercase: true)) is not UTF-8 (RFC 5545 section 3.1.4)")
            }
            readings.append(CalendarReading(.invalidUTF8, line: p.line, "bytes that are not UTF-8 from column \(p.column) replaced by U+FFFD"))
            // Parse the repaired text (U+FFFD in place of each bad sequence).
            scanner.setLine(scanner.withLine { Array(String(decoding: $0, as: UTF8.self).utf8) })
            return try parse(&scanner, into: &store, lenient: lenient, outsideEvents: outsideEvents, readings: &readings)
        }
        let line = scanner.line
        do throws(LineFault) {
            return try scanner.withLine { (b) throws(LineFault) -> ParsedLine in
                try parse(b, line: line, outsideEvents: outsideEvents, into: &store)
            }
        } catch {
            let p = scanner.position(of: error.at)
            if lenient {
                readings.append(CalendarReading(.skipped, line: p.line, "line dropped: \(error.message) (column \(p.column))"))
                return nil
            }
            throw AlmanacError(.syntax, line: p.line, column: p.column, error.message)
        }
    }

    /// The name (upper case) of the scanner's line.
    static func name(_ scanner: LineScanner) -> String {
        scanner.withLine { b in
            var i = 0
            while i < b.count, isNameByte(b[i]) { i += 1 }
            return upperString(b, 0, i)
        }
    }

    /// Reads the line `b`, which starts on physical line `line`.
    private static func parse(_ b: UnsafeBufferPointer<UInt8>, line: Int, outsideEvents: Bool,
                              into store: inout LineStore) throws(LineFault) -> ParsedLine {
        let n = b.count
        func failure(_ at: Int, _ message: String) throws(LineFault) -> ParsedLine {
            throw LineFault(at: at, message: message)
        }

        var i = 0
        while i < n, isNameByte(b[i]) { i += 1 }
        if i == 0 { return try failure(0, "expected a property name (letters, digits and \"-\")") }
        let nameEnd = i
        // Properties Almanac does not read are checked in strict mode and
        // never turned into strings: most of a real file's bytes are theirs
        // (DESCRIPTION, ATTENDEE, X-ALT-DESC...).
        let property = Property.of(b, count: i)
        let keep = property != .other && (outsideEvents || !property.keptOnlyOutsideEvents)
        // A kept line's parameters and value go to the store; a line
        // dropped in lenient mode takes them back out.
        let firstParameter = store.parameterCount, firstByte = store.byteCount
        func fail(_ at: Int, _ message: String) throws(LineFault) -> ParsedLine {
            store.truncate(parameters: firstParameter, bytes: firstByte)
            return try failure(at, message)
        }
        while i < n, b[i] == UInt8(ascii: ";") {
            i += 1
            let start = i
            while i < n, isNameByte(b[i]) { i += 1 }
            if i == start { return try fail(i, "expected a parameter name after \";\"") }
            guard i < n, b[i] == UInt8(ascii: "=") else { return try fail(i, "expected \"=\" after parameter \(upperString(b, start, i))") }
            let parameterEnd = i
            i += 1
            let kept = keep ? ParameterName.of(b, start, count: parameterEnd - start) : nil
            var first = true
            while true {
                if i < n, b[i] == UInt8(ascii: "\"") {
                    let q = i + 1
                    var e = q
                    while e < n, b[e] != UInt8(ascii: "\"") { e += 1 }
                    if e == n { return try fail(i, "parameter \(upperString(b, start, parameterEnd)): a quoted value is not closed") }
                    if let kept, first { store.append(Parameter(name: kept, value: store.append(b, q, e))) }
                    i = e + 1
                } else {
                    let s = i
                    while i < n, !isParameterDelimiter(b[i]) { i += 1 }
                    if let kept, first { store.append(Parameter(name: kept, value: store.append(b, s, i))) }
                }
                first = false
                if i < n, b[i] == UInt8(ascii: ",") { i += 1; continue }
                break
            }
        }
        guard i < n, b[i] == UInt8(ascii: ":") else {
            let name = upperString(b, 0, nameEnd)
            return try fail(i, i < n ? "unexpected \"\(Character(Unicode.Scalar(b[i])))\" in \(name): expected \";\" or \":\"" : "\(name) has no \":\" and no value")
        }
        guard keep else { return .unread }
        return .kept(ContentLine(property: property, line: line, value: store.append(b, i + 1, n),
                                  parameters: firstParameter..<store.parameterCount))
    }
}

/// A syntax fault in a content line: the byte where it lies, and what is wrong.
struct LineFault: Error {
    var at: Int
    var message: String
}

/// `;`, `:`, `,` and `"`: the bytes that end an unquoted parameter value
/// (all below 0x40: one comparison for most bytes, then a bit of a mask).
@inline(__always)
func isParameterDelimiter(_ c: UInt8) -> Bool {
    let mask: UInt64 = 1 << 0x3B | 1 << 0x3A | 1 << 0x2C | 1 << 0x22
    return c < 0x40 && (mask >> UInt64(c)) & 1 != 0
}

/// `A-Z`, `a-z`, `0-9` and `-`: the bytes of an iana-token or x-name.
@inline(__always)
func isNameByte(_ c: UInt8) -> Bool {
    (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || (c >= 0x30 && c <= 0x39) || c == 0x2D
}

/// The ASCII bytes `b[start..<end]` upper-cased, as a string.
func upperString(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> String {
    String(unsafeUninitializedCapacity: end - start) { out in
        for k in start..<end { let c = b[k]; out[k - start] = c >= 0x61 && c <= 0x7A ? c - 0x20 : c }
        return end - start
    }
}

/// The bytes `b[start..<end]` (valid UTF-8) as a string.
@inline(__always)
func _string(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: b[start..<end]), as: UTF8.self)
}

/// The index of the first byte that does not belong to valid UTF-8, if any.
func firstInvalidUTF8(_ b: UnsafeBufferPointer<UInt8>) -> Int? {
    guard let base = b.baseAddress else { return nil }
    let raw = UnsafeRawPointer(base)
    let n = b.count
    var i = 0
    while i < n {
        // ASCII, 32 bytes at a time, then 8 (most of a calendar is ASCII).
        while i + 32 <= n {
            let w = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) | raw.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self)
                | raw.loadUnaligned(fromByteOffset: i + 16, as: UInt64.self) | raw.loadUnaligned(fromByteOffset: i + 24, as: UInt64.self)
            if w & 0x8080_8080_8080_8080 != 0 { break }
            i += 32
        }
        while i + 8 <= n, raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 { i += 8 }
        guard i < n else { break }
        let c = b[i]
        if c < 0x80 {
            i += 1
            continue
        }
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
