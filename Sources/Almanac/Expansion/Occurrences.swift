import AlmanacCore

extension RecurrenceSet {
    /// Every instance of the set, in order.
    public func occurrences() -> Occurrences { Occurrences(set: self, window: nil) }

    /// The instances whose start lies in `window` (half-open). Bounds are in the
    /// series' key space: instants for zoned and UTC series, wall-clock read as
    /// UTC for floating and DATE series (see ``key(of:)``).
    public func occurrences(in window: Range<Timestamp>) -> Occurrences { Occurrences(set: self, window: window) }

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

        public func makeIterator() -> Iterator { Iterator(set: set, window: window) }

        /// - Complexity: amortised O(1) per instance, no heap allocation per instance.
        public struct Iterator: IteratorProtocol {
            @usableFromInline var merger: _SetMerger

            init(set: RecurrenceSet, window: Range<Timestamp>?) {
                merger = _SetMerger(set: set, window: window)
            }

            public mutating func next() -> Occurrence? { merger.next() }
        }
    }
}

/// Placeholder until the expander lands.
@usableFromInline
struct _SetMerger {
    init(set: RecurrenceSet, window: Range<Timestamp>?) {}
    mutating func next() -> Occurrence? { nil }
}
