#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Almanac
import AlmanacCalendar
import AlmanacStore

/// Calendars and helpers shared by the `almanac store` tests: two
/// snapshots A and B of one calendar (B moves every series an hour later
/// and retitles it, so applying one over the other changes every series and
/// moves every record), dated around today so that the store's default
/// horizon (a year back, two ahead) holds them.
enum StoreFixture {
    /// Today's date (UTC).
    static var today: CivilDate {
        CivilDate(daysSinceEpoch: Int(CalendarStore.now().secondsSinceEpoch.floorDiv(86_400)))!
    }

    /// The first day of every series: 30 days ago.
    static var firstDay: CivilDate { CivilDate(daysSinceEpoch: today.daysSinceEpoch - 30)! }

    /// `series` weekly series in Europe/Paris, series `i` at `hour`:`i`,
    /// 30 minutes, titled `title i`; UIDs `s<i>@store-test`.
    static func ics(series: Int, hour: Int, title: String) -> String {
        let d = firstDay
        let day = "\(d.year)" + two(d.month) + two(d.day)
        var out = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Almanac//store tests//EN\r\n"
        for i in 0..<series {
            out += "BEGIN:VEVENT\r\nUID:s\(i)@store-test\r\nDTSTAMP:20260101T000000Z\r\n"
            out += "DTSTART;TZID=Europe/Paris:\(day)T\(two(hour))\(two(i % 60))00\r\nDURATION:PT30M\r\n"
            out += "RRULE:FREQ=WEEKLY\r\nSUMMARY:\(title) \(i)\r\nEND:VEVENT\r\n"
        }
        return out + "END:VCALENDAR\r\n"
    }

    static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

    /// What a window query shows of an instance, for comparisons.
    struct Seen: Hashable, CustomStringConvertible {
        var key: String
        var instants: Range<Timestamp>
        var title: String?
        var description: String { "\(key) \(instants.lowerBound.secondsSinceEpoch) \(title ?? "")" }
    }

    static func seen(_ i: StoredInstance) -> Seen { Seen(key: i.key.description, instants: i.instants, title: i.title) }
    static func seen(_ o: CalendarOccurrence) -> Seen {
        Seen(key: o.key.description, instants: o.occurrence.instants(in: .utc), title: o.title)
    }

    /// The instances a fresh expansion of `calendar` gives in `window` (UTC viewer).
    static func expected(_ calendar: EventCalendar, _ window: Range<Timestamp>) -> [Seen] {
        calendar.occurrences(overlapping: window, viewer: .utc).map(seen)
    }

    /// Midnight UTC of a date.
    static func instant(_ d: CivilDate) -> Timestamp { Timestamp(secondsSinceEpoch: Int64(d.daysSinceEpoch) * 86_400) }

    /// Writes `text` to `path`.
    static func write(_ text: String, to path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard fd >= 0 else { throw TemporaryFile.CreateError() }
        defer { close(fd) }
        let bytes = Array(text.utf8)
        guard bytes.withUnsafeBytes({ Glibc.write(fd, $0.baseAddress, $0.count) }) == bytes.count else { throw TemporaryFile.CreateError() }
    }

    /// Monotonic seconds.
    static func clock() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}

extension Int64 {
    func floorDiv(_ d: Int64) -> Int64 {
        let q = self / d
        return (self % d != 0 && (self < 0) != (d < 0)) ? q - 1 : q
    }
}

extension Timestamp {
    /// `seconds` later.
    func plus(_ seconds: Int64) -> Timestamp { Timestamp(secondsSinceEpoch: secondsSinceEpoch + seconds) }
}
