// Day-number kernels, proleptic Gregorian, day 0 = 1970-01-01. They follow
// Cassio Neri and Lorenz Schneider, "Euclidean affine functions and their
// application to calendar algorithms" (Software: Practice and Experience,
// 2023): branch-free, no tables, unsigned 32-bit arithmetic, about twenty
// instructions each (Hinnant's days_from_civil / civil_from_days compute the
// same values with divisions by 146097, 1460, 36524 and 365). Validity is
// checked elsewhere; these only do arithmetic, exactly, for every day of
// years 1...9999 (and well beyond: the shift below keeps every intermediate
// value of years -32000...32000 inside UInt32).

/// Neri-Schneider's shift: 82 eras of 400 years, so day numbers of any
/// supported date map to positive counts.
@usableFromInline let _eraShift: UInt32 = 82
@usableFromInline let _dayShift: UInt32 = 719_468 &+ 146_097 &* 82      // [12699422]
@usableFromInline let _yearShift: UInt32 = 400 &* 82                   // [32800]

/// Days from 1970-01-01 to the given proleptic Gregorian date.
///
/// - Complexity: O(1), a dozen integer operations, no branches.
@inlinable @inline(__always)
package func daysFromCivil(_ year: Int, _ month: Int, _ day: Int) -> Int {
    let j: UInt32 = month <= 2 ? 1 : 0
    let y = UInt32(truncatingIfNeeded: year) &+ _yearShift &- j           // March-based year, shifted
    let m = UInt32(truncatingIfNeeded: month) &+ 12 &* j                  // [3, 14]
    let d = UInt32(truncatingIfNeeded: day) &- 1                          // [0, 30]
    let c = y / 100
    let yStar = 1461 &* y / 4 &- c &+ c / 4                               // days before March 1 of year y
    let mStar = (979 &* m &- 2919) / 32                                   // days from March 1 to month m
    return Int(Int32(bitPattern: yStar &+ mStar &+ d &- _dayShift))
}

/// The proleptic Gregorian date of a day number (day 0 is 1970-01-01).
///
/// - Complexity: O(1), about twenty integer operations, no branches.
@inlinable @inline(__always)
package func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
    let n = UInt32(truncatingIfNeeded: days) &+ _dayShift                 // > 0 for every supported date
    // Century and day of century.
    let n1 = 4 &* n &+ 3
    let c = n1 / 146_097
    let nc = n1 % 146_097 / 4                                             // [0, 36524]
    // Year of century and day of year (a year starts on March 1).
    let n2 = 4 &* nc &+ 3
    let p2 = UInt64(2_939_745) &* UInt64(n2)
    let z = UInt32(truncatingIfNeeded: p2 >> 32)                          // [0, 99]
    let ny = UInt32(truncatingIfNeeded: p2) / 2_939_745 / 4               // [0, 365]
    // Month and day.
    let n3 = 2141 &* ny &+ 197_913
    let m = n3 >> 16                                                      // [3, 14]
    let d = (n3 & 0xFFFF) / 2141                                          // [0, 30]
    let j: UInt32 = ny >= 306 ? 1 : 0                                     // January or February
    let y = 100 &* c &+ z &- _yearShift &+ j
    return (Int(Int32(bitPattern: y)), Int(m &- 12 &* j), Int(d &+ 1))
}

/// ISO weekday number (Monday 1 ... Sunday 7) of a day number.
@inlinable @inline(__always)
package func isoWeekday(ofDays days: Int) -> Int {
    // 1970-01-01 was a Thursday (4); the shift (a multiple of 7) keeps the
    // dividend positive for every supported day, so the division is unsigned.
    Int((UInt32(truncatingIfNeeded: days) &+ 3 &+ 7 &* 200_000) % 7) + 1
}

@inlinable @inline(__always)
package func _isLeapYear(_ year: Int) -> Bool {
    (year & 3) == 0 && (year % 100 != 0 || year % 400 == 0)
}

@inlinable @inline(__always)
package func _daysInMonth(_ year: Int, _ month: Int) -> Int {
    if month == 2 { return _isLeapYear(year) ? 29 : 28 }
    // 30 for April, June, September, November; 31 otherwise.
    return 30 | ((month ^ (month >> 3)) & 1)
}

/// Floor division and modulo for possibly negative numerators.
@inlinable @inline(__always)
package func floorDiv(_ a: Int, _ b: Int) -> Int {
    let q = a / b
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
}

@inlinable @inline(__always)
package func floorMod(_ a: Int, _ b: Int) -> Int {
    let r = a % b
    return (r != 0 && (r < 0) != (b < 0)) ? r + b : r
}

/// The range of years Almanac accepts, as RFC 5545's four-digit years allow.
@usableFromInline package let _yearRange: ClosedRange<Int> = 1...9999

/// Day numbers of 0001-01-01 and 9999-12-31.
@usableFromInline package let _minDayNumber = -719_162
@usableFromInline package let _maxDayNumber = 2_932_896
