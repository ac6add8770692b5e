import Almanac
import AlmanacCalendar

/// The times the alarms of a calendar's instances fire in a window, in time
/// order, produced lazily (see `EventCalendar/alarms(in:viewer:)`).
///
/// ```swift
/// for f in calendar.alarms(in: now..<Timestamp.max, viewer: paris).prefix(64) { schedule(f) }
/// ```
public struct CalendarAlarms: Sequence, Sendable {
    let calendar: EventCalendar
    /// The window the firings lie in: from its start (inclusive) to its end (exclusive).
    public let window: Range<Timestamp>
    /// The zone that places floating and all-day instances (and their alarms).
    public let viewer: Zone

    /// Starts the merge.
    public func makeIterator() -> Iterator { Iterator(calendar: calendar, window: window, viewer: viewer) }

    /// Produces the firings one by one.
    ///
    /// The calendar's relative alarms come in classes by their offset from
    /// their instance (`-PT15M`, `-P1D`...). For each class, the instances
    /// whose alarms of that class can fire in the window come from the
    /// calendar's window query over the window moved back by the offset
    /// (which seeks: the cost does not grow with the series' age, nor with
    /// how far ahead of its instance an alarm fires), of the series that
    /// have such alarms only. Each instance's firings wait in a heap until
    /// no stream can bring an earlier one: a stream's next instance starts
    /// at or after its next start, and its alarms fire no earlier than its
    /// class's lowest offset after that. Only the next repeat of each alarm
    /// waits in the heap, so its size does not grow with REPEAT.
    public struct Iterator: IteratorProtocol {
        private let calendar: EventCalendar
        private let from: Int64, to: Int64
        private let viewer: Zone
        private var streams: [ClassStream] = []
        private var heap = FiringHeap()

        /// The nominal days of a trigger read as 86,400 s, and a time
        /// resolved in a zone, are at most this far from the instant they
        /// mean (a zone's offset moves by less than a day).
        static let slack: Int64 = 2 * 86_400

        init(calendar: EventCalendar, window: Range<Timestamp>, viewer: Zone) {
            self.calendar = calendar
            self.viewer = viewer
            (from, to) = (AlarmTime.clamp(window.lowerBound.secondsSinceEpoch), AlarmTime.clamp(window.upperBound.secondsSinceEpoch))
            guard from < to else { return }
            for c in calendar.alarmSummary.classes {
                // An alarm at offset d (and its repeats, up to span later) fires in
                // [from, to) only for an instance that ends after from - d - span
                // and starts before to - d.
                let lo = AlarmTime.clamp(from - c.highest - c.span - Self.slack), hi = AlarmTime.clamp(to - c.lowest + Self.slack)
                let span = Timestamp(secondsSinceEpoch: lo)..<Timestamp(secondsSinceEpoch: hi)
                var stream = ClassStream(instances: calendar.occurrences(overlapping: span, viewer: viewer, dropsCancelled: true,
                                                                        only: c.series).makeIterator(), lowest: c.lowest, highest: c.highest)
                stream.pull(viewer)
                if stream.upcoming != nil { streams.append(stream) }
            }
            for a in calendar.alarmSummary.absolute {
                push(a.alarm, first: a.time, instance: nil, event: a.event, source: a.source)
            }
        }

        /// The instances taken from the engine so far by the streams still
        /// open: a machine-independent cost, which tests bound.
        package var work: Int { streams.reduce(0) { $0 + $1.instances.work } }

