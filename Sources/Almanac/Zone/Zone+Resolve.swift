import AlmanacCore

/// How a local date-time relates to a zone's clock.
public enum LocalResolution: Sendable, Hashable {
    /// The local time happens exactly once, at this offset.
    case unique(Offset)
    /// The local time never happens: clocks jumped from `before` to `after` over it.
    case gap(before: Offset, after: Offset)
    /// The local time happens twice: first at offset `earlier`, then at `later`.
    case overlap(earlier: Offset, later: Offset)
}

/// How to pick an instant for a local time in a gap or an overlap (jiff's names).
public enum Disambiguation: Sendable, Hashable, Codable {
    /// RFC 5545 section 3.3.5: a time in a gap is read with the offset before
    /// the gap (02:30 on a spring-forward night becomes 03:30); an ambiguous
    /// time takes the earlier instant. The default everywhere.
    case compatible
    /// Gap: the instant just before the transition's clock reading (offset after); overlap: the earlier instant.
    case earlier
    /// Gap: as `compatible`; overlap: the later instant.
    case later
    /// Throw ``AlmanacError/Kind/nonexistentTime`` for a gap or an overlap.
    case reject
}

extension Zone {
    /// Whether a local date-time happens once, never, or twice in this zone.
    ///
    /// - Complexity: O(log n) in the number of transitions.
    public func resolve(_ local: CivilDateTime) -> LocalResolution {
        table.resolve(localSeconds: local.localSeconds)
    }

    /// The instant of a local date-time, with a rule for gaps and overlaps.
    ///
    /// ```swift
    /// let ny = try Zone("America/New_York")
    /// try ny.timestamp(for: CivilDate(2024, 11, 3).at(1, 30)) // 05:30Z: the first 01:30, EDT
    /// ```
    /// - Throws: ``AlmanacError/Kind/nonexistentTime`` with `.reject` when the
    ///   time is in a gap or an overlap.
    public func timestamp(for local: CivilDateTime, _ disambiguation: Disambiguation = .compatible) throws(AlmanacError) -> Timestamp {
        let l = local.localSeconds
        let seconds: Int64
        switch (table.resolve(localSeconds: l), disambiguation) {
        case (.unique(let o), _):
            seconds = l - Int64(o.seconds)
        case (.gap(let before, _), .compatible), (.gap(let before, _), .later):
            seconds = l - Int64(before.seconds)
        case (.gap(_, let after), .earlier):
            seconds = l - Int64(after.seconds)
        case (.overlap(let earlier, _), .compatible), (.overlap(let earlier, _), .earlier):
            seconds = l - Int64(earlier.seconds)
        case (.overlap(_, let later), .later):
            seconds = l - Int64(later.seconds)
        case (.gap(let before, let after), .reject):
            throw AlmanacError(.nonexistentTime, "\(local) does not exist in \(identifier): it falls in a gap between \(before) and \(after)")
        case (.overlap(let earlier, let later), .reject):
            throw AlmanacError(.nonexistentTime, "\(local) is ambiguous in \(identifier): it happens at \(earlier) and again at \(later)")
        }
        return Timestamp(secondsSinceEpoch: seconds)
    }

    /// The instant of a local date-time by RFC 5545 section 3.3.5's rule (a
    /// time in a gap is read with the offset before the gap, an ambiguous
    /// time takes the earlier instant): ``timestamp(for:_:)`` with
    /// ``Disambiguation/compatible``, which cannot fail.
    package func instant(of local: CivilDateTime) -> Timestamp {
        Timestamp(secondsSinceEpoch: table.instant(ofLocal: local.localSeconds))
    }

    /// ``instant(of:)`` for wall-clock seconds, which may lie past year
    /// 9999 (an instance's end): seconds since the epoch.
    package func instant(ofLocalSeconds local: Int64) -> Int64 {
        table.instant(ofLocal: local)
    }

    /// The first instant of a local date. Usually midnight, but not always:
    /// on 2018-11-04 in America/Sao_Paulo clocks jumped from 00:00 to 01:00,
    /// so that day starts at 01:00 local time.
    public func startOfDay(_ date: CivilDate) -> Timestamp {
        let l = Int64(date.daysSinceEpoch) * 86_400
        switch table.resolve(localSeconds: l) {
        case .unique(let o), .overlap(let o, _):
            return Timestamp(secondsSinceEpoch: l - Int64(o.seconds))
        case .gap:
            // Midnight is in a gap: the day starts at the transition itself.
            return Timestamp(secondsSinceEpoch: table.gapTransition(localSeconds: l))
        }
    }

    /// The civil date-time shown at an instant, with the offset in force.
    public func civil(at instant: Timestamp) -> (CivilDateTime, Offset)? {
        let o = offset(at: instant)
        guard let c = instant.civil(at: o) else { return nil }
        return (c, o)
    }
}

extension ZoneTable {
    /// Offsets never reach a day and two hours from UTC, so the spans that can
    /// hold a solution of `u + offset(u) = l` lie within this margin of `l`.
    @usableFromInline static let margin: Int64 = 26 * 3600

    /// Solves `u + offset(u) = l` over the spans near `l`.
    @usableFromInline
    func resolve(localSeconds l0: Int64) -> LocalResolution {
        let (l, _) = fold(l0)
        // `last` is `spanIndex(l + margin)`, found by stepping from `first`
        // over the few transitions within the margins: one search, not two.
        let first = spanIndex(l - Self.margin)
        var last = first
        while last < transitions.count && transitions[last] <= l + Self.margin { last += 1 }
        var found: (Int32, Int32?)? = nil
        for j in first...last {
            let o = offsets[j]
            let u = l - Int64(o)
            if j > 0 && u < transitions[j - 1] { continue }
            if j < transitions.count && u >= transitions[j] { continue }
            if let f = found { found = (f.0, o); break }
            found = (o, nil)
        }
        switch found {
        case let (o, nil)?: return .unique(Offset(uncheckedSeconds: o))
        case let (a, b?)?: return .overlap(earlier: Offset(uncheckedSeconds: a), later: Offset(uncheckedSeconds: b))
        case nil:
            let j = gapSpan(l)
            return .gap(before: Offset(uncheckedSeconds: offsets[j - 1]), after: Offset(uncheckedSeconds: offsets[j]))
        }
    }

    /// The instant of local seconds `l` by RFC 5545 section 3.3.5's rule: a
    /// time in a gap is read with the offset before the gap (moving it
    /// forward by the gap), an ambiguous time takes the earlier instant.
    func instant(ofLocal l: Int64) -> Int64 {
        switch resolve(localSeconds: l) {
        case .unique(let o), .overlap(let o, _), .gap(let o, _):
            return l - Int64(o.seconds)
        }
    }

    /// The span `j` whose start transition opened the gap holding local `l` (folded).
    func gapSpan(_ l: Int64) -> Int {
        var j = spanIndex(l - Self.margin)
        while j < transitions.count + 1 {
            if j > 0, l - Int64(offsets[j]) < transitions[j - 1], l - Int64(offsets[j - 1]) >= transitions[j - 1] { return j }
            j += 1
        }
        return max(1, min(j, transitions.count))
    }

    /// The UTC instant of the transition that opened the gap holding local `l`.
    func gapTransition(localSeconds l0: Int64) -> Int64 {
        let (l, shift) = fold(l0)
        return transitions[gapSpan(l) - 1] + shift
    }
}
