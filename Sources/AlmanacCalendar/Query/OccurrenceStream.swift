import Almanac

/// What a window query asks: the window in seconds, the viewer, whether
/// cancelled instances are dropped.
struct WindowQuery: Sendable {
    let window: Range<Timestamp>
    let from: Int64, to: Int64
    /// `from` and `to` within the index's bounds (``CalendarIndex/clamp(_:)``),
    /// so that sums of them cannot overflow.
    let lo: Int64, hi: Int64
    let viewer: Zone
    let dropsCancelled: Bool

    init(_ window: Range<Timestamp>, viewer: Zone, dropsCancelled: Bool) {
        self.window = window
        (from, to) = (window.lowerBound.secondsSinceEpoch, window.upperBound.secondsSinceEpoch)
        (lo, hi) = (CalendarIndex.clamp(from), CalendarIndex.clamp(to))
        self.viewer = viewer
        self.dropsCancelled = dropsCancelled
    }

    /// An instance of `series`' part `part` with its start in the viewer's
    /// zone, if it overlaps the window (starts before its end, ends after
    /// its start; a zero-length one at its start counts) and is not a
    /// dropped cancellation.
    func pending(_ o: Occurrence, part: Int32, of series: SeriesInstances) -> Pending? {
        pending(o, part: part, status: dropsCancelled ? series.status(part: part) : nil)
    }

    /// The same, for an instance whose status is `status` (read only when
    /// cancelled instances are dropped).
    @inline(__always)
    func pending(_ o: Occurrence, part: Int32, status: @autoclosure () -> CalendarEvent.Status?) -> Pending? {
        if dropsCancelled && status() == .cancelled { return nil }
        let r = o.instants(in: viewer)
        guard window.overlapsInstance(start: r.lowerBound, end: r.upperBound) else { return nil }
        return Pending(start: r.lowerBound.secondsSinceEpoch, part: part, occurrence: o)
    }
}

/// An instance waiting to be merged, with its start in the viewer's zone:
/// plain integers (no reference to count as the merge moves it); its
/// series' text is read only for ties and for the instances returned.
struct Pending: Sendable {
    var start: Int64
    var part: Int32
    var occurrence: Occurrence

    /// The query's order: start, then UID, then recurrence id, then the
    /// series' place in the file and the part's (`self` of `a`, `b` of `bs`).
    func precedes(_ b: Pending, _ a: SeriesInstances, _ bs: SeriesInstances) -> Bool {
        if start != b.start { return start < b.start }
        if a !== bs && a.event.id != bs.event.id { return a.event.id < bs.event.id }
        let (x, y) = (occurrence.recurrenceID, b.occurrence.recurrenceID)
        if x != y { return x < y }
        if a.index != bs.index { return a.index < bs.index }
        return part < b.part
    }
}

/// One part of the index, opened for a query: its instances that overlap
/// the window, in the query's order.
///
/// A segment's instances come from the engine in the order of their own
/// clock. Their starts in the viewer's zone follow that order, except
/// where a wall clock is turned into an instant (a floating series in the
/// viewer's zone, a zoned series moved by a THISANDFUTURE shift): around a
/// DST gap or fold two instances can swap by at most the offset change. Such
/// a segment holds its instances in a small sorted buffer until no later
/// one can start before them; the buffer holds at most the instances of the
/// largest offset change in the window (an hour of a MINUTELY series: 60).
struct OccurrenceStream {
    let part: Int32
    let series: SeriesInstances
    private let segment: Int
    private let keys: (lo: Int64?, hi: Int64?)
    /// The engine's iterator, boxed: it is 1.5 KB, and a stream is moved
    /// into the query's array and about it.
    private var source: StreamSource?
    /// Segment 0's instances from RDATE periods longer than the series,
    /// which start before every instance of `source` (see
    /// ``SeriesInstances/earlyInstances(query:)``); read first.
    private var early: StreamSource?
    /// How far a later instance can start before an earlier one (0: never).
    private let disorder: Int64
    private var buffer: [Pending] = [], head = 0
    /// No instance still to come starts before this.
    private var bound = Int64.min
    /// The next instance in order; `nil` when the part is done.
    private(set) var next: Pending?
    /// Its start (`Int64.max` when done), for the merge's comparisons.
    private(set) var nextStart = Int64.max
    /// Instances taken from the engine so far (see ``CalendarOccurrences/Iterator/work``).
    private(set) var pulled = 0

