// S1's payload (issue 12): a Google Calendar `events.list` response for
// 10,000 events, generated from a seed (the same bytes in every run and
// every process), pretty-printed as the API writes it, in four pages of
// 2,500 items (maxResults' ceiling) concatenated.
//
// 9,000 series over 2020-2026, every third one recurring with the rules of
// issue 11's calendar (CalendarSeries.swift: weekly with UNTIL or no end,
// DAILY with COUNT, workdays, monthly, yearly); a fifth of those with
// EXDATE lines (1-3 real instances, `EXDATE;TZID=...` or `;VALUE=DATE`);
// 1,000 exception items, each naming a real instance (picked with Almanac's
// engine) in `originalStartTime`: 60% moved (a full item), 40% cancelled
// (`status`, `recurringEventId`, `originalStartTime` only), placed after
// their series. 12% all-day, the rest in ten IANA zones with `timeZone`;
// a fifth of the timed one-offs carry an offset only (the page's
// `timeZone` applies). Padding as the API returns it: kind, etag,
// htmlLink, created, description, location, creator, organizer,
// attendees, hangoutLink and conferenceData, reminders, eventType.

import Almanac

struct GoogleGenerator {
    var g: CalendarGenerator
    init(seed: UInt64) { g = CalendarGenerator(seed: seed) }

    static let seriesCount = 9_000
    static let exceptionCount = 1_000
    static let pageSize = 2_500
    /// The IANA zones of issue 11's calendar (their standard offsets give UNTIL).
    static let zones = generatedZones.filter { !$0.isOutlook }

    /// One series while the payload is made.
    struct Draft {
        var id: String
        var uid: String
        var form: SeriesForm
        var start: CivilDateTime
        /// Minutes (timed) or days (all-day).
        var length: Int
        var rule: String?
        var summary: String
        var offsetOnly: Bool
        var exdates: [CivilDateTime] = []
        var exceptions: [JSONText] = []

        var zone: Zone? { if case .zoned(let z) = form { syncZone(z.tzid) } else { nil } }
        var anchor: Anchor { zone.map { .zoned(start, $0) } ?? .date(start.date) }
    }

    mutating func make() -> SyncPayload {
        var drafts = (0..<Self.seriesCount).map { makeDraft($0) }
        var out = SyncPayload()
        var instances: [Int: [CivilDateTime]] = [:]
        for j in drafts.indices where drafts[j].rule != nil {
            let d = drafts[j]
            let rule: RecurrenceRule
            do { rule = try RecurrenceRule(d.rule!) } catch { fatalError("sync payload: \(d.rule!): \(error)") }
            instances[j] = firstStarts(RecurrenceSet(start: d.anchor, rules: [rule]))
            let end = d.rule!.contains("UNTIL=") ? " UNTIL" : d.rule!.contains("COUNT=") ? " COUNT" : ""
            out.forms[String(d.rule!.split(separator: ";")[0].dropFirst(5)) + end, default: 0] += 1
            if g.chance(20) {
                drafts[j].exdates = pickInstances(instances[j]!, 1 + g.rng.int(3), &g.rng)
                out.exdates += drafts[j].exdates.count
            }
        }
        let recurring = drafts.indices.filter { drafts[$0].rule != nil }
        var taken: [Int: Set<CivilDateTime>] = [:]
        while out.moved + out.cancelled < Self.exceptionCount {
            let j = g.pick(recurring)
            guard let t = pickInstances(instances[j]!, 1, &g.rng).first, !drafts[j].exdates.contains(t),
                  taken[j, default: []].insert(t).inserted else { continue }
            let moved = g.chance(60)
            drafts[j].exceptions.append(exception(drafts[j], instance: t, moved: moved))
            if moved { out.moved += 1 } else { out.cancelled += 1 }
        }
        var items: [JSONText] = []
        for d in drafts {
            items.append(seriesItem(d))
            items += d.exceptions
        }
        out.items = items.count
        out.series = drafts.count
        out.recurring = recurring.count
        out.allDay = drafts.filter { $0.zone == nil }.count
        for (k, start) in stride(from: 0, to: items.count, by: Self.pageSize).enumerated() {
            let last = start + Self.pageSize >= items.count
            out.append(page: page(Array(items[start..<min(items.count, start + Self.pageSize)]), number: k, last: last), pretty: true)
        }
        return out
    }

