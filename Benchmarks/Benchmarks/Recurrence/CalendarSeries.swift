// The VEVENTs of the C rows' calendar (CalendarFile.swift): series, their
// rules, overrides, and the padding real exports carry.

import Almanac

extension CalendarGenerator {
    /// Series `i`: every third one recurs.
    mutating func makeSeries(_ i: Int) -> SeriesDraft {
        let draw = rng.int(100)
        let form: SeriesForm = draw < 12 ? .allDay : draw < 27 ? .utc : .zoned(pick(generatedZones))
        var day = CivilDate(daysSinceEpoch: Self.day2020 + rng.int(Self.days))!
        let time = try! CivilTime(8 + rng.int(12), 15 * rng.int(4), 0)
        var length: Int
        if case .allDay = form { length = chance(80) ? 1 : 2 + rng.int(3) } else { length = pick([15, 30, 30, 45, 60, 60, 60, 90, 120, 180]) }
        var rule: String?
        if i % 3 == 0 { (rule, day) = makeRule(form, day) }
        if rule != nil, case .allDay = form { length = 1 }
        let start = CivilDateTime(day, time)
        let uid = makeUID()
        var lines = ["BEGIN:VEVENT", "UID:" + uid, "DTSTAMP:20250114T101500Z", form.line("DTSTART", start)]
        if case .allDay = form {
            try! lines.append(form.line("DTEND", CivilDateTime(day.adding(days: length), time)))
        } else if chance(85) {
            lines.append(form.line("DTEND", CivilDateTime(localSeconds: start.localSeconds + Int64(length * 60))!))
        } else {
            lines.append("DURATION:PT\(length / 60 > 0 ? "\(length / 60)H" : "")\(length % 60 > 0 ? "\(length % 60)M" : "")")
        }
        var ruleLine: Int?
        if let rule {
            ruleLine = lines.count
            lines.append("RRULE:" + rule)
        }
        let summary = pick(summaries)
        lines.append("SUMMARY:" + escapeText(summary))
        lines += padding(sequence: rng.int(4), created: day)
        return SeriesDraft(uid: uid, form: form, summary: summary, lines: lines, length: length, ruleLine: ruleLine)
    }

    /// A rule that produces `day` (which it may move so that it does), as
    /// calendars write them.
    mutating func makeRule(_ form: SeriesForm, _ day: CivilDate) -> (String, CivilDate) {
        var day = day
        let weekday = day.weekday
        func until(_ months: Int) -> String { try! ";UNTIL=" + form.until(day.adding(days: 30 * months)) }
        func byday(_ extra: Int) -> String {
            var days: Set<Weekday> = [weekday]
            while days.count < 1 + extra { days.insert(Weekday(rawValue: 1 + rng.int(5))!) }
            return days.sorted().map(\.twoLetters).joined(separator: ",")
        }
        if case .allDay = form {
            switch rng.int(10) {
            case 0..<6: if day.month == 2 && day.day == 29 { day = try! day.adding(days: -1) }; return ("FREQ=YEARLY", day)
            case 6..<8:
                day = try! CivilDate(day.year, day.month, min(day.day, 28))
                return ("FREQ=MONTHLY;BYMONTHDAY=\(day.day)" + (chance(50) ? ";COUNT=\(6 + rng.int(31))" : ""), day)
            default: return ("FREQ=WEEKLY;BYDAY=\(byday(0))" + until(3 + rng.int(22)), day)
            }
        }
        switch rng.int(100) {
        case 0..<28:
            return ("FREQ=WEEKLY" + (chance(20) ? ";INTERVAL=2" : "") + ";BYDAY=\(byday(rng.int(3)))" + until(3 + rng.int(22)), day)
        case 28..<40:
            return ("FREQ=WEEKLY;BYDAY=\(byday(rng.int(2)))" + (chance(30) ? ";WKST=SU" : ""), day)
        case 40..<55:
            return ("FREQ=DAILY" + (chance(25) ? ";INTERVAL=\(2 + rng.int(2))" : "") + ";COUNT=\(5 + rng.int(56))", day)
        case 55..<62:
            if weekday.rawValue > 5 { day = try! day.adding(days: 8 - weekday.rawValue) }
            return ("FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR" + until(1 + rng.int(6)), day)
        case 62..<75:
            day = try! CivilDate(day.year, day.month, min(day.day, 28))
            let end = [";COUNT=\(6 + rng.int(31))", until(6 + rng.int(30)), ""][rng.int(3)]
            return ("FREQ=MONTHLY;BYMONTHDAY=\(day.day)" + end, day)
        case 75..<88:
            let nth = day.day > 28 ? -1 : (day.day - 1) / 7 + 1
            let end = [";COUNT=\(6 + rng.int(31))", until(6 + rng.int(30)), ""][rng.int(3)]
            return ("FREQ=MONTHLY;BYDAY=\(nth)\(weekday.twoLetters)" + end, day)
        default:
            if day.month == 2 && day.day == 29 { day = try! day.adding(days: -1) }
            return ("FREQ=YEARLY" + (chance(40) ? ";COUNT=\(3 + rng.int(8))" : ""), day)
        }
    }

