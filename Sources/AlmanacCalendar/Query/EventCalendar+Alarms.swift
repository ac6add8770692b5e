import Almanac

extension EventCalendar {
    /// The VALARMs of the component that gives `occurrence` its properties:
    /// its override's (an override is a whole component, RFC 5545 section
    /// 3.8.4.4, so its alarms replace the series'), the THISANDFUTURE
    /// override's that governs it, or else its series'.
    ///
    /// ```swift
    /// for o in calendar.occurrences(overlapping: week) { print(o.title ?? "", calendar.alarms(of: o).count) }
    /// ```
    public func alarms(of occurrence: CalendarOccurrence) -> [Alarm] {
        guard events.indices.contains(occurrence.eventIndex) else { return [] }
        let event = events[occurrence.eventIndex]
        let source = Int(occurrence.source)
        if source >= 0 { return source < event.overrides.count ? event.overrides[source].alarms : [] }
        return event.alarms
    }
}

extension EventCalendar {
    /// The instance a component of series `event` starts (`source` -1: the
    /// series' DTSTART instance; else that override's instance), as a window
    /// query would list it; `nil` when the set has no such instance (an
    /// EXDATE removed it) or another component gives it (an override
    /// replaced the DTSTART instance). Absolute alarms belong to it.
    package func ownInstance(event: Int, source: Int32, viewer: Zone) -> CalendarOccurrence? {
        guard events.indices.contains(event) else { return nil }
        let e = events[event]
        let anchor: Anchor
        if source >= 0 {
            guard Int(source) < e.overrides.count else { return nil }
            anchor = e.overrides[Int(source)].originalStart
        } else {
            anchor = e.recurrence.start
        }
        let series = index.series(event)
        // A value in the series' own form names its recurrence id by its wall
        // clock, as written: read as an instant, a DTSTART in a DST gap would
        // name the time after the gap, which no instance has as its id.
        let rid: RecurrenceID
        switch (anchor, e.recurrence.start) {
        case (.date(let d), .date): rid = RecurrenceID(date: d)
        case (.floating(let c), .floating), (.utc(let c), .utc): rid = RecurrenceID(c)
        case (.zoned(let c, let z), .zoned(_, let sz)) where z == sz: rid = RecurrenceID(c)
        default: rid = series.recurrenceID(of: anchor)
        }
        guard var o = series.occurrence(rid, viewer: viewer), o.source == source else { return nil }
        o.viewer = viewer
        return o
    }
}
