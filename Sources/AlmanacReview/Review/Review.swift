import Almanac

/// A period's records joined with the days its events and to-dos expected:
/// per event, per day, per weekday and hour (the rhythm), streaks, and the
/// records that match nothing.
///
/// ```swift
/// let berlin = try Zone("Europe/Berlin")
/// let series = [ReviewSeries(id: "sync", title: "Team sync", set: sync)]
/// let review = try Review(of: try Period(parsing: "2023-W48"), viewer: berlin,
///                         series: series, records: try RecordLog.read(path: "almanac-records.jsonl").records)
/// review.totals.completion          // 0.5
/// review.events.first?.title        // the partly completed events come first
/// review.streaks.longest            // 3
/// review.orphans.map(\.reason)      // [.unknownSeries]
/// ```
///
/// **Expected days.** The day slices, in the viewer's zone, of every
/// series' occurrences whose date lies in the period (see
/// `RecurrenceSet/daySlices(in:viewer:)-(Period,Zone)`): a three-day trip
/// is three days, a week that straddles two months counts each day in its
/// own month, so the review of a month is the sum of the reviews of its
/// days.
///
/// **The join.** Each record's key is carried through `rekeying` when it
/// is there; of several records for one key the latest ``DayRecord/recordedAt``
/// wins (ties: the later in the sequence), so a record carried to a key
/// that has its own newer record is not counted twice. Records whose key's
/// date lies outside the period are left out: they belong to other
/// periods. A record of the period that matches no expected day is an
/// ``Orphan``, with its reason: never dropped, never counted.
///
/// - Complexity: expands every series over the period once (O(slices)),
///   then one hash lookup per record; memory O(slices + orphans).
public struct Review: Sendable, Hashable {
    /// The period reviewed.
    ///
    /// ```swift
    /// review.period   // 2023-W48
    /// ```
    public let period: Period
    /// The zone whose days and clock the review uses.
    ///
    /// ```swift
    /// review.viewer.identifier   // "Europe/Berlin"
    /// ```
    public let viewer: Zone
    /// Every expected day, with its winning record, by date, then start, then series id.
    ///
    /// ```swift
    /// for e in review.entries where e.record == nil { print("not recorded:", e.key) }
    /// ```
    public let entries: [Entry]
    /// One summary per series with at least one expected day: partly
    /// completed ones (``Tally/isPartlyComplete``) first, then by title, then id.
    ///
    /// ```swift
    /// review.events.map(\.title)   // ["Trip to Lisbon", "Team sync", ...]
    /// ```
    public let events: [EventSummary]
    /// One tally per date of the period, in order.
    ///
    /// ```swift
    /// review.days[0].tally.expected   // the first day's expected slices
    /// ```
    public let days: [DaySummary]
    /// The sum over every expected day.
    ///
    /// ```swift
    /// review.totals.completion
    /// ```
    public let totals: Tally
    /// Tallies by the weekday of the day, Monday first (index 0) to Sunday (6).
    ///
    /// ```swift
    /// review.weekdays[Weekday.friday.rawValue - 1].completion
    /// ```
    public let weekdays: [Tally]
    /// Tallies by the hour (0...23) of each timed day's start on the viewer's
    /// clock (a second day of a trip starts at 0); all-day days are in ``allDay``.
    ///
    /// ```swift
    /// review.hours[10].expected   // the days that start between 10:00 and 11:00
    /// ```
    public let hours: [Tally]
    /// The tally of the all-day days (dates, not times), outside ``hours``.
    ///
    /// ```swift
    /// review.allDay.expected
    /// ```
    public let allDay: Tally
    /// Runs of consecutive days with at least one day done or partly done.
    ///
    /// ```swift
    /// review.streaks.current   // the run that ends on the period's last day
    /// ```
    public let streaks: Streaks
    /// The records of the period that match no expected day, by date, then key.
    ///
    /// ```swift
    /// for o in review.orphans { print(o.key, o.reason) }
    /// ```
    public let orphans: [Orphan]

