import AlmanacCore

/// Merges the instances of a recurrence set: DTSTART, each RRULE and the
/// RDATEs, in order and once each, less the EXDATEs and EXRULE instances,
/// inside an optional window. Sources are sorted streams, so each step is a
/// comparison of heads; nothing is allocated per instance.
@usableFromInline
struct _SetMerger {
    @usableFromInline let kind: Anchor.Kind
    /// A plain rule alone, with no window and no nominal days (the usual
    /// query of a series): the usual step of its stepper (``only``'s plain
    /// mode) is inlined into the caller's loop (``next()``).
    @usableFromInline let express: Bool
    let zone: Zone
    var rules: [_RuleIterator]
    /// The rule when it is the set's only source (``single``): held outside
    /// `rules`, so a step needs no uniqueness check of an array, and the
    /// array is never allocated. An inert iterator otherwise, not an
    /// optional, so that the express lane tests no tag.
    @usableFromInline var only: _RuleIterator
    var heads: [_Raw?]
    var dates: [_Raw]            // RDATEs (and DTSTART when there is no rule), sorted
    var dateIndex = 0
    var excludedKeys: [Int64]    // EXDATE instants (or DATE keys in a DATE series), sorted
    var excludedIndex = 0
    var excludedDays: [Int]      // DATE EXDATEs in a timed series: whole local days, sorted
    var excludedDayIndex = 0
    var exclusions: [_RuleIterator]
    var exclusionHeads: [_Raw?]
    var lastKey = Int64.min
    let windowStart: Int64?
    let windowEnd: Int64?
    /// The window's exact test, when its bounds are wider than it (`nil`: none).
    let window: KeyWindow?
    /// Tells the repeat of a wall-clock time (fall-back) in a zoned series.
    @usableFromInline var ridCursor: _ZoneCursor
    /// Whether an instance can be the later of two instants that show one
    /// wall-clock time: in a zoned series, from a sub-daily rule (elapsed
    /// steps) or an RDATE. A day-based rule reads each wall-clock time it
    /// makes with RFC 5545 section 3.3.5's earlier instant, so never.
    @usableFromInline let checksRepeats: Bool
    var done = false

    /// The expander's work so far, over every rule (``_RuleIterator/workDone``).
    var work: Int { (rules + exclusions).reduce(single ? only.workDone : 0) { $0 &+ $1.workDone } }

    init(set: borrowing RecurrenceSet, window: KeyWindow?, plans: [_RulePlan], exclusionPlans: [_RulePlan], values: SetValues? = nil) {
        kind = set.start.kind
        zone = set.start.zone ?? .utc
        let v = values ?? SetValues(set, plans: plans)
        (lengthDays, lengthSeconds) = v.length
        endCursor = _ZoneCursor(set.start.zone ?? .utc)
        ridCursor = endCursor
        windowStart = window?.lower
        windowEnd = window?.upper
        if let window, case .none = window.filter { self.window = nil } else { self.window = window }
        // DTSTART beside COUNT's instances is one of `v.dates`, not the rules' first.
        let includesStart = set.options.includesStart && !set.options.startBesideRules(plans)
        // One rule and nothing else (see `single`): the usual query.
        let alone = plans.count == 1 && v.dates.isEmpty && set.excludedDates.isEmpty && exclusionPlans.isEmpty
        let (seekKey, endKey) = (windowStart, windowEnd)
        // The iterators and their first instances are made in locals and
        // moved in: a closure that read `self` here would copy the whole
        // merger (about 1.5 KB) once per set.
        var rules: [_RuleIterator] = [], heads: [_Raw?] = []
        if alone {
            only = _RuleIterator(plan: plans[0], includesStart: includesStart, seekKey: seekKey, endKey: endKey)
        } else {
            only = _RuleIterator(inert: endCursor)
            rules.reserveCapacity(plans.count)
            heads.reserveCapacity(plans.count)
            for p in plans {
                rules.append(_RuleIterator(plan: p, includesStart: includesStart, seekKey: seekKey, endKey: endKey))
                heads.append(rules[rules.count - 1].next())
            }
        }
        var exclusions: [_RuleIterator] = [], exclusionHeads: [_Raw?] = []
        if !exclusionPlans.isEmpty {
            exclusions.reserveCapacity(exclusionPlans.count)
            exclusionHeads.reserveCapacity(exclusionPlans.count)
        }
        for p in exclusionPlans {
            exclusions.append(_RuleIterator(plan: p, includesStart: false, seekKey: seekKey, endKey: endKey))
            exclusionHeads.append(exclusions[exclusions.count - 1].next())
        }
        self.rules = rules
        self.heads = heads
        self.exclusions = exclusions
        self.exclusionHeads = exclusionHeads
        (dates, excludedKeys, excludedDays) = (v.dates, v.excludedKeys, v.excludedDays)
        single = alone
        checksRepeats = kind == .zoned && (!alone || plans[0].frequency < .daily)
        express = alone && window == nil && lengthDays == 0 && only.mode == .plain
    }

