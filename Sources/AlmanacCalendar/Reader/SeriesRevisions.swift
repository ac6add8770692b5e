import Almanac

/// The VEVENTs (and VTODOs) of one VCALENDAR that share a UID and have no
/// RECURRENCE-ID, sorted into revisions of one event (see
/// ``CalendarOptions/keepsRevisions``): the newest of each UID stays, the
/// older ones are left out with a reading; components that cannot be
/// ordered (equal SEQUENCE, no LAST-MODIFIED on one of them) stay separate
/// series.
///
/// The reader appends each series as it reads it. A later revision takes
/// the place of the first series of its UID in the VCALENDAR, so that this
/// place always holds a series in force (an override joins the first series
/// of its UID); older revisions at other places are ``dead`` and removed
/// once the whole input is read (one pass, whatever the input).
struct SeriesRevisions {
    /// For each UID met more than once in the current VCALENDAR, and each
    /// component (a VTODO revises no VEVENT), the places of its series in
    /// force (the first place first).
    private var inForce: [Key: [Int]] = [:]

    private struct Key: Hashable {
        var uid: String
        var component: CalendarEvent.Component
    }
    /// Places of series left out, in any order.
    private(set) var dead: [Int] = []

    /// Starts a VCALENDAR.
    mutating func startCalendar() { inForce.removeAll(keepingCapacity: true) }

    /// Whether `a` revises `b`: a higher SEQUENCE (missing: 0), or an equal
    /// one and a later LAST-MODIFIED (both given).
    static func revises(_ a: (sequence: Int?, lastModified: Timestamp?), _ b: (sequence: Int?, lastModified: Timestamp?)) -> Bool {
        let (sa, sb) = (a.sequence ?? 0, b.sequence ?? 0)
        if sa != sb { return sa > sb }
        guard let la = a.lastModified, let lb = b.lastModified else { return false }
        return la > lb
    }

    /// Adds series `e`, whose UID already has a series at `first` in this
    /// VCALENDAR: it revises some series in force (it takes their place),
    /// is revised by one (it is left out), or neither (it is appended).
    mutating func add(_ e: CalendarEvent, first: Int, events: inout [CalendarEvent], byUID: inout UIDIndex,
                      readings: inout [CalendarReading]) {
        let group = Key(uid: e.id, component: e.component)
        var places = inForce[group] ?? (events[first].component == e.component ? [first] : [])
        let new = (sequence: e.sequence, lastModified: e.lastModified)
        func key(_ i: Int) -> (sequence: Int?, lastModified: Timestamp?) { (events[i].sequence, events[i].lastModified) }
        if let newer = places.first(where: { Self.revises(key($0), new) }) {
            readings.append(Self.reading(left: e, by: events[newer]))
            inForce[group] = places
            return
        }
        let older = places.filter { Self.revises(new, key($0)) }
        guard let at = older.first else {
            byUID.append(e.id)
            events.append(e)
            places.append(events.count - 1)
            inForce[group] = places
            return
        }
        for i in older { readings.append(Self.reading(left: events[i], by: e)) }
        dead += older.dropFirst()
        events[at] = e
        places.removeAll { older.dropFirst().contains($0) }
        inForce[group] = places
    }

    static func reading(left old: CalendarEvent, by new: CalendarEvent) -> CalendarReading {
        let name = old.component == .todo ? "VTODO" : "VEVENT"
        func revision(_ e: CalendarEvent) -> String {
            "SEQUENCE \(e.sequence ?? 0)" + (e.lastModified.map { ", LAST-MODIFIED \($0)" } ?? "")
        }
        return CalendarReading(.skipped, line: old.line,
                               "\(name) (UID \(old.id), \(revision(old))) left out: the \(name) of line \(new.line) (\(revision(new))) is a later revision of it (RFC 5545 section 3.8.7.4; the option keepsRevisions, almanac events --keep-revisions, keeps both)")
    }

    /// Removes the dead series, once the input is read.
    func removeDead(from events: inout [CalendarEvent], byUID: inout UIDIndex) {
        guard !dead.isEmpty else { return }
        let gone = Set(dead)
        events = events.enumerated().filter { !gone.contains($0.offset) }.map(\.element)
        byUID = UIDIndex(events)
    }
}
