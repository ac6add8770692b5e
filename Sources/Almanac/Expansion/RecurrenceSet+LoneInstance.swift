import AlmanacCore

extension RecurrenceSet {
    /// The first instance of a set without RRULE or EXRULE (DTSTART unless
    /// ``ExpansionOptions/includesStart`` is off, the RDATEs, less the
    /// EXDATEs), as ``occurrences()`` gives it, without building the
    /// expansion: no rule plans, no date sieve, no window. A calendar asks
    /// this of each single event a query opens (most events of a file);
    /// building the expansion cost it about 12,000 instructions.
    ///
    /// ```swift
    /// try RecurrenceSet(start: .utc(CivilDate(2024, 5, 6).at(12, 0))).firstInstanceWithoutRules()?.start
    /// ```
    package func firstInstanceWithoutRules() -> Occurrence? {
        precondition(rules.isEmpty && exclusionRules.isEmpty, "a set with rules: use occurrences()")
        guard dates.isEmpty && excludedDates.isEmpty else {
            var merger = _SetMerger(set: self, window: nil, plans: [], exclusionPlans: [])
            return merger.next()
        }
        // DTSTART alone: what the merger makes of it (``SetValues``,
        // ``_SetMerger/occurrence(_:)``), with no merger built.
        guard options.includesStart else { return nil }
        let raw = _SetMerger.raw(of: start, in: self)
        let kind = start.kind, (days, seconds) = nominalLength
        var cursor = _ZoneCursor(start.zone ?? .utc)
        var end = raw.sortKey &+ seconds
        if days != 0 {
            let local = raw.local &+ Int64(days) &* 86_400
            end = (kind == .date || kind == .floating ? local : cursor.resolve(local: local).utc) &+ seconds
        }
        // A set without rules checks repeats when zoned (`checksRepeats`).
        let repeats = kind == .zoned && raw.rid == raw.local && cursor.resolve(local: raw.local).utc != raw.sortKey
        return Occurrence(sortKey: raw.sortKey, endSortKey: max(end, raw.sortKey), local: raw.local, ridLocal: raw.rid,
                          offsetSeconds: kind == .zoned ? raw.offset : 0, isRepeat: repeats, kind: kind)
    }
}
