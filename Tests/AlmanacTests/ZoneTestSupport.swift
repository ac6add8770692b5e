import AlmanacCore
@testable import Almanac

// Small helpers shared by the Zone*Tests files.

/// The instant of a UTC civil date-time.
func utc(_ y: Int, _ mo: Int, _ d: Int, _ h: Int = 0, _ mi: Int = 0, _ s: Int = 0) -> Timestamp {
    Timestamp(utc: local(y, mo, d, h, mi, s))
}

/// A civil date-time (no zone); traps on an invalid date, which is a bug in the test.
func local(_ y: Int, _ mo: Int, _ d: Int, _ h: Int = 0, _ mi: Int = 0, _ s: Int = 0) -> CivilDateTime {
    CivilDate(y, mo, d)!.at(h, mi, s)
}

/// An offset from hours and minutes with the sign of `hours` (`off(-3, 30)` is -03:30).
func off(_ hours: Int, _ minutes: Int = 0) -> Offset {
    Offset(hours: hours, minutes: minutes)
}

/// SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number
/// generators", OOPSLA 2014): a seeded generator, so failures reproduce.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
