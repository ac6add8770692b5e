import AlmanacCore

// The candidate days of one frame, as a `_DaySet` relative to the frame's
// first day, following RFC 5545 section 3.3.10's expand / limit table. These
// run once per frame (and YEARLY and MONTHLY results are cached by the shape
// of the year or month), never per occurrence.

extension DayParts {
    /// Whether a day passes a BYxxx part used as a limit.
    struct Limits: OptionSet {
        let rawValue: UInt8
        static let month = Limits(rawValue: 1)
        static let monthDay = Limits(rawValue: 2)
        static let weekday = Limits(rawValue: 4)
        static let yearDay = Limits(rawValue: 8)
        static let weekNo = Limits(rawValue: 16)
    }

    /// The limit parts this rule has, among `candidates`.
    func present(_ candidates: Limits) -> Limits {
        var r: Limits = []
        if hasByMonth { r.insert(.month) }
        if hasByMonthDay { r.insert(.monthDay) }
        if hasByDay { r.insert(.weekday) }
        if hasByYearDay { r.insert(.yearDay) }
        if hasByWeekNo { r.insert(.weekNo) }
        return r.intersection(candidates)
    }

    /// Checks day number `day` against the given limit parts. BYDAY as a limit
    /// ignores ordinals (RFC 5545 allows them only with MONTHLY and YEARLY).
    func passes(_ day: Int, _ limits: Limits) -> Bool {
        if limits.isEmpty { return true }
        if let scale { return scaledPasses(day, limits, in: scale) }
        let c = civilFromDays(day)
        if limits.contains(.month), monthMask & (1 << UInt16(c.month)) == 0 { return false }
        if limits.contains(.monthDay), !monthDayMatches(c.day, _daysInMonth(c.year, c.month)) { return false }
        if limits.contains(.weekday) {
            let w = isoWeekday(ofDays: day)
            let ordinalDays = ordinals.contains { $0.weekday == w }
            if weekdayMask & (1 << UInt8(w)) == 0 && !ordinalDays { return false }
        }
        if limits.contains(.yearDay) {
            let yd = day - daysFromCivil(c.year, 1, 1) + 1
            if !yearDayMatches(yd, _isLeapYear(c.year) ? 366 : 365) { return false }
        }
        if limits.contains(.weekNo), !weekNoMatches(day, year: c.year) { return false }
        return true
    }

    @inline(__always)
    func monthDayMatches(_ d: Int, _ length: Int) -> Bool {
        monthDayPos & (1 << UInt32(d)) != 0 || monthDayNeg & (1 << UInt32(length + 1 - d)) != 0
    }

    @inline(__always)
    func yearDayMatches(_ yd: Int, _ length: Int) -> Bool {
        yearDayPos.contains(yd - 1) || yearDayNeg.contains(length - yd)
    }

    /// BYWEEKNO (RFC 5545 section 3.3.10): week 1 is the first week starting on
    /// WKST with at least four days in the year. A day matches `n` when it
    /// lies in week `n` of the week-numbering year it belongs to, and `-n`
    /// counting from that year's last week. Only days inside the expanded
    /// year are produced (README, "RFC choices").
    func weekNoMatches(_ day: Int, year: Int) -> Bool {
        var y = year
        var w1 = _weekOneStart(year: y, weekStart: weekStart)
        if day < w1 {
            y -= 1
            w1 = _weekOneStart(year: y, weekStart: weekStart)
        } else {
            let next = _weekOneStart(year: y + 1, weekStart: weekStart)
            if day >= next { y += 1; w1 = next }
        }
        let n = (day - w1) / 7 + 1
        let total = _weeksInYear(y, weekStart: weekStart)
        return weekNoPos & (1 << UInt64(n)) != 0 || weekNoNeg & (1 << UInt64(total + 1 - n)) != 0
    }

    /// BYDAY with ordinals inside the span `[first, first + length)`: the
    /// `n`th given weekday from the start (or from the end when negative).
    func insertOrdinals(into set: inout _DaySet, first: Int, length: Int, base: Int) {
        let wd1 = isoWeekday(ofDays: first)
        for (n, w) in ordinals {
            let f = (w - wd1 + 7) % 7                 // index of the first such weekday
            let count = (length - 1 - f) / 7 + 1
            let i: Int
            if n > 0 { guard n <= count else { continue }; i = f + 7 * (n - 1) }
            else { guard -n <= count else { continue }; i = f + 7 * (count + n) }
            set.insert(base + i)
        }
    }

    /// The day a default or BYMONTHDAY expansion asks for when the month is
    /// too short (RFC 7529 SKIP): `nil` to omit, else an index from the 1st.
    @inline(__always)
    func skipped(_ length: Int) -> Int? {
        switch skip {
        case .omit: nil
        case .backward: length - 1
        case .forward: length
        }
    }

