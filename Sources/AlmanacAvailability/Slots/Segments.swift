import Almanac

/// The window cut at every boundary of anyone's free time: segment i runs
/// from `starts[i]` to `starts[i + 1]` (the last to the window's end), and
/// `masks[i]` has bit p set when attendee p is free all through it.
struct Segments {
    var starts: [Timestamp] = []
    var masks: [UInt64] = []
    let end: Timestamp

    /// Sweeps the sorted boundaries of each attendee's free intervals
    /// (sorted, disjoint lists, inside `window`).
    init(free: [[Range<Timestamp>]], window: Range<Timestamp>) {
        end = window.upperBound
        var events: [(t: Timestamp, bit: UInt64, on: Bool)] = []
        events.reserveCapacity(free.reduce(0) { $0 + 2 * $1.count })
        for (p, list) in free.enumerated() {
            for r in list {
                events.append((r.lowerBound, 1 << UInt64(p), true))
                events.append((r.upperBound, 1 << UInt64(p), false))
            }
        }
        events.sort { $0.t < $1.t }
        starts.append(window.lowerBound)
        masks.append(0)
        var mask: UInt64 = 0, i = 0
        while i < events.count {
            let t = events[i].t
            while i < events.count, events[i].t == t {
                if events[i].on { mask |= events[i].bit } else { mask &= ~events[i].bit }
                i += 1
            }
            guard t < end else { break }
            if t == starts[starts.count - 1] {
                masks[masks.count - 1] = mask
                if masks.count > 1, masks[masks.count - 2] == mask { starts.removeLast(); masks.removeLast() }
            } else if mask != masks[masks.count - 1] {
                starts.append(t)
                masks.append(mask)
            }
        }
    }

    func segmentEnd(_ i: Int) -> Timestamp { i + 1 < starts.count ? starts[i + 1] : end }

    /// The maximal (interval, group) pairs with at least `k` in the group
    /// and at least `length` seconds: from each segment, the groups that
    /// start there (not all free in the segment before), walked forward
    /// until the group free throughout shrinks below `k` or to people
    /// who were free before the start.
    func closedSlots(atLeast k: Int, length: Int64) -> [FreeSlot] {
        var out: [FreeSlot] = []
        for i in masks.indices {
            let before: UInt64 = i > 0 ? masks[i - 1] : 0
            var group = masks[i]
            var j = i
            while group.nonzeroBitCount >= k, group & ~before != 0 {
                let next: UInt64 = j + 1 < masks.count ? masks[j + 1] & group : 0
                if next != group {
                    let range = starts[i]..<segmentEnd(j)
                    if range.upperBound - range.lowerBound >= length {
                        out.append(FreeSlot(range: range, attendees: Self.members(group)))
                    }
                }
                group = next
                j += 1
            }
        }
        return out
    }

    static func members(_ mask: UInt64) -> [Int] {
        var out: [Int] = [], m = mask
        while m != 0 {
            out.append(m.trailingZeroBitCount)
            m &= m - 1
        }
        return out
    }
}
