import Almanac

/// A VEVENT or VTODO read into values: a series if it has no RECURRENCE-ID,
/// an override otherwise.
struct EventEntry {
    var component: CalendarEvent.Component
    var uid: String
    var start: Anchor
    var length: RecurrenceSet.Length?
    var rules: [RecurrenceRule] = []
    var exclusionRules: [RecurrenceRule] = []
    var dates: [Anchor] = []
    var periods: [CalendarEvent.RDatePeriod] = []
    var excludedDates: [Anchor] = []
    var recurrenceID: Anchor?
    var thisAndFuture = false
    var summary: String?
    var status: CalendarEvent.Status?
    var sequence: Int?
    var lastModified: Timestamp?
    var transparency = Transparency.opaque
    var busyType: FreeBusyType?
    var alarms: [Alarm] = []
    var line: Int
}

/// An RRULE or EXRULE as read, with its line (for ``EventReader/check(_:start:)``).
struct RuleLine {
    var rule: RecurrenceRule
    var line: Int
    var exclusion: Bool
}

/// Reads the properties of one VEVENT or VTODO (RFC 5545 sections 3.6.1,
/// 3.6.2 and 3.8).
struct EventReader {
    var zones: ZoneResolver
    /// The values of the lines read (the component reader's store, set
    /// while a component is read: see ``EntrySink``).
    var store: LineStore
    let lenient: Bool
    /// X-WR-TIMEZONE, when the options apply it to floating values.
    let calendarZone: Zone?
    var readings: [CalendarReading] = []
    /// The zone of each TZID met so far, by a hash of its bytes, with its
    /// bytes (see ``zone(of:)``; the store lets a component's lines go once
    /// it is read).
    private var zoneCache: [UInt64: (tzid: [UInt8], zone: Zone?)] = [:]
    /// The last TZID met and its zone: most lines name the zone of the
    /// line before (a comparison of bytes, no hash).
    private var lastZone: (tzid: [UInt8], zone: Zone?) = ([], nil)

    init(zones: ZoneResolver, store: LineStore, lenient: Bool, calendarZone: Zone?) {
        self.zones = zones
        self.store = store
        self.lenient = lenient
        self.calendarZone = calendarZone
    }

    func value(_ p: ContentLine) -> String { store.value(p) }

    func fault(_ p: ContentLine, _ message: String) -> AlmanacError {
        AlmanacError(.invalidValue, line: p.line, column: 0, "\(p.name) \"\(value(p))\": \(message)")
    }

    /// The zone a value of `p` is read in: its TZID's, or X-WR-TIMEZONE's for a floating value.
    ///
    /// A file names a few zones tens of thousands of times; each TZID is
    /// found by its bytes, without making a string of it, once it has been
    /// resolved.
    mutating func zone(of p: ContentLine) throws(AlmanacError) -> Zone? {
        guard let r = store.parameterRange(.tzid, of: p) else { return calendarZone }
        if store.same(lastZone.tzid, r) { return lastZone.zone }
        let hash = store.hash(r)
        if let cached = zoneCache[hash], store.same(cached.tzid, r) {
            lastZone = cached
            return cached.zone
        }
        let z = try zones.zone(store.string(r), line: p.line, readings: &readings)
        if zoneCache[hash] == nil { zoneCache[hash] = (Array(store.bytes[r]), z) }
        lastZone = (Array(store.bytes[r]), z)
        return z
    }

    /// Whether every TZID of `c` is settled (``ZoneResolver/isSettled(_:)``):
    /// a zone met before, or one that no later VTIMEZONE can change.
    func zonesAreSettled(_ c: ParsedComponent) -> Bool {
        for p in c.properties where p.property.takesDates {
            guard let r = store.parameterRange(.tzid, of: p), !store.same(lastZone.tzid, r) else { continue }
            if let cached = zoneCache[store.hash(r)], store.same(cached.tzid, r) { continue }
            if !zones.isSettled(store.string(r)) { return false }
        }
        return true
    }

    /// One DATE or DATE-TIME value of `p`.
    mutating func anchor(_ p: ContentLine, _ text: Substring? = nil) throws(AlmanacError) -> Anchor {
        let zone = try zone(of: p)
        // Most values are read from the store's bytes; the others (list
        // items, values to repair, faults) as text.
        let direct = text == nil ? store.withBytes(p.value) { Anchor(utf8: $0, zone: zone) } : nil
        let (a, repaired, error) = direct.map { ($0, false, nil) }
            ?? Values.anchor(text ?? Substring(value(p)), zone: zone, lenient: lenient)
        guard var a else { throw fault(p, error ?? "not a date or date-time") }
        if repaired { readings.append(CalendarReading(.liberty, line: p.line, "\(p.name) \"\(value(p))\" read as \(a.rfc5545)")) }
        if a.kind != .date, store.parameter(.value, of: p, is: "DATE") {
            guard lenient else { throw fault(p, "VALUE=DATE but the value has a time") }
            readings.append(CalendarReading(.liberty, line: p.line, "\(p.name) has VALUE=DATE and a time: read as the date \(a.civil.date)"))
            a = .date(a.civil.date)
        }
        return a
    }

