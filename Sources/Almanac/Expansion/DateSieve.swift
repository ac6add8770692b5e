import AlmanacCore

/// The wall-clock dates a recurrence set's instances can start on, read
/// from its rules without expanding them: a month mask and a day-of-month
/// mask, plus DTSTART's date and the span of the RDATEs'. A necessary
/// condition only: a date it admits may have no instance, a date it
/// refuses has none. A calendar query asks it before it opens a series for
/// a short window, so a yearly birthday costs a few comparisons in the 51
/// weeks it does not fall in, instead of an iterator seeking to the window.
///
/// What each rule admits (RFC 5545 section 3.3.10; Gregorian rules only,
/// an RSCALE rule admits every date):
/// - months: BYMONTH's; else, for a YEARLY rule with no BYWEEKNO, BYYEARDAY,
///   BYMONTHDAY or BYDAY, DTSTART's month (the month is "gathered from the
///   start time"); else every month;
/// - days: BYMONTHDAY's (a negative value counted from the month's end);
///   else, for a YEARLY or MONTHLY rule with no BYWEEKNO, BYYEARDAY or
///   BYDAY, DTSTART's day; else every day;
/// - weekdays: BYDAY's, a value with an ordinal within a month (MONTHLY, or
///   YEARLY with BYMONTH and no BYWEEKNO or BYYEARDAY) only in that place
///   of the month (`2TU`: days 8-14; `-1FR`: the last seven days); else,
///   for a WEEKLY rule with no BYMONTHDAY, BYYEARDAY or BYWEEKNO,
///   DTSTART's weekday; else every weekday. Whether BYDAY expands or limits,
///   every date it leaves has one of its weekdays.
///
/// BYSETPOS, BYHOUR and the other parts only select among those dates; the
/// masks of several rules are joined (a superset of their union). A date
/// is admitted when its month, its day and its weekday are.
struct DateSieve: Sendable {
    /// Bit `m` (1...12): month `m` admitted.
    var months: UInt16 = 0
    /// Bit `d` (1...31): day `d` admitted.
    var days: UInt32 = 0
    /// Bit `k` (1...31): the `k`-th last day of a month admitted.
    var lastDays: UInt32 = 0
    /// Bit `w` (1...7, ISO): weekday `w` admitted wherever it falls in its month.
    var weekdays: UInt8 = 0
    /// Bit `8 * (w - 1) + n` (`n` 1...5): the `n`-th weekday `w` of a month admitted.
    var nthWeekdays: UInt64 = 0
    /// The same for the `n`-th last.
    var nthLastWeekdays: UInt64 = 0
    /// DTSTART's date (day number), admitted whatever the masks say.
    var start: Int
    /// The first and last RDATE dates (day numbers): every date between
    /// them is admitted (a set's RDATEs are few; this allocates nothing).
    var dates: ClosedRange<Int>?
    /// Every date admitted (an RSCALE rule).
    var everything = false
    /// Whether the set's keys are wall clocks placed in a viewer's zone
    /// (a DATE or floating start); else the zone of its zoned start (`nil`: UTC).
    let wallKeys: Bool
    let zone: ZoneTable?

    static let allMonths: UInt16 = 0b1_1111_1111_1110
    static let allDays: UInt32 = 0xFFFF_FFFE

    /// The sieve of `set` whose expanded RRULEs are `rules`
    /// (`RecurrenceSet.Occurrences.expandedRules(of:)`).
    init(_ set: RecurrenceSet, rules: [RecurrenceRule]) {
        wallKeys = set.start.kind == .date || set.start.kind == .floating
        zone = set.start.kind == .zoned ? set.start.zone?.table : nil
        let start = set.start.civil.date
        self.start = start.daysSinceEpoch
        for d in set.dates {
            let n = d.civil.date.daysSinceEpoch
            dates = dates.map { min($0.lowerBound, n)...max($0.upperBound, n) } ?? n...n
        }
        for r in rules {
            if r.rscale != nil || (r.skip ?? .omit) != .omit {
                everything = true
                return
            }
            let dayParts = !r.byWeekNo.isEmpty || !r.byYearDay.isEmpty || !r.byDay.isEmpty
            if !r.byMonth.isEmpty {
                for m in r.byMonth where (1...12).contains(m.number) { months |= 1 << m.number }
            } else if r.frequency == .yearly && !dayParts && r.byMonthDay.isEmpty {
                months |= 1 << start.month
            } else {
                months = Self.allMonths
            }
            if !r.byMonthDay.isEmpty {
                for d in r.byMonthDay {
                    if (1...31).contains(d) { days |= 1 << d } else if (-31 ... -1).contains(d) { lastDays |= 1 << -d }
                }
            } else if (r.frequency == .yearly || r.frequency == .monthly) && !dayParts {
                days |= 1 << start.day
            } else {
                days = Self.allDays
            }
            admitWeekdays(of: r, start: start)
        }
    }

