import Almanac

extension SeriesInstances {
    /// The engine's instances whose start can reach `window` once segment
    /// `s` moves them: the window widened by the segment's longest instance
    /// and shift, and by two days each side for the viewer's offset.
    func ownInstances(segment s: Int, query: WindowQuery) -> RecurrenceSet.Occurrences.Iterator? {
        iterator(over: ownSpan(segment: s, from: query.lo, to: query.hi), viewer: query.viewer)
    }

    /// Whether segment `s` can have an instance that reaches `window`: its
    /// rules and dates admit a date of ``ownSpan(segment:from:to:)``. Asked
    /// before a query opens the segment, so that a series that cannot
    /// answer (a birthday in another month) costs a few comparisons. The
    /// span is read as ``iterator(over:viewer:)`` reads it: floating and
    /// all-day dates in the viewer's zone (read as UTC dates, a day 14
    /// hours east of UTC starting in the window was left out).
    func mayReach(segment s: Int, query: WindowQuery) -> Bool {
        if s == 0, let early = earlySpan(from: query.lo), longPeriodStarts.contains(where: {
            early.contains(Timestamp(secondsSinceEpoch: Self.sortKey($0, kind: kind, zone: zone) &* unit))
        }) { return true }
        let span = window(ownSpan(segment: s, from: query.lo, to: query.hi), viewer: query.viewer)
        if let may = prepared?.mayStart(in: span) { return may }
        return lateExpansion()?.occurrences.mayStart(in: span) ?? false
    }

    /// Segment 0's instances from its RDATE periods longer than the series'
    /// own length that start before ``ownSpan(segment:from:to:)`` and can
    /// reach the window: read from a set of those dates alone (with the
    /// series' EXDATEs and EXRULEs), so that one period of a thousand years
    /// beside an HOURLY rule costs the query one instance, not the rule's
    /// thousand years of hours (fuzz-sync finding 26). They start before
    /// every instance of ``ownInstances(segment:query:)``.
    func earlyInstances(query: WindowQuery) -> RecurrenceSet.Occurrences.Iterator? {
        guard let span = earlySpan(from: query.lo) else { return nil }
        var set = event.recurrence
        set.rules = []
        set.dates = longPeriodStarts
        set.options.includesStart = false
        return (try? set.occurrences())?.makeIterator(in: window(span, viewer: query.viewer))
    }

    /// Where segment 0's long RDATE periods can start and still reach a
    /// window from `from`; `nil` when the series has none.
    private func earlySpan(from: Int64) -> Range<Timestamp>? {
        guard !longPeriodStarts.isEmpty else { return nil }
        let before = nominalDays ? CalendarIndex.slack : 0
        let lo = from &- longestOwn &- before, hi = from &- Self.span(days, seconds) &- (shortNominalDays ? CalendarIndex.slack : 0)
        return Timestamp(secondsSinceEpoch: lo)..<Timestamp(secondsSinceEpoch: max(lo, hi))
    }

    /// The starts, in the engine's own time, of segment `s`'s instances that
    /// can reach `window` once the segment moves them.
    ///
    /// Segment 0 shows the engine's instances where the engine places them
    /// (in the query's viewer, for floating and all-day ones): one that
    /// overlaps the window starts before its end, and at most its length
    /// before its start, a nominal day (an all-day instance, DURATION:P1D)
    /// taken as 86,400 s plus the slack (a DST day, a zone skipping a
    /// date). A later segment moves its instances by a wall-clock shift,
    /// which moves their instants up to the slack further either way.
    ///
    /// It starts no earlier than the segment's first key: a later segment's
    /// instances follow its THISANDFUTURE override, and an iterator started
    /// at the window's start would walk every earlier segment's instances
    /// to reach them (a chain of n such overrides in one window: O(n^2)).
    /// Keys are instants for UTC and zoned series, and wall clocks or days
    /// for floating and all-day ones, whose instants in a viewer's zone lie
    /// within the slack of them.
    private func ownSpan(segment s: Int, from: Int64, to: Int64) -> Range<Timestamp> {
        // Segment 0's RDATE periods longer than the series are read apart (``earlyInstances(query:)``).
        let (shift, longest) = s == 0 ? (0, Self.span(days, seconds)) : segmentShift(s)
        // The query's bounds are clamped to the index's, and shifts and
        // lengths are far smaller: no sum here overflows, and the engine
        // reads a bound outside years 1...9999 as the beginning or the end.
        let slack = CalendarIndex.slack
        let (before, after) = s == 0 ? (shortNominalDays ? slack : 0, Int64(0)) : (slack, slack)
        var lo = from &- shift &- longest &- before
        let hi = to &- shift &+ after
        if s > 0 { lo = max(lo, ranges[s - 1].key &* unit &- (kind == .utc || kind == .zoned ? 0 : slack)) }
        return Timestamp(secondsSinceEpoch: lo)..<Timestamp(secondsSinceEpoch: max(lo, hi))
    }

