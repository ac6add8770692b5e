import Almanac

/// What an alarm query needs to know of a calendar before it reads any
/// instance, gathered once when the calendar is built: which series have
/// alarms, how far before or after its instance an alarm can fire, and the
/// alarms that fire at an instant of their own (absolute triggers).
package struct AlarmSummary: Sendable {
    /// One flag per series: whether it (or one of its overrides) has an
    /// alarm relative to its instances that fires at a time. Empty when no
    /// series has one.
    package let relative: [Bool]
    /// The latest an alarm fires after its instance's start or end, in
    /// seconds, repeats included (0 when none fires after).
    package let lag: Int64
    /// The earliest an alarm fires before its instance's start, in seconds
    /// (0 when none fires before).
    package let lead: Int64
    /// The absolute alarms that fire at a time, by the first time they fire.
    package let absolute: [AbsoluteAlarm]

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

    /// A nominal duration read as seconds at most (a day is 86,400 s here;
    /// the query's slack covers the DST hours), bounded.
    package static func seconds(_ d: EventDuration) -> Int64 {
        let limit: Int64 = 400_000 * 86_400
        return min(max(Int64(d.days) * 86_400 + Int64(d.seconds), -limit), limit)
    }

    /// The summary of `events`.
    package init(_ events: [CalendarEvent]) {
        var relative: [Bool] = []
        var lag: Int64 = 0, lead: Int64 = 0
        var absolute: [AbsoluteAlarm] = []
        for (e, event) in events.enumerated() where !event.isSingle || !event.alarms.isEmpty {
            var components = [(Int32(-1), event.alarms)]
            for (i, o) in event.overrides.enumerated() where !o.alarms.isEmpty { components.append((Int32(i), o.alarms)) }
            for (source, alarms) in components {
                for a in alarms where a.firesAtATime {
                    let span = Self.seconds(a.repeatInterval ?? .zero) * Int64(a.repeatCount)
                    switch a.trigger {
                    case .absolute(let t):
                        absolute.append(AbsoluteAlarm(time: t.secondsSinceEpoch, event: e, source: source, alarm: a))
                    case .start(let d), .end(let d):
                        if relative.isEmpty { relative = [Bool](repeating: false, count: events.count) }
                        relative[e] = true
                        let s = Self.seconds(d)
                        lag = max(lag, s + span)
                        lead = max(lead, -s)
                    }
                }
            }
        }
        absolute.sort { $0.time < $1.time }
        (self.relative, self.lag, self.lead, self.absolute) = (relative, lag, lead, absolute)
    }
}
