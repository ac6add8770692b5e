import AlmanacCore

/// What became of each old key after a series was edited: the new key of
/// every occurrence (or day) that still exists, and the old keys that no
/// longer do.
///
/// ```swift
/// let r = try Rekeying.dayKeys(old: before, new: after, seriesID: "standup", window: month, viewer: ny)
/// for (old, new) in r.mapping { records[new] = records.removeValue(forKey: old) }
/// r.orphaned   // show these to the user: their occurrence or day is gone
/// ```
///
/// Every old key of the window is in exactly one of ``mapping`` (even when
/// its key did not change, which maps it to itself) and ``orphaned``; no two
/// old keys map to the same new key.
///
/// - Complexity: a value holding a dictionary and an array.
public struct RekeyResult<Key: Hashable & Sendable>: Sendable {
    /// Old key → new key, for every old key whose occurrence (and day) still exists.
    ///
    /// ```swift
    /// r.mapping[try DayKey(parsing: "standup/2024-05-07T09:00:00/2024-05-07")]
    /// // standup/2024-05-07T10:00:00/2024-05-07 after moving 09:00 to 10:00
    /// ```
    public var mapping: [Key: Key]
    /// Old keys with no counterpart, in the order of their occurrences, then days.
    ///
    /// ```swift
    /// r.orphaned.map(\.description)   // ["standup/2024-05-14T09:00:00/2024-05-14", ...]
    /// ```
    public var orphaned: [Key]

    /// A result from its parts.
    ///
    /// ```swift
    /// RekeyResult<DayKey>(mapping: [:], orphaned: [])
    /// ```
    public init(mapping: [Key: Key], orphaned: [Key]) {
        self.mapping = mapping
        self.orphaned = orphaned
    }
}

extension RekeyResult: Equatable where Key: Equatable {}

/// Carries keys across an edit of a series: the time moved, the zone changed,
/// the rule changed, the event got longer or shorter.
///
/// ```swift
/// let ny = try Zone("America/New_York")
/// let before = try RecurrenceSet(start: .zoned(CivilDate(2024, 5, 7).at(9, 0), ny), rules: [try RecurrenceRule("FREQ=WEEKLY")])
/// var after = before
/// after.start = try .zoned(CivilDate(2024, 5, 7).at(10, 0), ny)
/// let may = try ny.startOfDay(CivilDate(2024, 5, 1))..<ny.startOfDay(CivilDate(2024, 6, 1))
/// let r = try Rekeying.occurrenceKeys(old: before, new: after, seriesID: "standup", window: may, viewer: ny)
/// r.mapping[try OccurrenceKey(parsing: "standup/2024-05-14T09:00:00")]   // standup/2024-05-14T10:00:00
/// ```
///
/// **The matching rule.**
/// 1. The old keys are those of the old series' occurrences whose day slices
///    overlap `window` in the viewer's zone (for day keys: the slices that
///    overlap it; see ``RecurrenceSet/daySlices(in:viewer:)-(Range<Timestamp>,Zone)``).
/// 2. Each occurrence, old or new, gets a label: the date of its
///    ``RecurrenceID`` (the wall-clock date of its unmodified start, in the
///    series' own zone; so a change of zone or of time of day keeps the
///    date), and its rank, from 0, among the series' occurrences with that
///    date, in order of start (a daily series has rank 0 only; an hourly
///    one ranks the hours of each date).
/// 3. An old occurrence matches the new occurrence with the same label,
///    wherever that one falls (it need not touch the window); with none it
///    is orphaned.
/// 4. A single event (no RRULE and no RDATE, before and after) is its own
///    series: its one occurrence matches the new one even when the edit
///    moved it to another date.
/// 5. A day key of a matched occurrence maps to the new occurrence's slice
///    with the same ``DaySlice/index`` (the trip's second day to the second
///    day, whatever its date now), in the same viewer zone; an index at or
///    beyond the new occurrence's day count is orphaned (a three-day trip
///    shortened to two orphans its third day).
///
/// So moving 09:00 to 10:00 maps every occurrence; moving the series from
/// New York to Tokyo at the same local time maps every occurrence, and the
/// day keys of a New York viewer move to the previous date where Tokyo's
/// 09:00 is New York's evening; changing weekly to every two weeks orphans
/// the weeks that are gone; moving a weekly series from Tuesday to
/// Wednesday orphans everything, since no occurrence keeps its date.
///
/// - Complexity: see ``dayKeys(old:new:seriesID:newSeriesID:window:viewer:)``.
public enum Rekeying {
    /// Maps the day keys of `old` in `window` to those of `new` (see the type's rule).
    ///
    /// ```swift
    /// let r = try Rekeying.dayKeys(old: trip, new: shorterTrip, seriesID: "trip-42", window: may, viewer: ny)
    /// r.orphaned.map(\.date)   // [2024-05-03]: the third day is gone
    /// ```
    ///
    /// `newSeriesID` names the series after the edit when its id changed
    /// (a series split in two); by default it is `seriesID`.
    ///
    /// - Throws: ``AlmanacError`` when either series cannot be expanded.
    /// - Complexity: expands `old` over the window and both series over the
    ///   dates of the old occurrences found (plus three days each side), so
    ///   O(occurrences in that span) plus O(log n) per day key; memory is
    ///   O(occurrences on those dates).
    public static func dayKeys(old: RecurrenceSet, new: RecurrenceSet, seriesID: String, newSeriesID: String? = nil,
                               window: Range<Timestamp>, viewer: Zone) throws(AlmanacError) -> RekeyResult<DayKey> {
        let newID = newSeriesID ?? seriesID
        var mapping: [DayKey: DayKey] = [:], orphaned: [DayKey] = []
        for m in try match(old: old, new: new, window: window, viewer: viewer) {
            let oldKey = OccurrenceKey(seriesID: seriesID, recurrenceID: m.oldID)
            let newSlices = m.new?.daySlices(in: viewer)
            let newKey = m.new.map { OccurrenceKey(seriesID: newID, occurrence: $0) }
            for s in m.slices {
                let k = DayKey(occurrence: oldKey, date: s.date)
                if let newSlices, let newKey, s.index < newSlices.count {
                    mapping[k] = DayKey(occurrence: newKey, date: newSlices[s.index].date)
                } else {
                    orphaned.append(k)
                }
            }
        }
        return RekeyResult(mapping: mapping, orphaned: orphaned)
    }