    /// Adds the weekdays (and their places in the month) that `r` can produce.
    private mutating func admitWeekdays(of r: RecurrenceRule, start: CivilDate) {
        guard !r.byDay.isEmpty else {
            let weekly = r.frequency == .weekly && r.byMonthDay.isEmpty && r.byYearDay.isEmpty && r.byWeekNo.isEmpty
            weekdays |= weekly ? 1 << start.weekday.rawValue : Self.allWeekdays
            return
        }
        // RFC 5545 section 3.3.10: an ordinal counts within the month in a
        // MONTHLY rule and in a YEARLY one with BYMONTH (README, RFC choice
        // 9); elsewhere it is read here as any such weekday.
        let inMonth = r.frequency == .monthly
            || (r.frequency == .yearly && !r.byMonth.isEmpty && r.byWeekNo.isEmpty && r.byYearDay.isEmpty)
        for d in r.byDay {
            let shift = 8 * (d.weekday.rawValue - 1)
            switch d.ordinal {
            case let n? where inMonth && (1...5).contains(n): nthWeekdays |= 1 << (shift + n)
            case let n? where inMonth && (-5 ... -1).contains(n): nthLastWeekdays |= 1 << (shift - n)
            default: weekdays |= 1 << d.weekday.rawValue
            }
        }
    }

    static let allWeekdays: UInt8 = 0b1111_1110

    /// Whether day `d` of a month of `length` days, a weekday `w`, is admitted.
    @inline(__always)
    private func admitsWeekday(_ w: Int, day d: Int, length: Int) -> Bool {
        // Masking shifts (`&<<`): every amount here is below the width.
        if weekdays & (1 &<< w) != 0 { return true }
        let shift = 8 &* (w &- 1)
        return nthWeekdays & (1 &<< (shift &+ (d &- 1) / 7 &+ 1)) != 0
            || nthLastWeekdays & (1 &<< (shift &+ (length &- d) / 7 &+ 1)) != 0
    }

    /// Whether an instance can start on a wall-clock date from day number
    /// `a` through `b` (days since 1970-01-01).
    func admitsSome(fromDay a: Int, throughDay b: Int) -> Bool {
        if everything { return true }
        if b < a { return false }
        if (a...b).contains(start) { return true }
        if let dates, dates.overlaps(a...b) { return true }
        if months == 0 || (days == 0 && lastDays == 0) || (weekdays == 0 && nthWeekdays == 0 && nthLastWeekdays == 0) { return false }
        if b - a > 62 { return true }
        guard nthWeekdays == 0 && nthLastWeekdays == 0 else { return admitsSomeDayByDay(fromDay: a, throughDay: b) }
        guard let first = CivilDate(daysSinceEpoch: a) else { return true }
        // A month at a time: the admitted days of the month, as a mask, meet
        // the window's days and the days with an admitted weekday.
        var (y, m, d, day) = (first.year, first.month, first.day, a)
        while day <= b {
            let length = _daysInMonth(y, m)
            let last = min(length, d + (b - day))
            if months & (1 &<< m) != 0 && monthDays(length) & (UInt32.max >> (31 - last)) & ~((1 << d) - 1)
                & weekdayDays(from: d, weekday: isoWeekday(ofDays: day)) != 0 { return true }
            day += last - d + 1
            (d, m) = (1, m + 1)
            if m > 12 { (y, m) = (y + 1, 1) }
        }
        return false
    }

