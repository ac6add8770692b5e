/// A UTC offset in seconds: positive east of Greenwich.
///
/// ```swift
/// Offset(hours: -4).description                   // "-04:00"
/// Offset(seconds: 5 * 3600 + 30 * 60).description // "+05:30"
/// Offset(seconds: -17762).description             // "-04:56:02" (LMT of New York)
/// ```
public struct Offset: Sendable, Hashable, Comparable, Codable {
    /// Seconds east of Greenwich (negative west of it).
    public var seconds: Int32

    /// An offset of `seconds` east of Greenwich.
    @inlinable public init(seconds: Int32) { self.seconds = seconds }
    /// An offset of `seconds` east of Greenwich.
    @inlinable public init(seconds: Int) { self.seconds = Int32(truncatingIfNeeded: seconds) }
    /// An offset in hours and minutes; the minutes take the sign of the hours
    /// (`Offset(hours: -3, minutes: 30)` is -03:30).
    @inlinable public init(hours: Int, minutes: Int = 0) {
        self.seconds = Int32(truncatingIfNeeded: hours * 3600 + (hours < 0 ? -minutes : minutes) * 60)
    }

    /// UTC's offset, +00:00.
    public static let zero = Offset(seconds: Int32(0))

    /// West first: -05:00 < +01:00.
    @inlinable public static func < (a: Offset, b: Offset) -> Bool { a.seconds < b.seconds }
}

extension Offset: CustomStringConvertible {
    /// `±HH:MM`, with `:SS` only when the seconds are not zero.
    public var description: String {
        let s = Int(seconds)
        let a = abs(s)
        var out = (s < 0 ? "-" : "+") + _pad(a / 3600, 2) + ":" + _pad((a / 60) % 60, 2)
        if a % 60 != 0 { out += ":" + _pad(a % 60, 2) }
        return out
    }
}
