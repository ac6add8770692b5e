// fuzz-ics: bytes -> EventCalendar (lenient and strict) -> a window query.
//
// The whole input is the iCalendar data, so every file of Corpus/ics is a
// seed as it is. The query is derived from an FNV-1a hash of the input (any
// mutation picks another query; the same input always the same one):
// - the window's start: a week of 2024, a day near 0001-01-01, a day near
//   9999-12-31, or the DTSTART of one of the calendar's series (so seeds
//   land on their own instances);
// - its length: a minute, an hour, a day, a week, 31 days or a year;
// - the viewer: one of `viewerIDs` (DST, half-hour, +14, -12, a skipped
//   day, 30-minute DST) or a zone the file's VTIMEZONEs define;
// - whether cancelled instances are dropped.
//
// Checks:
// - reading never traps; an error's line and column lie inside the input;
//   a calendar that strict mode reads, lenient mode reads into the same series;
// - every instance the query returns overlaps the window (start before its
//   end; end after its start, or zero length at its start), comes in start
//   order in the viewer's zone, names its series (index and UID), is not
//   cancelled when cancelled instances are dropped;
// - its `almanac events --json` line is one line of the documented shape,
//   with a start and an end that are dates (a year of 4 digits or more:
//   an end can fall past 9999-12-31 on its clock);
// - its day slices in the viewer's zone (the first and last three, and the
//   count) are numbered, in date order, and each start <= end (for the
//   first 100 instances, at most 10 of them longer than a year: making the
//   slices costs a search per DST transition the instance spans);
// - the alarms that fire in the window (issue 26), when each offset class's
//   window is affordable: in the window, in time order, each of a listed
//   series, not of a cancelled instance, one of its instance's alarms.
//
// The query's cost is the number of instances (an FREQ=SECONDLY series has
// 604,800 in a week, every one of them legitimately returned). Like
// fuzz-batch's cap on `limit`, the harness first counts each series' instances
// lazily, with the engine, over the window widened as the query widens it
// (the longest instance, the largest RANGE=THISANDFUTURE shift, and days for
// the viewer's offset); past `instanceBudget` the window shrinks to a
// minute, and past it again the query is skipped. So a slow input is one
// whose cost is not its output. (10,000: with 20,000, counting twice the
// instances of six merged daily rules took 1.5 s under ASan, 0.06 s in a
// release build: regressions/fuzz-ics/harness-counting-40000-instances.)
import Almanac
import AlmanacCalendar
import AlmanacReminders

let instanceBudget = 10_000
let viewerIDs = ["UTC", "America/New_York", "Europe/Paris", "Pacific/Apia", "Pacific/Kiritimati",
                 "Etc/GMT+12", "America/Sao_Paulo", "Australia/Lord_Howe", "Asia/Kathmandu", "Africa/Casablanca"]
let viewers: [Zone] = viewerIDs.map { id in
    do throws(AlmanacError) { return try Zone(id) } catch { fuzzFail("viewer zone \(id): \(error)") }
}
let day: Int64 = 86_400

@_cdecl("LLVMFuzzerTestOneInput")
public func icsFuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let lines = 1 + bytes.reduce(0) { $0 + ($1 == 0x0A || $1 == 0x0D ? 1 : 0) }
    let t0 = verbose ? fuzzNow() : 0

    var strict: EventCalendar?
    do throws(AlmanacError) { strict = try EventCalendar(ics: bytes, options: .strict) } catch { check(error, lines: lines) }
    let lenient: EventCalendar
    do throws(AlmanacError) { lenient = try EventCalendar(ics: bytes) } catch {
        check(error, lines: lines)
        fuzzCheck(strict == nil, "strict mode reads the calendar, lenient mode fails: \(error)")
        if verbose { fuzzLog("lenient: \(error)") }
        return 0
    }
    if let strict {
        fuzzCheck(strict.events == lenient.events,
                  "strict and lenient modes read different series (\(strict.events.count) and \(lenient.events.count))")
    }
    for r in lenient.readings { fuzzCheck(r.line >= 0 && r.line <= lines, "reading at line \(r.line) of \(lines): \(r)") }
    if verbose { fuzzLog("read: \(lenient.events.count) series, strict \(strict == nil ? "fails" : "reads") (\(fuzzNow() - t0) s)") }

    var h = Hash()
    for b in bytes { h.add(b) }
    query(lenient, &h)
    if verbose { fuzzLog("done in \(fuzzNow() - t0) s") }
    return 0
}

