import AlmanacCore

/// The day parts of one rule (BYMONTH, BYMONTHDAY, BYDAY, BYYEARDAY,
/// BYWEEKNO, WKST, SKIP) as bit masks, with the fields of DTSTART's date
/// that stand in for absent parts (RFC 5545 3.3.10: "information, not
/// contained in the rule, ... derived from DTSTART"). Which days a frame
/// holds, and which days pass a limit, are worked out from these alone
/// (DayParts+FrameDays.swift). `has*` says whether the part was given.
struct DayParts: Sendable {
    let weekStart: Weekday
    let hasByMonth: Bool, monthMask: UInt16          // bit m for month m
    let leapMonthMask: UInt16                        // bit m for leap month mL (RFC 7529)
    let hasByMonthDay: Bool, monthDayPos: UInt32, monthDayNeg: UInt32 // bit d for d, bit k for -k
    let hasByDay: Bool, weekdayMask: UInt8           // bit w for plain weekday w (ISO number)
    let ordinals: [(n: Int, weekday: Int)]           // BYDAY values with an ordinal
    let hasByYearDay: Bool, yearDayPos: _DaySet, yearDayNeg: _DaySet // bit d-1 for d, bit k-1 for -k
    let hasByWeekNo: Bool, weekNoPos: UInt64, weekNoNeg: UInt64      // bit n for n, bit k for -k
    let skip: RecurrenceRule.Skip
    // DTSTART's date.
    let startMonth: Int, startMonthDay: Int
    let startWeekday: Weekday
    /// The calendar RSCALE names, when its months are not the Gregorian
    /// ones, and DTSTART's month (number, leap) and day in it.
    let scale: Scale?
    let startScaleMonth: Int, startScaleLeap: Bool, startScaleDay: Int
    /// Days a MONTHLY frame's set starts before the month's first day:
    /// SKIP=BACKWARD moves a day before the month (BYMONTHDAY=-31 in a
    /// 30-day month) to the last day of the month before. Stored, as every
    /// field the walk reads per frame (a computed one copied the whole
    /// struct out of the plan each time).
    let monthLead: Int
    /// Days a YEARLY frame's set starts before 1 January: three for
    /// BYWEEKNO's weeks, one for SKIP=BACKWARD (BYYEARDAY=-366 in a common
    /// year is 31 December of the year before).
    let yearLead: Int

    init(rule: borrowing RecurrenceRule, start date: CivilDate, scale: Scale?) {
        weekStart = rule.weekStart
        skip = rule.skip ?? .omit
        startMonth = date.month
        startMonthDay = date.day
        startWeekday = date.weekday

        hasByMonth = !rule.byMonth.isEmpty
        monthMask = rule.byMonth.reduce(0) { $1.number >= 1 && $1.number <= 13 && !$1.isLeap ? $0 | UInt16(1) << UInt16($1.number) : $0 }
        leapMonthMask = rule.byMonth.reduce(0) { $1.number >= 1 && $1.number <= 13 && $1.isLeap ? $0 | UInt16(1) << UInt16($1.number) : $0 }
        self.scale = scale
        if let scale, let y = scale.year(containing: date.daysSinceEpoch) {
            let m = y[y.index(ofDay: date.daysSinceEpoch)]
            (startScaleMonth, startScaleLeap, startScaleDay) = (Int(m.number), m.isLeap, date.daysSinceEpoch - Int(m.first) + 1)
        } else {
            (startScaleMonth, startScaleLeap, startScaleDay) = (date.month, false, date.day)
        }

        hasByMonthDay = !rule.byMonthDay.isEmpty
        var pos: UInt32 = 0, neg: UInt32 = 0
        for d in rule.byMonthDay where d != 0 && (-31...31).contains(d) {
            if d > 0 { pos |= 1 << UInt32(d) } else { neg |= 1 << UInt32(-d) }
        }
        monthDayPos = pos
        monthDayNeg = neg

        hasByDay = !rule.byDay.isEmpty
        (weekdayMask, ordinals) = Self.weekdays(rule)

        hasByYearDay = !rule.byYearDay.isEmpty
        var ypos = _DaySet(), yneg = _DaySet()
        for d in rule.byYearDay where d != 0 && (-366...366).contains(d) {
            if d > 0 { ypos.insert(d - 1) } else { yneg.insert(-d - 1) }
        }
        yearDayPos = ypos
        yearDayNeg = yneg

        hasByWeekNo = !rule.byWeekNo.isEmpty
        var wpos: UInt64 = 0, wneg: UInt64 = 0
        for n in rule.byWeekNo where n != 0 && (-53...53).contains(n) {
            if n > 0 { wpos |= 1 << UInt64(n) } else { wneg |= 1 << UInt64(-n) }
        }
        weekNoPos = wpos
        weekNoNeg = wneg
        monthLead = skip == .backward ? 1 : 0
        yearLead = hasByWeekNo ? Self.weekYearSpill : monthLead
    }

    /// BYDAY as a mask of plain weekdays and a list of ordinal ones; an
    /// ordinal is kept only where RFC 5545 allows it (MONTHLY, and YEARLY
    /// without BYWEEKNO), else it reads as the plain weekday.
    static func weekdays(_ rule: borrowing RecurrenceRule) -> (UInt8, [(n: Int, weekday: Int)]) {
        let ordinalsAllowed = rule.frequency == .monthly || (rule.frequency == .yearly && rule.byWeekNo.isEmpty)
        var mask: UInt8 = 0
        var ordinals: [(n: Int, weekday: Int)] = []
        for wd in rule.byDay {
            if let n = wd.ordinal, n != 0, ordinalsAllowed {
                // Past ±53 no frame has that many of a weekday: the value never matches.
                if (-53...53).contains(n) { ordinals.append((n, wd.weekday.rawValue)) }
            } else {
                mask |= 1 << UInt8(wd.weekday.rawValue)
            }
        }
        return (mask, ordinals)
    }
}
