import AlmanacCore

/// A DTSTART (or RDATE, EXDATE, window bound) in one of RFC 5545's four value
/// forms (section 3.3.4 and 3.3.5).
///
/// ```swift
/// try Anchor.date(CivilDate(1997, 9, 2))                       // DTSTART;VALUE=DATE:19970902
/// try Anchor.floating(CivilDate(1997, 9, 2).at(9, 0))          // DTSTART:19970902T090000
/// try Anchor.utc(CivilDate(1997, 9, 2).at(13, 0))              // DTSTART:19970902T130000Z
/// try Anchor.zoned(CivilDate(1997, 9, 2).at(9, 0), try Zone("America/New_York"))
/// ```
///
/// In JSON (`Codable`) an anchor is a small object that names its form:
/// `{"date":"1997-09-02"}`, `{"floating":"1997-09-02T09:00:00"}`,
/// `{"utc":"1997-09-02T13:00:00Z"}` or
/// `{"dateTime":"1997-09-02T09:00:00","tzid":"America/New_York"}` (see
/// ``encode(to:)``).
public enum Anchor: Sendable, Hashable {
    /// A DATE: an all-day value with no time and no zone.
    case date(CivilDate)
    /// A DATE-TIME with no zone: the same wall-clock time wherever it is read.
    case floating(CivilDateTime)
    /// A DATE-TIME in UTC (`...Z`).
    case utc(CivilDateTime)
    /// A DATE-TIME in a zone (`TZID=...`).
    case zoned(CivilDateTime, Zone)

    /// The value form, without the value.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// A DATE (``Anchor/date(_:)``).
        case date
        /// A floating DATE-TIME (``Anchor/floating(_:)``).
        case floating
        /// A UTC DATE-TIME (``Anchor/utc(_:)``).
        case utc
        /// A DATE-TIME with a zone (``Anchor/zoned(_:_:)``).
        case zoned
    }

    /// The value form of this value.
    ///
    /// ```swift
    /// try Anchor.floating(CivilDate(1997, 9, 2).at(9, 0)).kind   // .floating
    /// ```
    public var kind: Kind {
        switch self {
        case .date: .date
        case .floating: .floating
        case .utc: .utc
        case .zoned: .zoned
        }
    }

    /// The civil date-time written (a DATE reads as its midnight).
    public var civil: CivilDateTime {
        switch self {
        case .date(let d): CivilDateTime(d, .midnight)
        case .floating(let c), .utc(let c), .zoned(let c, _): c
        }
    }

    /// The zone the value's wall-clock time is read in: UTC for `.utc`, the
    /// zone for `.zoned`, `nil` for DATE and floating values.
    public var zone: Zone? {
        switch self {
        case .date, .floating: nil
        case .utc: .utc
        case .zoned(_, let z): z
        }
    }

    /// A value of the same form at another wall clock: the date of `civil`
    /// for a DATE, `civil` itself floating, in UTC or in the same zone.
    /// (Readers build recurrence ids and moved starts in their series' form.)
    package func withWallClock(_ civil: CivilDateTime) -> Anchor {
        switch self {
        case .date: .date(civil.date)
        case .floating: .floating(civil)
        case .utc: .utc(civil)
        case .zoned(_, let z): .zoned(civil, z)
        }
    }

    /// The instant the value starts: a DATE at the start of its day in
    /// `viewer`, a floating time read on `viewer`'s clock (RFC 5545 section
    /// 3.3.5's rule for gaps and overlaps), UTC and zoned values as they are.
    ///
    /// ```swift
    /// try Anchor.date(CivilDate(2024, 5, 6)).instant(in: tokyo)   // 2024-05-05T15:00:00Z
    /// ```
    public func instant(in viewer: Zone) -> Timestamp {
        switch self {
        case .date(let d): viewer.startOfDay(d)
        case .floating(let c): viewer.instant(of: c)
        case .utc(let c): Timestamp(utc: c)
        case .zoned(let c, let z): z.instant(of: c)
        }
    }
}
