import Almanac

// An independent reading of RFC 5545 section 3.3.10 for the property tests.
//
// Nothing here calls the expander or the civil kernels it uses (AlmanacCore's
// `daysFromCivil`, `isoWeekday`, `CivilDate.weekday`, ...): the civil
// arithmetic below is written again from the Gregorian rules with plain loops,
// so a shared mistake cannot hide. What it takes from the library is data
// only: the fields of a rule, of an occurrence and of a civil value, and a
// zone's offsets (`Zone.offset(at:)`, `Zone.resolve(_:)`), which are the tz
// data rather than recurrence logic.

/// Proleptic Gregorian arithmetic on day numbers counted from 0001-01-01
/// (day 0, a Monday), by the simplest means: month lengths from a table,
/// loops over months.
enum OracleCivil {
    static func isLeap(_ y: Int) -> Bool { (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 }

    static func monthLength(_ y: Int, _ m: Int) -> Int {
        let lengths = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return m == 2 && isLeap(y) ? 29 : lengths[m - 1]
    }

    static func yearLength(_ y: Int) -> Int { isLeap(y) ? 366 : 365 }

    /// Days from 0001-01-01 to `y`-01-01: 365 a year plus one per leap year before it.
    static func daysBefore(year y: Int) -> Int {
        let p = y - 1
        return 365 * p + p / 4 - p / 100 + p / 400
    }

    /// The day number of a date.
    static func day(_ y: Int, _ m: Int, _ d: Int) -> Int {
        var n = daysBefore(year: y)
        var month = 1
        while month < m { n += monthLength(y, month); month += 1 }
        return n + d - 1
    }

    /// The date of a day number (0 ... day(9999, 12, 31)).
    static func date(_ n: Int) -> (year: Int, month: Int, day: Int) {
        var y = max(1, n / 366)
        while daysBefore(year: y + 1) <= n { y += 1 }
        while daysBefore(year: y) > n { y -= 1 }
        var rest = n - daysBefore(year: y)
        var m = 1
        while rest >= monthLength(y, m) { rest -= monthLength(y, m); m += 1 }
        return (y, m, rest + 1)
    }

    /// 1 = Monday ... 7 = Sunday, as `Weekday.rawValue` (0001-01-01 was a Monday).
    static func weekday(_ n: Int) -> Int { ((n % 7) + 7) % 7 + 1 }

    /// Day number of 1970-01-01, the epoch of `Timestamp`.
    static let epoch = day(1970, 1, 1)

    /// The wall clock of `seconds` (seconds since 1970-01-01T00:00:00 read as UTC).
    static func wall(_ seconds: Int64) -> Wall {
        var days = seconds / 86_400, sod = seconds % 86_400
        if sod < 0 { sod += 86_400; days -= 1 }
        let n = Int(days) + epoch
        let (y, m, d) = date(n)
        let s = Int(sod)
        return Wall(year: y, month: m, day: d, hour: s / 3600, minute: s / 60 % 60, second: s % 60, dayNumber: n)
    }

    static func wall(_ c: CivilDateTime) -> Wall {
        Wall(year: c.date.year, month: c.date.month, day: c.date.day, hour: c.time.hour, minute: c.time.minute,
             second: c.time.second, dayNumber: day(c.date.year, c.date.month, c.date.day))
    }

    /// Seconds since 1970-01-01T00:00:00 of a wall clock read as UTC.
    static func seconds(_ w: Wall) -> Int64 {
        Int64(w.dayNumber - epoch) * 86_400 + Int64(w.hour * 3600 + w.minute * 60 + w.second)
    }

    /// The first day of week 1 of `year` with weeks starting on `weekStart`
    /// (1...7): RFC 5545 section 3.3.10, "week number one of the calendar year
    /// is the first week that contains at least four (4) days in that calendar
    /// year", so it starts between 3 days before and 3 days after 1 January.
    static func weekOneStart(_ year: Int, _ weekStart: Int) -> Int {
        let jan1 = day(year, 1, 1)
        var d = jan1 - 3
        while weekday(d) != weekStart { d += 1 }
        return d
    }

    /// Week number of a day in the week-numbering year it belongs to, that
    /// year's number of weeks, and the year.
    static func week(of n: Int, weekStart: Int) -> (number: Int, weeks: Int, year: Int) {
        var y = date(n).year
        if n < weekOneStart(y, weekStart) { y -= 1 } else if n >= weekOneStart(y + 1, weekStart) { y += 1 }
        let first = weekOneStart(y, weekStart)
        return ((n - first) / 7 + 1, (weekOneStart(y + 1, weekStart) - first) / 7, y)
    }
}

/// Problem messages, built only when they are wanted.
struct Problems {
    var list: [String] = []
    let explain: Bool

