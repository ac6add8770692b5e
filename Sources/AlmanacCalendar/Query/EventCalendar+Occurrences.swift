import Almanac

extension EventCalendar {
    /// The instances of every series that overlap `window`: each starts
    /// before the window's end and ends after its start (a zero-length one
    /// at the window's start counts), in start order (then UID, then
    /// recurrence id). Floating and all-day instances are placed in `viewer`.
    ///
    /// Overrides are applied: a moved instance is found at its new time,
    /// even when it moved into the window from outside it; a cancelled one
    /// is listed with status `CANCELLED` unless `dropsCancelled`. Each
    /// series seeks to the window: the cost does not grow with its age.
    ///
    /// - Returns: the instances, and the series that could not be expanded
    ///   (an RSCALE Almanac lacks, a sub-daily rule on a DATE) with why.
    public func occurrences(overlapping window: Range<Timestamp>, viewer: Zone = .utc,
                            dropsCancelled: Bool = false) -> (occurrences: [CalendarOccurrence], problems: [(uid: String, error: AlmanacError)]) {
        var out: [CalendarOccurrence] = []
        var problems: [(uid: String, error: AlmanacError)] = []
        for (i, e) in events.enumerated() {
            do throws(AlmanacError) {
                try _SeriesInstances(e, index: i).instances(overlapping: window, viewer: viewer, drop: dropsCancelled, into: &out)
            } catch {
                problems.append((e.uid, error))
            }
        }
        out.sort { a, b in
            let (x, y) = (a.occurrence.instants(in: viewer).lowerBound, b.occurrence.instants(in: viewer).lowerBound)
            if x != y { return x < y }
            if a.uid != b.uid { return a.uid < b.uid }
            return a.occurrence.recurrenceID < b.occurrence.recurrenceID
        }
        return (out, problems)
    }
}
