import Almanac
import AlmanacCalendar

/// Finds the times when enough people are free at once, each inside their
/// own working hours: the slots for a meeting.
///
/// ```swift
/// let ana = Attendee(name: "ana", zone: try Zone("Europe/Paris"), busy: anaBusy,
///                    hours: .weekly(try WeeklyHours(parsing: "Mon-Fri 09:00-17:00")))
/// let ben = Attendee(name: "ben", zone: try Zone("America/New_York"), busy: benBusy,
///                    hours: .weekly(try WeeklyHours(parsing: "Mon-Fri 09:00-17:00")))
/// for slot in try SlotFinder([ana, ben]).slots(in: week, length: 30 * 60) {
///     print(slot.range, slot.attendees)   // [0, 1]: both
/// }
/// ```
///
/// **How slots are cut.** A person is free where their working hours
/// (``WorkingHours``, in their zone) are not covered by a busy period
/// (``SlotOptions/tentativeIsFree`` decides BUSY-TENTATIVE; FREE never
/// blocks; every other type, X- types included, blocks: RFC 5545 section
/// 3.2.9 reads an unknown FBTYPE as BUSY). A slot is a maximal interval
/// of the window in which one group of at least the quorum is free
/// throughout, at least `length` long: it cannot start earlier or end
/// later without losing one of its group, and ``FreeSlot/attendees`` is
/// everyone free throughout it. With ``Quorum/all`` the slots are the
/// maximal intervals in which everyone is free. With ``Quorum/atLeast(_:)``
/// slots may overlap: when A, B and C are free 10:00-11:00 and A and B
/// until 12:00, at least 2 gives 10:00-12:00 (A, B) and 10:00-11:00
/// (A, B, C). Maximal intervals, not starts every quarter hour: the caller
/// places a meeting of `length` anywhere inside one, and a list of starts
/// would repeat each interval many times over.
///
/// **Ranked by earliest**: by start, then the larger group, then the
/// longer slot.
///
/// - Complexity: O(n log n) for n busy periods and working-hour intervals
///   in the window (a sweep over their sorted boundaries; no time grid),
///   plus, for a quorum below all, the runs walked from each start.
public struct SlotFinder: Sendable {
    /// The people, in the order ``FreeSlot/attendees`` numbers them.
    ///
    /// ```swift
    /// finder.attendees[slot.attendees[0]].name
    /// ```
    public var attendees: [Attendee]
    /// What counts as busy.
    ///
    /// ```swift
    /// finder.options.tentativeIsFree = true
    /// ```
    public var options: SlotOptions

    /// A finder over `attendees` (at most 64).
    ///
    /// ```swift
    /// let finder = SlotFinder([ana, ben, chie])
    /// ```
    public init(_ attendees: [Attendee], options: SlotOptions = SlotOptions()) {
        self.attendees = attendees
        self.options = options
    }

    /// When attendee `index` is free in `window`: inside their working
    /// hours and outside every period that blocks; sorted, disjoint.
    ///
    /// ```swift
    /// finder.freeTime(of: 0, in: week).first   // Ana's first free interval
    /// ```
    public func freeTime(of index: Int, in window: Range<Timestamp>) -> [Range<Timestamp>] {
        let a = attendees[index]
        let hours = a.hours.intervals(in: window, zone: a.zone)
        let blocking = a.busy.lazy.filter { options.blocks($0.type) }.map { max($0.range.lowerBound, window.lowerBound)..<max(max($0.range.lowerBound, window.lowerBound), min($0.range.upperBound, window.upperBound)) }
        return Intervals.subtracting(Intervals.union(Array(blocking)), from: hours)
    }

