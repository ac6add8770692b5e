import AlmanacTestSupport
import AlmanacCore
@testable import Almanac

// Small helpers shared by the Zone*Tests files.

/// The instant of a UTC civil date-time.
func utc(_ y: Int, _ mo: Int, _ d: Int, _ h: Int = 0, _ mi: Int = 0, _ s: Int = 0) -> Timestamp {
    Timestamp(utc: local(y, mo, d, h, mi, s))
}

/// A civil date-time (no zone); traps on an invalid date, which is a bug in the test.
func local(_ y: Int, _ mo: Int, _ d: Int, _ h: Int = 0, _ mi: Int = 0, _ s: Int = 0) -> CivilDateTime {
    try! CivilDate(y, mo, d).at(h, mi, s)
}

/// An offset from hours and minutes with the sign of `hours` (`off(-3, 30)` is -03:30).
func off(_ hours: Int, _ minutes: Int = 0) -> Offset {
    try! Offset(hours: hours, minutes: minutes)
}