    /// A date value of the set (RDATE, EXDATE, DTSTART) as a candidate.
    static func raw(of value: Anchor, in set: RecurrenceSet) -> _Raw {
        if case .date = set.start.kind {
            // DATE series: matched and shown by date (a DATE-TIME value gives its date).
            let l = Int64(value.civil.date.daysSinceEpoch) * 86_400
            return _Raw(sortKey: l, local: l, offset: 0, rid: l)
        }
        let key = set.sortKey(of: value)
        let offset = (set.start.zone ?? .utc).offset(at: Timestamp(secondsSinceEpoch: key)).seconds
        let local = set.start.kind == .floating ? key : key + Int64(offset)
        return _Raw(sortKey: key, local: local, offset: set.start.kind == .floating ? 0 : offset, rid: local)
    }

    /// One rule and nothing else: no merging to do.
    let single: Bool
    /// Each instance's length: nominal days, then exact seconds.
    let lengthDays: Int
    @usableFromInline let lengthSeconds: Int64
    /// Resolves the wall-clock end of a nominal length.
    var endCursor: _ZoneCursor

    /// The next instance: the express lane's usual step inline, anything
    /// else through ``nextInstance()``.
    @inlinable @inline(__always)
    mutating func next() -> Occurrence? {
        if express, let raw = only.plain.quickNext() { return occurrence(express: raw, isRepeat: false) }
        return nextInstance()
    }

    /// A plain rule's instance (no window, no nominal days). The quick
    /// step's instances are never repeats (``_PlainStepper/quickStep(_:idle:)``).
    @inlinable @inline(__always)
    mutating func occurrence(express raw: _Raw, isRepeat: Bool) -> Occurrence {
        Occurrence(sortKey: raw.sortKey, endSortKey: max(raw.sortKey &+ lengthSeconds, raw.sortKey), local: raw.local, ridLocal: raw.rid,
                   offsetSeconds: kind == .zoned ? raw.offset : 0, isRepeat: isRepeat, kind: kind)
    }

    @usableFromInline
    mutating func nextInstance() -> Occurrence? {
        if express {
            guard let raw = only.plain.next() else { return nil }
            let repeats = checksRepeats && raw.rid == raw.local && ridCursor.resolve(local: raw.local).utc != raw.sortKey
            return occurrence(express: raw, isRepeat: repeats)
        }
        if single {
            // In place: no copy of the iterator per call.
            while let raw = only.next() {
                if let e = windowEnd, raw.sortKey >= e { return nil }
                if let s = windowStart, raw.sortKey < s { continue }
                if let w = window, !w.admits(key: raw.sortKey, local: raw.local) { continue }
                return occurrence(raw)
            }
            return nil
        }
        while !done {
            // The smallest head among the rules and the dates.
            var best = -1
            var bestKey = Int64.max
            for i in heads.indices { if let h = heads[i], h.sortKey < bestKey { bestKey = h.sortKey; best = i } }
            var raw: _Raw
            if dateIndex < dates.count, dates[dateIndex].sortKey < bestKey || best < 0 {
                raw = dates[dateIndex]
                dateIndex += 1
            } else if best >= 0 {
                raw = heads[best]!
                heads[best] = rules[best].next()
            } else {
                done = true
                return nil
            }
            if raw.sortKey <= lastKey { continue }
            lastKey = raw.sortKey
            if let e = windowEnd, raw.sortKey >= e { done = true; return nil }
            if let s = windowStart, raw.sortKey < s { continue }
            if let w = window, !w.admits(key: raw.sortKey, local: raw.local) { continue }
            if isExcluded(raw) { continue }
            return occurrence(raw)
        }
        return nil
    }