    mutating func makeDraft(_ i: Int) -> Draft {
        let allDay = g.chance(12)
        let form: SeriesForm = allDay ? .allDay : .zoned(g.pick(Self.zones))
        var day = CivilDate(daysSinceEpoch: CalendarGenerator.day2020 + g.rng.int(CalendarGenerator.days))!
        var rule: String?
        if i % 3 == 0 { (rule, day) = g.makeRule(form, day) }
        let length = allDay ? (rule != nil || g.chance(80) ? 1 : 2 + g.rng.int(3)) : g.pick([15, 30, 30, 45, 60, 60, 60, 90, 120])
        let id = g.rng.token(26, "0123456789abcdefghijklmnopqrstuv")
        return try! Draft(id: id, uid: id + "@google.com", form: form, start: CivilDateTime(day, CivilTime(8 + g.rng.int(12), 15 * g.rng.int(4), 0)),
                     length: length, rule: rule, summary: g.pick(summaries), offsetOnly: rule == nil && !allDay && g.chance(20))
    }

    /// `{"dateTime": "...+02:00", "timeZone": "Europe/Paris"}` or `{"date": "2024-05-06"}`.
    func time(_ d: Draft, _ t: CivilDateTime, zoneField: Bool = true) -> JSONText {
        guard let zone = d.zone else { return .object([("date", .string(t.date.description))]) }
        var members: [(String, JSONText)] = [("dateTime", .string(rfc3339(t, offset: offsetSeconds(t, in: zone))))]
        if zoneField && !d.offsetOnly { members.append(("timeZone", .string(zone.identifier))) }
        return .object(members)
    }

    func end(_ d: Draft, _ start: CivilDateTime) -> CivilDateTime {
        try! d.zone == nil ? CivilDateTime(start.date.adding(days: d.length), start.time) : CivilDateTime(localSeconds: start.localSeconds + Int64(60 * d.length))!
    }

    /// The recurrence lines: the RRULE, then the EXDATEs (one line each, or one with a list).
    func recurrence(_ d: Draft) -> [String] {
        guard let rule = d.rule else { return [] }
        var lines = ["RRULE:" + rule]
        guard !d.exdates.isEmpty else { return lines }
        let values = d.exdates.map { d.zone == nil ? $0.date.rfc5545 : $0.rfc5545 }
        let name: String
        if case .zoned(let z) = d.form { name = "EXDATE;TZID=" + z.tzid } else { name = "EXDATE;VALUE=DATE" }
        if d.exdates.count > 1 && d.start.date.day % 2 == 0 {
            lines.append(name + ":" + values.joined(separator: ","))
        } else {
            lines += values.map { name + ":" + $0 }
        }
        return lines
    }

    mutating func seriesItem(_ d: Draft) -> JSONText {
        var members = head(id: d.id, status: "confirmed")
        members += details(d, summary: d.summary, start: d.start, sequence: g.rng.int(3), created: d.start.date)
        if d.rule != nil { members.insert(("recurrence", .array(recurrence(d).map { .string($0) })), at: members.count - 5) }
        return .object(members)
    }

    /// An exception item: moved (a full item) or cancelled (identity only).
    mutating func exception(_ d: Draft, instance t: CivilDateTime, moved: Bool) -> JSONText {
        let suffix = d.zone == nil ? t.date.rfc5545 : Timestamp(secondsSinceEpoch: t.localSeconds - Int64(offsetSeconds(t, in: d.zone!))).utc!.rfc5545 + "Z"
        var members = head(id: d.id + "_" + suffix, status: moved ? "confirmed" : "cancelled")
        let link: [(String, JSONText)] = [("recurringEventId", .string(d.id)), ("originalStartTime", time(d, t))]
        guard moved else { return .object(members + link) }
        let start = try! d.zone == nil ? CivilDateTime(t.date.adding(days: g.pick([-1, 1, 2])), t.time)
            : CivilDateTime(localSeconds: t.localSeconds + 60 * Int64(g.pick([60, 120, -60, 1440, 30])))!
        members += details(d, summary: d.summary + (g.chance(50) ? " (moved)" : ""), start: start, sequence: 1 + g.rng.int(3), created: t.date)
        members.insert(contentsOf: link, at: members.count - 5)
        return .object(members)
    }

    mutating func head(id: String, status: String) -> [(String, JSONText)] {
        [("kind", .string("calendar#event")), ("etag", .string("\"3\(g.rng.token(15, "0123456789"))\"")),
         ("id", .string(id)), ("status", .string(status))]
    }

