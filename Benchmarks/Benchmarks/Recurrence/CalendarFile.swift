// The C rows' calendar (issue 11): about 10 MB of iCalendar generated from a
// seed, the same bytes in every run and every process.
//
// 10,000 VEVENT series over 2020-2026, a third recurring (weekly by day with
// UNTIL, unbounded weekly, daily with COUNT, workdays with UNTIL, monthly by
// day of month or nth weekday, yearly; a fifth with EXDATEs), 1,000 overrides
// (RECURRENCE-ID naming a real instance, picked by Almanac's engine: moved,
// cancelled or renamed), 20 VTIMEZONEs (CalendarZones.swift). 73% of the
// series are zoned, 15% UTC, 12% all-day. Padding as real exports carry it:
// DTSTAMP, CREATED, LAST-MODIFIED, SEQUENCE, ORGANIZER and ATTENDEEs with
// parameters, LOCATION, a DESCRIPTION of a few hundred bytes with TEXT
// escapes, a VALARM in some; lines folded at 75 octets, CRLF.
//
// DTSTART is always an instance of its rule, and no time falls in a DST gap:
// the peers then have no reason to differ (Tools/ics-differential/README.md).
// No X-WR-TIMEZONE.

import Almanac
import AlmanacCalendar
import AlmanacFoundation
import Foundation

/// The generated calendar and what it holds.
struct CalendarFile {
    let bytes: [UInt8]
    let series: Int
    let recurring: Int
    let overrides: Int
    let exdates: Int

    /// For the table: what the file holds.
    var text: String {
        "\(series.formatted) series (\(recurring.formatted) recurring), \(overrides.formatted) overrides, "
            + "\(generatedZones.count) VTIMEZONEs, \(bytes.count.formatted) bytes"
    }
}

extension Int {
    /// 10,000.
    var formatted: String {
        let s = String(self)
        var out = ""
        for (i, c) in s.enumerated() {
            if i > 0 && (s.count - i) % 3 == 0 && c != "-" { out += "," }
            out.append(c)
        }
        return out
    }
}

/// C2's week: Monday 2024-06-03 to Monday 2024-06-10, UTC.
let calendarWindow = try! Timestamp(utc: CivilDate(2024, 6, 3).at(0, 0))..<Timestamp(utc: CivilDate(2024, 6, 10).at(0, 0))

/// The calendar, generated once per process (about a second).
let calendarFile: CalendarFile = {
    var generator = CalendarGenerator(seed: 0xCA1E_11DA)
    return generator.make()
}()

/// How a series writes its times.
enum SeriesForm {
    case zoned(GeneratedZone)
    case utc
    case allDay

    /// `DTSTART;TZID=Europe/Berlin:20240603T090000`, `DTSTART:20240603T070000Z`, `DTSTART;VALUE=DATE:20240603`.
    func line(_ name: String, _ t: CivilDateTime) -> String {
        switch self {
        case .zoned(let z): return name + z.parameter + ":" + t.rfc5545
        case .utc: return name + ":" + t.rfc5545 + "Z"
        case .allDay: return name + ";VALUE=DATE:" + t.date.rfc5545
        }
    }

    /// An EXDATE property listing `ts`.
    func exdate(_ ts: [CivilDateTime]) -> String {
        switch self {
        case .zoned(let z): return "EXDATE" + z.parameter + ":" + ts.map(\.rfc5545).joined(separator: ",")
        case .utc: return "EXDATE:" + ts.map { $0.rfc5545 + "Z" }.joined(separator: ",")
        case .allDay: return "EXDATE;VALUE=DATE:" + ts.map(\.date.rfc5545).joined(separator: ",")
        }
    }

    /// RRULE's UNTIL for a last day: the day's end as UTC (RFC 5545 3.3.10:
    /// UTC for zoned DTSTARTs), or the date for all-day series.
    func until(_ day: CivilDate) -> String {
        switch self {
        case .allDay: return day.rfc5545
        case .utc: return try! day.at(23, 59, 59).rfc5545 + "Z"
        case .zoned(let z):
            let t = try! Timestamp(utc: day.at(23, 59, 59)) + Int64(-z.standard)
            return t.utc!.rfc5545 + "Z"
        }
    }
}

/// One series while the file is made: its lines (without END:VEVENT), where
/// EXDATEs go, and its overrides.
struct SeriesDraft {
    var uid: String
    var form: SeriesForm
    var summary: String
    var lines: [String]
    /// Minutes (timed) or days (all-day) per instance.
    var length: Int
    /// The index of the RRULE line (EXDATE follows it); nil for a one-off.
    var ruleLine: Int?
    var exdates: [String] = []
    var overrides: [[String]] = []
}

struct CalendarGenerator {
    var rng: SplitMix64
    init(seed: UInt64) { rng = SplitMix64(seed) }