    /// An expected day and its winning record.
    ///
    /// ```swift
    /// entry.record?.mark   // .done
    /// ```
    public struct Entry: Sendable, Hashable {
        /// The day's key.
        ///
        /// ```swift
        /// entry.key.seriesID
        /// ```
        public var key: DayKey
        /// The day slice: its date, start and end in the viewer's zone, which day of the occurrence it is.
        ///
        /// ```swift
        /// entry.slice.date
        /// ```
        public var slice: DaySlice
        /// The winning record (after rekeying), or nil when the day has none.
        ///
        /// ```swift
        /// entry.record?.note
        /// ```
        public var record: DayRecord?
    }

    /// What one series expected in the period and what was recorded.
    ///
    /// ```swift
    /// "\(e.title): \(e.tally.done)/\(e.tally.expected)"
    /// ```
    public struct EventSummary: Sendable, Hashable {
        /// The series id.
        ///
        /// ```swift
        /// e.id   // "sync"
        /// ```
        public var id: String
        /// The series' title.
        ///
        /// ```swift
        /// e.title   // "Team sync"
        /// ```
        public var title: String
        /// Its expected days and their marks.
        ///
        /// ```swift
        /// e.tally.completion
        /// ```
        public var tally: Tally
    }

    /// One date of the period.
    ///
    /// ```swift
    /// review.days.filter { $0.tally.expected == 0 }   // days with nothing expected
    /// ```
    public struct DaySummary: Sendable, Hashable {
        /// The date.
        ///
        /// ```swift
        /// d.date   // 2023-11-27
        /// ```
        public var date: CivilDate
        /// Its expected days and their marks.
        ///
        /// ```swift
        /// d.tally.completion
        /// ```
        public var tally: Tally
    }

    /// Runs of consecutive dates of the period on which at least one
    /// expected day was marked done or partial. A date with nothing done
    /// ends a run, whether or not anything was expected on it.
    ///
    /// ```swift
    /// review.streaks.longest   // 3
    /// ```
    public struct Streaks: Sendable, Hashable {
        /// The longest run's length in days (0 when nothing was done).
        ///
        /// ```swift
        /// review.streaks.longest   // 3
        /// ```
        public var longest: Int
        /// The last date of the longest run (the latest such run when several tie).
        ///
        /// ```swift
        /// review.streaks.longestEnd   // 2023-12-01
        /// ```
        public var longestEnd: CivilDate?
        /// The run that ends on the period's last day (0 when that day has nothing done).
        ///
        /// ```swift
        /// review.streaks.current   // 0
        /// ```
        public var current: Int
    }

    /// A record of the period that matches no expected day.
    ///
    /// ```swift
    /// "\(o.key): \(o.reason)"
    /// ```
    public struct Orphan: Sendable, Hashable {
        /// The record as given (its own key, before rekeying).
        ///
        /// ```swift
        /// o.record.recordedAt
        /// ```
        public var record: DayRecord
        /// The key looked up: the record's key carried through the rekeying.
        ///
        /// ```swift
        /// o.key
        /// ```
        public var key: DayKey
        /// Why it matches nothing.
        ///
        /// ```swift
        /// o.reason   // .noSuchOccurrence
        /// ```
        public var reason: Reason

        /// Why a record matches no expected day.
        ///
        /// ```swift
        /// Review.Orphan.Reason.unknownSeries.description   // "unknown series"
        /// ```
        public enum Reason: String, Sendable, Hashable, CustomStringConvertible {
            /// No reviewed series has the key's series id.
            case unknownSeries = "unknown_series"
            /// The series has no occurrence with the key's recurrence id among the period's days.
            case noSuchOccurrence = "no_such_occurrence"
            /// The occurrence is there but does not touch the key's date.
            case dayNotInOccurrence = "day_not_in_occurrence"
            /// The rekeying lists the key as orphaned: an edit removed its day.
            case removedByEdit = "removed_by_edit"

            /// The reason in words: `unknown series`, `no such occurrence`, ...
            ///
            /// ```swift
            /// Review.Orphan.Reason.removedByEdit.description   // "removed by an edit"
            /// ```
            public var description: String {
                switch self {
                case .unknownSeries: "unknown series"
                case .noSuchOccurrence: "no such occurrence"
                case .dayNotInOccurrence: "day not in the occurrence"
                case .removedByEdit: "removed by an edit"
                }
            }
        }
    }
}
