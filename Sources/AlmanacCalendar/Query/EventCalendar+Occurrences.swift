import Almanac

extension EventCalendar {
    /// The instances of every series that overlap `window`: each starts
    /// before the window's end and ends after its start (a zero-length one
    /// at the window's start counts), in start order (then UID, then
    /// recurrence id), produced lazily. Floating and all-day instances are
    /// placed in `viewer`.
    ///
    /// ```swift
    /// for o in calendar.occurrences(overlapping: week, viewer: paris) {
    ///     print(o.occurrence.start, o.summary ?? "", o.key)
    /// }
    /// let next = calendar.occurrences(overlapping: now..<Timestamp.max).first   // the next one only
    /// ```
    ///
    /// Overrides are applied: a moved instance is found at its new time,
    /// even when it moved into the window from outside it; a cancelled one
    /// is listed with status `CANCELLED` unless `dropsCancelled`. The series
    /// that cannot be expanded are in ``problems``.
    ///
    /// - Complexity: the calendar's index finds the series and overrides
    ///   that can reach the window by binary search; each of them seeks to
    ///   the window (its cost does not grow with its age), and they are
    ///   merged through a heap: O(log p) per instance for p open parts.
    public func occurrences(overlapping window: Range<Timestamp>, viewer: Zone = .utc,
                            dropsCancelled: Bool = false) -> CalendarOccurrences {
        CalendarOccurrences(index: index, query: _WindowQuery(window, viewer: viewer, dropsCancelled: dropsCancelled), only: nil)
    }

    /// The same, of the series whose index in ``events`` is `true` in
    /// `only` (one flag per series): the others are not opened. A diff of
    /// two snapshots queries only the series that changed.
    package func occurrences(overlapping window: Range<Timestamp>, viewer: Zone = .utc, dropsCancelled: Bool = false,
                             only: [Bool]) -> CalendarOccurrences {
        precondition(only.count == events.count, "one flag per series")
        return CalendarOccurrences(index: index, query: _WindowQuery(window, viewer: viewer, dropsCancelled: dropsCancelled), only: only)
    }
}

extension EventCalendar {
    /// One flag per series of ``events``: whether one of its instances (its
    /// own, or an override's at its new time) can overlap `window`, as the
    /// index bounds them in any viewer's zone (a superset: a series it
    /// flags may have none there). A diff compares only these.
    ///
    /// - Complexity: O(p) in the index parts that start before the window's
    ///   end and end after the first part that can reach it.
    package func seriesReaching(_ window: Range<Timestamp>) -> [Bool] {
        var out = [Bool](repeating: false, count: events.count)
        let (from, to) = (window.lowerBound.secondsSinceEpoch, window.upperBound.secondsSinceEpoch)
        let parts = index.parts
        var i = index.firstPart(reaching: from &- 1)
        // The parts a query over `window` would consider (see `openParts`).
        while i < parts.count && parts[i].lo < to {
            if parts[i].hi >= from { out[Int(parts[i].event)] = true }
            i += 1
        }
        return out
    }
}

/// The instances of a calendar that overlap a window, in start order,
/// produced lazily (see ``EventCalendar/occurrences(overlapping:viewer:dropsCancelled:)``).
public struct CalendarOccurrences: Sequence, Sendable {
    let index: _CalendarIndex
    let query: _WindowQuery
    /// The series queried, by index (`nil`: all).
    let only: [Bool]?

    /// The window the instances overlap.
    public var window: Range<Timestamp> { query.window }
    /// The zone floating and all-day instances are placed in.
    public var viewer: Zone { query.viewer }

    /// Starts the merge.
    public func makeIterator() -> Iterator { Iterator(index: index, query: query, only: only) }

    /// Produces the instances one by one: the index's parts are opened in
    /// the order of their earliest possible start, only when the merge
    /// reaches it, so taking the first few instances of a long window opens
    /// only the parts that can hold them.
    public struct Iterator: IteratorProtocol {
        private let index: _CalendarIndex
        private let query: _WindowQuery
        private let only: [Bool]?
        private var cursor: Int
        private var streams: [_OccurrenceStream] = []
        /// Indices into `streams` with their next instance's start, a
        /// min-heap by that instance (the start kept here: most
        /// comparisons read only it, and in place).
        private var heap: [(start: Int64, slot: Int)] = []
        /// Slots of `streams` whose part is done, for reuse.
        private var free: [Int] = []

        init(index: _CalendarIndex, query: _WindowQuery, only: [Bool]?) {
            self.index = index
            self.query = query
            self.only = only
            cursor = index.firstPart(reaching: query.from &- 1)
        }

        /// The next instance, or `nil` after the last.
        public mutating func next() -> CalendarOccurrence? {
            openParts()
            guard let top = heap.first?.slot, let next = streams[top].next else { return nil }
            let out = streams[top].series.occurrence(next.occurrence, part: next.part)
            streams[top].advance(query)
            if streams[top].next == nil {
                free.append(top)
                heap.swapAt(0, heap.count - 1)
                heap.removeLast()
            } else {
                heap[0].start = streams[top].nextStart
            }
            siftDown(0)
            return out
        }

        /// Opens every part whose earliest start is not after the next instance.
        private mutating func openParts() {
            let parts = index.parts
            while cursor < parts.count {
                let p = parts[cursor]
                if p.lo >= query.to { cursor = parts.count; return }
                if let top = heap.first, p.lo > top.start { return }
                cursor += 1
                if p.hi < query.from { continue }
                if let only, !only[Int(p.event)] { continue }
                let series = index.series[Int(p.event)]
                if p.part < 0 && !series.mayReach(segment: Int(-1 - p.part), window: query.window) { continue }
                let s = _OccurrenceStream(p, series: series, query: query)
                guard s.next != nil else { continue }
                if let f = free.popLast() { streams[f] = s; heap.append((s.nextStart, f)) } else {
                    streams.append(s)
                    heap.append((s.nextStart, streams.count - 1))
                }
                siftUp(heap.count - 1)
            }
        }

        private func less(_ i: Int, _ j: Int) -> Bool {
            let (a, b) = (heap[i].start, heap[j].start)
            if a != b { return a < b }
            let (x, y) = (heap[i].slot, heap[j].slot)
            return streams[x].next!.precedes(streams[y].next!, streams[x].series, streams[y].series)
        }

        private mutating func siftUp(_ i: Int) {
            var i = i
            while i > 0 {
                let parent = (i - 1) / 2
                guard less(i, parent) else { return }
                heap.swapAt(i, parent)
                i = parent
            }
        }

        private mutating func siftDown(_ i: Int) {
            var i = i
            while true {
                let l = 2 * i + 1, r = l + 1
                var m = i
                if l < heap.count && less(l, m) { m = l }
                if r < heap.count && less(r, m) { m = r }
                if m == i { return }
                heap.swapAt(i, m)
                i = m
            }
        }
    }
}
