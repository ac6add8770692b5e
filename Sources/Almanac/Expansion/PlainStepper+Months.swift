import AlmanacCore

// MONTHLY on the plain stepper: a Gregorian month's candidate days depend
// only on its length and the weekday of its 1st when no BYYEARDAY or
// BYWEEKNO limits them (RFC 5545 section 3.3.10's table: BYMONTH limits,
// BYMONTHDAY and BYDAY expand, BYSETPOS picks within the month), so each of
// the 28 month shapes is worked out once per query, with BYSETPOS already
// applied, as a bit mask of days. A month is then a table lookup: no day
// set is built, a month without an instance (the 30-day months of
// BYMONTHDAY=31, those BYMONTH leaves out) costs a few integer operations,
// and BYSETPOS=-1 is one bit, not a sort of the month's candidates.

extension _PlainStepper {
    /// Whether a MONTHLY plan takes the stepper: the Gregorian calendar, one
    /// time of day (BYSETPOS then indexes days), no BYYEARDAY or BYWEEKNO
    /// (whose months are not alike), no BYHOUR, BYMINUTE or BYSECOND.
    static func isPlainMonthly(_ plan: _RulePlan) -> Bool {
        !plan.scaledFrames && !plan.dayParts.hasByYearDay && !plan.hasByWeekNo
            && plan.hourMask == 0 && plan.minuteMask == 0 && plan.secondMask == 0
            && plan.times.count == 1 && !plan.unmatchableTime
    }

    /// The first month that can reach `seekKey` (two days back for offsets
    /// and gap shifts), counted in steps of INTERVAL from DTSTART's month,
    /// as the general iterator seeks.
    static func seekMonth(_ plan: _RulePlan, cursor: inout _ZoneCursor, seekKey: Int64) -> Int {
        let s = min(seekKey, _RuleIterator.endOfTime)
        let target = floorDiv(Int(s + cursor.offset(utc: s)), 86_400) - 2
        return max(0, floorDiv(plan.frameNumber(ofDay: target) - plan.frameNumber(ofDay: plan.startDay), plan.interval))
    }

    /// The usual MONTHLY step (``quickStep(_:idle:)``'s, not inlined): the
    /// month's next day, or the first day of the next month with days, its
    /// wall clock in the cursor's span (no gap, no fold), nothing waiting,
    /// after DTSTART. `nil` when any other case applies: the slow step then
    /// goes on from the same state (the months passed are passed for it too).
    @usableFromInline
    mutating func quickMonth(_ cursor: inout _ZoneCursor, idle: Bool) -> _Raw? {
        guard idle && !finished && !startPending && !periodsDone && !candidatesDone else { return nil }
        if monthDays == 0 && !endPeriod() { return nil }
        let day = periodStart &+ monthDays.trailingZeroBitCount
        let local = Int64(day) &* 86_400 &+ second
        guard day <= _RuleIterator.lastDayOfTime && day >= _RuleIterator.firstDay && local > startLocal else { return nil }
        // A month is often a transition away from the last: the cursor moves
        // here when the wall clock resolves uniquely (a gap or a fold: the slow step).
        if local < cursor.localLow || local >= cursor.localHigh {
            guard !cursor.resolveSlow(local: local).inGap, local >= cursor.localLow && local < cursor.localHigh else { return nil }
        }
        guard local &- cursor.localOffset > lastKey else { return nil }
        monthDays &= monthDays &- 1
        periodHadCandidate = true
        let o = cursor.localOffset
        return emit(_Raw(sortKey: local &- o, local: local, offset: Int32(truncatingIfNeeded: o), rid: local))
    }

    /// Loads month `k` (DTSTART's month plus `k * INTERVAL`): its first day
    /// less the SKIP=BACKWARD lead, and its days. `false` past the end,
    /// where the general iterator's frames end (year 9999, the last day).
    @inline(__always)
    mutating func loadMonth() -> Bool {
        work &+= 1
        if k == monthShapes.k &+ 1 && interval == 1 {
            // The usual case: the month after the one loaded.
            guard k <= 4_000_000 else { return false }
            monthShapes.next()
        } else {
            let (steps, overflow) = k.multipliedReportingOverflow(by: interval)
            guard !overflow, steps <= 4_000_000 else { return false }
            monthShapes.move(to: monthShapes.firstMonth &+ steps)
        }
        monthShapes.k = k
        guard monthShapes.year <= 9999 else { return false }
        periodStart = monthShapes.first &- monthShapes.lead
        guard periodStart <= lastDay else { return false }
        monthDays = monthShapes.days()
        return true
    }
}

