import Almanac
import AlmanacCalendar

/// One Graph event, its fields read: times on the event's own clock,
/// whatever zone the response writes them in.
struct GraphItem {
    let field: JSONField
    let id: String
    let type: String
    let masterID: String?
    /// `start` and `end` on the clock of the event's zone (dates when all day).
    let start: Anchor, end: Anchor?
    /// The instant `start` names; `nil` when all day.
    let startInstant: Timestamp?
    /// `originalStartTimeZone`, when it names a known zone.
    let ownZone: Zone?
    let status: CalendarEvent.Status?
    /// `isReminderOn` and `reminderMinutesBeforeStart` as alarms; `nil` when absent.
    let alarms: [Alarm]?
    /// `showAs` as transparency and busy type; `nil` when absent.
    let availability: (Transparency, FreeBusyType?)?

    init(_ f: JSONField, log: inout ReadLog) throws(AlmanacError) {
        field = f
        id = try f.requiredString("id")
        type = try f["type"]?.string() ?? "singleInstance"
        masterID = try f["seriesMasterId"]?.string()
        let allDay = try f["isAllDay"]?.bool() ?? false
        ownZone = try Self.namedZone(f["originalStartTimeZone"], item: f, log: &log, instead: "the zone start is written in")
        let endZone = try Self.namedZone(f["originalEndTimeZone"], item: f, log: &log, instead: "the zone of the start") ?? ownZone
        guard let s = f["start"] else { throw f.fault("missing field \"start\"") }
        (start, startInstant) = try Self.time(s, allDay: allDay, zone: ownZone)
        end = try f["end"].map { e throws(AlmanacError) in try Self.time(e, allDay: allDay, zone: endZone).0 }
        if try f["isCancelled"]?.bool() == true {
            status = .cancelled
        } else {
            status = try f["showAs"]?.string() == "tentative" ? .tentative : nil
        }
        alarms = try GraphAvailability.alarms(f, log: &log)
        availability = try GraphAvailability.showAs(f, log: &log)
    }

    /// `{dateTime, timeZone}`: the instant it names, shown on `zone`'s
    /// clock (the zone it is written in when `nil`), and that instant; or,
    /// all day, the date written (Graph writes midnight), or the date the
    /// instant falls on in `zone` when it is not midnight.
    static func time(_ f: JSONField, allDay: Bool, zone: Zone?) throws(AlmanacError) -> (Anchor, Timestamp?) {
        guard let dt = f["dateTime"] else { throw f.fault("missing field \"dateTime\"") }
        guard let (civil, offset) = ISOValue.dateTime(try dt.string()) else {
            throw dt.fault("expected a date-time such as 2024-05-06T09:00:00.0000000")
        }
        let written = try f["timeZone"].map { z throws(AlmanacError) in try Payload.zone(z) } ?? .utc
        let instant = offset.map { ISOValue.instant(civil, $0) } ?? written.instant(of: civil)
        if allDay {
            guard civil.time != .midnight, let zone, let (wall, _) = zone.civil(at: instant) else { return (.date(civil.date), nil) }
            return (.date(wall.date), nil)
        }
        let clock = zone ?? written
        if offset == nil, clock.identifier == written.identifier {
            return (clock.identifier == "UTC" ? .utc(civil) : .zoned(civil, clock), instant)   // as written, a time in a gap too
        }
        guard let (wall, _) = clock.civil(at: instant) else { return (.utc(civil), instant) }
        return (clock.identifier == "UTC" ? .utc(wall) : .zoned(wall, clock), instant)
    }

    /// A zone named by `originalStartTimeZone`, `originalEndTimeZone` or
    /// `recurrenceTimeZone`: `nil` when absent or empty. Microsoft's mark of
    /// a custom zone (`tzone://Microsoft/Custom`: "a legacy custom time zone
    /// was set in desktop Outlook", which Graph does not describe) and a
    /// name no zone database knows give `nil` too, with a reading saying
    /// what is read `instead`; in strict mode an unknown name throws.
    /// `tzone://Microsoft/Utc`, seen in Graph's responses, is UTC.
    static func namedZone(_ f: JSONField?, item: JSONField, log: inout ReadLog, instead: String) throws(AlmanacError) -> Zone? {
        guard let f, let name = try f.string().nonEmpty else { return nil }
        if name == "tzone://Microsoft/Utc" { return .utc }
        if name == "tzone://Microsoft/Custom" {
            log.note(.zone, item, field: f.path, "\"\(name)\" is a custom zone of desktop Outlook that Graph does not describe: read in \(instead)")
            return nil
        }
        do throws(AlmanacError) {
            return try Zone(name)
        } catch {
            if log.isStrict { throw f.fault("unknown time zone \"\(name)\"") }
            log.note(.zone, item, field: f.path, "unknown time zone \"\(name)\": read in \(instead)")
            return nil
        }
    }

    /// The length of the event, as a duration (an instance elsewhere keeps it).
    var length: RecurrenceSet.Length? {
        Payload.duration(of: RecurrenceSet(start: start, length: end.map { .end($0) }))
    }

    func event(log: inout ReadLog) throws(AlmanacError) -> SyncEvent {
        var set = RecurrenceSet(start: start, length: end.map { .end($0) })
        var overrides: [CalendarEvent.Override] = []
        let summary = try field["subject"]?.string()
        if type == "seriesMaster", let r = field["recurrence"] {
            set = try recurrence(r, log: &log)
            for c in try field["cancelledOccurrences"]?.array() ?? [] {
                if let o = try log.part(c, of: field, { () throws(AlmanacError) in try cancelled(c, of: set, summary: summary) }) { overrides.append(o) }
            }
        }
        let modified = try field["lastModifiedDateTime"].map { u throws(AlmanacError) in try u.instant() }
        let series = CalendarEvent(id: try field["iCalUId"]?.string() ?? id, title: summary, status: status,
                                   lastModified: modified, recurrence: set, overrides: overrides,
                                   transparency: availability?.0 ?? .opaque, busyType: availability?.1, alarms: alarms ?? [])
        return SyncEvent(sourceID: id, origin: .graph, etag: try field["@odata.etag"]?.string(), series: series)
    }
}
