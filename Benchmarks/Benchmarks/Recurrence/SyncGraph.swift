// S2's payload (issue 12): Microsoft Graph `/me/events` responses for
// 10,000 events, generated from a seed (the same bytes in every run and
// every process), compact as Graph writes them, in ten pages of 1,000
// (`@odata.nextLink`) concatenated.
//
// 9,000 series over 2020-2026, every third one a `seriesMaster` whose
// `recurrence` uses every pattern type (daily 15%, weekly 40% on 1-3 days
// with interval 1-2 and either first day of week, absoluteMonthly 12%,
// relativeMonthly 13% with first...fourth or last, absoluteYearly 10%,
// relativeYearly 10%) and every range type (endDate, noEnd, numbered, a
// third each); the others `singleInstance`. The start is the pattern's
// first match, so `startDate` is the start's date. 1,000 `exception` items
// naming a real instance (picked with Almanac's engine, through
// `GraphRecurrence.rule(start:)`) in `originalStart`: 70% moved, 30%
// `isCancelled`; and 500 dates in masters' `cancelledOccurrences`. 12%
// all-day; times in ten Windows zones (`W. Europe Standard Time`, `Pacific
// Standard Time`...), a quarter of the one-offs in `UTC`. Padding as Graph
// returns it: createdDateTime, changeKey, categories, reminders, an HTML
// body and its bodyPreview, importance, sensitivity, webLink, location(s),
// attendees, organizer, responseStatus, onlineMeeting.

import Almanac
import AlmanacSync

struct GraphGenerator {
    var g: CalendarGenerator
    init(seed: UInt64) { g = CalendarGenerator(seed: seed) }

    static let seriesCount = 9_000
    static let exceptionCount = 1_000
    static let cancelledOccurrenceCount = 500
    static let pageSize = 1_000
    static let zones = ["W. Europe Standard Time", "Pacific Standard Time", "Eastern Standard Time", "Central Standard Time",
                        "Mountain Standard Time", "GMT Standard Time", "Romance Standard Time", "AUS Eastern Standard Time",
                        "Tokyo Standard Time", "India Standard Time"]

    /// One series while the payload is made.
    struct Draft {
        var id: String
        var uid: String
        var zoneName: String
        var allDay: Bool
        var start: CivilDateTime
        /// Minutes (timed) or days (all-day).
        var length: Int
        var recurrence: GraphRecurrence?
        var summary: String
        var cancelledDates: [CivilDate] = []
        var exceptions: [JSONText] = []

        var zone: Zone { syncZone(zoneName) }
        var anchor: Anchor { allDay ? .date(start.date) : zoneName == "UTC" ? .utc(start) : .zoned(start, zone) }
    }

    mutating func make() -> SyncPayload {
        var drafts = (0..<Self.seriesCount).map { makeDraft($0) }
        var out = SyncPayload()
        var instances: [Int: [CivilDateTime]] = [:]
        for j in drafts.indices {
            guard let r = drafts[j].recurrence else { continue }
            let rule: RecurrenceRule
            do { rule = try r.rule(start: drafts[j].anchor) } catch { fatalError("sync payload: \(r): \(error)") }
            instances[j] = firstStarts(RecurrenceSet(start: drafts[j].anchor, rules: [rule]))
            out.forms[r.pattern.type.rawValue, default: 0] += 1
            out.forms["range " + r.range.type.rawValue, default: 0] += 1
        }
        let recurring = drafts.indices.filter { drafts[$0].recurrence != nil }
        var taken: [Int: Set<CivilDate>] = [:]
        var cancelledDates = 0
        while out.moved + out.cancelled + cancelledDates < Self.exceptionCount + Self.cancelledOccurrenceCount {
            let j = g.pick(recurring)
            // One change per date: a cancelled date names the day's instance.
            guard let t = pickInstances(instances[j]!, 1, &g.rng).first, taken[j, default: []].insert(t.date).inserted else { continue }
            if cancelledDates < Self.cancelledOccurrenceCount && g.chance(33) {
                drafts[j].cancelledDates.append(t.date)
                cancelledDates += 1
            } else if out.moved + out.cancelled < Self.exceptionCount {
                let moved = g.chance(70)
                drafts[j].exceptions.append(exception(drafts[j], instance: t, moved: moved))
                if moved { out.moved += 1 } else { out.cancelled += 1 }
            }
        }
        out.cancelledOccurrences = cancelledDates
        var items: [JSONText] = []
        for d in drafts {
            items.append(seriesItem(d))
            items += d.exceptions
        }
        (out.items, out.series, out.recurring) = (items.count, drafts.count, recurring.count)
        out.allDay = drafts.filter(\.allDay).count
        for start in stride(from: 0, to: items.count, by: Self.pageSize) {
            var page: [(String, JSONText)] = [("@odata.context", .string("https://graph.microsoft.com/v1.0/$metadata#users('alex.doe%40example.com')/events"))]
            if start + Self.pageSize < items.count {
                page.append(("@odata.nextLink", .string("https://graph.microsoft.com/v1.0/me/events?$top=1000&$skip=\(start + Self.pageSize)")))
            }
            page.append(("value", .array(Array(items[start..<min(items.count, start + Self.pageSize)]))))
            out.append(page: .object(page), pretty: false)
        }
        return out
    }