    /// The series' instances starting in `span`; floating and all-day ones placed in `viewer`.
    func iterator(over span: Range<Timestamp>, viewer: Zone) -> RecurrenceSet.Occurrences.Iterator? {
        let window = self.window(span, viewer: viewer)
        if let it = prepared?.makeIterator(in: window) { return it }
        return lateExpansion()?.occurrences.makeIterator(in: window)
    }

    /// The engine's window of instants `span`, with the viewer that places
    /// floating and all-day values.
    private func window(_ span: Range<Timestamp>, viewer: Zone) -> RecurrenceSet.Window {
        kind == .date || kind == .floating ? .instants(span, viewer: viewer) : .instants(span)
    }

    /// One of the series' own instances as segment `s` shows it (moved by
    /// its THISANDFUTURE override, with that override's length; or with its
    /// RDATE period's length); `nil` when an override replaces it or the
    /// move takes it past 9999-12-31. Its
    /// summary and status are the part's (see ``occurrence(_:part:)``).
    func own(_ o: Occurrence, key k: Int64, segment s: Int) -> Occurrence? {
        if !single.isEmpty && single[k] != nil { return nil }
        if s > 0 {
            let r = ranges[s - 1]
            if r.key == k { return nil }
            let (d, sec) = rangeLengths[s - 1]
            guard let start = shifted(o.recurrenceID, by: rangeShifts[s - 1]) else { return nil }
            return instance(start, days: d, seconds: sec, rid: o.recurrenceID)
        }
        if !periods.isEmpty, let (d, sec) = periods[k] {
            return instance(anchor(of: o), days: d, seconds: sec, rid: o.recurrenceID)
        }
        return o
    }

    /// Override `k` at its own time. An override is a whole component (RFC
    /// 5545 section 3.8.4.4): its own length (none: zero, or one day for a
    /// DATE), summary and status.
    func override(_ k: Int) -> Occurrence {
        let o = event.overrides[k]
        let (d, s) = Self.length(o.length, start: o.start, zone: zone)
        return instance(o.start, days: d, seconds: s, rid: recurrenceID(of: o.originalStart))
    }

    /// An instance of index part `part` (an override's index, or `-1 - s`
    /// for segment `s`) with the part's summary, status and zone: the
    /// override's own, the THISANDFUTURE override's for a later segment,
    /// the series' for the first. Built only for the instances a query
    /// returns: the merge moves the bare ``Occurrence``.
    func occurrence(_ o: Occurrence, part: Int32) -> CalendarOccurrence {
        if part >= 0 {
            let v = event.overrides[Int(part)]
            return make(o, v.title, v.status, v.transparency, v.busyType, source: part, zone: v.start.zone)
        }
        let s = Int(-1 - part)
        if s > 0 {
            let v = ranges[s - 1]
            return make(o, v.override.title, v.override.status, v.override.transparency, v.override.busyType, source: Int32(v.index))
        }
        return make(o, event.title, event.status, event.transparency, event.busyType, source: -1,
                    zone: dateZones.isEmpty ? nil : dateZones[sortKey(of: o)])
    }

    /// The status of the instances of index part `part` (as ``occurrence(_:part:)``).
    func status(part: Int32) -> CalendarEvent.Status? {
        if part >= 0 { return event.overrides[Int(part)].status }
        let s = Int(-1 - part)
        return s > 0 ? ranges[s - 1].override.status : event.status
    }

    private func make(_ o: Occurrence, _ summary: String?, _ status: CalendarEvent.Status?, _ transparency: Transparency,
                      _ busyType: FreeBusyType?, source: Int32, zone: Zone? = nil) -> CalendarOccurrence {
        CalendarOccurrence(seriesID: event.id, component: event.component, eventIndex: index,
                           originalStart: recurrenceAnchor(o.recurrenceID), occurrence: o,
                           title: summary, status: status, zone: zone ?? seriesZone, transparency: transparency,
                           busyType: busyType, source: source)
    }

    /// The zone of the series' values (`nil` for floating and all-day).
    var seriesZone: Zone? { event.start.zone }

    /// `s` within the index's bounds (``CalendarIndex/clamp(_:)``).
    @inline(__always)
    static func clamp(_ s: Int64) -> Int64 { CalendarIndex.clamp(s) }

