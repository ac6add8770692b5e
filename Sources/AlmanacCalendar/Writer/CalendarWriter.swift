import Almanac
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension EventCalendar {
    /// The calendar as iCalendar text (RFC 5545): a VCALENDAR with one
    /// VEVENT or VTODO per series, then one per override (RECURRENCE-ID,
    /// RANGE=THISANDFUTURE when it applies), CRLF line ends, lines folded at
    /// 75 octets, TEXT escaped, each component with its TRANSP (when
    /// transparent) and VALARMs. Reading the text back gives the same
    /// events, an explicit ``CalendarEvent/busyType`` (Graph's `showAs`) as
    /// Outlook's X-MICROSOFT-CDO-BUSYSTATUS, but for a DISPLAY or EMAIL alarm
    /// without text, which is written with `DESCRIPTION:Reminder` (RFC 5545
    /// section 3.6.6 requires one), and an x-name busy type, which Outlook's
    /// property cannot hold.
    ///
    /// ```swift
    /// let text = EventCalendar(events: imported).icsText(productID: "-//Example//Sync//EN")
    /// let fixed = calendar.icsText(stamp: Timestamp(secondsSinceEpoch: 1_714_550_400))   // reproducible
    /// ```
    ///
    /// Zones are written as their TZID (IANA or Windows names, which every
    /// reader that knows the zone database resolves), without VTIMEZONE.
    ///
    /// Every component gets a DTSTAMP, which RFC 5545 requires in a VEVENT
    /// and a VTODO when the object has no METHOD (sections 3.6.1 and
    /// 3.6.2), and which then is "the date and time that the information
    /// associated with the calendar component was last revised" (section
    /// 3.8.7.2): the series' LAST-MODIFIED when known (an override, which
    /// has no time of its own in ``CalendarEvent/Override``, takes its
    /// series'), else `stamp`, the time of writing. Without `stamp`, the
    /// system clock's time.
    ///
    /// - Parameters:
    ///   - productID: PRODID's value.
    ///   - stamp: DTSTAMP where no last modification is known (default: now).
    public func icsText(productID: String = "-//Almanac//Almanac//EN", stamp: Timestamp? = nil) -> String {
        var w = CalendarWriter(stamp: stamp ?? Timestamp(secondsSinceEpoch: Int64(time(nil))))
        w.line("BEGIN:VCALENDAR")
        w.line("VERSION:2.0")
        w.line("PRODID:" + CalendarWriter.escape(productID))
        for e in events {
            w.series(e)
            for o in e.overrides { w.override(o, of: e) }
        }
        w.line("END:VCALENDAR")
        return w.out
    }
}