    /// Maps the occurrence keys of `old` in `window` to those of `new` (see the type's rule).
    ///
    /// ```swift
    /// var biweekly = before
    /// biweekly.rules = [try RecurrenceRule("FREQ=WEEKLY;INTERVAL=2")]
    /// let r = try Rekeying.occurrenceKeys(old: before, new: biweekly, seriesID: "standup", window: may, viewer: ny)
    /// r.orphaned.map(\.recurrenceID.date)   // [2024-05-14, 2024-05-28]
    /// ```
    ///
    /// - Throws: ``AlmanacError`` when either series cannot be expanded.
    /// - Complexity: as ``dayKeys(old:new:seriesID:newSeriesID:window:viewer:)``,
    ///   without the per-day work.
    public static func occurrenceKeys(old: RecurrenceSet, new: RecurrenceSet, seriesID: String, newSeriesID: String? = nil,
                                      window: Range<Timestamp>, viewer: Zone) throws(AlmanacError) -> RekeyResult<OccurrenceKey> {
        let newID = newSeriesID ?? seriesID
        var mapping: [OccurrenceKey: OccurrenceKey] = [:], orphaned: [OccurrenceKey] = []
        for m in try match(old: old, new: new, window: window, viewer: viewer) {
            let k = OccurrenceKey(seriesID: seriesID, recurrenceID: m.oldID)
            if let n = m.new { mapping[k] = OccurrenceKey(seriesID: newID, occurrence: n) } else { orphaned.append(k) }
        }
        return RekeyResult(mapping: mapping, orphaned: orphaned)
    }

    /// An old occurrence in the window, its slices there, and its match.
    struct Match {
        var old: Occurrence
        var oldID: RecurrenceID
        var slices: [DaySlice]
        var new: Occurrence?
    }

    /// A date and a rank among the occurrences of that date.
    struct Label: Hashable {
        var date: CivilDate
        var rank: Int
    }

    /// Steps 1 to 4 of the rule.
    static func match(old: RecurrenceSet, new: RecurrenceSet, window: Range<Timestamp>, viewer: Zone) throws(AlmanacError) -> [Match] {
        // 1. The old occurrences that touch the window, with their slices there.
        var matches: [Match] = []
        for s in try old.daySlices(in: window, viewer: viewer) {
            if let last = matches.last, last.old == s.occurrence {
                matches[matches.count - 1].slices.append(s)
            } else {
                matches.append(Match(old: s.occurrence, oldID: s.occurrence.recurrenceID, slices: [s], new: nil))
            }
        }
        guard !matches.isEmpty else { return [] }

        // 4. A single event before and after.
        if isSingle(old) && isSingle(new) {
            var it = try new.occurrences().makeIterator()
            let n = it.next()
            for i in matches.indices { matches[i].new = n }
            return matches
        }

        // 2. Labels: every occurrence of both series on the dates found.
        let dates = Set(matches.map(\.oldID.date))
        let low = dates.min()!.daysSinceEpoch, high = dates.max()!.daysSinceEpoch
        var oldLabels: [RecurrenceID: Label] = [:]
        try label(old, dates: dates, low: low, high: high) { id, _, label in oldLabels[id] = label }
        var newByLabel: [Label: Occurrence] = [:]
        try label(new, dates: dates, low: low, high: high) { _, o, label in newByLabel[label] = o }

        // 3. Same label, same occurrence.
        for i in matches.indices {
            if let l = oldLabels[matches[i].oldID] { matches[i].new = newByLabel[l] }
        }
        return matches
    }

    /// No RRULE and no RDATE: one occurrence, DTSTART.
    static func isSingle(_ set: RecurrenceSet) -> Bool { set.rules.isEmpty && set.dates.isEmpty }

    /// Calls `body` for every occurrence of `set` whose recurrence id's date
    /// is in `dates`, with its label.
    static func label(_ set: RecurrenceSet, dates: Set<CivilDate>, low: Int, high: Int,
                      _ body: (RecurrenceID, Occurrence, Label) -> Void) throws(AlmanacError) {
        // Keys lie within a day and a gap of the wall-clock start: three days
        // on each side hold every occurrence of these dates.
        let pad: Int64 = 3 * 86_400
        let window = RecurrenceSet.Window(bounds: .wallClock(Int64(low) * 86_400 - pad..<Int64(high + 1) * 86_400 + pad))
        var counts: [CivilDate: Int] = [:]
        // Ranks follow the start; the expansion is ordered by the start in
        // the series' terms.
        for o in try set.occurrences(in: window) {
            let id = o.recurrenceID
            guard dates.contains(id.date) else { continue }
            let rank = counts[id.date, default: 0]
            counts[id.date] = rank + 1
            body(id, o, Label(date: id.date, rank: rank))
        }
    }
}
