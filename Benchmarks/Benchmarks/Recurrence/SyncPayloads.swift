// What the S1 and S2 generators (SyncGoogle.swift, SyncGraph.swift) share:
// the payload and its pages, zones, instances picked with Almanac's engine,
// random tokens.

import Almanac
import AlmanacCalendar

/// A generated payload: several JSON documents (pages) concatenated, one
/// line break between them, as the readers accept them; and what it holds.
struct SyncPayload {
    var bytes: [UInt8] = []
    /// Each page's bytes within `bytes` (JSONDecoder reads one document at a time).
    var pages: [Range<Int>] = []
    /// Events in the payload: series (masters and one-offs) and exception items.
    var items = 0
    var series = 0
    var recurring = 0
    var allDay = 0
    /// Exception items: moved instances, and cancelled ones.
    var moved = 0
    var cancelled = 0
    /// Graph: the dates in masters' `cancelledOccurrences`.
    var cancelledOccurrences = 0
    /// Google: EXDATE values.
    var exdates = 0
    /// Pattern and range types (Graph) or RRULE forms (Google), with their counts.
    var forms: [String: Int] = [:]

    /// The overrides a reader must attach to their series.
    var overrides: Int { moved + cancelled + cancelledOccurrences }

    /// Appends a page.
    mutating func append(page: JSONText, pretty: Bool) {
        if !bytes.isEmpty { bytes.append(0x0A) }
        let start = bytes.count
        page.write(into: &bytes, pretty: pretty)
        pages.append(start..<bytes.count)
    }

    /// For the table: what the payload holds.
    var text: String {
        var s = "\(items.formatted) events in \(pages.count) pages, \(bytes.count.formatted) bytes: \(series.formatted) series "
            + "(\(recurring.formatted) recurring, \(allDay.formatted) all-day), \(moved.formatted) moved and \(cancelled.formatted) cancelled exceptions"
        if cancelledOccurrences > 0 { s += ", \(cancelledOccurrences.formatted) cancelledOccurrences" }
        if exdates > 0 { s += ", \(exdates.formatted) EXDATE values" }
        return s
    }

    /// The forms, most frequent first: `weekly 1,204, daily 377...`.
    var formsText: String {
        forms.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { "\($0.key) \($0.value.formatted)" }.joined(separator: ", ")
    }
}

/// A zone by IANA or Windows name (Almanac loads each once per process).
func syncZone(_ id: String) -> Zone {
    do { return try Zone(id) } catch { fatalError("sync payload: \(error)") }
}

/// The offset of a wall clock in a zone, in seconds (the generators' times
/// are 08:00-20:45: never in a gap).
func offsetSeconds(_ t: CivilDateTime, in zone: Zone) -> Int {
    do { return Int(t.localSeconds - (try zone.timestamp(for: t)).secondsSinceEpoch) } catch { fatalError("\(t) in \(zone): \(error)") }
}

/// The wall-clock starts of a series' first 300 instances before 2027
/// (Almanac's engine): exceptions and EXDATEs name these.
func firstStarts(_ set: RecurrenceSet) -> [CivilDateTime] {
    do {
        return try set.occurrences().prefix(300).prefix { $0.start.date.year < 2027 }.map(\.start)
    } catch {
        fatalError("sync payload: \(set.rules): \(error)")
    }
}

/// Up to `n` distinct instances of `starts`, never the first (DTSTART).
func pickInstances(_ starts: [CivilDateTime], _ n: Int, _ rng: inout SplitMix64) -> [CivilDateTime] {
    guard starts.count > 2 else { return [] }
    var picked: Set<CivilDateTime> = []
    for _ in 0..<n { picked.insert(starts[1 + rng.int(starts.count - 1)]) }
    return picked.sorted()
}

extension SplitMix64 {
    /// `n` characters drawn from `alphabet`.
    mutating func token(_ n: Int, _ alphabet: String = "0123456789abcdefghijklmnopqrstuvwxyz") -> String {
        let a = Array(alphabet)
        return String((0..<n).map { _ in a[int(a.count)] })
    }

    /// A random time on one of the `days` days up to `day` (creation dates).
    mutating func before(_ day: CivilDate, days: Int) -> CivilDateTime {
        try! day.adding(days: -int(days)).at(int(24), int(60), int(60))
    }
}

let base64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
let base64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