/// FNV-1a, read a few bits at a time.
struct Hash {
    var value: UInt64 = 0xcbf2_9ce4_8422_2325
    mutating func add(_ b: UInt8) { value = (value ^ UInt64(b)) &* 0x100_0000_01b3 }
    mutating func below(_ n: Int) -> Int {
        defer { value = (value >> 8) | (value << 56); add(0x5a) }
        return Int(value % UInt64(n))
    }
}

func check(_ e: AlmanacError, lines: Int) {
    let line = e.line ?? 0, column = e.column ?? 0
    fuzzCheck(line >= 0 && line <= lines && column >= 0, "error at line \(line), column \(column) of \(lines) lines: \(e)")
    fuzzCheck(!e.message.isEmpty, "error without a message: \(e.kind)")
}

func query(_ calendar: EventCalendar, _ h: inout Hash) {
    let fileZones = calendar.fileZones.keys.sorted().compactMap { calendar.fileZones[$0] }
    let v = h.below(viewers.count + fileZones.count)
    let viewer = v < viewers.count ? viewers[v] : fileZones[v - viewers.count]
    let lengths: [Int64] = [60, 3600, day, 7 * day, 31 * day, 366 * day]
    let length = lengths[h.below(lengths.count)]
    let jan2024 = try! Int64(CivilDate(2024, 1, 1).daysSinceEpoch) * day
    let from: Int64
    switch h.below(4) {
    case 0: from = jan2024 + Int64(h.below(53)) * 7 * day - Int64(viewer.offset(at: Timestamp(secondsSinceEpoch: jan2024)).seconds)
    case 1: from = Timestamp.min.secondsSinceEpoch + Int64(h.below(4)) * day - Int64(h.below(3)) * day
    case 2: from = Timestamp.max.secondsSinceEpoch - Int64(h.below(4)) * day - length + Int64(h.below(3)) * day
    default:
        if calendar.events.isEmpty { from = jan2024 } else {
            let e = calendar.events[h.below(calendar.events.count)]
            from = e.recurrence.start.civil.localSeconds - Int64(h.below(3)) * 3600
        }
    }
    let drops = h.below(2) == 1
    var window = Timestamp(secondsSinceEpoch: from)..<Timestamp(secondsSinceEpoch: from + length)
    if !affordable(calendar, window, viewer) {
        window = window.lowerBound..<(window.lowerBound + 60)
        guard affordable(calendar, window, viewer) else {
            if verbose { fuzzLog("query skipped: over \(instanceBudget) instances in a minute") }
            return
        }
    }
    if verbose { fuzzLog("query: \(window) viewer \(viewer.identifier) drops cancelled \(drops)") }
    let t0 = verbose ? fuzzNow() : 0
    let found = Array(calendar.occurrences(overlapping: window, viewer: viewer, dropsCancelled: drops))
    let problems = calendar.problems
    if verbose { fuzzLog("query: \(found.count) instances, \(problems.count) problems (\(fuzzNow() - t0) s)") }
    let uids = Set(calendar.events.map(\.id))
    for p in problems { fuzzCheck(uids.contains(p.seriesID), "problem for an unknown UID \(p.seriesID.debugDescription)") }
    // Not `Timestamp.min`: an instance at 0001-01-01T00:00 on a clock east
    // of UTC starts before it, and is kept (README, Limits: Calendar).
    var previous = Timestamp(secondsSinceEpoch: .min)
    var (sliced, slicedLong) = (0, 0)
    for (i, o) in found.enumerated() {
        let r = o.occurrence.instants(in: viewer)
        fuzzCheck(r.lowerBound < window.upperBound && (r.upperBound > window.lowerBound || (r.isEmpty && r.lowerBound == window.lowerBound)),
                  "instance \(r) outside the window \(window): \(o.jsonLine)")
        fuzzCheck(r.lowerBound >= previous, "instances out of order: \(r.lowerBound) after \(previous)")
        previous = r.lowerBound
        fuzzCheck(calendar.events.indices.contains(o.eventIndex) && calendar.events[o.eventIndex].id == o.seriesID,
                  "instance names series \(o.eventIndex), UID \(o.seriesID.debugDescription)")
        fuzzCheck(!drops || o.status != .cancelled, "cancelled instance listed when dropped: \(o.jsonLine)")
        // Each instance's JSON line and key text for the first 2,000: writing
        // them costs about 20 µs an instance (80 under ASan), and a legitimate
        // output of 15,000 instances then took more than the 1 s limit
        // (regressions/fuzz-ics/harness-json-lines-of-15000-instances).
        if i < 2_000 {
            checkJSON(o)
            _ = o.key.description
        }
        // Making the day slices of an instance costs O(log n) per DST
        // transition it spans (Occurrence.daySlices(in:)): 2,000 instances of
        // 2,000 years each in New York would take seconds.
        let long = r.upperBound - r.lowerBound > 366 * day
        if sliced < 100 && (!long || slicedLong < 10) {
            checkSlices(o.occurrence.daySlices(in: viewer), o)
            sliced += 1
            if long { slicedLong += 1 }
        }
    }
    alarms(calendar, window, viewer)
}

