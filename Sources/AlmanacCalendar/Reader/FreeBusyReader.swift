import Almanac

/// Reads a VFREEBUSY (RFC 5545 section 3.6.4): UID, DTSTART, DTEND and
/// every FREEBUSY property (section 3.8.2.6) with its FBTYPE (section
/// 3.2.9). Strict mode refuses what the RFC forbids; lenient mode reads
/// what producers mean, each liberty reported, and skips a period it
/// cannot read with a reading.
extension EventReader {
    mutating func freeBusy(_ c: ParsedComponent) throws(AlmanacError) -> FreeBusyComponent {
        var fb = FreeBusyComponent(line: c.line)
        for p in c.properties {
            switch p.property {
            case .uid: fb.uid = Values.text(value(p))
            case .dtstart: fb.start = try utcInstant(p, Substring(value(p)))
            case .dtend: fb.end = try utcInstant(p, Substring(value(p)))
            case .freebusy: try readPeriods(p, into: &fb)
            default: continue
            }
        }
        if let s = fb.start, let e = fb.end, e < s {
            let message = "DTEND \(CalendarWriter.utc(e)) is before DTSTART \(CalendarWriter.utc(s))"
            guard lenient else { throw AlmanacError(.invalidValue, line: c.line, column: 0, "VFREEBUSY: \(message)") }
            readings.append(CalendarReading(.liberty, line: c.line, "VFREEBUSY: \(message): DTEND ignored"))
            fb.end = nil
        }
        return fb
    }

    /// The periods of a FREEBUSY line: `start/end` or `start/duration`,
    /// comma-separated (RFC 5545 section 3.3.9), FBTYPE from its parameter.
    private mutating func readPeriods(_ p: ContentLine, into fb: inout FreeBusyComponent) throws(AlmanacError) {
        let type = store.parameter(.fbtype, of: p).map { FreeBusyType(rawValue: $0.trimmingSpaces) } ?? .busy
        for v in Values.list(value(p)) {
            do throws(AlmanacError) {
                fb.periods.append(FreeBusyComponent.Entry(range: try period(p, v), type: type))
            } catch {
                guard lenient else { throw error }
                readings.append(CalendarReading(skipped: "FREEBUSY period \"\(v)\" skipped: \(error.message)", line: p.line, cause: error))
            }
        }
    }

    /// One PERIOD value: its start, then its end or a positive duration
    /// (exact: in UTC a day is 24 hours).
    private mutating func period(_ p: ContentLine, _ v: Substring) throws(AlmanacError) -> Range<Timestamp> {
        guard let slash = v.firstIndex(of: "/") else {
            throw fault(p, "\"\(v)\" is not a period (start/end or start/duration, RFC 5545 section 3.3.9)")
        }
        let start = try utcInstant(p, v[..<slash])
        let rest = v[v.index(after: slash)...]
        let end: Timestamp
        if rest.hasPrefix("P") || rest.hasPrefix("+P") || rest.hasPrefix("-P") {
            let d: EventDuration
            do throws(AlmanacError) { d = try EventDuration(parsing: rest) } catch { throw fault(p, error.message) }
            let seconds = Int64(d.days) * 86_400 + Int64(d.seconds)
            guard seconds > 0 else { throw fault(p, "the period \"\(v)\" has no positive duration (RFC 5545 section 3.3.9)") }
            guard start.secondsSinceEpoch <= Timestamp.max.secondsSinceEpoch - seconds else {
                throw fault(p, "the period \"\(v)\" ends after 9999-12-31")
            }
            end = start + seconds
        } else {
            end = try utcInstant(p, rest)
        }
        guard start < end else { throw fault(p, "the period \"\(v)\" does not end after it starts (RFC 5545 section 3.3.9)") }
        return start..<end
    }

    /// A DATE-TIME of a VFREEBUSY as an instant. RFC 5545 wants UTC
    /// (sections 3.8.2.6 and 3.6.4); lenient mode reads a value in its
    /// TZID's zone, and places a floating time or a date in UTC.
    private mutating func utcInstant(_ p: ContentLine, _ text: Substring) throws(AlmanacError) -> Timestamp {
        let a = try anchor(p, text)
        switch a {
        case .utc(let c): return Timestamp(utc: c)
        case .zoned(let c, let z):
            guard lenient else { throw fault(p, "\(p.name) of a VFREEBUSY is in UTC (RFC 5545 sections 3.6.4 and 3.8.2.6), not in a TZID's zone") }
            readings.append(CalendarReading(.liberty, line: p.line, "\(p.name) of a VFREEBUSY with a TZID: read in \(z.identifier), not in UTC"))
            return z.instant(of: c)
        case .floating, .date:
            guard lenient else { throw fault(p, "\(p.name) of a VFREEBUSY is a UTC time ending in Z (RFC 5545 sections 3.6.4 and 3.8.2.6)") }
            readings.append(CalendarReading(.liberty, line: p.line, "\(p.name) \"\(text)\" of a VFREEBUSY has no Z: read as UTC"))
            return Timestamp(utc: a.civil)
        }
    }
}
