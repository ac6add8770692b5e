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
                return .failure(Self.failure(error, bytes, dateTime: bytes.contains(UInt8(ascii: "T"))))
            }
        }
        self = try result.get()
    }

    /// How a date or date-time may be written, for
    /// ``init(parsing:zone:syntax:)``: RFC 5545's forms, RFC 3339's, or both.
    ///
    /// ```swift
    /// try Anchor(parsing: "2024-05-06T09:00:00+02:00", syntax: [.rfc5545, .rfc3339])   // .utc(2024-05-06T07:00:00)
    /// ```
    public struct Syntax: OptionSet, Sendable, Hashable {
        /// The option set's bits.
        public let rawValue: Int
        /// An option set from its bits.
        ///
        /// ```swift
        /// let both = Anchor.Syntax(rawValue: 3)   // [.rfc5545, .rfc3339]
        /// ```
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// RFC 5545's DATE and DATE-TIME (sections 3.3.4, 3.3.5): `20240506`,
        /// `20240506T090000`, `20240506T090000Z`.
        ///
        /// ```swift
        /// try Anchor(parsing: "20240506", syntax: .rfc5545)   // .date(2024-05-06)
        /// ```
        public static let rfc5545 = Syntax(rawValue: 1 << 0)
        /// RFC 3339's `full-date` and `date-time` (section 5.6) as people
        /// type them: `2024-05-06`; `2024-05-06T09:00:00`, local (as ISO
        /// 8601 allows); with `Z`, UTC; with an offset such as `+02:00`,
        /// the instant it names, in UTC (an anchor keeps no offset). `t`,
        /// `z` and a space for `T` are read as RFC 3339 section 5.6's note
        /// allows; no fraction of a second.
        ///
        /// ```swift
        /// try Anchor(parsing: "2024-05-06 09:00:00", syntax: .rfc3339)   // .floating(2024-05-06T09:00:00)
        /// ```
        public static let rfc3339 = Syntax(rawValue: 1 << 1)
        /// RFC 5545's `T` and `Z` in lower case too (`20240506t090000z`),
        /// as lenient calendar readers accept them.
        ///
        /// ```swift
        /// try Anchor(parsing: "20240506t090000z", syntax: [.rfc5545, .lowercase])   // .utc(2024-05-06T09:00:00)
        /// ```
        public static let lowercase = Syntax(rawValue: 1 << 2)
    }

    /// Reads a DATE or DATE-TIME written in any of the forms `syntax`
    /// names: the one date and date-time reader of Almanac, used by the
    /// `.ics` reader, the payload readers and the CLI.
    ///
    /// Text that begins `YYYY-MM-DD` is read as RFC 3339 (when `syntax`
    /// has ``Syntax/rfc3339``), anything else as RFC 5545 (when it has
    /// ``Syntax/rfc5545``). `zone` places a local date-time as in
    /// ``init(parsing:zone:)``; a value with `Z` or an offset is UTC.
    ///
    /// ```swift
    /// let both: Anchor.Syntax = [.rfc5545, .rfc3339]
    /// try Anchor(parsing: "2024-01-01", syntax: both)                  // .date(2024-01-01)
    /// try Anchor(parsing: "2024-01-01T09:00:00", zone: paris, syntax: both)   // .zoned(2024-01-01T09:00:00, Europe/Paris)
    /// try Anchor(parsing: "2024-01-01T09:00:00-05:00", syntax: both)   // .utc(2024-01-01T14:00:00)
    /// try Anchor(parsing: "20240101T090000Z", syntax: both)            // .utc(2024-01-01T09:00:00)
    /// try Anchor(parsing: "2024-13-01", syntax: both)
    /// // throws: invalid date "2024-13-01" at column 6: month 13 is not in 1...12
    /// ```
    ///
    /// - Throws: ``AlmanacError`` as ``init(parsing:zone:)`` does, the
    ///   column counted in `text` as typed; for RFC 3339 text also what
    ///   its shape lacks (`expected Z or an offset such as +02:00 after the
    ///   time`), an offset past 23:59, and an instant outside the years
    ///   1...9999 in UTC.
    public init(parsing text: some StringProtocol, zone: Zone? = nil, syntax: Syntax) throws(AlmanacError) {
        var string = String(text)
        let result: Result<Anchor, AlmanacError> = string.withUTF8 { bytes in
            let rfc3339 = syntax.contains(.rfc3339) && (looksLikeRFC3339(bytes, 0, bytes.count) || !syntax.contains(.rfc5545))
            do throws(ValueFault) {
                guard rfc3339 else {
                    let (value, _) = try readDateValue(bytes, 0, bytes.count, foldCase: syntax.contains(.lowercase), leapSecondAs59: false)
                    return .success(Anchor(value, zone: zone))
                }
                let (value, offset, _) = try readRFC3339Value(bytes, 0, bytes.count, forms: RFC3339Forms(space: true))
                guard let offset, case .local(let civil) = value else { return .success(Anchor(value, zone: zone)) }
                guard let utc = (Timestamp(utc: civil) + Int64(-offset.seconds)).utc else {
                    throw ValueFault(kind: .invalidValue, start: 0, end: bytes.count,
                                     detail: "the instant it names is outside the years 1...9999 in UTC")
                }
                return .success(.utc(utc))
            } catch {
                let dateTime = rfc3339 ? bytes.count > 10 : bytes.contains { $0 == UInt8(ascii: "T") || (syntax.contains(.lowercase) && $0 == UInt8(ascii: "t")) }
                return .failure(Self.failure(error, bytes, dateTime: dateTime))
            }
        }
        self = try result.get()
    }

    /// A reader's fault as the error: `invalid date-time "..." at column 9: ...`.
    private static func failure(_ error: ValueFault, _ bytes: UnsafeBufferPointer<UInt8>, dateTime: Bool) -> AlmanacError {
        var columns = Columns(bytes)
        let column = columns.column(error.start)
        let whole = columns.text(0, bytes.count)
        var e = AlmanacError(error.kind, "invalid \(dateTime ? "date-time" : "date") \"\(whole)\" at column \(column): \(error.detail)",
                             text: columns.text(error.start, error.end), column: column)
        e.reason = error.detail
        return e
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
