import Almanac
import AlmanacAvailability
import AlmanacCalendar
import Testing

/// The busy period and the busy types instances carry.
struct BusyPeriodTests {
    @Test func aPeriodIsBusyUnlessTypedOtherwise() throws {
        // RFC 5545 section 3.2.9: FBTYPE's "default is BUSY".
        let t = try Timestamp(utc: CivilDate(2026, 3, 23).at(9, 0))
        #expect(BusyPeriod(range: t..<t).type == FreeBusyType(rawValue: "busy"))
        #expect(FreeBusyType(rawValue: "Busy-Tentative") == .busyTentative)
    }
}
