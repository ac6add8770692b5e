/// A date on the proleptic Gregorian calendar with no time zone, year 1 to 9999.
///
/// Arithmetic runs on a day number (days since 1970-01-01), so adding days,
/// comparing and finding the weekday are a few integer operations. There is no
/// Julian cutover: 1582-10-05 exists, as in ISO 8601 and RFC 5545.
///
/// ```swift
/// let d = try CivilDate(2023, 11, 13)        // throws for 2023-02-29
/// d.weekday                                  // .monday
/// try d.adding(days: 20)                     // 2023-12-03
/// d.isoWeek                                  // 2023-W46
/// ```
///
/// Codable as its text, `"2023-11-13"` (see ``init(parsing:)``).
public struct CivilDate: Sendable, Hashable, Comparable {
    @usableFromInline let _year: Int16
    @usableFromInline let _month: UInt8
    @usableFromInline let _day: UInt8

    /// The year, 1...9999.
    @inlinable public var year: Int { Int(_year) }
    /// The month, 1...12.
    @inlinable public var month: Int { Int(_month) }
    /// The day of the month, 1...31.
    @inlinable public var day: Int { Int(_day) }

    /// A date from its fields, throwing an error that names the field and
    /// its range when the date does not exist (30 February, month 13, year 0
    /// or 10000).
    ///
    /// ```swift
    /// let d = try CivilDate(2024, 5, 6)
    /// try CivilDate(2023, 2, 29)   // throws: invalid date 2023-02-29: 2023 is not a leap year
    /// try CivilDate(2024, 13, 1)   // throws: month 13 is not in 1...12
    /// ```
    ///
    /// - Throws: ``AlmanacError`` of kind ``AlmanacError/Kind/invalidValue``
    ///   (a month or day that does not exist) or
    ///   ``AlmanacError/Kind/outOfRange`` (a year outside 1...9999).
    /// - Complexity: O(1).
    @inlinable
    public init(_ year: Int, _ month: Int, _ day: Int) throws(AlmanacError) {
        guard _yearRange.contains(year), (1...12).contains(month),
              day >= 1, day <= _daysInMonth(year, month) else { throw CivilDate._invalid(year, month, day) }
        self.init(_unchecked: year, month, day)
    }

    /// Why `year`-`month`-`day` is not a date.
    @usableFromInline
    static func _invalid(_ year: Int, _ month: Int, _ day: Int) -> AlmanacError {
        guard _yearRange.contains(year) else {
            return AlmanacError(.outOfRange, "year \(year) is not in the supported range 1...9999")
        }
        guard (1...12).contains(month) else {
            return AlmanacError(.invalidValue, "month \(month) is not in 1...12")
        }
        if month == 2, day == 29 {
            return AlmanacError(.invalidValue, "invalid date \(year)-02-29: \(year) is not a leap year")
        }
        return AlmanacError(.invalidValue, "invalid date: day \(day) is not in 1...\(_daysInMonth(year, month)) for \(_pad(year, 4))-\(_pad(month, 2))")
    }

    @inlinable @inline(__always)
    package init(_unchecked year: Int, _ month: Int, _ day: Int) {
        _year = Int16(truncatingIfNeeded: year)
        _month = UInt8(truncatingIfNeeded: month)
        _day = UInt8(truncatingIfNeeded: day)
    }

    /// The date of a day number (0 is 1970-01-01), or `nil` outside years 1...9999.
    @inlinable
    public init?(daysSinceEpoch days: Int) {
        guard days >= _minDayNumber, days <= _maxDayNumber else { return nil }
        self.init(_unchecked: days)
    }

    @inlinable @inline(__always)
    package init(_unchecked days: Int) {
        let c = civilFromDays(days)
        self.init(_unchecked: c.year, c.month, c.day)
    }

    /// Days since 1970-01-01 (negative before).
    @inlinable public var daysSinceEpoch: Int { daysFromCivil(year, month, day) }

    /// The day of the week.
    @inlinable public var weekday: Weekday { Weekday(rawValue: isoWeekday(ofDays: daysSinceEpoch))! }

    /// Day of the year, 1...366.
    @inlinable public var dayOfYear: Int { daysSinceEpoch - daysFromCivil(year, 1, 1) + 1 }

    /// Whether the date's year has 29 February.
    @inlinable public var isLeapYear: Bool { _isLeapYear(year) }
    /// How many days the date's month has, 28...31.
    @inlinable public var daysInMonth: Int { _daysInMonth(year, month) }
    /// How many days the date's year has, 365 or 366.
    @inlinable public var daysInYear: Int { _isLeapYear(year) ? 366 : 365 }

    /// The date `days` later (earlier when negative).
    ///
    /// ```swift
    /// try CivilDate(2023, 11, 13).adding(days: 20)          // 2023-12-03
    /// try CivilDate(9999, 12, 31).adding(days: 1)
    /// // throws: 9999-12-31 + 1 days is outside the supported years 1...9999
    /// ```
    ///
    /// - Throws: ``AlmanacError`` of kind ``AlmanacError/Kind/outOfRange``
    ///   when the result falls outside years 1...9999.
    /// - Complexity: O(1).
    @inlinable
    public func adding(days: Int) throws(AlmanacError) -> CivilDate {
        let (sum, overflow) = daysSinceEpoch.addingReportingOverflow(days)
        guard !overflow, sum >= _minDayNumber, sum <= _maxDayNumber else {
            throw AlmanacError(.outOfRange, "\(self) + \(days) days is outside the supported years 1...9999")
        }
        return CivilDate(_unchecked: sum)
    }

    /// The date at a time of day.
    ///
    /// ```swift
    /// try CivilDate(1997, 9, 2).at(9, 0)   // 1997-09-02T09:00:00
    /// try CivilDate(1997, 9, 2).at(24, 0)  // throws: hour 24 is not in 0...23
    /// ```
    ///
    /// - Throws: ``AlmanacError`` of kind ``AlmanacError/Kind/invalidValue``
    ///   when the time does not exist (see ``CivilTime/init(_:_:_:)``).
    /// - Complexity: O(1).
    @inlinable
    public func at(_ hour: Int, _ minute: Int, _ second: Int = 0) throws(AlmanacError) -> CivilDateTime {
        CivilDateTime(self, try CivilTime(hour, minute, second))
    }

    /// Earlier dates first.
    @inlinable
    public static func < (a: CivilDate, b: CivilDate) -> Bool {
        (a._year, a._month, a._day) < (b._year, b._month, b._day)
    }
}

extension CivilDate: CustomStringConvertible {
    /// `YYYY-MM-DD`.
    public var description: String {
        _pad(year, 4) + "-" + _pad(month, 2) + "-" + _pad(day, 2)
    }

    /// `YYYYMMDD`, the RFC 5545 DATE form.
    public var rfc5545: String { _pad(year, 4) + _pad(month, 2) + _pad(day, 2) }
}

/// Zero-padded decimal, for the fixed-width fields of dates and times.
@usableFromInline
func _pad(_ value: Int, _ width: Int) -> String {
    let s = String(value)
    return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
}
