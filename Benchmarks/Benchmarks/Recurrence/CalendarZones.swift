// The 20 VTIMEZONEs of the C rows' calendar (CalendarFile.swift): ten with
// IANA ids, written as Google and Apple write them (DTSTART in 1970), and ten
// with Outlook's display names, which no zone database knows, defined only
// by the file (DTSTART in 1601, as Outlook writes them). Every one has
// STANDARD and DAYLIGHT with yearly RRULEs; the rules are those in force
// in 2020-2026, so an Outlook zone gives the same instants as its IANA twin.

import Almanac

/// One VTIMEZONE of the generated calendar.
struct GeneratedZone {
    /// TZID: an IANA id or an Outlook display name.
    let tzid: String
    /// Standard and daylight offsets, in seconds east of UTC.
    let standard: Int
    let daylight: Int
    /// Daylight time starts: month, BYDAY ordinal (-1 = last) of Sunday, and
    /// the local hour the clock jumps at (standard time).
    let start: (month: Int, nth: Int, hour: Int)
    /// Daylight time ends: month, ordinal of Sunday, local hour (daylight time).
    let end: (month: Int, nth: Int, hour: Int)
    /// TZNAMEs (IANA zones only; Outlook writes none).
    let names: (String, String)?

    /// Whether the TZID is an Outlook display name (quoted in TZID parameters).
    var isOutlook: Bool { names == nil }

    /// The TZID parameter: `;TZID=Europe/Berlin`, or quoted when the name has a comma.
    var parameter: String {
        tzid.contains(",") || tzid.contains(":") || tzid.contains(";") ? ";TZID=\"\(tzid)\"" : ";TZID=\(tzid)"
    }

    /// The VTIMEZONE's content lines.
    var lines: [String] {
        let year = isOutlook ? 1601 : 1970
        func onset(_ kind: String, _ r: (month: Int, nth: Int, hour: Int), from: Int, to: Int, name: String?) -> [String] {
            let day = nthSunday(year, r.month, r.nth)
            var out = try! ["BEGIN:\(kind)", "DTSTART:\(day.at(r.hour, 0).rfc5545)",
                       "RRULE:FREQ=YEARLY;BYMONTH=\(r.month);BYDAY=\(r.nth)SU",
                       "TZOFFSETFROM:\(offsetText(from))", "TZOFFSETTO:\(offsetText(to))"]
            if let name { out.append("TZNAME:\(name)") }
            return out + ["END:\(kind)"]
        }
        var out = ["BEGIN:VTIMEZONE", "TZID:\(tzid)"]
        if !isOutlook { out.append("X-LIC-LOCATION:\(tzid)") }
        out += onset("STANDARD", end, from: daylight, to: standard, name: names?.0)
        out += onset("DAYLIGHT", start, from: standard, to: daylight, name: names?.1)
        return out + ["END:VTIMEZONE"]
    }
}

/// `+0100`, `-0430`.
func offsetText(_ seconds: Int) -> String {
    let a = abs(seconds) / 60
    return (seconds < 0 ? "-" : "+") + pad2(a / 60) + pad2(a % 60)
}

func pad2(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

/// The `nth` Sunday of a month (-1: the last).
func nthSunday(_ year: Int, _ month: Int, _ nth: Int) -> CivilDate {
    let first = try! CivilDate(year, month, 1)
    let firstSunday = try! first.adding(days: (7 - first.weekday.rawValue) % 7)
    if nth > 0 { return try! firstSunday.adding(days: 7 * (nth - 1)) }
    var d = firstSunday
    while let next = try? d.adding(days: 7), next.month == month { d = next }
    return d
}

private let usRules = (start: (month: 3, nth: 2, hour: 2), end: (month: 11, nth: 1, hour: 2))

/// The calendar's zones: IANA ids first, then Outlook names.
let generatedZones: [GeneratedZone] = {
    func us(_ id: String?, _ outlook: String?, _ std: Int, _ n: (String, String)) -> GeneratedZone {
        GeneratedZone(tzid: id ?? outlook!, standard: std * 3600, daylight: (std + 1) * 3600,
                      start: usRules.start, end: usRules.end, names: id == nil ? nil : n)
    }
    func eu(_ id: String?, _ outlook: String?, _ std: Int, _ n: (String, String)) -> GeneratedZone {
        // The EU changes at 01:00 UTC: 01:00 local in London, 02:00 in Berlin, 03:00 in Athens.
        GeneratedZone(tzid: id ?? outlook!, standard: std * 3600, daylight: (std + 1) * 3600,
                      start: (3, -1, 1 + std), end: (10, -1, 2 + std), names: id == nil ? nil : n)
    }
    let sydney = (start: (month: 10, nth: 1, hour: 2), end: (month: 4, nth: 1, hour: 3))
    let auckland = (start: (month: 9, nth: -1, hour: 2), end: (month: 4, nth: 1, hour: 3))
    return [
        us("America/New_York", nil, -5, ("EST", "EDT")),
        us("America/Chicago", nil, -6, ("CST", "CDT")),
        us("America/Denver", nil, -7, ("MST", "MDT")),
        us("America/Los_Angeles", nil, -8, ("PST", "PDT")),
        us("America/Halifax", nil, -4, ("AST", "ADT")),
        eu("Europe/London", nil, 0, ("GMT", "BST")),
        eu("Europe/Berlin", nil, 1, ("CET", "CEST")),
        eu("Europe/Paris", nil, 1, ("CET", "CEST")),
        eu("Europe/Athens", nil, 2, ("EET", "EEST")),
        GeneratedZone(tzid: "Australia/Sydney", standard: 36_000, daylight: 39_600,
                      start: sydney.start, end: sydney.end, names: ("AEST", "AEDT")),
        eu(nil, "(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna", 1, ("", "")),
        eu(nil, "(UTC+01:00) Brussels, Copenhagen, Madrid, Paris", 1, ("", "")),
        eu(nil, "(UTC+00:00) Dublin, Edinburgh, Lisbon, London", 0, ("", "")),
        eu(nil, "(UTC+02:00) Athens, Bucharest", 2, ("", "")),
        us(nil, "(UTC-05:00) Eastern Time (US & Canada)", -5, ("", "")),
        us(nil, "(UTC-06:00) Central Time (US & Canada)", -6, ("", "")),
        us(nil, "(UTC-07:00) Mountain Time (US & Canada)", -7, ("", "")),
        us(nil, "(UTC-08:00) Pacific Time (US & Canada)", -8, ("", "")),
        GeneratedZone(tzid: "(UTC+10:00) Canberra, Melbourne, Sydney", standard: 36_000, daylight: 39_600,
                      start: sydney.start, end: sydney.end, names: nil),
        GeneratedZone(tzid: "(UTC+12:00) Auckland, Wellington", standard: 43_200, daylight: 46_800,
                      start: auckland.start, end: auckland.end, names: nil),
    ]
}()
