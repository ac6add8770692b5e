import Almanac
import AlmanacJSON

extension JSONWriter {
    /// Appends an occurrence's `Occurrence.description` as a JSON string
    /// (after a `,` when an item precedes it): what ``BatchResponder`` writes
    /// for each occurrence of a reply, in one append.
    ///
    /// ```swift
    /// var w = JSONWriter()
    /// w.beginArray()
    /// for o in occurrences { w.occurrence(o) }
    /// w.endArray()   // ["1997-09-02T09:00:00-04:00","1997-09-03T09:00:00-04:00"]
    /// ```
    ///
    /// - Complexity: O(1): the text is formatted on the stack and appended at once.
    @inlinable
    public mutating func occurrence(_ occurrence: Occurrence) {
        appendValue { bytes, comma in occurrence._appendDescription(to: &bytes, quoted: true, comma: comma) }
    }
}

extension Occurrence {
    /// Appends `description` (the batch protocol's form, such as
    /// `1997-09-02T09:00:00-04:00`) to a UTF-8 buffer without building a `String`.
    ///
    /// Same text as `description`, byte for byte (a test checks every form);
    /// this is the hot path of `almanac batch`, one call per occurrence.
    ///
    /// - Complexity: O(1): the text is formatted on the stack and appended at once.
    @inlinable
    public func appendDescription(to bytes: inout [UInt8]) {
        _appendDescription(to: &bytes, quoted: false, comma: false)
    }

    /// Appends the description, as a JSON string when `quoted`, after a `,`
    /// when `comma`: one append per occurrence in the batch reply.
    @inlinable
    func _appendDescription(to bytes: inout [UInt8], quoted: Bool, comma: Bool) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 40) { buffer in
            let p = buffer.baseAddress!
            var n = 0
            if comma { p[n] = UInt8(ascii: ","); n += 1 }
            if quoted { p[n] = UInt8(ascii: "\""); n += 1 }
            n = formatDescription(into: p, from: n)
            if quoted { p[n] = UInt8(ascii: "\""); n += 1 }
            bytes.append(contentsOf: UnsafeBufferPointer(start: p, count: n))
        }
    }

    /// Writes the description at `p + index` (at most 28 bytes) and returns the end offset.
    @inlinable
    func formatDescription(into p: UnsafeMutablePointer<UInt8>, from index: Int) -> Int {
        var n = index
        let d = start.date
        write4(d.year, p, &n)
        p[n] = UInt8(ascii: "-"); n += 1
        write2(d.month, p, &n)
        p[n] = UInt8(ascii: "-"); n += 1
        write2(d.day, p, &n)
        if kind == .date { return n }
        let t = start.time
        p[n] = UInt8(ascii: "T"); n += 1
        write2(t.hour, p, &n)
        p[n] = UInt8(ascii: ":"); n += 1
        write2(t.minute, p, &n)
        p[n] = UInt8(ascii: ":"); n += 1
        write2(t.second, p, &n)
        switch kind {
        case .date, .floating:
            break
        case .utc:
            p[n] = UInt8(ascii: "Z"); n += 1
        case .zoned:
            let s = Int((offset ?? .zero).seconds)
            let a = Int(s.magnitude)
            p[n] = s < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"); n += 1
            write2(a / 3600, p, &n)
            p[n] = UInt8(ascii: ":"); n += 1
            write2(a / 60 % 60, p, &n)
            if a % 60 != 0 {
                p[n] = UInt8(ascii: ":"); n += 1
                write2(a % 60, p, &n)
            }
        }
        return n
    }
}

/// Two decimal digits of `v` (0...99; an offset of 100 hours or more cannot occur).
@inlinable @inline(__always)
func write2(_ v: Int, _ p: UnsafeMutablePointer<UInt8>, _ n: inout Int) {
    let pair = _digitPairs.utf8Start + 2 &* (v % 100)
    p[n] = pair[0]
    p[n &+ 1] = pair[1]
    n &+= 2
}

/// "00" through "99", for formatting two digits with one lookup.
@usableFromInline
let _digitPairs: StaticString = """
    00010203040506070809101112131415161718192021222324252627282930313233343536373839\
    40414243444546474849505152535455565758596061626364656667686970717273747576777879\
    8081828384858687888990919293949596979899
    """

/// Four decimal digits of `v` (a year, 1...9999).
@inlinable @inline(__always)
func write4(_ v: Int, _ p: UnsafeMutablePointer<UInt8>, _ n: inout Int) {
    write2(v / 100, p, &n)
    write2(v % 100, p, &n)
}
