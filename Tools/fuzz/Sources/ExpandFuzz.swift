// fuzz-expand: bytes -> a structured rule, a DTSTART and a window; expands a
// bounded prefix and checks the invariants of the expander.
//
// Decoding (FuzzBytes: every read past the end is 0; see Tools/fuzz/make_seeds.py,
// which writes seeds in this layout):
//   u8 frequency (% 7, SECONDLY ... YEARLY)
//   u8 flags: bit0 DTSTART not included, bit1 skip times in gaps, bits2-3 end
//      (none / COUNT / UNTIL / both), bits4-5 window (none / near DTSTART /
//      anywhere / around UNTIL), bit6 SKIP part, bit7 synthetic zone
//   interval, DTSTART (kind, year, month, day, h, m, s, zone), COUNT, UNTIL,
//   u16 mask of BYxxx parts (bit0 BYSECOND ... bit8 BYSETPOS, bit9 WKST, bit10 RSCALE: a u8 picks
//   the calendar, GREGORIAN a quarter of the time, else any of RecurrenceRule.supportedScales)
//   and their values, SKIP, window, synthetic zone.
//
// Invariants, on up to `prefixLength` occurrences:
// - expansion does not crash and ends fast (libFuzzer -timeout);
// - timestamps strictly increase; civil start, offset and timestamp agree with
//   the zone; every start lies in years 1...9999; DATE series start at midnight;
// - at most COUNT occurrences (COUNT >= 1), none past UNTIL but DTSTART, none outside the window;
// - every occurrence but DTSTART matches BYMONTH, BYMONTHDAY, BYYEARDAY,
//   BYDAY's weekdays, BYHOUR, BYMINUTE and BYSECOND (Gregorian, no SKIP), read
//   on its unshifted local time (recurrence id);
// - a windowed expansion is the unwindowed one filtered to the window (when
//   the unwindowed walk reaches the window's end within `scanBudget` occurrences).
import Almanac

/// Occurrences taken from each expansion, and the most the unwindowed walk
/// takes to reach the window.
let prefixLength = 100
let scanBudget = 500

/// Zones with odd histories: negative DST, skipped days, 30- and 45-minute
/// offsets, midnight transitions, +14/-11, double summer time, LMT eras.
let trickyZoneNames = [
    "America/New_York", "America/St_Johns", "America/Havana", "America/Santiago", "America/Sao_Paulo",
    "Europe/London", "Europe/Dublin", "Europe/Moscow", "Africa/Casablanca", "Asia/Beirut",
    "Asia/Gaza", "Asia/Kathmandu", "Asia/Tehran", "Australia/Lord_Howe", "Australia/Eucla",
    "Pacific/Chatham", "Pacific/Apia", "Pacific/Kiritimati", "Pacific/Kwajalein", "Antarctica/Troll",
    "America/Caracas", "Pacific/Pago_Pago", "Asia/Manila", "America/Metlakatla",
]

let trickyZones: [Zone] = {
    var zones: [Zone] = try! [.utc, .fixed(Offset(seconds: 14 * 3600)), .fixed(Offset(seconds: -(12 * 3600 + 1)))]
    for name in trickyZoneNames {
        if let z = try? Zone(name) { zones.append(z) }
    }
    return zones
}()

// Local seconds of 0001-01-01T00:00:00 and 9999-12-31T23:59:59: the same
// counts as the first and last instants of the supported range in UTC.
let minLocal = Timestamp.min.secondsSinceEpoch
let maxLocal = Timestamp.max.secondsSinceEpoch

func clampLocal(_ s: Int64) -> Int64 { min(max(s, minLocal), maxLocal) }

func civil(_ s: Int64) -> CivilDateTime { CivilDateTime(localSeconds: clampLocal(s))! }

