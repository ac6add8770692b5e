import Almanac
import AlmanacCalendar
import AlmanacJSON
import AlmanacRequests
import ArgumentParser

/// An agenda file: calendar events and to-dos, as `almanac agenda` reads it,
/// decoded in one pass by AlmanacJSON's `JSONValueDecoder` (no Foundation); the to-dos
/// through ``AgendaItem``'s own `Codable`.
///
/// ```json
/// {"viewer": "Europe/Berlin", "from": "2023-11-27",
///  "events": [{"id": "sync", "title": "Team sync", "dtstart": "20231002T100000",
///              "tzid": "Europe/Berlin", "rrule": "FREQ=WEEKLY;BYDAY=MO,TH", "duration": "PT1H"}],
///  "todos":  [{"id": "sprint", "title": "Plan the sprint", "period": "2023-W48",
///              "visibleIn": ["week", "month"]}]}
/// ```
///
/// An event takes the batch protocol's fields (`dtstart`, `tzid`, `rrule`,
/// `exrule`, `rdate`, `exdate`, `strict`, `include_dtstart`) plus `id`,
/// `title`, and `dtend` (with `dtend_tzid` when the end's zone is not
/// `tzid`) or `duration`. A to-do takes ``AgendaItem``'s JSON: `id`,
/// `title`, `period`, and `visibleIn` (default: every list). `viewer` and
/// `from` are defaults for the command's options; `note` is free text.
/// Any other member, and an empty list, is an error that gives its path
/// (`todos[2].visiblein: unknown field ...`).
struct AgendaFile: Decodable {
    /// A series of the file (or of an `--ics` calendar): a ``Series`` as a
    /// calendar's `CalendarEvent` is (the glossary's one name).
    struct Event: Series {
        var id: String
        var title: String?
        var recurrence: RecurrenceSet
        /// A series read with `--ics`: its slices come from the calendar
        /// (overrides applied), not from ``set`` alone.
        var calendar: CalendarSource? = nil
        /// A VTODO read with `--ics`: listed as a to-do (`[ ] title`).
        var isTodo = false
    }

    /// Series `index` of the `ordinal`-th `--ics` calendar.
    struct CalendarSource {
        var calendar: EventCalendar
        var ordinal: Int
        var index: Int
    }

    /// A file with nothing in it (`agenda --ics` without `--file`).
    init() {}

    /// Puts the file's own events into one calendar, indexed once, as the
    /// series of a calendar read with `--ics` are (its `ordinal` is -1):
    /// the plan then asks calendars alone for slices.
    mutating func indexEvents() {
        let own = events.indices.filter { events[$0].calendar == nil }
        let calendar = EventCalendar(events: own.map { CalendarEvent(id: events[$0].id, title: events[$0].title, recurrence: events[$0].recurrence) })
        for (k, i) in own.enumerated() { events[i].calendar = CalendarSource(calendar: calendar, ordinal: -1, index: k) }
    }

    /// Adds the series of a calendar read with `--ics` (cancelled instances
    /// are left out), its VTODOs as to-dos.
    mutating func add(_ calendar: EventCalendar, ordinal: Int) {
        for (i, e) in calendar.events.enumerated() {
            events.append(Event(id: e.id, title: e.title ?? e.id, recurrence: e.recurrence,
                                calendar: CalendarSource(calendar: calendar, ordinal: ordinal, index: i),
                                isTodo: e.component == .todo))
        }
    }

    var viewer: String?
    var from: CivilDate?
    var events: [Event] = []
    var todos: [AgendaItem] = []

    /// The sample laid out when no file is given (Corpus/samples/agenda.json, embedded at build time).
    static let sampleName = "Corpus/samples/agenda.json"
    static var sampleBytes: [UInt8] { PackageResources.agenda_json }

    /// Reads a file's bytes; every fault is an input error naming the file,
    /// then the line and column (bad JSON) or the path of the member.
    init(bytes: [UInt8], name: String) throws(AlmanacError) {
        do throws(AlmanacError) {
            self = try JSONValueDecoder().decode(AgendaFile.self, from: bytes)
        } catch {
            throw error.at(file: name)
        }
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case note, viewer, from, events, todos }