/// The alarm query over the same window (when each offset class's window,
/// the window moved back by its offsets and repeats, is affordable):
/// firings in the window, in time order, each of a listed series and one of
/// its instance's alarms (or an absolute one of its series), none of a
/// cancelled instance, at most 100,000 read.
func alarms(_ calendar: EventCalendar, _ window: Range<Timestamp>, _ viewer: Zone) {
    let slack = 2 * day
    for c in calendar.alarmSummary.classes {
        let lo = window.lowerBound.secondsSinceEpoch - max(-cap, min(cap, c.highest + c.span + slack))
        let hi = window.upperBound.secondsSinceEpoch - max(-cap, min(cap, c.lowest - slack))
        let start = max(Timestamp.min.secondsSinceEpoch, lo), end = max(start, min(Timestamp.max.secondsSinceEpoch, hi))
        let shifted = Timestamp(secondsSinceEpoch: start)..<Timestamp(secondsSinceEpoch: end)
        guard affordable(calendar, shifted, viewer) else {
            if verbose { fuzzLog("alarms skipped: a class's window holds over \(instanceBudget) instances") }
            return
        }
    }
    var previous = Int64.min, count = 0
    for f in calendar.alarms(in: window, viewer: viewer) {
        let t = f.time.secondsSinceEpoch
        fuzzCheck(t >= window.lowerBound.secondsSinceEpoch && t < window.upperBound.secondsSinceEpoch, "alarm at \(t) outside \(window)")
        fuzzCheck(t >= previous, "alarms out of order: \(t) after \(previous)")
        previous = t
        let o = f.instance
        fuzzCheck(calendar.events.indices.contains(o.eventIndex) && calendar.events[o.eventIndex].id == o.seriesID,
                  "alarm's instance names series \(o.eventIndex), UID \(o.seriesID.debugDescription)")
        fuzzCheck(o.status != .cancelled, "an alarm of a cancelled instance: \(o.jsonLine)")
        fuzzCheck(f.alarm.firesAtATime && f.repetition >= 0 && f.repetition <= f.alarm.repeatCount, "alarm \(f.alarm) repetition \(f.repetition)")
        if case .absolute = f.alarm.trigger {} else {
            fuzzCheck(calendar.alarms(of: o).contains(f.alarm), "an alarm its instance does not have: \(f.alarm)")
        }
        if count < 2_000 { fuzzCheck(f.jsonLine.hasPrefix("{\"time\":") && !f.jsonLine.contains("\n"), "alarm JSON: \(f.jsonLine)") }
        count += 1
        if count >= 100_000 { break }
    }
    if verbose { fuzzLog("alarms: \(count)") }
}

