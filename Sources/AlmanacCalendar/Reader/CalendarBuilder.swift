import Almanac

/// Bytes to ``EventCalendar``: content lines, components, zones, entries,
/// then series with their overrides.
enum CalendarBuilder {
    static func read(_ bytes: [UInt8], options: CalendarOptions) throws(AlmanacError) -> EventCalendar {
        let (events, byUID, fileZones, readings, freeBusy, availability) = try parts(bytes, options: options)
        var calendar = EventCalendar(events: events, byUID: byUID, fileZones: fileZones, readings: readings)
        calendar.freeBusy = freeBusy
        calendar.availability = availability
        return calendar
    }

    /// The series, file zones and readings of iCalendar bytes, before the calendar indexes them.
    ///
    /// Each VEVENT and VTODO is read into a series or an override as the
    /// component reader closes it (``EntrySink``), so its lines are let go
    /// at once; the readings come in the order they would if the whole
    /// input were read into components first: the component reader's, then
    /// each VCALENDAR's. In strict mode the reader's faults come first too:
    /// an entry's fault is thrown once the whole input is read.
    static func parts(_ bytes: [UInt8], options: CalendarOptions) throws(AlmanacError)
        -> (events: [CalendarEvent], byUID: UIDIndex, fileZones: [String: Zone], readings: [CalendarReading],
            freeBusy: [FreeBusyComponent], availability: [CalendarAvailability]) {
        let lenient = options.mode == .lenient
        var readings: [CalendarReading] = []
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            readings.append(CalendarReading(.liberty, line: 1, "a UTF-8 byte order mark: skipped"))
        }
        var sink = EntrySink(options: options)
        let (calendars, _) = try ComponentReader.read(bytes, lenient: lenient, readings: &readings, sink: &sink)
        // Nothing to read is an error in both modes (an empty VCALENDAR is
        // an empty calendar).
        if calendars.isEmpty {
            let blank = bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }
            throw AlmanacError(.empty, line: 0, column: 0, blank
                ? "the input is empty: no iCalendar component (BEGIN:VCALENDAR) in it"
                : "no iCalendar component in the input: no BEGIN:VCALENDAR\(lenient ? ", nor a VEVENT, VTODO or VTIMEZONE," : "") in it (is it an iCalendar file?)")
        }
        if let failure = sink.failure { throw failure }
        var events = sink.events, byUID = sink.byUID
        sink.revisions.removeDead(from: &events, byUID: &byUID)
        return (events, byUID, sink.fileZones, readings + sink.readings, sink.freeBusy, sink.availability)
    }

    /// A series: an entry without RECURRENCE-ID (two with one UID are two
    /// series, or revisions of one: ``SeriesRevisions``). With
    /// ``CalendarOptions/UnsynchronizedStart/besideCount``, its DTSTART is an
    /// instance beside COUNT's (``ExpansionOptions/countsStart`` false, set
    /// only where a rule has COUNT: elsewhere it changes nothing, and the
    /// series keeps the default options).
    static func series(_ e: consuming EventEntry, options: CalendarOptions) -> CalendarEvent {
        var expansion = options.expansion
        if options.unsynchronizedStart == .besideCount, e.rules.contains(where: { $0.count != nil }) { expansion.countsStart = false }
        return CalendarEvent(
            component: e.component, id: e.uid, title: e.summary, status: e.status, sequence: e.sequence,
            lastModified: e.lastModified,
            recurrence: RecurrenceSet(start: e.start, rules: e.rules, exclusionRules: e.exclusionRules, dates: e.dates,
                                      excludedDates: e.excludedDates, length: e.length, options: expansion),
            rdatePeriods: e.periods, transparency: e.transparency, busyType: e.busyType, alarms: e.alarms, line: e.line)
    }

    /// Attaches overrides to their series: each joins the first series of
    /// its UID in its VCALENDAR (the series from `calendarStart` on), or
    /// becomes a series of its own whose DTSTART is its RECURRENCE-ID, so
    /// that it keeps its identity.
    static func attach(_ overrides: [EventEntry], to events: inout [CalendarEvent], from calendarStart: Int,
                       byUID: inout UIDIndex, options: CalendarOptions) {
        for e in overrides {
            guard let rid = e.recurrenceID else { continue }
            let o = CalendarEvent.Override(originalStart: rid, thisAndFuture: e.thisAndFuture, start: e.start, length: e.length,
                                           title: e.summary, status: e.status, sequence: e.sequence,
                                           transparency: e.transparency, busyType: e.busyType, alarms: e.alarms, line: e.line)
            if let i = byUID.first(e.uid, from: calendarStart) {
                events[i].overrides.append(o)
            } else {
                byUID.append(e.uid)
                events.append(CalendarEvent(component: e.component, id: e.uid, title: e.summary, status: e.status,
                                            sequence: e.sequence, lastModified: e.lastModified,
                                            recurrence: RecurrenceSet(start: rid, options: options.expansion),
                                            overrides: [o], line: e.line))
            }
        }
    }
}