    /// An RRULE or EXRULE value (RFC 5545 section 3.3.10). Strict mode
    /// follows RFC 5545's grammar, which has no x-name part (RFC 2445's
    /// `";" x-name "=" text` is gone from `recur-rule-part`): an X- part is
    /// an error naming it. Lenient mode skips it (expansion ignores it) with
    /// a reading, as it does unknown and nameless parts.
    mutating func rule(_ p: ContentLine) throws(AlmanacError) -> RecurrenceRule {
        var text = value(p)
        if lenient, let unescaped = EscapedRuleSeparators.unescaped(text) {
            readings.append(EscapedRuleSeparators.reading(p.name, text, line: p.line))
            text = unescaped
        }
        let rule: RecurrenceRule
        do throws(AlmanacError) {
            let notes: [RecurrenceRule.Reading]
            (rule, notes) = try RecurrenceRule.parse(text, mode: lenient ? .lenient : .strict)
            for n in notes { readings.append(CalendarReading(.liberty, line: p.line, "\(p.name): \(n)")) }
        } catch {
            throw fault(p, error.message)
        }
        for x in rule.extensions where x.name.hasPrefix("X-") {
            let part = "\(x.name)=\(x.value)"
            guard lenient else {
                throw fault(p, "rule part \(part) is not in RFC 5545's grammar (section 3.3.10: recur-rule-part is FREQ, UNTIL, COUNT, INTERVAL, BYxxx or WKST; RFC 2445's x-name part is gone)")
            }
            readings.append(CalendarReading(.liberty, line: p.line, "\(p.name): rule part \(part) (an x-name part, RFC 2445) skipped: expansion ignores it"))
        }
        return rule
    }

    /// Checks each RRULE and EXRULE against DTSTART as `almanac expand`
    /// does (``RecurrenceSet/validate(mode:)``, one piece of code for
    /// every command): strict mode refuses a DATE UNTIL on a DATE-TIME
    /// series (and the like) with expand's message; lenient mode reads it
    /// as expand does, with expand's reading. A rule that cannot be
    /// expanded at all (a sub-daily rule on a DATE) is, in lenient mode,
    /// left to the calendar's `problems`.
    mutating func check(_ rules: [RuleLine], start: Anchor) throws(AlmanacError) {
        // Lenient mode asks validate only where it has something to say.
        for r in rules where !lenient || start.kind == .date
            || r.rule.until.map({ RecurrenceSet.untilProblem($0, start: start) != nil }) == true {
            let set = RecurrenceSet(start: start, rules: r.exclusion ? [] : [r.rule], exclusionRules: r.exclusion ? [r.rule] : [],
                                    options: zones.options.expansion)
            do throws(AlmanacError) {
                for n in try set.validate(mode: lenient ? .lenient : .strict) {
                    readings.append(CalendarReading(.liberty, line: r.line, n.message))
                }
            } catch {
                guard lenient else { throw AlmanacError(.invalidValue, line: r.line, column: 0, error.message) }
            }
        }
    }

    /// Reads a VEVENT or VTODO; `nil` (lenient) when it has nothing to anchor on.
    mutating func entry(_ c: ParsedComponent) throws(AlmanacError) -> EventEntry? {
        let component: CalendarEvent.Component = c.name == "VTODO" ? .todo : .event
        var start: Anchor? = nil, due: Anchor? = nil, end: Anchor? = nil, duration: EventDuration? = nil
        var e = EventEntry(component: component, uid: "", start: .date(CivilDate(_unchecked: 1970, 1, 1)), line: c.line)
        var uid: String? = nil
        var ruleLines: [RuleLine] = []
        for p in c.properties {
            switch p.property {
            case .uid: uid = Values.text(value(p))
            case .dtstart: start = try anchor(p)
            case .dtend: end = try anchor(p)
            case .due: due = try anchor(p)
            case .duration:
                do throws(AlmanacError) { duration = try EventDuration(parsing: value(p)) } catch { throw fault(p, error.message) }
            case .rrule:
                e.rules.append(try rule(p))
                ruleLines.append(RuleLine(rule: e.rules[e.rules.count - 1], line: p.line, exclusion: false))
            case .exrule:
                e.exclusionRules.append(try rule(p))
                ruleLines.append(RuleLine(rule: e.exclusionRules[e.exclusionRules.count - 1], line: p.line, exclusion: true))
            case .rdate: try readDates(p, into: &e)
            case .exdate: for v in Values.list(value(p)) { e.excludedDates.append(try anchor(p, v)) }
            case .recurrenceID:
                e.recurrenceID = try anchor(p)
                e.thisAndFuture = store.parameter(.range, of: p, is: "THISANDFUTURE")
            case .summary: e.summary = Values.text(value(p))
            case .status: e.status = CalendarEvent.Status(rawValue: value(p).trimmingSpaces)
            case .sequence: e.sequence = Int(value(p).trimmingSpaces)
            case .transp: e.transparency = try transparency(p)
            case .busyStatus: e.busyType = Self.busyType(outlook: value(p))
            case .lastModified:
                let direct = store.withBytes(p.value) { Anchor(utf8: $0, zone: .utc) }
                if let a = direct ?? Values.anchor(Substring(value(p)), zone: .utc, lenient: true).0, let z = a.zone {
                    e.lastModified = z.instant(of: a.civil)
                }
            default: continue
            }
        }
        if let uid { e.uid = uid } else { e.uid = try missingUID(c) }
        if !c.children.isEmpty { e.alarms = try alarms(of: c) }
        // A to-do with only DUE is anchored on DUE (DTSTART then DUE: DUE ends it).
        guard let anchor = start ?? due else {
            let what = component == .todo ? "a VTODO without DTSTART or DUE" : "a VEVENT without DTSTART"
            guard lenient else { throw AlmanacError(.invalidValue, line: c.line, column: 0, "\(what) has no time to show it at") }
            readings.append(CalendarReading(.skipped, line: c.line, "\(what) (UID \(e.uid)) skipped: it has no time to show it at"))
            return nil
        }
        e.start = anchor
        if !ruleLines.isEmpty { try check(ruleLines, start: anchor) }
        if start != nil, component == .todo, let due { end = due }
        if let end, duration != nil {
            guard lenient else { throw AlmanacError(.invalidValue, line: c.line, column: 0, "\(component == .todo ? "DUE" : "DTEND") and DURATION together (RFC 5545 section 3.6.1 allows one)") }
            readings.append(CalendarReading(.liberty, line: c.line, "DTEND and DURATION together: DTEND \(end.rfc5545) used"))
            duration = nil
        }
        if let end { e.length = .end(end) } else if let duration { e.length = .duration(duration) }
        return e
    }