    @inline(__always)
    mutating func occurrence(_ raw: _Raw) -> Occurrence {
        var end = raw.sortKey &+ lengthSeconds
        if lengthDays != 0 {
            // A nominal day keeps the wall-clock time (RFC 5545 section 3.3.6).
            let local = raw.local &+ Int64(lengthDays) &* 86_400
            end = (kind == .date || kind == .floating ? local : endCursor.resolve(local: local).utc) &+ lengthSeconds
        }
        // The later of two instants that show the same wall-clock time (a
        // fall-back night) is the repeat: the wall clock resolves to the other.
        let repeats = checksRepeats && raw.rid == raw.local && ridCursor.resolve(local: raw.local).utc != raw.sortKey
        return Occurrence(sortKey: raw.sortKey, endSortKey: max(end, raw.sortKey), local: raw.local, ridLocal: raw.rid,
                          offsetSeconds: kind == .zoned ? raw.offset : 0, isRepeat: repeats, kind: kind)
    }

    /// EXDATE and EXRULE. Keys arrive in increasing order, so each list is
    /// walked once.
    mutating func isExcluded(_ raw: _Raw) -> Bool {
        while excludedIndex < excludedKeys.count && excludedKeys[excludedIndex] < raw.sortKey { excludedIndex += 1 }
        if excludedIndex < excludedKeys.count && excludedKeys[excludedIndex] == raw.sortKey { return true }
        if !excludedDays.isEmpty {
            let day = floorDiv(Int(raw.local), 86_400)
            while excludedDayIndex < excludedDays.count && excludedDays[excludedDayIndex] < day { excludedDayIndex += 1 }
            if excludedDayIndex < excludedDays.count && excludedDays[excludedDayIndex] == day { return true }
        }
        for i in exclusionHeads.indices {
            while let h = exclusionHeads[i], h.sortKey < raw.sortKey { exclusionHeads[i] = exclusions[i].next() }
            if let h = exclusionHeads[i], h.sortKey == raw.sortKey { return true }
        }
        return false
    }
}

/// What a merger reads from the set that no window changes: the RDATEs (and
/// DTSTART when there is no rule, or when it stands beside COUNT's
/// instances: ``ExpansionOptions/countsStart``) as raw keys, and the EXDATE
/// keys, sorted.
/// ``RecurrenceSet/Occurrences`` works them out once for all its iterators.
struct SetValues: Sendable {
    let dates: [_Raw]
    let excludedKeys: [Int64]
    let excludedDays: [Int]
    /// Each instance's length (``RecurrenceSet/nominalLength``).
    let length: (days: Int, seconds: Int64)

    init(_ set: borrowing RecurrenceSet, plans: [_RulePlan]) {
        length = set.nominalLength
        var extra = set.dates.map { _SetMerger.raw(of: $0, in: set) }
        if (plans.isEmpty && set.options.includesStart) || set.options.startBesideRules(plans) {
            extra.append(_SetMerger.raw(of: set.start, in: set))
        }
        extra.sort { $0.sortKey < $1.sortKey }
        dates = extra
        var keys: [Int64] = [], wholeDays: [Int] = []
        for x in set.excludedDates {
            if case .date(let d) = x, set.start.kind != .date { wholeDays.append(d.daysSinceEpoch) }
            else { keys.append(_SetMerger.raw(of: x, in: set).sortKey) }
        }
        excludedKeys = keys.sorted()
        excludedDays = wholeDays.sorted()
    }
}