/// Whether each series' instances over `window`, widened as the query widens
/// it, stay within `instanceBudget` in total (counted lazily, stopping there).
/// Counted without EXDATE and EXRULE: a query walks the candidates they
/// remove (README, Limits), and an EXRULE that removes every instance of an
/// RRULE it differs from would leave nothing to count.
func affordable(_ calendar: EventCalendar, _ window: Range<Timestamp>, _ viewer: Zone) -> Bool {
    var total = 0
    for e in calendar.events {
        var candidates = e.recurrence
        candidates.exclusionRules = []
        candidates.excludedDates = []
        var widen = 3 * day + longest(e)
        for o in e.overrides {
            widen = max(widen, 3 * day + clampedGap(o.start.civil.localSeconds, o.originalStart.civil.localSeconds))
        }
        let lo = max(Timestamp.min.secondsSinceEpoch, window.lowerBound.secondsSinceEpoch &- widen)
        let hi = min(Timestamp.max.secondsSinceEpoch, window.upperBound.secondsSinceEpoch &+ widen)
        let span = Timestamp(secondsSinceEpoch: lo)..<Timestamp(secondsSinceEpoch: max(lo, hi))
        guard let instances = try? candidates.occurrences(in: .instants(span, viewer: viewer)) else { continue }
        for _ in instances {
            total += 1
            if total > instanceBudget { return false }
        }
    }
    return true
}

/// The longest instance of a series (its length, its RDATE periods'), in seconds, at most `cap`.
func longest(_ e: CalendarEvent) -> Int64 {
    func seconds(_ l: RecurrenceSet.Length?, _ start: Anchor) -> Int64 {
        switch l {
        case nil: return day
        case .duration(let d)?:
            let (days, o) = Int64(d.days).multipliedReportingOverflow(by: day)
            return o ? cap : capped(capped(days) + capped(Int64(d.seconds)))
        case .end(let a)?: return clampedGap(a.civil.localSeconds, start.civil.localSeconds)
        }
    }
    var m = seconds(e.recurrence.length, e.recurrence.start)
    for p in e.rdatePeriods { m = max(m, seconds(p.length, p.start)) }
    return m
}

/// Longer than years 1...9999.
let cap: Int64 = 20_000 * 366 * day
func capped(_ v: Int64) -> Int64 { v == .min ? cap : min(cap, abs(v)) }

/// |a - b| plus a day, at most `cap`.
func clampedGap(_ a: Int64, _ b: Int64) -> Int64 {
    let (d, o) = a.subtractingReportingOverflow(b)
    return o ? cap : capped(capped(d) + day)
}

func checkJSON(_ o: CalendarOccurrence) {
    let line = o.jsonLine
    // Compared as bytes: a UID or summary that starts with a combining mark
    // (U+05B2) joins the quote before it into one `Character`, so
    // `hasPrefix` on characters fails on a right line
    // (regressions/fuzz-ics/harness-uid-starting-with-a-combining-mark), and
    // CR LF is one `Character` that `contains("\n")` does not find.
    let bytes = Array(line.utf8)
    fuzzCheck(!bytes.contains(0x0A) && !bytes.contains(0x0D), "JSON line is not one line: \(line.debugDescription)")
    fuzzCheck(bytes.starts(with: Array("{\"uid\":\"".utf8)) && bytes.last == UInt8(ascii: "}"), "JSON line shape: \(line.debugDescription)")
    let allDay = Array((",\"all_day\":" + (o.isAllDay ? "true" : "false")).utf8)
    fuzzCheck(bytes.indices.contains { bytes[$0...].starts(with: allDay) }, "JSON all_day: \(line.debugDescription)")
    let (start, end) = CalendarOccurrence.isoPair(o)
    // A year of four digits or more: an end can fall past 9999 on its clock.
    for v in [start, end] {
        let year = v.utf8.prefix { $0 >= 0x30 && $0 <= 0x39 }.count
        fuzzCheck(year >= 4 && v.utf8.dropFirst(year).first == 0x2D, "JSON start or end is not a date: \(v.debugDescription) in \(line)")
    }
}

func checkSlices(_ slices: Occurrence.DaySlices, _ o: CalendarOccurrence) {
    let n = slices.count
    fuzzCheck(n >= 0, "negative slice count")
    let picked = n <= 6 ? Array(0..<n) : [0, 1, 2, n - 3, n - 2, n - 1]
    var last: CivilDate?
    for i in picked {
        let s = slices[slices.index(slices.startIndex, offsetBy: i)]
        fuzzCheck(s.index == i && s.count == n, "slice \(s.index) of \(s.count), expected \(i) of \(n): \(o.jsonLine)")
        fuzzCheck(s.start <= s.end, "slice \(s.date) ends before it starts: \(s.start) > \(s.end): \(o.jsonLine)")
        if let last { fuzzCheck(last < s.date, "slices out of date order: \(last) then \(s.date): \(o.jsonLine)") }
        last = s.date
        _ = s.description
    }
}
