import AlmanacCore

/// One instance of a recurrence set.
///
/// An occurrence keeps the two kinds of time apart. A zoned or UTC series
/// happens at instants, so its occurrences carry ``instants``. A floating or
/// all-day (DATE) series happens at a wall-clock time or on dates wherever
/// the viewer is, so its occurrences have no instant until a zone is chosen:
/// ``instants`` is `nil`, and ``instants(in:)`` places them in a zone.
///
/// ```swift
/// let ny = try Zone("America/New_York")
/// let call = try RecurrenceSet(start: .zoned(CivilDate(2024, 5, 1).at(9, 0), ny),
///                          rules: [try RecurrenceRule("FREQ=DAILY;COUNT=2")],
///                          length: .duration(try EventDuration(parsing: "PT1H")))
/// let o = Array(try call.occurrences())[0]
/// o.start          // 2024-05-01T09:00:00, the wall clock in New York
/// o.offset         // -04:00
/// o.instants       // 13:00Z ..< 14:00Z
/// o.recurrenceID   // 2024-05-01T09:00:00
///
/// let trip = try RecurrenceSet(start: .date(CivilDate(2024, 5, 1)),
///                          length: try .end(.date(CivilDate(2024, 5, 4))))
/// let t = Array(try trip.occurrences())[0]
/// t.extent         // .dates(2024-05-01 ..< 2024-05-04): three days
/// t.instants       // nil: all-day, no instant until a zone is chosen
/// t.instants(in: ny)   // 04:00Z on 1 May ..< 04:00Z on 4 May
/// ```
public struct Occurrence: Sendable, Hashable {
    // Integers, so that making an occurrence costs a few stores; the civil
    // values are computed when read. `sortKey`/`endSortKey`: instants for zoned and
    // UTC occurrences, wall-clock seconds for floating and DATE ones.
    @usableFromInline let sortKey: Int64
    @usableFromInline let endSortKey: Int64
    /// Wall-clock seconds of the start shown, and of the unshifted start.
    @usableFromInline let local: Int64
    @usableFromInline let ridLocal: Int64
    @usableFromInline let offsetSeconds: Int32
    @usableFromInline let isRepeat: Bool
    /// The value form of the series (DATE, floating, UTC or zoned).
    public let kind: Anchor.Kind

    /// Which instance of the series this is: its start as the recurrence
    /// produced it, before a time in a DST gap moved forward (RFC 5545
    /// section 3.8.4.4, RECURRENCE-ID). Stable across edits of tz data; see
    /// ``RecurrenceID``.
    public var recurrenceID: RecurrenceID {
        let c = CivilDateTime(_localSeconds: Int(ridLocal))
        return kind == .date ? RecurrenceID(date: c.date) : RecurrenceID(c, isRepeat: isRepeat)
    }

    /// The wall-clock start as a clock in the series' zone shows it (after a
    /// time in a DST gap moved forward: 02:30 on a spring-forward night is
    /// 03:30). Midnight for an all-day occurrence.
    public var start: CivilDateTime { CivilDateTime(_localSeconds: Int(local)) }

    /// When the occurrence happens, in the terms its series is written in.
    public var extent: Extent {
        switch kind {
        case .date:
            return .dates(CivilDate(_unchecked: floorDiv(Int(sortKey), 86_400))..<CivilDate(_unchecked: floorDiv(Int(endSortKey), 86_400)))
        case .floating:
            return .wallClock(CivilDateTime(_localSeconds: Int(sortKey))..<CivilDateTime(_localSeconds: Int(endSortKey)))
        case .utc, .zoned:
            return .instants(Timestamp(secondsSinceEpoch: sortKey)..<Timestamp(secondsSinceEpoch: endSortKey),
                             offset: Offset(uncheckedSeconds: offsetSeconds))
        }
    }

