import Almanac

/// Where each series' instances and each override can lie in time, so that
/// a window query opens only the parts that can reach the window.
///
/// The unit of the index is a *part*: a run of a series' own instances (the
/// instances before its first RANGE=THISANDFUTURE override, then those each
/// such override shifts, up to the next), or one override at its own time.
/// Each part has a span `lo..<hi` in seconds, a lower bound of every start
/// and an upper bound of every end it can produce in any viewer's zone:
/// instants for UTC and zoned values, wall clocks read as UTC for floating
/// and all-day ones, widened by two days each side (no zone is further than
/// that from UTC, and a wall-clock shift moves an instant by at most that
/// much more than its seconds). Parts are sorted by `lo`; `reach[i]` is the
/// largest `hi` of parts `0...i`, so the parts that can overlap a window are
/// found by one binary search, and an overridden instance is found by its
/// new time, not by scanning its series.
///
/// A single event (no RRULE, RDATE or override: most series of a file) has
/// no ``SeriesInstances`` kept for it: its one part is worked out from the
/// event, and a query that opens it makes one for as long as it reads it.
/// A calendar of many small events then holds little more than its events.
struct CalendarIndex: Sendable {
    /// The series, as ``EventCalendar/events`` (the same array).
    let events: [CalendarEvent]
    /// One per series, in ``EventCalendar/events`` order; `nil` for a single event.
    private let kept: [SeriesInstances?]
    /// Every part, sorted by `lo`.
    let parts: [IndexPart]
    /// `reach[i]`: the largest `hi` of `parts[0...i]`.
    let reach: [Int64]
    /// The series that cannot be expanded, with why.
    let problems: [CalendarProblem]
    /// The series of each UID (several VEVENTs may share one).
    let byUID: UIDIndex

    static let slack: Int64 = 2 * 86_400
    /// Before every start and after every end an instance can have, with
    /// the slack to spare: starts lie in years 1...9999 on their own clock,
    /// so up to 18 hours outside them in UTC (0001-01-01T09:00 in Tokyo is
    /// 0000-12-31T23:41:01Z); ends up to 32767-12-31T23:59:59 on theirs
    /// (README, Limits: Calendar). Bounds and windows are clamped to these,
    /// not to years 1...9999 in UTC, which would leave such instances out
    /// of every window, and sums of them cannot overflow.
    ///
    /// Literals (0001-01-01T00:00:00Z less four days; 32767-12-31T23:59:59
    /// plus four days), so that reading them costs no lazy initialization.
    static let earliest: Int64 = -62_135_942_400
    static let latest: Int64 = 971_891_308_799

    /// `s` within ``earliest`` ... ``latest``.
    @inline(__always)
    static func clamp(_ s: Int64) -> Int64 { min(max(s, earliest), latest) }
    /// A COUNT-bounded series is expanded up to this many instances when the
    /// calendar is read to find its last instance; past it, it is indexed as unbounded.
    static let countScan = 1_000

    /// The index of `events`, whose series by UID are `byUID`.
    init(_ events: [CalendarEvent], byUID: UIDIndex) {
        EventCalendar.indexBuildHook?()
        var kept: [SeriesInstances?] = [], parts: [IndexPart] = [], problems: [CalendarProblem] = []
        kept.reserveCapacity(events.count)
        parts.reserveCapacity(events.count)
        for (i, e) in events.enumerated() {
            if SeriesInstances.isSingle(e) {
                kept.append(nil)
                parts.append(SeriesInstances.singlePart(e, index: i))
                continue
            }
            let s = SeriesInstances(e, index: i)
            kept.append(s)
            do throws(AlmanacError) {
                try s.indexParts(into: &parts)
            } catch {
                problems.append(CalendarProblem(seriesID: e.id, eventIndex: i, error: error))
            }
        }
        parts.sort { ($0.lo, $0.event, $0.part) < ($1.lo, $1.event, $1.part) }
        var reach: [Int64] = [], m = Int64.min
        reach.reserveCapacity(parts.count)
        for p in parts { m = max(m, p.hi); reach.append(m) }
        self.events = events
        self.kept = kept
        self.parts = parts
        self.reach = reach
        self.problems = problems
        self.byUID = byUID
        assert(Self.earliest == Timestamp.min.secondsSinceEpoch - 4 * 86_400, "earliest: 0001-01-01T00:00:00Z less four days")
        // 971,890,963,199: 32767-12-31T23:59:59 in seconds, Occurrence's last end.
        assert(Self.latest == 971_890_963_199 + 4 * 86_400, "latest: 32767-12-31T23:59:59 plus four days")
    }

    /// Whether series `i` is a single event (no series kept for it).
    @inline(__always)
    func isSingle(_ i: Int) -> Bool { kept[i] == nil }

    /// The one instance of single event `i` (see ``isSingle(_:)``), as its
    /// expansion gives it (`nil`: none, as when the options do not make
    /// DTSTART an instance, or EXDATE removes it), with no series made.
    func loneInstance(_ i: Int) -> Occurrence? { events[i].recurrence.firstInstanceWithoutRules() }

    /// Series `i`, ready for queries: the one kept, or for a single event
    /// one made for the caller.
    @inline(__always)
    func series(_ i: Int) -> SeriesInstances {
        kept[i] ?? SeriesInstances(events[i], index: i)
    }

    /// The first part whose `reach` is `from` or later: no earlier part
    /// can end at or after it (`from` may be any value, `Int64.min` too).
    func firstPart(reaching from: Int64) -> Int {
        let from = Self.clamp(from)
        var lo = 0, hi = reach.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if reach[mid] >= from { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }
}

/// A part of a series in the index (see ``CalendarIndex``).
struct IndexPart: Sendable {
    /// Bounds of every start and end the part can produce, in seconds.
    var lo: Int64, hi: Int64
    var event: Int32
    /// `-1 - s` for segment `s` of the series' own instances (0: before the
    /// first THISANDFUTURE override), `k >= 0` for override `k`.
    var part: Int32
}

/// A series that cannot be expanded (a sub-daily rule on a DATE value, an
/// RSCALE calendar the system ICU lacks): its instances are left out of
/// every query.
public struct CalendarProblem: Sendable, Hashable {
    /// The series' UID.
    public var seriesID: String
    /// The index of the series in ``EventCalendar/events``.
    public var eventIndex: Int
    /// Why.
    public var error: AlmanacError
}
