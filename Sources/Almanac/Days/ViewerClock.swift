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
struct ViewerClock: Sendable {
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
        var d = floorDiv(Int(t + o), 86_400)
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
    /// looks only at those (``ZoneTable/dayJumps``) that lie in `[from, to)`,
    /// and at their repeats when the table folds by 400-year cycles.
    ///
    /// - Complexity: O(j × c) for the zone's j day jumps and the c cycles
    ///   `[from, to)` spans; nothing for a zone without one (walking every
    ///   transition of an instance 2,000 years long took 0.45 s: a finding
    ///   of fuzz-ics).
    func emptyDays(between low: Int, and high: Int, from: Int64, to: Int64) -> [Int] {
        let table = zone.table
        guard high - low >= 2, !table.dayJumps.isEmpty else { return [] }
        var out: [Int] = []
        func look(_ at: Int64, _ j: Int) {
            guard at >= from && at < to else { return }
            let before = Int64(table.offsets[j]), after = Int64(table.offsets[j + 1])
            // Local times [at + before, at + after) never happen; a date
            // inside that range whose start equals the next date's start is empty.
            var d = floorDiv(Int(at + before + 86_399), 86_400)
            while Int64(d + 1) * 86_400 <= at + after {
                if d > low && d < high && startOfDay(d) == startOfDay(d + 1) { out.append(d) }
                d += 1
            }
        }
        for j in table.dayJumps {
            let t = table.transitions[j]
            look(t, j)
            // A jump in the table's last cycle comes back every cycle after it.
            // (Instants stop at year 9999; `to` is read no further than 10001.)
            let end = min(to, Int64(daysFromCivil(10001, 1, 1)) * 86_400)
            guard table.repeats, t >= ZoneTable.tableEnd - ZoneTable.cycle, end > t else { continue }
            var k = from > t ? max(1, (from - t) / ZoneTable.cycle) : 1
            while t + k * ZoneTable.cycle < end {
                look(t + k * ZoneTable.cycle, j)
                k += 1
            }
        }
        out.sort()
        return out
    }
}
