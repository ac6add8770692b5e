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
    ///     print(o.occurrence.start, o.title ?? "", o.key)
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
        CalendarOccurrences(index: index, query: WindowQuery(window, viewer: viewer, dropsCancelled: dropsCancelled), only: nil)
    }

    /// The same, of the series whose index in ``events`` is `true` in
    /// `only` (one flag per series): the others are not opened. A diff of
    /// two snapshots queries only the series that changed.
    package func occurrences(overlapping window: Range<Timestamp>, viewer: Zone = .utc, dropsCancelled: Bool = false,
                             only: [Bool]) -> CalendarOccurrences {
        precondition(only.count == events.count, "one flag per series")
        return CalendarOccurrences(index: index, query: WindowQuery(window, viewer: viewer, dropsCancelled: dropsCancelled), only: only)
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
        var i = index.firstPart(reaching: from)
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
    let index: CalendarIndex
    let query: WindowQuery
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
        private let index: CalendarIndex
        private let query: WindowQuery
        private let only: [Bool]?
        private var cursor: Int
        private var streams: [OccurrenceStream] = []
        /// Indices into `streams` with their next instance's start, a
        /// min-heap by that instance (the start kept here: most
        /// comparisons read only it, and in place).
        private var heap: [(start: Int64, slot: Int)] = []
        /// Slots of `streams` whose part is done, for reuse.
        private var free: [Int] = []
        /// Instances taken from the engine by the streams made in reused slots.
        private var reusedWork = 0

        /// The instances taken from the engine's iterators so far, listed
        /// or not (before a segment's first, past the window, replaced by an
        /// override): a machine-independent cost, which tests bound.
        package var work: Int { streams.reduce(reusedWork) { $0 + $1.pulled } }

        init(index: CalendarIndex, query: WindowQuery, only: [Bool]?) {
            self.index = index
            self.query = query
            self.only = only
            cursor = index.firstPart(reaching: query.from)
        }

        /// The next instance, or `nil` after the last.
        public mutating func next() -> CalendarOccurrence? {
            openParts()
            guard let top = heap.first?.slot, let next = streams[top].next else { return nil }
            var out = streams[top].series.occurrence(next.occurrence, part: next.part)
            out.viewer = query.viewer
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
                let e = Int(p.event)
                if let only, !only[e] { continue }
                // A single event: its one instance, and a series made only when it is listed.
                var lone: Pending? = nil
                if index.isSingle(e) {
                    guard let o = index.loneInstance(e), let l = query.pending(o, part: -1, status: index.events[e].status) else { continue }
                    lone = l
                }
                let series = index.series(e)
                if lone == nil && p.part < 0 && !series.mayReach(segment: Int(-1 - p.part), query: query) { continue }
                // Made where it is kept (a stream is not copied after).
                let slot: Int
                if let f = free.popLast() {
                    reusedWork &+= streams[f].pulled
                    if let lone { streams[f] = OccurrenceStream(lone: lone, series: series) } else {
                        streams[f] = OccurrenceStream(p, series: series, query: query)
                    }
                    slot = f
                } else {
                    if let lone { streams.append(OccurrenceStream(lone: lone, series: series)) } else {
                        streams.append(OccurrenceStream(p, series: series, query: query))
                    }
                    slot = streams.count - 1
                }
                guard streams[slot].next != nil else { free.append(slot); continue }
                heap.append((streams[slot].nextStart, slot))
                siftUp(heap.count - 1)
            }
        }

        /// Whether heap entry `a` comes before `b`: by start, then (a tie)
        /// by the query's order of their instances.
        @inline(__always)
        private static func precedes(_ a: (start: Int64, slot: Int), _ b: (start: Int64, slot: Int),
                                     _ streams: [OccurrenceStream]) -> Bool {
            if a.start != b.start { return a.start < b.start }
            return streams[a.slot].next!.precedes(streams[b.slot].next!, streams[a.slot].series, streams[b.slot].series)
        }

        @inline(__always)
        private mutating func siftUp(_ i: Int) {
            let streams = self.streams
            heap.withUnsafeMutableBufferPointer { h in
                let moving = h[i]
                var hole = i
                while hole > 0 {
                    let parent = (hole - 1) / 2
                    guard Self.precedes(moving, h[parent], streams) else { break }
                    h[hole] = h[parent]
                    hole = parent
                }
                h[hole] = moving
            }
        }

        /// Restores the heap below `i` after its entry changed. The entry
        /// usually belongs near the bottom (a stream's later instance, or
        /// the last leaf moved up): the hole walks down along the earlier
        /// child to a leaf (one comparison a level), then the entry climbs
        /// back up to its place.
        private mutating func siftDown(_ i: Int) {
            let streams = self.streams
            heap.withUnsafeMutableBufferPointer { h in
                let n = h.count
                guard i < n else { return }
                let moving = h[i]
                var hole = i
                while 2 * hole + 1 < n {
                    var child = 2 * hole + 1
                    if child + 1 < n && Self.precedes(h[child + 1], h[child], streams) { child += 1 }
                    h[hole] = h[child]
                    hole = child
                }
                while hole > i {
                    let parent = (hole - 1) / 2
                    guard Self.precedes(moving, h[parent], streams) else { break }
                    h[hole] = h[parent]
                    hole = parent
                }
                h[hole] = moving
            }
        }
    }
}
