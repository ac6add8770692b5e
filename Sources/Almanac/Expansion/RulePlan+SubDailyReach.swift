import AlmanacCore

extension _RulePlan {
    /// Consecutive empty sub-daily frames visited before a rule is declared
    /// done: the backstop behind the exact checks (README, "Limits").
    static let searchBudget = 20_000_000

    /// Whether a sub-daily rule can never produce an instance after DTSTART
    /// because its BYSETPOS values lie past the instances a frame can hold,
    /// its BYHOUR / BYMINUTE / BYSECOND parts have no usable value
    /// (`BYSECOND=60`), or their values are unreachable by its
    /// step (e.g. `FREQ=SECONDLY;INTERVAL=2;BYSECOND=1` from an even second).
    ///
    /// Instances are `t0 + k * step + off`; their wall-clock second of the day
    /// modulo `m` takes exactly the values `x + j * gcd(step, m)` when every
    /// offset of the zone is congruent modulo `m` (one offset: m = 86400; the
    /// same minutes past the hour: 3600; whole minutes: 60).
    func subDailyNeverMatches(startKey: Int64, step: Int64) -> Bool {
        // A frame holds at most one instance per entry of `times`, so a
        // BYSETPOS past that count selects nothing, ever (FREQ=SECONDLY;BYSETPOS=2).
        if !setPos.isEmpty, !setPos.contains(where: { $0.magnitude <= times.count }) { return true }
        // No time a frame can hold (MINUTELY;BYSECOND=60), or a time part none of whose values can match.
        if times.isEmpty || unmatchableTime { return true }
        guard hasTimeFilters else { return false }
        // Only the offsets in force from DTSTART on matter.
        let table = zone.table
        let offsets = table.offsets[table.spanIndex(table.fold(startKey).0)...].map(Int64.init)
        func uniform(_ m: Int64) -> Bool { offsets.allSatisfy { ($0 - offsets[0]) % m == 0 } }
        let m: Int64 = uniform(86_400) ? 86_400 : uniform(3600) ? 3600 : uniform(60) ? 60 : 0
        guard m > 0 else { return false }
        return !timeFiltersReachable(t0: startKey - Int64(startSecond) % unit, step: step, offset: offsets[0], modulo: m)
    }

    /// Day-based rules: whether BYSETPOS lies past every candidate a frame
    /// can hold (at most 1, 7, 31 or 369 days, times the times of a day), so
    /// that it never selects (`FREQ=DAILY;BYDAY=MO;BYSETPOS=2`).
    var setPosOutOfReach: Bool {
        guard !setPos.isEmpty else { return false }
        let days: Int
        switch frequency {
        case .daily: days = 1
        case .weekly: days = 7
        case .monthly: days = 31 + 1   // SKIP=FORWARD may add the 1st of the next month
        default: days = 366 + 2 * DayParts.weekYearSpill
        }
        let most = days * times.count
        return !setPos.contains { $0.magnitude <= most }
    }

    /// BYHOUR, BYMINUTE or BYSECOND filter the wall clock (sub-daily rules).
    var hasTimeFilters: Bool { hourMask != 0 || minuteMask != 0 || secondMask != 0 }

    /// Whether some instance `t0 + k * step + off` shows a wall-clock time
    /// that passes the time filters, while the offset is `offset` (taken
    /// modulo `m`, see ``subDailyNeverMatches(startKey:step:)``).
    ///
    /// - Complexity: O(m / gcd(step, m) x times), at most 86400 x times.
    func timeFiltersReachable(t0: Int64, step: Int64, offset: Int64, modulo m: Int64) -> Bool {
        let g = Int64(_gcd(Int(step % m == 0 ? m : step % m), Int(m)))
        let base = floorMod(Int(t0 + offset), Int(m))
        for off in times {
            var x = Int64(floorMod(base + Int(off), Int(g)))
            while x < m {
                if reachable(secondOfDay: x, modulo: m) { return true }
                x += g
            }
        }
        return false
    }

    private func reachable(secondOfDay x: Int64, modulo m: Int64) -> Bool {
        let s = Int(x)
        if m == 86_400, hourMask != 0, hourMask & (1 << UInt32(s / 3600)) == 0 { return false }
        if m >= 3600, frequency <= .minutely, minuteMask != 0, minuteMask & (1 << UInt64((s / 60) % 60)) == 0 { return false }
        if frequency == .secondly, secondMask != 0, secondMask & (1 << UInt64(s % 60)) == 0 { return false }
        return true
    }

    /// The first second of the day at or after `second` (0...86400) whose
    /// wall clock passes the time filters of a sub-daily rule, or `nil`.
    func nextPassingTime(from second: Int) -> Int? {
        let hours = hourMask == 0 ? UInt64(0xFF_FFFF) : UInt64(hourMask)
        let minutes = frequency <= .minutely && minuteMask != 0 ? minuteMask : (1 << 60) - 1
        let seconds = frequency == .secondly && secondMask != 0 ? secondMask : (1 << 60) - 1
        func next(_ mask: UInt64, from i: Int) -> Int? {
            guard i < 64 else { return nil }
            let rest = mask >> UInt64(i)
            return rest == 0 ? nil : i + rest.trailingZeroBitCount
        }
        var h = second / 3600, m = (second / 60) % 60, s = second % 60
        while h < 24 {
            guard let hh = next(hours, from: h), hh < 24 else { return nil }
            if hh != h { (h, m, s) = (hh, 0, 0) }
            if let mm = next(minutes, from: m), mm < 60 {
                if mm != m { (m, s) = (mm, 0) }
                if let ss = next(seconds, from: s), ss < 60 { return h * 3600 + m * 60 + ss }
                (m, s) = (m + 1, 0)
                if m < 60 { continue }
            }
            (h, m, s) = (h + 1, 0, 0)
        }
        return nil
    }
}
