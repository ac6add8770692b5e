import AlmanacCore

// The candidate days of YEARLY and MONTHLY frames, and the day limits, in a
// calendar RSCALE names (RFC 7529 section 4): months, month days, year days
// and week numbers are those of that calendar, read from its year tables.
// The Gregorian kernels (DayParts+FrameDays.swift) do the same on Gregorian years.

extension DayParts {
    /// A YEARLY frame's set starts this many days before the year's first
    /// day: BYWEEKNO's week 1 may start up to three days before it, and
    /// SKIP=BACKWARD may move a day to the last day of the year before.
    static let scaleYearLead = 3

    /// Whether `day` passes the given limit parts, read in the rule's calendar.
    func scaledPasses(_ day: Int, _ limits: Limits, in scale: Scale) -> Bool {
        guard let y = scale.year(containing: day) else { return false }
        let month = y[y.index(ofDay: day)]
        if limits.contains(.month) && !monthMatches(month) { return false }
        if limits.contains(.monthDay), !monthDayMatches(day - Int(month.first) + 1, Int(month.length)) { return false }
        if limits.contains(.weekday) {
            let w = isoWeekday(ofDays: day)
            if weekdayMask & (1 << UInt8(w)) == 0 && !ordinals.contains(where: { $0.weekday == w }) { return false }
        }
        if limits.contains(.yearDay), !yearDayMatches(day - y.first + 1, y.length) { return false }
        if limits.contains(.weekNo), !scaledWeekNoMatches(day, y, scale) { return false }
        return true
    }

    /// The days of calendar year `y` (indexes from its first day) that pass `limits`.
    func scaledPassingDays(_ y: ScaleYear, _ limits: Limits, in scale: Scale) -> _DaySet {
        var set = _DaySet()
        for i in 0..<y.monthCount {
            let m = y[i], first = Int(m.first), length = Int(m.length)
            if limits.contains(.month) && !monthMatches(m) { continue }
            for d in 0..<length {
                let day = first + d
                if limits.contains(.monthDay) && !monthDayMatches(d + 1, length) { continue }
                if limits.contains(.weekday) {
                    let w = isoWeekday(ofDays: day)
                    if weekdayMask & (1 << UInt8(w)) == 0 && !ordinals.contains(where: { $0.weekday == w }) { continue }
                }
                if limits.contains(.yearDay) && !yearDayMatches(day - y.first + 1, y.length) { continue }
                if limits.contains(.weekNo) && !scaledWeekNoMatches(day, y, scale) { continue }
                set.insert(day - y.first)
            }
        }
        return set
    }

    /// Whether a month is one BYMONTH names (`5L` names only the leap month).
    func monthMatches(_ month: ScaleMonth) -> Bool {
        (month.isLeap ? leapMonthMask : monthMask) & (1 << UInt16(month.number)) != 0
    }

    /// Week 1 of a calendar year starting on `first`: the first week
    /// starting on WKST with at least four days in the year (RFC 5545 section
    /// 3.3.10, read in the rule's calendar as RFC 7529 section 4 asks).
    func weekOneStart(yearFirst first: Int) -> Int {
        let fourth = first + 3
        return fourth - (isoWeekday(ofDays: fourth) - weekStart.rawValue + 7) % 7
    }

    func scaledWeekNoMatches(_ day: Int, _ y: ScaleYear, _ scale: Scale) -> Bool {
        var w1 = weekOneStart(yearFirst: y.first)
        var next = weekOneStart(yearFirst: y.first + y.length)
        if day < w1 {
            guard let p = scale.year(y.number - 1) else { return false }
            next = w1
            w1 = weekOneStart(yearFirst: p.first)
        } else if day >= next {
            guard let n = scale.year(y.number + 1) else { return false }
            w1 = next
            next = weekOneStart(yearFirst: n.first + n.length)
        }
        let n = (day - w1) / 7 + 1, total = (next - w1) / 7
        return weekNoPos & (1 << UInt64(n)) != 0 || weekNoNeg & (1 << UInt64(total + 1 - n)) != 0
    }

    /// The month index that stands, in a YEARLY frame's month mask, for the
    /// first month of the next year: the month after a leap month that
    /// would follow the year's last month (a Chinese or Dangi `12L` the
    /// year lacks) with SKIP=FORWARD. Month indexes are 0...12.
    static let nextYearFirstMonth = 13

