import Almanac
import AlmanacCalendar

/// A span of busy (or explicitly free) time: what free/busy reports per
/// person, and what free slots are found between.
///
/// ```swift
/// let nine = try Timestamp(utc: CivilDate(2026, 3, 23).at(9, 0))
/// let meeting = BusyPeriod(range: nine..<Timestamp(secondsSinceEpoch: nine.secondsSinceEpoch + 3600), type: .busy)
/// meeting.type   // BUSY
/// ```
public struct BusyPeriod: Sendable, Hashable {
    /// When: from its start (inclusive) to its end (exclusive).
    public var range: Range<Timestamp>
    /// FBTYPE (RFC 5545 section 3.2.9): BUSY, BUSY-TENTATIVE, BUSY-UNAVAILABLE, or FREE.
    public var type: FreeBusyType

    /// A period from its parts.
    public init(range: Range<Timestamp>, type: FreeBusyType = .busy) {
        self.range = range
        self.type = type
    }
}
