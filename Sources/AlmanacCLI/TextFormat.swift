import Almanac

/// How dates, times and lengths read in the CLI's text output (English
/// names, 24-hour clock).
enum Text {
    static let weekdayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August",
                             "September", "October", "November", "December"]

    /// `Mon` ... `Sun`.
    static func weekday(_ w: Weekday) -> String { weekdayNames[w.rawValue - 1] }

    /// `Nov`.
    static func monthAbbreviation(_ month: Int) -> String { String(monthNames[month - 1].prefix(3)) }

    /// `November 2023`.
    static func monthTitle(_ date: CivilDate) -> String { monthNames[date.month - 1] + " " + String(date.year) }

    /// `Mon 27 Nov`.
    static func dayTitle(_ date: CivilDate) -> String {
        "\(weekday(date.weekday)) \(date.day) \(monthAbbreviation(date.month))"
    }

    /// `2023-11-27 Mon`.
    static func dateAndWeekday(_ date: CivilDate) -> String { "\(date) \(weekday(date.weekday))" }

    /// `09:30`, or `09:30:15` when the seconds are not zero.
    static func clock(_ t: CivilTime) -> String {
        let hm = pad2(t.hour) + ":" + pad2(t.minute)
        return t.second == 0 ? hm : hm + ":" + pad2(t.second)
    }

    /// An instant as RFC 3339 text in a zone: `2024-03-10T03:00:00-04:00`.
    static func instant(_ t: Timestamp, in zone: Zone) -> String {
        guard let (civil, offset) = zone.civil(at: t) else { return t.description }
        return civil.description + offset.description
    }

    /// The wall clock of a slice's start and end in the viewer's zone, as
    /// `(start, end, startOffset, endOffset)`. An end at the start of the next
    /// date reads `24:00`, with the offset in force just before it.
    static func sliceClock(_ s: DaySlice, in zone: Zone) -> (start: String, end: String, startOffset: Offset, endOffset: Offset) {
        let (startCivil, startOffset) = zone.civil(at: s.start) ?? (CivilDateTime(s.date, .midnight), .zero)
        if s.end > s.start, let next = try? s.date.adding(days: 1), s.end == zone.startOfDay(next) {
            let before = zone.offset(at: s.end + -1)
            return (clock(startCivil.time), "24:00", startOffset, before)
        }
        let (endCivil, endOffset) = zone.civil(at: s.end) ?? (startCivil, startOffset)
        return (clock(startCivil.time), clock(endCivil.time), startOffset, endOffset)
    }

    /// Elapsed seconds as `2h`, `1h30m`, `45m`, `23h`, `0m` (seconds only when not zero).
    static func length(_ seconds: Int64) -> String {
        if seconds == 0 { return "0m" }
        let sign = seconds < 0 ? "-" : ""
        let s = seconds.magnitude
        var out = sign
        if s >= 3600 { out += "\(s / 3600)h" }
        if s % 3600 >= 60 { out += "\((s % 3600) / 60)m" }
        if s % 60 != 0 { out += "\(s % 60)s" }
        return out
    }

    static func pad2(_ v: Int) -> String { v < 10 ? "0" + String(v) : String(v) }

    /// `s` followed by spaces up to `width` characters.
    static func padded(_ s: String, _ width: Int) -> String {
        let n = s.count
        return n >= width ? s : s + String(repeating: " ", count: width - n)
    }

    /// Spaces then `s`, up to `width` characters.
    static func leftPadded(_ s: String, _ width: Int) -> String {
        let n = s.count
        return n >= width ? s : String(repeating: " ", count: width - n) + s
    }

    /// Dates as a compact list: runs of three or more consecutive days become
    /// ranges. `[2, 3, 23, 24, 25, 31]` with `label` giving the day number
    /// and `dash` "–" reads `2, 3, 23–25, 31`.
    static func runs(_ dates: [CivilDate], dash: String = "–", label: (CivilDate) -> String) -> String {
        var parts: [String] = []
        var i = 0
        while i < dates.count {
            var j = i
            while j + 1 < dates.count, dates[j + 1].daysSinceEpoch == dates[j].daysSinceEpoch + 1 { j += 1 }
            if j - i >= 2 {
                parts.append(label(dates[i]) + dash + label(dates[j]))
            } else {
                for k in i...j { parts.append(label(dates[k])) }
            }
            i = j + 1
        }
        return parts.joined(separator: ", ")
    }
}

/// The fields every JSON form of a day slice starts with, in this order:
/// `"date","index","count","start","end"` (start and end as RFC 3339
/// instants in the viewer's zone).
struct SliceFields: Encodable {
    var date: String
    var index: Int
    var count: Int
    var start: String
    var end: String

    init(_ s: DaySlice, viewer: Zone) {
        date = s.date.description
        index = s.index
        count = s.count
        start = Text.instant(s.start, in: viewer)
        end = Text.instant(s.end, in: viewer)
    }
}
