import AlmanacCore

// The door of the engine: `RecurrenceSet.occurrences()` and
// `occurrences(in:)` below start every expansion.
//
// A query, from here down:
//   Occurrences.init   one _RulePlan per RRULE and EXRULE (RulePlan.swift: the BYxxx
//                      parts as masks, the sorted times, UNTIL as a key, the bound on
//                      empty frames), the RDATE/EXDATE keys (SetValues), a DateSieve
//   makeIterator       _SetMerger (SetMerger.swift) merges DTSTART, each rule's
//                      _RuleIterator (RuleIterator.swift) and the RDATEs in order, less
//                      the EXDATEs and the EXRULEs' instances, inside the window
//   _RuleIterator      walks a rule in one of three ways (its Mode):
//     .plain           _PlainStepper (PlainStepper.swift): DAILY, WEEKLY (+BYDAY),
//                      HOURLY, MINUTELY, SECONDLY with no other part: a constant step
//     .dayBased        DayIterator (DayIterator.swift): YEARLY, MONTHLY, WEEKLY, DAILY:
//                      one frame per period, its candidate days x its times, BYSETPOS
//     .subDaily        SubDailyIterator (SubDailyIterator.swift, SubDailyIterator+Frames.swift):
//                      frames in elapsed time, filtered on their wall-clock fields
//   local -> instant   through the zone's cursor (RFC 5545 3.3.5; _GapMerge puts a
//                      candidate shifted out of a DST gap back in order)
//
// What each BYxxx part does under each FREQ (RFC 5545 section 3.3.10's table,
// as in swift-foundation's Calendar_Recurrence.swift): "Expand" makes more
// candidates in a period, "Limit" removes candidates. "N/A" is refused in strict
// mode (RecurrenceRule+Validation.swift) and read as a limit in lenient mode.
//
//               SECONDLY MINUTELY HOURLY DAILY  WEEKLY MONTHLY YEARLY
//   BYMONTH     Limit    Limit    Limit  Limit  Limit  Limit   Expand
//   BYWEEKNO    N/A      N/A      N/A    N/A    N/A    N/A     Expand
//   BYYEARDAY   Limit    Limit    Limit  N/A    N/A    N/A     Expand
//   BYMONTHDAY  Limit    Limit    Limit  Limit  N/A    Expand  Expand
//   BYDAY       Limit    Limit    Limit  Limit  Expand Note 1  Note 2
//   BYHOUR      Limit    Limit    Limit  Expand Expand Expand  Expand
//   BYMINUTE    Limit    Limit    Expand Expand Expand Expand  Expand
//   BYSECOND    Limit    Expand   Expand Expand Expand Expand  Expand
//   BYSETPOS    Limit    Limit    Limit  Limit  Limit  Limit   Limit
//
//   Note 1: Limit if BYMONTHDAY is present; otherwise, special expand for MONTHLY.
//   Note 2: Limit if BYYEARDAY or BYMONTHDAY is present; otherwise, special expand
//   for WEEKLY if BYWEEKNO present; otherwise, special expand for MONTHLY if BYMONTH
//   present; otherwise, special expand for YEARLY.
//
// Where each cell is implemented. The day parts (BYMONTH, BYWEEKNO, BYYEARDAY,
// BYMONTHDAY, BYDAY, and WKST) are bit masks in DayParts (DayParts.swift); a frame's
// candidate days are a _DaySet (DaySet.swift), built once per frame (DayParts+FrameDays.swift):
//   YEARLY, Expand     DayParts.yearDays, and weekYearDays with BYWEEKNO (DayParts+FrameDays.swift,
//                      "YEARLY"): BYMONTH picks the months, BYWEEKNO the weeks, BYYEARDAY,
//                      BYMONTHDAY and BYDAY the days; an ordinal BYDAY counts within each
//                      BYMONTH month, else within the year (Note 2). FrameShapeCache
//                      (DayIterator.swift) keeps the result per shape of year.
//   MONTHLY, Expand    DayParts.monthDays (DayParts+FrameDays.swift, "MONTHLY"): BYMONTHDAY's
//                      days; BYDAY's weekdays and ordinals within the month; BYDAY
//                      limits BYMONTHDAY when both are given (Note 1).
//   WEEKLY, Expand     DayParts.weekDays (DayParts+FrameDays.swift, "WEEKLY and DAILY"): BYDAY's
//                      weekdays in the week that starts on WKST.
//   Limit (day parts)  DayParts.passes and _DaySet.filtered (DayParts+FrameDays.swift), with the
//                      parts present as DayParts.Limits. DAILY and the sub-daily
//                      frequencies seek the next day that passes, a year at a time
//                      (DayLimitSeek.swift), rather than visit the days that fail.
//   Expand (times)     TimeTable.times (TimeTable.swift): DAILY to YEARLY, BYHOUR x
//                      BYMINUTE x BYSECOND as sorted seconds of the day; HOURLY, BYMINUTE
//                      x BYSECOND as offsets in the hour; MINUTELY, BYSECOND in the
//                      minute. DTSTART's field stands in for an absent part.
//   Limit (times)      _RulePlan.passesTimeFilters (SubDailyTables+CountAhead.swift), over TimeTable's
//                      hour, minute and second masks, on each sub-daily candidate's wall
//                      clock (SubDailyIterator+Frames.swift).
//   BYSETPOS, Limit    DayIterator.selectPositions (DayIterator.swift) and
//                      SubDailyIterator (SubDailyIterator+Frames.swift): flat indexes into the
//                      frame's days x times (_RulePlan.setPosIndex, RulePlan.swift),
//                      without building the product.
//   RSCALE (RFC 7529)  the same cells over another calendar's months and years
//                      (Scale/ScaledFrames.swift, Scale/ScaleFrameDays.swift).