    static let seriesCount = 10_000
    static let overrideCount = 1_000
    static let day2020 = try! CivilDate(2020, 1, 1).daysSinceEpoch
    static let days = try! CivilDate(2027, 1, 1).daysSinceEpoch - day2020

    mutating func chance(_ percent: Int) -> Bool { rng.int(100) < percent }
    mutating func pick<T>(_ xs: [T]) -> T { xs[rng.int(xs.count)] }

    /// Masters first, read back with Almanac to pick EXDATEs and overrides
    /// among real instances; then the whole file.
    mutating func make() -> CalendarFile {
        var drafts = (0..<Self.seriesCount).map { makeSeries($0) }
        let masters: EventCalendar
        do { masters = try EventCalendar(ics: render(drafts)) } catch { fatalError("the generated masters do not read: \(error)") }
        precondition(masters.events.count == drafts.count, "the masters read as \(masters.events.count) series")
        var exdates = 0
        var taken: [Int: Set<CivilDateTime>] = [:]
        for j in drafts.indices where drafts[j].ruleLine != nil && chance(20) {
            let instances = firstInstances(masters.events[j])
            guard instances.count > 5 else { continue }
            let picked = Set((0..<(1 + rng.int(4))).map { _ in instances[1 + rng.int(instances.count - 1)] }).sorted()
            taken[j, default: []].formUnion(picked)
            if chance(50) {
                drafts[j].exdates = [drafts[j].form.exdate(picked)]
            } else {
                drafts[j].exdates = picked.map { drafts[j].form.exdate([$0]) }
            }
            exdates += picked.count
        }
        let recurring = drafts.indices.filter { drafts[$0].ruleLine != nil }
        var overrides = 0
        while overrides < Self.overrideCount {
            let j = pick(recurring)
            let pool = chance(30) ? nearWindow(masters.events[j]) : firstInstances(masters.events[j])
            guard pool.count > 1 else { continue }
            let t = pool[1 + rng.int(pool.count - 1)]
            guard taken[j, default: []].insert(t).inserted else { continue }
            drafts[j].overrides.append(makeOverride(drafts[j], instance: t))
            overrides += 1
        }
        return CalendarFile(bytes: render(drafts), series: drafts.count, recurring: recurring.count,
                            overrides: overrides, exdates: exdates)
    }

    /// The wall-clock starts of a series' first 300 instances (Almanac's engine).
    func firstInstances(_ e: CalendarEvent) -> [CivilDateTime] {
        do { return try e.recurrence.occurrences().prefix(300).map(\.start) } catch { fatalError("\(e.id): \(error)") }
    }

    /// The starts of a series' instances within two weeks of C2's window.
    func nearWindow(_ e: CalendarEvent) -> [CivilDateTime] {
        let from = try! calendarWindow.lowerBound.utc!.date.adding(days: -14), to = try! calendarWindow.upperBound.utc!.date.adding(days: 14)
        do { return try e.recurrence.occurrences(in: .dates(from..<to)).map(\.start) } catch { fatalError("\(e.id): \(error)") }
    }

    /// The file: header, VTIMEZONEs, each series followed by its overrides.
    func render(_ drafts: [SeriesDraft]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(11_000_000)
        for l in ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Almanac//Benchmark calendar generator 1//EN",
                  "CALSCALE:GREGORIAN", "METHOD:PUBLISH", "X-WR-CALNAME:Team calendar (generated)"] {
            appendFolded(l, to: &out)
        }
        for z in generatedZones { for l in z.lines { appendFolded(l, to: &out) } }
        for d in drafts {
            let cut = (d.ruleLine ?? d.lines.count - 1) + 1
            for l in d.lines[..<cut] { appendFolded(l, to: &out) }
            for l in d.exdates { appendFolded(l, to: &out) }
            for l in d.lines[cut...] { appendFolded(l, to: &out) }
            appendFolded("END:VEVENT", to: &out)
            for o in d.overrides { for l in o { appendFolded(l, to: &out) } }
        }
        appendFolded("END:VCALENDAR", to: &out)
        return out
    }
}

/// Appends a content line, folded at 75 octets (RFC 5545 3.1: CRLF and a
/// space; never inside a UTF-8 sequence), with its CRLF.
func appendFolded(_ line: String, to out: inout [UInt8]) {
    var rest = Substring(line).utf8[...]
    var limit = 75
    while rest.count > limit {
        var cut = rest.index(rest.startIndex, offsetBy: limit)
        while rest[cut] & 0xC0 == 0x80 { cut = rest.index(before: cut) }
        out.append(contentsOf: rest[..<cut])
        out.append(contentsOf: [13, 10, 32])
        rest = rest[cut...]
        limit = 74
    }
    out.append(contentsOf: rest)
    out.append(contentsOf: [13, 10])
}
