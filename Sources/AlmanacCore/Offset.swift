/// A UTC offset in seconds: positive east of Greenwich.
///
/// ```swift
/// Offset(hours: -4).description                   // "-04:00"
/// Offset(seconds: 5 * 3600 + 30 * 60).description // "+05:30"
/// Offset(seconds: -17762).description             // "-04:56:02" (LMT of New York)
/// ```
public struct Offset: Sendable, Hashable, Comparable, Codable {
    public var seconds: Int32

    @inlinable public init(seconds: Int32) { self.seconds = seconds }
    @inlinable public init(seconds: Int) { self.seconds = Int32(truncatingIfNeeded: seconds) }
    @inlinable public init(hours: Int, minutes: Int = 0) {
        self.seconds = Int32(truncatingIfNeeded: hours * 3600 + (hours < 0 ? -minutes : minutes) * 60)
    }

    public static let zero = Offset(seconds: Int32(0))

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
