import AlmanacCore

extension Occurrence {
    /// The local days this occurrence touches in a viewer's zone, one
    /// ``DaySlice`` each, in order.
    ///
    /// ```swift
    /// let ny = try Zone("America/New_York")
    /// let party = try RecurrenceSet(start: .zoned(CivilDate(2024, 5, 1).at(22, 0), ny),
    ///                           length: .duration(EventDuration(seconds: 4 * 3600)))
    /// let o = Array(try party.occurrences())[0]
    /// o.daySlices(in: ny).map(\.date)          // [2024-05-01, 2024-05-02]: 22:00 to 02:00
    /// o.daySlices(in: ny).map(\.length)        // [7200, 7200]
    /// ```
    ///
    /// Which days:
    /// - **Timed** (zoned or UTC): the occurrence `[start, end)` touches local
    ///   date D when it overlaps `[start of D, start of D+1)`, each day's start
    ///   from ``Zone/startOfDay(_:)`` (01:00 on 2018-11-04 in
    ///   America/Sao_Paulo, whose midnight fell in a gap). So an occurrence
    ///   that ends exactly at a day's start does not touch that day, and a
    ///   zero-length one touches the day holding its start (one slice of
    ///   length 0). A date that never happened in the viewer's zone
    ///   (Pacific/Apia skipped 2011-12-30) has no instants and gets no slice.
    /// - **Floating**: a floating time is the same wall-clock time in every
    ///   zone, so the start and end wall clocks are read in the viewer's zone
    ///   with RFC 5545 section 3.3.5's rule (a time in a gap moves forward by
    ///   the gap, an ambiguous time takes the earlier instant), then cut as a
    ///   timed occurrence. When the start moves forward past the end (a short
    ///   occurrence inside a gap) the end is taken to be the start.
    /// - **All-day** (DATE): the dates from the start date up to, not
    ///   including, the end date (DTEND is exclusive, RFC 5545 section
    ///   3.6.1), whatever the viewer's zone; a DATE occurrence that ends on
    ///   its start date gets its start date. Each slice spans the viewer's
    ///   whole date: ``DaySlice/start`` is the viewer's start of the date and
    ///   ``DaySlice/end`` the start of the next date (so 23 or 25 hours on DST
    ///   days, and 0 on a date the viewer's zone skipped).
    ///
    /// Dates outside 0001-01-01...9999-12-31 are left out.
    ///
    /// - Complexity: the collection is lazy: O(log n) to make in the viewer's
    ///   n transitions, plus O(k log n) for the k transitions inside an
    ///   occurrence that touches three or more days (about two a year in a
    ///   zone with DST, so a ten-year event costs some twenty searches, not
    ///   3653 slices); each slice costs O(log n) when read.
    public func daySlices(in viewer: Zone) -> DaySlices { DaySlices(self, viewer: viewer) }

    /// The day slices of one occurrence in a viewer's zone: a lazy
    /// random-access collection (see ``Occurrence/daySlices(in:)``).
    ///
    /// ```swift
    /// let days = o.daySlices(in: ny)
    /// days.count          // 3
    /// days[1].date        // the second day
    /// days.last!.isLast   // true
    /// ```
    ///
    /// - Complexity: see ``Occurrence/daySlices(in:)``: O(log n) to make for
    ///   an occurrence within two days, O(log n) per slice read.
    public struct DaySlices: RandomAccessCollection, Sendable {
        /// The occurrence being cut into days.
        ///
        /// ```swift
        /// o.daySlices(in: ny).occurrence == o   // true
        /// ```
        public let occurrence: Occurrence
        /// The zone whose days the occurrence is cut into.
        ///
        /// ```swift
        /// o.daySlices(in: ny).viewer.identifier   // "America/New_York"
        /// ```
        public let viewer: Zone
        let clock: ViewerClock
        /// The occurrence as instants in the viewer's zone.
        let start: Int64, end: Int64
        /// First and last day numbers, and the empty days between them.
        let firstDay: Int, lastDay: Int
        let emptyDays: [Int]
        let isAllDay: Bool

        init(_ o: Occurrence, viewer: Zone) {
            occurrence = o
            self.viewer = viewer
            clock = ViewerClock(viewer)
            isAllDay = o.kind == .date
            var first: Int, last: Int
            var empty: [Int] = []
            switch o.extent {
            case .dates(let dates):
                first = dates.lowerBound.daysSinceEpoch
                last = Swift.max(first, dates.upperBound.daysSinceEpoch - 1)
                start = clock.startOfDay(first)
                end = clock.startOfDay(last + 1)
            case .wallClock, .instants:
                let instants = o.instants(in: viewer)
                (start, end) = (instants.lowerBound.secondsSinceEpoch, instants.upperBound.secondsSinceEpoch)
                first = clock.day(of: start)
                last = end > start ? clock.day(of: end - 1) : first
                if last - first >= 2 { empty = clock.emptyDays(between: first, and: last, from: start, to: end) }
            }
            // Dates the calendar cannot name are left out.
            if first < _minDayNumber { first = _minDayNumber; empty.removeAll { $0 <= first } }
            if last > _maxDayNumber { last = _maxDayNumber; empty.removeAll { $0 >= last } }
            firstDay = first
            lastDay = last
            emptyDays = empty
            endIndex = Swift.max(0, last - first + 1 - empty.count)
        }

