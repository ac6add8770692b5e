import AlmanacCore

/// A set of day indexes 0..<448 within a frame (a Gregorian year has at
/// most 366 days, a Hebrew year 385; a frame's set may start three days
/// before its year for BYWEEKNO, and RFC 7529 SKIP may move a day one past
/// either end). Seven words on the stack: building, intersecting and walking it never allocates.
@usableFromInline
struct _DaySet: Equatable, Sendable {
    @usableFromInline var w0: UInt64 = 0, w1: UInt64 = 0, w2: UInt64 = 0
    @usableFromInline var w3: UInt64 = 0, w4: UInt64 = 0, w5: UInt64 = 0, w6: UInt64 = 0

    @inlinable init() {}

    /// The first `n` indexes.
    @inlinable init(firstDays n: Int) {
        for i in 0..<7 {
            let bits = n - i * 64
            self[word: i] = bits >= 64 ? ~0 : bits <= 0 ? 0 : (1 << UInt64(bits)) - 1
        }
    }

    @inlinable subscript(word i: Int) -> UInt64 {
        get {
            switch i {
            case 0: w0
            case 1: w1
            case 2: w2
            case 3: w3
            case 4: w4
            case 5: w5
            default: w6
            }
        }
        set {
            switch i {
            case 0: w0 = newValue
            case 1: w1 = newValue
            case 2: w2 = newValue
            case 3: w3 = newValue
            case 4: w4 = newValue
            case 5: w5 = newValue
            default: w6 = newValue
            }
        }
    }

    @inlinable mutating func insert(_ i: Int) {
        self[word: i >> 6] |= 1 << UInt64(i & 63)
    }

    @inlinable func contains(_ i: Int) -> Bool {
        self[word: i >> 6] & (1 << UInt64(i & 63)) != 0
    }

    @inlinable static func & (a: _DaySet, b: _DaySet) -> _DaySet {
        var r = _DaySet()
        r.w0 = a.w0 & b.w0; r.w1 = a.w1 & b.w1; r.w2 = a.w2 & b.w2
        r.w3 = a.w3 & b.w3; r.w4 = a.w4 & b.w4; r.w5 = a.w5 & b.w5; r.w6 = a.w6 & b.w6
        return r
    }

    @inlinable var count: Int {
        w0.nonzeroBitCount + w1.nonzeroBitCount + w2.nonzeroBitCount
            + w3.nonzeroBitCount + w4.nonzeroBitCount + w5.nonzeroBitCount + w6.nonzeroBitCount
    }

    @inlinable var isEmpty: Bool { (w0 | w1 | w2 | w3 | w4 | w5 | w6) == 0 }

    /// How many indexes are `>= from`.
    @inlinable func count(from i: Int) -> Int {
        var n = 0
        for w in 0..<7 {
            let lo = w * 64
            if i <= lo { n += self[word: w].nonzeroBitCount }
            else if i < lo + 64 { n += (self[word: w] & (~0 << UInt64(i - lo))).nonzeroBitCount }
        }
        return n
    }

    /// The smallest index `>= from`, or `nil`.
    @inlinable func next(from: Int) -> Int? {
        var i = from >> 6
        guard i < 7 else { return nil }
        var word = self[word: i] & (~0 << UInt64(from & 63))
        while true {
            if word != 0 { return i << 6 | word.trailingZeroBitCount }
            i += 1
            if i == 7 { return nil }
            word = self[word: i]
        }
    }

    /// The index of the `rank`-th member (0-based), which must exist.
    @inlinable func select(_ rank: Int) -> Int {
        var r = rank
        for i in 0..<7 {
            var word = self[word: i]
            let c = word.nonzeroBitCount
            if r < c {
                while r > 0 { word &= word - 1; r -= 1 }
                return i << 6 | word.trailingZeroBitCount
            }
            r -= c
        }
        return -1
    }
}