    /// BYMONTHDAY values a month of `length` days lacks, moved by SKIP (RFC
    /// 7529 section 3.2): a day past its end to its last day (BACKWARD) or
    /// to the next month's first (FORWARD); a day before its start (-31 in
    /// a 30-day month) to its first day (FORWARD) or to the last day of the
    /// month before (BACKWARD). Indexes from `base`.
    func insertSkippedMonthDays(first: Int, length: Int, into set: inout _DaySet, base: Int) {
        guard skip != .omit, length < 31 else { return }
        if monthDayPos >> UInt32(length + 1) != 0 { set.insert(first + (skip == .backward ? length - 1 : length) - base) }
        if monthDayNeg >> UInt32(length + 1) != 0 { set.insert(first + (skip == .forward ? 0 : -1) - base) }
    }

    /// BYYEARDAY values a year of `length` days lacks, moved by SKIP as
    /// month days are: 366 in a common year to 31 December (BACKWARD) or to
    /// 1 January of the next year (FORWARD); -366 to 1 January (FORWARD) or
    /// to 31 December of the year before (BACKWARD). Indexes from `base`.
    func insertSkippedYearDays(first: Int, length: Int, into set: inout _DaySet, base: Int) {
        guard skip != .omit else { return }
        if yearDayPos.next(from: length) != nil { set.insert(first + (skip == .backward ? length - 1 : length) - base) }
        if yearDayNeg.next(from: length) != nil { set.insert(first + (skip == .forward ? 0 : -1) - base) }
    }

    // MARK: YEARLY

    /// Cache slot of a year's shape: leap, weekday of 1 January, and (for
    /// BYWEEKNO, whose early-January days may belong to the previous year's
    /// last week) whether the previous year was leap.
    func yearShape(_ year: Int) -> Int {
        let wd = isoWeekday(ofDays: daysFromCivil(year, 1, 1)) - 1
        let leap = _isLeapYear(year) ? 7 : 0
        let prev = hasByWeekNo && _isLeapYear(year - 1) ? 14 : 0
        let next = hasByWeekNo && hasByYearDay && _isLeapYear(year + 1) ? 28 : 0
        return wd + leap + prev + next
    }

    /// Days a YEARLY frame with BYWEEKNO reaches before 1 January: week 1
    /// of a year may start as early as 29 December, and its last week may
    /// end as late as 3 January of the next year.
    static let weekYearSpill = 3

    /// YEARLY with BYWEEKNO: the days of the year's own weeks (RFC 5545
    /// section 3.3.10, "weeks of the year"; week 1 is the first week with at
    /// least four days in the calendar year), which may spill up to three
    /// days into the neighbouring calendar years. Bit 0 is 29 December of the
    /// year before. The other parts limit the days by their own fields; with
    /// no BYDAY, BYMONTHDAY or BYYEARDAY the weekday comes from DTSTART.
    func weekYearDays(_ year: Int) -> _DaySet {
        let first = daysFromCivil(year, 1, 1) - Self.weekYearSpill
        let weekOne = _weekOneStart(year: year, weekStart: weekStart)
        let total = _weeksInYear(year, weekStart: weekStart)
        let limits = present([.month, .monthDay, .yearDay, .weekday])
        let weekdayFromStart = !hasByDay && !hasByMonthDay && !hasByYearDay
        var set = _DaySet()
        for day in weekOne..<(weekOne + 7 * total) {
            let n = (day - weekOne) / 7 + 1
            guard weekNoPos & (1 << UInt64(n)) != 0 || weekNoNeg & (1 << UInt64(total + 1 - n)) != 0 else { continue }
            if weekdayFromStart && isoWeekday(ofDays: day) != startWeekday.rawValue { continue }
            if passes(day, limits) { set.insert(day - first) }
        }
        return set
    }

    /// YEARLY: the candidate days, indexes from 1 January minus ``yearLead``.
    func yearDays(_ year: Int) -> _DaySet {
        if hasByWeekNo { return weekYearDays(year) }
        let lead = yearLead
        let jan1 = daysFromCivil(year, 1, 1)
        let length = _isLeapYear(year) ? 366 : 365
        var set = _DaySet()
        guard hasByYearDay || hasByMonthDay || hasByDay else {
            // Day and month from DTSTART (RFC 5545 section 3.3.10: information
            // not in the rule comes from DTSTART), in each BYMONTH month.
            for m in 1...12 where hasByMonth ? monthMask & (1 << UInt16(m)) != 0 : m == startMonth {
                let first = daysFromCivil(year, m, 1) - jan1 + lead
                let length = _daysInMonth(year, m)
                if startMonthDay <= length { set.insert(first + startMonthDay - 1) }
                else if let i = skipped(length) { set.insert(first + i) }
            }
            return set
        }
        // Ordinal BYDAY counts within each BYMONTH month, else within the year.
        var ordinalDays = _DaySet()
        if hasByDay && !ordinals.isEmpty {
            if hasByMonth {
                for m in 1...12 where monthMask & (1 << UInt16(m)) != 0 {
                    let first = daysFromCivil(year, m, 1)
                    insertOrdinals(into: &ordinalDays, first: first, length: _daysInMonth(year, m), base: first - jan1 + lead)
                }
            } else {
                insertOrdinals(into: &ordinalDays, first: jan1, length: length, base: lead)
            }
        }
        // Only the BYMONTH months are walked (W9, February alone: 28 days, not 365).
        for month in 1...12 where !hasByMonth || monthMask & (1 << UInt16(month)) != 0 {
            let first = daysFromCivil(year, month, 1) - jan1, monthLength = _daysInMonth(year, month)
            var weekday = isoWeekday(ofDays: jan1 + first)
            for monthDay in 1...monthLength {
                let i = first + monthDay - 1
                defer { weekday = weekday == 7 ? 1 : weekday + 1 }
                if hasByYearDay && !yearDayMatches(i + 1, length) { continue }
                if hasByMonthDay && !monthDayMatches(monthDay, monthLength) { continue }
                if hasByDay && weekdayMask & (1 << UInt8(weekday)) == 0 && !ordinalDays.contains(i + lead) { continue }
                set.insert(i + lead)
            }
            if hasByMonthDay && !hasByDay && !hasByYearDay {
                insertSkippedMonthDays(first: jan1 + first, length: monthLength, into: &set, base: jan1 - lead)
            }
        }
        if hasByYearDay && !hasByMonthDay && !hasByDay && !hasByMonth {
            insertSkippedYearDays(first: jan1, length: length, into: &set, base: jan1 - lead)
        }
        return set
    }

