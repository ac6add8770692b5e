/// A time of day with second precision and no zone: 00:00:00 to 23:59:59.
///
/// RFC 5545 allows a leap second (`60`) in DATE-TIME values; Almanac has no
/// leap seconds (like POSIX time), so its parsers reject second 60.
///
/// ```swift
/// let t = try CivilTime(9, 30)
/// t.secondsSinceMidnight   // 34200
/// ```
///
/// Codable as its text, `"09:30:00"` (see ``init(parsing:)``).
public struct CivilTime: Sendable, Hashable, Comparable {
    @usableFromInline let _hour: UInt8
    @usableFromInline let _minute: UInt8
    @usableFromInline let _second: UInt8

    /// The hour, 0...23.
    @inlinable public var hour: Int { Int(_hour) }
    /// The minute, 0...59.
    @inlinable public var minute: Int { Int(_minute) }
    /// The second, 0...59.
    @inlinable public var second: Int { Int(_second) }

    /// Midnight, 00:00:00.
    public static let midnight = CivilTime(_unchecked: 0, 0, 0)

    /// A time from its fields, throwing an error that names the field and
    /// its range outside 00:00:00...23:59:59.
    ///
    /// ```swift
    /// let t = try CivilTime(9, 30)      // 09:30:00
    /// try CivilTime(9, 30, 60)          // throws: second 60 is not in 0...59 (Almanac has no leap seconds)
    /// ```
    ///
    /// - Throws: ``AlmanacError`` of kind ``AlmanacError/Kind/invalidValue``.
    /// - Complexity: O(1).
    @inlinable
    public init(_ hour: Int, _ minute: Int, _ second: Int = 0) throws(AlmanacError) {
        guard (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second) else {
            throw CivilTime._invalid(hour, minute, second)
        }
        self.init(_unchecked: hour, minute, second)
    }

    /// Why `hour`:`minute`:`second` is not a time.
    @usableFromInline
    static func _invalid(_ hour: Int, _ minute: Int, _ second: Int) -> AlmanacError {
        if !(0...23).contains(hour) { return AlmanacError(.invalidValue, "hour \(hour) is not in 0...23") }
        if !(0...59).contains(minute) { return AlmanacError(.invalidValue, "minute \(minute) is not in 0...59") }
        return AlmanacError(.invalidValue, "second \(second) is not in 0...59" + (second == 60 ? " (Almanac has no leap seconds)" : ""))
    }

    @inlinable @inline(__always)
    package init(_unchecked hour: Int, _ minute: Int, _ second: Int) {
        _hour = UInt8(truncatingIfNeeded: hour)
        _minute = UInt8(truncatingIfNeeded: minute)
        _second = UInt8(truncatingIfNeeded: second)
    }

    /// The time `seconds` after midnight, or `nil` outside `0..<86400`.
    ///
    /// ```swift
    /// CivilTime(secondsSinceMidnight: 34_200)   // 09:30:00
    /// CivilTime(secondsSinceMidnight: 86_400)   // nil: the next day's midnight
    /// ```
    @inlinable
    public init?(secondsSinceMidnight seconds: Int) {
        guard (0..<86_400).contains(seconds) else { return nil }
        self.init(_secondsSinceMidnight: seconds)
    }

    /// A time from seconds since midnight, which must be in `0..<86400`.
    @inlinable @inline(__always)
    package init(_secondsSinceMidnight s: Int) {
        let u = UInt32(truncatingIfNeeded: s)
        self.init(_unchecked: Int(u / 3600), Int(u / 60 % 60), Int(u % 60))
    }

    /// Seconds since midnight, 0...86399.
    @inlinable public var secondsSinceMidnight: Int { hour * 3600 + minute * 60 + second }

    /// Earlier in the day first.
    @inlinable
    public static func < (a: CivilTime, b: CivilTime) -> Bool {
        (a._hour, a._minute, a._second) < (b._hour, b._minute, b._second)
    }
}

extension CivilTime: CustomStringConvertible {
    /// `HH:MM:SS`.
    public var description: String { _pad(hour, 2) + ":" + _pad(minute, 2) + ":" + _pad(second, 2) }
}