    static func += (a: inout Problems, b: @autoclosure () -> String) { a.list.append(a.explain ? b() : "") }
}

/// A wall-clock reading with its day number.
struct Wall: Comparable, CustomStringConvertible {
    var year, month, day, hour, minute, second: Int
    var dayNumber: Int

    var secondOfDay: Int { hour * 3600 + minute * 60 + second }
    var dayOfYear: Int { dayNumber - OracleCivil.day(year, 1, 1) + 1 }
    var weekday: Int { OracleCivil.weekday(dayNumber) }

    static func < (a: Wall, b: Wall) -> Bool { (a.dayNumber, a.secondOfDay) < (b.dayNumber, b.secondOfDay) }

    var description: String {
        func p(_ v: Int, _ w: Int) -> String { String(repeating: "0", count: max(0, w - String(v).count)) + String(v) }
        return "\(p(year, 4))-\(p(month, 2))-\(p(day, 2))T\(p(hour, 2)):\(p(minute, 2)):\(p(second, 2))"
    }
}

/// Whether an occurrence can be an instance of a rule from a DTSTART, by
/// RFC 5545 section 3.3.10 and DESIGN.md's decisions, looking at that
/// occurrence alone.
///
/// Decidable per occurrence, and checked:
/// - it is not before DTSTART, and its frame is a multiple of INTERVAL
///   frames after DTSTART's (calendar frames for DAILY and coarser; elapsed
///   steps from DTSTART truncated to its hour or minute for sub-daily rules,
///   DESIGN.md "Decisions");
/// - every BYxxx part holds, whether the table says it expands or limits:
///   month, day of month (from the end when negative), day of year (idem),
///   week number with WKST and the "at least four days" rule (in the
///   week-numbering year the day belongs to, which with BYWEEKNO is the
///   YEARLY frame: the README's reading), weekday with its ordinal in the
///   month or year (in the month when YEARLY has BYMONTH), hour, minute,
///   second;
/// - what the rule leaves out comes from DTSTART ("Information, not contained
///   in the rule, necessary to determine the various recurrence instance
///   start time and dates are derived from the Start Time"): the time of day,
///   the day of month for MONTHLY and YEARLY, the month for YEARLY, the
///   weekday for WEEKLY and for YEARLY with only BYWEEKNO;
/// - the time shown follows from the time produced by RFC 5545 section 3.3.5
///   (a time in a gap moves forward by the gap, an ambiguous time is the
///   earlier instant), and for sub-daily rules BYHOUR, BYMINUTE and BYSECOND
///   filter the wall-clock fields of each instant (DESIGN.md).
///
/// Not decidable per occurrence, so not checked here: which candidates
/// BYSETPOS picks (only that the pick is a candidate; the property tests add
/// that no frame holds more instances than BYSETPOS has positions), COUNT,
/// UNTIL, and whether a candidate was left out (RFC 7529 SKIP moves days, so
/// rules with SKIP are not given to this predicate).
struct RFCPredicate {
    let rule: RecurrenceRule
    let start: Anchor
    let startWall: Wall
    let zone: Zone?
    /// DTSTART's instant (wall seconds for floating and DATE series).
    let startKey: Int64
    let allowedHours: Set<Int>, allowedMinutes: Set<Int>, allowedSeconds: Set<Int>

    init(rule: RecurrenceRule, start: Anchor) {
        self.rule = rule
        self.start = start
        startWall = OracleCivil.wall(start.civil)
        switch start {
        case .zoned(_, let z): zone = z
        case .utc: zone = .utc
        default: zone = nil
        }
        startKey = Self.instant(of: startWall, in: zone)
        allowedHours = rule.byHour.isEmpty ? [startWall.hour] : Set(rule.byHour)
        allowedMinutes = rule.byMinute.isEmpty ? [startWall.minute] : Set(rule.byMinute)
        allowedSeconds = rule.bySecond.isEmpty ? [startWall.second] : Set(rule.bySecond.filter { $0 < 60 })
    }

