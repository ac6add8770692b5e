import Almanac

/// Reads each VEVENT and VTODO into a series or an override as soon as the
/// component reader closes it, so that the lines of a calendar of many
/// events are never all held at once (200,000 small events held 345 bytes
/// of lines and components each until the last was read).
///
/// A component is read when it closes only if that gives what reading it
/// at the end of its VCALENDAR would: every TZID it uses must already be
/// settled (a zone the system or ICU knows, or a VTIMEZONE already read;
/// see ``ZoneResolver/isSettled(_:)``). The first one that is not (its
/// VTIMEZONE may come later in the file), and every later one, wait for the
/// end of the VCALENDAR, so that series keep their file order; so do all of
/// them when X-WR-TIMEZONE is applied (it may come after them).
struct EntrySink {
    let options: CalendarOptions
    var events: [CalendarEvent] = []
    var byUID = UIDIndex()
    var fileZones: [String: Zone] = [:]
    /// The VAVAILABILITY components (RFC 7953), read as their VCALENDAR closes.
    var availability: [CalendarAvailability] = []
    /// The VCALENDARs' readings, in order (the component reader's come before them).
    var readings: [CalendarReading] = []
    /// Strict mode: the first fault of an entry, thrown once the component
    /// reader has read the whole input without one of its own.
    var failure: AlmanacError?
    /// Series of one UID that revise one another (``SeriesRevisions``):
    /// the dead ones are removed once the whole input is read.
    var revisions = SeriesRevisions()
    /// The VFREEBUSY components read, in file order (``EventCalendar/freeBusy``).
    var freeBusy: [FreeBusyComponent] = []
    /// The VCALENDAR being read, once one of its components has been.
    private var current: Calendar?

    /// What is kept while one VCALENDAR is read.
    private struct Calendar {
        var reader: EventReader
        /// Its overrides, attached to their series when it closes.
        var overrides: [EventEntry] = []
        /// The index in `events` of its first series.
        let start: Int
        /// X-WR-TIMEZONE's reading, before the reader's.
        var zoneReading: CalendarReading?
        /// A component could not be read as it closed: it and the later ones wait for the close.
        var waiting = false
    }

    init(options: CalendarOptions) { self.options = options }

    private var lenient: Bool { options.mode == .lenient }

    /// `c` closed directly inside `calendar` (the VCALENDAR as read so
    /// far). Returns whether the sink took it: the component reader then
    /// leaves it out of the tree, and its lines out of the store.
    mutating func take(_ c: ParsedComponent, in calendar: ParsedComponent, store: LineStore) -> Bool {
        if failure != nil { return c.name != "VTIMEZONE" }
        if c.name == "VTIMEZONE" {
            current?.reader.zones.define(c, store: store)
            return false
        }
        guard c.name == "VEVENT" || c.name == "VTODO", !options.appliesCalendarZone else { return false }
        if current == nil { current = open(calendar, store: store) }
        guard !current!.waiting else { return false }
        current!.reader.store = store
        current!.reader.zones.store = store
        defer {
            current!.reader.store = LineStore()
            current!.reader.zones.store = LineStore()
        }
        guard current!.reader.zonesAreSettled(c) else {
            current!.waiting = true
            return false
        }
        read(c)
        return true
    }

    /// `calendar` closed, holding the components the sink did not take.
    mutating func close(_ calendar: ParsedComponent, store: LineStore) {
        if failure != nil { return }
        if current == nil { current = open(calendar, store: store) }
        current!.reader.store = store
        current!.reader.zones.store = store
        for c in calendar.children where c.name == "VEVENT" || c.name == "VTODO" || c.name == "VAVAILABILITY" {
            c.name == "VAVAILABILITY" ? readAvailability(c) : read(c)
            if failure != nil { return }
        }
        // VFREEBUSY components are few and small: they wait for the close.
        for c in calendar.children where c.name == "VFREEBUSY" {
            readFreeBusy(c)
            if failure != nil { return }
        }
        let state = current!
        current = nil
        if let r = state.zoneReading { readings.append(r) }
        readings += state.reader.readings
        fileZones.merge(state.reader.zones.fileZones) { a, _ in a }
        CalendarBuilder.attach(state.overrides, to: &events, from: state.start, byUID: &byUID, options: options)
    }

    /// The reader of VCALENDAR `calendar` (as read so far: its properties
    /// and the VTIMEZONEs before its first component read).
    private mutating func open(_ calendar: ParsedComponent, store: LineStore) -> Calendar {
        revisions.startCalendar()
        var calendarZone: Zone? = nil, zoneReading: CalendarReading? = nil
        if options.appliesCalendarZone, let x = calendar.first(.xWRTimezone) {
            let name = store.value(x)
            calendarZone = try? Zone(name.trimmingSpaces)
            zoneReading = CalendarReading(.zone, line: x.line, calendarZone == nil
                ? "X-WR-TIMEZONE \"\(name)\" is not a known zone: floating values stay floating"
                : "X-WR-TIMEZONE \"\(name)\" applied to floating values")
        }
        let reader = EventReader(zones: ZoneResolver(calendar: calendar, store: store, options: options), store: store,
                                  lenient: lenient, calendarZone: calendarZone)
        return Calendar(reader: reader, start: events.count, zoneReading: zoneReading)
    }

    /// Reads VAVAILABILITY `c` of the current VCALENDAR (lenient: a fault skips it with a reading).
    private mutating func readAvailability(_ c: ParsedComponent) {
        do throws(AlmanacError) {
            availability.append(try current!.reader.availability(c, options: options))
        } catch {
            guard lenient else { failure = error; return }
            current!.reader.readings.append(CalendarReading(skipped: "VAVAILABILITY skipped: \(error)", line: c.line, cause: error))
        }
    }

    /// Reads `c` into a series or an override of the current VCALENDAR
    /// (lenient: a fault skips it with a reading; strict: the first is kept).
    private mutating func read(_ c: ParsedComponent) {
        do throws(AlmanacError) {
            guard let e = try current!.reader.entry(c) else { return }
            if e.recurrenceID == nil {
                let series = CalendarBuilder.series(e, options: options)
                if !options.keepsRevisions, let first = byUID.first(series.id, from: current!.start) {
                    revisions.add(series, first: first, events: &events, byUID: &byUID, readings: &current!.reader.readings)
                    return
                }
                byUID.append(series.id)
                events.append(series)
            } else {
                current!.overrides.append(e)
            }
        } catch {
            guard lenient else { failure = error; return }
            current!.reader.readings.append(CalendarReading(skipped: "\(c.name) skipped: \(error)", line: c.line, cause: error))
        }
    }
}

extension EntrySink {
    /// Reads VFREEBUSY `c` of the current VCALENDAR (lenient: a fault skips
    /// it with a reading; strict: the first is kept).
    private mutating func readFreeBusy(_ c: ParsedComponent) {
        do throws(AlmanacError) {
            freeBusy.append(try current!.reader.freeBusy(c))
        } catch {
            guard options.mode == .lenient else { failure = error; return }
            current!.reader.readings.append(CalendarReading(skipped: "VFREEBUSY skipped: \(error)", line: c.line, cause: error))
        }
    }
}

extension Property {
    /// Whether the event reader reads a value of this property in its TZID's
    /// zone (``EventReader/zone(of:)``).
    var takesDates: Bool {
        switch self {
        case .dtstart, .dtend, .due, .rdate, .exdate, .recurrenceID: true
        default: false
        }
    }
}
