import Almanac

/// Operations on lists of half-open intervals of time, sorted by start.
enum Intervals {
    /// The union of `ranges` (in any order): sorted, disjoint, not touching, none empty.
    static func union(_ ranges: [Range<Timestamp>]) -> [Range<Timestamp>] {
        var out: [Range<Timestamp>] = []
        out.reserveCapacity(ranges.count)
        for r in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) where !r.isEmpty {
            if let last = out.last, r.lowerBound <= last.upperBound {
                if r.upperBound > last.upperBound { out[out.count - 1] = last.lowerBound..<r.upperBound }
            } else {
                out.append(r)
            }
        }
        return out
    }

    /// `a` less `b`, both sorted, disjoint lists.
    ///
    /// - Complexity: O(a + b).
    static func subtracting(_ b: [Range<Timestamp>], from a: [Range<Timestamp>]) -> [Range<Timestamp>] {
        var out: [Range<Timestamp>] = []
        var j = 0
        for r in a {
            var start = r.lowerBound
            while j < b.count, b[j].upperBound <= start { j += 1 }
            var k = j
            while k < b.count, b[k].lowerBound < r.upperBound {
                if b[k].lowerBound > start { out.append(start..<b[k].lowerBound) }
                start = max(start, b[k].upperBound)
                k += 1
            }
            if start < r.upperBound { out.append(start..<r.upperBound) }
        }
        return out
    }

    /// `a` and `b` both, from sorted, disjoint lists.
    ///
    /// - Complexity: O(a + b).
    static func intersecting(_ a: [Range<Timestamp>], _ b: [Range<Timestamp>]) -> [Range<Timestamp>] {
        var out: [Range<Timestamp>] = []
        var i = 0, j = 0
        while i < a.count, j < b.count {
            let lo = max(a[i].lowerBound, b[j].lowerBound), hi = min(a[i].upperBound, b[j].upperBound)
            if lo < hi { out.append(lo..<hi) }
            if a[i].upperBound < b[j].upperBound { i += 1 } else { j += 1 }
        }
        return out
    }
}
