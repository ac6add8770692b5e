import AlmanacCore

/// One candidate instance on its way out of a rule: its key (instant, or
/// wall-clock seconds for floating and DATE series), the wall-clock seconds
/// to show, their offset, and the unshifted wall-clock start (RECURRENCE-ID).
@usableFromInline
struct _Raw: Sendable {
    @usableFromInline var sortKey: Int64
    @usableFromInline var local: Int64
    @usableFromInline var offset: Int32
    @usableFromInline var rid: Int64

    @inlinable
    init(sortKey: Int64, local: Int64, offset: Int32, rid: Int64) {
        (self.sortKey, self.local, self.offset, self.rid) = (sortKey, local, offset, rid)
    }
}

/// Expands one rule from one DTSTART, lazily, in order, each instant once.
///
/// A *frame* is one unit of the rule's FREQ (a year, month, week, day, hour,
/// minute or second) that INTERVAL steps over and BYSETPOS picks within
/// (README, "Limits"). Each way of walking frames is its own type with its
/// own state, and this one only dispatches to the one the plan needs:
///
/// - ``DayIterator``: day-based frequencies (DAILY and coarser) walk frames
///   in civil time: a frame's candidate days are a `_DaySet`, its times the
///   plan's sorted times, BYSETPOS indexes the product days x times without
///   building it.
/// - ``SubDailyIterator``: sub-daily frequencies step in elapsed time from
///   DTSTART and filter on the wall-clock fields of each instant (README,
///   "RFC choices", 3).
/// - ``_PlainIterator``: plain rules (DAILY, WEEKLY with or without BYDAY,
///   HOURLY, MINUTELY, SECONDLY, no other BY part) step by a constant
///   (PlainStepper.swift); when it takes a rule, the other two are not made.
///
/// The general modes live in boxes (one allocation when the iterator is
/// made), stepped in place and copied only when a copy of the iterator
/// shares them (copy on write): inline, they made the iterator 1.5 KB, and
/// a calendar query, which opens a thousand iterators, spent a fifth of its
/// time copying them while they were built and moved into place. The plain
/// mode is inline and not an optional (an inert stepper when unused): the
/// set merger's express lane inlines its usual step into the caller, where
/// an optional's tag test is an outlined call per step (callgrind: 9
/// instructions each).
@usableFromInline
struct _RuleIterator {
    /// Which of the three iterators below is in use.
    @usableFromInline let mode: Mode
    @usableFromInline var plain: _PlainIterator
    var dayBox: Box<DayIterator>?
    var subDailyBox: Box<SubDailyIterator>?
    /// The boxes' values, stepped through these (through the box itself,
    /// Swift retained and released it around every step).
    var day: UnsafeMutablePointer<DayIterator>?
    var subDay: UnsafeMutablePointer<SubDailyIterator>?

    @usableFromInline enum Mode { case plain, dayBased, subDaily }

    /// An iterator that produces nothing: the set merger's single slot when
    /// the set is not one rule alone. `cursor` is any cursor (it is not used).
    init(inert cursor: _ZoneCursor) {
        mode = .plain
        plain = _PlainIterator(stepper: _PlainStepper(), cursor: cursor)
    }

    /// - Parameters:
    ///   - seekKey: the start of a window: when the rule has no COUNT, the
    ///     walk starts at the first frame that can reach it.
    ///   - endKey: no instance at or after this key is wanted.
    init(plan: _RulePlan, includesStart: Bool, seekKey: Int64?, endKey: Int64?) {
        var cursor = _ZoneCursor(plan.zone)
        let bounds = RuleBounds(plan: plan, includesStart: includesStart, seekKey: seekKey, endKey: endKey, cursor: &cursor)
        let stepper = _PlainStepper(plan: plan, cursor: &cursor, weekDays: nil, includesStart: includesStart, seekKey: seekKey,
                                    startKey: bounds.startKey, lastDay: bounds.lastDay, lastInstant: bounds.lastInstant)
        plain = _PlainIterator(stepper: stepper, cursor: cursor)
        if stepper.active {
            mode = .plain
        } else if plan.frequency >= .daily {
            mode = .dayBased
            let box = Box(DayIterator(plan: plan, bounds: bounds, cursor: cursor, seekKey: seekKey))
            (dayBox, day) = (box, box.pointer)
        } else {
            mode = .subDaily
            let box = Box(SubDailyIterator(plan: plan, bounds: bounds, cursor: cursor, seekKey: seekKey))
            (subDailyBox, subDay) = (box, box.pointer)
        }
    }

    /// The next instance, or `nil` when the rule is done.
    @inline(__always)
    mutating func next() -> _Raw? {
        switch mode {
        case .plain: return plain.next()
        case .dayBased:
            if !isKnownUniquelyReferenced(&dayBox) {
                let box = Box(day.unsafelyUnwrapped.pointee)
                (dayBox, day) = (box, box.pointer)
            }
            return day.unsafelyUnwrapped.pointee.next()
        case .subDaily:
            if !isKnownUniquelyReferenced(&subDailyBox) {
                let box = Box(subDay.unsafelyUnwrapped.pointee)
                (subDailyBox, subDay) = (box, box.pointer)
            }
            return subDay.unsafelyUnwrapped.pointee.next()
        }
    }

