import Almanac

extension CalendarEvent {
    /// The series and its overrides as iCalendar components (VEVENT or
    /// VTODO, no VCALENDAR around them), as ``EventCalendar/icsText(productID:stamp:)``
    /// writes them: what a store keeps of a series. With a fixed `stamp`, the
    /// same series gives the same text, so equal texts mean equal series.
    package func componentsText(stamp: Timestamp) -> String {
        var w = CalendarWriter(stamp: stamp)
        w.series(self)
        for o in overrides { w.override(o, of: self) }
        return w.out
    }
}
