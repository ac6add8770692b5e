import Almanac
import AlmanacJSON

/// One instance of a calendar's series in a window: what it is (series id,
/// original start, title, status) and when (``occurrence``, and on the
/// viewer's clock ``viewerStart`` and ``viewerEnd``).
public struct CalendarOccurrence: Sendable, Hashable {
    /// The series id of its series (the UID): `CalendarEvent.id`.
    public var seriesID: String
    /// VEVENT or VTODO.
    public var component: CalendarEvent.Component
    /// The index of the series in ``EventCalendar/events``.
    public var eventIndex: Int
    /// The instance's original start, in the form of the series' DTSTART
    /// (what a RECURRENCE-ID names); `nil` for a one-off event.
    public var originalStart: Anchor?
    /// When it happens: its start and extent (a moved instance at its new
    /// time; its `Occurrence/recurrenceID` is still the original one).
    public var occurrence: Occurrence
    /// SUMMARY (the override's, or the series').
    public var title: String?
    /// STATUS (the override's, or the series'): `CANCELLED` for a cancelled instance.
    public var status: CalendarEvent.Status?
    /// The zone of its start value: the series' (or the override's own), UTC
    /// for a UTC value, `nil` for floating and all-day instances.
    public var zone: Zone?
    /// The zone of the query that found it: the viewer, whose clock
    /// ``viewerStart`` and ``viewerEnd`` read, and in which a floating or
    /// all-day instance was placed.
    ///
    /// ```swift
    /// try calendar.occurrences(in: Period.week(2024, 19), viewer: paris).first { _ in true }?.viewer   // Europe/Paris
    /// ```
    public var viewer: Zone = .utc
    /// TRANSP of the component that gives this instance (the override's, or the series').
    public var transparency: Transparency = .opaque
    /// The explicit busy type of that component (`nil`: from ``status``; see `CalendarEvent/busyType`).
    public var busyType: FreeBusyType?
    /// The component that gives this instance its properties: `-1` the
    /// series, else the index in its ``CalendarEvent/overrides`` of its own
    /// override or of the THISANDFUTURE override that governs it.
    package var source: Int32 = -1

    /// A DATE instance: all day.
    public var isAllDay: Bool { occurrence.isAllDay }

    /// The key a to-do app records against: the UID and the original
    /// recurrence id, so a moved instance keeps its key.
    public var key: OccurrenceKey { OccurrenceKey(seriesID: seriesID, occurrence: occurrence) }
}

extension CalendarOccurrence {
    /// The JSON object of `almanac events --json`: `uid`, `recurrence_id`,
    /// `start`, `end`, `all_day`, then `status` and `summary` when given.
    /// Timed values are ISO 8601 with the offset of the instance's zone at
    /// that instant (`Z` for UTC), floating ones have no offset, all-day
    /// ones are dates (the end exclusive).
    package var jsonLine: String {
        var w = JSONWriter(capacity: 256)
        writeJSON(to: &w)
        return w.text
    }

    /// Writes the object of ``jsonLine`` (for JSON that holds instances, such
    /// as a diff's `before` and `after`).
    package func writeJSON(to w: inout JSONWriter) {
        w.beginObject()
        w.key("uid"); w.string(seriesID)
        w.key("recurrence_id"); w.stringOrNull(originalStart.map { Self.iso(anchor: $0) })
        let (start, end) = Self.iso(occurrence, zone: zone)
        w.key("start"); w.string(start)
        w.key("end"); w.string(end)
        w.key("all_day"); w.bool(isAllDay)
        if let status { w.key("status"); w.string(status.rawValue) }
        if let title { w.key("summary"); w.string(title) }
        w.endObject()
    }

    /// The start and end as `--json` writes them.
    package static func isoPair(_ o: CalendarOccurrence) -> (String, String) { iso(o.occurrence, zone: o.zone) }

    /// A value in ISO 8601: a date, a wall clock, or an instant with its zone's offset.
    package static func iso(anchor a: Anchor) -> String {
        switch a {
        case .date(let d): return d.description
        case .floating(let c): return c.description
        case .utc(let c): return c.description + "Z"
        case .zoned(let c, let z):
            let t = z.instant(of: c)
            return iso(t, z)
        }
    }

    /// An instant as its zone's clock reads it. Instants come from values in
    /// years 1...9999, but an end can read past 9999-12-31 on that clock
    /// (`10000-01-01T00:00:00+01:00` ends a 90-second instance from
    /// 9999-12-31T23:58:30 in Paris) and a start before 0001-01-01: the
    /// clock is written as it reads, as floating and all-day ends are, never
    /// as an empty date (found by Tools/fuzz fuzz-ics).
    package static func iso(_ t: Timestamp, _ z: Zone) -> String {
        if z.identifier == "UTC" { return clock(t.secondsSinceEpoch).description + "Z" }
        let o = z.offset(at: t)
        return clock(t.secondsSinceEpoch &+ Int64(o.seconds)).description + o.description
    }

    /// The wall clock `localSeconds` after 1970-01-01T00:00:00, in years
    /// 1...9999 or not (kept within years 0...200,000, where the civil
    /// arithmetic is exact and every year has four digits or more).
    static func clock(_ localSeconds: Int64) -> CivilDateTime {
        let lo = Timestamp.min.secondsSinceEpoch - 366 * 86_400, hi = Int64(200_000 * 366) * 86_400
        return CivilDateTime(_localSeconds: Int(min(max(localSeconds, lo), hi)))
    }

    package static func iso(_ o: Occurrence, zone: Zone?) -> (String, String) {
        switch o.extent {
        case .dates(let r): return (r.lowerBound.description, r.upperBound.description)
        case .wallClock(let r): return (r.lowerBound.description, r.upperBound.description)
        case .instants(let r, _):
            let z = zone ?? .utc
            return (iso(r.lowerBound, z), iso(r.upperBound, z))
        }
    }
}
