import Almanac

/// The series of each UID, in file order: the first and last by a
/// dictionary, the others chained through ``next`` (several VEVENTs may
/// share a UID, but most UIDs have one series: one hash per series and no
/// array per UID).
struct _UIDIndex: Sendable {
    private var ends: [String: (first: Int, last: Int)] = [:]
    /// For each series, the next with the same UID (`-1`: none).
    private var next: [Int] = []

    init(capacity: Int = 0) {
        ends.reserveCapacity(capacity)
        next.reserveCapacity(capacity)
    }

    init(_ events: [CalendarEvent]) {
        self.init(capacity: events.count)
        for e in events { append(e.uid) }
    }

    /// Adds the next series (index ``count``) with this UID.
    mutating func append(_ uid: String) {
        let i = next.count
        next.append(-1)
        // One hash: the entry is created as (i, i) or updated in place.
        let last = Self.replaceLast(&ends[uid, default: (i, i)], with: i)
        if last != i { next[last] = i }
    }

    private static func replaceLast(_ entry: inout (first: Int, last: Int), with i: Int) -> Int {
        let last = entry.last
        entry.last = i
        return last
    }

    var count: Int { next.count }

    /// The first series with this UID.
    func first(_ uid: String) -> Int? { ends[uid]?.first }

    /// The first series with this UID at index `start` or later.
    func first(_ uid: String, from start: Int) -> Int? {
        guard var i = ends[uid]?.first else { return nil }
        while i < start {
            i = next[i]
            if i < 0 { return nil }
        }
        return i
    }

    /// The series with this UID, in file order.
    func indices(_ uid: String) -> [Int] {
        guard var i = ends[uid]?.first else { return [] }
        var out = [i]
        while next[i] >= 0 {
            i = next[i]
            out.append(i)
        }
        return out
    }
}
