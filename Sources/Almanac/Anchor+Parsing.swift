import AlmanacCore

extension Anchor {
    /// Reads an RFC 5545 DATE or DATE-TIME value (sections 3.3.4 and 3.3.5):
    /// the text after the colon of a DTSTART, RDATE or EXDATE line.
    ///
    /// | text                | `zone: nil`              | `zone: z`                 |
    /// |---------------------|--------------------------|---------------------------|
    /// | `19970902`          | `.date`                  | `.date` (a DATE has no zone) |
    /// | `19970902T090000`   | `.floating`              | `.zoned(_, z)`            |
    /// | `19970902T090000Z`  | `.utc`                   | `.utc` (the `Z` wins)     |
    ///
    /// A `Z` value ignores `zone`: RFC 5545 section 3.2.19 says TZID "MUST NOT
    /// be applied" to UTC values, and the text itself says UTC. A DATE ignores
    /// it for the same reason.
    ///
    /// The text must be exactly one value: upper-case `T` and `Z`, no
    /// whitespace, no UTC offset (`-0800` is invalid by section 3.3.5), no
    /// fraction of a second. Second 60 (a leap second) is an error: Almanac
    /// has no leap seconds.
    ///
    /// ```swift
    /// try Anchor(parsing: "19970902")                         // .date(1997-09-02)
    /// try Anchor(parsing: "19970902T090000")                  // .floating(1997-09-02T09:00:00)
    /// try Anchor(parsing: "19970902T090000", zone: .utc)      // .zoned(1997-09-02T09:00:00, UTC)
    /// try Anchor(parsing: "19970902T130000Z")                 // .utc(1997-09-02T13:00:00)
    /// try Anchor(parsing: "19970230")
    /// // throws: invalid date "19970230" at column 7: day 30 is not in 1...28 for 1997-02
    /// ```
    ///
    /// - Parameters:
    ///   - text: the value, e.g. `19970902T090000`.
    ///   - zone: the zone of the TZID parameter, if the line had one.
    /// - Throws: ``AlmanacError`` of kind ``AlmanacError/Kind/invalidValue``
    ///   for malformed text or a date or time that does not exist (30
    ///   February, hour 24, second 60), or ``AlmanacError/Kind/outOfRange``
    ///   for a year outside 1...9999; ``AlmanacError/text`` is the offending
    ///   field and ``AlmanacError/column`` its 1-based column in `text`.
    public init(parsing text: some StringProtocol, zone: Zone? = nil) throws(AlmanacError) {
        var string = String(text)
        let result: Result<Anchor, AlmanacError> = string.withUTF8 { bytes in
            do throws(ValueFault) {
                let (value, _) = try readDateValue(bytes, 0, bytes.count, foldCase: false, leapSecondAs59: false)
                return .success(Anchor(value, zone: zone))
            } catch {
                var columns = Columns(bytes)
                let column = columns.column(error.start)
                let whole = columns.text(0, bytes.count)
                let form = bytes.contains(UInt8(ascii: "T")) ? "date-time" : "date"
                return .failure(AlmanacError(error.kind, "invalid \(form) \"\(whole)\" at column \(column): \(error.detail)",
                                             text: columns.text(error.start, error.end), column: column))
            }
        }
        self = try result.get()
    }

    /// ``init(parsing:zone:)`` on UTF-8 bytes, without making a string of
    /// them (a calendar reader's values lie in its own buffer); `nil` where
    /// that initializer throws, so that the caller asks it for the error.
    package init?(utf8 bytes: UnsafeBufferPointer<UInt8>, zone: Zone?) {
        guard let (value, _) = try? readDateValue(bytes, 0, bytes.count, foldCase: false, leapSecondAs59: false) else { return nil }
        self.init(value, zone: zone)
    }

    private init(_ value: DateValue, zone: Zone?) {
        switch value {
        case .date(let d): self = .date(d)
        case .local(let c): self = zone.map { .zoned(c, $0) } ?? .floating(c)
        case .utc(let c): self = .utc(c)
        }
    }

    /// The RFC 5545 text of the value: `19970902` (DATE), `19970902T090000`
    /// (floating, and zoned: the zone travels separately, as the TZID
    /// parameter), `19970902T130000Z` (UTC).
    ///
    /// `Anchor(parsing: a.rfc5545, zone: a.zone)` gives `a` back for every
    /// anchor (``zone`` is `nil` for DATE and floating values, UTC for UTC ones).
    ///
    /// ```swift
    /// try Anchor.utc(CivilDate(1997, 9, 2).at(13, 0)).rfc5545   // "19970902T130000Z"
    /// let ny = try Zone("America/New_York")
    /// let a = try Anchor.zoned(CivilDate(1997, 9, 2).at(9, 0), ny)
    /// "DTSTART;TZID=\(ny.identifier):\(a.rfc5545)"           // "DTSTART;TZID=America/New_York:19970902T090000"
    /// ```
    public var rfc5545: String {
        switch self {
        case .date(let d): d.rfc5545
        case .floating(let c), .zoned(let c, _): c.rfc5545
        case .utc(let c): c.rfc5545 + "Z"
        }
    }
}
