import Almanac

extension EventReader {
    /// Reads a VAVAILABILITY and its AVAILABLE subcomponents (RFC 7953
    /// sections 3.1 and 3.1.1). Each AVAILABLE is read as a VEVENT is (it
    /// has the same time properties: DTSTART, DTEND or DURATION, RRULE,
    /// RDATE, EXDATE, RECURRENCE-ID), into a series with its overrides.
    /// Strict mode refuses what RFC 7953 forbids (DTEND with DURATION, a
    /// PRIORITY outside 0...9, an AVAILABLE without DTSTART); lenient mode
    /// reads the rest, each liberty reported.
    mutating func availability(_ c: ParsedComponent, options: CalendarOptions) throws(AlmanacError) -> CalendarAvailability {
        var a = CalendarAvailability(uid: "", line: c.line)
        var uid: String? = nil, end: Anchor? = nil, duration: EventDuration? = nil
        for p in c.properties {
            switch p.property {
            case .uid: uid = Values.text(value(p))
            case .dtstart: a.start = try anchor(p)
            case .dtend: end = try anchor(p)
            case .duration:
                do throws(AlmanacError) { duration = try EventDuration(parsing: value(p)) } catch { throw fault(p, error.message) }
            case .busytype: a.busyType = FreeBusyType(rawValue: value(p).trimmingSpaces)
            case .priority: a.priority = try priority(p)
            case .summary: a.summary = Values.text(value(p))
            default: continue
            }
        }
        if let uid { a.uid = uid } else { a.uid = try missingUID(c) }
        if let end, duration != nil {
            guard lenient else { throw AlmanacError(.invalidValue, line: c.line, column: 0, "DTEND and DURATION together in a VAVAILABILITY (RFC 7953 section 3.1 allows one)") }
            readings.append(CalendarReading(.liberty, line: c.line, "DTEND and DURATION together: DTEND \(end.rfc5545) used"))
            duration = nil
        }
        if let end { a.end = .end(end) } else if let duration { a.end = .duration(duration) }
        a.available = try available(of: c, options: options)
        return a
    }

    /// The AVAILABLE subcomponents of `c` as series, each with its overrides.
    mutating func available(of c: ParsedComponent, options: CalendarOptions) throws(AlmanacError) -> [CalendarEvent] {
        var series: [CalendarEvent] = [], overrides: [EventEntry] = []
        var byUID = UIDIndex()
        for child in c.children where child.name == "AVAILABLE" {
            do throws(AlmanacError) {
                guard let e = try entry(child) else { continue }
                if e.recurrenceID == nil {
                    byUID.append(e.uid)
                    series.append(CalendarBuilder.series(e, options: options))
                } else {
                    overrides.append(e)
                }
            } catch {
                guard lenient else { throw error }
                readings.append(CalendarReading(skipped: "AVAILABLE skipped: \(error)", line: child.line, cause: error))
            }
        }
        CalendarBuilder.attach(overrides, to: &series, from: 0, byUID: &byUID, options: options)
        return series
    }

    /// PRIORITY: 0...9 (RFC 5545 section 3.8.1.9); lenient mode reads
    /// another value as 0, undefined, with a reading.
    mutating func priority(_ p: ContentLine) throws(AlmanacError) -> Int {
        if let n = Int(value(p).trimmingSpaces), (0...9).contains(n) { return n }
        guard lenient else { throw fault(p, "PRIORITY is an integer from 0 to 9 (RFC 5545 section 3.8.1.9)") }
        readings.append(CalendarReading(.liberty, line: p.line, "PRIORITY \"\(value(p))\" read as 0, undefined"))
        return 0
    }
}
