import Almanac
import AlmanacAvailability
import AlmanacCalendar
import AlmanacTestSupport
import PropertyBased
import Synchronization
import Testing

/// A generated free/busy case: calendars of events (one-off and daily
/// series, timed in UTC, Paris or New York across the spring DST change,
/// or all day; TRANSP, STATUS and overrides that move, cancel, clear or
/// make tentative an instance, now and then for THISANDFUTURE), to-dos and
/// VFREEBUSY periods, a window and a viewer. A pure function of its seed;
/// it shrinks by dropping events.
struct FreeBusyCase: Sendable, CustomTestStringConvertible {
    var seed: UInt64
    /// Each calendar's components, as .ics lines.
    var components: [[[String]]]
    /// The VFREEBUSY periods each calendar publishes (minutes from the base, length, FBTYPE).
    var published: [[(start: Int, length: Int, type: String)]]
    var window: Range<Timestamp>
    var viewer: Zone
    var allDay: FreeBusyOptions.AllDay

    /// 2024-03-28T00:00:00 (Paris changes to summer time on the 31st).
    static let base = CivilDateTime(CivilDate(_unchecked: 2024, 3, 28), .midnight)
    static let zones = ["UTC", "Europe/Paris", "America/New_York"]

    init(seed: UInt64) {
        var g = SplitMix64(seed: seed)
        self.seed = seed
        let calendars = g.int(1...3)
        components = (0..<calendars).map { k in (0..<g.int(0...8)).map { i in Self.component(&g, uid: "e\(k)-\(i)").flatMap { $0 } } }
        published = (0..<calendars).map { _ in
            g.chance(0.3) ? (0..<g.int(1...4)).map { _ in (g.int(0...7200), g.int(1...300), g.pick(["BUSY", "BUSY-TENTATIVE", "BUSY-UNAVAILABLE", "FREE", "X-OOF"])) } : []
        }
        let lo = Timestamp(utc: Self.base) + Int64(g.int(0...5000)) * 60
        window = lo..<(lo + Int64(g.int(1...2880)) * 60)
        viewer = try! Zone(g.pick(Self.zones))
        allDay = g.chance(0.5) ? .busy : .free
    }

    /// A local time `m` minutes after the base, as an RFC 5545 value.
    static func value(_ m: Int, zone: String) -> String {
        let c = CivilDateTime(_localSeconds: Int(base.localSeconds) + m * 60)
        return zone == "UTC" ? ":" + c.rfc5545 + "Z" : ";TZID=\(zone):" + c.rfc5545
    }

    static func component(_ g: inout SplitMix64, uid: String) -> [[String]] {
        if g.chance(0.1) {
            return [["BEGIN:VTODO", "UID:\(uid)", "DTSTART:20240328T090000Z", "DUE:20240330T090000Z", "END:VTODO"]]
        }
        var lines = ["BEGIN:VEVENT", "UID:\(uid)"]
        let allDay = g.chance(0.15), zone = g.pick(zones)
        let start = g.int(0...6000) / 15 * 15, length = g.pick([0, 15, 30, 60, 90, 240, 1500])
        let day = CivilDate(daysSinceEpoch: Int(base.date.daysSinceEpoch) + start / 1440)!
        if allDay {
            lines += ["DTSTART;VALUE=DATE:\(day.rfc5545)", "DTEND;VALUE=DATE:\(CivilDate(daysSinceEpoch: day.daysSinceEpoch + g.int(1...2))!.rfc5545)"]
        } else {
            lines += ["DTSTART" + value(start, zone: zone), "DURATION:PT\(length)M"]
        }
        if g.chance(0.15) { lines.append("TRANSP:TRANSPARENT") } else if g.chance(0.2) { lines.append("TRANSP:OPAQUE") }
        if g.chance(0.2) { lines.append("STATUS:" + g.pick(["TENTATIVE", "CONFIRMED", "CANCELLED"])) }
        let count = g.chance(0.5) ? g.int(2...6) : 1
        if count > 1 { lines.append("RRULE:FREQ=DAILY;COUNT=\(count)") }
        var out = [lines + ["END:VEVENT"]]
        for i in 1..<max(count, 1) where g.chance(0.3) {
            let original = start + i * 1440
            var o = ["BEGIN:VEVENT", "UID:\(uid)"]
            if allDay {
                let d = CivilDate(daysSinceEpoch: day.daysSinceEpoch + i)!.rfc5545
                o += ["RECURRENCE-ID;VALUE=DATE:\(d)", "DTSTART;VALUE=DATE:\(d)"]
            } else {
                o.append("RECURRENCE-ID" + (g.chance(0.15) ? ";RANGE=THISANDFUTURE" : "") + value(original, zone: zone))
                o.append("DTSTART" + value(original + g.pick([0, 0, 60, -120, 600]), zone: zone))
                o.append("DURATION:PT\(g.pick([length, 45]))M")
            }
            switch g.int(0...3) {
            case 0: o.append("STATUS:CANCELLED")
            case 1: o.append("STATUS:TENTATIVE")
            case 2: o.append("TRANSP:TRANSPARENT")
            default: break
            }
            out.append(o + ["END:VEVENT"])
        }
        return out
    }

    /// Calendar `k` as .ics text.
    func text(_ k: Int) -> String {
        var lines = components[k].flatMap { $0 }
        if !published[k].isEmpty {
            lines += ["BEGIN:VFREEBUSY", "UID:fb\(k)"]
            for p in published[k] {
                lines.append("FREEBUSY;FBTYPE=\(p.type):" + Self.value(p.start, zone: "UTC").dropFirst() + "/PT\(p.length)M")
            }
            lines.append("END:VFREEBUSY")
        }
        return ics(lines)
    }

