import AlmanacCore

extension Occurrence {
    /// The start and end as a clock in `viewer`'s zone reads them: what a
    /// user in that zone sees. A zoned or UTC occurrence's instants are
    /// read on the viewer's clock; a floating or all-day one is first
    /// placed in the viewer's zone (``instants(in:)``), so its wall clock is
    /// its own, and an all-day one runs from the viewer's start of its first
    /// day (midnight, or the first minute after a gap) to the start of the
    /// day after its last.
    ///
    /// ```swift
    /// let ny = try Zone("America/New_York"), paris = try Zone("Europe/Paris")
    /// let call = try RecurrenceSet(start: .zoned(CivilDate(2024, 5, 6).at(9, 0), ny),
    ///                          length: .duration(EventDuration(seconds: 3600)))
    /// let o = Array(try call.occurrences())[0]
    /// o.wallClock(in: paris)   // 2024-05-06T15:00:00 ..< 2024-05-06T16:00:00
    /// ```
    ///
    /// The clock of an instant past year 9999 (an end moved to the last
    /// second a ``CivilDateTime`` holds) is read as it is, never trapping.
    ///
    /// - Complexity: O(log t) in the viewer's transitions.
    public func wallClock(in viewer: Zone) -> Range<CivilDateTime> {
        let r = instants(in: viewer)
        let start = Self.clock(r.lowerBound, viewer), end = Self.clock(r.upperBound, viewer)
        return start..<Swift.max(start, end)
    }

    /// An instant on `viewer`'s clock, within what a ``CivilDateTime`` holds.
    static func clock(_ t: Timestamp, _ viewer: Zone) -> CivilDateTime {
        let local = t.secondsSinceEpoch &+ Int64(viewer.offset(at: t).seconds)
        let lo = Timestamp.min.secondsSinceEpoch - 366 * 86_400, hi = Int64(200_000 * 366) * 86_400
        return CivilDateTime(_localSeconds: Int(Swift.min(Swift.max(local, lo), hi)))
    }
}

extension RecurrenceSet {
    /// The instances that start on a day of `period` in `viewer`'s zone:
    /// from the viewer's start of the period's first day to the start of
    /// the day after its last. Floating and all-day instances are placed in
    /// `viewer` (``Window/instants(_:viewer:)``).
    ///
    /// ```swift
    /// let ny = try Zone("America/New_York")
    /// let standup = try RecurrenceSet(start: .zoned(CivilDate(2024, 5, 1).at(9, 0), ny),
    ///                             rules: [try RecurrenceRule("FREQ=DAILY")])
    /// try standup.occurrences(in: Period.week(2024, 19), viewer: ny).map(\.start.date)
    /// // [2024-05-06, 2024-05-07, ..., 2024-05-12]
    /// ```
    ///
    /// - Throws: as ``occurrences(in:)``.
    /// - Complexity: as ``occurrences(in:)``: the expansion seeks to
    ///   the period.
    public func occurrences(in period: Period, viewer: Zone) throws(AlmanacError) -> Occurrences {
        try occurrences(in: .instants(period.instants(in: viewer), viewer: viewer))
    }
}

extension RecurrenceRule {
    /// The instances of this rule from a DTSTART that start on a day of
    /// `period` in `viewer`'s zone, as ``RecurrenceSet/occurrences(in:viewer:)``
    /// finds them.
    ///
    /// ```swift
    /// let ny = try Zone("America/New_York")
    /// let rule = try RecurrenceRule("FREQ=WEEKLY;BYDAY=MO,WE")
    /// try rule.occurrences(from: .zoned(CivilDate(2024, 5, 1).at(9, 0), ny), in: Period.week(2024, 19), viewer: ny)
    ///     .map(\.start.date)   // [2024-05-06, 2024-05-08]
    /// ```
    ///
    /// - Throws: as ``RecurrenceSet/occurrences(in:)``.
    /// - Complexity: as ``RecurrenceSet/occurrences(in:)``: the expansion
    ///   seeks to the period.
    public func occurrences(from start: Anchor, in period: Period, viewer: Zone,
                            options: ExpansionOptions = ExpansionOptions()) throws(AlmanacError) -> RecurrenceSet.Occurrences {
        try RecurrenceSet(start: start, rules: [self], options: options).occurrences(in: period, viewer: viewer)
    }
}

extension Period {
    /// The instants of the period's days in `zone`: from its start of the
    /// first day to its start of the day after the last (`Timestamp.max`
    /// when that day is past 9999-12-31).
    ///
    /// ```swift
    /// try Period.day(CivilDate(2024, 3, 10)).instants(in: try Zone("America/New_York"))
    /// // 2024-03-10T05:00:00Z ..< 2024-03-11T04:00:00Z: 23 hours
    /// ```
    ///
    /// - Complexity: O(log t) in the zone's transitions.
    public func instants(in zone: Zone) -> Range<Timestamp> {
        let end = (try? lastDay.adding(days: 1)).map { zone.startOfDay($0) } ?? Timestamp.max
        return zone.startOfDay(firstDay)..<end
    }
}
