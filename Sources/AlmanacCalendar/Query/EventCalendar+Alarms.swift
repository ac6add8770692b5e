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
