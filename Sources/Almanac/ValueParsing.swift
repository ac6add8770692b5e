import AlmanacCore

// Readers for the RFC 5545 DATE and DATE-TIME value forms (sections 3.3.4,
// 3.3.5, 3.3.12), shared by UNTIL and `Anchor(parsing:zone:)`. They work on
// UTF-8 bytes and allocate nothing unless they fail.

/// A DATE or DATE-TIME value as written: `19970902`, `19970902T090000`,
/// `19970902T090000Z`.
enum DateValue: Equatable {
    case date(CivilDate)
    case local(CivilDateTime)
    case utc(CivilDateTime)
}

/// Why a DATE / DATE-TIME text was refused: a kind, the byte range of the
/// offending piece (absolute offsets in the buffer) and a clause that says why.
struct ValueFault: Error {
    var kind: AlmanacError.Kind
    var start: Int
    var end: Int
    var detail: String
    /// The text does not have the shape of a DATE or DATE-TIME at all.
    var isShape = false
}

/// The shape RFC 5545 writes, for messages.
let _dateValueShapes = "expected YYYYMMDD, YYYYMMDDTHHMMSS or YYYYMMDDTHHMMSSZ"

/// Reads a DATE or DATE-TIME in `b[start..<end]`.
///
/// - Parameters:
///   - foldCase: accept `t` and `z` for `T` and `Z` (the rule parser checks
///     case itself, part by part).
///   - leapSecondAs59: read second 60 as 59 (RFC 5545 section 3.3.5: "SHOULD
///     interpret the second 60 as equivalent to the second 59"); otherwise
///     second 60 is an error, since Almanac has no leap seconds.
/// - Returns: the value, and whether a second 60 was read as 59.
/// - Throws: ``ValueFault``: kind `.invalidValue`, or `.outOfRange` for a
///   year outside 1...9999 (year 0, or a year written with more than four digits).
func readDateValue(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int,
                    foldCase: Bool, leapSecondAs59: Bool) throws(ValueFault) -> (value: DateValue, leapSecond: Bool) {
    func shape() -> ValueFault {
        ValueFault(kind: .invalidValue, start: start, end: end, detail: _dateValueShapes, isShape: true)
    }
    func letter(_ i: Int, _ c: UInt8) -> Bool { i < end && (foldCase ? _upper(b[i]) : b[i]) == c }

    var i = start
    while i < end, _isDigit(b[i]) { i += 1 }
    let dateDigits = i - start
    // 8 digits is a date; up to 11 are read as a year with too many digits
    // (year 10000 is out of range, not malformed); more is no date at all.
    guard dateDigits >= 8, dateDigits <= 11 else { throw shape() }

    // Year: everything before MMDD. RFC 5545 writes four digits; more digits
    // are read only to say that the year is out of range.
    let yearEnd = i - 4
    var year = 0
    for k in start..<yearEnd { year = year * 10 + Int(b[k] &- 0x30) }   // at most 7 digits
    if !_yearRange.contains(year) {
        throw ValueFault(kind: .outOfRange, start: start, end: yearEnd,
                          detail: "year \(year) is not in the supported range 1...9999")
    }
    if yearEnd - start != 4 {
        throw ValueFault(kind: .invalidValue, start: start, end: yearEnd,
                          detail: "the year has \(yearEnd - start) digits (RFC 5545 section 3.3.4 writes 4)")
    }

    @inline(__always) func two(_ k: Int) -> Int { Int(b[k] &- 0x30) * 10 + Int(b[k + 1] &- 0x30) }
    let month = two(yearEnd)
    let day = two(yearEnd + 2)
    let date = try checkedDate(year, month, day, monthAt: yearEnd, dayAt: yearEnd + 2)
    if i == end { return (.date(date), false) }

    // DATE-TIME: "T" HHMMSS ["Z"], section 3.3.5 and 3.3.12.
    guard letter(i, UInt8(ascii: "T")) else { throw shape() }
    let t = i + 1
    var j = t
    while j < end, _isDigit(b[j]) { j += 1 }
    guard j - t == 6 else { throw shape() }
    let (time, leap) = try checkedTime(two(t), two(t + 2), two(t + 4), at: t, step: 2, leapSecondAs59: leapSecondAs59)
    let civil = CivilDateTime(date, time)
    if j == end { return (.local(civil), leap) }
    if letter(j, UInt8(ascii: "Z")), j + 1 == end { return (.utc(civil), leap) }
    if b[j] == UInt8(ascii: "+") || b[j] == UInt8(ascii: "-") {
        throw ValueFault(kind: .invalidValue, start: j, end: end,
                          detail: "a UTC offset is not allowed in a DATE-TIME (RFC 5545 section 3.3.5): write Z, or a local time with TZID")
    }
    throw shape()
}

