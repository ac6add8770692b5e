import AlmanacCore

extension _PlainStepper {
    /// The usual step, small enough to inline into the caller: for a
    /// day-based rule the next day of this period or of the next one (after
    /// a period that had an instance), its wall clock in the cursor's span
    /// (no gap, no fold), nothing waiting (`idle`), after DTSTART; for a
    /// sub-daily rule the next elapsed step below ``quickEnd``: inside the
    /// cursor's span, showing a wall-clock time no other instant shows (so
    /// never a repeat: the merger need not check), before UNTIL, COUNT's
    /// last instance, the window's end and year 10000. `nil` when any other
    /// case applies (``next(_:_:)`` then goes the slow way, from the same
    /// state) or when UNTIL or COUNT ended the rule.
    @inlinable @inline(__always)
    mutating func quickStep(_ cursor: inout _ZoneCursor, idle: Bool) -> _Raw? {
        if !dayBased {
            // One test: every check of the slow step holds below `quickEnd`
            // (``refreshQuick(_:)``), which is far below Int64's ends.
            guard quickEnd &- instant > step else { return nil }
            let c = instant &+ step
            work &+= 1
            instant = c
            lastKey = c
            emitted &+= 1
            let local = c &+ quickOffset
            return _Raw(sortKey: c, local: local, offset: Int32(truncatingIfNeeded: quickOffset), rid: local)
        }
        if months { return quickMonth(&cursor, idle: idle) }
        if finished || startPending { return nil }
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

extension _PlainStepper {
    /// No sub-daily quick step (a `quickEnd` far below any instant, so that
    /// `quickEnd - instant` neither overflows nor exceeds a step).
    @inlinable static var noQuick: Int64 { -(1 << 62) }

    /// Sets ``quickEnd`` after the slow sub-daily step produced `instant`:
    /// the steps below it need none of the slow step's tests. They stay in
    /// the cursor's span (one offset) and in its range of wall-clock times
    /// that resolve uniquely (no repeat after a fall-back transition: those
    /// leave through the slow step, which the merger checks), before UNTIL
    /// (inclusive), the last instant and year 10000, and short of COUNT's
    /// last instance (the slow step's ``emit(_:)`` ends the rule with it).
    mutating func refreshQuick(_ cursor: inout _ZoneCursor) {
        quickEnd = Self.noQuick
        guard !dayBased, !finished, !startPending, !firstPending, !periodsDone, lastKey == instant,
              instant >= cursor.utcLow, instant < cursor.utcHigh else { return }
        let o = cursor.utcOffset
        let local = instant &+ o
        guard cursor.resolve(local: local).utc == instant, local >= cursor.localLow, local < cursor.localHigh else { return }
        var end = min(cursor.utcHigh, cursor.localHigh == .max ? .max : cursor.localHigh &- o)
        end = min(end, lastInstant &+ 1, _RuleIterator.endOfTime &- o)
        if untilKey < .max { end = min(end, untilKey &+ 1) }
        if countLimit < .max {
            // Steps that leave COUNT's last instance to the slow step.
            let left = Int64(countLimit &- emitted &- 1)
            guard left > 0 else { return }
            let (span, overflow) = left.multipliedReportingOverflow(by: step)
            if !overflow, instant <= .max - span - 1 { end = min(end, instant + span + 1) }
        }
        if end > instant { quickEnd = end; quickOffset = o }
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
