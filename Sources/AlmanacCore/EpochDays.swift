// Day-number kernels: Howard Hinnant's days_from_civil / civil_from_days
// (http://howardhinnant.github.io/date_algorithms.html), proleptic Gregorian,
// no tables, no loops. Day 0 is 1970-01-01. Validity is checked elsewhere;
// these only do arithmetic and are exact for every year Almanac accepts.

/// Days from 1970-01-01 to the given proleptic Gregorian date.
///
/// - Complexity: O(1), integer arithmetic only.
@inlinable @inline(__always)
public func _daysFromCivil(_ year: Int, _ month: Int, _ day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400                                        // [0, 399]
    let mp = month > 2 ? month - 3 : month + 9                     // [0, 11]
    let doy = (153 * mp + 2) / 5 + day - 1                         // [0, 365]
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy                // [0, 146096]
    return era * 146_097 + doe - 719_468
}

/// The proleptic Gregorian date of a day number (day 0 is 1970-01-01).
///
/// - Complexity: O(1), integer arithmetic only.
@inlinable @inline(__always)
public func _civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097                                    // [0, 146096]
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365 // [0, 399]
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)              // [0, 365]
    let mp = (5 * doy + 2) / 153                                   // [0, 11]
    let d = doy - (153 * mp + 2) / 5 + 1                           // [1, 31]
    let m = mp < 10 ? mp + 3 : mp - 9                              // [1, 12]
    return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
}

/// ISO weekday number (Monday 1 ... Sunday 7) of a day number.
@inlinable @inline(__always)
public func _isoWeekday(ofDays days: Int) -> Int {
    // 1970-01-01 was a Thursday (4).
    let r = (days + 3) % 7
    return (r < 0 ? r + 7 : r) + 1
}

@inlinable @inline(__always)
public func _isLeapYear(_ year: Int) -> Bool {
    (year & 3) == 0 && (year % 100 != 0 || year % 400 == 0)
}

@inlinable @inline(__always)
public func _daysInMonth(_ year: Int, _ month: Int) -> Int {
    if month == 2 { return _isLeapYear(year) ? 29 : 28 }
    // 30 for April, June, September, November; 31 otherwise.
    return 30 | ((month ^ (month >> 3)) & 1)
}

/// Floor division and modulo for possibly negative numerators.
@inlinable @inline(__always)
public func _floorDiv(_ a: Int, _ b: Int) -> Int {
    let q = a / b
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
}

@inlinable @inline(__always)
public func _floorMod(_ a: Int, _ b: Int) -> Int {
    let r = a % b
    return (r != 0 && (r < 0) != (b < 0)) ? r + b : r
}

/// The range of years Almanac accepts, as RFC 5545's four-digit years allow.
public let _yearRange: ClosedRange<Int> = 1...9999

/// Day numbers of 0001-01-01 and 9999-12-31.
public let _minDayNumber = -719_162
public let _maxDayNumber = 2_932_896
