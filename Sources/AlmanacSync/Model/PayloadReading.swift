import Almanac
import AlmanacCalendar
import AlmanacJSON

/// What the JSON readers share: pages, times, zones and recurrence lines.
enum Payload {
    /// The top-level JSON values of `bytes`: one response, or several pages
    /// concatenated (whitespace between them, or none), each with its path
    /// (`""` for a single value, `"[2]"` for the third of several).
    static func documents(_ bytes: [UInt8]) throws(AlmanacError) -> [JSONField] {
        var values: [JSONValue] = []
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let result: Result<Void, AlmanacError> = bytes[start...].withUnsafeBufferPointer { b in
            do throws(AlmanacError) {
                return .success(try JSONReader.parseSequence(b) { values.append($0) })
            } catch { return .failure(error) }
        }
        if case .failure(var e) = result {
            e.kind = .invalidRequest
            throw values.isEmpty ? e : e.at(field: "[\(values.count)]")
        }
        guard !values.isEmpty else { throw AlmanacError(.invalidRequest, "no JSON value in the input") }
        return values.enumerated().map { JSONField($1, path: values.count == 1 ? "" : "[\($0)]") }
    }

    /// A zone by IANA, alias or Windows name.
    static func zone(_ f: JSONField) throws(AlmanacError) -> Zone {
        let id = try f.string()
        do throws(AlmanacError) { return try Zone(id) } catch { throw f.fault("unknown time zone \"\(id)\"") }
    }

    /// A recurring series' recurrence lines (`RRULE:...`, `EXRULE:...`,
    /// `RDATE;TZID=...:...`, `EXDATE;VALUE=DATE:...`) read as iCalendar
    /// properties, against `start`, so they mean exactly what they mean in
    /// an `.ics` file: in the `.ics` reader's lenient mode, its readings
    /// noted on `item`, or in its strict mode.
    static func recurrence(_ lines: [JSONField], start: Anchor, end: Anchor?, item: JSONField,
                           log: inout ReadLog) throws(AlmanacError) -> (RecurrenceSet, [CalendarEvent.RDatePeriod]) {
        var text = "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:x\r\nDTSTART" + CalendarWriter.property(start) + "\r\n"
        for l in lines {
            let s = try l.string()
            guard !s.contains(where: { $0 == "\r" || $0 == "\n" }) else { throw l.fault("a recurrence line holds a line break") }
            text += s + "\r\n"
        }
        text += "END:VEVENT\r\nEND:VCALENDAR\r\n"
        // Lines 1-4 are the wrapper written above; recurrence[k] is line k + 5.
        func at(_ line: Int) -> JSONField {
            lines.indices.contains(line - 5) ? lines[line - 5] : JSONField(.null, path: lines.first?.path ?? item.path + ".recurrence")
        }
        let calendar: (events: [CalendarEvent], readings: [CalendarReading])
        do throws(AlmanacError) {
            // The engine's reading of DTSTART and COUNT (RFC 5545 section 3.3.10), not a file's.
            calendar = try EventCalendar.series(ics: Array(text.utf8),
                                                options: CalendarOptions(mode: log.mode, unsynchronizedStart: .firstOfCount))
        } catch {
            throw at(error.line ?? 0).fault(error.message)
        }
        guard let e = calendar.events.first else {
            // Lenient reading left the series out; its reading says why, with the line of the fault.
            guard let cause = calendar.readings.last(where: { $0.cause != nil })?.cause else {
                throw at(5).fault(calendar.readings.last?.message ?? "the recurrence lines cannot be read")
            }
            throw at(cause.line ?? 5).fault(cause.message)
        }
        for r in calendar.readings where r.line >= 5 && r.line < 5 + lines.count && !r.resolvesKnownZone {
            let kind: SyncReading.Kind = r.kind == .zone ? .zone : r.kind == .skipped ? .skipped : .liberty
            log.note(kind, item, field: at(r.line).path, r.message)
        }
        var set = e.recurrence
        set.start = start
        set.length = end.map { .end($0) }
        return (set, e.rdatePeriods)
    }

    /// A series' length as a duration, for an instance that keeps it
    /// elsewhere (DTEND is a value, so it cannot be moved as it is).
    static func duration(of set: RecurrenceSet) -> RecurrenceSet.Length? {
        guard case .end(let e)? = set.length else { return set.length }
        switch (set.start, e) {
        case (.date(let s), _): return .duration(EventDuration(days: max(0, e.civil.date.daysSinceEpoch - s.daysSinceEpoch)))
        case (.floating(let s), _): return .duration(EventDuration(seconds: Int(max(0, e.civil.localSeconds - s.localSeconds))))
        default:
            let s = set.start.instant(in: .utc).secondsSinceEpoch, t = e.instant(in: .utc).secondsSinceEpoch
            return .duration(EventDuration(seconds: Int(max(0, t - s))))
        }
    }

    /// An instant and a zone as the zone's wall clock.
    static func zoned(_ civil: CivilDateTime, offset: Offset, in zone: Zone) -> Anchor {
        let t = ISOValue.instant(civil, offset)
        guard let (wall, _) = zone.civil(at: t) else { return .utc(civil) }
        return .zoned(wall, zone)
    }
}
