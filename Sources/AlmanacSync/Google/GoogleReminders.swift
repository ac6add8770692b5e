import Almanac
import AlmanacCalendar

/// Google Calendar's reminders as alarms (`reminders` of an event,
/// `defaultReminders` of its calendar).
///
/// Google Calendar API v3, Events resource: "reminders.useDefault: Whether
/// the default reminders of the calendar apply to the event";
/// "reminders.overrides[]: If the event doesn't use the default reminders,
/// this lists the reminders specific to the event"; "reminders.overrides[]
/// .method: The method used by this reminder. Possible values are: "email"
/// [...] "popup""; "reminders.overrides[].minutes: Number of minutes before
/// the start of the event when the reminder should trigger. Valid values
/// are between 0 and 40320 (4 weeks in minutes)". Events: list,
/// "defaultReminders[]: The default reminders on the calendar for the
/// authenticated user. These reminders apply to all events on this calendar
/// that do not explicitly override them (i.e. do not have
/// reminders.useDefault set to True)".
///
/// Each reminder is an ``Alarm`` relative to the instance's start,
/// `-minutes` (`TRIGGER:-PT10M`): `popup` is DISPLAY, `email` is EMAIL (the
/// instance's title is its text: `AlarmFiring.instance`). For an all-day
/// event Google counts the minutes back from the start of its day in the
/// calendar's zone; the alarm query places a date instance's trigger in the
/// viewer's zone, which is the same when the viewer is the calendar's zone
/// (README, Sync).
enum GoogleReminders {
    /// Google's documented bound: four weeks in minutes.
    static let maxMinutes = 40_320

    /// The alarms of an item's `reminders`: the calendar's `defaults` when
    /// `useDefault` is true (none when the input has no page around the
    /// item to take them from), else its `overrides` (none when it has
    /// none: `useDefault: false` alone means no reminder). Both at once,
    /// which Google refuses, are an error in strict mode and the defaults
    /// with a reading in lenient mode. A reminder that
    /// cannot be read is an error in strict mode and is skipped with a
    /// reading in lenient mode.
    static func alarms(_ r: JSONField, item: JSONField, defaults: [Alarm], log: inout ReadLog) throws(AlmanacError) -> [Alarm] {
        guard r.isObject else { throw r.fault("expected an object, found \(r.value.kind)") }
        if try r["useDefault"]?.bool() ?? false {
            // Google refuses both ("Cannot specify both default reminders and overrides at the same time").
            if let o = r["overrides"], try !o.array().isEmpty {
                guard !log.isStrict else { throw o.fault("overrides with useDefault true (Google: one or the other)") }
                log.note(.liberty, item, field: o.path, "overrides with useDefault true: the calendar's default reminders read")
            }
            return defaults
        }
        var out: [Alarm] = []
        for o in try r["overrides"]?.array() ?? [] {
            if let a = try log.part(o, of: item, { () throws(AlmanacError) in try alarm(o) }) { out.append(a) }
        }
        return out
    }

    /// The page's `defaultReminders` (absent: none, as proto3's JSON leaves
    /// an empty list out), each read as an override is.
    static func defaults(of page: JSONField, log: inout ReadLog) throws(AlmanacError) -> [Alarm] {
        var out: [Alarm] = []
        for o in try page["defaultReminders"]?.array() ?? [] {
            if let a = try log.part(o, of: page, { () throws(AlmanacError) in try alarm(o) }) { out.append(a) }
        }
        return out
    }

    /// `{"method": "popup", "minutes": 10}`: DISPLAY, 10 minutes before the start.
    static func alarm(_ o: JSONField) throws(AlmanacError) -> Alarm {
        guard o.isObject else { throw o.fault("expected a reminder object, found \(o.value.kind)") }
        let method = try o.requiredString("method")
        let action: Alarm.Action
        switch method {
        case "popup": action = .display
        case "email": action = .email
        default: throw o["method"]!.fault("\"\(method)\" is not a reminder method (Google: \"email\" or \"popup\")")
        }
        return Alarm(trigger: .start(try before(o, "minutes", max: maxMinutes)), action: action)
    }

    /// The member `key`, a whole number of minutes in `0...max`, as a duration
    /// that many minutes before (`-PT10M`).
    static func before(_ o: JSONField, _ key: String, max: Int) throws(AlmanacError) -> EventDuration {
        guard let f = o[key] else { throw o.fault("missing field \"\(key)\"") }
        return try before(f, max: max)
    }

    /// A whole number of minutes in `0...max` as a duration that many
    /// minutes before (`-PT10M`): a string, a fraction, a negative number
    /// or one past `max` is an error naming the field.
    static func before(_ f: JSONField, max: Int) throws(AlmanacError) -> EventDuration {
        let minutes = try f.int()
        guard minutes >= 0, minutes <= max else {
            throw f.fault("\(minutes) minutes is outside 0...\(max)")
        }
        return EventDuration(seconds: -60 * minutes)
    }
}

/// Google's availability fields: `transparency` and `eventType`.
///
/// Events resource: "transparency: Whether the event blocks time on the
/// calendar. Optional. Possible values are: "opaque" - Default value. The
/// event does block time on the calendar. [...] "transparent" - The event
/// does not block time on the calendar"; "eventType: [...]
/// "outOfOffice" - An out-of-office event". An out-of-office event is
/// BUSY-UNAVAILABLE (RFC 5545 section 3.2.9: "the time interval is busy and
/// that the interval can not be scheduled"); other types keep the busy type
/// of their status.
enum GoogleAvailability {
    /// `transparency`; absent: opaque (Google leaves the default out). An
    /// unknown value is an error in strict mode, opaque with a reading in
    /// lenient mode.
    static func transparency(_ item: JSONField, log: inout ReadLog) throws(AlmanacError) -> Transparency {
        guard let f = item["transparency"] else { return .opaque }
        let text = try f.string()
        switch text {
        case "opaque": return .opaque
        case "transparent": return .transparent
        default:
            guard !log.isStrict else { throw f.fault("\"\(text)\" is not a transparency (Google: \"opaque\" or \"transparent\")") }
            log.note(.liberty, item, field: f.path, "\"\(text)\" is not a transparency: read as opaque, the default")
            return .opaque
        }
    }

    /// `eventType: "outOfOffice"` is BUSY-UNAVAILABLE; `nil` otherwise.
    static func busyType(_ item: JSONField) throws(AlmanacError) -> FreeBusyType? {
        try item["eventType"]?.string() == "outOfOffice" ? .busyUnavailable : nil
    }
}