    /// An override of the instance starting at `t`: moved (55%), cancelled
    /// (30%) or renamed in place (15%).
    mutating func makeOverride(_ d: SeriesDraft, instance t: CivilDateTime) -> [String] {
        var start = t, status: String?
        var summary = d.summary
        switch rng.int(100) {
        case 0..<55:
            if case .allDay = d.form {
                start = try! CivilDateTime(t.date.adding(days: pick([-2, -1, 1, 2])), t.time)
            } else {
                start = CivilDateTime(localSeconds: t.localSeconds + 60 * Int64(pick([60, 120, 180, -60, 1440, -1440, 2880])))!
            }
            summary += " (moved)"
        case 55..<85: status = "CANCELLED"
        default: summary += " (updated)"
        }
        let end: CivilDateTime
        if case .allDay = d.form {
            end = try! CivilDateTime(start.date.adding(days: d.length), start.time)
        } else {
            end = CivilDateTime(localSeconds: start.localSeconds + Int64(d.length * 60))!
        }
        var lines = ["BEGIN:VEVENT", "UID:" + d.uid, d.form.line("RECURRENCE-ID", t), "DTSTAMP:20250114T101500Z",
                     d.form.line("DTSTART", start), d.form.line("DTEND", end), "SUMMARY:" + escapeText(summary)]
        if let status { lines.append("STATUS:" + status) }
        return lines + padding(sequence: 1 + rng.int(3), created: t.date) + ["END:VEVENT"]
    }

    /// UIDs as Google (`hex@google.com`), Apple (a UUID) and Outlook (a long hex blob) write them.
    mutating func makeUID() -> String {
        func hex(_ n: Int) -> String {
            var s = ""
            while s.count < n { s += String(rng.next(), radix: 16) }
            return String(s.prefix(n))
        }
        switch rng.int(3) {
        case 0: return hex(26) + "@google.com"
        case 1: return [hex(8), hex(4), hex(4), hex(4), hex(12)].joined(separator: "-").uppercased()
        default: return "040000008200E00074C5B7101A82E00800000000" + hex(72).uppercased()
        }
    }