    /// Every member after `status`. The last five are iCalUID, sequence,
    /// attendees, reminders and eventType: the recurrence fields go before them.
    mutating func details(_ d: Draft, summary: String, start: CivilDateTime, sequence: Int, created: CivilDate) -> [(String, JSONText)] {
        let made = g.rng.before(created, days: 90)
        let organizer = g.pick(people)
        var m: [(String, JSONText)] = [
            ("htmlLink", .string("https://www.google.com/calendar/event?eid=" + g.rng.token(70, base64URL))),
            ("created", .string(made.description + ".000Z")),
            ("updated", .string(CivilDateTime(localSeconds: made.localSeconds + Int64(g.rng.int(86_400 * 30)))!.description + "." + g.rng.token(3, "0123456789") + "Z")),
            ("summary", .string(summary)),
        ]
        if g.chance(70) { m.append(("description", .string(description()))) }
        if g.chance(60) { m.append(("location", .string(g.pick(locations)))) }
        m += [("creator", .object([("email", .string(organizer.1)), ("self", .bool(true))])),
              ("organizer", .object([("email", .string(organizer.1)), ("displayName", .string(organizer.0)), ("self", .bool(true))])),
              ("start", time(d, start)), ("end", time(d, end(d, start)))]
        if g.chance(30) {
            let code = g.rng.token(3, "abcdefghijklmnopqrstuvwxyz") + "-" + g.rng.token(4, "abcdefghijklmnopqrstuvwxyz") + "-" + g.rng.token(3, "abcdefghijklmnopqrstuvwxyz")
            m.append(("hangoutLink", .string("https://meet.google.com/" + code)))
            m.append(("conferenceData", .object([
                ("entryPoints", .array([.object([("entryPointType", .string("video")), ("uri", .string("https://meet.google.com/" + code)), ("label", .string("meet.google.com/" + code))])])),
                ("conferenceSolution", .object([("key", .object([("type", .string("hangoutsMeet"))])), ("name", .string("Google Meet")),
                                                ("iconUri", .string("https://fonts.gstatic.com/s/i/productlogos/meet_2020q4/v6/web-512dp/logo_meet_2020q4_color_2x_web_512dp.png"))])),
                ("conferenceId", .string(code)),
            ])))
        }
        m.append(("iCalUID", .string(d.uid)))
        m.append(("sequence", .number(sequence)))
        m.append(("attendees", .array((0..<g.rng.int(5)).map { _ in attendee() })))
        m.append(("reminders", g.chance(70) ? .object([("useDefault", .bool(true))])
            : .object([("useDefault", .bool(false)), ("overrides", .array([.object([("method", .string("popup")), ("minutes", .number(g.pick([5, 10, 30])))])]))])))
        m.append(("eventType", .string("default")))
        return m
    }

    mutating func attendee() -> JSONText {
        let p = g.pick(people)
        return .object([("email", .string(p.1)), ("displayName", .string(p.0)),
                        ("responseStatus", .string(g.pick(["accepted", "needsAction", "tentative", "declined"])))])
    }

    /// 90-420 bytes of sentences, some on lines of their own.
    mutating func description() -> String {
        var s = ""
        let target = 90 + g.rng.int(330)
        while s.utf8.count < target { s += g.pick(sentences) + (g.chance(25) ? "\n" : " ") }
        return String(s.dropLast())
    }

    /// A page of `events.list`: the calendar's fields, then the items.
    mutating func page(_ items: [JSONText], number: Int, last: Bool) -> JSONText {
        .object([
            ("kind", .string("calendar#events")), ("etag", .string("\"p3\(g.rng.token(14, "0123456789"))\"")),
            ("summary", .string("alex.doe@example.com")), ("description", .string("")),
            ("updated", .string("2025-01-14T10:15:0\(number).123Z")), ("timeZone", .string("Europe/Berlin")),
            ("accessRole", .string("owner")),
            ("defaultReminders", .array([.object([("method", .string("popup")), ("minutes", .number(10))])])),
            last ? ("nextSyncToken", .string("CPDAlvWDx70CEPDAlvWDx70CGAU=")) : ("nextPageToken", .string(g.rng.token(60, base64URL))),
            ("items", .array(items)),
        ])
    }
}

/// S1's payload, generated once per process.
let googlePayload: SyncPayload = {
    var generator = GoogleGenerator(seed: 0x600_61E)
    return generator.make()
}()