        /// Always 0.
        ///
        /// ```swift
        /// o.daySlices(in: ny).startIndex   // 0
        /// ```
        public var startIndex: Int { 0 }
        /// The number of days the occurrence touches (at least 1 for an
        /// occurrence within years 1...9999).
        ///
        /// ```swift
        /// o.daySlices(in: ny).endIndex   // 3
        /// ```
        public let endIndex: Int

        /// The slice of the `i`-th day.
        ///
        /// ```swift
        /// o.daySlices(in: ny)[0].isFirst   // true
        /// ```
        ///
        /// - Complexity: O(log n) in the viewer's transitions, plus the
        ///   number of empty dates before it (none outside Apia and Kwajalein).
        public subscript(i: Int) -> DaySlice {
            precondition(i >= 0 && i < endIndex, "day slice index out of range")
            let d = day(at: i)
            return slice(i, day: d, dayStart: clock.startOfDay(d), nextStart: clock.startOfDay(d + 1))
        }

        /// The day number of the `i`-th slice.
        func day(at i: Int) -> Int {
            var d = firstDay + i
            for x in emptyDays where x <= d { d += 1 }
            return d
        }

        /// The position of the first slice that ends after instant `t` (or,
        /// for a zero-length slice, starts at or after it); ``endIndex`` when
        /// none does.
        ///
        /// - Complexity: O(log n).
        func firstIndex(endingAfter t: Int64) -> Int {
            if t <= start { return 0 }
            if isAllDay {
                // Every date has a slice, and a date the viewer skipped has
                // an empty one at the instant its neighbours meet.
                func wanted(_ d: Int) -> Bool {
                    let a = clock.startOfDay(d), b = clock.startOfDay(d + 1)
                    return b > t || (a == b && a >= t)
                }
                var d = Swift.max(firstDay, Swift.min(lastDay, clock.day(of: t)))
                while d > firstDay && wanted(d - 1) { d -= 1 }
                while d <= lastDay && !wanted(d) { d += 1 }
                return Swift.min(endIndex, d - firstDay)
            }
            if t >= end { return endIndex }
            let d = clock.day(of: t)
            let i = d - firstDay - emptyDays.count { $0 < d }
            return Swift.max(0, Swift.min(endIndex, i))
        }

        func slice(_ i: Int, day d: Int, dayStart: Int64, nextStart: Int64) -> DaySlice {
            let a = isAllDay ? dayStart : Swift.max(start, dayStart)
            let b = isAllDay ? nextStart : Swift.min(end, nextStart)
            return DaySlice(date: CivilDate(_unchecked: d), start: Timestamp(secondsSinceEpoch: a),
                            end: Timestamp(secondsSinceEpoch: Swift.max(a, b)), index: i, count: endIndex, occurrence: occurrence)
        }

        /// An iterator that reuses each day's end as the next day's start:
        /// one table search per slice.
        ///
        /// ```swift
        /// var it = o.daySlices(in: ny).makeIterator()
        /// it.next()?.index   // 0
        /// ```
        ///
        /// - Complexity: O(1).
        public func makeIterator() -> Iterator { Iterator(slices: self) }

        /// Walks the slices in order (see ``Occurrence/DaySlices/makeIterator()``).
        ///
        /// ```swift
        /// for s in o.daySlices(in: ny) { print(s.date) }
        /// ```
        ///
        /// - Complexity: one table search per slice.
        public struct Iterator: IteratorProtocol, Sendable {
            let slices: DaySlices
            var i = 0
            var d = 0
            var dayStart: Int64 = 0

            init(slices: DaySlices) {
                self.slices = slices
                if slices.endIndex > 0 {
                    d = slices.firstDay
                    dayStart = slices.clock.startOfDay(d)
                }
            }

            /// The next slice, or `nil` after the last.
            ///
            /// ```swift
            /// while let s = it.next() { print(s) }
            /// ```
            ///
            /// - Complexity: O(log n) in the viewer's transitions.
            public mutating func next() -> DaySlice? {
                guard i < slices.endIndex else { return nil }
                let nextStart = slices.clock.startOfDay(d + 1)
                let s = slices.slice(i, day: d, dayStart: dayStart, nextStart: nextStart)
                i += 1
                d += 1
                dayStart = nextStart
                while slices.emptyDays.contains(d) { d += 1 }
                return s
            }
        }
    }
}
