import Almanac
import AlmanacCalendar
import Testing

/// `CalendarEvent` is held compactly (what most events lack in a shared
/// box, copied when changed): its properties still read and write as
/// stored ones, and copies stay independent.
struct CalendarEventTests {
    static let start = try! Anchor.utc(CivilDate(2024, 5, 6).at(9, 0))
    static let rule = try! RecurrenceRule("FREQ=DAILY;COUNT=3")
    static let moved = try! CalendarEvent.Override(recurrenceID: start, start: .utc(CivilDate(2024, 5, 6).at(10, 0)), summary: "moved")

    @Test func propertiesReadBackWhatWasGiven() {
        let set = RecurrenceSet(start: Self.start, rules: [Self.rule], exclusionRules: [Self.rule], dates: [Self.start],
                                excludedDates: [Self.start], length: .duration(EventDuration(seconds: 3600)),
                                options: ExpansionOptions(includesStart: false, nonexistentTimes: .skip))
        let period = CalendarEvent.Period(start: Self.start, length: .duration(EventDuration(seconds: 60)))
        let e = CalendarEvent(component: .todo, uid: "u", summary: "s", status: .tentative, sequence: 7,
                              lastModified: Timestamp(secondsSinceEpoch: 42), recurrence: set, periods: [period],
                              overrides: [Self.moved], line: 12)
        #expect(e.component == .todo && e.uid == "u" && e.summary == "s" && e.status == .tentative && e.line == 12)
        #expect(e.sequence == 7 && e.lastModified == Timestamp(secondsSinceEpoch: 42))
        #expect(e.recurrence == set && e.periods == [period] && e.overrides == [Self.moved])
        #expect(e.isRecurring)
        let single = CalendarEvent(uid: "v", recurrence: RecurrenceSet(start: Self.start))
        #expect(single.sequence == nil && single.lastModified == nil && single.periods.isEmpty && single.overrides.isEmpty)
        #expect(single.recurrence == RecurrenceSet(start: Self.start) && !single.isRecurring)
    }

    /// SEQUENCE and LAST-MODIFIED outside the event's own fields (beyond 32
    /// bits, or `Int64.min` seconds) are kept too, and set back and forth.
    @Test(arguments: [0, 1, -1, Int(Int32.max), Int(Int32.min), Int(Int32.min) + 1, Int(Int32.max) + 1, Int.min, Int.max])
    func anySequenceAndLastModifiedAreKept(_ n: Int) {
        var e = CalendarEvent(uid: "u", sequence: n, lastModified: Timestamp(secondsSinceEpoch: Int64(n)),
                              recurrence: RecurrenceSet(start: Self.start))
        #expect(e.sequence == n && e.lastModified == Timestamp(secondsSinceEpoch: Int64(n)))
        e.sequence = 5
        e.lastModified = Timestamp(secondsSinceEpoch: .min)
        #expect(e.sequence == 5 && e.lastModified == Timestamp(secondsSinceEpoch: .min))
        e.sequence = n
        e.lastModified = nil
        #expect(e.sequence == n && e.lastModified == nil)
        e.sequence = nil
        #expect(e.sequence == nil)
        #expect(e == CalendarEvent(uid: "u", recurrence: RecurrenceSet(start: Self.start)))
    }

    /// A copy is a value: changing one (its overrides in place, its rules,
    /// its periods) leaves the other as it was.
    @Test func copiesAreIndependent() {
        let a = CalendarEvent(uid: "u", recurrence: RecurrenceSet(start: Self.start, rules: [Self.rule]))
        var b = a
        b.overrides.append(Self.moved)
        b.recurrence.rules.append(Self.rule)
        b.periods.append(CalendarEvent.Period(start: Self.start, length: .duration(EventDuration(seconds: 60))))
        b.sequence = Int.max
        #expect(a.overrides.isEmpty && a.recurrence.rules == [Self.rule] && a.periods.isEmpty && a.sequence == nil)
        #expect(b.overrides == [Self.moved] && b.recurrence.rules == [Self.rule, Self.rule] && b.periods.count == 1)
        var c = b
        c.overrides[0].summary = "renamed"
        #expect(b.overrides[0].summary == "moved" && c.overrides[0].summary == "renamed")
        #expect(a != b && b != c)
    }

    /// Equal events hash alike, however they were built (an empty list set
    /// on a single event, or never given).
    @Test func equalEventsHashAlike() {
        let plain = CalendarEvent(uid: "u", recurrence: RecurrenceSet(start: Self.start))
        var emptied = CalendarEvent(uid: "u", recurrence: RecurrenceSet(start: Self.start, rules: [Self.rule]), overrides: [Self.moved])
        emptied.recurrence.rules = []
        emptied.overrides = []
        emptied.sequence = Int.max
        emptied.sequence = nil
        #expect(plain == emptied)
        #expect(Set([plain, emptied]).count == 1)
        #expect(plain.hashValue == emptied.hashValue)
    }
}