    /// The slots of at least `length` seconds in `window` when `quorum`
    /// attendees are free (see the type's discussion), earliest first.
    ///
    /// ```swift
    /// let slots = try finder.slots(in: week, length: 30 * 60, quorum: .atLeast(2))
    /// ```
    ///
    /// - Throws: `AlmanacError` `.invalidValue` for a length that is not
    ///   positive or a quorum outside 1...attendees, `.limit` for more than
    ///   64 attendees.
    public func slots(in window: Range<Timestamp>, length: Int64, quorum: Quorum = .all) throws(AlmanacError) -> [FreeSlot] {
        guard !attendees.isEmpty else { throw AlmanacError(.invalidValue, "free slots: no attendees") }
        guard attendees.count <= 64 else {
            throw AlmanacError(.limit, "free slots: \(attendees.count) attendees, at most 64 are compared at once")
        }
        guard length > 0 else { throw AlmanacError(.invalidValue, "free slots: the length \(length) s is not positive") }
        let k = quorum.count(of: attendees.count)
        guard k >= 1, k <= attendees.count else {
            throw AlmanacError(.invalidValue, "free slots: a quorum of \(k) of \(attendees.count) attendees (give 1...\(attendees.count))")
        }
        let segments = Segments(free: attendees.indices.map { freeTime(of: $0, in: window) }, window: window)
        var out = segments.closedSlots(atLeast: k, length: length)
        out.sort { a, b in
            if a.range.lowerBound != b.range.lowerBound { return a.range.lowerBound < b.range.lowerBound }
            if a.attendees.count != b.attendees.count { return a.attendees.count > b.attendees.count }
            return a.range.upperBound > b.range.upperBound
        }
        return out
    }
}

/// One person whose time is compared: their busy periods, zone and working hours.
///
/// ```swift
/// let chie = Attendee(name: "chie", zone: try Zone("Asia/Tokyo"), busy: chieBusy,
///                     hours: .weekly(try WeeklyHours(parsing: "Mon-Fri 09:00-18:00")))
/// ```
public struct Attendee: Sendable {
    /// How output names them.
    public var name: String
    /// Their zone: where their working hours are read.
    public var zone: Zone
    /// Their busy time (free/busy of their calendars, in any order; may overlap).
    public var busy: [BusyPeriod]
    /// When they work (``WorkingHours/always`` when not known).
    public var hours: WorkingHours

    /// An attendee from its parts.
    ///
    /// ```swift
    /// let anyone = Attendee(name: "x", zone: .utc, busy: [])
    /// ```
    public init(name: String, zone: Zone, busy: [BusyPeriod], hours: WorkingHours = .always) {
        self.name = name
        self.zone = zone
        self.busy = busy
        self.hours = hours
    }
}

/// How many attendees must be free for a slot.
///
/// ```swift
/// let slots = try finder.slots(in: week, length: 1800, quorum: .atLeast(2))
/// ```
public enum Quorum: Sendable, Hashable {
    /// Everyone.
    case all
    /// At least this many (1 or more).
    case atLeast(Int)

    /// The number of attendees out of `n`.
    func count(of n: Int) -> Int {
        switch self {
        case .all: n
        case .atLeast(let k): k
        }
    }
}

/// What counts as busy when slots are found.
///
/// ```swift
/// let lenient = SlotOptions(tentativeIsFree: true)
/// ```
public struct SlotOptions: Sendable, Hashable {
    /// Whether BUSY-TENTATIVE time counts as free (off by default: a
    /// tentative meeting may still happen).
    public var tentativeIsFree: Bool

    /// Options from their parts.
    ///
    /// ```swift
    /// SlotOptions().tentativeIsFree   // false
    /// ```
    public init(tentativeIsFree: Bool = false) {
        self.tentativeIsFree = tentativeIsFree
    }

    /// Whether a period of this type blocks a slot: every type but FREE
    /// (and BUSY-TENTATIVE when ``tentativeIsFree``).
    func blocks(_ type: FreeBusyType) -> Bool {
        type != .free && !(tentativeIsFree && type == .busyTentative)
    }
}

/// A time when a group of attendees is free throughout.
///
/// ```swift
/// for s in slots { print(s.range.lowerBound, s.attendees.count) }
/// ```
public struct FreeSlot: Sendable, Hashable {
    /// When: a maximal interval for its group.
    public var range: Range<Timestamp>
    /// The attendees free throughout, by their index in ``SlotFinder/attendees``, ascending.
    public var attendees: [Int]

    /// A slot from its parts.
    ///
    /// ```swift
    /// let s = FreeSlot(range: nine..<ten, attendees: [0, 2])
    /// ```
    public init(range: Range<Timestamp>, attendees: [Int]) {
        self.range = range
        self.attendees = attendees
    }

    /// Its length in seconds.
    ///
    /// ```swift
    /// slot.seconds   // 3600
    /// ```
    public var seconds: Int64 { range.upperBound - range.lowerBound }
}
