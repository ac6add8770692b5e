import Almanac

extension CalendarWriter {
    /// The rules of `set` as a file must carry them to list the same
    /// instances. A file's rule with COUNT whose DTSTART it does not produce
    /// is read with DTSTART beside COUNT's instances (README, RFC choice 4),
    /// where a set read otherwise (a Google series, a set made in code)
    /// counts DTSTART as the first (RFC 5545 section 3.3.10). Such a rule is
    /// written with UNTIL at its last instance instead of COUNT: without
    /// COUNT the two readings list the same instances, so the file means
    /// the same to Almanac, libical and dateutil alike.
    ///
    /// - Complexity: for such a rule only, an expansion of its COUNT instances.
    static func fileRules(_ set: RecurrenceSet) -> [RecurrenceRule] {
        guard set.options.includesStart, set.options.countsStart, set.rules.contains(where: { $0.count != nil }) else {
            return set.rules
        }
        return set.rules.map { rule in
            guard rule.count != nil, !produces(rule, set.start, options: set.options) else { return rule }
            var alone = RecurrenceSet(start: set.start, rules: [rule], options: set.options)
            alone.length = nil
            guard let all = try? alone.occurrences() else { return rule }
            var last: Occurrence?
            for o in all { last = o }
            guard let end = last, let until = until(at: end, start: set.start) else { return rule }
            var written = rule
            written.count = nil
            written.until = until
            return written
        }
    }

    /// Whether `rule` produces DTSTART itself.
    private static func produces(_ rule: RecurrenceRule, _ start: Anchor, options: ExpansionOptions) -> Bool {
        var probe = RecurrenceSet(start: start, rules: [rule], options: options)
        probe.options.includesStart = false
        guard let all = try? probe.occurrences() else { return true }
        for o in all { return o.start == start.civil }
        return false
    }

    /// UNTIL at instance `o`, in the form DTSTART's kind requires (RFC 5545 section 3.3.10).
    private static func until(at o: Occurrence, start: Anchor) -> RecurrenceRule.Until? {
        switch start {
        case .date: return .date(o.start.date)
        case .floating: return .local(o.start)
        case .utc, .zoned:
            guard let (utc, _) = Zone.utc.civil(at: o.instants(in: .utc).lowerBound) else { return nil }
            return .utc(utc)
        }
    }
}
