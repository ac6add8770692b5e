import Almanac
import AlmanacCalendar

/// One time an alarm fires: the instant, the alarm, and the instance it
/// reminds of.
///
/// ```swift
/// for f in calendar.alarms(in: today) { print(f.time, f.alarm.action, f.instance.title ?? "") }
/// ```
public struct AlarmFiring: Sendable, Hashable {
    /// When it fires.
    public var time: Timestamp
    /// The alarm (its trigger, action and text).
    public var alarm: Alarm
    /// The instance it belongs to: its key, start and title.
    public var instance: CalendarOccurrence
    /// 0 for the trigger itself, k for its k-th repeat (REPEAT, DURATION).
    public var repetition: Int

    /// A firing from its parts.
    ///
    /// ```swift
    /// let f = AlarmFiring(time: o.occurrence.start, alarm: alarm, instance: o)
    /// ```
    public init(time: Timestamp, alarm: Alarm, instance: CalendarOccurrence, repetition: Int = 0) {
        self.time = time
        self.alarm = alarm
        self.instance = instance
        self.repetition = repetition
    }
}
