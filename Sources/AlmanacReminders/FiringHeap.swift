/// A min-heap of waiting firings by time, then by the order they were
/// pushed in (so that ties keep the order of their instances and alarms).
struct FiringHeap {
    private var items: [PendingFiring] = []
    private var pushed: UInt64 = 0

    var top: PendingFiring? { items.first }

    @inline(__always)
    private static func precedes(_ a: PendingFiring, _ b: PendingFiring) -> Bool {
        a.time != b.time ? a.time < b.time : a.order < b.order
    }

    mutating func push(_ f: PendingFiring) {
        var f = f
        f.order = pushed
        pushed &+= 1
        items.append(f)
        var i = items.count - 1
        while i > 0 {
            let parent = (i - 1) / 2
            guard Self.precedes(items[i], items[parent]) else { break }
            items.swapAt(i, parent)
            i = parent
        }
    }

    /// Removes and returns the first firing; the heap must not be empty.
    mutating func pop() -> PendingFiring {
        items.swapAt(0, items.count - 1)
        let out = items.removeLast()
        var i = 0
        let n = items.count
        while true {
            let l = 2 * i + 1, r = l + 1
            var m = i
            if l < n, Self.precedes(items[l], items[m]) { m = l }
            if r < n, Self.precedes(items[r], items[m]) { m = r }
            guard m != i else { break }
            items.swapAt(i, m)
            i = m
        }
        return out
    }
}
