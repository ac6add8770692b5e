import AlmanacCore

extension RecurrenceSet {
    /// Every instance of the set, in order.
    ///
    /// - Throws: ``AlmanacError`` when a rule cannot be expanded from this
    ///   start: a sub-daily rule on a DATE, an RSCALE Almanac does not have.
    /// - Complexity: O(number of rules) to create; each instance amortised O(1).
    public func occurrences() throws(AlmanacError) -> Occurrences { try Occurrences(set: self, window: nil) }

    /// The instances whose start lies in `window` (half-open). Bounds are in the
    /// series' key space: instants for zoned and UTC series, wall-clock read as
    /// UTC for floating and DATE series (see ``key(of:)``). Without COUNT the
    /// expansion seeks to the window: its cost does not grow with the
    /// window's distance from DTSTART.
    ///
    /// - Throws: as ``occurrences()``.
    public func occurrences(in window: Range<Timestamp>) throws(AlmanacError) -> Occurrences { try Occurrences(set: self, window: window) }

    /// A bound given as an anchor, in this set's key space: an instant for a
    /// zoned or UTC series (a floating bound is read in the series' zone, a
    /// DATE bound as that day's start there); the wall clock read as UTC for a
    /// floating or DATE series.
    public func key(of bound: Anchor) -> Timestamp {
        switch (start, bound) {
        case (.date, _), (.floating, _):
            return Timestamp(secondsSinceEpoch: bound.civil.localSeconds)
        case (.utc, .date(let d)), (.zoned, .date(let d)):
            return (start.zone ?? .utc).startOfDay(d)
        case (.utc, .floating(let c)), (.zoned, .floating(let c)):
            return (try? (start.zone ?? .utc).timestamp(for: c)) ?? Timestamp(secondsSinceEpoch: c.localSeconds)
        case (_, .utc(let c)):
            return Timestamp(utc: c)
        case (_, .zoned(let c, let z)):
            return (try? z.timestamp(for: c)) ?? Timestamp(secondsSinceEpoch: c.localSeconds)
        }
    }

    /// The instances of a recurrence set, produced lazily.
    public struct Occurrences: Sequence, Sendable {
        public let set: RecurrenceSet
        public let window: Range<Timestamp>?
        let plans: [_RulePlan]
        let exclusionPlans: [_RulePlan]

        init(set: RecurrenceSet, window: Range<Timestamp>?) throws(AlmanacError) {
            self.set = set
            self.window = window
            var p: [_RulePlan] = [], x: [_RulePlan] = []
            for r in set.rules { p.append(try _RulePlan(rule: r, start: set.start, options: set.options)) }
            for r in set.exclusionRules { x.append(try _RulePlan(rule: r, start: set.start, options: set.options)) }
            plans = p
            exclusionPlans = x
        }

        public func makeIterator() -> Iterator {
            Iterator(merger: _SetMerger(set: set, window: window, plans: plans, exclusionPlans: exclusionPlans))
        }

        /// - Complexity: amortised O(1) per instance, no heap allocation per instance.
        public struct Iterator: IteratorProtocol {
            @usableFromInline var merger: _SetMerger

            // Inlinable: the occurrence is built straight into the caller's
            // value instead of being copied out of one more call (W7: -6%).
            @inlinable
            public mutating func next() -> Occurrence? { merger.next() }

            /// Frames, steps, days and years the expander has visited so
            /// far: a machine-independent cost, which the limit tests bound.
            var work: Int { merger.work }
        }
    }
}