/// A signed span of seconds on a scale from seconds to millennia.
func span(_ b: inout FuzzBytes) -> Int64 {
    let scales: [Int64] = [1, 60, 3600, 86_400, 86_400 * 7, 86_400 * 31, 86_400 * 366, 86_400 * 366 * 100]
    let scale = scales[b.u8() % scales.count]
    let n = Int64(b.u16()) - 32768
    return n * scale
}

func interval(_ b: inout FuzzBytes) -> Int {
    let sel = b.u8()
    switch sel {
    case ..<128: return 1
    case ..<192: return 1 + b.u8()
    case ..<224: return 1 + b.u16()
    case ..<248: return b.pick([Int.max, Int.max - 1, Int(Int32.max), 146_097, 400, 4800, 20_871, 1 << 40,
                               86_400, 3600 * 24 * 366, 146_097 * 86_400, 7, 12, 24, 60, 1440])
    default: return b.pick([0, -1, Int.min])
    }
}

func count(_ b: inout FuzzBytes) -> Int {
    let sel = b.u8()
    switch sel {
    case ..<200: return 1 + b.u8()
    case ..<240: return 1 + b.u16()
    default: return b.pick([Int.max, Int(Int32.max), 1, 0, -1])
    }
}

/// A value of a BYxxx list: mostly in range (signed: ±lo...hi), sometimes an edge.
func value(_ b: inout FuzzBytes, _ range: ClosedRange<Int>, signed: Bool, edges: [Int]) -> Int {
    if b.u8() >= 232 { return b.pick(edges) }
    let n = range.count
    if !signed { return range.lowerBound + b.below(n) }
    let v = b.below(2 * n)
    return v < n ? range.lowerBound + v : -(range.lowerBound + v - n)
}

func list(_ b: inout FuzzBytes, _ range: ClosedRange<Int>, signed: Bool, edges: [Int]) -> [Int] {
    let n = 1 + b.u8() % 6
    var out: [Int] = []
    for _ in 0..<n { out.append(value(&b, range, signed: signed, edges: edges)) }
    return Array(Set(out)).sorted()
}

struct Case {
    var rule: RecurrenceRule
    var start: Anchor
    var options: ExpansionOptions
    var window: Range<Timestamp>?
}