    /// RFC 5545 section 3.3.5: unique → its offset; gap → the offset before
    /// the gap; overlap → the earlier instant. Without a zone, wall seconds.
    static func instant(of w: Wall, in zone: Zone?) -> Int64 {
        let l = OracleCivil.seconds(w)
        guard let zone else { return l }
        let c = try! CivilDate(w.year, w.month, w.day).at(w.hour, w.minute, w.second)
        switch zone.resolve(c) {
        case .unique(let o): return l - Int64(o.seconds)
        case .gap(let before, _): return l - Int64(before.seconds)
        case .overlap(let earlier, _): return l - Int64(earlier.seconds)
        }
    }

    /// The key of an UNTIL in the series' terms, for the value form that
    /// matches DTSTART's (RFC 5545 section 3.3.10): a DATE against DATE keys,
    /// a floating time against floating keys, a UTC time as an instant.
    static func untilKey(_ until: RecurrenceRule.Until) -> Int64 {
        switch until {
        case .date(let d): return Int64(OracleCivil.day(d.year, d.month, d.day) - OracleCivil.epoch) * 86_400
        case .local(let c), .utc(let c): return OracleCivil.seconds(OracleCivil.wall(c))
        }
    }

    var isSubDaily: Bool { rule.frequency < .daily }

    /// The number of the frame of a day-based rule that holds wall date `w`
    /// (years, months, weeks from WKST, days), counted so that consecutive
    /// frames differ by one.
    func frameNumber(_ w: Wall) -> Int {
        switch rule.frequency {
        case .yearly where !rule.byWeekNo.isEmpty:
            // RFC 5545 3.3.10: BYWEEKNO lists weeks of the year, and week 1 may
            // start in late December; the frame is the week-numbering year.
            return OracleCivil.week(of: w.dayNumber, weekStart: rule.weekStart.rawValue).year
        case .yearly: return w.year
        case .monthly: return w.year * 12 + w.month - 1
        case .weekly:
            var d = w.dayNumber
            while OracleCivil.weekday(d) != rule.weekStart.rawValue { d -= 1 }
            return d / 7
        default: return w.dayNumber
        }
    }

    /// Sub-daily: the instant the first frame starts at (DTSTART with its
    /// wall clock truncated to the hour or minute), and the frame length.
    var subDailyOrigin: (t0: Int64, unit: Int64) {
        let unit: Int64 = rule.frequency == .hourly ? 3600 : rule.frequency == .minutely ? 60 : 1
        return (startKey - Int64(startWall.secondOfDay) % unit, unit)
    }

    /// The frame of an occurrence (for counting BYSETPOS picks per frame).
    func frame(of o: Occurrence) -> Int64 {
        if isSubDaily {
            let (t0, unit) = subDailyOrigin
            let d = o.timestamp.secondsSinceEpoch - t0
            return d >= 0 ? d / unit : (d - unit + 1) / unit
        }
        return Int64(frameNumber(OracleCivil.wall(o.recurrenceID.dateTime)))
    }

