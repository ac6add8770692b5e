import Almanac
import AlmanacCalendar

/// Free/busy time: the busy periods of one or several calendars in a
/// window, merged and typed (RFC 5545 section 3.2.9's FBTYPE), written as a
/// VFREEBUSY (section 3.6.4) or as JSON.
///
/// ```swift
/// let week = try Timestamp(utc: CivilDate(2024, 5, 6).at(0, 0))..<Timestamp(utc: CivilDate(2024, 5, 13).at(0, 0))
/// let busy = FreeBusy.busyPeriods(of: [alice, bob], overlapping: week, viewer: try Zone("Europe/Paris"))
/// for p in busy { print(p.type, p.range) }
/// ```
///
/// Merging: periods that overlap or touch merge when they have the same
/// type. Where periods of different types overlap, the strongest type holds
/// that time: BUSY-UNAVAILABLE, then BUSY, then BUSY-TENTATIVE (RFC 5545
/// sections 3.2.9 and 3.6.4 are silent on overlaps; this order reports the
/// strongest commitment, so that "can I book this time?" never reads a
/// firmly busy time as tentative). A type the RFC does not name (an x-name)
/// counts as BUSY, as section 3.2.9 says: "Applications MUST treat x-name
/// and iana-token values they don't recognize the same way as they would
/// the BUSY value". FREE periods are left out.
public enum FreeBusy {
    /// The busy periods of several calendars in `window`: every instance
    /// and every VFREEBUSY period of each (see
    /// `EventCalendar.busyPeriods(overlapping:viewer:options:)`), merged
    /// into one list, in start order, clipped to the window.
    ///
    /// ```swift
    /// let team = FreeBusy.busyPeriods(of: [alice, bob, carol], overlapping: week)
    /// ```
    ///
    /// - Complexity: the calendars' window queries (each seeks to the
    ///   window), then O(n log n) for the n periods found.
    public static func busyPeriods(of calendars: [EventCalendar], overlapping window: Range<Timestamp>, viewer: Zone = .utc,
                                   options: FreeBusyOptions = FreeBusyOptions()) -> [BusyPeriod] {
        var spans = BusySpans(window: window)
        for c in calendars { spans.add(c, viewer: viewer, options: options) }
        return spans.merged()
    }

    /// `periods` clipped to `window` and merged as busy periods are: sorted,
    /// overlapping or touching periods of one type joined, the strongest
    /// type winning where types overlap, FREE left out.
    ///
    /// ```swift
    /// FreeBusy.merged([BusyPeriod(range: nine..<ten), BusyPeriod(range: ten..<eleven)], in: day)
    /// // [BUSY nine..<eleven]
    /// ```
    ///
    /// - Complexity: O(n log n).
    public static func merged(_ periods: some Sequence<BusyPeriod>, in window: Range<Timestamp>) -> [BusyPeriod] {
        var spans = BusySpans(window: window)
        for p in periods { spans.add(p.range, rank: BusySpans.rank(p.type)) }
        return spans.merged()
    }

    /// The busy type of an instance, or `nil` when it is not busy time (see
    /// ``FreeBusyOptions`` for the rules and their sources).
    ///
    /// ```swift
    /// FreeBusy.type(of: occurrence)   // .busyTentative for STATUS:TENTATIVE
    /// ```
    public static func type(of o: CalendarOccurrence, options: FreeBusyOptions = FreeBusyOptions()) -> FreeBusyType? {
        guard o.component == .event, o.transparency != .transparent, o.status != .cancelled else { return nil }
        if options.allDay == .free && o.isAllDay { return nil }
        if let t = o.busyType { return t == .free ? nil : t }
        return o.status == .tentative ? .busyTentative : .busy
    }
}

/// Busy spans collected in a window, then merged by one sweep over their
/// boundaries.
struct BusySpans {
    let window: Range<Timestamp>
    /// Each boundary as one sortable key: the time shifted left by 3, a
    /// bit for an end (4), the rank (1...3).
    private(set) var keys: [Int64] = []

    init(window: Range<Timestamp>) { self.window = window }

    /// 3 BUSY-UNAVAILABLE, 2 BUSY (and every type the RFC does not name),
    /// 1 BUSY-TENTATIVE, 0 FREE (left out).
    static func rank(_ t: FreeBusyType) -> Int64 {
        switch t {
        case .busyUnavailable: 3
        case .busyTentative: 1
        case .free: 0
        default: 2
        }
    }

    static let types: [FreeBusyType] = [.free, .busyTentative, .busy, .busyUnavailable]

    /// Adds `range` clipped to the window, unless it is empty there or FREE.
    mutating func add(_ range: Range<Timestamp>, rank: Int64) {
        let lo = max(range.lowerBound, window.lowerBound).secondsSinceEpoch
        let hi = min(range.upperBound, window.upperBound).secondsSinceEpoch
        guard lo < hi, rank > 0 else { return }
        keys.append(lo &<< 3 | rank)
        keys.append(hi &<< 3 | 4 | rank)
    }

    /// Adds the instances of `calendar` in the window and its VFREEBUSY periods.
    mutating func add(_ calendar: EventCalendar, viewer: Zone, options: FreeBusyOptions) {
        for o in calendar.occurrences(overlapping: window, viewer: viewer, dropsCancelled: true) {
            guard let t = FreeBusy.type(of: o, options: options) else { continue }
            add(o.occurrence.instants(in: viewer), rank: Self.rank(t))
        }
        for fb in calendar.freeBusy {
            for p in fb.periods { add(p.range, rank: Self.rank(p.type)) }
        }
    }

    /// The sweep: at each boundary time, the strongest rank still open
    /// holds the time; a period closes where that changes.
    mutating func merged() -> [BusyPeriod] {
        keys.sort()
        var out: [BusyPeriod] = []
        var open: (Int, Int, Int, Int) = (0, 0, 0, 0)
        var current: Int64 = 0, since: Int64 = 0
        var i = 0
        while i < keys.count {
            let t = keys[i] >> 3
            while i < keys.count, keys[i] >> 3 == t {
                let delta = keys[i] & 4 == 0 ? 1 : -1
                switch keys[i] & 3 {
                case 1: open.1 += delta
                case 2: open.2 += delta
                default: open.3 += delta
                }
                i += 1
            }
            let top: Int64 = open.3 > 0 ? 3 : open.2 > 0 ? 2 : open.1 > 0 ? 1 : 0
            guard top != current else { continue }
            if current != 0 {
                out.append(BusyPeriod(range: Timestamp(secondsSinceEpoch: since)..<Timestamp(secondsSinceEpoch: t),
                                      type: Self.types[Int(current)]))
            }
            (current, since) = (top, t)
        }
        return out
    }
}
