import Almanac

extension CalendarEvent {
    /// Whether two series say the same thing: every property but where
    /// they stand in their files (``line``, an override's `line`), which
    /// moves when another event is added above them. A store compares a
    /// fresh snapshot with the one it applied last this way, and writes the
    /// text of the series that differ only.
    package func hasSameContent(as b: CalendarEvent) -> Bool {
        var a = self
        a.line = b.line
        if a == b { return true }
        guard a.overrides.count == b.overrides.count, !a.overrides.isEmpty else { return false }
        for (x, y) in zip(a.overrides, b.overrides) {
            var x = x
            x.line = y.line
            if x != y { return false }
        }
        var c = b
        c.overrides = a.overrides
        return a == c
    }
}
