import AlmanacCore

extension RecurrenceSet {
    /// The occurrences whose key (``Occurrence/timestamp``) lies in `window`.
    ///
    /// A set with a COUNT rule is expanded from DTSTART and filtered here:
    /// the windowed expansion of a COUNT rule (`occurrences(in:)`) drops
    /// DTSTART once the window starts after it, and then runs one instance
    /// past the COUNT (DAILY;COUNT=5 from 1 September, asked from 3
    /// September, gives 3 to 6 September). A COUNT rule is never sought
    /// anyway, so this costs nothing more.
    func _occurrences(keysIn window: Range<Timestamp>) throws(AlmanacError) -> _KeyWindowedOccurrences {
        let counted = rules.contains { $0.count != nil } || exclusionRules.contains { $0.count != nil }
        return _KeyWindowedOccurrences(base: counted ? try occurrences() : try occurrences(in: window), window: window, filters: counted)
    }
}

/// Occurrences with keys in a window, filtered here when the expansion could
/// not be windowed (see ``RecurrenceSet/_occurrences(keysIn:)``). Not API.
struct _KeyWindowedOccurrences: Sequence, Sendable {
    let base: RecurrenceSet.Occurrences
    let window: Range<Timestamp>
    let filters: Bool

    func makeIterator() -> Iterator { Iterator(base: base.makeIterator(), window: window, filters: filters) }

    struct Iterator: IteratorProtocol {
        var base: RecurrenceSet.Occurrences.Iterator
        let window: Range<Timestamp>
        let filters: Bool
        var done = false

        mutating func next() -> Occurrence? {
            while !done, let o = base.next() {
                guard filters else { return o }
                if o.timestamp >= window.upperBound { break }
                if o.timestamp >= window.lowerBound { return o }
            }
            done = true
            return nil
        }
    }
}
