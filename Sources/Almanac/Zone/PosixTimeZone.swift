import AlmanacCore

/// A POSIX TZ string, as the footer of a TZif file holds it (RFC 8536
/// section 3.3, POSIX.1-2017 section 8.3, with RFC 8536's extensions:
/// rule times from -167 to 167 hours). Not API.
///
/// ```
/// EST5EDT,M3.2.0,M11.1.0          New York: -05:00, DST -04:00 from the 2nd Sunday of March 02:00
/// <+05>-5                         Almaty since 2024: +05:00 all year
/// IST-1GMT0,M10.5.0,M3.5.0/1      Dublin: "standard" +01:00 in summer, negative DST in winter
/// <-02>2<-01>,M3.5.0/-1,M10.5.0/0 Nuuk since 2024: rule times before midnight
/// ```
///
/// POSIX offsets count hours west of Greenwich; here every offset is
/// seconds east of UTC, as everywhere else in Almanac.
struct PosixTimeZone: Equatable {
    /// A rule date: `Jn` (1...365, 29 February never counted), `n` (0...365,
    /// counting it) or `Mm.w.d` (day `d` of week `w` of month `m`, Sunday 0,
    /// week 5 the last).
    enum RuleDate: Equatable {
        case julian(Int)
        case zeroBased(Int)
        case monthWeekDay(month: Int, week: Int, weekday: Int)
    }

    /// A rule date and the local time of day (seconds, possibly negative
    /// or past 24 h) at which the change happens.
    struct Rule: Equatable {
        var date: RuleDate
        var time: Int
    }

    /// The standard offset.
    var standard: Int32
    /// The DST offset and the rules that start and end it, when there is DST.
    var daylight: (offset: Int32, start: Rule, end: Rule)?

    static func == (a: Self, b: Self) -> Bool {
        a.standard == b.standard && a.daylight?.offset == b.daylight?.offset
            && a.daylight?.start == b.daylight?.start && a.daylight?.end == b.daylight?.end
    }

    /// The offset changes of years `first...last`, in increasing order of
    /// instant, each the offset in force from that instant. A start is read on the standard clock and
    /// an end on the DST clock (POSIX). Two changes at one instant (DST all
    /// year, written as `0/0,J365/25`) keep the later, and a change to the
    /// offset already in force is left out.
    func changes(years first: Int, through last: Int) -> [(instant: Int64, offset: Int32)] {
        guard let dst = daylight, first <= last else { return [] }
        var out: [(instant: Int64, offset: Int32)] = []
        out.reserveCapacity((last - first + 1) * 2)
        for year in first...last {
            let start = dst.start.instant(year: year, clock: standard), end = dst.end.instant(year: year, clock: dst.offset)
            let pair = start < end ? [(start, dst.offset), (end, standard)] : [(end, standard), (start, dst.offset)]
            for (instant, offset) in pair {
                if let previous = out.last, previous.instant >= instant {
                    // Same instant (or a rule that runs into the next year's): the later change wins.
                    out.removeLast()
                }
                // A change to the offset already in force is none.
                if out.last.map({ $0.offset != offset }) ?? true { out.append((out.last.map { max($0.instant + 1, instant) } ?? instant, offset)) }
            }
        }
        return out
    }
}

extension PosixTimeZone.Rule {
    /// The UTC instant of this rule in `year`, its time read on a clock at `clock`.
    func instant(year: Int, clock: Int32) -> Int64 {
        Int64(date.dayNumber(year: year)) * 86_400 + Int64(time) - Int64(clock)
    }
}

extension PosixTimeZone.RuleDate {
    /// Days from 1970-01-01 of this date in `year`.
    func dayNumber(year: Int) -> Int {
        let jan1 = daysFromCivil(year, 1, 1)
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        switch self {
        case .julian(let n):
            return jan1 + n - 1 + (leap && n >= 60 ? 1 : 0)
        case .zeroBased(let n):
            return jan1 + n
        case .monthWeekDay(let month, let week, let weekday):
            let first = daysFromCivil(year, month, 1)
            let firstWeekday = ((first + 4) % 7 + 7) % 7          // 1970-01-01 was a Thursday; Sunday is 0
            var day = first + (weekday - firstWeekday + 7) % 7 + (week - 1) * 7
            let next = month == 12 ? daysFromCivil(year + 1, 1, 1) : daysFromCivil(year, month + 1, 1)
            while day >= next { day -= 7 }                         // week 5: the last such day of the month
            return day
        }
    }
}