    /// Whether a wall date passes the day-level parts: BYMONTH, BYMONTHDAY,
    /// BYYEARDAY, BYWEEKNO, BYDAY (with ordinals), and the defaults from DTSTART.
    /// With `explain: false` the problems are empty strings: cheaper when
    /// only whether there is one matters.
    func dayProblems(_ w: Wall, explain: Bool = true) -> [String] {
        var out = Problems(explain: explain)
        let f = rule.frequency
        let monthLength = OracleCivil.monthLength(w.year, w.month)
        let yearLength = OracleCivil.yearLength(w.year)
        if !rule.byMonth.isEmpty {
            if !rule.byMonth.contains(where: { $0.number == w.month && !$0.isLeap }) { out += ("month \(w.month) not in BYMONTH") }
        }
        if !rule.byMonthDay.isEmpty {
            let fromEnd = w.day - monthLength - 1   // -1 on the last day
            if !rule.byMonthDay.contains(w.day) && !rule.byMonthDay.contains(fromEnd) {
                out += ("day \(w.day) (\(fromEnd) from the end) not in BYMONTHDAY")
            }
        }
        if !rule.byYearDay.isEmpty {
            let fromEnd = w.dayOfYear - yearLength - 1
            if !rule.byYearDay.contains(w.dayOfYear) && !rule.byYearDay.contains(fromEnd) {
                out += ("year day \(w.dayOfYear) (\(fromEnd) from the end) not in BYYEARDAY")
            }
        }
        if !rule.byWeekNo.isEmpty {
            let (n, weeks, _) = OracleCivil.week(of: w.dayNumber, weekStart: rule.weekStart.rawValue)
            let fromEnd = n - weeks - 1
            if !rule.byWeekNo.contains(n) && !rule.byWeekNo.contains(fromEnd) {
                out += ("week \(n) of \(weeks) (WKST=\(rule.weekStart.rfcCode)) not in BYWEEKNO")
            }
        }
        if !rule.byDay.isEmpty {
            let matches = rule.byDay.contains { wd in
                guard wd.weekday.rawValue == w.weekday else { return false }
                guard let n = wd.ordinal else { return true }
                // Ordinals count in the month for MONTHLY and for YEARLY with
                // BYMONTH, else in the year.
                let inMonth = f == .monthly || !rule.byMonth.isEmpty
                let index = inMonth ? w.day : w.dayOfYear
                let length = inMonth ? monthLength : yearLength
                let forward = (index - 1) / 7 + 1, backward = -((length - index) / 7 + 1)
                return n == forward || n == backward
            }
            if !matches { out += ("weekday \(w.weekday) (day \(w.day)) not in BYDAY") }
        }
        // Defaults from DTSTART (day-based frequencies only: sub-daily rules
        // take no day from DTSTART).
        let dayParts = !rule.byMonthDay.isEmpty || !rule.byDay.isEmpty || !rule.byYearDay.isEmpty || !rule.byWeekNo.isEmpty
        switch f {
        case .weekly where rule.byDay.isEmpty:
            if w.weekday != startWall.weekday { out += ("weekday \(w.weekday) is not DTSTART's \(startWall.weekday)") }
        case .monthly where !dayParts:
            if w.day != startWall.day { out += ("day \(w.day) is not DTSTART's \(startWall.day)") }
        case .yearly where !dayParts:
            if w.day != startWall.day { out += ("day \(w.day) is not DTSTART's \(startWall.day)") }
            if rule.byMonth.isEmpty && w.month != startWall.month { out += ("month \(w.month) is not DTSTART's \(startWall.month)") }
        case .yearly where !rule.byWeekNo.isEmpty && rule.byDay.isEmpty && rule.byMonthDay.isEmpty && rule.byYearDay.isEmpty:
            if w.weekday != startWall.weekday { out += ("weekday \(w.weekday) is not DTSTART's \(startWall.weekday) (BYWEEKNO alone)") }
        default:
            break
        }
        return out.list
    }

    /// Everything wrong with `o` as an instance of the rule (empty when it can be one).
    func problems(_ o: Occurrence, options: ExpansionOptions = ExpansionOptions()) -> [String] {
        var out: [String] = []
        let key = o.timestamp.secondsSinceEpoch
        if isSubDaily {
            guard key >= startKey else { return ["before DTSTART"] }
            let (t0, unit) = subDailyOrigin
            let d = key - t0
            let k = d / unit, r = Int(d % unit)
            if k % Int64(rule.interval) != 0 { out.append("frame \(k) is not a multiple of INTERVAL=\(rule.interval)") }
            // Expanded parts: offsets inside the elapsed frame.
            switch rule.frequency {
            case .secondly:
                if r != 0 { out.append("offset \(r) inside a SECONDLY frame") }
            case .minutely:
                if !allowedSeconds.contains(r) { out.append("second \(r) of the elapsed minute not in \(allowedSeconds.sorted())") }
            default:
                if !allowedMinutes.contains(r / 60) || !allowedSeconds.contains(r % 60) {
                    out.append("offset \(r / 60):\(r % 60) in the elapsed hour not in BYMINUTE x BYSECOND (or DTSTART's)")
                }
            }
            // Filters: the wall clock of the instant.
            let offset = zone.map { Int64($0.offset(at: o.timestamp).seconds) } ?? 0
            let wall = OracleCivil.wall(key + offset)
            out += dayProblems(wall)
            if !rule.byHour.isEmpty, !rule.byHour.contains(wall.hour) { out.append("wall hour \(wall.hour) not in BYHOUR") }
            if rule.frequency <= .minutely, !rule.byMinute.isEmpty, !rule.byMinute.contains(wall.minute) {
                out.append("wall minute \(wall.minute) not in BYMINUTE")
            }
            if rule.frequency == .secondly, !rule.bySecond.isEmpty, !rule.bySecond.filter({ $0 < 60 }).contains(wall.second) {
                out.append("wall second \(wall.second) not in BYSECOND")
            }
            if OracleCivil.wall(o.start) != wall || Int64((o.offset ?? .zero).seconds) != offset {
                out.append("shown as \(o.start)\(o.offset ?? .zero) but the wall clock is \(wall) at offset \(offset)")
            }
            return out
        }
        // Day-based: the civil time the rule produced is the recurrence id.
        let w = OracleCivil.wall(o.recurrenceID.dateTime)
        if w < startWall { out.append("produced \(w), before DTSTART \(startWall)") }
        let p = frameNumber(w) - frameNumber(startWall)
        if p % rule.interval != 0 { out.append("frame \(p) after DTSTART's is not a multiple of INTERVAL=\(rule.interval)") }
        out += dayProblems(w)
        if case .date = start {
            if w.secondOfDay != 0 { out.append("a DATE instance at \(w)") }
        } else {
            if !allowedHours.contains(w.hour) { out.append("hour \(w.hour) not in \(allowedHours.sorted())") }
            if !allowedMinutes.contains(w.minute) { out.append("minute \(w.minute) not in \(allowedMinutes.sorted())") }
            if !allowedSeconds.contains(w.second) { out.append("second \(w.second) not in \(allowedSeconds.sorted())") }
        }
        out += shownProblems(o, produced: w, options: options)
        return out
    }

