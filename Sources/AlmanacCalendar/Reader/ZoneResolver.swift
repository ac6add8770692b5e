import Almanac

/// Resolves the TZIDs of one VCALENDAR, once each, in the order the README
/// gives: an id ICU knows (IANA, alias or Windows), then the file's
/// VTIMEZONE of that TZID, then (strict) an error, or (lenient) the IANA
/// name after a vendor prefix (``_VendorTZIDPrefix``), else floating.
/// Each choice is reported once, with the line of the first use.
struct _ZoneResolver {
    let definitions: [String: _Component]
    let store: _LineStore
    let options: CalendarOptions
    private(set) var resolved: [String: Zone?] = [:]
    private(set) var fileZones: [String: Zone] = [:]

    init(calendar: _Component, store: _LineStore, options: CalendarOptions) {
        var d: [String: _Component] = [:]
        for c in calendar.children where c.name == "VTIMEZONE" {
            if let id = c.first(.tzid).map({ _Values.text(store.value($0)) }), d[id] == nil { d[id] = c }
        }
        definitions = d
        self.store = store
        self.options = options
    }

    /// The zone of a TZID parameter; `nil` reads the value as floating.
    mutating func zone(_ tzid: String, line: Int, readings: inout [CalendarReading]) throws(CalendarError) -> Zone? {
        if let z = resolved[tzid] { return z }
        let z = try resolve(tzid, line: line, readings: &readings)
        resolved[tzid] = z
        return z
    }

    private mutating func resolve(_ tzid: String, line: Int, readings: inout [CalendarReading]) throws(CalendarError) -> Zone? {
        let definition = definitions[tzid]
        if !(options.prefersFileZones && definition != nil), let z = try? Zone(tzid) {
            let mapped = z.identifier == tzid ? "" : " as \(z.identifier)"
            let by = switch z.source { case .system: "the system tz database"; case .icu: "ICU"; case .foundation: "Foundation" }
            readings.append(CalendarReading(.zone, line: line, "TZID \"\(tzid)\" resolved by \(by)\(mapped) (tz data \(z.dataVersion))"))
            return z
        }
        if let definition {
            let z = try _VTimeZone.zone(definition, tzid: tzid, store: store, options: options.expansion)
            fileZones[tzid] = z
            readings.append(CalendarReading(.zone, line: line, "TZID \"\(tzid)\" read from the file's VTIMEZONE (line \(definition.line))"))
            return z
        }
        guard options.mode == .lenient else {
            throw CalendarError(.unknownZone, line: line, column: 0,
                                "TZID \"\(tzid)\" is neither a known zone (the system tz database or ICU) nor a VTIMEZONE of the file" + _VendorTZIDPrefix.hint(tzid))
        }
        if let z = _VendorTZIDPrefix.zone(tzid) {
            readings.append(_VendorTZIDPrefix.reading(tzid, zone: z, line: line))
            return z
        }
        readings.append(CalendarReading(.zone, line: line, "TZID \"\(tzid)\" is neither a known zone (the system tz database or ICU) nor a VTIMEZONE of the file: its values read as floating"))
        return nil
    }
}