/// The days of a MONTHLY rule's months by shape, `(length - 28) * 7 +
/// weekday of the 1st` (Monday 0): bit `i` for day `first - lead + i`,
/// BYSETPOS applied. The table is allocated on the third month a walk
/// loads (a one-week window loads one or two, and allocating would cost it
/// more than it saves). With it, the month loaded: the walk moves from one
/// month to the next by adding its length.
struct MonthShapes {
    let plan: _RulePlan?
    /// DTSTART's month as `year * 12 + month - 1`.
    let firstMonth: Int
    /// Days a month's set starts before its 1st (``DayParts/monthLead``).
    let lead: Int
    /// BYMONTH (bit `m` for month `m`; every month without it).
    let monthMask: UInt16
    var masks: [UInt64] = []
    var known: UInt32 = 0
    var direct = 0
    /// The month loaded: the walk's `k` (-2 before the first), its year and
    /// month, its 1st (a day number), length and the weekday of its 1st.
    var k = -2, year = 0, month = 0, first = 0, length = 0, weekday = 0

    init(plan: _RulePlan?) {
        self.plan = plan
        firstMonth = plan.map { $0.startYear * 12 + $0.dayParts.startMonth - 1 } ?? 0
        lead = plan?.dayParts.monthLead ?? 0
        monthMask = plan.map { $0.dayParts.hasByMonth ? $0.dayParts.monthMask : 0xFFFF } ?? 0
    }

    /// Moves to month `index` (`year * 12 + month - 1`, years from 1).
    mutating func move(to index: Int) {
        year = index / 12
        month = index % 12 + 1
        first = daysFromCivil(year, month, 1)
        length = _daysInMonth(year, month)
        weekday = isoWeekday(ofDays: first) - 1
    }

    /// Moves to the month after the one loaded.
    @inline(__always)
    mutating func next() {
        first &+= length
        weekday &+= length &- 28
        if weekday >= 7 { weekday &-= 7 }
        if month == 12 {
            (month, year, length) = (1, year &+ 1, 31)
        } else {
            month &+= 1
            length = month == 2 ? (_isLeapYear(year) ? 29 : 28) : 30 | ((month ^ (month >> 3)) & 1)
        }
    }

    /// The days of the month loaded.
    @inline(__always)
    mutating func days() -> UInt64 {
        if monthMask & (1 << UInt16(month)) == 0 { return 0 }
        let shape = (length &- 28) &* 7 &+ weekday
        if known & (1 << UInt32(shape)) != 0 { return masks[shape] }
        return worked(year, month, shape: shape)
    }

    /// A shape met for the first time: its days, kept from the third on.
    @inline(never)
    mutating func worked(_ y: Int, _ m: Int, shape: Int, keep: Bool = false) -> UInt64 {
        guard let plan else { return 0 }
        let days = Self.picked(plan.dayParts.monthDays(y, m).w0, by: plan.setPos)
        if direct < 2 && !keep { direct += 1; return days }
        if masks.isEmpty { masks = [UInt64](repeating: 0, count: 28) }
        masks[shape] = days
        known |= 1 << UInt32(shape)
        return days
    }

    /// Whether no month the rule's BYMONTH admits has a day, whatever its
    /// length and weekday (MONTHLY;BYMONTH=2;BYMONTHDAY=30): each shape
    /// met in 28 years (every weekday of every month's 1st, leap and common
    /// Februaries) is worked out once.
    mutating func noMonthHasDays() -> Bool {
        guard plan != nil else { return false }
        var y = 2000, m = 1, weekday = isoWeekday(ofDays: daysFromCivil(2000, 1, 1)) - 1
        while y < 2028 {
            let length = _daysInMonth(y, m)
            if monthMask & (1 << UInt16(m)) != 0 {
                let shape = (length - 28) * 7 + weekday
                let days = known & (1 << UInt32(shape)) != 0 ? masks[shape] : worked(y, m, shape: shape, keep: true)
                if days != 0 { return false }
            }
            weekday = (weekday + length - 28) % 7
            if m == 12 { m = 1; y += 1 } else { m += 1 }
        }
        return true
    }

    /// The days BYSETPOS picks among `days` (all of them without BYSETPOS):
    /// 1 the first, -1 the last, each day once.
    static func picked(_ days: UInt64, by setPos: [Int]) -> UInt64 {
        guard !setPos.isEmpty else { return days }
        let total = days.nonzeroBitCount
        var out: UInt64 = 0
        for p in setPos {
            guard var rank = _RulePlan.setPosIndex(p, among: total) else { continue }
            var rest = days
            while rank > 0 { rest &= rest &- 1; rank -= 1 }
            out |= rest & (0 &- rest)
        }
        return out
    }
}
