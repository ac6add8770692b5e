import Almanac
import AlmanacCalendar
import AlmanacJSON

extension AlarmFiring {
    /// The JSON object of `almanac alarms --json`: `time` (ISO 8601 with
    /// the viewer's offset, `Z` in UTC), `uid`, `recurrence_id`, `start`
    /// (the instance's, as `almanac events` writes it), `summary` when the
    /// instance has one, `action`, `trigger` (the duration, or the instant
    /// of an absolute trigger), `related` (`start`, `end` or `absolute`),
    /// `repetition`, then `description`, `alarm_uid` and `snoozes` when given.
    package var jsonLine: String {
        var w = JSONWriter(capacity: 256)
        writeJSON(to: &w)
        return w.text
    }

    /// Writes the object of ``jsonLine``.
    package func writeJSON(to w: inout JSONWriter) {
        w.beginObject()
        w.key("time"); w.string(CalendarOccurrence.iso(time, instance.viewer))
        w.key("uid"); w.string(instance.seriesID)
        w.key("recurrence_id"); w.stringOrNull(instance.originalStart.map { CalendarOccurrence.iso(anchor: $0) })
        w.key("start"); w.string(CalendarOccurrence.isoPair(instance).0)
        if let title = instance.title { w.key("summary"); w.string(title) }
        w.key("action"); w.string(alarm.action.rawValue)
        let (trigger, related) = triggerText
        w.key("trigger"); w.string(trigger)
        w.key("related"); w.string(related)
        w.key("repetition"); w.int(repetition)
        if let d = alarm.description { w.key("description"); w.string(d) }
        if let u = alarm.uid { w.key("alarm_uid"); w.string(u) }
        if let s = alarm.snoozes { w.key("snoozes"); w.string(s) }
        w.endObject()
    }

    /// The trigger as written (a duration, or an instant in UTC) and what it is relative to.
    package var triggerText: (String, String) {
        switch alarm.trigger {
        case .start(let d): return (d.description, "start")
        case .end(let d): return (d.description, "end")
        case .absolute(let t): return (CalendarOccurrence.iso(t, .utc), "absolute")
        }
    }
}
