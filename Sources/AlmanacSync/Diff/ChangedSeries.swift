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
        var oldIndices: [Int] = [], newIndices: [Int] = []
        let (b, a) = (before.eventIndicesByUID, after.eventIndicesByUID)
        let (bEvents, aEvents) = (before.events, after.events)
        for (uid, bi) in b {
            let ai = a[uid] ?? []
            var same = bi.count == ai.count
            var k = 0
            while same && k < bi.count {
                same = bEvents[bi[k]] == aEvents[ai[k]]
                k += 1
            }
            if same { continue }
            oldIndices += bi
            newIndices += ai
        }
        for (uid, ai) in a where b[uid] == nil { newIndices += ai }
        oldIndices.sort()
        newIndices.sort()
        return ((EventCalendar(events: oldIndices.map { bEvents[$0] }), oldIndices),
                (EventCalendar(events: newIndices.map { aEvents[$0] }), newIndices))
    }
}
