import AlmanacCore

/// Not API: a `DecodingError.dataCorrupted` at `path` carrying an ``AlmanacError``.
func decodingError(_ error: AlmanacError, at path: [any CodingKey]) -> DecodingError {
    .dataCorrupted(DecodingError.Context(codingPath: path, debugDescription: error.message, underlyingError: error))
}

/// Not API: refuses an object whose keys are not one of `shapes` (each the
/// exact key set of one accepted form), naming what was found.
func checkKeys(_ c: KeyedDecodingContainer<AnyCodingKey>, _ shapes: [Set<String>], _ what: String) throws {
    let keys = Set(c.allKeys.map(\.stringValue))
    guard !shapes.contains(keys) else { return }
    let found = keys.isEmpty ? "no keys" : "keys " + keys.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
    throw decodingError(AlmanacError(.invalidValue, "\(what), found \(found)"), at: c.codingPath)
}

extension Anchor: Codable {
    /// The keys of the four forms.
    static let codingShapes: [Set<String>] = [["date"], ["floating"], ["utc"], ["dateTime", "tzid"]]

    /// Reads one of the four forms that ``encode(to:)`` writes. The values are
    /// ISO 8601 extended text (`YYYY-MM-DD`, `YYYY-MM-DDTHH:MM:SS`), with a
    /// `Z` exactly in the `utc` form; `tzid` is a ``Zone`` id, loaded as
    /// `Zone`'s decoder does.
    ///
    /// ```swift
    /// let json = #"{"dateTime":"1997-09-02T09:00:00","tzid":"America/New_York"}"#
    /// try JSONDecoder().decode(Anchor.self, from: Data(json.utf8))   // .zoned(1997-09-02T09:00:00, America/New_York)
    /// ```
    ///
    /// - Throws: `DecodingError.dataCorrupted` with the coding path of the
    ///   offending value and the ``AlmanacError`` as its underlying error:
    ///   an object with other keys, a date or time that is malformed or does
    ///   not exist (the message names the column), or an unknown `tzid`
    ///   (kind ``AlmanacError/Kind/unknownZone``).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: AnyCodingKey.self)
        try checkKeys(c, Self.codingShapes, #"an anchor is {"date": "YYYY-MM-DD"}, {"floating": "YYYY-MM-DDTHH:MM:SS"}, {"utc": "YYYY-MM-DDTHH:MM:SSZ"} or {"dateTime": "YYYY-MM-DDTHH:MM:SS", "tzid": zone id}"#)
        func text(_ key: String, _ read: (inout ValueText) throws(AlmanacError) -> Void) throws -> ValueText {
            let k = AnyCodingKey(key)
            var scanner = ValueText(try c.decode(String.self, forKey: k), what: key == "date" ? "date" : "date-time")
            do {
                try read(&scanner)
                try scanner.finish()
            } catch { throw decodingError(error, at: c.codingPath + [k]) }
            return scanner
        }
        var value: Anchor?
        if c.contains(AnyCodingKey("date")) {
            _ = try text("date") { s throws(AlmanacError) in value = .date(try s.date()) }
        } else if c.contains(AnyCodingKey("floating")) {
            _ = try text("floating") { s throws(AlmanacError) in value = .floating(try s.dateTime(z: false, form: "floating")) }
        } else if c.contains(AnyCodingKey("utc")) {
            _ = try text("utc") { s throws(AlmanacError) in value = .utc(try s.dateTime(z: true, form: "utc")) }
        } else {
            var civil: CivilDateTime?
            _ = try text("dateTime") { s throws(AlmanacError) in civil = try s.dateTime(z: false, form: "dateTime") }
            value = .zoned(civil!, try c.decode(Zone.self, forKey: AnyCodingKey("tzid")))
        }
        self = value!
    }

    /// Writes the value as a small object, one key per form:
    ///
    /// | anchor     | JSON                                                          |
    /// |------------|---------------------------------------------------------------|
    /// | `.date`     | `{"date":"2024-05-01"}`                                      |
    /// | `.floating` | `{"floating":"2024-05-01T09:00:00"}`                         |
    /// | `.utc`      | `{"utc":"2024-05-01T13:00:00Z"}`                             |
    /// | `.zoned`    | `{"dateTime":"2024-05-01T09:00:00","tzid":"America/New_York"}` |
    ///
    /// The forms keep RFC 5545's four value kinds apart (a bare string would
    /// have to guess whether a time without `Z` is floating or local), and
    /// read as the ISO 8601 text that JSON tools and people expect; `tzid`
    /// is RFC 5545's name for the zone parameter.
    ///
    /// - Throws: `EncodingError.invalidValue` when the zone of a `.zoned`
    ///   anchor cannot be written as an id (see ``Zone/encode(to:)``).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        switch self {
        case .date(let d): try c.encode(d.description, forKey: AnyCodingKey("date"))
        case .floating(let t): try c.encode(t.description, forKey: AnyCodingKey("floating"))
        case .utc(let t): try c.encode(t.description + "Z", forKey: AnyCodingKey("utc"))
        case .zoned(let t, let zone):
            try c.encode(t.description, forKey: AnyCodingKey("dateTime"))
            try c.encode(zone, forKey: AnyCodingKey("tzid"))
        }
    }
}

extension ValueText {
    /// `YYYY-MM-DDTHH:MM:SS`, then a `Z` when `z` (and none otherwise).
    mutating func dateTime(z: Bool, form: String) throws(AlmanacError) -> CivilDateTime {
        let d = try date()
        try expect(0x54, "expected \"T\" and a time after the date")
        let t = try time()
        let hasZ = i < bytes.count && bytes[i] == 0x5A
        if z && !hasZ { throw fail("a \"utc\" value ends in \"Z\"") }
        if !z && hasZ { throw fail("a \"\(form)\" value has no \"Z\": write {\"utc\": ...} for a UTC time") }
        if hasZ { i += 1 }
        return CivilDateTime(d, t)
    }
}
