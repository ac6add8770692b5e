import AlmanacCore

// The RFC 3339 forms of dates and date-times (section 5.6), read by the
// same field checks as RFC 5545's (`checkedDate`, `checkedTime`): what
// people type on a command line and what Google and Graph write.

/// What the RFC 3339 reader accepts beside `full-date` and `full-date "T"
/// partial-time [time-offset]` (with `t` and `z` in either case, RFC 3339
/// section 5.6's note).
struct RFC3339Forms {
    /// A space for the `T` (RFC 3339 section 5.6's note: "applications ...
    /// may choose ... a space character").
    var space = false
    /// A fraction of a second (`time-secfrac`), dropped (Graph writes seven digits).
    var fractions = false
    /// Second 60 read as 59 (a leap second; Almanac has none).
    var leapSecondAs59 = false
}

/// Whether `b[start..<end]` begins as RFC 3339 writes a date, `YYYY-MM-DD`.
func looksLikeRFC3339(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
    guard end - start >= 10 else { return false }
    for k in start..<(start + 10) {
        let dash = k == start + 4 || k == start + 7
        guard dash ? b[k] == UInt8(ascii: "-") : _isDigit(b[k]) else { return false }
    }
    return true
}

/// Reads an RFC 3339 date or date-time in `b[start..<end]`: `2024-05-06`,
/// `2024-05-06T09:00:00`, with `Z` or an offset `+02:00` (without one, a
/// local time, as ISO 8601 allows).
///
/// The shape is checked before the fields (a text that is no date-time
/// says so before its month is looked at), the date and time before the
/// offset. Faults carry the byte range of the offending piece, as
/// ``readDateValue(_:_:_:foldCase:leapSecondAs59:)``'s do.
///
/// - Returns: the value (`.local` with the offset when one is written: the
///   wall clock at that offset), the offset, and whether a second 60 was
///   read as 59.
func readRFC3339Value(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int,
                      forms: RFC3339Forms) throws(ValueFault) -> (value: DateValue, offset: Offset?, leapSecond: Bool) {
    func at(_ k: Int, _ c: Character) -> Bool { k < end && b[k] == c.asciiValue! }
    func digits(_ k: Int, _ n: Int) -> Bool { k + n <= end && (k..<(k + n)).allSatisfy { _isDigit(b[$0]) } }
    func fault(_ k: Int, _ why: String, to e: Int? = nil) -> ValueFault {
        ValueFault(kind: .invalidValue, start: min(k, end), end: e ?? end, detail: why, isShape: true)
    }
    @inline(__always) func two(_ k: Int) -> Int { Int(b[k] &- 0x30) * 10 + Int(b[k + 1] &- 0x30) }

    guard looksLikeRFC3339(b, start, end) else {
        throw fault(start, "expected YYYY-MM-DD or YYYY-MM-DDTHH:MM:SS, with Z or an offset such as +02:00")
    }
    let year = Int(b[start] &- 0x30) * 1000 + Int(b[start + 1] &- 0x30) * 100 + two(start + 2)
    var time: (hour: Int, minute: Int, second: Int)?
    let t = start + 11
    if end > start + 10 {
        guard at(start + 10, "T") || at(start + 10, "t") || (forms.space && at(start + 10, " ")) else {
            throw fault(start + 10, "expected \"T\" and a time such as T09:00:00 after the date")
        }
        guard digits(t, 2), at(t + 2, ":"), digits(t + 3, 2), at(t + 5, ":"), digits(t + 6, 2) else {
            throw fault(t, "expected a time HH:MM:SS after \"T\"")
        }
        time = (two(t), two(t + 3), two(t + 6))
    }
    guard _yearRange.contains(year) else {
        throw ValueFault(kind: .outOfRange, start: start, end: start + 4, detail: "year \(year) is not in the supported range 1...9999")
    }
    let date = try checkedDate(year, two(start + 5), two(start + 8), monthAt: start + 5, dayAt: start + 8)
    guard let time else { return (.date(date), nil, false) }
    let (clock, leap) = try checkedTime(time.hour, time.minute, time.second, at: t, step: 3, leapSecondAs59: forms.leapSecondAs59)
    let civil = CivilDateTime(date, clock)

    var i = t + 8
    if forms.fractions, at(i, ".") {
        i += 1
        let first = i
        while i < end, _isDigit(b[i]) { i += 1 }
        guard i > first else { throw fault(first, "expected the digits of a fraction of a second after \".\"") }
    }
    if i == end { return (.local(civil), nil, leap) }
    if i + 1 == end, at(i, "Z") || at(i, "z") { return (.utc(civil), .zero, leap) }
    guard end - i == 6, at(i, "+") || at(i, "-"), digits(i + 1, 2), at(i + 3, ":"), digits(i + 4, 2) else {
        throw fault(i, "expected Z or an offset such as +02:00 after the time")
    }
    let hours = two(i + 1), minutes = two(i + 4)
    guard hours < 24 else { throw fault(i + 1, "offset hours \(zeroPadded(hours, 2)) are not in 00...23") }
    guard minutes < 60 else { throw fault(i + 4, "offset minutes \(zeroPadded(minutes, 2)) are not in 00...59") }
    let seconds = (hours * 3600 + minutes * 60) * (at(i, "-") ? -1 : 1)
    return (.local(civil), (try? Offset(seconds: seconds)), leap)
}

/// RFC 3339 values as Google and Graph write them, for the payload
/// readers: fractions of a second dropped, second 60 read as 59. Not API.
package enum RFC3339 {
    /// `2024-05-06`, or `nil`.
    package static func date(_ text: String) -> CivilDate? {
        guard case (.date(let d), _)? = read(text, RFC3339Forms()) else { return nil }
        return d
    }

    /// `2024-05-06T09:00:00`, with an optional fraction of a second and
    /// an optional `Z` (offset zero) or `±hh:mm`; `nil` for anything else.
    package static func dateTime(_ text: String) -> (CivilDateTime, Offset?)? {
        switch read(text, RFC3339Forms(fractions: true, leapSecondAs59: true)) {
        case (.local(let c), let offset)?: (c, offset)
        case (.utc(let c), _)?: (c, .zero)
        default: nil
        }
    }

    private static func read(_ text: String, _ forms: RFC3339Forms) -> (DateValue, Offset?)? {
        var text = text
        return text.withUTF8 { b in
            guard let r = try? readRFC3339Value(b, 0, b.count, forms: forms) else { return nil }
            return (r.value, r.offset)
        }
    }
}