func decode(_ b: inout FuzzBytes) -> Case {
    let frequency = RecurrenceRule.Frequency.allCases[b.u8() % 7]
    let flags = b.u8()
    var rule = RecurrenceRule(frequency: frequency)
    rule.interval = interval(&b)

    // DTSTART
    let kind = b.u8() % 4
    let ysel = b.u8()
    let year: Int
    switch ysel {
    case ..<128: year = 1950 + b.u8() % 150
    case ..<224: year = 1 + b.u16() % 9999
    default: year = b.pick([1, 2, 9999, 9998, 1582, 1752, 1900, 1970, 2038, 2100, 9000])
    }
    let month = 1 + b.u8() % 12
    let day = try! min(1 + b.u8() % 31, CivilDate(year, month, 1).daysInMonth)
    let date = try! CivilDate(year, month, day)
    let time = try! CivilTime(b.u8() % 24, b.u8() % 60, b.u8() % 60)
    let zoneIndex = b.u8()
    var zone = trickyZones[zoneIndex % trickyZones.count]
    if flags & 0x80 != 0, let z = syntheticZone(&b, around: date) { zone = z }
    let start: Anchor
    switch kind {
    case 0: start = .date(date)
    case 1: start = .floating(CivilDateTime(date, time))
    case 2: start = .utc(CivilDateTime(date, time))
    default: start = .zoned(CivilDateTime(date, time), zone)
    }
    let startLocal = start.civil.localSeconds

    // COUNT, UNTIL
    let end = (flags >> 2) & 3
    if end == 1 || end == 3 { rule.count = count(&b) }
    var untilLocal = startLocal
    if end == 2 || end == 3 {
        let form = b.u8() % 3
        let sel = b.u8()
        switch sel {
        case ..<64: untilLocal = startLocal + Int64(b.u8() - 8) * [1, 60, 3600, 86_400][b.u8() % 4]
        case ..<224: untilLocal = startLocal + span(&b)
        default: untilLocal = Int64(b.pick([0, 1, -1])) + (b.bool() ? startLocal : b.pick([minLocal, maxLocal]))
        }
        let u = civil(untilLocal)
        untilLocal = u.localSeconds
        switch form {
        case 0: rule.until = .date(u.date)
        case 1: rule.until = .local(u)
        default: rule.until = .utc(u)
        }
    }

    // BYxxx
    let mask = b.u16()
    if mask & 1 != 0 { rule.bySecond = list(&b, 0...60, signed: false, edges: [60, 61, -1, Int.max]) }
    if mask & 2 != 0 { rule.byMinute = list(&b, 0...59, signed: false, edges: [60, -1, Int.min]) }
    if mask & 4 != 0 { rule.byHour = list(&b, 0...23, signed: false, edges: [24, -1, 99]) }
    if mask & 8 != 0 {
        var days: Set<RecurrenceRule.WeekdayNum> = []
        for _ in 0..<(1 + b.u8() % 5) {
            let weekday = Weekday.allCases[b.u8() % 7]
            let sel = b.u8()
            let ordinal: Int?
            switch sel {
            case ..<128: ordinal = nil
            case ..<224: ordinal = b.bool() ? 1 + b.u8() % 5 : -(1 + b.u8() % 5)
            case ..<248: ordinal = b.bool() ? 1 + b.u8() % 53 : -(1 + b.u8() % 53)
            default: ordinal = b.pick([0, 54, -54, Int.max, Int.min])
            }
            days.insert(.init(ordinal: ordinal, weekday: weekday))
        }
        rule.byDay = days.sorted()
    }
    if mask & 16 != 0 { rule.byMonthDay = list(&b, 1...31, signed: true, edges: [0, 32, -32, Int.max, Int.min]) }
    if mask & 32 != 0 { rule.byYearDay = list(&b, 1...366, signed: true, edges: [0, 367, -367, 365, -365, 366, -366]) }
    if mask & 64 != 0 { rule.byWeekNo = list(&b, 1...53, signed: true, edges: [0, 54, -54, 53, -53, 52, 1, -1]) }
    if mask & 128 != 0 {
        var months: Set<RecurrenceRule.Month> = []
        for _ in 0..<(1 + b.u8() % 4) {
            let sel = b.u8()
            months.insert(sel < 224 ? RecurrenceRule.Month(1 + sel % 12)
                : b.pick([.init(0), .init(13), .init(-1), .init(5, isLeap: true), .init(2, isLeap: true), .init(1, isLeap: true),
                          .init(12, isLeap: true), .init(13, isLeap: true)]))
        }
        rule.byMonth = months.sorted()
    }
    if mask & 256 != 0 { rule.bySetPos = list(&b, 1...366, signed: true, edges: [0, 367, -367, Int.max, Int.min]) }
    if mask & 512 != 0 { rule.weekStart = Weekday.allCases[b.u8() % 7] }
    // RSCALE: any calendar Almanac accepts (RFC 7529), Gregorian most often.
    if mask & 1024 != 0 {
        let sel = b.u8()
        rule.rscale = sel < 64 ? "GREGORIAN" : RecurrenceRule.supportedScales[sel % RecurrenceRule.supportedScales.count]
    }
    if flags & 0x40 != 0 {
        if rule.rscale == nil { rule.rscale = "GREGORIAN" }
        rule.skip = [RecurrenceRule.Skip.omit, .backward, .forward][b.u8() % 3]
    }

    // Window, in the series' key space.
    var window: Range<Timestamp>?
    let startKey: Int64
    switch start {
    case .zoned(let c, let z): startKey = try! z.timestamp(for: c).secondsSinceEpoch
    default: startKey = startLocal
    }
    let lowest = Timestamp.min.secondsSinceEpoch, highest = Timestamp.max.secondsSinceEpoch + 1
    func clampKey(_ k: Int64) -> Int64 { min(max(k, lowest), highest) }
    switch (flags >> 4) & 3 {
    case 1:
        let lower = clampKey(startKey + span(&b))
        window = Timestamp(secondsSinceEpoch: lower)..<Timestamp(secondsSinceEpoch: clampKey(lower + abs(span(&b))))
    case 2:
        let sel = b.u8()
        if sel >= 224 {
            // Bounds outside the calendar: a Range<Timestamp> can hold any Int64.
            let extremes: [Int64] = [.min, .min / 2, lowest - 1, lowest - 86_400 * 7, highest + 86_400 * 7, .max / 2, .max]
            var (x, y) = (b.pick(extremes), b.pick(extremes + [startKey]))
            if x > y { swap(&x, &y) }
            window = Timestamp(secondsSinceEpoch: x)..<Timestamp(secondsSinceEpoch: y)
        } else {
            let lower = clampKey(lowest + Int64(b.u32()) * Int64(sel + 1) * 4)
            window = Timestamp(secondsSinceEpoch: lower)..<Timestamp(secondsSinceEpoch: clampKey(lower + abs(span(&b))))
        }
    case 3:
        let lower = clampKey(untilLocal - abs(span(&b)))
        window = Timestamp(secondsSinceEpoch: lower)..<Timestamp(secondsSinceEpoch: clampKey(lower + abs(span(&b))))
    default:
        window = nil
    }
    let options = ExpansionOptions(includesStart: flags & 1 == 0, nonexistentTimes: flags & 2 == 0 ? .shift : .skip)
    return Case(rule: rule, start: start, options: options, window: window)
}

