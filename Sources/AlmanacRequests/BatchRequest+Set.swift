import Almanac

extension BatchRequest {
    /// The recurrence set the request describes, read and validated as
    /// ``BatchQuery/init(_:)`` reads it, without its window, its limit or a
    /// plan of its expansion; with how lenient parsing read what strict
    /// RFC 5545 rejects, one line each, prefixed with the field
    /// (`rrule: column 1: ...`).
    ///
    /// ```swift
    /// let (set, readings) = try BatchRequest(dtstart: "19970902T090000", tzid: "America/New_York",
    ///                                        rrules: ["FREQ=DAILY;COUNT=10"]).recurrenceSet()
    /// set.start        // .zoned(1997-09-02T09:00:00, America/New_York)
    /// readings         // []
    /// ```
    ///
    /// - Throws: `AlmanacError`: `invalid_request` for a `tzid` with a
    ///   DATE or UTC `dtstart`; `unknown_zone`, `invalid_value`,
    ///   `out_of_range` or `invalid_rule` from the library, with the
    ///   request's field as the error's `field` (`rdate[1]`, `tzid`).
    public func recurrenceSet() throws(AlmanacError) -> (set: RecurrenceSet, readings: [String]) {
        var readings: [String] = []
        // DTSTART is read on its own; a tzid then places a local date-time in its zone.
        let start = try BatchQuery.anchor(dtstart, "dtstart", zone: nil)
        var zone: Zone?
        if let tzid {
            guard case .floating = start else {
                throw AlmanacError(.invalidRequest, "a zone applies only to a local date-time start such as 19970902T090000, not to \"\(dtstart)\"",
                                   text: tzid).at(field: "tzid")
            }
            do throws(AlmanacError) { zone = try Zone(tzid) } catch { throw error.at(field: "tzid") }
        }
        let mode: RecurrenceRule.ParsingMode = strict ? .strict : .lenient
        let set = RecurrenceSet(
            start: try BatchQuery.anchor(dtstart, "dtstart", zone: zone, read: start),
            rules: try BatchQuery.rules(rrules, "rrule", mode, &readings),
            exclusionRules: try BatchQuery.rules(exrules, "exrule", mode, &readings),
            dates: try BatchQuery.anchors(rdates, "rdate", zone),
            excludedDates: try BatchQuery.anchors(exdates, "exdate", zone),
            options: ExpansionOptions(includesStart: includeDtstart))
        for reading in try set.validate(mode: mode) { readings.append(reading.description) }
        return (set, readings)
    }
}
