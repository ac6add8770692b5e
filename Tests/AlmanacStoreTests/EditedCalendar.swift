import Almanac
import AlmanacCalendar
import AlmanacTestSupport

/// A generated calendar that a sync layer would fetch again and again,
/// edited between fetches the ways users edit: move a series, cancel an
/// instance, retitle, change the rule, move one instance, delete a
/// series, add one. Each state is written as iCalendar text.
struct EditedCalendar {
    enum Form: CaseIterable { case paris, newYork, utc, floating, allDay }

    struct Series {
        var uid: String
        var title: String
        var form: Form
        /// Local start, in seconds since 1970-01-01T00:00 (wall clock).
        var start: Int64
        /// Minutes (timed) or days (all day).
        var length: Int
        var rule: String?
        /// Recurrence ids (local seconds) excluded by EXDATE.
        var excluded: [Int64] = []
        var overrides: [Override] = []
    }

    struct Override {
        var rid: Int64
        var shift: Int64
        var title: String
        var cancelled: Bool
    }

    static let rules = [
        "FREQ=DAILY;COUNT=12", "FREQ=DAILY;INTERVAL=3", "FREQ=WEEKLY;BYDAY=MO,WE,FR", "FREQ=WEEKLY;INTERVAL=2;COUNT=15",
        "FREQ=MONTHLY;BYMONTHDAY=1,15", "FREQ=MONTHLY;BYDAY=-1FR;COUNT=8", "FREQ=YEARLY;COUNT=3", "FREQ=HOURLY;INTERVAL=7;COUNT=30",
    ]
    /// 2024-01-01T00:00 in local seconds.
    static let base: Int64 = 1_704_067_200

    var series: [Series] = []
    var next = 0
    var rng: SplitMix64

    init(seed: UInt64, count: Int) {
        rng = SplitMix64(seed: seed)
        for _ in 0..<count { add() }
    }

    mutating func add() {
        let form = rng.pick(Form.allCases)
        let day = Int64(rng.int(0...500))
        let minutes = form == .allDay ? 0 : Int64(rng.int(0...95) * 15)
        let length = form == .allDay ? rng.int(1...3) : rng.pick([0, 30, 60, 90, 1440, 2000])
        next += 1
        series.append(Series(uid: "s\(next)@test", title: "Series \(next)", form: form, start: Self.base + day * 86_400 + minutes * 60,
                             length: length, rule: rng.chance(0.8) ? rng.pick(Self.rules) : nil))
    }

    /// One random edit; `instances` gives the recurrence ids of a series' instances as written now.
    mutating func edit(instances: (Series) -> [Int64]) -> String {
        guard !series.isEmpty else { add(); return "add" }
        let i = rng.int(0...(series.count - 1))
        switch rng.int(0...7) {
        case 0:
            let shift = Int64(rng.pick([-26, -3, 1, 2, 24, 49])) * 3600
            series[i].start += series[i].form == .allDay ? (shift / 86_400 + 1) * 86_400 : shift
            return "move \(series[i].uid)"
        case 1:
            let ids = instances(series[i])
            guard let rid = ids.isEmpty ? nil : rng.pick(ids) else { return "cancel (none)" }
            if rng.chance(0.5) { series[i].excluded.append(rid) } else {
                series[i].overrides.append(Override(rid: rid, shift: 0, title: series[i].title, cancelled: true))
            }
            return "cancel \(series[i].uid)"
        case 2:
            series[i].title += "'"
            return "retitle \(series[i].uid)"
        case 3:
            series[i].rule = rng.chance(0.85) ? rng.pick(Self.rules) : nil
            return "rule \(series[i].uid)"
        case 4:
            let ids = instances(series[i])
            guard let rid = ids.isEmpty ? nil : rng.pick(ids) else { return "override (none)" }
            let shift = series[i].form == .allDay ? Int64(rng.int(1...2)) * 86_400 : Int64(rng.pick([-90, 30, 120, 600])) * 60
            series[i].overrides.append(Override(rid: rid, shift: shift, title: "moved", cancelled: false))
            return "override \(series[i].uid)"
        case 5:
            let uid = series.remove(at: i).uid
            return "delete \(uid)"
        default:
            add()
            return "add"
        }
    }

    /// The calendar as iCalendar text.
    var text: String {
        var out = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Almanac//Store tests//EN\r\n"
        for s in series { out += Self.text(s, overrides: true) }
        return out + "END:VCALENDAR\r\n"
    }

    static func text(_ s: Series, overrides: Bool) -> String {
        var out = "BEGIN:VEVENT\r\nUID:\(s.uid)\r\nDTSTAMP:20240101T000000Z\r\n"
        out += "DTSTART\(value(s.start, s.form))\r\n"
        out += s.form == .allDay ? "DURATION:P\(s.length)D\r\n" : "DURATION:PT\(s.length)M\r\n"
        out += "SUMMARY:\(s.title)\r\n"
        if let r = s.rule { out += "RRULE:\(r)\r\n" }
        for x in s.excluded { out += "EXDATE\(value(x, s.form))\r\n" }
        out += "END:VEVENT\r\n"
        guard overrides else { return out }
        var seen = Set<Int64>()
        for o in s.overrides.reversed() where seen.insert(o.rid).inserted {
            out += "BEGIN:VEVENT\r\nUID:\(s.uid)\r\nDTSTAMP:20240101T000000Z\r\nRECURRENCE-ID\(value(o.rid, s.form))\r\n"
            out += "DTSTART\(value(o.rid + o.shift, s.form))\r\n"
            out += s.form == .allDay ? "DURATION:P\(s.length)D\r\n" : "DURATION:PT\(s.length)M\r\n"
            out += "SUMMARY:\(o.title)\r\n" + (o.cancelled ? "STATUS:CANCELLED\r\n" : "") + "END:VEVENT\r\n"
        }
        return out
    }

    /// A DTSTART-like property's parameters and value for local seconds `t`.
    static func value(_ t: Int64, _ form: Form) -> String {
        let c = CivilDateTime(localSeconds: t)!
        let d = format4(c.date.year) + two(c.date.month) + two(c.date.day)
        let time = "T" + two(c.time.hour) + two(c.time.minute) + two(c.time.second)
        switch form {
        case .paris: return ";TZID=Europe/Paris:" + d + time
        case .newYork: return ";TZID=America/New_York:" + d + time
        case .utc: return ":" + d + time + "Z"
        case .floating: return ":" + d + time
        case .allDay: return ";VALUE=DATE:" + d
        }
    }

    static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}

/// `n` with at least four digits.
func format4(_ n: Int) -> String {
    let digits = "\(n)"
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}
