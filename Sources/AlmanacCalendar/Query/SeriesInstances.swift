import Almanac
import Synchronization

/// One series of a calendar, ready for window queries: its overrides by the
/// key of the instance they name, its THISANDFUTURE shifts and lengths.
///
/// The series' own instances come in *segments*: segment 0 holds those before
/// the first RANGE=THISANDFUTURE override, segment `s` those from the `s`-th
/// such override up to the next, moved by its shift. Each segment comes from
/// the engine, queried over the window widened by the segment's length and
/// shift (so its cost is the window's, not the series'); an instance that an
/// override names is left out. Each override is placed at its own time, so
/// an instance moved into the window from outside it is found and one moved
/// out of it is not.
///
/// A class, shared by the calendar's index and every query part that reads
/// it (a struct this size would be copied, with its dictionaries' reference
/// counts, at each call). Every property is a `let`: a class's `var` is
/// checked for exclusive access at each read, at run time.
final class SeriesInstances: @unchecked Sendable {
    let event: CalendarEvent
    let index: Int
    let kind: Anchor.Kind
    let zone: Zone
    /// The series' length: nominal days, then exact seconds.
    let days: Int, seconds: Int64
    /// Overrides of one instance, by the key of the instance they name.
    let single: [Int64: CalendarEvent.Override]
    /// The overrides in force, in file order: of several that name one
    /// instance, the one with the highest SEQUENCE, then the last.
    let active: [Int]
    /// RANGE=THISANDFUTURE overrides, by key, sorted.
    let ranges: [(key: Int64, override: CalendarEvent.Override, index: Int)]
    /// RDATE periods' lengths (nominal days, exact seconds), by the key of their start.
    let periods: [Int64: (days: Int, seconds: Int64)]
    /// The zones of RDATEs with a TZID of their own (not the series'), by
    /// key: such an instance is shown in its own zone (RFC 5545 section 3.2.19).
    let dateZones: [Int64: Zone]
    /// Each THISANDFUTURE override's shift (see ``shift(of:kind:zone:)``) and length, as `ranges`.
    let rangeShifts: [Int64], rangeLengths: [(days: Int, seconds: Int64)]
    /// The longest of the series' own instances (its length, its RDATE periods), in seconds.
    let longestOwn: Int64
    /// The starts of the RDATE periods longer than the series' own length,
    /// in file order: a query reads them apart (``earlyInstances(query:)``),
    /// so that one long period does not widen the window of every instance.
    let longPeriodStarts: [Anchor]
    /// Whether the series' length, or one of its other RDATE periods, has
    /// nominal days: the slack segment 0's window needs besides the long periods.
    let shortNominalDays: Bool
    /// Whether one of those lengths has nominal days (86,400 s in
    /// ``longestOwn``, longer on a DST day).
    let nominalDays: Bool
    /// The series' expansion, its rule plans built once (`nil`: it cannot
    /// be expanded, or has no rules and is built at its first query, see
    /// ``lateExpansion()``); each query starts an iterator over its window.
    let prepared: RecurrenceSet.Occurrences?
    /// The expansion of a series without rules, built at the first query
    /// that opens the series: most series of a file are single events, and
    /// most are never opened by a query (reading C2's calendar built 11,000
    /// expansions, about a tenth of the read).
    private let unprepared = Mutex<PreparedSeries?>(nil)
    /// Why it cannot be expanded.
    let problem: AlmanacError?