    mutating func makeDraft(_ i: Int) -> Draft {
        let allDay = g.chance(12)
        var day = CivilDate(daysSinceEpoch: CalendarGenerator.day2020 + g.rng.int(CalendarGenerator.days))!
        var recurrence: GraphRecurrence?
        if i % 3 == 0 { (recurrence, day) = makeRecurrence(day) }
        let zoneName = !allDay && recurrence == nil && g.chance(25) ? "UTC" : g.pick(Self.zones)
        let length = allDay ? (recurrence != nil || g.chance(80) ? 1 : 2 + g.rng.int(3)) : g.pick([15, 30, 30, 45, 60, 60, 60, 90, 120])
        return Draft(id: graphID(), uid: "040000008200E00074C5B7101A82E00800000000" + g.rng.token(72, "0123456789ABCDEF"), zoneName: zoneName,
                     allDay: allDay, start: try! CivilDateTime(day, allDay ? CivilTime(0, 0, 0) : CivilTime(8 + g.rng.int(12), 15 * g.rng.int(4), 0)),
                     length: length, recurrence: recurrence, summary: g.pick(summaries))
    }

    /// A pattern that `day` matches (it may move `day` so that it does), and a range from it.
    mutating func makeRecurrence(_ day: CivilDate) -> (GraphRecurrence, CivilDate) {
        var day = day
        let w = day.weekday
        let first = try! CivilDate(day.year, day.month, 1)
        let monthLength = try! (day.month == 12 ? CivilDate(day.year + 1, 1, 1) : CivilDate(day.year, day.month + 1, 1)).daysSinceEpoch - first.daysSinceEpoch
        func index(_ d: CivilDate) -> GraphRecurrence.WeekIndex {
            d.day > 28 || (d.day + 7 > monthLength && g.chance(50)) ? .last : [.first, .second, .third, .fourth][(d.day - 1) / 7]
        }
        var p: GraphRecurrence.Pattern
        switch g.rng.int(100) {
        case 0..<15: p = .init(type: .daily, interval: g.pick([1, 1, 1, 2, 3]))
        case 15..<55:
            var days: Set<Weekday> = [w]
            let n = 1 + g.rng.int(3)
            while days.count < n { days.insert(Weekday(rawValue: 1 + g.rng.int(5))!) }
            p = .init(type: .weekly, interval: g.pick([1, 1, 1, 1, 2]), daysOfWeek: days.sorted(), firstDayOfWeek: g.pick([.sunday, .monday]))
        case 55..<67:
            day = try! CivilDate(day.year, day.month, min(day.day, 28))
            p = .init(type: .absoluteMonthly, dayOfMonth: day.day)
        case 67..<80: p = .init(type: .relativeMonthly, daysOfWeek: [w], index: index(day))
        case 80..<90:
            if day.month == 2 && day.day == 29 { day = try! day.adding(days: -1) }
            p = .init(type: .absoluteYearly, dayOfMonth: day.day, month: day.month)
        default: p = .init(type: .relativeYearly, daysOfWeek: [w], month: day.month, index: index(day))
        }
        let range: GraphRecurrence.Range
        switch g.rng.int(3) {
        case 0: range = try! .init(type: .endDate, startDate: day, endDate: day.adding(days: 30 * (2 + g.rng.int(23))))
        case 1: range = .init(type: .noEnd, startDate: day)
        default: range = .init(type: .numbered, startDate: day, numberOfOccurrences: 5 + g.rng.int(56))
        }
        return (GraphRecurrence(pattern: p, range: range), day)
    }

