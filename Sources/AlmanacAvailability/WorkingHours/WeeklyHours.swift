import Almanac

/// A person's working hours as a weekly pattern of local times: per
/// weekday, one or more ranges of the wall clock in their own zone, such as
/// `Mon-Fri 09:00-12:30,13:30-17:00; Sat 10:00-12:00`.
///
/// ```swift
/// let hours = try WeeklyHours(parsing: "Mon-Fri 09:00-17:00")
/// let paris = try Zone("Europe/Paris")
/// let week = try Timestamp(utc: CivilDate(2026, 3, 23).at(0, 0))..<Timestamp(utc: CivilDate(2026, 3, 31).at(0, 0))
/// hours.intervals(in: week, zone: paris).count   // 6: Mon-Fri and Mon 30 (after the change to summer time)
/// ```
///
/// **Across DST.** A range follows the wall clock: 09:00-17:00 is 08:00-16:00
/// UTC in Paris in winter and 07:00-15:00 UTC in summer. Each end of a range
/// is the first instant at which the zone's clock reads that time or later
/// on that date (RFC 5545 and RFC 7953 say nothing of working hours; this
/// is the reading of "the clock shows a time in the range"): a time in a
/// spring-forward gap (02:30 on 29 March 2026 in Paris) is the instant of
/// the change (03:00 local), not 03:30 as RFC 5545 section 3.3.5 shifts a
/// DTSTART; a time repeated by a fall-back overlap is its first passage.
/// A range whose end is not after its start (`22:00-02:00`) runs into the
/// next day; `24:00` is the end of the day. (A VAVAILABILITY's AVAILABLE
/// times are recurrence instances and follow RFC 5545 instead: a DTSTART in
/// a gap moves forward by the gap, and the instance keeps its length.)
public struct WeeklyHours: Sendable, Hashable, CustomStringConvertible {
    /// Per weekday, Monday first (index 0) to Sunday (6): ranges of seconds
    /// since local midnight, sorted, disjoint and not touching; an end may
    /// be 86,400 (24:00) or up to 172,800 (a range that runs into the next day).
    var days: [[Range<Int>]]

    /// Working hours from per-weekday ranges of seconds since local
    /// midnight (an end past 86,400 runs into the next day); overlapping
    /// ranges are merged.
    ///
    /// ```swift
    /// let mornings = try WeeklyHours([.monday: [9 * 3600..<12 * 3600]])
    /// ```
    ///
    /// - Throws: `AlmanacError` `.invalidValue` for an empty range, or one
    ///   that starts outside the day or lasts more than 24 hours.
    public init(_ ranges: [Weekday: [Range<Int>]]) throws(AlmanacError) {
        days = Array(repeating: [], count: 7)
        for (day, list) in ranges {
            for r in list {
                guard r.lowerBound >= 0, r.lowerBound < 86_400, !r.isEmpty, r.count <= 86_400 else {
                    throw AlmanacError(.invalidValue, "working hours: \(Self.clock(r.lowerBound))-\(Self.clock(r.upperBound)) on \(day) is not a range within a day")
                }
                days[day.rawValue - 1].append(r)
            }
        }
        for i in days.indices { days[i] = Self.merged(days[i]) }
    }

    /// Always available: every day, 00:00-24:00.
    ///
    /// ```swift
    /// WeeklyHours.always.description   // "Mon-Sun 00:00-24:00"
    /// ```
    public static let always = try! WeeklyHours(Dictionary(uniqueKeysWithValues: (1...7).map { (Weekday(rawValue: $0)!, [0..<86_400]) }))

    /// The ranges of `weekday`, in seconds since local midnight (an end
    /// past 86,400 runs into the next day).
    ///
    /// ```swift
    /// try WeeklyHours(parsing: "Mon 09:00-17:00").ranges(on: .monday)   // [32400..<61200]
    /// ```
    public func ranges(on weekday: Weekday) -> [Range<Int>] { days[weekday.rawValue - 1] }

