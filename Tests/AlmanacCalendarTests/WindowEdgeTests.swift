import Almanac
import AlmanacCalendar
import Testing

/// Instances at the ends of the calendar (years 1 and 9999 on their own
/// clock) whose instants fall outside years 1...9999 in UTC, and windows
/// with any bounds, up to `Int64.min ..< Int64.max` (issue 24: such
/// instances were never listed; `Corpus/ics/year-one-east-of-utc` and
/// `year-9999-west-of-utc` run the same through the CLI).
struct WindowEdgeTests {
    static let tokyo = try! Zone("Asia/Tokyo")
    static let losAngeles = try! Zone("America/Los_Angeles")
    static let everything = Timestamp(secondsSinceEpoch: .min)..<Timestamp(secondsSinceEpoch: .max)

    /// A zoned, a floating and an all-day event on the first day and on the
    /// last, a daily series from the first day and one up to the last.
    static let calendar = try! WindowQueryTests.calendar([
        "BEGIN:VEVENT", "UID:tokyo", "DTSTART;TZID=Asia/Tokyo:00010101T090000", "END:VEVENT",
        "BEGIN:VEVENT", "UID:tokyo-daily", "DTSTART;TZID=Asia/Tokyo:00010101T090000", "RRULE:FREQ=DAILY;COUNT=2", "END:VEVENT",
        "BEGIN:VEVENT", "UID:floating-first", "DTSTART:00010101T000000", "END:VEVENT",
        "BEGIN:VEVENT", "UID:all-day-first", "DTSTART;VALUE=DATE:00010101", "END:VEVENT",
        "BEGIN:VEVENT", "UID:la", "DTSTART;TZID=America/Los_Angeles:99991231T200000", "END:VEVENT",
        "BEGIN:VEVENT", "UID:la-daily", "DTSTART;TZID=America/Los_Angeles:99991230T200000", "RRULE:FREQ=DAILY", "END:VEVENT",
        "BEGIN:VEVENT", "UID:floating-last", "DTSTART:99991231T235959", "END:VEVENT",
        "BEGIN:VEVENT", "UID:all-day-last", "DTSTART;VALUE=DATE:99991231", "END:VEVENT",
    ])

    static func listed(_ w: Range<Timestamp>, _ viewer: Zone) -> [String] {
        calendar.occurrences(overlapping: w, viewer: viewer).map { "\($0.seriesID) \($0.occurrence.start)" }
    }

    @Test func theWidestWindowListsEveryInstance() {
        let firstDay = ["tokyo 0001-01-01T09:00:00", "tokyo-daily 0001-01-01T09:00:00", "tokyo-daily 0001-01-02T09:00:00"]
        let lastDay = ["la-daily 9999-12-30T20:00:00", "la 9999-12-31T20:00:00", "la-daily 9999-12-31T20:00:00"]
        // In Tokyo, the floating and all-day values of year 1 start before
        // year 1 in UTC too, as the zoned ones do.
        #expect(Self.listed(Self.everything, Self.tokyo) == [
            "all-day-first 0001-01-01T00:00:00", "floating-first 0001-01-01T00:00:00", firstDay[0], firstDay[1], firstDay[2],
            "all-day-last 9999-12-31T00:00:00", lastDay[0], "floating-last 9999-12-31T23:59:59", lastDay[1], lastDay[2]])
        #expect(Self.listed(Self.everything, Self.losAngeles) == [
            firstDay[0], firstDay[1], "all-day-first 0001-01-01T00:00:00", "floating-first 0001-01-01T00:00:00", firstDay[2],
            lastDay[0], "all-day-last 9999-12-31T00:00:00", lastDay[1], lastDay[2], "floating-last 9999-12-31T23:59:59"])
    }

    /// What `almanac events` does without --from: the window starts at the
    /// first DTSTART's instant, 0000-12-31T23:41:01Z (Tokyo's local mean
    /// time, +09:18:59), and lasts a year.
    @Test func aWindowFromTheFirstStartListsIt() throws {
        let first = try #require(Self.calendar.events.map { $0.recurrence.start.instant(in: .utc) }.min())
        #expect(first.secondsSinceEpoch == Timestamp.min.secondsSinceEpoch - (9 * 3600 + 18 * 60 + 59) + 9 * 3600)
        let year = first..<Timestamp(secondsSinceEpoch: first.secondsSinceEpoch + 366 * 86_400)
        #expect(Self.listed(year, .utc) == ["tokyo 0001-01-01T09:00:00", "tokyo-daily 0001-01-01T09:00:00",
                                            "all-day-first 0001-01-01T00:00:00", "floating-first 0001-01-01T00:00:00",
                                            "tokyo-daily 0001-01-02T09:00:00"])
        // A window that starts at 0001-01-01T00:00:00Z is after them: they end before it.
        let fromYearOne = Timestamp.min..<year.upperBound
        #expect(Self.listed(fromYearOne, .utc).first == "all-day-first 0001-01-01T00:00:00")
        #expect(!Self.listed(fromYearOne, .utc).contains("tokyo 0001-01-01T09:00:00"))
    }

    /// A window that starts before year 1 or ends after 9999 by any amount
    /// reads as one that starts at the beginning or lasts to the end.
    @Test(arguments: [(Int64.min, Int64.max), (Int64.min + 1, Int64.max - 1),
                      (Timestamp.min.secondsSinceEpoch - 365_000 * 86_400, Timestamp.max.secondsSinceEpoch + 365_000 * 86_400)])
    func windowsPastTheEndsMeanFromTheBeginningAndToTheEnd(_ from: Int64, _ to: Int64) {
        let w = Timestamp(secondsSinceEpoch: from)..<Timestamp(secondsSinceEpoch: to)
        #expect(Self.listed(w, Self.tokyo) == Self.listed(Self.everything, Self.tokyo))
        #expect(Self.listed(w, Self.tokyo).count == 10)
    }
}
