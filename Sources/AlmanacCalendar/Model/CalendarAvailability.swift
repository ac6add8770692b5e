import Almanac

/// A VAVAILABILITY component (RFC 7953 section 3.1): a span of time in
/// which a person is unavailable (BUSYTYPE, BUSY-UNAVAILABLE by default)
/// except in its AVAILABLE subcomponents.
///
/// ```swift
/// let hours = try EventCalendar(ics: text).availability
/// hours.first?.available.first?.recurrence.rules   // [FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR]
/// ```
///
/// AlmanacAvailability's `AvailabilityTime` combines several components by
/// PRIORITY into the time a person works.
public struct CalendarAvailability: Sendable {
    /// UID.
    public var uid: String
    /// DTSTART; nil when absent: the span starts unbounded (section 3.1).
    public var start: Anchor?
    /// DTEND or DURATION; nil when absent: the span ends unbounded.
    public var end: RecurrenceSet.Length?
    /// BUSYTYPE: how the span outside AVAILABLE time counts (section 3.2).
    public var busyType: FreeBusyType
    /// PRIORITY, 0...9: 0 (the default) undefined and lowest, then 9 up to
    /// 1, the highest (RFC 5545 section 3.8.1.9; RFC 7953 section 4).
    public var priority: Int
    /// SUMMARY.
    public var summary: String?
    /// The AVAILABLE subcomponents, each a series (DTSTART, DTEND or
    /// DURATION, RRULE, RDATE, EXDATE) with its RECURRENCE-ID overrides.
    public var available: [CalendarEvent]
    /// Physical line of its BEGIN.
    public var line: Int

    /// A component from its parts.
    ///
    /// ```swift
    /// let nineToFive = CalendarEvent(id: "wk", recurrence: try RecurrenceSet(
    ///     start: .zoned(CivilDate(2026, 1, 5).at(9, 0), try Zone("Europe/Paris")),
    ///     rules: [try RecurrenceRule("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR")], length: .duration(EventDuration(seconds: 8 * 3600))))
    /// let hours = CalendarAvailability(uid: "hours", available: [nineToFive])
    /// ```
    public init(uid: String, start: Anchor? = nil, end: RecurrenceSet.Length? = nil, busyType: FreeBusyType = .busyUnavailable,
                priority: Int = 0, summary: String? = nil, available: [CalendarEvent] = [], line: Int = 0) {
        self.uid = uid
        self.start = start
        self.end = end
        self.busyType = busyType
        self.priority = priority
        self.summary = summary
        self.available = available
        self.line = line
    }

    /// The span as instants; an unbounded end is `Timestamp.min` or
    /// `.max`. `viewer` places floating values (RFC 7953 allows only UTC
    /// and zoned DATE-TIMEs; lenient reading keeps others).
    ///
    /// ```swift
    /// hours.range(in: .utc)   // Timestamp.min..<Timestamp.max without DTSTART and DTEND
    /// ```
    public func range(in viewer: Zone) -> Range<Timestamp> {
        let s = start?.instant(in: viewer) ?? .min
        let e: Timestamp
        switch end {
        case nil: e = .max
        case .end(let a)?: e = a.instant(in: viewer)
        case .duration(let d)?:
            // RFC 5545 section 3.3.6: days are nominal (wall-clock days in the start's zone), seconds exact.
            guard let start else { e = .max; break }
            let zone = start.zone ?? viewer, local = start.civil
            guard let day = CivilDate(daysSinceEpoch: local.date.daysSinceEpoch + d.days),
                  let shifted = try? zone.timestamp(for: CivilDateTime(day, local.time)) else { e = .max; break }
            e = shifted + Int64(d.seconds)
        }
        return s..<max(s, e)
    }
}
