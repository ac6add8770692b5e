import Almanac
import AlmanacCalendar

/// One instance of a stored series, as a window query returns it: from the
/// index inside the calendar's horizon, from a fresh expansion of the
/// stored series outside it (the same values either way).
///
/// ```swift
/// for i in try await store.instances(of: ["work"], overlapping: week, viewer: paris) {
///     print(i.instants.lowerBound, i.title ?? "", i.key)
/// }
/// ```
public struct StoredInstance: Sendable, Hashable {
    /// The calendar it belongs to.
    public var calendarID: String
    /// Its occurrence key (UID and recurrence id): what records are keyed by.
    public var key: OccurrenceKey
    /// The occurrence: local start, extent (instants, wall clock or dates).
    public var occurrence: Occurrence
    /// Its start and end in the query's viewer zone (floating and all-day
    /// instances are placed there; the end of a DATE instance is exclusive).
    public var instants: Range<Timestamp>
    /// SUMMARY of the component that gives it (its override's, or the series').
    public var title: String?
    /// STATUS of that component; cancelled instances are listed unless the query drops them.
    public var status: CalendarEvent.Status?
    /// The zone of a zoned instance (its start value's), whose clock reads
    /// its start and end; `nil` for UTC, floating and all-day instances.
    public var zone: Zone?

    /// An instance.
    ///
    /// ```swift
    /// let i = StoredInstance(calendarID: "work", key: o.key, occurrence: o.occurrence,
    ///                        instants: o.occurrence.instants(in: paris), title: o.title, status: o.status, zone: o.zone)
    /// ```
    public init(calendarID: String, key: OccurrenceKey, occurrence: Occurrence, instants: Range<Timestamp>,
                title: String?, status: CalendarEvent.Status?, zone: Zone? = nil) {
        self.calendarID = calendarID
        self.key = key
        self.occurrence = occurrence
        self.instants = instants
        self.title = title
        self.status = status
        self.zone = zone
    }

    /// Whether it is all day (a DATE instance).
    public var isAllDay: Bool { occurrence.isAllDay }
    /// Whether its times are floating (wall clock in every zone).
    public var isFloating: Bool { occurrence.kind == .floating }
}
