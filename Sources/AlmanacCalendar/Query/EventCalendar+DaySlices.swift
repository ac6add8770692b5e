import Almanac

/// One local day of a calendar instance in a viewer's zone: the day a to-do
/// app keeps a record for (a three-day trip is three of them).
public struct CalendarDaySlice: Sendable, Hashable {
    /// The instance the day belongs to.
    public var occurrence: CalendarOccurrence
    /// The day: its date, its part of the instance, which of its days it is.
    public var slice: DaySlice

    /// The record key: the UID, the instance's original recurrence id, the
    /// date. A moved instance keeps it.
    public var key: DayKey { DayKey(seriesID: occurrence.seriesID, slice: slice) }
}

extension EventCalendar {
    /// The day slices, in `viewer`'s zone, of every instance that overlaps
    /// `window`, keeping the slices that overlap it too (an all-day slice is
    /// a whole local day), in the order of ``occurrences(overlapping:viewer:dropsCancelled:)``.
    ///
    /// ```swift
    /// for d in calendar.daySlices(overlapping: week, viewer: paris) {
    ///     print(d.slice.date, d.occurrence.title ?? "", d.key)
    /// }
    /// ```
    public func daySlices(overlapping window: Range<Timestamp>, viewer: Zone,
                          dropsCancelled: Bool = false) -> [CalendarDaySlice] {
        var out: [CalendarDaySlice] = []
        for o in occurrences(overlapping: window, viewer: viewer, dropsCancelled: dropsCancelled) {
            for s in o.occurrence.daySlices(in: viewer)
            where window.overlapsInstance(start: s.start, end: s.end) {
                out.append(CalendarDaySlice(occurrence: o, slice: s))
            }
        }
        return out
    }

    /// The day slices, in `viewer`'s zone, whose date lies in `period`: the
    /// slices of a day, week, month or year list.
    public func daySlices(in period: Period, viewer: Zone,
                          dropsCancelled: Bool = false) -> [CalendarDaySlice] {
        let first = period.firstDay, last = period.lastDay
        let end = (try? last.adding(days: 1)).map { viewer.startOfDay($0) } ?? Timestamp.max
        var out: [CalendarDaySlice] = []
        for o in occurrences(overlapping: viewer.startOfDay(first)..<end, viewer: viewer, dropsCancelled: dropsCancelled) {
            for s in o.occurrence.daySlices(in: viewer) where s.date >= first && s.date <= last {
                out.append(CalendarDaySlice(occurrence: o, slice: s))
            }
        }
        return out
    }
}
