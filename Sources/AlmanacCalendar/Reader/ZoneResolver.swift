import Almanac

/// Resolves the TZIDs of one VCALENDAR, once each, in the order the README
/// gives: a known zone (IANA, alias or Windows; the system's tz database or ICU), then the file's
/// VTIMEZONE of that TZID, then (strict) an error, or (lenient) the IANA
/// name after a vendor prefix (``VendorTZIDPrefix``), else floating.
/// Each choice is reported once, with the line of the first use.
struct ZoneResolver {
    private(set) var definitions: [String: ParsedComponent]
    /// The store of the definitions' lines (set while a component is read: see ``EntrySink``).
    var store: LineStore
    let options: CalendarOptions
    private(set) var resolved: [String: Zone?] = [:]
    private(set) var fileZones: [String: Zone] = [:]

    init(calendar: ParsedComponent, store: LineStore, options: CalendarOptions) {
        var d: [String: ParsedComponent] = [:]
        for c in calendar.children where c.name == "VTIMEZONE" {
            if let id = c.first(.tzid).map({ Values.text(store.value($0)) }), d[id] == nil { d[id] = c }
        }
        definitions = d
        self.store = store
        self.options = options
    }

    /// Adds a VTIMEZONE read after the resolver was made (the first of a TZID counts).
    mutating func define(_ c: ParsedComponent, store: LineStore) {
        if let id = c.first(.tzid).map({ Values.text(store.value($0)) }), definitions[id] == nil { definitions[id] = c }
    }

    /// Whether `tzid` resolves now as it will once the whole VCALENDAR is
    /// read: resolved before, defined by a VTIMEZONE already read (the
    /// first counts), or a zone the system or ICU knows when the file's
    /// VTIMEZONEs do not take precedence. Anything else may be defined by
    /// a VTIMEZONE further on.
    func isSettled(_ tzid: String) -> Bool {
        if resolved[tzid] != nil || definitions[tzid] != nil { return true }
        return !options.prefersFileZones && (try? Zone(tzid)) != nil
    }

    /// The zone of a TZID parameter; `nil` reads the value as floating.
    mutating func zone(_ tzid: String, line: Int, readings: inout [CalendarReading]) throws(AlmanacError) -> Zone? {
        if let z = resolved[tzid] { return z }
        let z = try resolve(tzid, line: line, readings: &readings)
        resolved[tzid] = z
        return z
    }

    private mutating func resolve(_ tzid: String, line: Int, readings: inout [CalendarReading]) throws(AlmanacError) -> Zone? {
        if let z = options.givenZones[tzid] {
            fileZones[tzid] = z
            return z
        }
        let definition = definitions[tzid]
        if !(options.prefersFileZones && definition != nil), let z = try? Zone(tzid) {
            let mapped = z.identifier == tzid ? "" : " as \(z.identifier)"
            let by = switch z.source { case .system: "the system tz database"; case .icu: "ICU"; case .foundation: "Foundation" }
            readings.append(CalendarReading(knownZone: "TZID \"\(tzid)\" resolved by \(by)\(mapped) (tz data \(z.dataVersion))", line: line))
            return z
        }
        if let definition {
            let z = try VTimeZone.zone(definition, tzid: tzid, store: store, options: options.expansion)
            fileZones[tzid] = z
            readings.append(CalendarReading(.zone, line: line, "TZID \"\(tzid)\" read from the file's VTIMEZONE (line \(definition.line))"))
            return z
        }
        guard options.mode == .lenient else {
            throw AlmanacError(.unknownZone, line: line, column: 0,
                                "TZID \"\(tzid)\" is neither a known zone (the system tz database or ICU) nor a VTIMEZONE of the file" + VendorTZIDPrefix.hint(tzid))
        }
        if let z = VendorTZIDPrefix.zone(tzid) {
            readings.append(VendorTZIDPrefix.reading(tzid, zone: z, line: line))
            return z
        }
        readings.append(CalendarReading(.zone, line: line, "TZID \"\(tzid)\" is neither a known zone (the system tz database or ICU) nor a VTIMEZONE of the file: its values read as floating"))
        return nil
    }
}
