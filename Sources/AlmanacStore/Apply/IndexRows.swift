import Almanac
import AlmanacCalendar

/// Instances to index rows and back: a row keeps the integers of its
/// `Occurrence`, so the instance read back is the one the expander made,
/// placed in any viewer the same way.
enum IndexRows {
    /// The window a horizon's index is expanded over: the horizon widened by
    /// two days on each side, so that a floating or all-day instance that
    /// overlaps the horizon in some zone is in it (it overlaps it in UTC
    /// less than a day away).
    static func expansionWindow(_ horizon: Range<Timestamp>) -> Range<Timestamp> {
        let pad: Int64 = 2 * 86_400
        let lo = max(Timestamp.min.secondsSinceEpoch, horizon.lowerBound.secondsSinceEpoch - pad)
        let hi = min(Timestamp.max.secondsSinceEpoch, horizon.upperBound.secondsSinceEpoch + pad)
        return Timestamp(secondsSinceEpoch: lo)..<Timestamp(secondsSinceEpoch: hi)
    }

    /// The index rows of `calendar`'s instances over `horizon`.
    static func rows(of calendar: EventCalendar, calendarID: String, horizon: Range<Timestamp>) -> [InstanceRow] {
        var out: [InstanceRow] = []
        for o in calendar.occurrences(overlapping: expansionWindow(horizon), viewer: .utc) {
            out.append(row(o, calendarID: calendarID))
        }
        return out
    }

    static func row(_ o: CalendarOccurrence, calendarID: String) -> InstanceRow {
        let p = o.occurrence.storedParts
        let kind = o.occurrence.kind
        let exact = kind == .utc || kind == .zoned
        let (lo, hi) = exact ? (p.sortKey, p.endSortKey) : (p.sortKey - InstanceRow.zoneReach, p.endSortKey + InstanceRow.zoneReach)
        return InstanceRow(calendarID: calendarID, seriesID: o.seriesID, key: o.key.description, kind: code(kind),
                           startKey: p.sortKey, endKey: p.endSortKey, local: p.local, ridLocal: p.ridLocal,
                           offset: Int64(p.offsetSeconds), isRepeat: p.isRepeat, lo: lo, hi: hi,
                           isLong: hi - lo > InstanceRow.shortSpan, status: o.status?.rawValue, title: o.title,
                           zone: kind == .zoned ? o.zone?.identifier : nil)
    }

    static func code(_ k: Anchor.Kind) -> Int64 {
        switch k {
        case .date: 0
        case .floating: 1
        case .utc: 2
        case .zoned: 3
        }
    }

    static func kind(_ code: Int64) throws(StoreError) -> Anchor.Kind {
        switch code {
        case 0: .date
        case 1: .floating
        case 2: .utc
        case 3: .zoned
        default: throw StoreError(.invalidValue, "index row of kind \(code): expected 0 to 3")
        }
    }

    /// The instance a row holds, placed in `viewer`; its zone found in the
    /// calendar's file zones, else by name.
    static func instance(_ r: InstanceRow, viewer: Zone, zones: (String) -> Zone?) throws(StoreError) -> StoredInstance {
        let o = Occurrence(sortKey: r.startKey, endSortKey: r.endKey, local: r.local, ridLocal: r.ridLocal,
                           offsetSeconds: Int32(truncatingIfNeeded: r.offset), isRepeat: r.isRepeat, kind: try kind(r.kind))
        return StoredInstance(calendarID: r.calendarID, key: OccurrenceKey(seriesID: r.seriesID, recurrenceID: o.recurrenceID),
                              occurrence: o, instants: o.instants(in: viewer), title: r.title,
                              status: r.status.map(status), zone: r.zone.flatMap(zones))
    }

    /// A stored STATUS: the RFC's values without a new string each.
    static func status(_ text: String) -> CalendarEvent.Status {
        switch text {
        case "CONFIRMED": .confirmed
        case "TENTATIVE": .tentative
        case "CANCELLED": .cancelled
        default: CalendarEvent.Status(rawValue: text)
        }
    }

    /// The instance a query of the calendar gives.
    static func instance(_ o: CalendarOccurrence, calendarID: String, viewer: Zone) -> StoredInstance {
        StoredInstance(calendarID: calendarID, key: o.key, occurrence: o.occurrence, instants: o.occurrence.instants(in: viewer),
                       title: o.title, status: o.status, zone: o.occurrence.kind == .zoned ? o.zone : nil)
    }

    /// The query's order: start in the viewer, calendar, UID, recurrence id.
    static func precedes(_ a: StoredInstance, _ b: StoredInstance) -> Bool {
        if a.instants.lowerBound != b.instants.lowerBound { return a.instants.lowerBound < b.instants.lowerBound }
        if a.calendarID != b.calendarID { return a.calendarID < b.calendarID }
        if a.key.seriesID != b.key.seriesID { return a.key.seriesID < b.key.seriesID }
        return a.key.recurrenceID < b.key.recurrenceID
    }
}
