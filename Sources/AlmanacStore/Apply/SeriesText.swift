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

    /// FNV-1a's offset basis.
    static let seed: UInt64 = 0xcbf2_9ce4_8422_2325

    /// FNV-1a (64 bits) of the text's UTF-8 from `h`: stable across
    /// processes and machines (Swift's `Hasher` is seeded per process).
    static func fold(_ text: String, into h: UInt64) -> UInt64 {
        var h = h
        for b in text.utf8 {
            h ^= UInt64(b)
            h &*= 0x0000_0100_0000_01b3
        }
        return h
    }

    /// The digest of a series' text, from the calendar's zone digest.
    static func digest(_ text: String, zones: UInt64 = seed) -> Int64 {
        Int64(bitPattern: fold(text, into: zones))
    }

    /// The calendar the stored texts make (one VCALENDAR around them all),
    /// read in the calendar's stored zones.
    static func calendar(_ rows: [SeriesRow], zones: [ZoneRow]) throws(StoreError) -> EventCalendar {
        var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Almanac//Store//EN\r\n"
        for r in rows { text += r.text }
        text += "END:VCALENDAR\r\n"
        var options = CalendarOptions()
        options.givenZones = try StoredZones.zones(zones)
        do {
            return try EventCalendar(ics: text, options: options)
        } catch {
            throw StoreError(.invalidValue, "the stored series of calendar \(rows.first?.calendarID ?? "?") do not read: \(error.message)")
        }
    }
}
