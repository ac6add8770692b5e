import Almanac
import AlmanacCore

extension Occurrence {
    /// Appends ``description`` (the batch protocol's form, such as
    /// `1997-09-02T09:00:00-04:00`) to a UTF-8 buffer without building a `String`.
    ///
    /// Same text as `description`, byte for byte (a test checks every form);
    /// this is the hot path of `almanac batch`, one call per occurrence.
    ///
    /// - Complexity: O(1), no allocation beyond the buffer's growth.
    @inlinable
    public func appendDescription(to bytes: inout [UInt8]) {
        let d = start.date
        _appendDigits(d.year, 4, &bytes)
        bytes.append(UInt8(ascii: "-"))
        _appendDigits(d.month, 2, &bytes)
        bytes.append(UInt8(ascii: "-"))
        _appendDigits(d.day, 2, &bytes)
        if kind == .date { return }
        let t = start.time
        bytes.append(UInt8(ascii: "T"))
        _appendDigits(t.hour, 2, &bytes)
        bytes.append(UInt8(ascii: ":"))
        _appendDigits(t.minute, 2, &bytes)
        bytes.append(UInt8(ascii: ":"))
        _appendDigits(t.second, 2, &bytes)
        switch kind {
        case .date, .floating:
            return
        case .utc:
            bytes.append(UInt8(ascii: "Z"))
        case .zoned:
            let s = Int(offset.seconds)
            let a = s.magnitude
            bytes.append(s < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
            _appendDigits(Int(a / 3600), 2, &bytes)
            bytes.append(UInt8(ascii: ":"))
            _appendDigits(Int(a / 60 % 60), 2, &bytes)
            if a % 60 != 0 {
                bytes.append(UInt8(ascii: ":"))
                _appendDigits(Int(a % 60), 2, &bytes)
            }
        }
    }
}

/// Appends `value` in decimal, zero-padded to at least `width` digits (`value >= 0`).
@inlinable @inline(__always)
func _appendDigits(_ value: Int, _ width: Int, _ bytes: inout [UInt8]) {
    switch width {
    case 2 where value < 100:
        bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value / 10))
        bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value % 10))
    case 4 where value < 10_000:
        bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value / 1000))
        bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value / 100 % 10))
        bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value / 10 % 10))
        bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value % 10))
    default:
        var s = Array(String(value).utf8)
        while s.count < width { s.insert(UInt8(ascii: "0"), at: 0) }
        bytes.append(contentsOf: s)
    }
}
