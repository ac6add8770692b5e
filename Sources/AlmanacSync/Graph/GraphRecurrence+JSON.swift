import Almanac

extension GraphRecurrence {
    /// `{"pattern": {...}, "range": {...}}` as Graph writes it.
    init(_ f: JSONField) throws(AlmanacError) {
        guard let p = f["pattern"] else { throw f.fault("missing field \"pattern\"") }
        guard let r = f["range"] else { throw f.fault("missing field \"range\"") }
        let typeText = try p.requiredString("type")
        guard let type = PatternType(rawValue: typeText) else {
            throw (p["type"] ?? p).fault("unknown pattern type \"\(typeText)\" (expected " + PatternType.allCases.map(\.rawValue).joined(separator: ", ") + ")")
        }
        var pattern = Pattern(type: type)
        pattern.interval = try p["interval"]?.int() ?? 1
        pattern.dayOfMonth = try p["dayOfMonth"]?.int() ?? 0
        pattern.month = try p["month"]?.int() ?? 0
        for d in try p["daysOfWeek"]?.array() ?? [] {
            let name = try d.string()
            guard let day = Weekday(graphName: name) else { throw d.fault("unknown day \"\(name)\"") }
            pattern.daysOfWeek.append(day)
        }
        if let i = p["index"] {
            let text = try i.string()
            guard let index = WeekIndex(rawValue: text) else { throw i.fault("unknown index \"\(text)\" (expected first, second, third, fourth or last)") }
            pattern.index = index
        }
        if let w = p["firstDayOfWeek"] {
            let text = try w.string()
            guard let day = Weekday(graphName: text) else { throw w.fault("unknown day \"\(text)\"") }
            pattern.firstDayOfWeek = day
        }
        let rangeText = try r.requiredString("type")
        guard let rangeType = RangeType(rawValue: rangeText) else {
            throw r.fault("type: unknown range type \"\(rangeText)\" (expected endDate, noEnd or numbered)")
        }
        func date(_ key: String) throws(AlmanacError) -> CivilDate? {
            guard let d = r[key] else { return nil }
            let text = try d.string()
            if text == "0001-01-01" { return nil }   // Graph's "no date"
            guard let v = ISOValue.date(text) else { throw d.fault("expected a date as YYYY-MM-DD") }
            return v
        }
        guard let startDate = try date("startDate") else { throw r.fault("missing field \"startDate\"") }
        let range = Range(type: rangeType, startDate: startDate, endDate: try date("endDate"),
                          numberOfOccurrences: try r["numberOfOccurrences"]?.int() ?? 0,
                          recurrenceTimeZone: try r["recurrenceTimeZone"]?.string().nonEmpty)
        self.init(pattern: pattern, range: range)
    }
}

extension String {
    var nonEmpty: String? { isEmpty ? nil : self }
}
