import Almanac
import AlmanacCalendar

/// One event or to-do a review expects records for: its id (the series id
/// of its `DayKey`s), its title, and where its days come from.
///
/// ```swift
/// let series = ReviewSeries(id: "sync", title: "Team sync", set: sync)
///     + ReviewSeries.series(of: calendar)
///     + ReviewSeries.series(of: agenda)
/// ```
///
/// A `Series` (see the Almanac glossary): the same ``id`` and ``title`` as a
/// calendar's `CalendarEvent` or a synced `SyncEvent`.
///
/// Three bases, one type, so that ``Review`` has one initializer:
/// - a `RecurrenceSet` with an id and a title;
/// - an `EventCalendar`'s series (``series(of:)-(EventCalendar)``): the id
///   is the UID, as `CalendarDaySlice/key` gives, overrides apply and
///   cancelled instances are not expected;
/// - an `Agenda`'s to-dos (``series(of:)-(Agenda)``): a to-do is expected
///   once, on the last day of its period (its due day), as one all-day
///   occurrence of that date: the to-do `sprint` of 2023-W48 has the one
///   key `sprint/2023-12-03/2023-12-03`.
public struct ReviewSeries: Series, Hashable {
    /// The series id of the day keys.
    ///
    /// ```swift
    /// series.id   // "sync"
    /// ```
    public var id: String
    /// The title shown in reviews; `nil` when the series has none (a
    /// calendar event without SUMMARY): reviews then show its ``id``.
    ///
    /// ```swift
    /// series.title   // "Team sync"
    /// ```
    public var title: String?
    /// What the days are computed from.
    enum Basis: Sendable, Hashable {
        case set(RecurrenceSet)
        case calendar(CalendarEvent)
    }
    let basis: Basis

    /// A recurrence set with its id and title.
    ///
    /// ```swift
    /// ReviewSeries(id: "sync", title: "Team sync", set: RecurrenceSet(start: start, rules: [weekly]))
    /// ```
    public init(id: String, title: String?, set: RecurrenceSet) {
        self.id = id
        self.title = title
        basis = .set(set)
    }

    /// A series of a calendar (its UID is the id, its SUMMARY the title).
    ///
    /// ```swift
    /// ReviewSeries(event: calendar.events[0])
    /// ```
    public init(event: CalendarEvent) {
        id = event.id
        title = event.title
        basis = .calendar(event)
    }

    /// Every series of a calendar, in file order.
    ///
    /// ```swift
    /// ReviewSeries.series(of: try EventCalendar(ics: bytes))
    /// ```
    public static func series(of calendar: EventCalendar) -> [ReviewSeries] {
        calendar.events.map(ReviewSeries.init(event:))
    }

    /// Every to-do of an agenda, as a one-day all-day series on the last day
    /// of its period, sorted by id.
    ///
    /// ```swift
    /// try ReviewSeries.series(of: Agenda([AgendaItem(id: "sprint", title: "Plan the sprint", period: .week(2023, 48))]))
    /// // one series, expected on 2023-12-03
    /// ```
    public static func series(of agenda: Agenda) -> [ReviewSeries] {
        agenda.items.sorted { $0.id < $1.id }.map { item in
            ReviewSeries(id: item.id, title: item.title, set: RecurrenceSet(start: .date(item.period.lastDay)))
        }
    }

    /// The recurrence set behind the series (a calendar series' own, before its overrides).
    ///
    /// ```swift
    /// series.recurrence.rules
    /// ```
    public var recurrence: RecurrenceSet {
        switch basis {
        case .set(let s): s
        case .calendar(let e): e.recurrence
        }
    }

    /// Calls `body` with the key and slice of every day slice of the series
    /// whose date lies in `period`, in `viewer`'s days.
    func forEachSlice(in period: Period, viewer: Zone, _ body: (DayKey, DaySlice) -> Void) throws(AlmanacError) {
        switch basis {
        case .set(let set):
            for s in try set.daySlices(in: period, viewer: viewer) { body(DayKey(seriesID: id, slice: s), s) }
        case .calendar(let event):
            for d in EventCalendar(events: [event]).daySlices(in: period, viewer: viewer, dropsCancelled: true) {
                body(d.key, d.slice)
            }
        }
    }
}
