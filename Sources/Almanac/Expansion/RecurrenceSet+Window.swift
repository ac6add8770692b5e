import AlmanacCore

extension RecurrenceSet {
    /// The part of time a query asks about, saying what it is made of:
    /// instants, or wall-clock times, or dates.
    ///
    /// A zoned or UTC series happens at instants; a floating or all-day
    /// (DATE) series happens at a wall-clock time or on dates, whatever the
    /// zone. So a window of instants over a floating series needs a viewer
    /// zone to place its occurrences in, and says so:
    ///
    /// ```swift
    /// let week = try tokyo.startOfDay(CivilDate(2024, 5, 6))..<tokyo.startOfDay(CivilDate(2024, 5, 13))
    /// try meeting.occurrences(in: .instants(week))                  // zoned: the instants
    /// try reminder.occurrences(in: .instants(week, viewer: tokyo))  // floating: 09:00 in Tokyo
    /// try reminder.occurrences(in: .wallClock(CivilDate(2024, 5, 6).at(0, 0)..<CivilDate(2024, 5, 13).at(0, 0)))
    /// try birthday.occurrences(in: .dates(CivilDate(2024, 1, 1)..<CivilDate(2025, 1, 1)))
    /// ```
    ///
    /// An occurrence is in a window when its start is: ``Occurrence/instants``'s
    /// lower bound for instants (``Occurrence/instants(in:)`` with the viewer
    /// for a floating or all-day one), ``Occurrence/start`` for wall-clock and
    /// date windows (the wall clock in the series' zone for a zoned series).
    /// Bounds are half-open: the start is at or after the lower bound and
    /// before the upper one.
    public struct Window: Sendable, Hashable {
        enum Bounds: Sendable, Hashable {
            /// Instants (seconds since 1970 UTC), and the zone that places
            /// floating and DATE values, if one was given.
            case instants(Range<Int64>, viewer: Zone?)
            /// Wall-clock seconds since 1970-01-01T00:00:00 on a clock with no zone.
            case wallClock(Range<Int64>)
        }

        let bounds: Bounds

        /// Starts at these instants. For zoned and UTC series only: a
        /// floating or DATE series has no instants, and querying it with this
        /// window throws (give a viewer zone instead).
        public static func instants(_ range: Range<Timestamp>) -> Window {
            Window(bounds: .instants(range.lowerBound.secondsSinceEpoch..<range.upperBound.secondsSinceEpoch, viewer: nil))
        }

        /// Starts at these instants, with floating and all-day occurrences
        /// placed in `viewer`'s zone (see ``Occurrence/instants(in:)``).
        /// Zoned and UTC occurrences have instants of their own and ignore
        /// `viewer`.
        public static func instants(_ range: Range<Timestamp>, viewer: Zone) -> Window {
            Window(bounds: .instants(range.lowerBound.secondsSinceEpoch..<range.upperBound.secondsSinceEpoch, viewer: viewer))
        }

        /// Starts whose wall clock lies in `range`: as written for a floating
        /// series, in the series' zone for a zoned one, in UTC for a UTC one.
        public static func wallClock(_ range: Range<CivilDateTime>) -> Window {
            Window(bounds: .wallClock(range.lowerBound.localSeconds..<range.upperBound.localSeconds))
        }

        /// Starts on these dates (the upper bound excluded), on the series'
        /// own wall clock: ``wallClock(_:)`` from the first date's midnight
        /// to the upper bound's.
        public static func dates(_ range: Range<CivilDate>) -> Window {
            Window(bounds: .wallClock(Int64(range.lowerBound.daysSinceEpoch) * 86_400..<Int64(range.upperBound.daysSinceEpoch) * 86_400))
        }
    }
}

/// A window as the expander uses it: bounds in the set's key space (instants
/// for zoned and UTC series, wall-clock seconds for floating and DATE ones),
/// widened where the key and the window's measure differ, plus the exact
/// test each candidate must then pass.
struct KeyWindow {
    /// Keys outside `[lower, upper)` are not in the window; `upper` ends the walk.
    let lower: Int64
    let upper: Int64
    let filter: Filter

    enum Filter {
        /// The keys are the window's measure: no further test.
        case none
        /// Floating or DATE keys (wall clock) placed in a viewer's zone must
        /// fall in these instants.
        case placed(Range<Int64>, ViewerClock, isDate: Bool)
        /// Zoned or UTC keys (instants) whose shown wall clock must fall in
        /// these wall-clock seconds.
        case wallClock(Range<Int64>)
    }

    /// Zone offsets stay within 26 hours of UTC, so a key and the window's
    /// measure differ by less than this.
    static let slack: Int64 = 2 * 86_400

    /// `r` widened by ``slack`` on both sides, saturating at the ends of `Int64`.
    static func widened(_ r: Range<Int64>) -> (Int64, Int64) {
        (r.lowerBound > .min + slack ? r.lowerBound - slack : .min,
         r.upperBound < .max - slack ? r.upperBound + slack : .max)
    }

    init(_ window: RecurrenceSet.Window, for set: borrowing RecurrenceSet) {
        let wallKeys = set.start.kind == .date || set.start.kind == .floating
        switch window.bounds {
        case .instants(let r, let viewer):
            if wallKeys, let viewer {
                (lower, upper) = Self.widened(r)
                filter = .placed(r, ViewerClock(viewer), isDate: set.start.kind == .date)
            } else {
                (lower, upper, filter) = (r.lowerBound, r.upperBound, .none)
            }
        case .wallClock(let r):
            if wallKeys {
                (lower, upper, filter) = (r.lowerBound, r.upperBound, .none)
            } else {
                (lower, upper) = Self.widened(r)
                filter = .wallClock(r)
            }
        }
    }

    /// Whether a candidate that passed the key bounds is in the window.
    @inline(__always)
    func admits(key: Int64, local: Int64) -> Bool {
        switch filter {
        case .none:
            return true
        case .wallClock(let r):
            return r.contains(local)
        case .placed(let r, let clock, let isDate):
            // A DATE starts at the viewer's start of its day (not always midnight).
            return r.contains(isDate ? clock.startOfDay(floorDiv(Int(key), 86_400)) : clock.instant(ofLocal: key))
        }
    }
}
