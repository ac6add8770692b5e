import Almanac
import AlmanacJSON

extension FreeBusy {
    /// Busy periods as JSON Lines (what `almanac freebusy --json` prints):
    /// one object a line, `{"start", "end", "type"}`, the instants in UTC
    /// (ISO 8601 ending in `Z`), the type as FBTYPE writes it.
    ///
    /// ```swift
    /// print(FreeBusy.jsonLines(busy), terminator: "")
    /// // {"start":"2024-05-06T07:00:00Z","end":"2024-05-06T08:00:00Z","type":"BUSY"}
    /// ```
    public static func jsonLines(_ periods: [BusyPeriod]) -> String {
        var w = JSONWriter(capacity: 64 * periods.count + 16)
        for p in periods {
            w.beginObject()
            w.key("start"); w.string(iso(p.range.lowerBound))
            w.key("end"); w.string(iso(p.range.upperBound))
            w.key("type"); w.string(p.type.rawValue)
            w.endObject()
            w.endLine()
        }
        return w.text
    }
}