    /// The months of year `y` a YEARLY rule's BYMONTH value `number`/`leap`
    /// gives: the month itself, or, for a leap month the year lacks, the
    /// month before it (SKIP=BACKWARD) or after it (FORWARD); none with
    /// OMIT or for a month number the calendar never has (RFC 7529 3.2).
    /// The month after `12L` (after the last month) is the next year's
    /// first: ``nextYearFirstMonth``. No leap month comes before a year's
    /// first month (`nL` follows `n`), so BACKWARD stays in the year.
    func scaledMonthIndex(_ y: ScaleYear, number: Int, leap: Bool) -> Int? {
        if let i = y.index(ofMonth: number, leap: leap) { return i }
        guard leap, let plain = y.index(ofMonth: number, leap: false) else { return nil }
        switch skip {
        case .omit: return nil
        case .backward: return plain
        case .forward: return plain + 1 < y.monthCount ? plain + 1 : Self.nextYearFirstMonth
        }
    }

    /// The month indexes of `y` a YEARLY frame expands: BYMONTH's, or
    /// DTSTART's month when no day part is given; all months otherwise.
    func scaledYearMonths(_ y: ScaleYear) -> UInt16 {
        var mask: UInt16 = 0
        if hasByMonth {
            var plain = monthMask, leap = leapMonthMask
            while plain != 0 {
                let n = plain.trailingZeroBitCount
                plain &= plain - 1
                if let i = scaledMonthIndex(y, number: n, leap: false) { mask |= 1 << UInt16(i) }
            }
            while leap != 0 {
                let n = leap.trailingZeroBitCount
                leap &= leap - 1
                if let i = scaledMonthIndex(y, number: n, leap: true) { mask |= 1 << UInt16(i) }
            }
        } else if !hasByYearDay && !hasByMonthDay && !hasByDay {
            if let i = scaledMonthIndex(y, number: startScaleMonth, leap: startScaleLeap) { mask |= 1 << UInt16(i) }
        } else {
            mask = (1 << UInt16(y.monthCount)) - 1
        }
        return mask
    }

    /// YEARLY in the rule's calendar: indexes from `y.first - scaleYearLead`.
    func scaledYearDays(_ y: ScaleYear, scale: Scale) -> _DaySet {
        let base = y.first - Self.scaleYearLead
        var set = _DaySet()
        if hasByWeekNo {
            let w1 = weekOneStart(yearFirst: y.first), next = weekOneStart(yearFirst: y.first + y.length)
            let total = (next - w1) / 7
            let limits = present([.month, .monthDay, .yearDay, .weekday])
            let weekdayFromStart = !hasByDay && !hasByMonthDay && !hasByYearDay
            for day in w1..<next {
                let n = (day - w1) / 7 + 1
                guard weekNoPos & (1 << UInt64(n)) != 0 || weekNoNeg & (1 << UInt64(total + 1 - n)) != 0 else { continue }
                if weekdayFromStart && isoWeekday(ofDays: day) != startWeekday.rawValue { continue }
                if scaledPasses(day, limits, in: scale) { set.insert(day - base) }
            }
            return set
        }
        var months = scaledYearMonths(y)
        // A `12L` the year lacks, moved FORWARD, is in the next year's first
        // month: the frame's set reaches into it (a year of at most 385 days
        // and a month of 30 stay within the set's 448 indexes). The day
        // iterator merges them with the next frame's own (`defersSpill`).
        var nextFirst = ScaleMonth()
        let next = Self.nextYearFirstMonth
        if months & (1 << UInt16(next)) != 0 {
            if let n = scale.year(y.number + 1) { nextFirst = n[0] } else { months &= ~(1 << UInt16(next)) }
        }
        func month(_ i: Int) -> ScaleMonth { i == next ? nextFirst : y[i] }
        let monthEnd = months == 0 ? 0 : 16 - months.leadingZeroBitCount
        guard hasByYearDay || hasByMonthDay || hasByDay else {
            // The day of the month from DTSTART in each month (SKIP when too short).
            for i in 0..<monthEnd where months & (1 << UInt16(i)) != 0 {
                insertDay(startScaleDay, of: month(i), into: &set, base: base)
            }
            return set
        }
        if hasByMonthDay && !hasByDay && !hasByYearDay {
            // Month days alone (a birthday, a feast): straight from the masks.
            var left = months
            while left != 0 {
                let i = left.trailingZeroBitCount
                left &= left - 1
                insertMonthDays(of: month(i), into: &set, base: base)
            }
            return set
        }
        var ordinalDays = _DaySet()   // indexes from base
        if hasByDay && !ordinals.isEmpty {
            if hasByMonth {
                for i in 0..<monthEnd where months & (1 << UInt16(i)) != 0 {
                    let m = month(i)
                    insertOrdinals(into: &ordinalDays, first: Int(m.first), length: Int(m.length), base: Int(m.first) - base)
                }
            } else {
                insertOrdinals(into: &ordinalDays, first: y.first, length: y.length, base: y.first - base)
            }
        }
        for i in 0..<monthEnd where months & (1 << UInt16(i)) != 0 {
            let m = month(i), first = Int(m.first), length = Int(m.length)
            var weekday = isoWeekday(ofDays: first)
            for monthDay in 1...length {
                let day = first + monthDay - 1
                defer { weekday = weekday == 7 ? 1 : weekday + 1 }
                // (A day of the next year's first month has no day of this year.)
                if hasByYearDay && (i == next || !yearDayMatches(day - y.first + 1, y.length)) { continue }
                if hasByMonthDay && !monthDayMatches(monthDay, length) { continue }
                if hasByDay && weekdayMask & (1 << UInt8(weekday)) == 0 && !ordinalDays.contains(day - base) { continue }
                set.insert(day - base)
            }
        }
        if hasByYearDay && !hasByMonthDay && !hasByDay && !hasByMonth {
            insertSkippedYearDays(first: y.first, length: y.length, into: &set, base: base)
        }
        return set
    }

