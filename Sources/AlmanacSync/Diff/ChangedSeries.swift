import Almanac
import AlmanacCalendar

/// The series of two snapshots that differ, UID by UID: a diff expands only
/// these (the rest have the same occurrences on both sides).
///
/// The two snapshots are walked side by side: a series equal to the one at
/// the same place on the other side (the usual case: a sync changes few
/// series) costs one comparison, with no hashing of its UID. A UID with any
/// series left unpaired on either side (edited, added, deleted, moved in the
/// file) is changed, with all its series on both sides; a UID the walk
/// misses although it is unchanged is expanded on both sides and gives no
/// change, so the walk's choices cost time, never correctness.
///
/// Given a window, a pair is compared only when one side can reach it (its
/// index parts, ``EventCalendar/seriesReaching(_:)``): a series with no
/// instance in the window on either side changes nothing there, and a
/// month of a calendar spanning years reaches a small part of its series.
struct ChangedSeries {
    let before: EventCalendar, after: EventCalendar
    /// Per series of each side, whether it can reach the window (`nil`: every series is compared).
    let reaching: (before: [Bool], after: [Bool])?

    init(_ before: EventCalendar, _ after: EventCalendar, window: Range<Timestamp>? = nil) {
        self.before = before
        self.after = after
        reaching = window.map { (before.seriesReaching($0), after.seriesReaching($0)) }
    }

    /// Which series of each side belong to a UID whose series differ:
    /// one flag per series of ``before`` and of ``after`` (see
    /// ``changedUIDs()``). A diff queries only these: the others have the
    /// same occurrences on both sides.
    func flags() -> (before: [Bool], after: [Bool]) {
        var old = [Bool](repeating: false, count: before.events.count), new = [Bool](repeating: false, count: after.events.count)
        for uid in changedUIDs() {
            for i in before.eventIndices(seriesID: uid) { old[i] = true }
            for i in after.eventIndices(seriesID: uid) { new[i] = true }
        }
        return (old, new)
    }

    /// The UIDs whose series differ (in number, order or content), and
    /// perhaps a few more (see the type).
    func changedUIDs() -> Set<String> {
        let (bEvents, aEvents) = (before.events, after.events)
        var changed: Set<String> = []
        // Read through pointers: an element read through an array's or a
        // buffer's subscript is copied (with all its references retained).
        bEvents.withUnsafeBufferPointer { xb in
            aEvents.withUnsafeBufferPointer { yb in
                guard let x = xb.baseAddress, let y = yb.baseAddress else {
                    for e in xb { changed.insert(e.id) }
                    for e in yb { changed.insert(e.id) }
                    return
                }
                let (xn, yn) = (xb.count, yb.count)
                var i = 0, j = 0
                while i < xn && j < yn {
                    if x[i].id == y[j].id {
                        if reaches(i, j) && !Self.equal(x + i, y + j) { changed.insert(x[i].id) }
                        i += 1
                        j += 1
                    } else if after.firstEventIndex(uid: x[i].id).map({ $0 < j }) ?? true {
                        changed.insert(x[i].id)       // deleted, or its place on the other side is passed
                        i += 1
                    } else if before.firstEventIndex(uid: y[j].id).map({ $0 < i }) ?? true {
                        changed.insert(y[j].id)       // added, or its place is passed
                        j += 1
                    } else {
                        changed.insert(x[i].id)       // out of step: both sides' series are expanded
                        changed.insert(y[j].id)
                        i += 1
                        j += 1
                    }
                }
                while i < xn { changed.insert(x[i].id); i += 1 }
                while j < yn { changed.insert(y[j].id); j += 1 }
            }
        }
        return changed
    }

    /// Whether series `i` before or series `j` after can reach the window.
    func reaches(_ i: Int, _ j: Int) -> Bool {
        guard let reaching else { return true }
        return reaching.before[i] || reaching.after[j]
    }

    /// Whether two series have the same occurrences with the same fields,
    /// compared where they lie (an event read whole is copied, with every
    /// reference it holds retained). Its line in the file, SEQUENCE and
    /// LAST-MODIFIED change no occurrence, and are not compared: a snapshot
    /// with one event more near its top is not a snapshot of changed series.
    /// The recurrence is compared field by field for the same reason: every
    /// field of `RecurrenceSet` is here.
    static func equal(_ a: UnsafePointer<CalendarEvent>, _ b: UnsafePointer<CalendarEvent>) -> Bool {
        guard a.pointee.id == b.pointee.id && a.pointee.component == b.pointee.component
            && a.pointee.title == b.pointee.title && a.pointee.status == b.pointee.status
            && a.pointee.rdatePeriods == b.pointee.rdatePeriods && a.pointee.overrides == b.pointee.overrides
        else { return false }
        return a.pointee.recurrence.start == b.pointee.recurrence.start
            && a.pointee.recurrence.rules == b.pointee.recurrence.rules
            && a.pointee.recurrence.exclusionRules == b.pointee.recurrence.exclusionRules
            && a.pointee.recurrence.dates == b.pointee.recurrence.dates
            && a.pointee.recurrence.excludedDates == b.pointee.recurrence.excludedDates
            && a.pointee.recurrence.length == b.pointee.recurrence.length
            && a.pointee.recurrence.options == b.pointee.recurrence.options
    }
}