    /// RDATE: DATE, DATE-TIME or PERIOD values (`start/end`, `start/duration`).
    mutating func readDates(_ p: ContentLine, into e: inout EventEntry) throws(AlmanacError) {
        for v in Values.list(value(p)) {
            guard let slash = v.firstIndex(of: "/") else { e.dates.append(try anchor(p, v)); continue }
            let start = try anchor(p, v[..<slash])
            let rest = v[v.index(after: slash)...]
            let length: RecurrenceSet.Length
            if rest.hasPrefix("P") || rest.hasPrefix("+P") || rest.hasPrefix("-P") {
                do throws(AlmanacError) { length = .duration(try EventDuration(parsing: rest)) } catch { throw fault(p, error.message) }
            } else {
                length = .end(try anchor(p, rest))
            }
            e.dates.append(start)
            e.periods.append(CalendarEvent.RDatePeriod(start: start, length: length))
        }
    }

    /// TRANSP (RFC 5545 section 3.8.2.7): OPAQUE or TRANSPARENT; lenient
    /// mode reads another value as OPAQUE, the default, with a reading.
    mutating func transparency(_ p: ContentLine) throws(AlmanacError) -> Transparency {
        let text = value(p).trimmingSpaces.uppercased()
        if let t = Transparency(rawValue: text) { return t }
        guard lenient else { throw fault(p, "TRANSP is OPAQUE or TRANSPARENT (RFC 5545 section 3.8.2.7)") }
        readings.append(CalendarReading(.liberty, line: p.line, "TRANSP \"\(text)\" read as OPAQUE, the default"))
        return .opaque
    }

    /// Outlook's X-MICROSOFT-CDO-BUSYSTATUS ([MS-OXCICAL] 2.1.3.1.1.20.8,
    /// the values of Graph's `showAs`) as a busy type: FREE and
    /// WORKINGELSEWHERE free (as the Graph reader reads `showAs`), TENTATIVE,
    /// BUSY, OOF unavailable; another value (an x-property's) is no type.
    static func busyType(outlook text: String) -> FreeBusyType? {
        let value = text.trimmingSpaces.uppercased()
        return outlookBusyStatuses.first { $0.value == value }?.type
    }

    /// Outlook's busy statuses and their types, for the reader and the
    /// writer (which writes the first value of a type).
    static let outlookBusyStatuses: [(value: String, type: FreeBusyType)] = [
        ("FREE", .free), ("TENTATIVE", .busyTentative), ("BUSY", .busy), ("OOF", .busyUnavailable), ("WORKINGELSEWHERE", .free),
    ]

    mutating func missingUID(_ c: ParsedComponent) throws(AlmanacError) -> String {
        guard lenient else { throw AlmanacError(.invalidValue, line: c.line, column: 0, "\(c.name) has no UID (RFC 5545 section 3.6.1 requires one)") }
        readings.append(CalendarReading(.liberty, line: c.line, "\(c.name) has no UID: given \"line-\(c.line)\""))
        return "line-\(c.line)"
    }
}

extension String {
    /// Without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        guard let f = utf8.first, let l = utf8.last, f == 0x20 || f == 0x09 || l == 0x20 || l == 0x09 else { return self }
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" { s.removeLast() }
        return String(s)
    }
}
