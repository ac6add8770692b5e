import Almanac

extension EventReader {
    /// The most repeats an alarm keeps (REPEAT): far past any real alarm
    /// (a reminder every minute for a week is 10,080), and a bound on what
    /// one VALARM can make a query list.
    static let maxRepeats = 10_000
    /// The longest time from a trigger to its last repeat: a year. Past it
    /// an alarm query would read a year of instances for every window (the
    /// instances whose repeats can reach it).
    static let maxRepeatSpan: Int64 = 366 * 86_400

    /// Reads the VALARMs of a VEVENT or VTODO (RFC 5545 section 3.6.6, RFC
    /// 9074). Strict mode refuses what the grammar forbids; lenient mode
    /// reads what producers write, each liberty reported, and skips an alarm
    /// it cannot place (no TRIGGER) with a reading.
    mutating func alarms(of c: ParsedComponent) throws(AlmanacError) -> [Alarm] {
        var out: [Alarm] = []
        for child in c.children where child.name == "VALARM" {
            if let a = try alarm(child) { out.append(a) }
        }
        return out
    }

    /// One VALARM; `nil` (lenient) when it has no usable TRIGGER.
    mutating func alarm(_ c: ParsedComponent) throws(AlmanacError) -> Alarm? {
        var trigger: Alarm.Trigger? = nil, action: Alarm.Action? = nil
        var a = Alarm(trigger: .start(.zero), line: c.line)
        var repeatLine: ContentLine? = nil, durationLine: ContentLine? = nil
        for p in c.properties {
            switch p.property {
            case .trigger: trigger = try self.trigger(p)
            case .action: action = Alarm.Action(rawValue: value(p).trimmingSpaces)
            case .description: a.description = Values.text(value(p))
            case .summary: a.summary = Values.text(value(p))
            case .uid: a.uid = Values.text(value(p))
            case .repeatCount: repeatLine = p
            case .duration: durationLine = p
            case .acknowledged: a.acknowledged = try utcInstant(p)
            case .proximity: a.proximity = value(p).trimmingSpaces.uppercased()
            case .relatedTo:
                // RFC 9074 section 5: RELTYPE=SNOOZE names the alarm this one snoozes.
                if store.parameter(.reltype, of: p, is: "SNOOZE") { a.snoozes = Values.text(value(p)) }
            default: continue
            }
        }
        guard let trigger else {
            guard lenient else { throw AlmanacError(.invalidValue, line: c.line, column: 0, "a VALARM without TRIGGER (RFC 5545 section 3.6.6 requires one)") }
            readings.append(CalendarReading(.skipped, line: c.line, "a VALARM without TRIGGER skipped: it has no time to fire at"))
            return nil
        }
        a.trigger = trigger
        if let action { a.action = action } else {
            guard lenient else { throw AlmanacError(.invalidValue, line: c.line, column: 0, "a VALARM without ACTION (RFC 5545 section 3.6.6 requires one)") }
            readings.append(CalendarReading(.liberty, line: c.line, "a VALARM without ACTION: read as ACTION:DISPLAY"))
            a.action = .display
        }
        try repeats(repeatLine, durationLine, alarm: &a, line: c.line)
        if let p = a.proximity {
            readings.append(CalendarReading(.skipped, line: c.line,
                                            "a VALARM with PROXIMITY:\(p) (RFC 9074 section 8) fires on a place, not at a time: not applicable to time queries"))
        }
        return a
    }

