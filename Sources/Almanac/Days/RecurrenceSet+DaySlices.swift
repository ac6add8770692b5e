import AlmanacCore

extension RecurrenceSet {
    /// The day slices, in a viewer's zone, of every occurrence that touches
    /// `window`, keeping only the slices that overlap it.
    ///
    /// ```swift
    /// let ny = try Zone("America/New_York")
    /// let standup = try RecurrenceSet(start: .zoned(CivilDate(2024, 5, 1).at(9, 0), ny),
    ///                             rules: [try RecurrenceRule("FREQ=DAILY")],
    ///                             length: .duration(EventDuration(seconds: 900)))
    /// let week = try ny.startOfDay(CivilDate(2024, 5, 6))..<ny.startOfDay(CivilDate(2024, 5, 13))
    /// for s in try standup.daySlices(in: week, viewer: ny) { print(s.date) }   // 2024-05-06 ... 2024-05-12
    /// ```
    ///
    /// `window` is real time (instants), whatever the series' kind: a slice
    /// with a length overlaps it when `slice.start < window.upperBound` and
    /// `slice.end > window.lowerBound`; a zero-length slice when its instant
    /// lies in the window. Occurrences that started before the window and
    /// reach into it are included, with only their slices in the window.
    /// Slices come in the order of their occurrences' starts, then by day
    /// (so a long occurrence's later days may come after the first day of a
    /// later occurrence); group them by ``DaySlice/date`` for a day list.
    ///
    /// - Throws: ``AlmanacError`` when a rule cannot be expanded (see
    ///   ``RecurrenceSet/occurrences()``).
    /// - Complexity: the expansion runs over the window widened by the
    ///   occurrences' length and three days (for zone offsets), and seeks to
    ///   it as ``occurrences(in:)`` does; each slice then costs O(log n) in
    ///   the viewer's transitions, and a long occurrence jumps to its first
    ///   day in the window.
    public func daySlices(in window: Range<Timestamp>, viewer: Zone) throws(AlmanacError) -> DaySlices {
        try DaySlices(set: self, window: window, dates: nil, viewer: viewer)
    }

    /// The day slices, in a viewer's zone, whose date lies in `period`: the
    /// slices of a day, week, month or year list.
    ///
    /// ```swift
    /// let week = try Period.week(2024, 19)          // 6 ... 12 May 2024
    /// let days = Dictionary(grouping: try standup.daySlices(in: week, viewer: ny), by: \.date)
    /// try days[CivilDate(2024, 5, 6)]?.count        // 1
    /// ```
    ///
    /// The same as ``daySlices(in:viewer:)-(Range<Timestamp>,Zone)`` over the
    /// instants from the viewer's start of the period's first day to the
    /// start of the day after its last, keeping the slices whose date is in
    /// the period (every all-day slice of those dates, even on a date the
    /// viewer's zone skipped).
    ///
    /// - Throws: as ``daySlices(in:viewer:)-(Range<Timestamp>,Zone)``.
    /// - Complexity: as ``daySlices(in:viewer:)-(Range<Timestamp>,Zone)``.
    public func daySlices(in period: Period, viewer: Zone) throws(AlmanacError) -> DaySlices {
        let clock = ViewerClock(viewer)
        let first = period.firstDay.daysSinceEpoch, last = period.lastDay.daysSinceEpoch
        let window = Timestamp(secondsSinceEpoch: clock.startOfDay(first))..<Timestamp(secondsSinceEpoch: clock.startOfDay(last + 1))
        return try DaySlices(set: self, window: window, dates: first...last, viewer: viewer)
    }

    /// The day slices of a recurrence set's occurrences over a window: a lazy
    /// sequence (see ``RecurrenceSet/daySlices(in:viewer:)-(Range<Timestamp>,Zone)``).
    ///
    /// ```swift
    /// for s in try set.daySlices(in: window, viewer: ny) { print(s) }
    /// ```
    ///
    /// - Complexity: see ``RecurrenceSet/daySlices(in:viewer:)-(Range<Timestamp>,Zone)``.
    public struct DaySlices: Sequence, Sendable {
        /// The instants the slices overlap.
        ///
        /// ```swift
        /// try set.daySlices(in: window, viewer: ny).window == window   // true
        /// ```
        public let window: Range<Timestamp>
        /// The zone whose days the occurrences are cut into.
        ///
        /// ```swift
        /// try set.daySlices(in: window, viewer: ny).viewer   // America/New_York
        /// ```
        public let viewer: Zone
        let occurrences: RecurrenceSet.Occurrences
        /// Day numbers a slice's date must lie in (for a period), if any.
        let dates: ClosedRange<Int>?

