import AlmanacCore

/// What scanning one sub-daily frame found.
enum FrameScan {
    /// `sub` holds the frame's instances.
    case found
    /// A candidate lies past year 9999: the rule is done.
    case pastEnd
    /// No instance. `day` / `time`: the last candidate failed the day limits
    /// or the time filters; `lastLocal` / `lastInstant`: its wall clock and
    /// instant.
    case missed(day: Bool, time: Bool, lastLocal: Int64, lastInstant: Int64)
}

extension SubDailyIterator {
    /// Fills `sub` with the instances of frame `k`; skips ahead over whole
    /// days or hours that cannot match. `false` past the end.
    mutating func loadFrame() -> Bool {
        var visits = 0
        while true {
            if let s = countBefore, k > 0, !countAhead(before: s) { return false }
            // The backstop behind the exact checks (README, "Limits", rules
            // that never match): a rule that has visited this many frames in
            // a row without an instance is declared done.
            visits += 1
            work &+= 1
            if visits > _RulePlan.searchBudget { return false }
            let (ks, o1) = Int64(k).multipliedReportingOverflow(by: step)
            let (p, o2) = t0.addingReportingOverflow(ks)
            guard !o1, !o2, p <= lastInstant else { return false }
            switch scanFrame(at: p) {
            case .found:
                emptyFrames = 0
                timeMisses = 0
                return true
            case .pastEnd:
                return false
            case .missed(let failedDay, let failedTime, let lastLocal, let lastInstant):
                if failedDay { timeMisses = 0 }
                // Nothing here: skip to the frame that reaches the next day or hour.
                guard let next = frameAfterMiss(at: p, failedDay: failedDay, failedTime: failedTime,
                                                lastLocal: lastLocal, lastInstant: lastInstant) else { return false }
                emptyFrames += next - k
                if emptyFrames > plan.emptyLimit { return false }
                k = next
            }
        }
    }

    /// Fills `sub` with the instances of the frame starting at `p`.
    mutating func scanFrame(at p: Int64) -> FrameScan {
        sub.removeAll(keepingCapacity: true)
        subIndex = 0
        var lastLocal: Int64 = 0
        // Why the frame's last candidate failed: its day, or its time of day.
        var failedDay = false, failedTime = false
        var lastInstant: Int64 = 0
        for off in times {
            failedDay = false
            failedTime = false
            let c = p + Int64(off)
            let o = cursor.offset(utc: c)
            let local = c + o
            lastLocal = local
            lastInstant = c
            guard local < _RuleIterator.endOfTime else { return .pastEnd }
            let day = Int(floorDiv(Int(local), 86_400))
            if day != checkedDay {
                checkedDay = day
                // A synthetic zone's offset can show an instant after a
                // DTSTART in year 1 in year 0: out of range, like year 10000.
                checkedDayPasses = day >= _minDayNumber && day <= _maxDayNumber && plan.dayParts.passes(day, tables.dayLimits)
            }
            guard checkedDayPasses else { failedDay = true; continue }
            let sod = Int(local - Int64(day) * 86_400)
            if !plan.passesTimeFilters(secondOfDay: sod) { failedTime = true; continue }
            // BYSETPOS counts the whole frame; only then are times before
            // DTSTART dropped (RFC 5545 3.3.10), in the first frame only.
            if !hasSetPos && (c < startKey || (injectsStart && c == startKey)) { continue }
            sub.append(_Raw(sortKey: c, local: local, offset: Int32(truncatingIfNeeded: o), rid: local))
        }
        if hasSetPos && !sub.isEmpty {
            applySetPos()
            if let first = sub.first, first.sortKey <= startKey { sub.removeAll { $0.sortKey < startKey || (injectsStart && $0.sortKey == startKey) } }
        }
        if !sub.isEmpty { return .found }
        return .missed(day: failedDay, time: failedTime, lastLocal: lastLocal, lastInstant: lastInstant)
    }

    /// The next frame to scan after frame `k` (starting at `p`) held nothing:
    /// the one that reaches the next day or time of day the filters pass,
    /// never past the zone's next transition. `nil` when none will.
    mutating func frameAfterMiss(at p: Int64, failedDay: Bool, failedTime: Bool,
                                 lastLocal: Int64, lastInstant: Int64) -> Int? {
        var next = k + 1
        if !failedDay && plan.hasTimeFilters {
            // Under this span's constant offset, can any step reach a
            // wall-clock time the filters accept? If not, nothing can
            // match before the zone's next transition: go there.
            let o = cursor.offset(utc: p)
            if !tables.timeFiltersReachable(offset: o) {
                guard cursor.utcHigh != Int64.max else { return nil }
                let kt = (cursor.utcHigh - t0) / step
                if kt > Int64(next) && kt < Int64(Int.max) { next = Int(kt) }
            } else if failedTime && 86_400 % step != 0 {
                // The times of day come round only every few days: after
                // as many misses in a row as a search costs, search.
                timeMisses += 1
                if timeMisses >= 16 * times.count * tables.passingRuns().count {
                    timeMisses = 0
                    next = max(next, tables.nextFramePassingTime(after: k, offset: o, transition: cursor.utcHigh))
                }
            }
        }
        guard failedDay || failedTime else { return next }
        // The next wall-clock time the filters let through.
        let dayStart = floorDiv(lastLocal, 86_400) * 86_400
        var boundary = dayStart + 86_400
        if !failedDay, let t = plan.nextPassingTime(from: Int(lastLocal - dayStart) + 1) { boundary = dayStart + Int64(t) }
        if failedDay {
            // The next day the day limits let through, a year at a time.
            let after = Int(floorDiv(lastLocal, 86_400)) + 1
            guard let d = tables.firstPassingDay(from: after, through: lastDay) else { return nil }
            boundary = Int64(d) * 86_400
        }
        // The first instant whose wall clock reads `boundary` or later
        // (in a gap, the instant the gap's clock reading would have had).
        let r = cursor.resolve(local: boundary)
        var target = r.inGap ? boundary - Int64(r.offset) : r.utc
        // Not past the zone's next transition: an overlap repeats
        // wall-clock times the filters may let through.
        _ = cursor.offset(utc: lastInstant)
        target = min(target, cursor.utcHigh)
        if target > t0 {
            let kt = (target - t0) / step
            if kt > Int64(next) && kt < Int64(Int.max) { next = Int(kt) }
        }
        return next
    }

    /// BYSETPOS over the frame's instances, compacting `sub` in place.
    mutating func applySetPos() {
        let total = sub.count
        selected.removeAll(keepingCapacity: true)
        for p in plan.setPos {
            if let i = _RulePlan.setPosIndex(p, among: total) { selected.append(i) }
        }
        selected.sort()
        var w = 0, last = -1
        for i in selected where i != last {
            sub[w] = sub[i]
            w += 1
            last = i
        }
        sub.removeLast(total - w)
    }
}
