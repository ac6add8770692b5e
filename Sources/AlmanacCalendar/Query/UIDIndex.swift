import Almanac

/// The series of each UID, in file order: the first and last of each UID
/// in an open-addressing table, the others chained through ``next``
/// (several VEVENTs may share a UID, but most UIDs have one series: one
/// hash per series and no array per UID).
///
/// Compact, for calendars of many small events: a slot is two 32-bit
/// series indices and the UIDs are the events' own strings (no copy), so
/// 200,000 series take about 8 MB, where a `[String: (Int, Int)]` took 17.
/// Each UID's hash is kept (32 bits of the seeded `Hasher`, which a file
/// cannot make collide on purpose), so growing rehashes no string and a
/// probe compares strings only when their hashes agree.
struct UIDIndex: Sendable {
    /// Each series' UID, in series order.
    private var uids: [String] = []
    /// Each series' UID's hash.
    private var hashes: [UInt32] = []
    /// For each series, the next with the same UID (`-1`: none).
    private var next: [Int32] = []
    /// Per slot, the first series of a UID (`-1`: an empty slot) and its
    /// last; a power of two of slots, at most three quarters used.
    private var firsts: [Int32] = [], lasts: [Int32] = []
    /// The number of distinct UIDs.
    private var used = 0

    init(capacity: Int = 0) {
        uids.reserveCapacity(capacity)
        hashes.reserveCapacity(capacity)
        next.reserveCapacity(capacity)
        resize(to: Self.slots(for: capacity))
    }

    init(_ events: [CalendarEvent]) {
        self.init(capacity: events.count)
        for e in events { append(e.id) }
    }

    /// The number of slots that holds `n` UIDs at most three quarters full.
    private static func slots(for n: Int) -> Int {
        var s = 16
        while s / 4 * 3 < n { s *= 2 }
        return s
    }

    @inline(__always)
    private static func hash(_ uid: String) -> UInt32 { UInt32(truncatingIfNeeded: uid.hashValue) }

    /// The slot of `uid`, whose hash is `h`: the one that holds it, or the
    /// empty one where it goes.
    @inline(__always)
    private func slot(_ uid: String, _ h: UInt32) -> Int {
        let mask = firsts.count - 1
        var i = Int(h) & mask
        while true {
            let f = firsts[i]
            if f < 0 || (hashes[Int(f)] == h && uids[Int(f)] == uid) { return i }
            i = (i + 1) & mask
        }
    }

    private mutating func resize(to n: Int) {
        let (oldFirsts, oldLasts) = (firsts, lasts)
        firsts = [Int32](repeating: -1, count: n)
        lasts = [Int32](repeating: -1, count: n)
        let mask = n - 1
        for k in oldFirsts.indices where oldFirsts[k] >= 0 {
            // Distinct UIDs: the first empty slot from the hash's.
            var i = Int(hashes[Int(oldFirsts[k])]) & mask
            while firsts[i] >= 0 { i = (i + 1) & mask }
            (firsts[i], lasts[i]) = (oldFirsts[k], oldLasts[k])
        }
    }

    /// Adds the next series (index ``count``) with this UID.
    mutating func append(_ uid: String) {
        let n = Int32(next.count)
        if used + 1 > firsts.count / 4 * 3 { resize(to: firsts.count * 2) }
        let h = Self.hash(uid)
        uids.append(uid)
        hashes.append(h)
        next.append(-1)
        let i = slot(uid, h)
        if firsts[i] < 0 {
            (firsts[i], lasts[i]) = (n, n)
            used += 1
        } else {
            next[Int(lasts[i])] = n
            lasts[i] = n
        }
    }

    var count: Int { next.count }

    /// The first series with this UID.
    func first(_ uid: String) -> Int? {
        let f = firsts[slot(uid, Self.hash(uid))]
        return f < 0 ? nil : Int(f)
    }

    /// The first series with this UID at index `start` or later.
    func first(_ uid: String, from start: Int) -> Int? {
        guard var i = first(uid) else { return nil }
        while i < start {
            i = Int(next[i])
            if i < 0 { return nil }
        }
        return i
    }

    /// The series with this UID, in file order.
    func indices(_ uid: String) -> [Int] {
        guard var i = first(uid) else { return [] }
        var out = [i]
        while next[i] >= 0 {
            i = Int(next[i])
            out.append(i)
        }
        return out
    }
}