    /// When an occurrence happens: dates, a wall-clock range or instants.
    public enum Extent: Sendable, Hashable {
        /// An all-day (DATE) occurrence: its dates, the end exclusive (RFC
        /// 5545 section 3.6.1: DTEND 2024-05-04 after DTSTART 2024-05-01 is
        /// three days).
        case dates(Range<CivilDate>)
        /// A floating occurrence: the same wall-clock times in every zone.
        case wallClock(Range<CivilDateTime>)
        /// A zoned or UTC occurrence: its start and end instants, and the
        /// UTC offset of its start in the series' zone.
        case instants(Range<Timestamp>, offset: Offset)
    }

    /// An occurrence from its parts. The expander makes them; this is for
    /// tests and for occurrences read back from storage. `start` is the
    /// wall clock shown (midnight for an all-day occurrence), `extent`'s case
    /// must fit `kind` (dates for `.date`, a wall-clock range for
    /// `.floating`, instants for `.utc` and `.zoned`), and `recurrenceID`
    /// must be all-day for `.date` and timed otherwise.
    ///
    /// ```swift
    /// let d = try CivilDate(2024, 5, 1)
    /// try Occurrence(recurrenceID: RecurrenceID(date: d), start: d.at(0, 0), kind: .date,
    ///            extent: try .dates(d..<d.adding(days: 1)))
    /// ```
    public init(recurrenceID: RecurrenceID, start: CivilDateTime, kind: Anchor.Kind, extent: Extent) {
        precondition(recurrenceID.isAllDay == (kind == .date), "an all-day recurrence id goes with a DATE occurrence, a timed one with the others")
        switch (extent, kind) {
        case (.dates(let r), .date):
            (sortKey, endSortKey, offsetSeconds) = (Int64(r.lowerBound.daysSinceEpoch) * 86_400, Int64(r.upperBound.daysSinceEpoch) * 86_400, 0)
        case (.wallClock(let r), .floating):
            (sortKey, endSortKey, offsetSeconds) = (r.lowerBound.localSeconds, r.upperBound.localSeconds, 0)
        case (.instants(let r, let o), .utc), (.instants(let r, let o), .zoned):
            (sortKey, endSortKey, offsetSeconds) = (r.lowerBound.secondsSinceEpoch, r.upperBound.secondsSinceEpoch, o.seconds)
        default:
            preconditionFailure("extent \(extent) does not fit a \(kind) occurrence")
        }
        local = start.localSeconds
        ridLocal = recurrenceID.dateTime.localSeconds
        isRepeat = recurrenceID.isRepeat
        self.kind = kind
    }

    /// The expander's occurrence: keys, wall-clock seconds and offset as it
    /// computed them. An end past 32767-12-31T23:59:59 (an instant for UTC
    /// series, a wall clock for floating and all-day ones), the last second
    /// a `CivilDateTime` holds, is moved back to it; a zoned end, to
    /// 32767-12-31T05:59:59Z, the last instant that every offset (up to
    /// +18:00) shows in year 32767 (README, Limits: Calendar). An end in
    /// year 10000 is kept as its clock reads.
    @inlinable
    package init(sortKey: Int64, endSortKey: Int64, local: Int64, ridLocal: Int64, offsetSeconds: Int32, isRepeat: Bool, kind: Anchor.Kind) {
        self.sortKey = sortKey
        // 32767-12-31T05:59:59Z in seconds (a literal: this is inlined into
        // the expander's loop in other modules); one test on the usual path.
        self.endSortKey = endSortKey <= 971_890_898_399 ? endSortKey : Self.lastEnd(sortKey: sortKey, endSortKey: endSortKey, kind: kind)
        self.local = local
        self.ridLocal = ridLocal
        self.offsetSeconds = offsetSeconds
        self.isRepeat = isRepeat
        self.kind = kind
    }

    /// An end past 32767-12-31T05:59:59Z, moved back as the keyed init says.
    /// The integers the occurrence is made of, for a store that keeps it as
    /// a row: ``init(sortKey:endSortKey:local:ridLocal:offsetSeconds:isRepeat:kind:)``
    /// makes the same occurrence again.
    package var storedParts: (sortKey: Int64, endSortKey: Int64, local: Int64, ridLocal: Int64, offsetSeconds: Int32, isRepeat: Bool) {
        (sortKey, endSortKey, local, ridLocal, offsetSeconds, isRepeat)
    }