/// A zone with up to 8 transitions near `date`, offsets within ±14 h (so jumps of up to 28 h).
func syntheticZone(_ b: inout FuzzBytes, around date: CivilDate) -> Zone? {
    let n = b.u8() % 9
    var t = Int64(date.daysSinceEpoch) * 86_400 + span(&b)
    var transitions: [Int64] = []
    var offsets: [Offset] = []
    func offset() -> Offset {
        let sel = b.u8()
        let seconds = sel < 128 ? (sel % 57 - 28) * 1800 : b.u16() % (28 * 3600 + 1) - 14 * 3600
        return try! Offset(seconds: seconds)   // within ±14 h
    }
    offsets.append(offset())
    for _ in 0..<n {
        transitions.append(t)
        offsets.append(offset())
        t += 1 + Int64(b.u16()) * [1, 60, 3600, 86_400][b.u8() % 4]
    }
    return try? Zone(identifier: "Fuzz/Synthetic", transitions: transitions, offsets: offsets)
}

func describe(_ c: Case) -> String {
    "rule \(c.rule.description.debugDescription) (interval \(c.rule.interval), count \(String(describing: c.rule.count))) start \(c.start) options \(c.options) window \(String(describing: c.window))"
}

@_cdecl("LLVMFuzzerTestOneInput")
public func expandFuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var b = FuzzBytes(UnsafeBufferPointer(start: data, count: size))
    let c = decode(&b)
    if verbose { fuzzLog("case: \(describe(c))") }
    let set = RecurrenceSet(start: c.start, rules: [c.rule], options: c.options)
    let sequence: RecurrenceSet.Occurrences
    do throws(AlmanacError) {
        if let w = c.window { sequence = try set.occurrences(in: window(w, for: c.start)) } else { sequence = try set.occurrences() }
    } catch {
        return 0   // a sub-daily rule on a DATE: refused up front, as documented
    }
    var clock = fuzzNow()
    var got: [Occurrence] = []
    got.reserveCapacity(prefixLength)
    var iterator = sequence.makeIterator()
    while got.count < prefixLength, let o = iterator.next() { got.append(o) }

    check(got, c)
    if verbose { fuzzLog("expanded \(got.count) in \(fuzzNow() - clock) s"); clock = fuzzNow() }

    if let w = c.window {
        // The same series without a window, filtered to it.
        var all = try! set.occurrences().makeIterator()
        var filtered: [Occurrence] = []
        var complete = false
        for _ in 0..<scanBudget {
            guard let o = all.next() else { complete = true; break }
            if key(o) >= w.upperBound { complete = true; break }
            if key(o) >= w.lowerBound { filtered.append(o) }
            if filtered.count >= prefixLength { complete = true; break }
        }
        if verbose { fuzzLog("unwindowed scan: \(filtered.count) in window, complete \(complete), \(fuzzNow() - clock) s") }
        if complete {
            fuzzCheck(filtered == got, "windowed expansion differs from the unwindowed one filtered to the window: \(describe(c))\n windowed:   \(got.prefix(8))\n unwindowed: \(filtered.prefix(8))")
        }
    }
    return 0
}

