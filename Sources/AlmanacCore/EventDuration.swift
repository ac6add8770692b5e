/// An RFC 5545 DURATION value (section 3.3.6): a nominal part in days
/// (weeks are seven days) and an exact part in seconds.
///
/// The difference matters across DST: a nominal day keeps the wall-clock
/// time (`P1D` from 09:00 ends at 09:00 the next day, 23 or 25 hours later on
/// a transition day), an exact duration does not (`PT24H` is always 86400 s).
///
/// ```swift
/// let d = try EventDuration(parsing: "P1DT2H")
/// d.days      // 1
/// d.seconds   // 7200
/// d.description // "P1DT2H"
/// ```
///
/// Codable as its text, `"P1DT2H"`.
public struct EventDuration: Sendable, Hashable, CustomStringConvertible {
    /// Nominal days (a week is 7), negative for a negative duration.
    public var days: Int
    /// Exact seconds, with the same sign as `days` when both are non-zero.
    public var seconds: Int

    /// A duration from its two parts.
    ///
    /// ```swift
    /// EventDuration(seconds: 900).description   // "PT15M"
    /// EventDuration(days: 7).description        // "P1W"
    /// ```
    public init(days: Int = 0, seconds: Int = 0) {
        self.days = days
        self.seconds = seconds
    }

    /// No time at all (`PT0S`): the length of a timed event with neither DTEND nor DURATION.
    public static let zero = EventDuration()

    /// Reads `P1W`, `P2D`, `P1DT12H`, `PT15M`, `-PT1H30M`, `PT0S`.
    ///
    /// - Throws: ``AlmanacError/Kind/invalidValue`` with the offending text
    ///   and its column; ``AlmanacError/Kind/outOfRange`` past 100,000 years.
    public init(parsing text: some StringProtocol) throws(AlmanacError) {
        let bytes = Array(text.utf8)
        var i = 0
        func fail(_ why: String) -> AlmanacError {
            AlmanacError(.invalidValue, "invalid DURATION \"\(String(decoding: bytes, as: UTF8.self))\" at column \(i + 1): \(why)",
                         text: String(decoding: bytes, as: UTF8.self), column: i + 1)
        }
        var sign = 1
        if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") {
            sign = bytes[i] == UInt8(ascii: "-") ? -1 : 1
            i += 1
        }
        guard i < bytes.count, bytes[i] == UInt8(ascii: "P") else { throw fail("expected P") }
        i += 1
        let limit = 36_500_000   // days in 100,000 years: far past anything representable
        func number() throws(AlmanacError) -> Int {
            var n = 0, digits = 0
            while i < bytes.count, bytes[i] >= 48, bytes[i] <= 57 {
                n = n * 10 + Int(bytes[i] - 48)
                digits += 1
                i += 1
                if n > limit * 86_400 { throw AlmanacError(.outOfRange, "DURATION value is too large", text: String(decoding: bytes, as: UTF8.self), column: i) }
            }
            guard digits > 0 else { throw fail("expected a number") }
            return n
        }
        var days = 0, seconds = 0
        var sawAny = false
        if i < bytes.count, bytes[i] != UInt8(ascii: "T") {
            let n = try number()
            guard i < bytes.count else { throw fail("expected W or D after the number") }
            switch bytes[i] {
            case UInt8(ascii: "W"):
                i += 1
                guard i == bytes.count else { throw fail("nothing may follow weeks (RFC 5545 dur-week)") }
                self.init(days: sign * n * 7, seconds: 0)
                return
            case UInt8(ascii: "D"): days = n; i += 1; sawAny = true
            default: throw fail("expected W or D after the number")
            }
        }
        if i < bytes.count {
            guard bytes[i] == UInt8(ascii: "T") else { throw fail("expected T before hours, minutes or seconds") }
            i += 1
            // dur-time: H [M [S]] / M [S] / S, in that order.
            var last = 0
            var any = false
            while i < bytes.count {
                let n = try number()
                guard i < bytes.count else { throw fail("expected H, M or S after the number") }
                let rank: Int, scale: Int
                switch bytes[i] {
                case UInt8(ascii: "H"): (rank, scale) = (1, 3600)
                case UInt8(ascii: "M"): (rank, scale) = (2, 60)
                case UInt8(ascii: "S"): (rank, scale) = (3, 1)
                default: throw fail("expected H, M or S after the number")
                }
                guard rank > last else { throw fail("hours, minutes and seconds must come in that order, once each") }
                last = rank
                seconds += n * scale
                any = true
                i += 1
            }
            guard any else { throw fail("expected hours, minutes or seconds after T") }
            sawAny = true
        }
        guard sawAny else { throw fail("a duration needs at least one part") }
        self.init(days: sign * days, seconds: sign * seconds)
    }

    /// Canonical RFC 5545 text: weeks when the duration is whole weeks,
    /// else days and a time part (`P1DT2H30M`, `-PT15M`, `PT0S`).
    public var description: String {
        let negative = days < 0 || seconds < 0
        let d = abs(days), s = abs(seconds)
        var out = negative ? "-P" : "P"
        if s == 0 && d > 0 && d % 7 == 0 { return out + "\(d / 7)W" }
        if d > 0 { out += "\(d)D" }
        if s > 0 || d == 0 {
            out += "T"
            // dur-time: H [M [S]] / M [S] / S, so a minute field sits between hours and seconds.
            let h = s / 3600, m = (s / 60) % 60, sec = s % 60
            if h > 0 { out += "\(h)H" }
            if m > 0 || (h > 0 && sec > 0) { out += "\(m)M" }
            if sec > 0 || s == 0 { out += "\(sec)S" }
        }
        return out
    }
}