        /// The next firing, or `nil` after the last.
        public mutating func next() -> AlarmFiring? {
            while true {
                // The stream that can bring the earliest firing, and that time.
                var s = -1, bound = Int64.max
                for (i, st) in streams.enumerated() where st.bound < bound { (s, bound) = (i, st.bound) }
                if let top = heap.top, top.time < bound {
                    var f = heap.pop()
                    if f.instance == nil {
                        guard let own = calendar.ownInstance(event: f.event, source: f.source, viewer: viewer), Self.fires(own) else { continue }
                        f.instance = own
                    }
                    if let k = repetition(after: f) { heap.push(k) }
                    return AlarmFiring(time: Timestamp(secondsSinceEpoch: f.time), alarm: f.alarm, instance: f.instance!,
                                       repetition: f.repetition)
                }
                guard s >= 0, let u = streams[s].upcoming else { return nil }
                let (lowest, highest) = (streams[s].lowest, streams[s].highest)
                streams[s].pull(viewer)
                if streams[s].upcoming == nil { streams.remove(at: s) }
                guard Self.fires(u) else { continue }
                for a in calendar.alarms(of: u) where a.firesAtATime {
                    // Each stream brings its own class's alarms only.
                    guard let d = AlarmSummary.offset(a.trigger), d >= lowest, d <= highest else { continue }
                    switch a.trigger {
                    case .start(let d): push(a, first: AlarmTime.relative(d, atEnd: false, of: u, viewer: viewer), instance: u)
                    case .end(let d): push(a, first: AlarmTime.relative(d, atEnd: true, of: u, viewer: viewer), instance: u)
                    case .absolute: continue
                    }
                }
            }
        }

        /// Whether an instance's alarms fire: not a completed to-do (its
        /// reminders are done with; RFC 5545 is silent, README, RFC choices),
        /// not a cancelled instance (the queries drop them; an absolute
        /// alarm's instance is looked up).
        static func fires(_ o: CalendarOccurrence) -> Bool {
            !(o.component == .todo && o.status == .completed) && o.status != .cancelled
        }

        /// Puts the first repeat of `a` (its trigger at `first`) that lies in
        /// the window and after its acknowledgement into the heap.
        private mutating func push(_ a: Alarm, first: Int64, instance: CalendarOccurrence?, event: Int = 0, source: Int32 = -1) {
            let step = AlarmTime.interval(a)
            // Repeats before the window, or acknowledged (RFC 9074 section 6:
            // ACKNOWLEDGED is when it "was last sent or acknowledged"), are skipped by arithmetic.
            let floor = Swift.max(from, a.acknowledged.map { $0.secondsSinceEpoch + 1 } ?? from)
            var k: Int64 = 0
            if first < floor { k = (floor - first + step - 1) / step }
            guard k <= Int64(a.repeatCount) else { return }
            let time = AlarmTime.clamp(first + k * step)
            guard time < to else { return }
            heap.push(PendingFiring(time: time, first: first, alarm: a, instance: instance, event: event, source: source,
                                    repetition: Int(k)))
        }

        /// The firing's next repeat, if it lies in the window.
        func repetition(after f: PendingFiring) -> PendingFiring? {
            guard f.repetition < f.alarm.repeatCount else { return nil }
            var n = f
            n.repetition += 1
            n.time = AlarmTime.clamp(f.first + Int64(n.repetition) * AlarmTime.interval(f.alarm))
            return n.time < to ? n : nil
        }
    }
}

/// The instances of one offset class, in start order, with the next one read ahead.
struct ClassStream {
    var instances: CalendarOccurrences.Iterator
    let lowest: Int64, highest: Int64
    /// The next instance.
    var upcoming: CalendarOccurrence?
    /// The earliest its alarms of this class can fire: its start (in the
    /// viewer's zone) plus the class's lowest offset, less the slack.
    var bound = Int64.max

    init(instances: CalendarOccurrences.Iterator, lowest: Int64, highest: Int64) {
        (self.instances, self.lowest, self.highest) = (instances, lowest, highest)
    }

    mutating func pull(_ viewer: Zone) {
        upcoming = instances.next()
        guard let o = upcoming else { bound = .max; return }
        bound = AlarmTime.clamp(o.occurrence.instants(in: viewer).lowerBound.secondsSinceEpoch + lowest - CalendarAlarms.Iterator.slack)
    }
}

/// A firing waiting in the heap: its time, the alarm, and its instance (or,
/// for an absolute alarm, the component whose instance is looked up when it
/// is listed).
struct PendingFiring {
    var time: Int64
    /// The trigger's time: repeat k fires k intervals after it.
    var first: Int64
    var alarm: Alarm
    var instance: CalendarOccurrence?
    var event: Int
    var source: Int32
    var repetition: Int
    /// The order it was pushed in: ties of time keep it.
    var order: UInt64 = 0
}
