import Almanac
import AlmanacCalendar

/// The series of two snapshots that differ, UID by UID: a diff expands only
/// these (the rest have the same occurrences on both sides).
struct _ChangedSeries {
    let before: EventCalendar, after: EventCalendar

    init(_ before: EventCalendar, _ after: EventCalendar) {
        self.before = before
        self.after = after
    }

    /// Each side's changed series as a calendar, with the index in the
    /// original calendar of each of its series.
    func calendars() -> (before: (calendar: EventCalendar, indices: [Int]), after: (calendar: EventCalendar, indices: [Int])) {
        var oldIndices: [Int] = [], newIndices: [Int] = [], seen: Set<String> = []
        func visit(_ uid: String) {
            guard seen.insert(uid).inserted else { return }
            let b = before.eventIndices(uid: uid), a = after.eventIndices(uid: uid)
            if b.count == a.count && zip(b, a).allSatisfy({ before.events[$0] == after.events[$1] }) { return }
            oldIndices += b
            newIndices += a
        }
        for e in before.events { visit(e.uid) }
        for e in after.events { visit(e.uid) }
        oldIndices.sort()
        newIndices.sort()
        return ((EventCalendar(events: oldIndices.map { before.events[$0] }), oldIndices),
                (EventCalendar(events: newIndices.map { after.events[$0] }), newIndices))
    }
}