    init(from decoder: any Decoder) throws {
        try Self.rejectUnknownFields(decoder, CodingKeys.self, "an agenda file has viewer, from, events, todos and note")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        _ = try c.decodeIfPresent(String.self, forKey: .note)
        viewer = try c.decodeIfPresent(String.self, forKey: .viewer)
        if let text = try c.decodeIfPresent(String.self, forKey: .from) {
            do throws(AlmanacError) { from = try CLI.date(text, option: "from") } catch {
                throw DecodingError.dataCorruptedError(forKey: .from, in: c, debugDescription: error.message)
            }
        }
        events = try c.decodeIfPresent([EventFields].self, forKey: .events)?.map(\.event) ?? []
        todos = try c.decodeIfPresent([AgendaItem].self, forKey: .todos) ?? []
        if let twice = Self.repeated(events.map(\.id)) {
            throw DecodingError.dataCorruptedError(forKey: .events, in: c, debugDescription: "two events have the id \"\(twice)\"")
        }
        if let twice = Self.repeated(todos.map(\.id)) {
            throw DecodingError.dataCorruptedError(forKey: .todos, in: c, debugDescription: "two to-dos have the id \"\(twice)\"")
        }
    }

    /// Throws for the first member whose name is not a case of `keys`, with its path.
    static func rejectUnknownFields<K: CodingKey & CaseIterable>(_ decoder: any Decoder, _ keys: K.Type, _ known: String) throws {
        let all = try decoder.container(keyedBy: NameKey.self)
        for key in all.allKeys where K(stringValue: key.stringValue) == nil {
            throw DecodingError.dataCorruptedError(forKey: key, in: all, debugDescription: "unknown field \"\(key.stringValue)\": \(known)")
        }
    }

    /// Any member name.
    struct NameKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    static func repeated(_ ids: [String]) -> String? {
        var seen = Set<String>()
        for id in ids where !seen.insert(id).inserted { return id }
        return nil
    }
}

/// An event of the file: the batch fields read as `almanac batch` reads
/// them, plus id, title and the length.
struct EventFields: Decodable {
    var event: AgendaFile.Event

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, title, dtstart, tzid, rrule, exrule, rdate, exdate, strict
        case includeDtstart = "include_dtstart", dtend, dtendTzid = "dtend_tzid", duration
    }

    init(from decoder: any Decoder) throws {
        try AgendaFile.rejectUnknownFields(decoder, CodingKeys.self, "an event has id, title, dtstart, tzid, rrule, exrule, "
            + "rdate, exdate, strict, include_dtstart, and dtend (with dtend_tzid) or duration")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        func list(_ key: CodingKeys, oneOrMany: Bool = false) throws -> [String] {
            if oneOrMany, let one = try? c.decodeIfPresent(String.self, forKey: key) { return [one] }
            guard let many = try c.decodeIfPresent([String].self, forKey: key) else { return [] }
            if many.isEmpty {
                throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: "an empty list: leave the field out instead")
            }
            return many
        }
        let request = BatchRequest(
            dtstart: try c.decode(String.self, forKey: .dtstart), tzid: try c.decodeIfPresent(String.self, forKey: .tzid),
            rrules: try list(.rrule, oneOrMany: true), exrules: try list(.exrule, oneOrMany: true),
            rdates: try list(.rdate), exdates: try list(.exdate),
            strict: try c.decodeIfPresent(Bool.self, forKey: .strict) ?? false,
            includeDtstart: try c.decodeIfPresent(Bool.self, forKey: .includeDtstart) ?? true)
        let id = try c.decode(String.self, forKey: .id), title = try c.decode(String.self, forKey: .title)
        let end = try c.decodeIfPresent(String.self, forKey: .dtend), duration = try c.decodeIfPresent(String.self, forKey: .duration)
        let endZoneID = try c.decodeIfPresent(String.self, forKey: .dtendTzid)
        do throws(AlmanacError) {
            var set = try request.recurrenceSet().set
            // What the expander refuses to plan (a sub-daily rule on a DATE
            // start) is a fault of the file, named by its event, as `batch` names it.
            _ = try set.occurrences()
            var endZone: Zone?
            if let endZoneID {
                do throws(AlmanacError) { endZone = try Zone(endZoneID) } catch { throw error.at(field: "dtend_tzid") }
            }
            if end != nil && duration != nil {
                throw AlmanacError(.invalidRequest, "dtend and duration exclude each other: an event has one or the other (RFC 5545 section 3.6.1)")
            }
            set.length = try DaysCommand.length(end: end, endZone: endZone, duration: duration, start: set.start,
                                                endName: "dtend", durationName: "duration")
            event = AgendaFile.Event(id: id, title: title, recurrence: set)
        } catch {
            // "rrule" and "rdate[0]" become "events[2].rrule" and "events[2].rdate[0]".
            throw error.at(field: JSONValueDecoder.path(decoder.codingPath))
        }
    }
}


extension String {
    /// The text without `prefix` when it starts with it.
    func dropPrefix(_ prefix: String) -> String { hasPrefix(prefix) ? String(dropFirst(prefix.count)) : self }
}