    init(_ p: IndexPart, series: SeriesInstances, query: WindowQuery) {
        part = p.part
        self.series = series
        guard p.part < 0 else {
            segment = 0
            keys = (nil, nil)
            disorder = 0
            next = query.pending(series.override(Int(p.part)), part: p.part, of: series)
            nextStart = next?.start ?? .max
            return
        }
        segment = Int(-1 - p.part)
        keys = series.segmentKeys(segment)
        source = series.ownInstances(segment: segment, query: query).map(StreamSource.make)
        if segment == 0 { early = series.earlyInstances(query: query).map(StreamSource.make) }
        switch series.kind {
        case .date, .utc: disorder = 0
        case .floating: disorder = Self.swing(query.viewer, near: query, part: p, widenedBy: series.segmentShift(segment))
        case .zoned: disorder = segment == 0 ? 0 : Self.swing(series.zone, near: query, part: p, widenedBy: series.segmentShift(segment))
        }
        advance(query)
    }

    /// The part of a single event whose one instance, `instance`, the
    /// query lists (see ``CalendarOccurrences/Iterator``): nothing to open.
    init(lone instance: Pending, series: SeriesInstances) {
        part = -1
        self.series = series
        segment = 0
        keys = (nil, nil)
        disorder = 0
        next = instance
        nextStart = instance.start
    }

    /// Moves ``next`` to the following instance.
    mutating func advance(_ query: WindowQuery) {
        next = nil
        nextStart = .max
        while true {
            if head < buffer.count, (source == nil && early == nil) || buffer[head].start <= bound {
                next = buffer[head]
                nextStart = buffer[head].start
                head += 1
                if head > 32 && 2 * head > buffer.count { buffer.removeFirst(head); head = 0 }
                return
            }
            let o: Occurrence
            if let e = early {
                guard let x = e.next() else { early = nil; continue }
                o = x
            } else {
                guard let src = source else { return }
                guard let x = src.next() else { source = nil; continue }
                o = x
            }
            pulled &+= 1
            let k = series.sortKey(of: o)
            if let lo = keys.lo, k < lo { continue }
            if let hi = keys.hi, k >= hi {
                if early == nil { source = nil }
                continue
            }
            guard let c = series.own(o, key: k, segment: segment) else { continue }
            let start = c.instants(in: query.viewer).lowerBound.secondsSinceEpoch
            bound = start &- disorder
            if bound >= query.to { source = nil }
            guard let p = query.pending(c, part: part, of: series) else { continue }
            if disorder == 0 {
                // In order already: no buffer.
                next = p
                nextStart = start
                return
            }
            insert(p)
        }
    }

    private mutating func insert(_ p: Pending) {
        var i = buffer.count
        while i > head && p.precedes(buffer[i - 1], series, series) { i -= 1 }
        buffer.insert(p, at: i)
    }

    /// The largest offset change of `zone` near the window and the part
    /// (where the instances that can overlap the window are), in seconds:
    /// the part's span bounds the search, so a long window costs a part of
    /// a THISANDFUTURE chain only the transitions of its own stretch.
    private static func swing(_ zone: Zone, near q: WindowQuery, part p: IndexPart,
                              widenedBy s: (shift: Int64, longest: Int64)) -> Int64 {
        let slack = CalendarIndex.slack
        // Starts lie in years 1...9999 on their clock: no later transition matters.
        let lo = CalendarIndex.clamp(max(q.lo, p.lo) &- abs(s.shift) &- s.longest &- 2 * slack)
        let hi = min(min(q.hi, p.hi) &+ abs(s.shift) &+ 2 * slack, Timestamp.max.secondsSinceEpoch &+ 2 * slack)
        var most: Int64 = 0
        for t in zone.transitions(from: Timestamp(secondsSinceEpoch: lo), to: Timestamp(secondsSinceEpoch: max(lo, hi))) {
            most = max(most, abs(Int64(t.after.seconds) - Int64(t.before.seconds)))
        }
        return most
    }
}

/// An engine iterator on the heap, so that moving a stream moves a
/// reference. The iterator is the buffer's header, stepped through a
/// pointer: a class's `var` is checked for exclusive access at each step.
final class StreamSource: ManagedBuffer<RecurrenceSet.Occurrences.Iterator, Void> {
    /// A box holding `iterator` (about 1.5 KB).
    static func make(_ iterator: RecurrenceSet.Occurrences.Iterator) -> StreamSource {
        unsafeDowncast(create(minimumCapacity: 0) { _ in iterator }, to: StreamSource.self)
    }

    /// The iterator's next instance.
    func next() -> Occurrence? { withUnsafeMutablePointerToHeader { $0.pointee.next() } }
}

extension Range<Timestamp> {
    /// Whether an instance (or a day slice) from `start` to `end` overlaps
    /// this window: it starts before the window's end and ends after its
    /// start; a zero-length one at the window's start counts.
    package func overlapsInstance(start: Timestamp, end: Timestamp) -> Bool {
        start < upperBound && (end > lowerBound || (start == end && start == lowerBound))
    }
}
