/// A UTC offset in seconds: positive east of Greenwich, within ±18:00.
///
/// ```swift
/// try Offset(hours: -4).description                   // "-04:00"
/// try Offset(seconds: 5 * 3600 + 30 * 60).description // "+05:30"
/// try Offset(seconds: -17762).description             // "-04:56:02" (LMT of New York)
/// try Offset(seconds: 86_400)
/// // throws: UTC offset 86400 seconds (+24:00) is out of range: an offset must be within -18:00...+18:00 (±64800 seconds)
/// ```
///
/// Codable as its text, `"-04:00"` (see ``init(parsing:)``).
///
/// The range is ``min``...``max``, -18:00...+18:00. Every offset of the tz
/// database fits with room to spare (the largest are local mean times near
/// the date line, such as Manila's -15:56:08 before 1845 and Metlakatla's
/// +15:13:42 before 1867), and it is the range of Foundation's
/// `TimeZone(secondsFromGMT:)` and of `java.time.ZoneOffset`, so every
/// `Offset` converts to both. RFC 5545's UTC-OFFSET grammar (section 3.3.14)
/// would allow up to ±23:59:59 through its two-digit hour, but no zone uses
/// such an offset, and keeping offsets well under a day keeps a local time
/// within a day of its instant.
public struct Offset: Sendable, Hashable, Comparable {
    /// The offset in seconds, within -64800...64800.
    public let seconds: Int32

    /// -18:00, the most negative offset.
    public static let min = Offset(uncheckedSeconds: -64_800)
    /// +18:00, the most positive offset.
    public static let max = Offset(uncheckedSeconds: 64_800)
    /// +00:00.
    public static let zero = Offset(uncheckedSeconds: 0)

    /// An offset of `seconds` (positive east of Greenwich), throwing an
    /// error that names the value and the range outside -18:00...+18:00.
    ///
    /// ```swift
    /// try Offset(seconds: 19_800).description   // "+05:30"
    /// try Offset(seconds: 86_400)               // throws: UTC offset 86400 seconds (+24:00) is out of range ...
    /// ```
    ///
    /// - Throws: ``AlmanacError`` of kind ``AlmanacError/Kind/outOfRange``.
    /// - Complexity: O(1).
    @inlinable public init(seconds: Int) throws(AlmanacError) {
        guard seconds >= Int(Offset.min.seconds), seconds <= Int(Offset.max.seconds) else { throw Offset._outOfRange(seconds) }
        self.seconds = Int32(seconds)
    }

    /// An offset of whole hours and minutes, with the sign of `hours`
    /// (`Offset(hours: -3, minutes: 30)` is -03:30).
    ///
    /// ```swift
    /// try Offset(hours: -4).description               // "-04:00"
    /// try Offset(hours: 5, minutes: 30).description   // "+05:30"
    /// try Offset(hours: 5, minutes: 60)               // throws: minutes 60 are not in 0...59
    /// ```
    ///
    /// - Throws: ``AlmanacError`` of kind ``AlmanacError/Kind/invalidValue``
    ///   when `minutes` is not in 0...59, ``AlmanacError/Kind/outOfRange``
    ///   outside -18:00...+18:00.
    /// - Complexity: O(1).
    @inlinable public init(hours: Int, minutes: Int = 0) throws(AlmanacError) {
        guard (0...59).contains(minutes) else { throw AlmanacError(.invalidValue, "minutes \(minutes) are not in 0...59") }
        guard (-18...18).contains(hours) else { throw Offset._outOfRange(hours.multipliedReportingOverflow(by: 3600).partialValue) }
        try self.init(seconds: hours * 3600 + (hours < 0 ? -minutes : minutes) * 60)
    }

    /// The error for an offset of `seconds` outside -18:00...+18:00.
    @usableFromInline
    static func _outOfRange(_ seconds: Int) -> AlmanacError {
        let magnitude = seconds.magnitude
        let shown = magnitude / 3600 < 1_000_000
            ? " (" + (seconds < 0 ? "-" : "+") + _pad(Int(magnitude / 3600), 2) + ":" + _pad(Int(magnitude / 60 % 60), 2)
                + (magnitude % 60 == 0 ? "" : ":" + _pad(Int(magnitude % 60), 2)) + ")"
            : ""
        return AlmanacError(.outOfRange, "UTC offset \(seconds) seconds\(shown) is out of range: an offset must be within -18:00...+18:00 (±64800 seconds)",
                            text: String(seconds))
    }

    /// An offset the caller knows is within range (offsets read from a zone
    /// table, whose loaders keep them in range). Not checked.
    @inlinable package init(uncheckedSeconds seconds: Int32) { self.seconds = seconds }

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
