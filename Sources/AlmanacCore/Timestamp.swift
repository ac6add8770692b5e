/// An instant: whole seconds since 1970-01-01T00:00:00Z, ignoring leap seconds.
///
/// RFC 5545 has second precision, so a 64-bit count of seconds is exact. The
/// name avoids `Date` (Foundation's) and `Instant` (Swift's clocks).
///
/// ```swift
/// let t = Timestamp(secondsSinceEpoch: 873_205_200)
/// t.description                         // "1997-09-02T13:00:00Z"
/// ```
///
/// Codable as its text, `"1997-09-02T13:00:00Z"` (see ``init(parsing:)``).
public struct Timestamp: Sendable, Hashable, Comparable {
    /// Seconds since 1970-01-01T00:00:00Z, negative before.
    public var secondsSinceEpoch: Int64

    /// The instant `secondsSinceEpoch` seconds after 1970-01-01T00:00:00Z.
    @inlinable
    public init(secondsSinceEpoch: Int64) { self.secondsSinceEpoch = secondsSinceEpoch }

    /// The instant of a civil date-time in UTC.
    @inlinable
    public init(utc: CivilDateTime) { self.secondsSinceEpoch = utc.localSeconds }

    /// The UTC civil date-time of this instant, or `nil` outside years 1...9999.
    @inlinable public var utc: CivilDateTime? { CivilDateTime(localSeconds: secondsSinceEpoch) }

    /// The civil date-time a clock with this offset shows at this instant.
    @inlinable
    public func civil(at offset: Offset) -> CivilDateTime? {
        CivilDateTime(localSeconds: secondsSinceEpoch + Int64(offset.seconds))
    }

    /// The first instant of year 1 in UTC: 0001-01-01T00:00:00Z.
    public static let min = Timestamp(secondsSinceEpoch: Int64(_minDayNumber) * 86_400)
    /// The last instant of year 9999 in UTC: 9999-12-31T23:59:59Z.
    public static let max = Timestamp(secondsSinceEpoch: Int64(_maxDayNumber + 1) * 86_400 - 1)

    /// Earlier instants first.
    @inlinable
    public static func < (a: Timestamp, b: Timestamp) -> Bool { a.secondsSinceEpoch < b.secondsSinceEpoch }

    /// The instant `seconds` later (earlier when negative).
    ///
    /// ```swift
    /// Timestamp(secondsSinceEpoch: 0) + 3600   // 1970-01-01T01:00:00Z
    /// ```
    @inlinable
    public static func + (a: Timestamp, seconds: Int64) -> Timestamp {
        Timestamp(secondsSinceEpoch: a.secondsSinceEpoch + seconds)
    }

    /// The seconds from `b` to `a` (negative when `a` is earlier).
    @inlinable
    public static func - (a: Timestamp, b: Timestamp) -> Int64 { a.secondsSinceEpoch - b.secondsSinceEpoch }
}

extension Timestamp: CustomStringConvertible {
    /// `YYYY-MM-DDTHH:MM:SSZ`, or the raw count outside years 1...9999.
    public var description: String {
        guard let c = utc else { return "Timestamp(\(secondsSinceEpoch))" }
        return c.description + "Z"
    }
}