    /// Cases of seeds `base + 1`, `base + 2`...
    static func cases(base: UInt64) -> Generator<FreeBusyCase, [FreeBusyCase]> {
        let counter = Counter()
        return Generator(run: { _ in FreeBusyCase(seed: base &+ counter.next()) }, shrink: { $0.shrinks() })
    }

    final class Counter: Sendable {
        let value = Atomic<UInt64>(0)
        func next() -> UInt64 { value.add(1, ordering: .relaxed).newValue }
    }

    /// Without one event (or one published period) at a time.
    func shrinks() -> [FreeBusyCase] {
        var out: [FreeBusyCase] = []
        for k in components.indices {
            for i in components[k].indices {
                var c = self
                c.components[k].remove(at: i)
                out.append(c)
            }
            if !published[k].isEmpty {
                var c = self
                c.published[k].removeLast()
                out.append(c)
            }
        }
        return out
    }

    var testDescription: String {
        "seed \(seed), window \(window), viewer \(viewer.identifier), all-day \(allDay)\n" + components.indices.map(text).joined(separator: "\n")
    }
}

/// RFC 5545's busy rules written out again, apart from the library's code:
/// 0 not busy, 1 BUSY-TENTATIVE, 2 BUSY, 3 BUSY-UNAVAILABLE.
private func oracleRank(_ o: CalendarOccurrence, allDay: FreeBusyOptions.AllDay) -> Int {
    if o.component == .todo || o.transparency == .transparent || o.status == .cancelled { return 0 }
    if o.occurrence.isAllDay && allDay == .free { return 0 }
    switch o.busyType?.rawValue ?? (o.status == .tentative ? "BUSY-TENTATIVE" : "BUSY") {
    case "FREE": return 0
    case "BUSY-TENTATIVE": return 1
    case "BUSY-UNAVAILABLE": return 3
    default: return 2
    }
}

private func oracleRank(_ type: String) -> Int {
    ["FREE": 0, "BUSY-TENTATIVE": 1, "BUSY-UNAVAILABLE": 3][type] ?? 2
}

@Suite(.serialized) struct FreeBusyPropertyTests {
    /// busyPeriods equals the union of the instances' intervals and the
    /// published periods computed minute by minute: every instance of a
    /// window three weeks wide (a plain scan, not the window's seek), the
    /// strongest type of those covering each minute of the window, runs of
    /// one type joined. The VFREEBUSY written from the result reads back as
    /// the same periods.
    @Test func busyPeriodsEqualTheUnionMinuteByMinute() async throws {
        let busy = FreeBusyCase.Counter(), mixed = FreeBusyCase.Counter()
        await propertyCheck(count: 300, input: FreeBusyCase.cases(base: 0xF8EE_B005)) { c in
            let calendars = try c.components.indices.map { k in try EventCalendar(ics: c.text(k)) }
            let got = FreeBusy.busyPeriods(of: calendars, overlapping: c.window, viewer: c.viewer, options: FreeBusyOptions(allDay: c.allDay))
            // Every instance of the whole generated span, filtered by the rules.
            let wide = (Timestamp(utc: FreeBusyCase.base) + -3 * 86_400)..<(Timestamp(utc: FreeBusyCase.base) + 21 * 86_400)
            var spans: [(Int64, Int64, Int)] = []
            for calendar in calendars {
                for o in calendar.occurrences(overlapping: wide, viewer: c.viewer) {
                    let r = o.occurrence.instants(in: c.viewer)
                    spans.append((r.lowerBound.secondsSinceEpoch, r.upperBound.secondsSinceEpoch, oracleRank(o, allDay: c.allDay)))
                }
            }
            for p in c.published.joined() {
                let s = Timestamp(utc: FreeBusyCase.base).secondsSinceEpoch + Int64(p.start) * 60
                spans.append((s, s + Int64(p.length) * 60, oracleRank(p.type)))
            }
            var expected: [BusyPeriod] = []
            let types: [FreeBusyType] = [.free, .busyTentative, .busy, .busyUnavailable]
            var m = c.window.lowerBound.secondsSinceEpoch
            while m < c.window.upperBound.secondsSinceEpoch {
                let rank = spans.reduce(0) { $1.0 <= m && m < $1.1 ? max($0, $1.2) : $0 }
                let next = Timestamp(secondsSinceEpoch: m + 60)
                if rank > 0 {
                    if let last = expected.last, last.type == types[rank], last.range.upperBound.secondsSinceEpoch == m {
                        expected[expected.count - 1].range = last.range.lowerBound..<next
                    } else {
                        expected.append(BusyPeriod(range: Timestamp(secondsSinceEpoch: m)..<next, type: types[rank]))
                    }
                }
                m += 60
            }
            #expect(got == expected)
            if !expected.isEmpty { _ = busy.next() }
            if Set(expected.map(\.type)).count > 1 { _ = mixed.next() }
            let back = try EventCalendar(ics: FreeBusy.icsText(got, window: c.window, stamp: c.window.lowerBound), options: .strict)
            #expect(back.busyPeriods(overlapping: c.window) == got)
        }
        // Most cases must have busy time, and many several types, or the property says little.
        #expect(busy.value.load(ordering: .relaxed) >= 150 && mixed.value.load(ordering: .relaxed) >= 30,
                "\(busy.value.load(ordering: .relaxed)) cases with busy time, \(mixed.value.load(ordering: .relaxed)) with several types")
    }
}
