import AlmanacCore

extension _PlainStepper {
    /// The usual step, small enough to inline into the caller: for a
    /// day-based rule the next day of this period or of the next one (after
    /// a period that had an instance), its wall clock in the cursor's span
    /// (no gap, no fold), nothing waiting (`idle`), after DTSTART; for a
    /// sub-daily rule the next elapsed step inside the cursor's span. `nil`
    /// when any other case applies (``next(_:_:)`` then goes the slow way,
    /// from the same state) or when UNTIL or COUNT ended the rule.
    @inlinable @inline(__always)
    mutating func quickStep(_ cursor: inout _ZoneCursor, idle: Bool) -> _Raw? {
        if finished || startPending { return nil }
        if !dayBased {
            if firstPending || periodsDone { return nil }
            let (c, overflow) = instant.addingReportingOverflow(step)
            guard !overflow, c <= lastInstant, c >= cursor.utcLow, c < cursor.utcHigh else { return nil }
            let o = cursor.utcOffset
            guard c &+ o < _RuleIterator.endOfTime, c &+ o >= _RuleIterator.startOfTime, c > lastKey else { return nil }
            work &+= 1
            instant = c
            return emit(_Raw(sortKey: c, local: c &+ o, offset: Int32(truncatingIfNeeded: o), rid: c &+ o))
        }
        guard idle && !periodsDone && !candidatesDone else { return nil }
        var i = dayIndex, start = periodStart
        let rolls = i == periodDayCount
        if rolls {
            let (steps, overflow) = (k &+ 1).multipliedReportingOverflow(by: interval)
            guard periodHadCandidate, !overflow, steps <= 4_000_000 else { return nil }
            start = firstPeriodStart &+ Int(daysPerStep) &* steps
            guard start <= lastDay else { return nil }
            i = 0
        }
        let day = start &+ Int(truncatingIfNeeded: (periodDays >> UInt64(8 &* i)) & 0xFF)
        let local = Int64(day) &* 86_400 &+ second
        guard day <= _RuleIterator.lastDayOfTime && day >= _RuleIterator.firstDay && local > startLocal
            && local >= cursor.localLow && local < cursor.localHigh && local &- cursor.localOffset > lastKey else { return nil }
        if rolls {
            // What loadPeriod() and the end of the period do.
            k &+= 1
            work &+= 1
            emptyPeriods = 0
            periodStart = start
        }
        dayIndex = i &+ 1
        periodHadCandidate = true
        let o = cursor.localOffset
        return emit(_Raw(sortKey: local &- o, local: local, offset: Int32(truncatingIfNeeded: o), rid: local))
    }
}

/// The plain stepper with the zone cursor and the merge of gap-shifted
/// times it steps with (a time moved forward by a gap may pass the next
/// one, and leaves in order).
@usableFromInline
struct _PlainIterator {
    @usableFromInline var stepper: _PlainStepper
    @usableFromInline var cursor: _ZoneCursor
    @usableFromInline var merge = _GapMerge()

    init(stepper: _PlainStepper, cursor: _ZoneCursor) {
        self.stepper = stepper
        self.cursor = cursor
    }

    @inline(__always)
    mutating func next() -> _Raw? { stepper.next(&cursor, &merge) }

    /// ``_PlainStepper/quickStep(_:idle:)``: the usual step, inlined into the caller.
    @inlinable @inline(__always)
    mutating func quickNext() -> _Raw? { stepper.quickStep(&cursor, idle: merge.isIdle) }
}
