import Almanac

/// What an alarm query needs to know of a calendar before it reads any
/// instance, gathered once when the calendar is built: the offsets from
/// their instances at which its relative alarms fire, in a few classes, with
/// the series that have each; and the alarms that fire at an instant of
/// their own (absolute triggers).
///
/// A query reads, for each class, only the instances whose alarms of that
/// class can fire in its window (the window moved back by the offset), so
/// that an alarm a year ahead of its instance costs a seek, not a year of
/// instances.
package struct AlarmSummary: Sendable {
    /// The classes of relative alarms, by offset.
    package let classes: [OffsetClass]
    /// The absolute alarms that fire at a time, by the first time they fire.
    package let absolute: [AbsoluteAlarm]

    /// At most this many classes: past it, neighbouring offsets share one
    /// (whose query window spans them all).
    package static let maxClasses = 32

    /// Relative alarms whose offset (``seconds(_:)`` of the trigger) lies in
    /// `lowest...highest`.
    package struct OffsetClass: Sendable {
        /// The smallest and largest offset of its alarms from their
        /// instance's start (or end), in seconds: negative before.
        package let lowest: Int64, highest: Int64
        /// The longest time from an alarm's trigger to its last repeat.
        package let span: Int64
        /// One flag per series: whether it (or one of its overrides) has
        /// an alarm of this class.
        package let series: [Bool]

        /// Whether `offset` belongs to this class.
        @inline(__always)
        package func holds(_ offset: Int64) -> Bool { offset >= lowest && offset <= highest }
    }

    /// An alarm with an absolute trigger, and the component it belongs to.
    package struct AbsoluteAlarm: Sendable {
        /// The trigger, in seconds.
        package let time: Int64
        /// The index of its series in the calendar's events.
        package let event: Int
        /// The component: -1 the series, else the index of its override.
        package let source: Int32
        /// The alarm.
        package let alarm: Alarm
    }

    /// A nominal duration read as seconds (a day is 86,400 s here; the
    /// query's slack covers the DST hours), bounded.
    package static func seconds(_ d: EventDuration) -> Int64 {
        let limit: Int64 = 400_000 * 86_400
        return min(max(Int64(d.days) * 86_400 + Int64(d.seconds), -limit), limit)
    }

    /// The offset of a relative trigger, in seconds; `nil` for an absolute one.
    package static func offset(_ t: Alarm.Trigger) -> Int64? {
        switch t {
        case .start(let d), .end(let d): seconds(d)
        case .absolute: nil
        }
    }

    /// The summary of `events`.
    package init(_ events: [CalendarEvent]) {
        var relative: [(offset: Int64, span: Int64, event: Int)] = []
        var absolute: [AbsoluteAlarm] = []
        for (e, event) in events.enumerated() where !event.isSingle || !event.alarms.isEmpty {
            var components = [(Int32(-1), event.alarms)]
            for (i, o) in event.overrides.enumerated() where !o.alarms.isEmpty { components.append((Int32(i), o.alarms)) }
            for (source, alarms) in components {
                for a in alarms where a.firesAtATime {
                    if let offset = Self.offset(a.trigger) {
                        relative.append((offset, Self.seconds(a.repeatInterval ?? .zero) * Int64(a.repeatCount), e))
                    } else if case .absolute(let t) = a.trigger {
                        absolute.append(AbsoluteAlarm(time: t.secondsSinceEpoch, event: e, source: source, alarm: a))
                    }
                }
            }
        }
        absolute.sort { $0.time < $1.time }
        self.absolute = absolute
        classes = Self.classes(relative, events: events.count)
    }

    /// The classes of `relative`: one per distinct offset, or, past
    /// ``maxClasses`` offsets, runs of neighbouring ones of about equal size.
    static func classes(_ relative: [(offset: Int64, span: Int64, event: Int)], events: Int) -> [OffsetClass] {
        guard !relative.isEmpty else { return [] }
        var offsets = Array(Set(relative.map(\.offset))).sorted()
        var bounds: [(Int64, Int64)] = offsets.map { ($0, $0) }
        if offsets.count > maxClasses {
            let per = (offsets.count + maxClasses - 1) / maxClasses
            bounds = stride(from: 0, to: offsets.count, by: per).map { (offsets[$0], offsets[min($0 + per, offsets.count) - 1]) }
        }
        offsets = []
        return bounds.map { (lo, hi) in
            var series = [Bool](repeating: false, count: events)
            var span: Int64 = 0
            for r in relative where r.offset >= lo && r.offset <= hi {
                series[r.event] = true
                span = max(span, r.span)
            }
            return OffsetClass(lowest: lo, highest: hi, span: span, series: series)
        }
    }
}
