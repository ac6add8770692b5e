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
    /// The instances that can have an alarm in the window come from the
    /// calendar's window query (which seeks: its cost does not grow with the
    /// series' age), widened by how far before or after its instance an
    /// alarm of the calendar fires. Each instance's alarms wait in a heap
    /// until no later instance can fire earlier: the next instance starts
    /// at or after the stream's next start, and none of its alarms fires
    /// more than the calendar's longest lead before its start. Only the
    /// next repeat of each alarm waits in the heap, so its size is bounded
    /// by the instances within that lead, not by REPEAT.
    public struct Iterator: IteratorProtocol {
        private let calendar: EventCalendar
        private let from: Int64, to: Int64
        private let viewer: Zone
        private let lead: Int64
        private var instances: CalendarOccurrences.Iterator?
        /// The next instance of the stream, and its start in the viewer's zone.
        private var upcoming: (instance: CalendarOccurrence, start: Int64)?
        private var heap = FiringHeap()

        /// The nominal days of a trigger read as 86,400 s, and a time
        /// resolved in a zone, are at most this far from the instant they
        /// mean (a zone's offset moves by less than a day).
        static let slack: Int64 = 2 * 86_400

        init(calendar: EventCalendar, window: Range<Timestamp>, viewer: Zone) {
            self.calendar = calendar
            self.viewer = viewer
            (from, to) = (AlarmTime.clamp(window.lowerBound.secondsSinceEpoch), AlarmTime.clamp(window.upperBound.secondsSinceEpoch))
            let summary = calendar.alarmSummary
            lead = summary.lead
            guard from < to else { return }
            if !summary.relative.isEmpty {
                let lo = AlarmTime.clamp(from - summary.lag - Self.slack), hi = AlarmTime.clamp(to + summary.lead + Self.slack)
                let span = Timestamp(secondsSinceEpoch: lo)..<Timestamp(secondsSinceEpoch: hi)
                instances = calendar.occurrences(overlapping: span, viewer: viewer, dropsCancelled: true, only: summary.relative).makeIterator()
                pull()
            }
            for a in summary.absolute {
                push(a.alarm, first: a.time, instance: nil, event: a.event, source: a.source)
            }
        }

        /// The next firing, or `nil` after the last.
        public mutating func next() -> AlarmFiring? {
            while true {
                let bound = upcoming.map { AlarmTime.clamp($0.start - lead - Self.slack) }
                if let top = heap.top, bound.map({ top.time < $0 }) ?? true {
                    var f = heap.pop()
                    if f.instance == nil {
                        guard let own = calendar.ownInstance(event: f.event, source: f.source, viewer: viewer), Self.fires(own) else { continue }
                        f.instance = own
                    }
                    if let k = repetition(after: f) { heap.push(k) }
                    return AlarmFiring(time: Timestamp(secondsSinceEpoch: f.time), alarm: f.alarm, instance: f.instance!,
                                       repetition: f.repetition)
                }
                guard let u = upcoming else { return nil }
                pull()
                guard Self.fires(u.instance) else { continue }
                for a in calendar.alarms(of: u.instance) where a.firesAtATime {
                    switch a.trigger {
                    case .start(let d):
                        push(a, first: AlarmTime.relative(d, atEnd: false, of: u.instance, viewer: viewer), instance: u.instance)
                    case .end(let d):
                        push(a, first: AlarmTime.relative(d, atEnd: true, of: u.instance, viewer: viewer), instance: u.instance)
                    case .absolute: continue
                    }
                }
            }
        }

        /// Whether an instance's alarms fire: not a completed to-do (its
        /// reminders are done with; RFC 5545 is silent, README, RFC choices).
        /// Cancelled instances never reach here (the query drops them).
        static func fires(_ o: CalendarOccurrence) -> Bool {
            !(o.component == .todo && o.status == .completed) && o.status != .cancelled
        }

        /// Reads the stream's next instance into ``upcoming``.
        private mutating func pull() {
            guard let o = instances?.next() else {
                (upcoming, instances) = (nil, nil)
                return
            }
            upcoming = (o, o.occurrence.instants(in: viewer).lowerBound.secondsSinceEpoch)
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