extension RecurrenceSet {
    /// Every instance of the set, in order.
    ///
    /// - Throws: ``AlmanacError`` when a rule cannot be expanded from this
    ///   start: a sub-daily rule on a DATE, an RSCALE calendar the system ICU lacks.
    /// - Complexity: O(number of rules) to create; each instance amortised O(1).
    public func occurrences() throws(AlmanacError) -> Occurrences { try Occurrences(set: self, window: nil) }

    /// The instances whose start lies in `window`. Without COUNT the
    /// expansion seeks to the window: its cost does not grow with the
    /// window's distance from DTSTART.
    ///
    /// ```swift
    /// let may = try Timestamp(utc: CivilDate(2024, 5, 1).at(0, 0))..<Timestamp(utc: CivilDate(2024, 6, 1).at(0, 0))
    /// try standup.occurrences(in: .instants(may))                  // a zoned or UTC series
    /// try reminder.occurrences(in: .instants(may, viewer: tokyo))  // floating: placed in Tokyo
    /// try birthday.occurrences(in: .dates(CivilDate(2024, 5, 1)..<CivilDate(2024, 6, 1)))
    /// ```
    ///
    /// - Throws: as ``occurrences()``, and ``AlmanacError/Kind/invalidValue``
    ///   for an ``Window/instants(_:)`` window over a floating or all-day
    ///   series, which has no instants until a viewer's zone is given.
    public func occurrences(in window: Window) throws(AlmanacError) -> Occurrences {
        if case .instants(_, nil) = window.bounds, start.kind == .date || start.kind == .floating {
            throw AlmanacError(.invalidValue, "a \(start.kind == .date ? "DATE" : "floating") series has no instants until a zone is chosen: give the window a viewer zone (Window.instants(_:viewer:)) or make it a wall-clock or date window")
        }
        return try Occurrences(set: self, window: window)
    }

    /// The instances of a recurrence set, produced lazily.
    public struct Occurrences: Sequence, Sendable {
        /// The set being expanded.
        public let set: RecurrenceSet
        /// The window the instances' starts lie in, if any.
        public let window: Window?
        let plans: [_RulePlan]
        let exclusionPlans: [_RulePlan]
        /// The RDATE and EXDATE keys, worked out once for every iterator.
        let values: SetValues
        /// The dates the set's instances can start on (see ``mayStart(in:)``).
        let sieve: DateSieve

        init(set: RecurrenceSet, window: Window?) throws(AlmanacError) {
            self.set = set
            self.window = window
            var p: [_RulePlan] = [], x: [_RulePlan] = []
            let rules = Self.expandedRules(of: set)
            for r in rules { p.append(try _RulePlan(rule: r, start: set.start, options: set.options)) }
            for r in set.exclusionRules { x.append(try _RulePlan(rule: r, start: set.start, options: set.options)) }
            plans = p
            exclusionPlans = x
            values = SetValues(set, plans: p)
            sieve = DateSieve(set, rules: rules)
        }