/// Writes content lines, folded at 75 octets (RFC 5545 section 3.1).
package struct CalendarWriter {
    /// The lines written so far, CRLF after each.
    package var out = ""
    /// DTSTAMP where no last modification is known.
    let stamp: Timestamp

    /// A writer whose components without a last modification are stamped `stamp`.
    package init(stamp: Timestamp) { self.stamp = stamp }

    /// Writes one content line, folded at 75 octets.
    package mutating func line(_ s: String) {
        if s.utf8.count <= 75 {   // most lines: nothing to fold, no walk over the characters
            out += s
            out += "\r\n"
            return
        }
        var count = 0
        for ch in s {
            let n = String(ch).utf8.count
            if count + n > 75 {
                out += "\r\n "
                count = 1
            }
            out.append(ch)
            count += n
        }
        out += "\r\n"
    }

    mutating func series(_ e: CalendarEvent) {
        let name = e.component == .todo ? "VTODO" : "VEVENT"
        line("BEGIN:" + name)
        line("UID:" + Self.escape(e.id))
        line("DTSTAMP:" + Self.utc(e.lastModified ?? stamp))
        if let t = e.lastModified { line("LAST-MODIFIED:" + Self.utc(t)) }
        if let s = e.sequence { line("SEQUENCE:\(s)") }
        let set = e.recurrence
        line("DTSTART" + Self.property(set.start))
        length(set.length, todo: e.component == .todo)
        text(e.title, e.status)
        for r in Self.fileRules(set) { line("RRULE:" + r.description) }
        for r in set.exclusionRules { line("EXRULE:" + r.description) }
        let periodStarts = Set(e.rdatePeriods.map(\.start))
        for d in set.dates where !periodStarts.contains(d) { line("RDATE" + Self.property(d)) }
        for p in e.rdatePeriods {
            switch p.length {
            case .end(let end): line("RDATE;VALUE=PERIOD" + Self.tzid(p.start) + ":" + Self.value(p.start) + "/" + Self.value(end))
            case .duration(let d): line("RDATE;VALUE=PERIOD" + Self.tzid(p.start) + ":" + Self.value(p.start) + "/" + d.description)
            }
        }
        for d in set.excludedDates { line("EXDATE" + Self.property(d)) }
        if e.transparency == .transparent { line("TRANSP:TRANSPARENT") }
        busyStatus(e.busyType)
        for a in e.alarms { alarm(a) }
        line("END:" + name)
    }

    mutating func override(_ o: CalendarEvent.Override, of e: CalendarEvent) {
        let name = e.component == .todo ? "VTODO" : "VEVENT"
        line("BEGIN:" + name)
        line("UID:" + Self.escape(e.id))
        line("DTSTAMP:" + Self.utc(e.lastModified ?? stamp))
        line("RECURRENCE-ID" + (o.thisAndFuture ? ";RANGE=THISANDFUTURE" : "") + Self.property(o.originalStart))
        if let s = o.sequence { line("SEQUENCE:\(s)") }
        line("DTSTART" + Self.property(o.start))
        length(o.length, todo: e.component == .todo)
        text(o.title, o.status)
        if o.transparency == .transparent { line("TRANSP:TRANSPARENT") }
        busyStatus(o.busyType)
        for a in o.alarms { alarm(a) }
        line("END:" + name)
    }

    mutating func length(_ l: RecurrenceSet.Length?, todo: Bool) {
        switch l {
        case .end(let end)?: line((todo ? "DUE" : "DTEND") + Self.property(end))
        case .duration(let d)?: line("DURATION:" + d.description)
        case nil: break
        }
    }

    mutating func text(_ summary: String?, _ status: CalendarEvent.Status?) {
        if let summary { line("SUMMARY:" + Self.escape(summary)) }
        if let status { line("STATUS:" + status.rawValue) }
    }

    /// `;VALUE=DATE:20240506`, `:20240506T070000Z`, `;TZID=Europe/Paris:20240506T090000`.
    package static func property(_ a: Anchor) -> String {
        (a.kind == .date ? ";VALUE=DATE" : tzid(a)) + ":" + value(a)
    }

    static func tzid(_ a: Anchor) -> String {
        guard case .zoned(_, let z) = a else { return "" }
        let id = z.identifier
        let quoted = id.contains(where: { $0 == ":" || $0 == ";" || $0 == "," })
        return ";TZID=" + (quoted ? "\"" + id + "\"" : id)
    }

    static func value(_ a: Anchor) -> String {
        if case .zoned(let c, _) = a { return Anchor.floating(c).rfc5545 }
        return a.rfc5545
    }

    /// `20240501T080000Z`.
    package static func utc(_ t: Timestamp) -> String { Anchor.utc(civil(t)).rfc5545 }

    static func civil(_ t: Timestamp) -> CivilDateTime {
        CivilDateTime(localSeconds: t.secondsSinceEpoch) ?? CivilDateTime(CivilDate(_unchecked: 1970, 1, 1), .midnight)
    }

    /// TEXT escaping (RFC 5545 section 3.3.11).
    package static func escape(_ s: String) -> String {
        var out = ""
        for ch in s {
            switch ch {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\n", "\r\n": out += "\\n"
            case "\r": break
            default: out.append(ch)
            }
        }
        return out
    }
}
