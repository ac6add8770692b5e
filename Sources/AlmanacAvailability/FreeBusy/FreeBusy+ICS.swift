import Almanac
import AlmanacCalendar
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension FreeBusy {
    /// Busy periods as iCalendar text (RFC 5545): a VCALENDAR holding one
    /// VFREEBUSY (section 3.6.4) with UID, DTSTAMP, DTSTART and DTEND (the
    /// window) and one FREEBUSY property per type (section 3.8.2.6), its
    /// periods in start order as UTC `start/end` values; CRLF line ends,
    /// lines folded at 75 octets. Reading the text back
    /// (`EventCalendar(ics:)`, then `EventCalendar/busyPeriods(overlapping:viewer:options:)`
    /// over the window) gives the same periods.
    ///
    /// ```swift
    /// let text = FreeBusy.icsText(busy, window: week, stamp: Timestamp(secondsSinceEpoch: 1_714_550_400))
    /// // BEGIN:VCALENDAR ... BEGIN:VFREEBUSY ... FREEBUSY;FBTYPE=BUSY:20240506T070000Z/20240506T080000Z ...
    /// ```
    ///
    /// The FREEBUSY properties come in the order BUSY-UNAVAILABLE, BUSY,
    /// BUSY-TENTATIVE, then other types by name; a FREE period is written
    /// with FBTYPE=FREE. Periods are written as given (busy periods come
    /// merged; ``merged(_:in:)`` merges others).
    ///
    /// - Parameters:
    ///   - periods: the periods to write, each on the FREEBUSY line of its type.
    ///   - window: the span the VFREEBUSY covers (its DTSTART and DTEND).
    ///   - uid: UID's value (default: one made from the window).
    ///   - stamp: DTSTAMP (default: now).
    ///   - productID: PRODID's value.
    public static func icsText(_ periods: [BusyPeriod], window: Range<Timestamp>, uid: String? = nil, stamp: Timestamp? = nil,
                               productID: String = "-//Almanac//Almanac//EN") -> String {
        let stamp = stamp ?? Timestamp(secondsSinceEpoch: Int64(time(nil)))
        var w = CalendarWriter(stamp: stamp)
        w.line("BEGIN:VCALENDAR")
        w.line("VERSION:2.0")
        w.line("PRODID:" + CalendarWriter.escape(productID))
        w.line("BEGIN:VFREEBUSY")
        let id = uid ?? "freebusy-\(utc(window.lowerBound))-\(utc(window.upperBound))@almanac"
        w.line("UID:" + CalendarWriter.escape(id))
        w.line("DTSTAMP:" + utc(stamp))
        w.line("DTSTART:" + utc(window.lowerBound))
        w.line("DTEND:" + utc(window.upperBound))
        var byType: [FreeBusyType: [Range<Timestamp>]] = [:]
        for p in periods { byType[p.type, default: []].append(p.range) }
        let order: [FreeBusyType] = [.busyUnavailable, .busy, .busyTentative]
        let types = order.filter { byType[$0] != nil } + byType.keys.filter { !order.contains($0) }.sorted { $0.rawValue < $1.rawValue }
        for t in types {
            let ranges = byType[t]!.sorted { ($0.lowerBound, $0.upperBound) < ($1.lowerBound, $1.upperBound) }
            w.line("FREEBUSY;FBTYPE=" + t.rawValue + ":" + ranges.map { utc($0.lowerBound) + "/" + utc($0.upperBound) }.joined(separator: ","))
        }
        w.line("END:VFREEBUSY")
        w.line("END:VCALENDAR")
        return w.out
    }

    /// `20240506T070000Z`.
    static func utc(_ t: Timestamp) -> String { iso(t).filter { $0 != "-" && $0 != ":" } }

    /// `2024-05-06T07:00:00Z` (clamped to years 1...9999).
    static func iso(_ t: Timestamp) -> String {
        let s = min(max(t, Timestamp.min), Timestamp.max)
        return (s.utc ?? CivilDateTime(CivilDate(_unchecked: 1970, 1, 1), .midnight)).description + "Z"
    }
}
