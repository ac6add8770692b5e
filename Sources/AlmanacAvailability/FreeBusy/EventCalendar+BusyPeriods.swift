import Almanac
import AlmanacCalendar

extension EventCalendar {
    /// The busy time of the calendar in `window`: its events' instances
    /// that block time, and the periods of its VFREEBUSY components
    /// (``freeBusy``), clipped to the window, merged and typed, in start
    /// order (see ``FreeBusy`` for the merge and ``FreeBusyOptions`` for
    /// what is busy).
    ///
    /// ```swift
    /// let calendar = try EventCalendar(ics: text)
    /// let may6 = try Timestamp(utc: CivilDate(2024, 5, 6).at(0, 0))..<Timestamp(utc: CivilDate(2024, 5, 7).at(0, 0))
    /// for p in calendar.busyPeriods(overlapping: may6, viewer: try Zone("Europe/Paris")) {
    ///     print(p.type, p.range)   // BUSY 2024-05-06T07:00:00Z..<2024-05-06T08:00:00Z
    /// }
    /// ```
    ///
    /// `viewer` places floating and all-day instances (an all-day event is
    /// busy from the viewer's midnight to the next).
    ///
    /// - Complexity: the window query (it seeks to the window: the cost
    ///   does not grow with the series' age), then O(n log n) for the n
    ///   busy instances and periods found.
    public func busyPeriods(overlapping window: Range<Timestamp>, viewer: Zone = .utc,
                            options: FreeBusyOptions = FreeBusyOptions()) -> [BusyPeriod] {
        var spans = BusySpans(window: window)
        spans.add(self, viewer: viewer, options: options)
        return spans.merged()
    }
}
