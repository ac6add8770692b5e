import Almanac
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Splits iCalendar bytes into logical content lines (RFC 5545 section 3.1):
/// CRLF, LF or a lone CR end a physical line; a physical line that starts
/// with a space or a tab continues the previous one (the break and that one
/// character are removed). A UTF-8 byte order mark at the start is skipped.
///
/// A line that is not folded is read where it lies in the input; only a
/// folded line is unfolded, into one reused buffer. Line ends are found
/// with `memchr`, so scanning costs a fraction of an instruction per byte
/// and allocates nothing per line.
struct LineScanner {
    let bytes: [UInt8]
    private(set) var offset: Int
    /// 1-based number of the physical line the next logical line starts on.
    private(set) var nextLine = 1
    /// The logical line read last, when it was folded (or repaired).
    private var buffer: [UInt8] = []
    /// Whether the logical line read last is ``buffer`` (folded) or `bytes[start..<end]`.
    private var inBuffer = false
    private var start = 0, end = 0
    /// The physical line it started on.
    private(set) var line = 0
    /// For each fold in the logical line: the offset in it where a
    /// continuation starts, and its physical line (to give columns on folded lines).
    private var folds: [(offset: Int, line: Int)] = []
    /// The line breaks seen so far that were not CRLF (LF alone, CR alone).
    private(set) var bareBreaks = 0
    /// The first physical line with a bare break, for the reading.
    private(set) var firstBareBreakLine = 0
    /// Whether the whole input is valid UTF-8 (checked once, so that lines
    /// need no check of their own).
    let isValidUTF8: Bool

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        offset = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        isValidUTF8 = bytes.withUnsafeBufferPointer { firstInvalidUTF8($0) == nil }
    }

    /// Reads the next logical line; `false` at the end. Empty physical
    /// lines are skipped.
    mutating func next() -> Bool {
        let n = bytes.count
        inBuffer = false
        if !folds.isEmpty { folds.removeAll(keepingCapacity: true) }
        while offset < n {
            line = nextLine
            let (s, e) = physicalLine()
            // Continuations: a line that starts with a space or a tab.
            if offset < n, bytes[offset] == 0x20 || bytes[offset] == 0x09 {
                buffer.removeAll(keepingCapacity: true)
                buffer.append(contentsOf: bytes[s..<e])
                while offset < n, bytes[offset] == 0x20 || bytes[offset] == 0x09 {
                    offset += 1
                    folds.append((buffer.count, nextLine))
                    let (s2, e2) = physicalLine()
                    buffer.append(contentsOf: bytes[s2..<e2])
                }
                if !buffer.isEmpty { inBuffer = true; return true }
                folds.removeAll(keepingCapacity: true)
                continue
            }
            if e > s { start = s; end = e; return true }
        }
        return false
    }

    /// Calls `body` with the bytes of the logical line read last.
    func withLine<R, E: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E) -> R {
        let result: Result<R, E> = inBuffer
            ? buffer.withUnsafeBufferPointer { p in Result { () throws(E) in try body(p) } }
            : bytes.withUnsafeBufferPointer { p in
                Result { () throws(E) in try body(UnsafeBufferPointer(rebasing: p[start..<end])) }
            }
        return try result.get()
    }

    /// Finds the end of the physical line at ``offset`` and steps over its break.
    private mutating func physicalLine() -> (start: Int, end: Int) {
        let n = bytes.count
        let s = offset
        let (lf, cr) = bytes.withUnsafeBufferPointer { p -> (Int, Int) in
            let base = p.baseAddress!
            let lf = memchr(base + s, 0x0A, n - s).map { UnsafeRawPointer($0) - UnsafeRawPointer(base) } ?? n
            let cr = memchr(base + s, 0x0D, lf - s).map { UnsafeRawPointer($0) - UnsafeRawPointer(base) } ?? lf
            return (lf, cr)
        }
        if cr < lf {
            if cr + 1 == lf, lf < n { offset = lf + 1 } else { bare(); offset = cr + 1 }
            nextLine += 1
            return (s, cr)
        }
        if lf < n { bare(); nextLine += 1; offset = lf + 1 } else { offset = n }
        return (s, lf)
    }

    private mutating func bare() {
        if bareBreaks == 0 { firstBareBreakLine = nextLine }
        bareBreaks += 1
    }

    /// Replaces the logical line (lenient UTF-8 repair).
    mutating func setLine(_ bytes: [UInt8]) {
        buffer = bytes
        inBuffer = true
    }

    /// The physical line and 1-based column of byte `index` of the logical line.
    func position(of index: Int) -> (line: Int, column: Int) {
        var l = line, first = 0
        for f in folds where f.offset <= index { l = f.line; first = f.offset }
        // Columns count characters, not bytes, on the physical line (a
        // continuation's first character, the space, is column 1).
        var column = first == 0 ? 1 : 2
        withLine { (b: UnsafeBufferPointer<UInt8>) -> Void in
            var k = first
            while k < index && k < b.count {
                if b[k] & 0xC0 != 0x80 { column += 1 }
                k += 1
            }
        }
        return (l, column)
    }
}
