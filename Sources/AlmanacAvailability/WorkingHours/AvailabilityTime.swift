import Almanac
import AlmanacCalendar

/// The time VAVAILABILITY components (RFC 7953) mark unavailable, with
/// its busy type.
///
/// ```swift
/// let hours = try EventCalendar(ics: hoursFile).availability
/// let off = AvailabilityTime(hours).unavailable(in: week, zone: try Zone("America/New_York"))
/// off.first?.type   // BUSY-UNAVAILABLE, BUSYTYPE's default
/// ```
///
/// RFC 7953 section 4 computes free/busy from availability by marking
/// the whole range free, then applying each VAVAILABILITY "in order of
/// PRIORITY, from lowest to highest": its time range (DTSTART to
/// DTEND or DURATION; either end may be unbounded) is marked with its
/// BUSYTYPE (BUSY-UNAVAILABLE by default), then the time of each of its
/// AVAILABLE subcomponents (with RRULE, RDATE, EXDATE and RECURRENCE-ID
/// overrides, in their TZID) within that range is marked free again.
/// PRIORITY is RFC 5545's: 1 is the highest, 9 the lowest, and 0 (or
/// none) "undefined", applied first, below 9. So the order is 0, 9, 8,
/// ..., 1: a PRIORITY:1 holiday block overrides a PRIORITY:0 weekly
/// pattern.
///
/// Where RFC 7953 does not say (the text at hand does not settle it):
/// components of equal PRIORITY are applied together, all their ranges
/// marked first (in file order, so the later one's BUSYTYPE wins where two
/// overlap), then all their AVAILABLE time, so that the result does not
/// depend on the order of two components of one priority; an AVAILABLE
/// time outside its component's range is clipped to it (section 3.1:
/// "periods of free time within the time range of the enclosing
/// VAVAILABILITY component").
public struct AvailabilityTime: Sendable {
    /// The components, as read.
    ///
    /// ```swift
    /// AvailabilityTime(hours).components.count
    /// ```
    public var components: [CalendarAvailability]

    /// The availability of `components`.
    ///
    /// ```swift
    /// let time = AvailabilityTime(try EventCalendar(ics: hoursFile).availability)
    /// ```
    public init(_ components: [CalendarAvailability]) { self.components = components }

    /// The order PRIORITY applies in: 0 (undefined) first, then 9 down to 1.
    static func rank(_ priority: Int) -> Int { priority <= 0 || priority > 9 ? 0 : 10 - priority }

    /// The unavailable time in `window`, typed by BUSYTYPE, sorted and
    /// disjoint; `zone` places floating values.
    ///
    /// ```swift
    /// AvailabilityTime(hours).unavailable(in: week, zone: paris).count
    /// ```
    ///
    /// - Complexity: O(c × m) for c components and m marks in the window.
    public func unavailable(in window: Range<Timestamp>, zone: Zone) -> [BusyPeriod] {
        var marks = Marks(window)
        let levels = Dictionary(grouping: components.indices) { Self.rank(components[$0].priority) }
        for rank in levels.keys.sorted() {
            let level = levels[rank]!.map { components[$0] }
            var spans: [Range<Timestamp>] = []
            for c in level {
                let r = c.range(in: zone).clamped(to: window)
                spans.append(r)
                marks.paint(r, c.busyType)
            }
            for (c, span) in zip(level, spans) where !span.isEmpty {
                let slots = EventCalendar(events: c.available).occurrences(overlapping: span, viewer: zone, dropsCancelled: true)
                for o in slots { marks.paint(o.occurrence.instants(in: zone).clamped(to: span), nil) }
            }
        }
        return marks.busy
    }
}

/// A window cut into contiguous marks, each free (nil) or busy with a type.
struct Marks {
    var ranges: [Range<Timestamp>]
    var types: [FreeBusyType?]

    init(_ window: Range<Timestamp>) {
        ranges = [window]
        types = [nil]
    }

    /// Marks `r` (inside the window) with `type`.
    ///
    /// - Complexity: O(marks).
    mutating func paint(_ r: Range<Timestamp>, _ type: FreeBusyType?) {
        guard !r.isEmpty else { return }
        var newRanges: [Range<Timestamp>] = [], newTypes: [FreeBusyType?] = []
        func add(_ x: Range<Timestamp>, _ t: FreeBusyType?) {
            guard !x.isEmpty else { return }
            if let last = newRanges.last, newTypes[newTypes.count - 1] == t, last.upperBound == x.lowerBound {
                newRanges[newRanges.count - 1] = last.lowerBound..<x.upperBound
            } else {
                newRanges.append(x)
                newTypes.append(t)
            }
        }
        var painted = false
        for (m, t) in zip(ranges, types) {
            if m.upperBound <= r.lowerBound || m.lowerBound >= r.upperBound {
                if !painted, m.lowerBound >= r.upperBound { add(r, type); painted = true }
                add(m, t)
                continue
            }
            add(m.lowerBound..<max(m.lowerBound, r.lowerBound), t)
            if !painted { add(r, type); painted = true }
            add(min(m.upperBound, r.upperBound)..<m.upperBound, t)
        }
        if !painted { add(r, type) }
        ranges = newRanges
        types = newTypes
    }

    /// The busy marks.
    var busy: [BusyPeriod] {
        zip(ranges, types).compactMap { r, t in t.map { BusyPeriod(range: r, type: $0) } }
    }
}