/// The window whose bounds are `keys` in the series' key space (see
/// ``key(_:)``): wall clocks for a floating or DATE series where year 1 to
/// 9999 can name them, else instants placed in UTC, which is the same.
func window(_ keys: Range<Timestamp>, for start: Anchor) -> RecurrenceSet.Window {
    switch start {
    case .date, .floating:
        if let lo = CivilDateTime(localSeconds: keys.lowerBound.secondsSinceEpoch),
           let hi = CivilDateTime(localSeconds: keys.upperBound.secondsSinceEpoch) {
            return .wallClock(lo..<hi)
        }
        return .instants(keys, viewer: .utc)
    case .utc, .zoned:
        return .instants(keys)
    }
}

/// An occurrence's start in the series' own terms, the fuzzer's key space:
/// the instant of a zoned or UTC occurrence, the wall clock read as UTC of a
/// floating or DATE one (its instant when placed in UTC).
func key(_ o: Occurrence) -> Timestamp { o.instants(in: .utc).lowerBound }

func check(_ got: [Occurrence], _ c: Case) {
    let rule = c.rule
    let start = c.start
    if let n = rule.count, n >= 1 {
        fuzzCheck(got.count <= n, "\(got.count) occurrences for COUNT=\(n): \(describe(c))")
    }
    let gregorian = (rule.rscale == nil || rule.rscale == "GREGORIAN") && (rule.skip == nil || rule.skip == .omit)
    let months = Set(rule.byMonth.filter { !$0.isLeap && (1...12).contains($0.number) }.map(\.number))
    let weekdays = Set(rule.byDay.map(\.weekday))
    let hours = Set(rule.byHour), minutes = Set(rule.byMinute), seconds = Set(rule.bySecond)
    // Sub-daily expansions (BYSECOND in MINUTELY and HOURLY, BYMINUTE in
    // HOURLY) are offsets inside elapsed periods (README, "RFC choices" 3): they
    // read as wall-clock fields only while the offset differs from DTSTART's
    // by whole minutes (hours). Limits always filter on the wall clock.
    // Periods start on the wall clock of the resolved DTSTART (shifted out of
    // a gap), so its offset is the one to compare with (README, "RFC choices" 3).
    var startOffset: Int32 = 0
    if case .zoned(let civil, let z) = start {
        startOffset = z.offset(at: try! z.timestamp(for: civil)).seconds
    }
    let expandsSeconds = rule.frequency == .minutely || rule.frequency == .hourly
    let expandsMinutes = rule.frequency == .hourly
    var last = Int64.min
    for (i, o) in got.enumerated() {
        let t = key(o).secondsSinceEpoch
        let what = "occurrence \(i) \(o) (timestamp \(t)): \(describe(c))"
        fuzzCheck(t > last, "timestamps do not increase at \(what)")
        last = t
        fuzzCheck((try? CivilDate(o.start.date.year, o.start.date.month, o.start.date.day)) != nil, "start outside years 1...9999 at \(what)")
        fuzzCheck(o.kind == start.kind, "kind \(o.kind) at \(what)")
        switch start {
        case .date:
            fuzzCheck(o.start.time == .midnight && o.offset == nil && o.instants == nil && t == o.start.localSeconds, "DATE occurrence not at midnight / key at \(what)")
        case .floating:
            fuzzCheck(o.offset == nil && o.instants == nil && t == o.start.localSeconds, "floating occurrence key at \(what)")
        case .utc:
            fuzzCheck(o.offset == .zero && t == o.start.localSeconds, "UTC occurrence key at \(what)")
        case .zoned(_, let z):
            let offset = o.offset ?? .zero
            fuzzCheck(o.offset == z.offset(at: key(o)), "offset \(offset) is not the zone's \(z.offset(at: key(o))) at \(what)")
            fuzzCheck(o.start.localSeconds == t + Int64(offset.seconds), "local start is not timestamp + offset at \(what)")
        }
        if let w = c.window {
            fuzzCheck(w.contains(key(o)), "outside the window at \(what)")
        }
        // UNTIL bounds the rule, not DTSTART: DTSTART, always the first
        // instance by default (RFC 5545 3.3.10), may lie past it.
        let isStart = i == 0 && c.options.includesStart && o.recurrenceID.dateTime == start.civil
        if let u = rule.until, !isStart {
            let ok: Bool
            switch (start, u) {
            case (_, .date(let d)):
                ok = o.start.date <= d
            case (.date, .local(let u)), (.date, .utc(let u)), (.floating, .local(let u)), (.floating, .utc(let u)):
                ok = o.start <= u
            case (.utc, .local(let u)), (.utc, .utc(let u)), (.zoned, .utc(let u)):
                ok = key(o) <= Timestamp(utc: u)
            case (.zoned(_, let z), .local(let u)):
                ok = key(o) <= (try! z.timestamp(for: u))
            }
            fuzzCheck(ok, "past UNTIL at \(what)")
        }

        // Membership, on the generated (unshifted) local time.
        if !gregorian { continue }
        if c.options.includesStart && o.recurrenceID.dateTime == start.civil { continue }
        let local = rule.frequency < .daily ? o.start : o.recurrenceID.dateTime
        let d = local.date
        if !rule.byMonth.isEmpty { fuzzCheck(months.contains(d.month), "BYMONTH not matched at \(what)") }
        if !rule.byDay.isEmpty { fuzzCheck(weekdays.contains(d.weekday), "BYDAY weekday not matched at \(what)") }
        if !rule.byMonthDay.isEmpty {
            let n = d.daysInMonth
            fuzzCheck(rule.byMonthDay.contains(d.day) || rule.byMonthDay.contains(d.day - n - 1), "BYMONTHDAY not matched at \(what)")
        }
        if !rule.byYearDay.isEmpty {
            let n = d.daysInYear
            fuzzCheck(rule.byYearDay.contains(d.dayOfYear) || rule.byYearDay.contains(d.dayOfYear - n - 1), "BYYEARDAY not matched at \(what)")
        }
        if case .date = start { continue }
        if !hours.isEmpty { fuzzCheck(hours.contains(local.time.hour), "BYHOUR not matched at \(what)") }
        let drift = Int((o.offset ?? .zero).seconds) - Int(startOffset)
        if !minutes.isEmpty && (!expandsMinutes || drift % 3600 == 0) {
            fuzzCheck(minutes.contains(local.time.minute), "BYMINUTE not matched at \(what)")
        }
        if !seconds.isEmpty && (!expandsSeconds || drift % 60 == 0) {
            fuzzCheck(seconds.contains(local.time.second), "BYSECOND not matched at \(what)")
        }
    }
}