    /// MONTHLY in the rule's calendar: month `m`, indexes from its first
    /// day minus one (SKIP=BACKWARD may give the day before it).
    func scaledMonthDays(_ m: ScaleMonth, scale: Scale) -> _DaySet {
        let first = Int(m.first), length = Int(m.length)
        let base = first - 1
        var set = _DaySet()
        if hasByMonth && !monthMatches(m) { return set }
        if !hasByMonthDay && !hasByDay {
            insertDay(startScaleDay, of: m, into: &set, base: base)
        } else if !hasByDay {
            insertMonthDays(of: m, into: &set, base: base)
        } else {
            var ordinalDays = _DaySet()
            if hasByDay && !ordinals.isEmpty { insertOrdinals(into: &ordinalDays, first: first, length: length, base: 1) }
            var weekday = isoWeekday(ofDays: first)
            for monthDay in 1...length {
                defer { weekday = weekday == 7 ? 1 : weekday + 1 }
                if hasByMonthDay && !monthDayMatches(monthDay, length) { continue }
                if hasByDay && weekdayMask & (1 << UInt8(weekday)) == 0 && !ordinalDays.contains(monthDay) { continue }
                set.insert(monthDay)
            }
        }
        let limits = present([.yearDay, .weekNo])
        guard !limits.isEmpty else { return set }
        var out = _DaySet()
        var j = set.next(from: 0)
        while let d = j {
            if scaledPasses(base + d, limits, in: scale) { out.insert(d) }
            j = set.next(from: d + 1)
        }
        return out
    }

    /// BYMONTHDAY's days of month `m`, and where SKIP moves those it lacks.
    func insertMonthDays(of m: ScaleMonth, into set: inout _DaySet, base: Int) {
        let first = Int(m.first) - base, length = Int(m.length)
        var pos = monthDayPos, neg = monthDayNeg
        while pos != 0 {
            let d = pos.trailingZeroBitCount
            pos &= pos - 1
            if d <= length { set.insert(first + d - 1) }
        }
        while neg != 0 {
            let d = neg.trailingZeroBitCount
            neg &= neg - 1
            if d <= length { set.insert(first + length - d) }
        }
        insertSkippedMonthDays(first: Int(m.first), length: length, into: &set, base: base)
    }

    /// Day `day` of month `m`, or where SKIP moves it when the month is too short.
    func insertDay(_ day: Int, of m: ScaleMonth, into set: inout _DaySet, base: Int) {
        let first = Int(m.first), length = Int(m.length)
        if day <= length { set.insert(first + day - 1 - base) } else if let i = skipped(length) { set.insert(first + i - base) }
    }
}