    /// TRIGGER (RFC 5545 section 3.8.6.3): a duration from the start (or,
    /// `RELATED=END`, the end), or with `VALUE=DATE-TIME` an instant, which
    /// "MUST be specified in UTC time format" (lenient: a local or zoned
    /// value is read in its zone, UTC when it has none, with a reading).
    mutating func trigger(_ p: ContentLine) throws(AlmanacError) -> Alarm.Trigger {
        let text = value(p).trimmingSpaces
        let isDuration = text.hasPrefix("P") || text.hasPrefix("-P") || text.hasPrefix("+P")
        if isDuration && !store.parameter(.value, of: p, is: "DATE-TIME") {
            let d: EventDuration
            do throws(AlmanacError) { d = try EventDuration(parsing: text) } catch { throw fault(p, error.message) }
            if let r = store.parameter(.related, of: p), r.uppercased() != "START" {
                guard r.uppercased() == "END" else {
                    guard lenient else { throw fault(p, "RELATED=\(r): RFC 5545 section 3.2.14 allows START or END") }
                    readings.append(CalendarReading(.liberty, line: p.line, "TRIGGER with RELATED=\(r): read as RELATED=START"))
                    return .start(d)
                }
                return .end(d)
            }
            return .start(d)
        }
        if store.parameter(.related, of: p) != nil {
            guard lenient else { throw fault(p, "RELATED is not valid on a DATE-TIME TRIGGER (RFC 5545 section 3.2.14)") }
            readings.append(CalendarReading(.liberty, line: p.line, "TRIGGER: RELATED on a DATE-TIME value ignored"))
        }
        return .absolute(try utcInstant(p))
    }

    /// A DATE-TIME that RFC 5545 (and RFC 9074) require in UTC; lenient mode
    /// reads a floating one as UTC and a zoned one in its zone, with a reading.
    mutating func utcInstant(_ p: ContentLine) throws(AlmanacError) -> Timestamp {
        let a = try anchor(p)
        switch a {
        case .utc(let c): return Zone.utc.instant(of: c)
        case .zoned(let c, let z):
            guard lenient else { throw fault(p, "the value must be in UTC (RFC 5545 section 3.8.6.3)") }
            readings.append(CalendarReading(.liberty, line: p.line, "\(p.name) \(a.rfc5545) is not in UTC: read in \(z.identifier)"))
            return z.instant(of: c)
        case .floating, .date:
            guard lenient else { throw fault(p, "the value must be a DATE-TIME in UTC (RFC 5545 section 3.8.6.3)") }
            readings.append(CalendarReading(.liberty, line: p.line, "\(p.name) \(a.rfc5545) is not in UTC: read as UTC"))
            return Zone.utc.instant(of: a.civil)
        }
    }

    /// REPEAT and DURATION, which come together or not at all (RFC 5545
    /// section 3.6.6: "if one occurs, so MUST the other"). Lenient: one
    /// without the other is ignored, and a REPEAT past ``maxRepeats`` is
    /// cut there, each with a reading.
    mutating func repeats(_ r: ContentLine?, _ d: ContentLine?, alarm a: inout Alarm, line: Int) throws(AlmanacError) {
        guard r != nil || d != nil else { return }
        guard let r, let d else {
            let (has, lacks) = r != nil ? ("REPEAT", "DURATION") : ("DURATION", "REPEAT")
            guard lenient else { throw AlmanacError(.invalidValue, line: line, column: 0, "a VALARM with \(has) and no \(lacks) (RFC 5545 section 3.6.6: if one occurs, so must the other)") }
            readings.append(CalendarReading(.liberty, line: line, "a VALARM with \(has) and no \(lacks): \(has) ignored"))
            return
        }
        guard let n = Int(value(r).trimmingSpaces), n >= 0 else { throw fault(r, "REPEAT is a non-negative integer (RFC 5545 section 3.8.6.2)") }
        let interval: EventDuration
        do throws(AlmanacError) { interval = try EventDuration(parsing: value(d).trimmingSpaces) } catch { throw fault(d, error.message) }
        guard interval.days >= 0, interval.seconds >= 0, interval != .zero else {
            guard lenient else { throw fault(d, "the time between repeats must be positive") }
            readings.append(CalendarReading(.liberty, line: d.line, "a VALARM repeats every \(interval): REPEAT ignored"))
            return
        }
        let step = AlarmSummary.seconds(interval)
        let most = min(Self.maxRepeats, Int(Self.maxRepeatSpan / max(step, 1)))
        if n > most {
            guard lenient else { throw fault(r, "more than \(most) repeats of \(interval) (\(Self.maxRepeats) at most, over a year at most)") }
            readings.append(CalendarReading(.liberty, line: r.line, "REPEAT:\(n) every \(interval) cut to \(most) (\(Self.maxRepeats) at most, over a year at most)"))
        }
        (a.repeatCount, a.repeatInterval) = (min(n, most), interval)
    }
}