        /// The RRULEs worth expanding: a rule written twice adds nothing the
        /// first copy does not, and a rule that is also an EXRULE adds at
        /// most DTSTART, which every rule yields anyway (as a date when no
        /// rule is left; the EXRULE removes it when it matches the rule).
        /// Expanding such a rule against its EXRULE would walk every one of
        /// its candidates, to 9999 for an unbounded query, to find nothing.
        static func expandedRules(of set: RecurrenceSet) -> [RecurrenceRule] {
            let rules = set.rules
            func adds(_ i: Int) -> Bool { !rules[..<i].contains(rules[i]) && !set.exclusionRules.contains(rules[i]) }
            // The usual set keeps every rule: no new array (the allocation gate counts them).
            if rules.indices.allSatisfy(adds) { return rules }
            return rules.indices.filter(adds).map { rules[$0] }
        }

        /// Starts the expansion.
        public func makeIterator() -> Iterator {
            Iterator(merger: _SetMerger(set: set, window: window.map { KeyWindow($0, for: set) }, plans: plans, exclusionPlans: exclusionPlans,
                                        values: values))
        }

        /// Starts the expansion over `window` instead, with the plans already
        /// built: a calendar keeps one ``Occurrences`` per series and queries
        /// it window after window. A DATE or floating series needs a viewer
        /// for an instants window (as ``RecurrenceSet/occurrences(in:)`` checks).
        package func makeIterator(in window: Window) -> Iterator {
            Iterator(merger: _SetMerger(set: set, window: KeyWindow(window, for: set), plans: plans, exclusionPlans: exclusionPlans,
                                        values: values))
        }

        /// Produces the instances one by one.
        ///
        /// - Complexity: amortised O(1) per instance, no heap allocation per instance.
        public struct Iterator: IteratorProtocol {
            @usableFromInline var merger: _SetMerger

            /// The next instance, or `nil` after the last.
            // Inlinable: the occurrence is built straight into the caller's
            // value instead of being copied out of one more call (W7: -6%).
            @inlinable @inline(__always)
            public mutating func next() -> Occurrence? { merger.next() }

            /// Frames, steps, days and years the expander has visited so
            /// far: a machine-independent cost, which the limit tests bound.
            var work: Int { merger.work }
        }
    }
}

extension RecurrenceSet {
    /// A value of the set (RDATE, EXDATE, DTEND, a window bound) in the
    /// expander's key space: an instant for a zoned or UTC series (a floating
    /// value is read in the series' zone, a DATE as that day's start there);
    /// wall-clock seconds for a floating or DATE series, where keys are
    /// compared only with each other and never leave the expander.
    func sortKey(of value: Anchor) -> Int64 {
        switch (start, value) {
        case (.date, _), (.floating, _):
            return value.civil.localSeconds
        case (.utc, .date(let d)), (.zoned, .date(let d)):
            return (start.zone ?? .utc).startOfDay(d).secondsSinceEpoch
        case (.utc, .floating(let c)), (.zoned, .floating(let c)):
            return (start.zone ?? .utc).instant(of: c).secondsSinceEpoch
        case (_, .utc(let c)):
            return Timestamp(utc: c).secondsSinceEpoch
        case (_, .zoned(let c, let z)):
            return z.instant(of: c).secondsSinceEpoch
        }
    }

    /// The window between two values of the set's own kind, as requests
    /// give them (`after` and `before` of `almanac batch`): a wall-clock
    /// window for a floating or DATE series, instants for a zoned or UTC one
    /// (a floating or DATE bound read in the series' zone). A missing bound
    /// is the start of year 1 or the end of year 9999; `nil` when the window
    /// is reversed.
    package func window(after lower: Anchor?, before upper: Anchor?) -> Window? {
        let lo = lower.map { sortKey(of: $0) } ?? Timestamp.min.secondsSinceEpoch
        let hi = upper.map { sortKey(of: $0) } ?? Timestamp.max.secondsSinceEpoch + 1
        guard lo <= hi else { return nil }
        switch start.kind {
        case .date, .floating: return Window(bounds: .wallClock(lo..<hi))
        case .utc, .zoned: return Window(bounds: .instants(lo..<hi, viewer: nil))
        }
    }
}
