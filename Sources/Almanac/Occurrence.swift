import AlmanacCore

/// One instance of a recurrence set.
///
/// For zoned and UTC series ``timestamp`` is the instant; for floating and
/// DATE series, which have no instant until a viewer's zone is chosen, it is
/// the wall-clock value read as if it were UTC, which keeps them ordered.
public struct Occurrence: Sendable, Hashable, Comparable {
    /// The wall-clock start as a clock in the series' zone shows it (after a
    /// time in a DST gap moved forward: 02:30 on a spring-forward night is 03:30).
    public var start: CivilDateTime
    /// The UTC offset of ``start``: zero for floating and DATE series.
    public var offset: Offset
    /// The start instant (see the type's note for floating and DATE series).
    public var timestamp: Timestamp
    /// The end instant, exclusive, in the same terms as ``timestamp``: for a
    /// DATE instance the midnight that starts the day after its last day.
    public var end: Timestamp
    /// The start the recurrence produced before any gap shift: the
    /// RECURRENCE-ID that identifies this instance (RFC 5545 section 3.8.4.4).
    public var recurrenceID: CivilDateTime
    /// The value form of the series (DATE, floating, UTC or zoned).
    public var kind: Anchor.Kind

    public init(start: CivilDateTime, offset: Offset, timestamp: Timestamp, end: Timestamp, recurrenceID: CivilDateTime, kind: Anchor.Kind) {
        self.start = start
        self.offset = offset
        self.timestamp = timestamp
        self.end = end
        self.recurrenceID = recurrenceID
        self.kind = kind
    }

    public static func < (a: Occurrence, b: Occurrence) -> Bool { a.timestamp < b.timestamp }
}

extension Occurrence: CustomStringConvertible {
    /// The batch protocol's form: `1997-09-02T09:00:00-04:00` (zoned),
    /// `1997-09-02T09:00:00Z` (UTC), `1997-09-02T09:00:00` (floating),
    /// `1997-09-02` (DATE).
    public var description: String {
        switch kind {
        case .date: start.date.description
        case .floating: start.description
        case .utc: start.description + "Z"
        case .zoned: start.description + offset.description
        }
    }
}
