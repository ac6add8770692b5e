import Almanac

/// A calendar's event is a ``Series``: its ``CalendarEvent/id`` is the UID,
/// its ``CalendarEvent/title`` the SUMMARY, its ``CalendarEvent/recurrence``
/// the set of DTSTART, RRULE, RDATE, EXDATE and EXRULE.
///
/// ```swift
/// func titles(_ series: [some Series]) -> [String] { series.map { $0.title ?? $0.id } }
/// titles(calendar.events)   // ["Standup", "Trip to Lisbon"]
/// ```
extension CalendarEvent: Series {}
