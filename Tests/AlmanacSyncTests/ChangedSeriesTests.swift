import Almanac
import AlmanacCalendar
import AlmanacTestSupport
import Testing
@testable import AlmanacSync

/// The diff expands only the UIDs `ChangedSeries` names: it must name
/// every UID whose series differ between the snapshots (or the diff would
/// miss their changes), and few others (or the diff would expand them all).
@Suite struct ChangedSeriesTests {
    static let zone = try! Zone("Europe/Berlin")

    static func event(_ uid: String, _ n: Int) -> CalendarEvent {
        try! CalendarEvent(id: uid, title: "s\(n)", recurrence: RecurrenceSet(start: .zoned(CivilDate(2024, 6, 1).at(9 + n % 8, 0), zone)))
    }

    /// Each UID's series, in order: what "unchanged" compares.
    static func groups(_ events: [CalendarEvent]) -> [String: [CalendarEvent]] {
        Dictionary(grouping: events, by: \.id)
    }

    @Test(arguments: 0..<40) func namesEveryChangedUIDAndFewOthers(seed: UInt64) {
        var rng = SplitMix64(seed: 0xC4A_6ED ^ seed)
        // 200 series; a tenth of the UIDs carry two series (as several VEVENTs with one UID).
        var before: [CalendarEvent] = []
        for k in 0..<200 { before.append(Self.event("u\(k % 180)", k)) }
        for i in stride(from: before.count - 1, to: 0, by: -1) { before.swapAt(i, Int(rng.next() % UInt64(i + 1))) }
        var after = before
        let edits = 1 + Int(rng.next() % 6)
        for _ in 0..<edits {
            let i = Int(rng.next() % UInt64(after.count))
            switch rng.next() % 5 {
            case 0: after[i].title = "edited"
            case 1: after.remove(at: i)
            case 2: after.insert(Self.event("new\(rng.next() % 1000)", 3), at: i)
            case 3: after.insert(after[i], at: Int(rng.next() % UInt64(after.count)))   // a copy elsewhere: two series
            default: after.swapAt(i, Int(rng.next() % UInt64(after.count)))
            }
        }
        let named = ChangedSeries(EventCalendar(events: before), EventCalendar(events: after)).changedUIDs()
        let (b, a) = (Self.groups(before), Self.groups(after))
        var differing: Set<String> = []
        for uid in Set(b.keys).union(a.keys) where b[uid] != a[uid] { differing.insert(uid) }
        #expect(differing.isSubset(of: named), "missed \(differing.subtracting(named).sorted())")
        // Each edit unpairs at most a few UIDs: the walk finds its step again.
        #expect(named.count <= 4 * edits, "\(named.count) UIDs named for \(edits) edits (\(differing.count) differ)")
        #expect(ChangedSeries(EventCalendar(events: before), EventCalendar(events: before)).changedUIDs().isEmpty)
    }

    /// With a window, only the series that can reach it are compared: a
    /// changed one-off a year away is not named, one in the window is, and
    /// so is one moved into the window from a year away.
    @Test func comparesOnlySeriesThatCanReachTheWindow() throws {
        let before = (0..<6).map { Self.event("u\($0)", $0) }   // 1 June 2024, 09:00-14:00 Berlin
        var after = before
        after[1].title = "edited"                              // in the window
        after[2].recurrence = try RecurrenceSet(start: .zoned(CivilDate(2025, 6, 1).at(9, 0), Self.zone))
        after[2].title = "moved away"                          // leaves the window
        var far = before
        far[3].recurrence = try RecurrenceSet(start: .zoned(CivilDate(2025, 6, 1).at(9, 0), Self.zone))
        var farEdited = far
        farEdited[3].title = "edited far away"                 // a year away on both sides
        let june = try Timestamp(utc: CivilDate(2024, 6, 1).at(0, 0))..<Timestamp(utc: CivilDate(2024, 6, 2).at(0, 0))
        let named = ChangedSeries(EventCalendar(events: before), EventCalendar(events: after), window: june).changedUIDs()
        #expect(named == ["u1", "u2"])
        let nearFar = ChangedSeries(EventCalendar(events: far), EventCalendar(events: farEdited), window: june).changedUIDs()
        #expect(nearFar.isEmpty)
        // Without a window, the far edit is named.
        #expect(ChangedSeries(EventCalendar(events: far), EventCalendar(events: farEdited)).changedUIDs() == ["u3"])
        // Moved into the window from a year away: named (its after side reaches it).
        #expect(ChangedSeries(EventCalendar(events: far), EventCalendar(events: before), window: june).changedUIDs() == ["u3"])
    }
}
