import Almanac
import AlmanacCalendar
import Testing

/// `CalendarEvent` is held compactly (what most events lack in a shared
/// box, copied when changed): its properties still read and write as
/// stored ones, and copies stay independent.
struct CalendarEventTests {
    static let start = try! Anchor.utc(CivilDate(2024, 5, 6).at(9, 0))
    static let rule = try! RecurrenceRule("FREQ=DAILY;COUNT=3")
    static let moved = try! CalendarEvent.Override(originalStart: start, start: .utc(CivilDate(2024, 5, 6).at(10, 0)), title: "moved")

    @Test func propertiesReadBackWhatWasGiven() {
        let set = RecurrenceSet(start: Self.start, rules: [Self.rule], exclusionRules: [Self.rule], dates: [Self.start],
                                excludedDates: [Self.start], length: .duration(EventDuration(seconds: 3600)),
                                options: ExpansionOptions(includesStart: false, nonexistentTimes: .skip))
        let period = CalendarEvent.RDatePeriod(start: Self.start, length: .duration(EventDuration(seconds: 60)))
        let e = CalendarEvent(component: .todo, id: "u", title: "s", status: .tentative, sequence: 7,
                              lastModified: Timestamp(secondsSinceEpoch: 42), recurrence: set, rdatePeriods: [period],
                              overrides: [Self.moved], line: 12)
        #expect(e.component == .todo && e.id == "u" && e.title == "s" && e.status == .tentative && e.line == 12)
        #expect(e.sequence == 7 && e.lastModified == Timestamp(secondsSinceEpoch: 42))
        #expect(e.recurrence == set && e.rdatePeriods == [period] && e.overrides == [Self.moved])
        #expect(e.isRecurring)
        let single = CalendarEvent(id: "v", recurrence: RecurrenceSet(start: Self.start))
        #expect(single.sequence == nil && single.lastModified == nil && single.rdatePeriods.isEmpty && single.overrides.isEmpty)
        #expect(single.recurrence == RecurrenceSet(start: Self.start) && !single.isRecurring)
    }

    /// SEQUENCE and LAST-MODIFIED outside the event's own fields (beyond 32
    /// bits, or `Int64.min` seconds) are kept too, and set back and forth.
    @Test(arguments: [0, 1, -1, Int(Int32.max), Int(Int32.min), Int(Int32.min) + 1, Int(Int32.max) + 1, Int.min, Int.max])
    func anySequenceAndLastModifiedAreKept(_ n: Int) {
        var e = CalendarEvent(id: "u", sequence: n, lastModified: Timestamp(secondsSinceEpoch: Int64(n)),
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
        #expect(e == CalendarEvent(id: "u", recurrence: RecurrenceSet(start: Self.start)))
    }

    /// A copy is a value: changing one (its overrides in place, its rules,
    /// its periods) leaves the other as it was.
    @Test func copiesAreIndependent() {
        let a = CalendarEvent(id: "u", recurrence: RecurrenceSet(start: Self.start, rules: [Self.rule]))
        var b = a
        b.overrides.append(Self.moved)
        b.recurrence.rules.append(Self.rule)
        b.rdatePeriods.append(CalendarEvent.RDatePeriod(start: Self.start, length: .duration(EventDuration(seconds: 60))))
        b.sequence = Int.max
        #expect(a.overrides.isEmpty && a.recurrence.rules == [Self.rule] && a.rdatePeriods.isEmpty && a.sequence == nil)
        #expect(b.overrides == [Self.moved] && b.recurrence.rules == [Self.rule, Self.rule] && b.rdatePeriods.count == 1)
        var c = b
        c.overrides[0].title = "renamed"
        #expect(b.overrides[0].title == "moved" && c.overrides[0].title == "renamed")
        #expect(a != b && b != c)
    }

    /// Equal events hash alike, however they were built (an empty list set
    /// on a single event, or never given).
    @Test func equalEventsHashAlike() {
        let plain = CalendarEvent(id: "u", recurrence: RecurrenceSet(start: Self.start))
        var emptied = CalendarEvent(id: "u", recurrence: RecurrenceSet(start: Self.start, rules: [Self.rule]), overrides: [Self.moved])
        emptied.recurrence.rules = []
        emptied.overrides = []
        emptied.sequence = Int.max
        emptied.sequence = nil
        #expect(plain == emptied)
        #expect(Set([plain, emptied]).count == 1)
        #expect(plain.hashValue == emptied.hashValue)
    }
}
