import Almanac
import AlmanacCalendar

extension EventCalendar {
    /// The times the alarms of the calendar's instances fire in `window`
    /// (from its start, inclusive, to its end), in time order, produced
    /// lazily: each with its alarm, its repeat number and its instance
    /// (series id, original start, start, title).
    ///
    /// ```swift
    /// let week = try Timestamp(utc: CivilDate(2026, 3, 23).at(0, 0))..<Timestamp(utc: CivilDate(2026, 3, 30).at(0, 0))
    /// for f in calendar.alarms(in: week, viewer: try Zone("Europe/Paris")) {
    ///     print(f.time, f.alarm.action, f.instance.title ?? "")
    /// }
    /// ```
    ///
    /// What fires (RFC 5545 section 3.6.6, RFC 9074):
    /// - each instance fires the alarms of the component that gives it: its
    ///   override's (which replace the series'), the RANGE=THISANDFUTURE
    ///   override's that governs it, or its series';
    /// - a TRIGGER relative to the start or the end (a to-do's DUE), or an
    ///   absolute one, which fires once, for the instance its component
    ///   starts (if the set still has it); then REPEAT more times, DURATION apart;
    /// - cancelled instances, completed to-dos, ACTION:NONE and location
    ///   (PROXIMITY) alarms fire nothing, and a trigger at or before the
    ///   alarm's ACKNOWLEDGED time does not fire again;
    /// - floating and all-day instances are placed in `viewer`, and their
    ///   alarms on its clock.
    ///
    /// - Complexity: the instances read are those of the window widened by
    ///   the calendar's longest alarm lead and lag, found by the calendar's
    ///   index (seeking, not scanning old instances), and only of the
    ///   series that have alarms; O(log h) per firing for h waiting in the heap.
    public func alarms(in window: Range<Timestamp>, viewer: Zone = .utc) -> CalendarAlarms {
        CalendarAlarms(calendar: self, window: window, viewer: viewer)
    }

    /// The next `count` alarm firings at or after `start`, in time order:
    /// what an app schedules as local notifications (iOS keeps 64 per app).
    ///
    /// ```swift
    /// let pending = calendar.nextAlarms(64, from: now, viewer: .current)
    /// ```
    ///
    /// - Complexity: grows with `count` and the number of series, not with
    ///   their age: the window query seeks to `start`.
    public func nextAlarms(_ count: Int, from start: Timestamp, viewer: Zone = .utc) -> [AlarmFiring] {
        Array(alarms(in: start..<Timestamp.max, viewer: viewer).prefix(max(0, count)))
    }
}
