import Almanac
import AlmanacCalendar

/// One row of the instance index: the integers an `Occurrence` is made of
/// (so that a row gives back the very occurrence the expander made), plus
/// conservative bounds in instants for the window search.
package struct InstanceRow: Sendable, Hashable {
    package var calendarID: String
    package var seriesID: String
    /// The occurrence key's text (`OccurrenceKey.description`); a backend
    /// may leave it empty in the rows of a window query, which makes the key
    /// from `seriesID` and the recurrence id.
    package var key: String
    /// `Anchor.Kind` as a number: 0 date, 1 floating, 2 utc, 3 zoned.
    package var kind: Int64
    /// Instants for zoned and UTC instances, wall-clock seconds for floating and DATE ones.
    package var startKey: Int64
    package var endKey: Int64
    /// The local start and the recurrence id's local time, in seconds.
    package var local: Int64
    package var ridLocal: Int64
    package var offset: Int64
    package var isRepeat: Bool
    /// The earliest instant the instance can start in any zone, and the latest it can end:
    /// `startKey`/`endKey` for instants, widened by ``zoneReach`` for wall-clock ones.
    package var lo: Int64
    package var hi: Int64
    /// Whether `hi - lo` exceeds ``shortSpan``: long rows are searched by `hi`, short ones by `lo` alone.
    package var isLong: Bool
    package var status: String?
    package var title: String?
    /// The identifier of a zoned instance's zone (its start value's), whose
    /// clock reads its start and end; `nil` for the other kinds.
    package var zone: String?

    /// How far a zone's offset reaches from UTC (ICU's extremes are -12 h and +14 h; 18 h is RFC 5545's UTC-OFFSET bound less a margin).
    package static let zoneReach: Int64 = 18 * 3600
    /// The longest span of a short row: two days and two zone reaches (a two-day all-day event).
    package static let shortSpan: Int64 = 2 * 86_400 + 2 * zoneReach

    package init(calendarID: String, seriesID: String, key: String, kind: Int64, startKey: Int64, endKey: Int64,
                 local: Int64, ridLocal: Int64, offset: Int64, isRepeat: Bool, lo: Int64, hi: Int64, isLong: Bool,
                 status: String?, title: String?, zone: String? = nil) {
        self.calendarID = calendarID
        self.seriesID = seriesID
        self.key = key
        self.kind = kind
        self.startKey = startKey
        self.endKey = endKey
        self.local = local
        self.ridLocal = ridLocal
        self.offset = offset
        self.isRepeat = isRepeat
        self.lo = lo
        self.hi = hi
        self.isLong = isLong
        self.status = status
        self.title = title
        self.zone = zone
    }
}
