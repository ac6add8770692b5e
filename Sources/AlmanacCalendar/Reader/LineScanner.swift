import Almanac

/// Splits iCalendar bytes into logical content lines (RFC 5545 section 3.1):
/// CRLF, LF or a lone CR end a physical line; a physical line that starts
/// with a space or a tab continues the previous one (the break and that one
/// character are removed). A UTF-8 byte order mark at the start is skipped.
///
/// Each logical line is unfolded into one reused buffer, so scanning
/// allocates nothing per line once the buffer has grown to the longest line.
struct _LineScanner {
    let bytes: [UInt8]
    private(set) var offset: Int
    /// 1-based number of the physical line the next logical line starts on.
    private(set) var nextLine = 1
    /// The logical line read last, unfolded.
    private(set) var buffer: [UInt8] = []
    /// The physical line it started on.
    private(set) var line = 0
    /// For each fold in ``buffer``: the buffer offset where a continuation
    /// starts, and its physical line (to give columns on folded lines).
    private(set) var folds: [(offset: Int, line: Int)] = []
    /// The line breaks seen so far that were not CRLF (LF alone, CR alone).
    private(set) var bareBreaks = 0
    /// The first physical line with a bare break, for the reading.
    private(set) var firstBareBreakLine = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        offset = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    }

    /// Whether the input started with a byte order mark.
    var hadByteOrderMark: Bool { bytes.starts(with: [0xEF, 0xBB, 0xBF]) }

    /// Reads the next logical line into ``buffer``; `false` at the end.
    /// Empty physical lines are skipped.
    mutating func next() -> Bool {
        let n = bytes.count
        buffer.removeAll(keepingCapacity: true)
        folds.removeAll(keepingCapacity: true)
        while offset < n {
            line = nextLine
            readPhysicalLine()
            // Continuations: a line that starts with a space or a tab.
            while offset < n, bytes[offset] == 0x20 || bytes[offset] == 0x09 {
                offset += 1
                folds.append((buffer.count, nextLine))
                readPhysicalLine()
            }
            if !buffer.isEmpty { return true }
            folds.removeAll(keepingCapacity: true)
        }
        return false
    }

    /// Appends bytes up to the end of the physical line and steps over its break.
    private mutating func readPhysicalLine() {
        let n = bytes.count
        let start = offset
        let i0 = bytes.withUnsafeBufferPointer { p in
            var i = start
            while i < n, p[i] != 0x0A, p[i] != 0x0D { i += 1 }
            return i
        }
        var i = i0
        buffer.append(contentsOf: bytes[offset..<i])
        if i < n {
            if bytes[i] == 0x0D, i + 1 < n, bytes[i + 1] == 0x0A {
                i += 2
            } else {
                if bareBreaks == 0 { firstBareBreakLine = nextLine }
                bareBreaks += 1
                i += 1
            }
            nextLine += 1
        }
        offset = i
    }

    /// Replaces the unfolded line (lenient UTF-8 repair).
    mutating func setBuffer(_ bytes: [UInt8]) { buffer = bytes }

    /// The physical line and 1-based column of byte `index` of ``buffer``.
    func position(of index: Int) -> (line: Int, column: Int) {
        var l = line, start = 0
        for f in folds where f.offset <= index { l = f.line; start = f.offset }
        // Columns count characters, not bytes, on the physical line (a
        // continuation's first character, the space, is column 1).
        var column = start == 0 ? 1 : 2
        var k = start
        while k < index && k < buffer.count {
            if buffer[k] & 0xC0 != 0x80 { column += 1 }
            k += 1
        }
        return (l, column)
    }
}