    // MARK: MONTHLY

    /// Whether a month's days depend only on its length and first weekday
    /// (and so can be cached): not when BYYEARDAY or BYWEEKNO limit them.
    var monthDaysCacheable: Bool { !hasByYearDay && !hasByWeekNo }

    /// MONTHLY: the candidate days, indexes from the 1st minus ``monthLead``.
    func monthDays(_ year: Int, _ month: Int) -> _DaySet {
        let lead = monthLead
        let first = daysFromCivil(year, month, 1)
        let length = _daysInMonth(year, month)
        var set = _DaySet()
        guard hasByMonthDay || hasByDay else {
            if startMonthDay <= length { set.insert(startMonthDay - 1 + lead) }
            else if let i = skipped(length) { set.insert(i + lead) }
            return set.filtered(first: first - lead, by: self, present([.yearDay, .weekNo]))
        }
        let limits = present([.yearDay, .weekNo])
        if !hasByDay {
            // BYMONTHDAY alone: its masks, read for this month's length.
            let inMonth = UInt32.max >> UInt32(31 - length)
            var pos = monthDayPos & inMonth, neg = monthDayNeg & inMonth
            while pos != 0 {
                let d = pos.trailingZeroBitCount
                pos &= pos - 1
                set.insert(d - 1 + lead)
            }
            while neg != 0 {
                let k = neg.trailingZeroBitCount
                neg &= neg - 1
                set.insert(length - k + lead)
            }
            insertSkippedMonthDays(first: first, length: length, into: &set, base: first - lead)
            return set.filtered(first: first - lead, by: self, limits)
        }
        var ordinalDays = _DaySet()
        if !ordinals.isEmpty { insertOrdinals(into: &ordinalDays, first: first, length: length, base: lead) }
        if !hasByMonthDay {
            // BYDAY alone: its ordinal days and every day of its plain weekdays.
            let wd1 = isoWeekday(ofDays: first)
            var mask = weekdayMask
            while mask != 0 {
                let w = mask.trailingZeroBitCount
                mask &= mask - 1
                for i in stride(from: (w - wd1 + 7) % 7, to: length, by: 7) { ordinalDays.insert(i + lead) }
            }
            return ordinalDays.filtered(first: first - lead, by: self, limits)
        }
        var weekday = isoWeekday(ofDays: first)
        for i in 0..<length {
            defer { weekday = weekday == 7 ? 1 : weekday + 1 }
            // Both BYMONTHDAY and BYDAY: a day must pass both.
            if !monthDayMatches(i + 1, length) { continue }
            if weekdayMask & (1 << UInt8(weekday)) == 0 && !ordinalDays.contains(i + lead) { continue }
            set.insert(i + lead)
        }
        return set.filtered(first: first - lead, by: self, limits)
    }

    // MARK: WEEKLY and DAILY

    func weekDays(_ weekFirst: Int) -> _DaySet {
        var set = _DaySet()
        let limits = present([.month, .monthDay, .yearDay, .weekNo])
        let wd0 = isoWeekday(ofDays: weekFirst)
        for i in 0..<7 {
            let w = (wd0 - 1 + i) % 7 + 1
            let wanted = hasByDay ? (weekdayMask & (1 << UInt8(w)) != 0 || ordinals.contains { $0.weekday == w }) : w == startWeekday.rawValue
            if wanted && passes(weekFirst + i, limits) { set.insert(i) }
        }
        return set
    }
}

extension _DaySet {
    /// Keeps the members whose day (`first + index`) passes `limits`.
    func filtered(first: Int, by parts: DayParts, _ limits: DayParts.Limits) -> _DaySet {
        guard !limits.isEmpty else { return self }
        var out = _DaySet()
        var i = next(from: 0)
        while let j = i {
            if parts.passes(first + j, limits) { out.insert(j) }
            i = next(from: j + 1)
        }
        return out
    }
}
