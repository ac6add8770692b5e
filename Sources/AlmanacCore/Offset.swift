/// A UTC offset in seconds: positive east of Greenwich, within ±18:00.
///
/// ```swift
/// Offset(hours: -4)!.description                   // "-04:00"
/// Offset(seconds: 5 * 3600 + 30 * 60)!.description // "+05:30"
/// Offset(seconds: -17762)!.description             // "-04:56:02" (LMT of New York)
/// Offset(seconds: 86_400)                          // nil: beyond +18:00
/// try Offset(validating: 86_400)
/// // throws: UTC offset 86400 seconds (+24:00) is out of range: an offset must be within -18:00...+18:00 (±64800 seconds)
/// ```
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

    /// An offset of `seconds` (positive east of Greenwich), or `nil` outside
    /// -18:00...+18:00 (see ``init(validating:)`` for an error that says why).
    @inlinable public init?(seconds: Int) {
        guard seconds >= Int(Offset.min.seconds), seconds <= Int(Offset.max.seconds) else { return nil }
        self.seconds = Int32(seconds)
    }

    /// An offset of whole hours and minutes, with the sign of `hours`
    /// (`Offset(hours: -3, minutes: 30)` is -03:30), or `nil` when `minutes`
    /// is not in 0...59 or the offset is outside -18:00...+18:00.
    @inlinable public init?(hours: Int, minutes: Int = 0) {
        guard (0...59).contains(minutes), (-18...18).contains(hours) else { return nil }
        self.init(seconds: hours * 3600 + (hours < 0 ? -minutes : minutes) * 60)
    }

    /// An offset of `seconds`, throwing an error that names the value and
    /// the range when it is outside -18:00...+18:00.
    ///
    /// - Throws: ``AlmanacError`` of kind ``AlmanacError/Kind/outOfRange``.
    public init(validating seconds: Int) throws(AlmanacError) {
        guard let offset = Offset(seconds: seconds) else {
            let magnitude = seconds.magnitude
            let shown = magnitude / 3600 < 1_000_000
                ? " (" + (seconds < 0 ? "-" : "+") + _pad(Int(magnitude / 3600), 2) + ":" + _pad(Int(magnitude / 60 % 60), 2)
                    + (magnitude % 60 == 0 ? "" : ":" + _pad(Int(magnitude % 60), 2)) + ")"
                : ""
            throw AlmanacError(.outOfRange, "UTC offset \(seconds) seconds\(shown) is out of range: an offset must be within -18:00...+18:00 (±64800 seconds)",
                               text: String(seconds))
        }
        self = offset
    }

    /// An offset the caller knows is within range (offsets read from a zone
    /// table, whose loaders keep them in range). Not checked.
    @inlinable package init(uncheckedSeconds seconds: Int32) { self.seconds = seconds }

    /// West first: -05:00 < +01:00.
    @inlinable public static func < (a: Offset, b: Offset) -> Bool { a.seconds < b.seconds }
}

extension Offset: Codable {
    private enum CodingKeys: String, CodingKey { case seconds }

    /// Reads `{"seconds": -14400}`.
    ///
    /// - Throws: `DecodingError.dataCorrupted` at `seconds` when the value is
    ///   outside -18:00...+18:00 (its underlying error is the ``AlmanacError``).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let seconds = try c.decode(Int.self, forKey: .seconds)
        do { self = try Offset(validating: seconds) } catch {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: c.codingPath + [CodingKeys.seconds], debugDescription: error.message, underlyingError: error))
        }
    }

    /// Writes `{"seconds": -14400}`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(Int(seconds), forKey: .seconds)
    }
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