    /// Frames, steps, days and years visited: the expander's cost in units
    /// that do not depend on the machine (tests bound it).
    var workDone: Int { dayBox?.value.workDone ?? subDailyBox?.value.workDone ?? plain.stepper.work }

    /// 10000-01-01T00:00:00 in wall-clock seconds: nothing starts at or after it.
    // Literals, not lets computed from the calendar's bounds: the usual
    // step is inlined into callers in other modules, where a global `let`
    // is read through a function call (callgrind: 10 instructions each).
    @inlinable static var endOfTime: Int64 { 253_402_300_800 }
    /// 0001-01-01T00:00:00 in wall-clock seconds: nothing is shown before it.
    @inlinable static var startOfTime: Int64 { -62_135_596_800 }
    /// The day numbers of 0001-01-01 and 9999-12-31 (`_minDayNumber`, `_maxDayNumber`).
    @inlinable static var firstDay: Int { -719_162 }
    @inlinable static var lastDayOfTime: Int { 2_932_896 }
}

/// A value on the heap, stepped in place through ``pointer``, which stays
/// valid while the box lives: only the iterator that holds the box reaches
/// it, after making it unique (copy on write).
final class Box<Value> {
    let pointer: UnsafeMutablePointer<Value>

    init(_ value: Value) {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: value)
    }

    var value: Value { pointer.pointee }

    deinit {
        pointer.deinitialize(count: 1)
        pointer.deallocate()
    }
}

/// Where a rule's walk starts and ends, worked out once for either mode:
/// DTSTART's key, whether DTSTART is still to be produced, the last day and
/// instant that can matter (UNTIL, the window's end, year 9999), and the key
/// before which COUNT rules count instead of producing (SubDailyTables+CountAhead.swift).
struct RuleBounds {
    let startKey: Int64
    let injectsStart: Bool
    let startPending: Bool
    /// No frame starting after this day can matter.
    let lastDay: Int
    let lastInstant: Int64
    let countBefore: Int64?

    init(plan: _RulePlan, includesStart: Bool, seekKey: Int64?, endKey: Int64?, cursor: inout _ZoneCursor) {
        injectsStart = includesStart
        let startKey = cursor.resolve(local: plan.startLocal).utc
        self.startKey = startKey
        let endOfTime = _RuleIterator.endOfTime
        var bound = endOfTime
        if let u = plan.untilKey { bound = min(bound, u) }
        if let e = endKey { bound = min(bound, e) }
        bound = max(bound, Int64(_minDayNumber - 2) * 86_400)   // windows may start or end anywhere in Int64
        let boundLocal = bound < endOfTime ? bound + cursor.offset(utc: bound) : bound
        lastDay = min(_maxDayNumber, floorDiv(Int(boundLocal), 86_400) + 2)
        lastInstant = min(bound, endOfTime + 2 * 86_400)
        // Seeking past DTSTART drops it; with COUNT there is no seeking, and
        // DTSTART must still be counted (the merger filters the window).
        var seeksPastStart = false
        if let s = seekKey, s > startKey { seeksPastStart = true }
        startPending = includesStart && !(plan.count == nil && seeksPastStart)
        countBefore = plan.count != nil && seeksPastStart ? seekKey : nil
    }

    /// DTSTART as a candidate, and whether a DST gap moved it.
    static func start(_ plan: _RulePlan, cursor: inout _ZoneCursor) -> (_Raw, Bool) {
        let r = cursor.resolve(local: plan.startLocal)
        return (_Raw(sortKey: r.utc, local: r.utc + Int64(r.offset), offset: r.offset, rid: plan.startLocal), r.inGap)
    }
}

/// UNTIL and COUNT, and the last key produced: what both modes check before
/// an instance leaves.
struct RuleProgress {
    let untilKey: Int64?
    /// COUNT, or `Int.max`.
    let countLimit: Int
    var emitted = 0
    var lastKey = Int64.min
    var finished = false

    /// UNTIL bounds the rule, not DTSTART: when DTSTART is always an
    /// instance (RFC 5545 sections 3.3.10 and 3.8.5.3), an UNTIL before it
    /// still lets it through, and nothing after it.
    init(plan: _RulePlan, bounds: RuleBounds) {
        untilKey = plan.untilKey.map { bounds.injectsStart ? max($0, bounds.startKey) : $0 }
        countLimit = plan.count ?? Int.max
    }

    /// UNTIL and COUNT, then the instance.
    @inline(__always)
    mutating func emit(_ out: _Raw) -> _Raw? {
        if let u = untilKey, out.sortKey > u { finished = true; return nil }
        lastKey = out.sortKey
        emitted += 1
        if emitted >= countLimit { finished = true }
        return out
    }
}

@inline(__always)
func floorDiv(_ a: Int64, _ b: Int64) -> Int64 { Int64(floorDiv(Int(a), Int(b))) }