    mutating func graphID() -> String { "AAMkAGI2" + g.rng.token(140, base64URL) + "AAA=" }

    /// `{"dateTime": "2024-05-06T09:00:00.0000000", "timeZone": "Pacific Standard Time"}`.
    func time(_ d: Draft, _ t: CivilDateTime) -> JSONText {
        .object([("dateTime", .string(t.description + ".0000000")), ("timeZone", .string(d.zoneName))])
    }

    func end(_ d: Draft, _ start: CivilDateTime) -> CivilDateTime {
        try! d.allDay ? CivilDateTime(start.date.adding(days: d.length), start.time) : CivilDateTime(localSeconds: start.localSeconds + Int64(60 * d.length))!
    }

    /// `patternedRecurrence` with every field, as Graph writes it.
    func recurrence(_ d: Draft) -> JSONText {
        guard let r = d.recurrence else { return .null }
        let p = r.pattern, range = r.range
        return .object([
            ("pattern", .object([("type", .string(p.type.rawValue)), ("interval", .number(p.interval)), ("month", .number(p.month)),
                                 ("dayOfMonth", .number(p.dayOfMonth)), ("daysOfWeek", .array(p.daysOfWeek.map { .string(graphDay($0)) })),
                                 ("firstDayOfWeek", .string(graphDay(p.firstDayOfWeek))), ("index", .string(p.index.rawValue))])),
            ("range", .object([("type", .string(range.type.rawValue)), ("startDate", .string(range.startDate.description)),
                               ("endDate", .string(range.endDate?.description ?? "0001-01-01")), ("recurrenceTimeZone", .string(d.zoneName)),
                               ("numberOfOccurrences", .number(range.numberOfOccurrences))])),
        ])
    }

    mutating func seriesItem(_ d: Draft) -> JSONText {
        let type = d.recurrence == nil ? "singleInstance" : "seriesMaster"
        var m = fields(d, id: d.id, type: type, subject: d.summary, start: d.start, cancelled: false, masterID: nil, created: d.start.date)
        m.insert(("recurrence", recurrence(d)), at: m.count - 3)
        if d.recurrence != nil {
            m.append(("cancelledOccurrences", .array(d.cancelledDates.map { .string("OID.\(d.id).\($0)") })))
        }
        return .object(m)
    }

    /// An exception item: moved, or cancelled at its original time.
    mutating func exception(_ d: Draft, instance t: CivilDateTime, moved: Bool) -> JSONText {
        let original = d.allDay ? d.zone.startOfDay(t.date) : try! d.zone.timestamp(for: t)
        var start = t
        if moved {
            start = try! d.allDay ? CivilDateTime(t.date.adding(days: g.pick([-1, 1, 2])), t.time)
                : CivilDateTime(localSeconds: t.localSeconds + 60 * Int64(g.pick([60, 120, -60, 1440, 30])))!
        }
        var m = fields(d, id: graphID(), type: "exception", subject: d.summary + (moved && g.chance(50) ? " (moved)" : ""), start: start,
                       cancelled: !moved, masterID: d.id, created: t.date)
        m.insert(("originalStart", .string(original.utc!.description + "Z")), at: m.count - 3)
        return .object(m)
    }

