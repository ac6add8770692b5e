/// A date and a time of day with no zone ("wall-clock" or "local" time).
///
/// ```swift
/// let dt = try CivilDate(1997, 9, 2).at(9, 0)
/// dt.description                             // "1997-09-02T09:00:00"
/// dt.timestamp(at: try Offset(hours: -4))    // 1997-09-02T13:00:00Z
/// ```
///
/// Codable as its text, `"1997-09-02T09:00:00"` (see ``init(parsing:)``).
public struct CivilDateTime: Sendable, Hashable, Comparable {
    /// The date.
    public let date: CivilDate
    /// The time of day.
    public let time: CivilTime

    /// A date-time from a date and a time (``CivilDate/at(_:_:_:)`` is the short form).
    ///
    /// ```swift
    /// try CivilDateTime(CivilDate(1997, 9, 2), CivilTime(9, 0)) == CivilDate(1997, 9, 2).at(9, 0)   // true
    /// ```
    @inlinable
    public init(_ date: CivilDate, _ time: CivilTime) {
        self.date = date
        self.time = time
    }

    /// The civil date-time `seconds` after 1970-01-01T00:00:00 on a clock
    /// with no zone, or `nil` outside years 1...9999.
    @inlinable
    public init?(localSeconds seconds: Int64) {
        let s = Int(seconds)
        let days = floorDiv(s, 86_400)
        guard days >= _minDayNumber, days <= _maxDayNumber else { return nil }
        self.init(_localSeconds: s)
    }

    @inlinable @inline(__always)
    package init(_localSeconds s: Int) {
        // Shifted by 800,000 days so the division is unsigned; exact for
        // every second of years 1...9999.
        let u = UInt64(bitPattern: Int64(s) &+ 800_000 &* 86_400)
        let days = Int(u / 86_400) &- 800_000
        self.init(CivilDate(_unchecked: days), CivilTime(_secondsSinceMidnight: Int(u % 86_400)))
    }

    /// Seconds since 1970-01-01T00:00:00 on a clock with no zone.
    @inlinable public var localSeconds: Int64 {
        Int64(date.daysSinceEpoch * 86_400 + time.secondsSinceMidnight)
    }

    /// The instant at which a clock with this UTC offset shows this date-time.
    @inlinable
    public func timestamp(at offset: Offset) -> Timestamp {
        Timestamp(secondsSinceEpoch: localSeconds - Int64(offset.seconds))
    }

    /// By date, then by time.
    @inlinable
    public static func < (a: CivilDateTime, b: CivilDateTime) -> Bool {
        (a.date, a.time) < (b.date, b.time)
    }
}

extension CivilDateTime: CustomStringConvertible {
    /// `YYYY-MM-DDTHH:MM:SS`.
    public var description: String { date.description + "T" + time.description }

    /// `YYYYMMDDTHHMMSS`, the RFC 5545 DATE-TIME form (floating).
    public var rfc5545: String {
        date.rfc5545 + "T" + _pad(time.hour, 2) + _pad(time.minute, 2) + _pad(time.second, 2)
    }
}
