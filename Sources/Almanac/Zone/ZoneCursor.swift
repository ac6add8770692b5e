import AlmanacCore

/// A forward-moving view of a zone for the expander: it caches the span it
/// last used, so a sequence of nearby times costs two comparisons each and a
/// table search only when it crosses a transition (amortised O(1)).
///
/// Not API: the expander owns one per query.
@usableFromInline
struct _ZoneCursor {
    @usableFromInline let table: ZoneTable
    // Local seconds [localLow, localHigh) resolve uniquely at localOffset.
    @usableFromInline var localLow: Int64 = 1
    @usableFromInline var localHigh: Int64 = 0
    @usableFromInline var localOffset: Int64 = 0
    // UTC seconds [utcLow, utcHigh) have offset utcOffset.
    @usableFromInline var utcLow: Int64 = 1
    @usableFromInline var utcHigh: Int64 = 0
    @usableFromInline var utcOffset: Int64 = 0

    @usableFromInline
    init(_ zone: Zone) {
        table = zone.table
        if table.transitions.isEmpty {
            let o = Int64(table.offsets[0])
            (localLow, localHigh, localOffset) = (.min, .max, o)
            (utcLow, utcHigh, utcOffset) = (.min, .max, o)
        }
    }

    /// What a local time resolved to: the UTC second (RFC 5545 section 3.3.5:
    /// gap times move forward by the gap, overlaps take the earlier instant),
    /// the offset to show, and whether the time fell in a gap.
    @usableFromInline
    struct Resolved {
        @usableFromInline var utc: Int64
        @usableFromInline var offset: Int32
        @usableFromInline var inGap: Bool
        @inlinable init(utc: Int64, offset: Int32, inGap: Bool) {
            self.utc = utc; self.offset = offset; self.inGap = inGap
        }
    }

    @inlinable @inline(__always)
    mutating func resolve(local l: Int64) -> Resolved {
        if l >= localLow && l < localHigh { return Resolved(utc: l - localOffset, offset: Int32(truncatingIfNeeded: localOffset), inGap: false) }
        return resolveSlow(local: l)
    }

    @usableFromInline
    mutating func resolveSlow(local l: Int64) -> Resolved {
        switch table.resolve(localSeconds: l) {
        case .unique(let o):
            let off = Int64(o.seconds)
            cacheLocal(l, off)
            return Resolved(utc: l - off, offset: o.seconds, inGap: false)
        case .overlap(let earlier, _):
            return Resolved(utc: l - Int64(earlier.seconds), offset: earlier.seconds, inGap: false)
        case .gap(let before, _):
            // Shifted forward by the gap: shown at the offset in force at the
            // shifted instant (the offset after the gap, unless the shift
            // passes a second transition: fuzz finding 11, synthetic zones).
            let u = l - Int64(before.seconds)
            return Resolved(utc: u, offset: Int32(truncatingIfNeeded: offset(utc: u)), inGap: true)
        }
    }

    /// Caches the unique-resolution range of the span that maps `l` with `off`.
    mutating func cacheLocal(_ l: Int64, _ off: Int64) {
        let (fl, shift) = table.fold(l)
        let j = table.spanIndex(fl - off)
        let t = table.transitions, o = table.offsets
        var low = Int64.min, high = Int64.max
        if j > 0 { low = t[j - 1] + max(Int64(o[j - 1]), Int64(o[j])) }
        if j < t.count { high = t[j] + min(Int64(o[j]), Int64(o[j + 1])) }
        if table.repeats {
            // Stay inside the current 400-year fold frame.
            let frameHigh = ZoneTable.tableEnd, frameLow = shift == 0 ? Int64.min : ZoneTable.tableEnd - ZoneTable.cycle
            low = max(low, frameLow == .min ? .min : frameLow + ZoneTable.margin)
            high = min(high, frameHigh - ZoneTable.margin)
        }
        localLow = low == .min ? .min : low + shift
        localHigh = high == .max ? .max : high + shift
        localOffset = off
    }

    /// The offset in force at UTC second `u`.
    @inlinable @inline(__always)
    mutating func offset(utc u: Int64) -> Int64 {
        if u >= utcLow && u < utcHigh { return utcOffset }
        return offsetSlow(utc: u)
    }

    @usableFromInline
    mutating func offsetSlow(utc u: Int64) -> Int64 {
        let (fu, shift) = table.fold(u)
        let j = table.spanIndex(fu)
        let t = table.transitions
        var low = j > 0 ? t[j - 1] : Int64.min
        var high = j < t.count ? t[j] : Int64.max
        if table.repeats {
            low = max(low, shift == 0 ? Int64.min : ZoneTable.tableEnd - ZoneTable.cycle)
            high = min(high, ZoneTable.tableEnd)
        }
        utcLow = low == .min ? .min : low + shift
        utcHigh = high == .max ? .max : high + shift
        utcOffset = Int64(table.offsets[j])
        return utcOffset
    }
}