    /// Every field of an event but `recurrence` and `originalStart`, which go
    /// before the last three (attendees, organizer, onlineMeeting).
    mutating func fields(_ d: Draft, id: String, type: String, subject: String, start: CivilDateTime, cancelled: Bool,
                         masterID: String?, created: CivilDate) -> [(String, JSONText)] {
        let changeKey = g.rng.token(40, base64)
        let made = g.rng.before(created, days: 90)
        let text = description()
        let location = g.chance(60) ? g.pick(locations) : ""
        let place: JSONText = .object([("displayName", .string(location)), ("locationType", .string("default")),
                                       ("uniqueId", .string(location)), ("uniqueIdType", .string(location.isEmpty ? "unknown" : "private"))])
        let organizer = g.pick(people)
        let teams = g.chance(40)
        return [
            ("@odata.etag", .string("W/\"\(changeKey)\"")), ("id", .string(id)),
            ("createdDateTime", .string(made.description + "." + g.rng.token(7, "0123456789") + "Z")),
            ("lastModifiedDateTime", .string(CivilDateTime(localSeconds: made.localSeconds + Int64(g.rng.int(86_400 * 30)))!.description + "." + g.rng.token(7, "0123456789") + "Z")),
            ("changeKey", .string(changeKey)), ("categories", .array(g.chance(20) ? [.string(g.pick(["Blue category", "Red category", "Travel"]))] : [])),
            ("transactionId", .null), ("originalStartTimeZone", .string(d.zoneName)), ("originalEndTimeZone", .string(d.zoneName)),
            ("iCalUId", .string(d.uid)), ("reminderMinutesBeforeStart", .number(g.pick([0, 5, 15, 15, 30]))), ("isReminderOn", .bool(g.chance(80))),
            ("hasAttachments", .bool(g.chance(10))), ("subject", .string(subject)),
            ("bodyPreview", .string(String(text.prefix(255)))), ("importance", .string("normal")), ("sensitivity", .string(g.chance(90) ? "normal" : "private")),
            ("isAllDay", .bool(d.allDay)), ("isCancelled", .bool(cancelled)), ("isOrganizer", .bool(true)), ("responseRequested", .bool(true)),
            ("seriesMasterId", masterID.map { .string($0) } ?? .null), ("showAs", .string(g.chance(95) ? "busy" : "tentative")), ("type", .string(type)),
            ("webLink", .string("https://outlook.office365.com/owa/?itemid=" + id.replacingPercent + "&exvsurl=1&path=/calendar/item")),
            ("onlineMeetingUrl", .null), ("isOnlineMeeting", .bool(teams)), ("onlineMeetingProvider", .string(teams ? "teamsForBusiness" : "unknown")),
            ("allowNewTimeProposals", .bool(true)), ("occurrenceId", .null), ("isDraft", .bool(false)), ("hideAttendees", .bool(false)),
            ("responseStatus", .object([("response", .string("organizer")), ("time", .string("0001-01-01T00:00:00Z"))])),
            ("body", .object([("contentType", .string("html")), ("content", .string(
                "<html>\r\n<head>\r\n<meta http-equiv=\"Content-Type\" content=\"text/html; charset=utf-8\">\r\n</head>\r\n<body>\r\n<div>"
                    + text.replacingNewlines + "</div>\r\n</body>\r\n</html>\r\n"))])),
            ("start", time(d, start)), ("end", time(d, end(d, start))), ("location", place), ("locations", .array(location.isEmpty ? [] : [place])),
            ("attendees", .array((0..<g.rng.int(5)).map { _ in attendee() })),
            ("organizer", .object([("emailAddress", .object([("name", .string(organizer.0)), ("address", .string(organizer.1))]))])),
            ("onlineMeeting", teams ? .object([("joinUrl", .string("https://teams.microsoft.com/l/meetup-join/19%3ameeting_" + g.rng.token(48, base64URL) + "%40thread.v2/0"))]) : .null),
        ]
    }

    mutating func attendee() -> JSONText {
        let p = g.pick(people)
        return .object([("type", .string(g.pick(["required", "required", "optional"]))),
                        ("status", .object([("response", .string(g.pick(["none", "accepted", "tentativelyAccepted", "declined"]))),
                                            ("time", .string("0001-01-01T00:00:00Z"))])),
                        ("emailAddress", .object([("name", .string(p.0)), ("address", .string(p.1))]))])
    }

    /// 90-600 bytes of sentences.
    mutating func description() -> String {
        var s = ""
        let target = 90 + g.rng.int(510)
        while s.utf8.count < target { s += g.pick(sentences) + (g.chance(25) ? "\n" : " ") }
        return String(s.dropLast())
    }
}

/// `monday`.
func graphDay(_ d: Weekday) -> String {
    ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"][d.rawValue - 1]
}

extension String {
    /// An id in a URL's query: `+`, `/` and `=` percent-encoded.
    var replacingPercent: String {
        var s = ""
        for c in self {
            switch c {
            case "+": s += "%2B"
            case "/": s += "%2F"
            case "=": s += "%3D"
            default: s.append(c)
            }
        }
        return s
    }

    /// Line breaks as HTML breaks.
    var replacingNewlines: String { split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "<br>\r\n") }
}

/// S2's payload, generated once per process.
let graphPayload: SyncPayload = {
    var generator = GraphGenerator(seed: 0x6_7A9)
    return generator.make()
}()
