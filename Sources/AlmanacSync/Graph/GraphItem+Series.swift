import Almanac
import AlmanacCalendar

extension GraphItem {
    /// The series of a master: DTSTART on the range's start date at the
    /// time of day `start` shows on the recurrence zone's clock
    /// (`recurrenceTimeZone`, else `originalStartTimeZone`, else the zone
    /// `start` is written in), moved to the pattern's first match (Graph
    /// does not count a start that does not match).
    func recurrence(_ r: JSONField, log: inout ReadLog) throws(AlmanacError) -> RecurrenceSet {
        let g = try GraphRecurrence(r)
        var first: Anchor
        if case .date = start {
            first = .date(g.range.startDate)
        } else {
            let named = try Self.namedZone(r["range"]?["recurrenceTimeZone"], item: field, log: &log,
                                           instead: ownZone == nil ? "the zone start is written in" : "originalStartTimeZone")
            let zone = named ?? start.zone ?? .utc
            // On the clock `start` is read on, its wall clock as written (a
            // time in a DST gap stays the series' time of day); on another,
            // the wall clock of its instant there.
            let wall = start.zone?.identifier == zone.identifier ? start.civil : startInstant.flatMap { zone.civil(at: $0)?.0 } ?? start.civil
            let at = CivilDateTime(g.range.startDate, wall.time)
            first = zone.identifier == "UTC" ? .utc(at) : .zoned(at, zone)
        }
        let rule: RecurrenceRule
        do throws(AlmanacError) { rule = try g.rule(start: first) } catch { throw field.path.isEmpty ? error : error.at(field: field.path) }
        var probe = RecurrenceSet(start: first, rules: [rule], options: ExpansionOptions(includesStart: false))
        if let o = try probe.occurrences().first(where: { _ in true }) {
            // The match as the pattern made it (02:30 on a spring-forward night, not 03:30).
            first = first.withWallClock(CivilDateTime(o.recurrenceID.date, o.recurrenceID.time ?? .midnight))
        }
        probe.start = first
        probe.options = ExpansionOptions()
        probe.length = length
        return probe
    }

    /// `OID.{masterId}.2024-05-13`: the instance of that date is cancelled.
    /// The date is on the recurrence zone's clock (Graph: "The time zone
    /// for {occurrence-start-date} is the recurrenceTimeZone property"),
    /// the clock `set` starts on, and every instance of a Graph pattern
    /// starts at the same time of day: the instance is the one at `set`'s
    /// time of day on that date.
    func cancelled(_ c: JSONField, of set: RecurrenceSet, summary: String?) throws(AlmanacError) -> CalendarEvent.Override {
        let text = try c.string()
        guard text.hasPrefix("OID."), let tail = text.split(separator: ".").last, let date = ISOValue.date(String(tail)) else {
            throw c.fault("expected OID.{id}.YYYY-MM-DD, found \"\(text)\"")
        }
        let rid = set.start.withWallClock(CivilDateTime(date, set.start.civil.time))
        return CalendarEvent.Override(originalStart: rid, start: rid, length: set.length, title: summary, status: .cancelled,
                                      transparency: availability?.0 ?? .opaque, busyType: availability?.1, alarms: alarms ?? [])
    }

    /// An exception: its own start, end, subject; `originalStart` names the
    /// instance by the instant it started at (Graph: "always in UTC").
    ///
    /// For an all-day series the instance is a date: Graph writes all-day
    /// times at midnight UTC, so an `originalStart` at 00:00Z is that date;
    /// another instant is the local midnight of `originalStartTimeZone`
    /// (UTC when it is absent or unknown) and names the date it falls on
    /// there. The two readings agree wherever that zone is at +00:00.
    ///
    /// Its reminder and `showAs` are its own (Graph returns an exception as
    /// a whole event); without `isReminderOn` (or `showAs`) it keeps the
    /// master's, as a response narrowed by `$select` would mean.
    func override(of series: CalendarEvent) throws(AlmanacError) -> CalendarEvent.Override {
        guard let os = field["originalStart"] else { throw field.fault("missing field \"originalStart\"") }
        guard let (civil, offset) = ISOValue.dateTime(try os.string()) else { throw os.fault("expected an ISO 8601 date-time") }
        let instant = ISOValue.instant(civil, offset ?? .zero)
        let utc = CivilDateTime(localSeconds: instant.secondsSinceEpoch) ?? civil
        var rid = Anchor.utc(utc)
        if series.recurrence.start.kind == .date {
            let zone = utc.time == .midnight ? .utc : ownZone ?? .utc
            rid = .date(zone.civil(at: instant)?.0.date ?? utc.date)
        }
        return CalendarEvent.Override(originalStart: rid, start: start, length: end.map { .end($0) },
                                      title: try field["subject"]?.string(), status: status,
                                      transparency: availability?.0 ?? series.transparency,
                                      busyType: availability.map(\.1) ?? series.busyType, alarms: alarms ?? series.alarms)
    }
}
