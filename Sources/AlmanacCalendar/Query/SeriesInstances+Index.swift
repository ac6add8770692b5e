import Almanac

extension SeriesInstances {
    /// Seconds per unit of the series' key (a day for DATE series).
    var unit: Int64 { kind == .date ? 86_400 : 1 }

    /// The keys of segment `s`'s instances: from the `s`-th THISANDFUTURE
    /// override's (itself excluded: the override replaces it) up to the next one's.
    func segmentKeys(_ s: Int) -> (lo: Int64?, hi: Int64?) {
        (s == 0 ? nil : ranges[s - 1].key, s < ranges.count ? ranges[s].key : nil)
    }

    /// Segment `s`'s shift in seconds (wall clock, or days times 86,400) and
    /// its longest instance in seconds.
    func segmentShift(_ s: Int) -> (shift: Int64, longest: Int64) {
        guard s > 0 else { return (0, longestOwn) }
        let (d, sec) = rangeLengths[s - 1]
        return (rangeShifts[s - 1] &* unit, Self.span(d, sec))
    }

    /// Whether `e` is a single event: DTSTART alone, no rule, date, period
    /// or override. Its one instance can be placed without expanding it.
    static func isSingle(_ e: CalendarEvent) -> Bool { e.isSingle }

    /// The index part of single event `e` (see ``isSingle(_:)``): what
    /// ``indexParts(into:)`` gives for it, without a series made.
    static func singlePart(_ e: CalendarEvent, index: Int) -> IndexPart {
        let start = e.start
        let (kind, zone) = (start.kind, start.zone ?? .utc)
        let (days, seconds) = length(e.length, start: start, zone: zone)
        let unit: Int64 = kind == .date ? 86_400 : 1, k = sortKey(start, kind: kind, zone: zone)
        let slack = CalendarIndex.slack
        return IndexPart(lo: clamp(k &* unit &- slack), hi: clamp((k &+ 1) &* unit &+ span(days, seconds) &+ slack),
                          event: Int32(index), part: -1)
    }

    /// Appends the series' parts to the index: one per segment that holds
    /// instances, one per override.
    ///
    /// - Throws: the engine's error when the series cannot be expanded.
    func indexParts(into parts: inout [IndexPart]) throws(AlmanacError) {
        let (first, last) = try keyBounds()
        let slack = CalendarIndex.slack, ev = Int32(index)
        for s in 0...ranges.count {
            var (lo, hi) = segmentKeys(s)
            lo = max(lo ?? first, first)
            if let l = last { hi = min(hi ?? Int64.max, l &+ 1) }
            if let lo, let hi, lo >= hi { continue }
            let (shift, longest) = segmentShift(s)
            let start = Self.clamp(lo! &* unit &+ shift &- slack)
            let end = hi.map { Self.clamp($0 &* unit &+ shift &+ longest &+ slack) } ?? Int64.max
            parts.append(IndexPart(lo: start, hi: end, event: ev, part: Int32(-1 - s)))
        }
        for k in active {
            let o = event.overrides[k]
            let (d, sec) = Self.length(o.length, start: o.start, zone: zone)
            let t = Self.seconds(o.start)
            parts.append(IndexPart(lo: Self.clamp(t &- slack), hi: Self.clamp(t &+ Self.span(d, sec) &+ slack),
                                    event: ev, part: Int32(k)))
        }
    }

    /// The first and last keys the series' own instances can have (`nil`:
    /// unbounded). EXDATE and EXRULE only remove, so they are not read.
    func keyBounds() throws(AlmanacError) -> (first: Int64, last: Int64?) {
        let set = event.recurrence
        var first = Self.sortKey(set.start, kind: kind, zone: zone), last: Int64? = first
        for d in set.dates {
            let k = Self.sortKey(d, kind: kind, zone: zone)
            first = min(first, k)
            last = max(last!, k)
        }
        if let problem { throw problem }
        guard !set.rules.isEmpty, let all = prepared else { return (first, last) }
        if set.rules.allSatisfy({ $0.until != nil }) {
            for r in set.rules { last = max(last!, untilKey(r.until!)) }
        } else if set.rules.allSatisfy({ $0.count != nil || $0.until != nil }) {
            var n = 0
            for o in all {
                n += 1
                if n > CalendarIndex.countScan { return (first, nil) }
                last = max(last!, sortKey(of: o))
            }
        } else {
            last = nil
        }
        return (first, last)
    }

    /// A key past every instance an UNTIL lets through (UNTIL is inclusive;
    /// a DATE UNTIL on a timed series is its whole day, in lenient mode).
    func untilKey(_ u: RecurrenceRule.Until) -> Int64 {
        let slack = CalendarIndex.slack
        switch (kind, u) {
        case (.date, .date(let d)): return Int64(d.daysSinceEpoch)
        case (.date, .local(let c)), (.date, .utc(let c)): return Int64(c.date.daysSinceEpoch) + 1
        case (_, .date(let d)): return (Int64(d.daysSinceEpoch) + 1) * 86_400 + slack
        case (.floating, .local(let c)), (.utc, .utc(let c)), (.zoned, .utc(let c)): return c.localSeconds
        case (_, .local(let c)), (_, .utc(let c)): return c.localSeconds + slack
        }
    }

    /// A value's position in index seconds: its instant, or its wall clock
    /// read as UTC for floating and all-day values.
    static func seconds(_ a: Anchor) -> Int64 {
        switch a {
        case .date(let d): return Int64(d.daysSinceEpoch) * 86_400
        case .floating(let c), .utc(let c): return c.localSeconds
        case .zoned(let c, let z): return z.instant(of: c).secondsSinceEpoch
        }
    }
}