    /// Bit `d`: day `d` of a month of `length` days admitted by BYMONTHDAY's masks.
    @inline(__always)
    private func monthDays(_ length: Int) -> UInt32 {
        var mask = days, k = lastDays
        while k != 0 {
            let j = k.trailingZeroBitCount
            k &= k - 1
            if j <= length { mask |= 1 << (length - j + 1) }
        }
        return mask
    }

    /// Bits 0, 7, 14, 21 and 28.
    private static let everySeventh: UInt32 = 0x1020_4081

    /// Bit `e` (`e >= d`): day `e` of the month falls on an admitted
    /// weekday, day `d` being weekday `w` (ISO). No ordinal weekdays.
    @inline(__always)
    private func weekdayDays(from d: Int, weekday w: Int) -> UInt32 {
        if weekdays == Self.allWeekdays { return .max }
        var mask: UInt32 = 0
        for v in 1...7 where weekdays & (1 &<< v) != 0 { mask |= Self.everySeventh << (d + (v - w + 7) % 7) }
        return mask
    }

    /// ``admitsSome(fromDay:throughDay:)`` a day at a time, for ordinal
    /// weekdays (`2TU`), whose place in the month the masks do not hold.
    func admitsSomeDayByDay(fromDay a: Int, throughDay b: Int) -> Bool {
        guard let first = CivilDate(daysSinceEpoch: a) else { return true }
        var (y, m, d) = (first.year, first.month, first.day)
        var length = _daysInMonth(y, m)
        let anyWeekday = weekdays == Self.allWeekdays
        var w = anyWeekday ? 1 : isoWeekday(ofDays: a)
        for _ in 0 ..< b - a + 1 {
            if months & (1 &<< m) != 0 && (days & (1 &<< d) != 0 || lastDays & (1 &<< (length &- d &+ 1)) != 0)
                && (anyWeekday || admitsWeekday(w, day: d, length: length)) { return true }
            w = w == 7 ? 1 : w + 1
            d += 1
            if d > length {
                d = 1
                m += 1
                if m > 12 { (y, m) = (y + 1, 1) }
                length = _daysInMonth(y, m)
            }
        }
        return false
    }
}

extension RecurrenceSet.Occurrences {
    /// Whether an instance can start in `window`: `false` only when the
    /// set's rules and dates admit no date the window touches (see
    /// ``DateSieve``), so a caller that queries many sets over a short
    /// window skips the ones that cannot answer without starting them.
    ///
    /// An instants window is read as the wall-clock dates of the series'
    /// keys: exactly, when the offset of their zone (the series' for a
    /// zoned series, the viewer's for a floating or all-day one placed in
    /// it) holds from a day before the window to its end, for a time in a
    /// DST gap moves by the gap (RFC 5545 section 3.3.5), never a day; else
    /// the UTC dates a day wider each way.
    package func mayStart(in window: RecurrenceSet.Window) -> Bool {
        if sieve.everything { return true }
        let range: Range<Int64>, shift: Int64, widen: Int
        switch window.bounds {
        case .instants(let r, let viewer):
            range = r
            if let table = sieve.wallKeys ? viewer?.table : sieve.zone {
                if !r.isEmpty, r.lowerBound > Int64.min + 86_400,
                   let o = table.constantOffset(from: r.lowerBound - 86_400, through: r.upperBound - 1) {
                    (shift, widen) = (Int64(o), 0)
                } else {
                    (shift, widen) = (0, 1)
                }
            } else {
                (shift, widen) = (0, 0)    // UTC keys (or wall keys read as UTC, with no viewer)
            }
        case .wallClock(let r): (range, shift, widen) = (r, 0, 0)
        }
        if range.isEmpty { return false }
        let lo = floorDiv(Int(range.lowerBound &+ shift), 86_400) - widen
        let hi = floorDiv(Int(range.upperBound - 1 &+ shift), 86_400) + widen
        return sieve.admitsSome(fromDay: lo, throughDay: hi)
    }
}
