import Almanac

/// Bytes to ``EventCalendar``: content lines, components, zones, entries,
/// then series with their overrides.
enum _CalendarBuilder {
    static func read(_ bytes: [UInt8], options: CalendarOptions) throws(CalendarError) -> EventCalendar {
        let (events, byUID, fileZones, readings) = try parts(bytes, options: options)
        return EventCalendar(events: events, byUID: byUID, fileZones: fileZones, readings: readings)
    }

    /// The series, file zones and readings of iCalendar bytes, before the calendar indexes them.
    static func parts(_ bytes: [UInt8], options: CalendarOptions) throws(CalendarError)
        -> (events: [CalendarEvent], byUID: _UIDIndex, fileZones: [String: Zone], readings: [CalendarReading]) {
        let lenient = options.mode == .lenient
        var readings: [CalendarReading] = []
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            readings.append(CalendarReading(.liberty, line: 1, "a UTF-8 byte order mark: skipped"))
        }
        let (calendars, store) = try _ComponentReader.read(bytes, lenient: lenient, readings: &readings)
        if calendars.isEmpty {
            if !lenient { throw CalendarError(.structure, line: 0, column: 0, "no VCALENDAR in the input") }
            readings.append(CalendarReading(.skipped, line: 0, "no VCALENDAR in the input"))
        }
        var events: [CalendarEvent] = []
        var byUID = _UIDIndex()
        var fileZones: [String: Zone] = [:]
        for calendar in calendars {
            var calendarZone: Zone? = nil
            if options.appliesCalendarZone, let x = calendar.first(.xWRTimezone) {
                let name = store.value(x)
                calendarZone = try? Zone(name.trimmingSpaces)
                readings.append(CalendarReading(.zone, line: x.line, calendarZone == nil
                    ? "X-WR-TIMEZONE \"\(name)\" is not a zone ICU knows: floating values stay floating"
                    : "X-WR-TIMEZONE \"\(name)\" applied to floating values"))
            }
            var reader = _EventReader(zones: _ZoneResolver(calendar: calendar, store: store, options: options), store: store,
                                      lenient: lenient, calendarZone: calendarZone)
            var entries: [_Entry] = []
            for c in calendar.children where c.name == "VEVENT" || c.name == "VTODO" {
                do throws(CalendarError) {
                    if let e = try reader.entry(c) { entries.append(e) }
                } catch {
                    guard lenient else { throw error }
                    reader.readings.append(CalendarReading(.skipped, line: c.line, "\(c.name) skipped: \(error)"))
                }
            }
            readings += reader.readings
            fileZones.merge(reader.zones.fileZones) { a, _ in a }
            series(entries, options: options, into: &events, byUID: &byUID)
        }
        return (events, byUID, fileZones, readings)
    }

    /// Groups entries into series: each entry without RECURRENCE-ID is a
    /// series (two with one UID are two series); an override joins the
    /// first series of its UID, or becomes a series of its own whose DTSTART
    /// is its RECURRENCE-ID, so that it keeps its identity.
    static func series(_ entries: [_Entry], options: CalendarOptions, into events: inout [CalendarEvent],
                       byUID: inout _UIDIndex) {
        // Series before overrides, in file order; the first series of a UID
        // in this VCALENDAR takes its overrides.
        let calendarStart = events.count
        events.reserveCapacity(events.count + entries.count)
        for e in entries where e.recurrenceID == nil {
            byUID.append(e.uid)
            events.append(CalendarEvent(
                component: e.component, uid: e.uid, summary: e.summary, status: e.status, sequence: e.sequence,
                lastModified: e.lastModified,
                recurrence: RecurrenceSet(start: e.start, rules: e.rules, exclusionRules: e.exclusionRules, dates: e.dates,
                                          excludedDates: e.excludedDates, length: e.length, options: options.expansion),
                periods: e.periods, line: e.line))
        }
        for e in entries {
            guard let rid = e.recurrenceID else { continue }
            let o = CalendarEvent.Override(recurrenceID: rid, thisAndFuture: e.thisAndFuture, start: e.start, length: e.length,
                                           summary: e.summary, status: e.status, sequence: e.sequence, line: e.line)
            if let i = byUID.first(e.uid, from: calendarStart) {
                events[i].overrides.append(o)
            } else {
                byUID.append(e.uid)
                events.append(CalendarEvent(component: e.component, uid: e.uid, summary: e.summary, status: e.status,
                                            sequence: e.sequence, lastModified: e.lastModified,
                                            recurrence: RecurrenceSet(start: rid, options: options.expansion),
                                            overrides: [o], line: e.line))
            }
        }
    }
}