        init(set: RecurrenceSet, window: Range<Timestamp>, dates: ClosedRange<Int>?, viewer: Zone) throws(AlmanacError) {
            self.window = window
            self.viewer = viewer
            self.dates = dates
            occurrences = try set.occurrences(in: set.coveringWindow(window))
        }

        /// Starts the walk.
        ///
        /// ```swift
        /// var it = try set.daySlices(in: window, viewer: ny).makeIterator()
        /// ```
        ///
        /// - Complexity: O(number of rules), as ``RecurrenceSet/occurrences(in:)``.
        public func makeIterator() -> Iterator { Iterator(self) }

        /// Walks the occurrences and, for each, its slices in the window.
        ///
        /// ```swift
        /// while let s = it.next() { print(s.date) }
        /// ```
        ///
        /// - Complexity: amortised O(log n) per slice (see ``next()``).
        public struct Iterator: IteratorProtocol {
            var occurrences: RecurrenceSet.Occurrences.Iterator
            let low: Int64, high: Int64
            let viewer: Zone
            let dates: ClosedRange<Int>?
            var current: Occurrence.DaySlices.Iterator?
            var remaining = 0

            init(_ s: DaySlices) {
                occurrences = s.occurrences.makeIterator()
                low = s.window.lowerBound.secondsSinceEpoch
                high = s.window.upperBound.secondsSinceEpoch
                viewer = s.viewer
                dates = s.dates
            }

            /// The next slice that overlaps the window, or `nil`.
            ///
            /// ```swift
            /// it.next()?.date   // 2024-05-06
            /// ```
            ///
            /// - Complexity: amortised O(log n) per slice, plus the
            ///   occurrences the widened window holds that do not touch the
            ///   window itself.
            public mutating func next() -> DaySlice? {
                while true {
                    if current != nil, let s = current!.next() {
                        if overlaps(s) { return s }
                        // Slices increase: past the window ends this occurrence.
                        if s.start.secondsSinceEpoch >= high { current = nil }
                        continue
                    }
                    guard let o = occurrences.next() else { return nil }
                    let slices = o.daySlices(in: viewer)
                    let i = slices.firstIndex(endingAfter: low)
                    guard i < slices.endIndex else { current = nil; continue }
                    var it = slices.makeIterator()
                    if i > 0 { it.seek(to: i) }
                    current = it
                }
            }

            func overlaps(_ s: DaySlice) -> Bool {
                let a = s.start.secondsSinceEpoch, b = s.end.secondsSinceEpoch
                if let dates {
                    // A period's days: every slice dated in it (an all-day
                    // slice on a skipped date has no instants to compare).
                    return dates.contains(s.date.daysSinceEpoch)
                }
                return a < b ? (a < high && b > low) : (a >= low && a < high)
            }
        }
    }

    /// A window in the set's own terms whose occurrences hold every one
    /// that can touch the instants of `window` in any viewer zone: the
    /// window widened before by the longest an occurrence can last, and by
    /// three days on each side for floating and DATE series (a wall clock is
    /// within 26 hours of its instant in any zone) and for gap shifts.
    func coveringWindow(_ window: Range<Timestamp>) -> Window {
        let (days, seconds) = nominalLength
        // A nominal day lasts at most 25 hours, or 48 across a skipped date.
        let longest = Int64(max(0, days)) * 2 * 86_400 + max(0, seconds)
        let pad: Int64 = 3 * 86_400
        let lowMin = Timestamp.min.secondsSinceEpoch, highMax = Timestamp.max.secondsSinceEpoch + 1
        let lower = min(max(window.lowerBound.secondsSinceEpoch, lowMin), highMax)
        let upper = min(max(window.upperBound.secondsSinceEpoch, lowMin), highMax)
        let low = max(lowMin, lower - longest - pad)
        let high = max(low, min(highMax, upper + pad))
        switch start.kind {
        case .date, .floating: return Window(bounds: .wallClock(low..<high))
        case .utc, .zoned: return Window(bounds: .instants(low..<high, viewer: nil))
        }
    }
}

extension Occurrence.DaySlices.Iterator {
    /// Moves to the `i`-th slice without making the ones before it.
    ///
    /// - Complexity: O(log n) plus the empty dates skipped.
    mutating func seek(to i: Int) {
        self.i = i
        d = slices.day(at: i)
        dayStart = slices.clock.startOfDay(d)
    }
}
