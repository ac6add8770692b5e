import Almanac

extension EventCalendar {
    /// The instance a key names, wherever it is now: moved by an override or
    /// a THISANDFUTURE shift, or where the rule puts it; `nil` when the
    /// series has no such instance (excluded, never produced) or no series
    /// has the key's UID. Floating and all-day instances are placed in `viewer`.
    ///
    /// ```swift
    /// let key = try OccurrenceKey(parsing: "standup@example.com/2024-05-13T09:00:00")
    /// calendar.occurrence(for: key)?.occurrence.start   // 2024-05-14T10:00:00: it was moved
    /// ```
    ///
    /// - Complexity: O(overrides of the series), plus a seek of the series
    ///   to the instance's date.
    public func occurrence(for key: OccurrenceKey, viewer: Zone = .utc) -> CalendarOccurrence? {
        for i in index.byUID.indices(key.seriesID) {
            if var o = index.series(i).occurrence(key.recurrenceID, viewer: viewer) {
                o.viewer = viewer
                return o
            }
        }
        return nil
    }
}

extension EventCalendar {
    /// The indices in ``events`` of the series with this UID, in file order
    /// (several VEVENTs may share one).
    ///
    /// ```swift
    /// calendar.eventIndices(seriesID: "standup@example.com").map { calendar.events[$0].title }
    /// ```
    ///
    /// - Complexity: O(1) on average: the calendar keeps them.
    public func eventIndices(seriesID: String) -> [Int] { index.byUID.indices(seriesID) }

    /// The index of the first series with this UID.
    package func firstEventIndex(uid: String) -> Int? { index.byUID.first(uid) }
}

extension SeriesInstances {
    /// The instance with recurrence id `rid`: an override's, or one of the
    /// series' own as its segment shows it.
    func occurrence(_ rid: RecurrenceID, viewer: Zone) -> CalendarOccurrence? {
        for k in active {
            let r = recurrenceID(of: event.overrides[k].originalStart)
            if r.date == rid.date && r.time == rid.time { return occurrence(override(k), part: Int32(k)) }
        }
        let k = Self.sortKey(event.start.withWallClock(rid.dateTime), kind: kind, zone: zone)
        let segment = ranges.filter { $0.key < k }.count
        let slack = CalendarIndex.slack
        let lo = Self.clamp(k &* unit &- slack), hi = Self.clamp(k &* unit &+ slack)
        let span = Timestamp(secondsSinceEpoch: lo)..<Timestamp(secondsSinceEpoch: hi)
        guard var found = iterator(over: span, viewer: viewer) else { return nil }
        while let o = found.next() {
            if o.recurrenceID == rid {
                return own(o, key: sortKey(of: o), segment: segment).map { occurrence($0, part: Int32(-1 - segment)) }
            }
        }
        return nil
    }
}
