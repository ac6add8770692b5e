import Almanac
import AlmanacCalendar

/// A series as the store keeps it: the components of one UID as iCalendar
/// text, with a digest to find changed series without reading stored ones.
enum SeriesText {
    /// DTSTAMP of components without LAST-MODIFIED: fixed, so that a series
    /// read twice gives the same text and digest.
    static let stamp = Timestamp(secondsSinceEpoch: 0)

    /// The text of all events of one UID, in the snapshot's order.
    static func text(_ events: some Sequence<CalendarEvent>) -> String {
        var out = ""
        for e in events { out += e.componentsText(stamp: stamp) }
        return out
    }

    /// FNV-1a (64 bits) of the text's UTF-8: stable across processes and
    /// machines (Swift's `Hasher` is seeded per process).
    static func digest(_ text: String) -> Int64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in text.utf8 {
            h ^= UInt64(b)
            h &*= 0x0000_0100_0000_01b3
        }
        return Int64(bitPattern: h)
    }

    /// The calendar the stored texts make (one VCALENDAR around them all).
    static func calendar(_ rows: [SeriesRow]) throws(StoreError) -> EventCalendar {
        var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Almanac//Store//EN\r\n"
        for r in rows { text += r.text }
        text += "END:VCALENDAR\r\n"
        do {
            return try EventCalendar(ics: text)
        } catch {
            throw StoreError(.invalidValue, "the stored series of calendar \(rows.first?.calendarID ?? "?") do not read: \(error.message)")
        }
    }
}
