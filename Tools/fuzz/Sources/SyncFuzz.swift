// fuzz-sync: bytes -> GoogleEvents.read and GraphEvents.read, strict and
// lenient -> queries, the iCalendar writer, and the Graph and EventKit rule
// mappings.
//
// The whole input is the JSON, so every payload of Corpus/sync is a seed as
// it is; both readers read every input.
//
// Checks:
// - reading never traps; an error has a message and a known kind;
// - lenient mode reads whatever strict mode reads, into the same events
//   and with no item skipped; its readings have text;
// - the events read make a calendar whose window query (2024, viewer UTC,
//   the first 2,000 instances: the query is lazy) returns instances in start
//   order, each naming its series;
// - the calendar written as iCalendar text (`icsText`) reads back, in
//   lenient mode keeping every revision, into as many series;
// - each series' rules, mapped to a Graph pattern or to EventKit's
//   parameters and back, never trap; a rule that maps expands (its first 50
//   instances) as the original does;
// - every reminder read is DISPLAY or EMAIL, relative to the start, 0 to
//   2^31-1 minutes before it.
import Almanac
import AlmanacCalendar
import AlmanacSync

let year2024 = try! Timestamp(utc: CivilDate(2024, 1, 1).at(0, 0))..<Timestamp(utc: CivilDate(2025, 1, 1).at(0, 0))
let errorKinds: Set<AlmanacError.Kind> = [.invalidRequest, .invalidValue, .unknownZone, .unsupported, .invalidRule, .outOfRange]

@_cdecl("LLVMFuzzerTestOneInput")
public func syncFuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    for google in [true, false] {
        let events: [SyncEvent]?
        do throws(AlmanacError) {
            events = google ? try GoogleEvents.read(json: bytes) : try GraphEvents.read(json: bytes)
        } catch {
            fuzzCheck(!error.message.isEmpty && errorKinds.contains(error.kind), "error \(error.kind): \"\(error.message)\"")
            if verbose { fuzzLog("\(google ? "google" : "graph"): \(error)") }
            events = nil
        }
        if let events {
            if verbose { fuzzLog("\(google ? "google" : "graph"): \(events.count) events") }
            check(events)
        }
        lenient(bytes, google: google, strict: events)
    }
    return 0
}

/// Lenient mode: it reads whatever JSON strict mode reads (and more); where
/// strict mode read everything, lenient mode reads the same events and
/// skips nothing. Every reading names its item.
func lenient(_ bytes: [UInt8], google: Bool, strict: [SyncEvent]?) {
    let payload: SyncPayload
    do throws(AlmanacError) {
        payload = google ? try GoogleEvents.read(json: bytes, mode: .lenient) : try GraphEvents.read(json: bytes, mode: .lenient)
    } catch {
        fuzzCheck(!error.message.isEmpty && errorKinds.contains(error.kind), "lenient error \(error.kind): \"\(error.message)\"")
        fuzzCheck(strict == nil, "strict mode read what lenient mode refuses: \(error)")
        return
    }
    for r in payload.readings { fuzzCheck(!r.message.isEmpty && !r.description.isEmpty, "an empty reading: \(r)") }
    if let strict {
        fuzzCheck(payload.events == strict, "lenient mode read \(payload.events.count) events, strict mode \(strict.count)")
        fuzzCheck(!payload.readings.contains { $0.kind == .skipped }, "lenient mode skipped what strict mode read: \(payload.readings)")
    } else {
        check(payload.events)
    }
}

func check(_ events: [SyncEvent]) {
    let calendar = EventCalendar(events: events.map(\.series))
    var previous = Timestamp.min
    for o in calendar.occurrences(overlapping: year2024).prefix(2_000) {
        let start = o.occurrence.instants(in: .utc).lowerBound
        fuzzCheck(start >= previous, "instances out of order: \(start) after \(previous)")
        previous = start
        fuzzCheck(calendar.events.indices.contains(o.eventIndex) && calendar.events[o.eventIndex].id == o.seriesID,
                  "instance names series \(o.eventIndex), UID \(o.seriesID.debugDescription)")
    }
    let text = calendar.icsText()
    do throws(AlmanacError) {
        // Every series written reads back as one: two of one UID whose
        // SEQUENCE differs would otherwise read as revisions of one event.
        let back = try EventCalendar(ics: text, options: CalendarOptions(keepsRevisions: true))
        fuzzCheck(back.events.count == calendar.events.count,
                  "icsText reads back into \(back.events.count) series, not \(calendar.events.count):\n\(text)")
    } catch {
        fuzzFail("icsText does not read back: \(error)\n\(text)")
    }
    for e in events {
        for rule in e.series.recurrence.rules { mappings(rule, start: e.series.recurrence.start) }
        for a in e.series.alarms + e.series.overrides.flatMap(\.alarms) { reminder(a) }
    }
}

/// A reminder read from Google or Graph: DISPLAY or EMAIL, relative to the
/// start, between Graph's Int32 minutes before it and the start itself.
func reminder(_ a: Alarm) {
    fuzzCheck(a.action == .display || a.action == .email, "a reminder with action \(a.action)")
    guard case .start(let d) = a.trigger else { fuzzFail("a reminder not relative to the start: \(a.trigger)") }
    fuzzCheck(d.days == 0 && d.seconds <= 0 && d.seconds >= -60 * Int(Int32.max), "a reminder \(d) from the start")
}

/// A rule through Graph and EventKit and back: no trap; what maps expands the same.
func mappings(_ rule: RecurrenceRule, start: Anchor) {
    let original = first50(rule, start)
    if let g = try? GraphRecurrence(rule: rule, start: start), let back = try? g.rule(start: start), let o = original {
        fuzzCheck(first50(back, start) == o, "\(rule) through Graph (\(g)) is \(back): other instances")
    }
    if let ek = try? EventKitRule(rule: rule, zone: start.zone ?? .utc), let o = original, start.kind != .date && start.kind != .floating {
        fuzzCheck(first50(ek.rule(start: start), start) == o, "\(rule) through EventKit is \(ek.rule): other instances")
    }
}

func first50(_ rule: RecurrenceRule, _ start: Anchor) -> [Occurrence]? {
    guard let all = try? RecurrenceSet(start: start, rules: [rule]).occurrences() else { return nil }
    return Array(all.prefix(50))
}