    /// CREATED, LAST-MODIFIED, SEQUENCE, ORGANIZER, ATTENDEEs, LOCATION,
    /// DESCRIPTION, CLASS, TRANSP, and a VALARM in a third of the events.
    mutating func padding(sequence: Int, created: CivilDate) -> [String] {
        let made = try! created.adding(days: -rng.int(60)).at(rng.int(24), rng.int(60), rng.int(60)).rfc5545 + "Z"
        var lines = ["CREATED:" + made, "LAST-MODIFIED:" + made, "SEQUENCE:\(sequence)"]
        let organizer = pick(people)
        lines.append("ORGANIZER;CN=\"\(organizer.0)\":mailto:\(organizer.1)")
        for _ in 0..<rng.int(3) {
            let p = pick(people)
            lines.append("ATTENDEE;CUTYPE=INDIVIDUAL;ROLE=\(pick(["REQ-PARTICIPANT", "REQ-PARTICIPANT", "OPT-PARTICIPANT"]))"
                         + ";PARTSTAT=\(pick(["ACCEPTED", "NEEDS-ACTION", "TENTATIVE", "DECLINED"]));RSVP=TRUE"
                         + ";CN=\"\(p.0)\";X-NUM-GUESTS=0:mailto:\(p.1)")
        }
        lines.append("LOCATION:" + escapeText(pick(locations)))
        var description = ""
        let target = 90 + rng.int(260)
        while description.utf8.count < target { description += pick(sentences) + (chance(25) ? "\n" : " ") }
        lines.append("DESCRIPTION:" + escapeText(String(description.dropLast())))
        lines += ["CLASS:" + pick(["PUBLIC", "PUBLIC", "PRIVATE"]), "TRANSP:" + pick(["OPAQUE", "OPAQUE", "TRANSPARENT"])]
        if chance(33) {
            lines += ["BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Reminder", "TRIGGER:-PT\(pick([5, 10, 15, 30]))M", "END:VALARM"]
        }
        return lines
    }
}

/// RFC 5545 3.3.11 TEXT: backslash, semicolon, comma and newline escaped.
func escapeText(_ s: String) -> String {
    var out = ""
    for c in s {
        switch c {
        case "\\": out += "\\\\"
        case ";": out += "\\;"
        case ",": out += "\\,"
        case "\n": out += "\\n"
        default: out.append(c)
        }
    }
    return out
}

extension Weekday {
    /// `MO` ... `SU`.
    var twoLetters: String { ["MO", "TU", "WE", "TH", "FR", "SA", "SU"][rawValue - 1] }
}

let summaries = ["Team sync", "1:1 with Priya", "Budget review; Q3", "Sprint planning", "Dentist", "Yoga",
                 "Board meeting", "Customer call — Acme, Inc.", "Lunch with Jörg", "Release go/no-go", "Standup",
                 "Design review: calendar sync", "Interview (backend)", "Pick up kids", "Piano lesson",
                 "All hands", "Ops review", "Café with Zoë", "Training, module 3", "Quarterly planning"]
let locations = ["Room 4.12 (Berlin)", "https://meet.example.com/abc-defg-hij", "Café Müller, Königstraße 12, Stuttgart",
                 "Microsoft Teams Meeting", "HQ, 3rd floor; Aurora room", "Zoom: https://zoom.example.com/j/93847561234?pwd=a1b2c3",
                 "Home", "Building 7, Conference Room B", "Rue de Rivoli 99, 75001 Paris", "Dial-in: +1 555 0100, PIN 4421#"]
let people = [("Priya Nair", "priya.nair@example.com"), ("Jörg Müller", "joerg.mueller@example.de"),
              ("Zoë Martin", "zoe.martin@example.fr"), ("Łukasz Nowak", "lukasz.nowak@example.pl"),
              ("José García", "jose.garcia@example.es"), ("Amara Okafor", "amara.okafor@example.com"),
              ("Chen Wei", "chen.wei@example.cn"), ("Sam O'Brien", "sam.obrien@example.ie"),
              ("Yuki Tanaka", "yuki.tanaka@example.jp"), ("Alex Doe", "alex.doe@example.com"),
              ("Maria Rossi", "maria.rossi@example.it"), ("Noah Smith", "noah.smith@example.com")]
let sentences = ["Agenda: status, risks, next steps.", "Please review the attached document before the meeting.",
                 "Join with the link above; dial-in numbers are in the invitation.",
                 "Notes from last time are in the shared folder (Meetings/2024).",
                 "Bring your laptop; we will go through the numbers together.",
                 "If you cannot attend, send a delegate or your update by email.",
                 "Parking is available in the garage under the building, level -2.",
                 "Path on the share: \\\\fileserver\\team\\plans; ask IT for access.",
                 "Reminder: the room is booked until the hour, please finish on time.",
                 "Topics: hiring, budget, the Q3 roadmap, open questions."]
