import AlmanacCore

extension RecurrenceSet: Codable {
    static let codingKeys: Set<String> = ["start", "rules", "exclusionRules", "dates", "excludedDates", "end", "duration", "options"]

    /// Reads the object ``encode(to:)`` writes. Only `start` is required;
    /// missing lists are empty, a missing `options` (or option) is the default.
    ///
    /// ```swift
    /// let json = #"{"start":{"date":"2024-05-01"},"rules":["FREQ=WEEKLY;COUNT=4"],"duration":"P2D"}"#
    /// let set = try JSONDecoder().decode(RecurrenceSet.self, from: Data(json.utf8))
    /// ```
    ///
    /// Rules are read in lenient mode (``RecurrenceRule/ParsingMode/lenient``),
    /// so every rule this encoder writes reads back equal; the lenient
    /// readings are dropped.
    ///
    /// - Throws: `DecodingError` with the coding path of the offending value
    ///   (`rules[1]`, `excludedDates[0].tzid`, ...) and, for a value that does
    ///   not parse, the ``AlmanacError`` as its underlying error: an unknown
    ///   key, both `end` and `duration`, a malformed rule or duration, a bad
    ///   anchor or an unknown zone.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: AnyCodingKey.self)
        if let unknown = c.allKeys.first(where: { !Self.codingKeys.contains($0.stringValue) }) {
            throw decodingError(AlmanacError(.invalidValue, "unknown key \"\(unknown.stringValue)\" in a recurrence set; the keys are "
                + Self.codingKeys.sorted().joined(separator: ", ")), at: c.codingPath + [unknown])
        }
        func key(_ s: String) -> AnyCodingKey { AnyCodingKey(s) }
        func rules(_ name: String) throws -> [RecurrenceRule] {
            let texts = try c.decodeIfPresent([String].self, forKey: key(name)) ?? []
            var out: [RecurrenceRule] = []
            for (i, text) in texts.enumerated() {
                do { out.append(try RecurrenceRule(text, mode: .lenient)) } catch {
                    throw decodingError(error, at: c.codingPath + [key(name), AnyCodingKey(index: i)])
                }
            }
            return out
        }
        var length: Length?
        if let end = try c.decodeIfPresent(Anchor.self, forKey: key("end")) { length = .end(end) }
        if let text = try c.decodeIfPresent(String.self, forKey: key("duration")) {
            guard length == nil else {
                throw decodingError(AlmanacError(.invalidValue, "a recurrence set has \"end\" (DTEND) or \"duration\" (DURATION), not both"),
                                     at: c.codingPath + [key("duration")])
            }
            do { length = .duration(try EventDuration(parsing: text)) } catch {
                throw decodingError(error, at: c.codingPath + [key("duration")])
            }
        }
        self.init(start: try c.decode(Anchor.self, forKey: key("start")),
                  rules: try rules("rules"), exclusionRules: try rules("exclusionRules"),
                  dates: try c.decodeIfPresent([Anchor].self, forKey: key("dates")) ?? [],
                  excludedDates: try c.decodeIfPresent([Anchor].self, forKey: key("excludedDates")) ?? [],
                  length: length, options: try Self.decodeOptions(c, key("options")))
    }

    /// `options`: `includesStart`, `countsStart` and `nonexistentTimes`, each optional.
    static func decodeOptions(_ c: KeyedDecodingContainer<AnyCodingKey>, _ key: AnyCodingKey) throws -> ExpansionOptions {
        var options = ExpansionOptions()
        guard c.contains(key) else { return options }
        let o = try c.nestedContainer(keyedBy: AnyCodingKey.self, forKey: key)
        if let unknown = o.allKeys.first(where: { !["includesStart", "countsStart", "nonexistentTimes"].contains($0.stringValue) }) {
            throw decodingError(AlmanacError(.invalidValue, "unknown option \"\(unknown.stringValue)\"; the options are includesStart, countsStart and nonexistentTimes"),
                                 at: o.codingPath + [unknown])
        }
        if let v = try o.decodeIfPresent(Bool.self, forKey: AnyCodingKey("includesStart")) { options.includesStart = v }
        if let v = try o.decodeIfPresent(Bool.self, forKey: AnyCodingKey("countsStart")) { options.countsStart = v }
        if let v = try o.decodeIfPresent(NonexistentTimePolicy.self, forKey: AnyCodingKey("nonexistentTimes")) { options.nonexistentTimes = v }
        return options
    }

    /// Writes the set as an object keyed by its properties, leaving out
    /// what is empty or default:
    ///
    /// ```json
    /// {"start": {"dateTime": "1997-09-02T09:00:00", "tzid": "America/New_York"},
    ///  "rules": ["FREQ=DAILY;COUNT=10"], "exclusionRules": ["FREQ=WEEKLY;BYDAY=SA,SU"],
    ///  "dates": [{"date": "1997-12-25"}], "excludedDates": [{"utc": "1997-09-04T13:00:00Z"}],
    ///  "duration": "PT1H", "options": {"includesStart": false, "nonexistentTimes": "skip"}}
    /// ```
    ///
    /// Rules are their RFC 5545 text (``RecurrenceRule/description``), anchors
    /// as ``Anchor/encode(to:)`` writes them, the length as `end` (DTEND, an
    /// anchor) or `duration` (DURATION text, ``EventDuration/description``).
    ///
    /// - Throws: `EncodingError.invalidValue` at the value's coding path for
    ///   what would not read back equal: a rule built in code that lenient
    ///   parsing reads differently (run ``RecurrenceRule/validate()``), a
    ///   duration whose days and seconds have different signs, a zone built
    ///   from transitions.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        func key(_ s: String) -> AnyCodingKey { AnyCodingKey(s) }
        func writeRules(_ list: [RecurrenceRule], _ name: String) throws {
            guard !list.isEmpty else { return }
            for (i, rule) in list.enumerated() where (try? RecurrenceRule(rule.description, mode: .lenient)) != rule {
                throw EncodingError.invalidValue(rule, EncodingError.Context(codingPath: c.codingPath + [key(name), AnyCodingKey(index: i)],
                    debugDescription: "rule \"\(rule.description)\" does not read back as the same rule: check it with validate()"))
            }
            try c.encode(list.map(\.description), forKey: key(name))
        }
        try c.encode(start, forKey: key("start"))
        try writeRules(rules, "rules")
        try writeRules(exclusionRules, "exclusionRules")
        if !dates.isEmpty { try c.encode(dates, forKey: key("dates")) }
        if !excludedDates.isEmpty { try c.encode(excludedDates, forKey: key("excludedDates")) }
        switch length {
        case nil: break
        case .end(let end)?: try c.encode(end, forKey: key("end"))
        case .duration(let d)?:
            guard (try? EventDuration(parsing: d.description)) == d else {
                throw EncodingError.invalidValue(d, EncodingError.Context(codingPath: c.codingPath + [key("duration")],
                    debugDescription: "duration of \(d.days) days and \(d.seconds) seconds has no RFC 5545 text: the two must have the same sign"))
            }
            try c.encode(d.description, forKey: key("duration"))
        }
        if options != ExpansionOptions() {
            var o = c.nestedContainer(keyedBy: AnyCodingKey.self, forKey: key("options"))
            try o.encode(options.includesStart, forKey: AnyCodingKey("includesStart"))
            if !options.countsStart { try o.encode(false, forKey: AnyCodingKey("countsStart")) }
            try o.encode(options.nonexistentTimes, forKey: AnyCodingKey("nonexistentTimes"))
        }
    }
}