    /// RFC 5545 section 3.3.5 applied to the produced time: the instant and
    /// the wall clock shown.
    func shownProblems(_ o: Occurrence, produced w: Wall, options: ExpansionOptions) -> [String] {
        let l = OracleCivil.seconds(w)
        var instant = l, shown = l, offset: Int64 = 0
        if let zone {
            switch zone.resolve(o.recurrenceID.dateTime) {
            case .unique(let x):
                offset = Int64(x.seconds)
                instant = l - offset
            case .gap(let before, let after):
                if options.nonexistentTimes == .skip { return ["\(w) is in a gap of \(zone) and gaps are skipped"] }
                instant = l - Int64(before.seconds)
                offset = Int64(after.seconds)
                shown = instant + offset
            case .overlap(let earlier, _):
                offset = Int64(earlier.seconds)
                instant = l - offset
            }
        }
        if o.timestamp.secondsSinceEpoch != instant || OracleCivil.seconds(OracleCivil.wall(o.start)) != shown || Int64((o.offset ?? .zero).seconds) != offset {
            return ["produced \(w): expected instant \(instant), shown \(OracleCivil.wall(shown)) at offset \(offset); got \(o.timestamp.secondsSinceEpoch), \(o.start)\(o.offset ?? .zero)"]
        }
        return []
    }

    /// Whether DTSTART itself satisfies the rule (so the rule would produce it).
    /// Meaningful only without BYSETPOS.
    func startMatches() -> Bool {
        if isSubDaily {
            let wall = zone.map { OracleCivil.wall(startKey + Int64($0.offset(at: Timestamp(secondsSinceEpoch: startKey)).seconds)) } ?? startWall
            var ok = dayProblems(wall).isEmpty
            if !rule.byHour.isEmpty { ok = ok && rule.byHour.contains(wall.hour) }
            if rule.frequency <= .minutely, !rule.byMinute.isEmpty { ok = ok && rule.byMinute.contains(wall.minute) }
            if rule.frequency == .secondly, !rule.bySecond.isEmpty { ok = ok && rule.bySecond.filter({ $0 < 60 }).contains(wall.second) }
            // The expanded parts must hold for DTSTART's own offset in its frame.
            let r = Int(startKey - subDailyOrigin.t0)
            switch rule.frequency {
            case .minutely: ok = ok && allowedSeconds.contains(r)
            case .hourly: ok = ok && allowedMinutes.contains(r / 60) && allowedSeconds.contains(r % 60)
            default: break
            }
            return ok
        }
        var ok = dayProblems(startWall).isEmpty
        if case .date = start {} else {
            ok = ok && allowedHours.contains(startWall.hour) && allowedMinutes.contains(startWall.minute)
                && allowedSeconds.contains(startWall.second)
        }
        return ok
    }
}
