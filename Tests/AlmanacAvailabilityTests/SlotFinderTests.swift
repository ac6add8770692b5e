import Almanac
import AlmanacAvailability
import AlmanacCalendar
import Testing

/// Slots cut by hand: maximal intervals per group, the quorum, busy types,
/// working hours in each person's zone, and typed errors.
struct SlotFinderTests {
    let day = try! Timestamp(utc: CivilDate(2026, 3, 23).at(0, 0))
    func at(_ h: Int, _ m: Int = 0) -> Timestamp { day + Int64(h * 3600 + m * 60) }
    func busy(_ a: Int, _ b: Int, _ type: FreeBusyType = .busy) -> BusyPeriod { BusyPeriod(range: at(a)..<at(b), type: type) }

    /// The type's example: A, B and C free 10:00-11:00, A and B until 12:00.
    @Test func overlappingGroupsWithAQuorum() throws {
        let hours = WorkingHours.weekly(try WeeklyHours(parsing: "Mon 10:00-12:00"))
        let a = Attendee(name: "a", zone: .utc, busy: [], hours: hours)
        let b = Attendee(name: "b", zone: .utc, busy: [], hours: hours)
        let c = Attendee(name: "c", zone: .utc, busy: [busy(11, 13)], hours: hours)
        let finder = SlotFinder([a, b, c])
        let window = at(0)..<at(24)
        #expect(try finder.slots(in: window, length: 1800)
            == [FreeSlot(range: at(10)..<at(11), attendees: [0, 1, 2])])
        #expect(try finder.slots(in: window, length: 1800, quorum: .atLeast(2))
            == [FreeSlot(range: at(10)..<at(11), attendees: [0, 1, 2]), FreeSlot(range: at(10)..<at(12), attendees: [0, 1])])
        // Longer than the three-person slot: only A and B.
        #expect(try finder.slots(in: window, length: 5400, quorum: .atLeast(2)) == [FreeSlot(range: at(10)..<at(12), attendees: [0, 1])])
        #expect(try finder.slots(in: window, length: 3 * 3600, quorum: .atLeast(1)).isEmpty)
    }

    /// A group that changes along the way: B leaves at 10:30, C arrives at
    /// 10:30. Two slots of two, never one of "at least two" over the change.
    @Test func aGroupMustStayTheSame() throws {
        let a = Attendee(name: "a", zone: .utc, busy: [busy(0, 10), busy(12, 24)])
        let b = Attendee(name: "b", zone: .utc, busy: [busy(0, 10), BusyPeriod(range: at(10, 30)..<at(24))])
        let c = Attendee(name: "c", zone: .utc, busy: [BusyPeriod(range: at(0)..<at(10, 30)), busy(12, 24)])
        let slots = try SlotFinder([a, b, c]).slots(in: at(0)..<at(24), length: 1800, quorum: .atLeast(2))
        #expect(slots == [FreeSlot(range: at(10)..<at(10, 30), attendees: [0, 1]), FreeSlot(range: at(10, 30)..<at(12), attendees: [0, 2])])
    }

    /// FREE never blocks; BUSY-TENTATIVE blocks unless the option says;
    /// BUSY-UNAVAILABLE and X- types block.
    @Test func busyTypes() throws {
        let types: [FreeBusyType] = [.free, .busyTentative, .busyUnavailable, FreeBusyType(rawValue: "X-OUT-SICK")]
        let people = types.map { Attendee(name: $0.rawValue, zone: .utc, busy: [busy(9, 17, $0)]) }
        let window = at(9)..<at(17)
        for (i, expected) in [true, false, false, false].enumerated() {
            #expect(try SlotFinder([people[i]]).slots(in: window, length: 60).isEmpty != expected, "\(types[i])")
        }
        #expect(try SlotFinder([people[1]], options: SlotOptions(tentativeIsFree: true)).slots(in: window, length: 60).count == 1)
    }

    /// Working hours in each person's zone, across Paris's change to summer
    /// time: Paris 09:00-17:00 and New York 09:00-17:00 overlap 13:00-16:00
    /// UTC on Friday 27 March and 13:00-15:00 UTC on Monday 30.
    @Test func hoursInEachZoneAcrossDST() throws {
        let hours = WorkingHours.weekly(try WeeklyHours(parsing: "Mon-Fri 09:00-17:00"))
        let paris = Attendee(name: "ana", zone: try Zone("Europe/Paris"), busy: [], hours: hours)
        let ny = Attendee(name: "ben", zone: try Zone("America/New_York"), busy: [], hours: hours)
        let window = try Timestamp(utc: CivilDate(2026, 3, 27).at(0, 0))..<Timestamp(utc: CivilDate(2026, 3, 31).at(0, 0))
        let slots = try SlotFinder([paris, ny]).slots(in: window, length: 3600)
        #expect(slots.map(\.range) == [try Timestamp(utc: CivilDate(2026, 3, 27).at(13, 0))..<Timestamp(utc: CivilDate(2026, 3, 27).at(16, 0)),
                                       try Timestamp(utc: CivilDate(2026, 3, 30).at(13, 0))..<Timestamp(utc: CivilDate(2026, 3, 30).at(15, 0))])
    }

    @Test func badQueriesAreTypedErrors() throws {
        let one = Attendee(name: "a", zone: .utc, busy: [])
        let window = at(0)..<at(24)
        func kind(_ body: () throws(AlmanacError) -> [FreeSlot]) -> AlmanacError.Kind? {
            do { _ = try body(); return nil } catch { return error.kind }
        }
        #expect(kind { () throws(AlmanacError) in try SlotFinder([]).slots(in: window, length: 60) } == .invalidValue)
        #expect(kind { () throws(AlmanacError) in try SlotFinder([one]).slots(in: window, length: 0) } == .invalidValue)
        #expect(kind { () throws(AlmanacError) in try SlotFinder([one]).slots(in: window, length: 60, quorum: .atLeast(2)) } == .invalidValue)
        #expect(kind { () throws(AlmanacError) in try SlotFinder([one]).slots(in: window, length: 60, quorum: .atLeast(0)) } == .invalidValue)
        #expect(kind { () throws(AlmanacError) in try SlotFinder(Array(repeating: one, count: 65)).slots(in: window, length: 60) } == .limit)
        // 64 people are compared at once.
        #expect(try SlotFinder(Array(repeating: one, count: 64)).slots(in: window, length: 60).first?.attendees.count == 64)
    }
}
