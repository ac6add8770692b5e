import Almanac
import AlmanacRequests
import ArgumentParser

/// An agenda file: calendar events and to-dos, as `almanac agenda` reads it
/// (with ``JSONReader``, no Foundation).
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
/// `from` are defaults for the command's options. Other members are ignored.
struct AgendaFile {
    struct Event {
        var id: String
        var title: String
        var set: RecurrenceSet
    }

    var viewer: String?
    var from: CivilDate?
    var events: [Event] = []
    var todos: [AgendaItem] = []

    /// The sample laid out when no file is given (Corpus/samples/agenda.json, embedded at build time).
    static let sampleName = "Corpus/samples/agenda.json"
    static var sampleBytes: [UInt8] { PackageResources.agenda_json }

    /// Reads a file's bytes; every fault is an input error naming the file and the member.
    init(bytes: [UInt8], name: String) throws(ExitCode) {
        func fail(_ message: String) -> ExitCode { CLI.inputError("\(name): " + message) }
        let json: JSONValue
        do throws(AlmanacError) {
            json = try bytes.withUnsafeBufferPointer { (p) throws(AlmanacError) -> JSONValue in try JSONReader.parse(p) }
        } catch {
            throw fail(error.message)
        }
        guard case .object(let top) = json else { throw fail("expected a JSON object with \"events\" and \"todos\", not \(json.kind)") }
        for member in top.members {
            switch (member.key, member.value) {
            case ("viewer", .string(let s)): viewer = s
            case ("viewer", let v): throw fail("\"viewer\" must be a zone id string, got \(v.kind)")
            case ("from", .string(let s)):
                do throws(ExitCode) { from = try Self.date(s) } catch { throw fail("\"from\": \"\(s)\" is not a date such as 2023-11-27") }
            case ("from", let v): throw fail("\"from\" must be a date string such as \"2023-11-27\", got \(v.kind)")
            case ("events", .array(let items)):
                for (k, item) in items.enumerated() {
                    do throws(AlmanacError) { events.append(try Self.event(item)) } catch {
                        throw fail("events[\(k)]\(Self.idNote(item)): " + error.message)
                    }
                }
            case ("todos", .array(let items)):
                for (k, item) in items.enumerated() {
                    do throws(AlmanacError) { todos.append(try Self.todo(item)) } catch {
                        throw fail("todos[\(k)]\(Self.idNote(item)): " + error.message)
                    }
                }
            case ("events", let v), ("todos", let v): throw fail("\"\(member.key)\" must be an array, got \(v.kind)")
            default: continue
            }
        }
        if let twice = Self.repeated(events.map(\.id)) { throw fail("two events have the id \"\(twice)\"") }
        if let twice = Self.repeated(todos.map(\.id)) { throw fail("two to-dos have the id \"\(twice)\"") }
    }

    /// ` ("sync")` when the item has a string id, for messages.
    static func idNote(_ item: JSONValue) -> String {
        if case .string(let id)? = item["id"] { return " (\"\(id)\")" }
        return ""
    }

    static func repeated(_ ids: [String]) -> String? {
        var seen = Set<String>()
        for id in ids where !seen.insert(id).inserted { return id }
        return nil
    }

    /// `2023-11-27` or `20231127`.
    static func date(_ text: String) throws(ExitCode) -> CivilDate {
        if let p = try? Period(parsing: text), p.granularity == .day { return p.firstDay }
        if case .date(let d)? = try? Anchor(parsing: text) { return d }
        throw ExitCode.inputError
    }

    static func string(_ item: JSONValue, _ key: String, required: Bool = true) throws(AlmanacError) -> String? {
        switch item[key] {
        case .string(let s)?: return s
        case nil, .null?:
            if required { throw AlmanacError(.invalidRequest, "missing field \"\(key)\"") }
            return nil
        case let v?: throw AlmanacError(.invalidRequest, "field \"\(key)\" must be a string, got \(v.kind)")
        }
    }

    static func event(_ item: JSONValue) throws(AlmanacError) -> Event {
        let request = try BatchRequest(json: item)
        let id = try string(item, "id")!, title = try string(item, "title")!
        let query = try BatchQuery(request)
        var set = query.set
        let endZone: Zone?
        if let z = try string(item, "dtend_tzid", required: false) {
            do throws(AlmanacError) { endZone = try Zone(z) } catch { throw error.prefixedField("dtend_tzid") }
        } else {
            endZone = nil
        }
        let end = try string(item, "dtend", required: false), duration = try string(item, "duration", required: false)
        if end != nil && duration != nil {
            throw AlmanacError(.invalidRequest, "dtend and duration exclude each other: an event has one or the other (RFC 5545 section 3.6.1)")
        }
        set.length = try DaysCommand.length(end: end, endZone: endZone, duration: duration, start: set.start,
                                            endName: "dtend", durationName: "duration")
        return Event(id: id, title: title, set: set)
    }

    static func todo(_ item: JSONValue) throws(AlmanacError) -> AgendaItem {
        guard case .object = item else { throw AlmanacError(.invalidRequest, "a to-do must be a JSON object, not \(item.kind)") }
        let id = try string(item, "id")!, title = try string(item, "title")!
        let periodText = try string(item, "period")!
        let period: Period
        do throws(AlmanacError) { period = try Period(parsing: periodText) } catch { throw error.prefixedField("period") }
        var visible = Set(Period.Granularity.allCases)
        switch item["visibleIn"] {
        case nil, .null?: break
        case .array(let names)?:
            visible = []
            for name in names {
                guard case .string(let s) = name else {
                    throw AlmanacError(.invalidRequest, "visibleIn: expected granularity names (day, week, month, year), got \(name.kind)")
                }
                guard let g = Period.Granularity(name: s) else {
                    throw AlmanacError(.invalidRequest, "visibleIn: \"\(s)\" is not a list granularity (day, week, month or year)")
                }
                visible.insert(g)
            }
        case let v?: throw AlmanacError(.invalidRequest, "field \"visibleIn\" must be an array such as [\"week\", \"month\"], got \(v.kind)")
        }
        return AgendaItem(id: id, title: title, period: period, visibleIn: visible)
    }
}

extension AlmanacError {
    /// The same error with `field: ` before its message.
    func prefixedField(_ field: String) -> AlmanacError {
        var e = self
        e.message = field + ": " + message
        return e
    }
}