/// A date's month and day checked (the year is the caller's): the faults
/// at `monthAt` and `dayAt`, the offsets of their two digits.
@inline(__always)
func checkedDate(_ year: Int, _ month: Int, _ day: Int, monthAt: Int, dayAt: Int) throws(ValueFault) -> CivilDate {
    guard (1...12).contains(month) else {
        throw ValueFault(kind: .invalidValue, start: monthAt, end: monthAt + 2, detail: "month \(month) is not in 1...12")
    }
    let monthDays = _daysInMonth(year, month)
    guard day >= 1, day <= monthDays else {
        let detail = month == 2 && day == 29
            ? "\(zeroPadded(year, 4))-02-29 does not exist: \(year) is not a leap year"
            : "day \(day) is not in 1...\(monthDays) for \(zeroPadded(year, 4))-\(zeroPadded(month, 2))"
        throw ValueFault(kind: .invalidValue, start: dayAt, end: dayAt + 2, detail: detail)
    }
    return CivilDate(_unchecked: year, month, day)
}

/// A time's fields checked, the hour's two digits at `at` and each next
/// field `step` bytes further (2 in RFC 5545's `HHMMSS`, 3 in `HH:MM:SS`);
/// whether a second 60 was read as 59.
@inline(__always)
func checkedTime(_ hour: Int, _ minute: Int, _ second: Int, at t: Int, step: Int,
                 leapSecondAs59: Bool) throws(ValueFault) -> (CivilTime, leap: Bool) {
    guard hour <= 23 else {
        throw ValueFault(kind: .invalidValue, start: t, end: t + 2, detail: "hour \(hour) is not in 0...23")
    }
    guard minute <= 59 else {
        throw ValueFault(kind: .invalidValue, start: t + step, end: t + step + 2, detail: "minute \(minute) is not in 0...59")
    }
    var second = second, leap = false
    if second == 60, leapSecondAs59 {
        second = 59
        leap = true
    }
    guard second <= 59 else {
        let detail = second == 60
            ? "second 60 is a leap second, which Almanac does not support (it has no leap seconds)"
            : "second \(second) is not in 0...59"
        throw ValueFault(kind: .invalidValue, start: t + 2 * step, end: t + 2 * step + 2, detail: detail)
    }
    return (CivilTime(_unchecked: hour, minute, second), leap)
}

/// Column bookkeeping shared by the readers: 1-based columns count Unicode
/// scalars, so a column matches what a person counts in ASCII text and stays
/// right after non-ASCII characters.
struct Columns {
    let bytes: UnsafeBufferPointer<UInt8>
    let isASCII: Bool
    private var cacheOffset = 0
    private var cacheColumn = 1

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        var ascii = true
        for c in bytes where c >= 0x80 { ascii = false; break }
        self.isASCII = ascii
    }

    /// The 1-based column of the byte at `offset` (a scalar boundary).
    ///
    /// - Complexity: O(1) for ASCII text; otherwise amortised O(distance from
    ///   the previous call), since callers mostly move forward.
    mutating func column(_ offset: Int) -> Int {
        if isASCII { return offset + 1 }
        var o = 0, c = 1
        if offset >= cacheOffset { o = cacheOffset; c = cacheColumn }
        while o < offset {
            if bytes[o] & 0xC0 != 0x80 { c += 1 }
            o += 1
        }
        cacheOffset = offset
        cacheColumn = c
        return c
    }

    func text(_ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }
}

/// Zero-padded decimal for the fixed-width fields in messages.
func zeroPadded(_ value: Int, _ width: Int) -> String {
    let s = String(value)
    return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
}
