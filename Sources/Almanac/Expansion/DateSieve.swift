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
///   BYDAY, DTSTART's day; else every day.
///
/// BYSETPOS, BYHOUR and the other parts only select among those dates; the
/// masks of several rules are joined (a superset of their union).
struct _DateSieve: Sendable, Hashable {
    /// Bit `m` (1...12): month `m` admitted.
    var months: UInt16 = 0
    /// Bit `d` (1...31): day `d` admitted.
    var days: UInt32 = 0
    /// Bit `k` (1...31): the `k`-th last day of a month admitted.
    var lastDays: UInt32 = 0
    /// DTSTART's date (day number), admitted whatever the masks say.
    var start: Int
    /// The first and last RDATE dates (day numbers): every date between
    /// them is admitted (a set's RDATEs are few; this allocates nothing).
    var dates: ClosedRange<Int>?
    /// Every date admitted (an RSCALE rule).
    var everything = false

    static let allMonths: UInt16 = 0b1_1111_1111_1110
    static let allDays: UInt32 = 0xFFFF_FFFE

    init(_ set: RecurrenceSet) {
        let start = set.start.civil.date
        self.start = start.daysSinceEpoch
        for d in set.dates {
            let n = d.civil.date.daysSinceEpoch
            dates = dates.map { min($0.lowerBound, n)...max($0.upperBound, n) } ?? n...n
        }
        for r in set.rules {
            if r.rscale != nil {
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
        }
    }

    /// Whether an instance can start on a wall-clock date from `first` through `last`.
    func admitsSome(from first: CivilDate, through last: CivilDate) -> Bool {
        if everything { return true }
        let (a, b) = (first.daysSinceEpoch, last.daysSinceEpoch)
        if b < a { return false }
        if (a...b).contains(start) { return true }
        if let dates, dates.overlaps(a...b) { return true }
        if months == 0 || (days == 0 && lastDays == 0) { return false }
        if b - a > 62 { return true }
        var (y, m, d) = (first.year, first.month, first.day)
        var length = _daysInMonth(y, m)
        for _ in a...b {
            if months & (1 << m) != 0 && (days & (1 << d) != 0 || lastDays & (1 << (length - d + 1)) != 0) { return true }
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
    /// ``_DateSieve``), so a caller that queries many sets over a short
    /// window skips the ones that cannot answer without starting them.
    package func mayStart(in window: RecurrenceSet.Window) -> Bool {
        if sieve.everything { return true }
        let (range, widen): (Range<Int64>, Int) = switch window.bounds {
        case .instants(let r, _): (r, 1)    // a wall date is at most a day from the UTC date
        case .wallClock(let r): (r, 0)
        }
        if range.isEmpty { return false }
        let lo = _floorDiv(Int(range.lowerBound), 86_400) - widen, hi = _floorDiv(Int(range.upperBound - 1), 86_400) + widen
        guard let first = CivilDate(daysSinceEpoch: lo), let last = CivilDate(daysSinceEpoch: hi) else { return true }
        return sieve.admitsSome(from: first, through: last)
    }
}
