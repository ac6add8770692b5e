import Almanac
import AlmanacCalendar

/// What counts as busy time in a free/busy query (``FreeBusy``).
///
/// ```swift
/// var options = FreeBusyOptions()
/// options.allDay = .free   // birthdays and holidays do not block the day
/// let busy = calendar.busyPeriods(overlapping: week, viewer: paris, options: options)
/// ```
///
/// The rules that need no option, from RFC 5545:
/// - an instance whose component has TRANSP:TRANSPARENT is not busy time
///   (section 3.8.2.7: "Time Transparency is the characteristic of an event
///   that determines whether it appears to consume time on a calendar");
/// - a cancelled instance (STATUS:CANCELLED of its series or override) is
///   not busy time: it does not take place;
/// - an instance of explicit type FREE (``CalendarOccurrence/busyType``,
///   from Microsoft Graph's `showAs` or Outlook's busy status) is not busy
///   time; another explicit type is its type; without one, STATUS:TENTATIVE
///   is BUSY-TENTATIVE and anything else BUSY (section 3.2.9 lists the
///   types; how STATUS maps onto them is not said, and this is what
///   libical, ical4j and the big services do);
/// - a to-do (VTODO) is never busy time: section 3.6.4 defines free/busy
///   time from the events a calendar user is committed to, and VTODO has
///   no TRANSP (section 3.6.2): a to-do's DTSTART and DUE bound when it
///   may be done, not time it blocks.
public struct FreeBusyOptions: Sendable, Hashable {
    /// How all-day (DATE) instances count.
    ///
    /// ```swift
    /// FreeBusyOptions(allDay: .free).allDay   // .free
    /// ```
    public enum AllDay: String, Sendable, Hashable, Codable, CaseIterable {
        /// All-day instances are busy time like timed ones (TRANSP, STATUS
        /// and the explicit type decide), over the viewer's days.
        case busy
        /// All-day instances are left out, whatever they say.
        case free
    }

    /// How all-day instances count. `.busy` by default: RFC 5545 makes
    /// every event OPAQUE unless it says TRANSP:TRANSPARENT (section
    /// 3.8.2.7: the default value is OPAQUE), and the producers whose
    /// all-day events are free write that (Apple Calendar, Google
    /// Calendar's `transparency`), so an all-day event without it (a trip,
    /// a day off) blocks its days; `.free` is for views that treat all-day
    /// events as markers.
    public var allDay: AllDay

    /// Options from their parts.
    ///
    /// ```swift
    /// let options = FreeBusyOptions(allDay: .free)
    /// ```
    public init(allDay: AllDay = .busy) {
        self.allDay = allDay
    }
}
