import Almanac
import AlmanacCalendar

/// When a person works: always, a weekly pattern in their zone, or their
/// VAVAILABILITY components (RFC 7953).
///
/// ```swift
/// let pattern = WorkingHours.weekly(try WeeklyHours(parsing: "Mon-Fri 09:00-17:00"))
/// let published = WorkingHours.availability(try EventCalendar(ics: hoursFile).availability)
/// pattern.intervals(in: week, zone: try Zone("Europe/Paris")).count   // 5
/// ```
public enum WorkingHours: Sendable {
    /// Every hour of every day.
    case always
    /// A weekly pattern of local times, read in the person's zone.
    case weekly(WeeklyHours)
    /// VAVAILABILITY components, combined by PRIORITY (see
    /// ``AvailabilityTime``); outside all of them a person is available,
    /// as RFC 7953 section 4 starts from free time.
    case availability([CalendarAvailability])

    /// The intervals of `window` inside working hours for a person in
    /// `zone` (which also places floating AVAILABLE times): sorted, disjoint.
    ///
    /// ```swift
    /// WorkingHours.always.intervals(in: week, zone: .utc)   // [week]
    /// ```
    public func intervals(in window: Range<Timestamp>, zone: Zone) -> [Range<Timestamp>] {
        guard !window.isEmpty else { return [] }
        switch self {
        case .always: return [window]
        case .weekly(let hours): return hours.intervals(in: window, zone: zone)
        case .availability(let components):
            let unavailable = AvailabilityTime(components).unavailable(in: window, zone: zone).map(\.range)
            return Intervals.subtracting(unavailable, from: [window])
        }
    }
}