    /// The pattern as text, in the form ``init(parsing:)`` reads: runs of
    /// weekdays with the same ranges (`Mon-Fri 09:00-17:00; Sat 10:00-12:00`).
    ///
    /// ```swift
    /// try WeeklyHours(parsing: "mo,tu,we,th,fr 9:00-17:00").description   // "Mon-Fri 09:00-17:00"
    /// ```
    public var description: String {
        var groups: [String] = []
        var i = 0
        while i < 7 {
            var j = i
            while j + 1 < 7, days[j + 1] == days[i] { j += 1 }
            if !days[i].isEmpty {
                let names = i == j ? Self.names[i] : Self.names[i] + "-" + Self.names[j]
                groups.append(names + " " + days[i].map { Self.clock($0.lowerBound) + "-" + Self.clock($0.upperBound) }.joined(separator: ","))
            }
            i = j + 1
        }
        return groups.isEmpty ? "none" : groups.joined(separator: "; ")
    }

    /// The available intervals in `window` for a person in `zone`: sorted,
    /// disjoint, clipped to the window.
    ///
    /// ```swift
    /// let days = hours.intervals(in: week, zone: try Zone("Asia/Tokyo"))
    /// ```
    ///
    /// - Complexity: O(d × r) for d local days in the window and r ranges a day.
    public func intervals(in window: Range<Timestamp>, zone: Zone) -> [Range<Timestamp>] {
        guard !window.isEmpty, let first = zone.civil(at: window.lowerBound)?.0.date,
              let last = zone.civil(at: window.upperBound)?.0.date else { return [] }
        var out: [Range<Timestamp>] = []
        var day = first.daysSinceEpoch - 1   // a range of the day before may run into the window
        while day <= last.daysSinceEpoch, let date = CivilDate(daysSinceEpoch: day) {
            for r in days[date.weekday.rawValue - 1] {
                guard let s = Self.instant(date, r.lowerBound, zone), let e = Self.instant(date, r.upperBound, zone) else { continue }
                let clipped = max(s, window.lowerBound)..<max(max(s, window.lowerBound), min(e, window.upperBound))
                if !clipped.isEmpty { out.append(clipped) }
            }
            day += 1
        }
        return Intervals.union(out)
    }

    /// The first instant at which `zone`'s clock reads `seconds` after
    /// midnight of `date`, or later (see the type's discussion).
    static func instant(_ date: CivilDate, _ seconds: Int, _ zone: Zone) -> Timestamp? {
        guard let d = CivilDate(daysSinceEpoch: date.daysSinceEpoch + seconds / 86_400),
              let time = CivilTime(secondsSinceMidnight: seconds % 86_400) else { return nil }
        let local = CivilDateTime(d, time)
        switch zone.resolve(local) {
        case .unique(let o): return local.timestamp(at: o)
        case .overlap(let earlier, _): return local.timestamp(at: earlier)
        case .gap(let before, let after):
            // The change happens in (local - after, local - before]: the clock jumps past `local` there.
            let from = local.timestamp(at: after), to = local.timestamp(at: before)
            return zone.transitions(from: from, to: to + 1).last?.instant ?? to
        }
    }

    static let names = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

    /// `hh:mm` (or `hh:mm:ss`) of seconds since midnight; 24:00 and past it as written.
    static func clock(_ s: Int) -> String {
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let text = two(s / 3600) + ":" + two(s / 60 % 60)
        return s % 60 == 0 ? text : text + ":" + two(s % 60)
    }

    /// Sorted, with overlapping or touching ranges joined.
    static func merged(_ ranges: [Range<Int>]) -> [Range<Int>] {
        var out: [Range<Int>] = []
        for r in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = out.last, r.lowerBound <= last.upperBound {
                out[out.count - 1] = last.lowerBound..<max(last.upperBound, r.upperBound)
            } else {
                out.append(r)
            }
        }
        return out
    }
}
