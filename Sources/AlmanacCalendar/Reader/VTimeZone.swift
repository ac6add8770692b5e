import Almanac

/// Turns a VTIMEZONE (RFC 5545 section 3.6.5) into a ``Zone``: each STANDARD
/// and DAYLIGHT sub-component is a recurrence set of onsets (DTSTART in the
/// local time of TZOFFSETFROM, RRULE, RDATE), expanded with Almanac's own
/// engine up to 2500 (a DTSTART from 2500 on is its sub-component's only
/// onset); every onset switches the offset to its TZOFFSETTO.
/// Past 2500 the zone repeats its last 400 years, as ICU-loaded zones do.
enum VTimeZone {
    /// The local time at which onsets stop being expanded.
    static let end = CivilDateTime(CivilDate(_unchecked: 2500, 1, 1), .midnight)

    static func zone(_ component: ParsedComponent, tzid: String, store: LineStore, options: ExpansionOptions) throws(AlmanacError) -> Zone {
        let key = VTimeZoneCache.key(component, tzid: tzid, store: store, options: options)
        if let key, let z = VTimeZoneCache.shared.zone(key) { return z }
        let z = try expand(component, tzid: tzid, store: store, options: options)
        if let key { VTimeZoneCache.shared.keep(z, for: key) }
        return z
    }

    /// The zone of a VTIMEZONE, its onsets expanded.
    static func expand(_ component: ParsedComponent, tzid: String, store: LineStore, options: ExpansionOptions) throws(AlmanacError) -> Zone {
        var onsets: [(instant: Int64, from: Int32, to: Int32)] = []
        for sub in component.children {
            guard let start = sub.first(.dtstart), let fromLine = sub.first(.tzoffsetfrom),
                  let toLine = sub.first(.tzoffsetto) else {
                throw AlmanacError(.invalidValue, line: sub.line, column: 0,
                                    "\(sub.name) of VTIMEZONE \"\(tzid)\" needs DTSTART, TZOFFSETFROM and TZOFFSETTO")
            }
            guard let from = Values.offset(store.value(fromLine)), let to = Values.offset(store.value(toLine)) else {
                throw AlmanacError(.invalidValue, line: fromLine.line, column: 0,
                                    "TZOFFSETFROM \"\(store.value(fromLine))\" / TZOFFSETTO \"\(store.value(toLine))\": expected +HHMM or -HHMM")
            }
            guard case let (anchor?, _, _) = Values.anchor(Substring(store.value(start)), zone: nil, lenient: true),
                  anchor.kind != .date else {
                throw AlmanacError(.invalidValue, line: start.line, column: 0, "DTSTART \"\(store.value(start))\" of \(sub.name): expected a local date-time")
            }
            let local = anchor.civil
            var rules: [RecurrenceRule] = []
            for r in sub.all(.rrule) {
                guard var rule = try? RecurrenceRule(store.value(r), mode: .lenient) else {
                    throw AlmanacError(.invalidValue, line: r.line, column: 0, "RRULE \"\(store.value(r))\" of VTIMEZONE \"\(tzid)\" cannot be read")
                }
                // UNTIL is in UTC (section 3.6.5); onsets are expanded in local time.
                if case .utc(let u)? = rule.until {
                    rule.until = .local(CivilDateTime(_localSeconds: Int(u.localSeconds) + Int(from.seconds)))
                }
                rules.append(rule)
            }
            var dates: [Anchor] = []
            for r in sub.all(.rdate) {
                for v in Values.list(store.value(r)) {
                    if case let (a?, _, _) = Values.anchor(v, zone: nil, lenient: true) { dates.append(.floating(a.civil)) }
                }
            }
            let set = RecurrenceSet(start: .floating(local), rules: rules, dates: dates, options: options)
            // A DTSTART at or past 2500 is its only onset (it was a trap: an
            // inverted range; found by Tools/fuzz fuzz-ics).
            let upper = local < end ? end : CivilDateTime(_localSeconds: Int(local.localSeconds) + 1)
            guard let expansion = try? set.occurrences(in: .wallClock(local..<upper)) else {
                throw AlmanacError(.invalidValue, line: sub.line, column: 0, "the onsets of \(sub.name) in VTIMEZONE \"\(tzid)\" cannot be expanded")
            }
            for o in expansion {
                onsets.append((o.start.localSeconds - Int64(from.seconds), Int32(from.seconds), Int32(to.seconds)))
                if onsets.count > 200_000 {
                    throw AlmanacError(.limit, line: sub.line, column: 0, "VTIMEZONE \"\(tzid)\" has more than 200,000 onsets before 2500")
                }
            }
        }
        guard let first = onsets.min(by: { $0.instant < $1.instant }) else {
            throw AlmanacError(.invalidValue, line: component.line, column: 0, "VTIMEZONE \"\(tzid)\" has no STANDARD or DAYLIGHT")
        }
        onsets.sort { $0.instant < $1.instant }
        var transitions: [Int64] = [], offsets: [Offset] = [Offset(uncheckedSeconds: first.from)]
        for o in onsets {
            let to = Offset(uncheckedSeconds: o.to)
            if let last = transitions.last, last == o.instant {
                offsets[offsets.count - 1] = to   // two onsets at one instant: the later in the file wins
                continue
            }
            if to == offsets[offsets.count - 1] { continue }
            transitions.append(o.instant)
            offsets.append(to)
        }
        do throws(AlmanacError) {
            return try Zone(identifier: tzid, transitions: transitions, offsets: offsets)
        } catch {
            throw AlmanacError(.invalidValue, line: component.line, column: 0, "VTIMEZONE \"\(tzid)\": \(error.message)")
        }
    }
}
