@testable import Almanac

// Tests compare expansions with oracles that work in the expander's key
// space: the start instant of a zoned or UTC occurrence, the wall-clock start
// read as UTC of a floating or DATE one. The library keeps the two apart
// (``Occurrence/Extent``); these test-only helpers give the key of each.

extension Occurrence {
    /// The start in the expander's key space (see the note above).
    var timestamp: Timestamp {
        switch extent {
        case .dates(let r): Timestamp(secondsSinceEpoch: Int64(r.lowerBound.daysSinceEpoch) * 86_400)
        case .wallClock(let r): Timestamp(secondsSinceEpoch: r.lowerBound.localSeconds)
        case .instants(let r, _): r.lowerBound
        }
    }

    /// The end in the expander's key space.
    var end: Timestamp {
        switch extent {
        case .dates(let r): Timestamp(secondsSinceEpoch: Int64(r.upperBound.daysSinceEpoch) * 86_400)
        case .wallClock(let r): Timestamp(secondsSinceEpoch: r.upperBound.localSeconds)
        case .instants(let r, _): r.upperBound
        }
    }
}

extension RecurrenceSet {
    /// The window whose bounds are `keys` in this set's key space.
    func keyWindow(_ keys: Range<Timestamp>) -> Window {
        let r = keys.lowerBound.secondsSinceEpoch..<keys.upperBound.secondsSinceEpoch
        switch start.kind {
        case .date, .floating: return Window(bounds: .wallClock(r))
        case .utc, .zoned: return Window(bounds: .instants(r, viewer: nil))
        }
    }

    /// The occurrences whose start key lies in `keys`.
    func occurrences(in keys: Range<Timestamp>) throws(AlmanacError) -> Occurrences {
        try occurrences(in: keyWindow(keys))
    }
}

extension RecurrenceRule {
    /// The occurrences from `start` whose start key lies in `keys`.
    func occurrences(from start: Anchor, in keys: Range<Timestamp>, options: ExpansionOptions = ExpansionOptions()) throws(AlmanacError) -> RecurrenceSet.Occurrences {
        let set = RecurrenceSet(start: start, rules: [self], options: options)
        return try set.occurrences(in: set.keyWindow(keys))
    }
}