    /// A THISANDFUTURE override's shift: its start less the start it
    /// replaces, in the series' wall clock (seconds), or days for a DATE series.
    static func shift(of o: CalendarEvent.Override, kind: Anchor.Kind, zone: Zone) -> Int64 {
        let rid = recurrenceID(of: o.originalStart, kind: kind, zone: zone)
        switch kind {
        case .date: return Int64(o.start.civil.date.daysSinceEpoch - rid.date.daysSinceEpoch)
        case .floating: return o.start.civil.localSeconds - rid.dateTime.localSeconds
        case .utc, .zoned:
            let t = Self.sortKey(o.start, kind: .zoned, zone: zone)
            let wall = t + Int64(kind == .utc ? 0 : zone.offset(at: Timestamp(secondsSinceEpoch: t)).seconds)
            return wall - rid.dateTime.localSeconds
        }
    }

    /// The start of the instance `rid` moved by `shift` (wall clock, or
    /// days); `nil` past 9999-12-31, where nothing is produced (README,
    /// Limits: Calendar). A shift moves instances later than its override,
    /// whose own start is in range, so none moves before year 1.
    func shifted(_ rid: RecurrenceID, by shift: Int64) -> Anchor? {
        if kind == .date { return (try? rid.date.adding(days: Int(shift))).map { .date($0) } }
        return CivilDateTime(localSeconds: rid.dateTime.localSeconds &+ shift).map { event.start.withWallClock($0) }
    }

    /// A RECURRENCE-ID as the series' recurrence id (its wall clock, or date).
    func recurrenceID(of a: Anchor) -> RecurrenceID { Self.recurrenceID(of: a, kind: kind, zone: zone) }

    static func recurrenceID(of a: Anchor, kind: Anchor.Kind, zone: Zone) -> RecurrenceID {
        switch kind {
        case .date: return RecurrenceID(date: a.civil.date)
        case .floating: return RecurrenceID(a.civil)
        case .utc, .zoned:
            let t = Self.sortKey(a, kind: .zoned, zone: zone)
            let offset = kind == .utc ? 0 : Int64(zone.offset(at: Timestamp(secondsSinceEpoch: t)).seconds)
            return RecurrenceID(Self.civil(t + offset))
        }
    }

    /// The recurrence id in the series' value form; `nil` for a one-off event.
    func recurrenceAnchor(_ rid: RecurrenceID) -> Anchor? {
        guard event.isRecurring || !event.overrides.isEmpty else { return nil }
        return event.start.withWallClock(rid.dateTime)
    }

    /// The start of one of the series' own instances, as a value.
    func anchor(of o: Occurrence) -> Anchor { event.start.withWallClock(o.start) }

    static func civil(_ localSeconds: Int64) -> CivilDateTime {
        let lo = Timestamp.min.secondsSinceEpoch, hi = Timestamp.max.secondsSinceEpoch
        return CivilDateTime(localSeconds: min(max(localSeconds, lo), hi))!
    }

    /// An instance at `start` lasting `days` then `seconds` (negative lengths
    /// read as zero; an all-day one lasts its days). Its end may fall past
    /// 9999-12-31 and is kept as its clock reads, up to the last end the
    /// expander keeps for its own instances (32767-12-31T23:59:59, or
    /// 05:59:59Z for a zoned one; README, Limits: Calendar).
    func instance(_ start: Anchor, days: Int, seconds: Int64, rid: RecurrenceID) -> Occurrence {
        // Past 12,000,000 days (32,854 years) every end is moved back to the last one.
        let nominal = Int64(min(max(0, days), 12_000_000)) * 86_400
        let seconds = min(max(0, seconds), 12_000_000 * 86_400)
        // A recurrence id must match the instance's form; a timed override of
        // an all-day series (or the reverse) keeps its own form.
        let rid = (start.kind == .date) == rid.isAllDay ? rid
            : start.kind == .date ? RecurrenceID(date: rid.date) : RecurrenceID(rid.dateTime)
        let (local, r) = (start.civil.localSeconds, rid.dateTime.localSeconds)
        switch start {
        case .date:
            return Occurrence(sortKey: local, endSortKey: local + nominal, local: local, ridLocal: r, offsetSeconds: 0,
                              isRepeat: rid.isRepeat, kind: .date)
        case .floating, .utc:
            return Occurrence(sortKey: local, endSortKey: local + nominal + seconds, local: local, ridLocal: r, offsetSeconds: 0,
                              isRepeat: rid.isRepeat, kind: start.kind)
        case .zoned(_, let z):
            let t = z.instant(ofLocalSeconds: local)
            let endWall = nominal > 0 ? z.instant(ofLocalSeconds: local + nominal) : t
            let offset = z.offset(at: Timestamp(secondsSinceEpoch: t)).seconds
            return Occurrence(sortKey: t, endSortKey: max(t, endWall + seconds), local: t + Int64(offset), ridLocal: r,
                              offsetSeconds: offset, isRepeat: rid.isRepeat, kind: .zoned)
        }
    }
}
