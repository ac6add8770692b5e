import AlmanacCore

/// A viewer zone's days as instants: where each local date starts, which date
/// an instant belongs to, and which dates never happened. Not API; the day
/// slicer and the set-level slice sequence use it.
///
/// Days partition the time line: local date `d` is `[startOfDay(d),
/// startOfDay(d + 1))`, with ``Zone/startOfDay(_:)``'s rule (the first
/// instant of the date, which is the gap's transition when midnight falls in
/// a gap). A date is *empty* when no instant shows it: Pacific/Apia skipped
/// 2011-12-30, Pacific/Kwajalein 1993-08-21.
struct _ViewerClock: Sendable {
    let zone: Zone

    init(_ zone: Zone) { self.zone = zone }

    /// The first instant of day number `day` (days since 1970-01-01).
    ///
    /// - Complexity: O(log n) in the zone's transitions.
    func startOfDay(_ day: Int) -> Int64 {
        let l = Int64(day) * 86_400
        switch zone.table.resolve(localSeconds: l) {
        case .unique(let o), .overlap(let o, _):
            return l - Int64(o.seconds)
        case .gap:
            return zone.table.gapTransition(localSeconds: l)
        }
    }

    /// The day number whose `[startOfDay, startOfDay of the next day)` holds
    /// instant `t`. Usually the date a clock shows at `t`; after a fall-back
    /// across midnight the clock can show the previous date while `t` already
    /// belongs to the next day.
    ///
    /// - Complexity: O(log n): one table search when the date's midnight and
    ///   the next lie in the span of constant offset that holds `t` (nearly
    ///   always), three or four near a transition.
    func day(of t: Int64) -> Int {
        let table = zone.table
        let (folded, shift) = table.fold(t)
        let i = table.spanIndex(folded)
        let o = Int64(table.offsets[i])
        var d = _floorDiv(Int(t + o), 86_400)
        // Both midnights in t's span `[lo, hi)`: then `startOfDay(d) <= first
        // <= t` (a fold at `lo` can only make the first instant of the
        // date earlier) and `startOfDay(d + 1) == next > t` (a fold at `hi`
        // repeats it later, a gap at `hi` starts at `hi`): the day is `d`.
        let first = Int64(d) * 86_400 - o, next = first + 86_400
        let afterStart = i == 0 || first >= table.transitions[i - 1] + shift
        let beforeEnd = i == table.transitions.count ? !table.repeats : next <= table.transitions[i] + shift
        if afterStart && beforeEnd { return d }
        while startOfDay(d) > t { d -= 1 }
        while startOfDay(d + 1) <= t { d += 1 }
        return d
    }

    /// The instant of a wall-clock time (local seconds) in this zone, with
    /// RFC 5545 section 3.3.5's rule: a time in a gap is read with the offset
    /// before the gap (moving it forward by the gap), an ambiguous time takes
    /// the earlier instant.
    ///
    /// - Complexity: O(log n).
    func instant(ofLocal l: Int64) -> Int64 { zone.table.instant(ofLocal: l) }

    /// The empty dates strictly between day numbers `low` and `high` that lie
    /// in the instants `[from, to)`, in increasing order. Only a transition
    /// that moves the clock forward by a day or more can empty a date, so this
    /// walks the transitions in `[from, to)` and looks closer only at those.
    ///
    /// - Complexity: O(k log n) for the k transitions in `[from, to)`; nothing
    ///   when `high - low < 2`.
    func emptyDays(between low: Int, and high: Int, from: Int64, to: Int64) -> [Int] {
        guard high - low >= 2 else { return [] }
        var out: [Int] = []
        var t = from
        while let next = zone.nextTransition(after: t), next < to {
            let before = Int64(zone.table.offset(at: next - 1)), after = Int64(zone.table.offset(at: next))
            if after - before >= 86_400 {
                // Local times [next + before, next + after) never happen; a
                // date inside that range whose start equals the next date's
                // start is empty.
                var d = _floorDiv(Int(next + before + 86_399), 86_400)
                while Int64(d + 1) * 86_400 <= next + after {
                    if d > low && d < high && startOfDay(d) == startOfDay(d + 1) { out.append(d) }
                    d += 1
                }
            }
            t = next
        }
        return out
    }
}