    init(_ event: CalendarEvent, index: Int) {
        self.event = event
        self.index = index
        let start = event.start
        let (kind, zone) = (start.kind, start.zone ?? .utc)
        (self.kind, self.zone) = (kind, zone)
        let (days, seconds) = Self.length(event.length, start: start, zone: zone)
        (self.days, self.seconds) = (days, seconds)
        do throws(AlmanacError) {
            // Only rules can fail to expand (a sub-daily rule on a DATE, an
            // RSCALE the system lacks): a set of dates cannot.
            let hasRules = !event.recurrence.rules.isEmpty || !event.recurrence.exclusionRules.isEmpty
            (prepared, problem) = (hasRules ? try event.recurrence.occurrences() : nil, nil)
        } catch {
            (prepared, problem) = (nil, error)
        }
        // One override per instance (RFC 5545 section 3.8.4.4): the highest
        // SEQUENCE (section 3.8.7.4), then the last in the file.
        var chosen: [Int64: Int] = [:]
        for (i, o) in event.overrides.enumerated() {
            let k = Self.sortKey(o.originalStart, kind: kind, zone: zone)
            if let j = chosen[k], (event.overrides[j].sequence ?? 0) > (o.sequence ?? 0) { continue }
            chosen[k] = i
        }
        active = chosen.values.sorted()
        var single: [Int64: CalendarEvent.Override] = [:], ranges: [(key: Int64, override: CalendarEvent.Override, index: Int)] = []
        for i in active {
            let o = event.overrides[i]
            let k = Self.sortKey(o.originalStart, kind: kind, zone: zone)
            if o.thisAndFuture { ranges.append((k, o, i)) } else { single[k] = o }
        }
        ranges.sort { $0.key < $1.key }
        var periods: [Int64: (days: Int, seconds: Int64)] = [:]
        for p in event.rdatePeriods {
            periods[Self.sortKey(p.start, kind: kind, zone: zone)] = Self.length(p.length, start: p.start, zone: zone)
        }
        var dateZones: [Int64: Zone] = [:]
        for d in event.recurrence.dates where kind == .zoned || kind == .utc {
            if case .zoned(_, let z) = d, z != zone { dateZones[Self.sortKey(d, kind: kind, zone: zone)] = z }
        }
        self.dateZones = dateZones
        rangeShifts = ranges.map { Self.shift(of: $0.override, kind: kind, zone: zone) }
        rangeLengths = ranges.map { Self.length($0.override.length, start: $0.override.start, zone: zone) }
        let own = Self.span(days, seconds)
        var longest = own, nominal = days > 0
        for (d, s) in periods.values {
            longest = max(longest, Self.span(d, s))
            nominal = nominal || d > 0
        }
        var long: [Anchor] = [], shortNominal = days > 0
        for p in event.rdatePeriods {
            guard let (d, s) = periods[Self.sortKey(p.start, kind: kind, zone: zone)] else { continue }
            if Self.span(d, s) > own { long.append(p.start) } else { shortNominal = shortNominal || d > 0 }
        }
        (longPeriodStarts, shortNominalDays) = (long, shortNominal)
        (self.single, self.ranges, self.periods, longestOwn, nominalDays) = (single, ranges, periods, longest, nominal)
    }

    /// The expansion of a series without rules (see ``unprepared``), built
    /// at the first call; `nil` for a series with rules (read ``prepared``).
    func lateExpansion() -> PreparedSeries? {
        guard prepared == nil, problem == nil else { return nil }
        return unprepared.withLock { slot in
            if slot == nil, let o = try? event.recurrence.occurrences() { slot = PreparedSeries(o) }
            return slot
        }
    }

    /// A length in seconds, at most (negative parts read as zero; a nominal
    /// day is 86,400 s here, and the index's slack covers a DST day), each
    /// part capped as ``instance(_:days:seconds:rid:)`` caps it.
    static func span(_ days: Int, _ seconds: Int64) -> Int64 {
        Int64(min(max(0, days), 12_000_000)) * 86_400 + min(max(0, seconds), 12_000_000 * 86_400)
    }

    /// A value in the series' key space: day numbers for a DATE series,
    /// wall-clock seconds for a floating one, instants otherwise (an
    /// override's RECURRENCE-ID is compared as an instant, in whatever zone it
    /// is written; on an all-day series by its date, as Exchange writes it).
    static func sortKey(_ a: Anchor, kind: Anchor.Kind, zone: Zone) -> Int64 {
        switch kind {
        case .date: return Int64(a.civil.date.daysSinceEpoch)
        case .floating: return a.civil.localSeconds
        case .utc, .zoned:
            switch a {
            case .date(let d): return zone.startOfDay(d).secondsSinceEpoch
            case .floating(let c): return zone.instant(of: c).secondsSinceEpoch
            case .utc(let c): return c.localSeconds
            case .zoned(let c, let z): return z.instant(of: c).secondsSinceEpoch
            }
        }
    }

    /// The key of one of the series' own instances.
    func sortKey(of o: Occurrence) -> Int64 {
        switch kind {
        case .date: return Int64(o.recurrenceID.date.daysSinceEpoch)
        case .floating: return o.recurrenceID.dateTime.localSeconds
        case .utc, .zoned: return o.instants.map { $0.lowerBound.secondsSinceEpoch } ?? 0
        }
    }

    /// A length as nominal days and exact seconds (RFC 5545 section 3.8.5.3:
    /// DTEND gives an exact duration, DURATION a nominal one).
    static func length(_ l: RecurrenceSet.Length?, start: Anchor, zone: Zone) -> (Int, Int64) {
        switch (l, start) {
        case (nil, .date): return (1, 0)
        case (nil, _): return (0, 0)
        case (.duration(let d)?, _): return (d.days, Int64(d.seconds))
        case (.end(let e)?, .date(let d)): return (e.civil.date.daysSinceEpoch - d.daysSinceEpoch, 0)
        case (.end(let e)?, .floating(let c)): return (0, e.civil.localSeconds - c.localSeconds)
        case (.end(let e)?, _):
            return (0, sortKey(e, kind: .zoned, zone: zone) - sortKey(start, kind: .zoned, zone: zone))
        }
    }
}

/// A series' expansion built at its first query (see ``SeriesInstances/lateExpansion()``).
final class PreparedSeries: Sendable {
    let occurrences: RecurrenceSet.Occurrences
    init(_ occurrences: RecurrenceSet.Occurrences) { self.occurrences = occurrences }
}
