import Almanac
import AlmanacCalendar

/// Microsoft Graph's reminder and free/busy fields of an event.
///
/// Graph v1.0, event resource type: "isReminderOn: Set to true if an alert
/// is set to remind the user of the event"; "reminderMinutesBeforeStart
/// (Int32): The number of minutes before the event start time that the
/// reminder alert occurs"; "showAs (freeBusyStatus): The status to show.
/// Possible values are: free, tentative, busy, oof, workingElsewhere,
/// unknown".
enum GraphAvailability {
    /// The largest `reminderMinutesBeforeStart`: Graph's type, Edm.Int32
    /// (Graph documents no smaller bound; about 4,083 years).
    static let maxMinutes = Int(Int32.max)

    /// The event's reminder: one DISPLAY alarm `reminderMinutesBeforeStart`
    /// minutes before the start when `isReminderOn` is true, none when it
    /// is false; `nil` when the event has no `isReminderOn` (an exception
    /// then keeps its master's). A reminder that cannot be read (no
    /// minutes, not a whole number, negative, past Int32) is an error in
    /// strict mode and is left out with a reading in lenient mode.
    static func alarms(_ item: JSONField, log: inout ReadLog) throws(AlmanacError) -> [Alarm]? {
        guard let on = item["isReminderOn"] else { return nil }
        guard try on.bool() else { return [] }
        let minutes = item["reminderMinutesBeforeStart"]
        let alarm = try log.part(minutes ?? on, of: item) { () throws(AlmanacError) in
            guard let minutes else { throw on.fault("true, and no reminderMinutesBeforeStart to say when") }
            return Alarm(trigger: .start(try GoogleReminders.before(minutes, max: maxMinutes)), action: .display)
        }
        return alarm.map { [$0] } ?? []
    }

    /// `showAs` as transparency and busy type; `nil` when absent.
    ///
    /// | showAs | TRANSP | FBTYPE |
    /// |---|---|---|
    /// | `free` | TRANSPARENT | FREE |
    /// | `tentative` | OPAQUE | BUSY-TENTATIVE |
    /// | `busy` | OPAQUE | BUSY |
    /// | `oof` | OPAQUE | BUSY-UNAVAILABLE |
    /// | `workingElsewhere` | TRANSPARENT | FREE |
    /// | `unknown` | OPAQUE | from STATUS |
    ///
    /// `workingElsewhere` says where the person works, not that their time
    /// is taken: they can be booked there, as Google's working-location
    /// events, which Google creates transparent, say the same; so it is
    /// free time (our choice: RFC 5545 has no such type, and Graph does not
    /// say how it counts in free/busy). An unknown value is an error in
    /// strict mode and `unknown` with a reading in lenient mode.
    static func showAs(_ item: JSONField, log: inout ReadLog) throws(AlmanacError) -> (Transparency, FreeBusyType?)? {
        guard let f = item["showAs"] else { return nil }
        let text = try f.string()
        switch text {
        case "free", "workingElsewhere": return (.transparent, .free)
        case "tentative": return (.opaque, .busyTentative)
        case "busy": return (.opaque, .busy)
        case "oof": return (.opaque, .busyUnavailable)
        case "unknown": return (.opaque, nil)
        default:
            guard !log.isStrict else {
                throw f.fault("\"\(text)\" is not a showAs value (Graph: free, tentative, busy, oof, workingElsewhere, unknown)")
            }
            log.note(.liberty, item, field: f.path, "\"\(text)\" is not a showAs value: read as unknown")
            return (.opaque, nil)
        }
    }
}