    @usableFromInline
    static func lastEnd(sortKey: Int64, endSortKey: Int64, kind: Anchor.Kind) -> Int64 {
        // 32767-12-31T23:59:59 in seconds, less 18 hours for zoned series.
        Swift.min(endSortKey, Swift.max(sortKey, kind == .zoned ? 971_890_898_399 : 971_890_963_199))
    }

    /// The start and end instants of a zoned or UTC occurrence; `nil` for a
    /// floating or all-day one, which has no instant until a zone is chosen
    /// (see ``instants(in:)``).
    @inlinable public var instants: Range<Timestamp>? {
        kind == .utc || kind == .zoned ? Timestamp(secondsSinceEpoch: sortKey)..<Timestamp(secondsSinceEpoch: endSortKey) : nil
    }

    /// The UTC offset of ``start`` for a zoned or UTC occurrence (zero for
    /// UTC); `nil` for a floating or all-day one.
    @inlinable public var offset: Offset? {
        kind == .utc || kind == .zoned ? Offset(uncheckedSeconds: offsetSeconds) : nil
    }

    /// Whether this is an all-day (DATE) occurrence.
    public var isAllDay: Bool { kind == .date }

    /// The occurrence's instants when it is seen in `zone`.
    ///
    /// A zoned or UTC occurrence has its own instants and ignores `zone`. A
    /// floating one reads its wall-clock start and end in `zone` with RFC 5545
    /// section 3.3.5's rule (a time in a gap moves forward by the gap, an
    /// ambiguous time takes the earlier instant); an end moved before the
    /// start is taken to be the start. An all-day one runs from the start of
    /// its first date in `zone` to the start of the date after its last
    /// (``Zone/startOfDay(_:)``, which is not always midnight).
    ///
    /// ```swift
    /// let tokyo = try Zone("Asia/Tokyo")
    /// floatingNine.instants(in: tokyo).lowerBound   // 00:00Z: 09:00 in Tokyo
    /// ```
    ///
    /// - Complexity: O(log n) in the zone's transitions for floating and
    ///   all-day occurrences, O(1) for zoned and UTC ones.
    public func instants(in zone: Zone) -> Range<Timestamp> {
        switch extent {
        case .instants(let r, _):
            return r
        case .wallClock(let r):
            let s = zone.instant(of: r.lowerBound)
            return s..<Swift.max(s, zone.instant(of: r.upperBound))
        case .dates(let r):
            let s = zone.startOfDay(r.lowerBound)
            return s..<Swift.max(s, zone.startOfDay(r.upperBound))
        }
    }
}

extension Occurrence: Comparable {
    /// Orders occurrences by when they start, consistently with `==`.
    ///
    /// Zoned and UTC occurrences compare by their start instant; floating and
    /// all-day ones by their wall-clock start, and come before zoned and UTC
    /// ones (a wall clock and an instant have no order until a zone is
    /// chosen: sort ``instants(in:)`` for a viewer's order). Ties are broken
    /// by the end, the recurrence id and the value form, so two occurrences
    /// compare equal only when they are equal.
    ///
    /// - Complexity: O(1).
    public static func < (a: Occurrence, b: Occurrence) -> Bool {
        let x = a.orderKey, y = b.orderKey
        if x != y { return x < y }
        if a.recurrenceID != b.recurrenceID { return a.recurrenceID < b.recurrenceID }
        if a.kind != b.kind { return a.kind.order < b.kind.order }
        return a.start < b.start
    }

    /// Whether the extent is instants (1) or wall clock (0), then its start
    /// and end seconds (wall-clock seconds read as UTC for the wall-clock
    /// kinds: compared only with each other).
    private var orderKey: (Int, Int64, Int64) {
        (kind == .utc || kind == .zoned ? 1 : 0, sortKey, endSortKey)
    }
}

extension Anchor.Kind {
    /// A fixed order of the value forms, for tie-breaking only.
    fileprivate var order: Int {
        switch self {
        case .date: 0
        case .floating: 1
        case .utc: 2
        case .zoned: 3
        }
    }
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
        case .zoned: start.description + (offset ?? .zero).description
        }
    }
}
