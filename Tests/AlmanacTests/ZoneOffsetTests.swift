import Testing
import AlmanacCore
@testable import Almanac

/// Offsets at known instants. Unless noted, the source is the tz database
/// (files `northamerica`, `southamerica`, `europe`, `asia`, `australasia`),
/// which both ICU 72 (tzdata 2022e) and Foundation (2025b) carry for these
/// zones and dates.
@Suite struct ZoneOffsetTests {
    /// `.foundation` is a source once AlmanacFoundation enables it.
    init() { Zone.enableFoundationSource() }

    struct Case: Sendable, CustomTestStringConvertible {
        var zone: String
        var instant: Timestamp
        var offset: Offset
        var why: String
        var testDescription: String { "\(zone) at \(instant) is \(offset): \(why)" }
        init(_ zone: String, _ instant: Timestamp, _ offset: Offset, _ why: String) {
            (self.zone, self.instant, self.offset, self.why) = (zone, instant, offset, why)
        }
    }

    static let cases: [Case] = [
        // US rules since 2007 (Energy Policy Act of 2005): second Sunday of March
        // 02:00 EST -> EDT, first Sunday of November 02:00 EDT -> EST.
        Case("America/New_York", utc(2024, 1, 15, 12), off(-5), "EST in winter"),
        Case("America/New_York", utc(2024, 7, 4, 12), off(-4), "EDT in summer"),
        Case("America/New_York", utc(2024, 3, 10, 6, 59, 59), off(-5), "last second of EST, 2024-03-10 01:59:59"),
        Case("America/New_York", utc(2024, 3, 10, 7), off(-4), "EDT from 2024-03-10 02:00 EST"),
        Case("America/New_York", utc(2024, 11, 3, 5, 59, 59), off(-4), "last second of EDT, 2024-11-03 01:59:59"),
        Case("America/New_York", utc(2024, 11, 3, 6), off(-5), "EST from 2024-11-03 02:00 EDT"),
        try! Case("America/New_York", utc(1883, 11, 18, 16, 59, 59), Offset(seconds: -17_762), "local mean time -4:56:02 until 1883-11-18 12:03:58"),
        Case("America/New_York", utc(1883, 11, 18, 17), off(-5), "railway standard time from 1883-11-18"),
        Case("America/New_York", utc(1974, 1, 6, 7), off(-4), "Emergency Daylight Saving Time Energy Conservation Act of 1973: DST from 1974-01-06"),
        // UK: British Standard Time (+01:00 all year) 1968-10-27 .. 1971-10-31; EU rules since 1996.
        Case("Europe/London", utc(1970, 1, 1), off(1), "British Standard Time, 1968-1971"),
        Case("Europe/London", utc(2024, 1, 15), off(0), "GMT in winter"),
        Case("Europe/London", utc(2024, 7, 1), off(1), "BST in summer"),
        Case("Europe/London", utc(2024, 3, 31, 0, 59, 59), off(0), "EU rule: last Sunday of March at 01:00 UTC"),
        Case("Europe/London", utc(2024, 3, 31, 1), off(1), "EU rule: last Sunday of March at 01:00 UTC"),
        // New South Wales: DST from the first Sunday of October to the first Sunday of April (since 2008).
        Case("Australia/Sydney", utc(2024, 1, 15), off(11), "AEDT in the southern summer"),
        Case("Australia/Sydney", utc(2024, 7, 1), off(10), "AEST in the southern winter"),
        Case("Australia/Sydney", utc(2024, 4, 6, 15, 59, 59), off(11), "2024-04-07 02:59:59 AEDT"),
        Case("Australia/Sydney", utc(2024, 4, 6, 16), off(10), "2024-04-07 03:00 AEDT -> 02:00 AEST"),
        Case("Australia/Sydney", utc(2024, 10, 5, 16), off(11), "2024-10-06 02:00 AEST -> 03:00 AEDT"),
        // India: +05:30 since 1945-10-15; Nepal: +05:45 since 1986-01-01.
        Case("Asia/Kolkata", utc(2024, 6, 1), off(5, 30), "IST"),
        Case("Asia/Kathmandu", utc(2024, 6, 1), off(5, 45), "NPT"),
        Case("Asia/Kathmandu", utc(1985, 12, 31, 18, 29, 59), off(5, 30), "+05:30 until 1986-01-01 00:00"),
        Case("Asia/Kathmandu", utc(1985, 12, 31, 18, 30), off(5, 45), "+05:45 from 1986-01-01 00:00 +05:30"),
        // Lord Howe Island: +10:30 standard, a 30-minute DST shift to +11:00.
        Case("Australia/Lord_Howe", utc(2024, 1, 15), off(11), "DST, +11:00"),
        Case("Australia/Lord_Howe", utc(2024, 7, 1), off(10, 30), "standard, +10:30"),
        // Chatham Islands: +12:45 standard, +13:45 DST (NZ rules).
        Case("Pacific/Chatham", utc(2024, 1, 15), off(13, 45), "DST, +13:45"),
        Case("Pacific/Chatham", utc(2024, 7, 1), off(12, 45), "standard, +12:45"),
        // Samoa crossed the date line: 2011-12-29 24:00 -10:00 became 2011-12-31 00:00 +14:00.
        Case("Pacific/Apia", utc(2011, 12, 30, 9, 59, 59), off(-10), "last second of 2011-12-29, -10:00 (DST)"),
        Case("Pacific/Apia", utc(2011, 12, 30, 10), off(14), "2011-12-31 00:00 +14:00 (DST)"),
        // Brazil: DST started 2018-11-04 at 00:00 (Decree 9,242 of 2017); abolished in 2019 (Decree 9,772).
        Case("America/Sao_Paulo", utc(2018, 11, 4, 2, 59, 59), off(-3), "last second of 2018-11-03, -03:00"),
        Case("America/Sao_Paulo", utc(2018, 11, 4, 3), off(-2), "2018-11-04 00:00 -03:00 became 01:00 -02:00"),
        Case("America/Sao_Paulo", utc(2019, 12, 1, 12), off(-3), "no DST since 2019"),
        // Lebanon: DST from the last Sunday of March 00:00 to the last Sunday of October 00:00.
        Case("Asia/Beirut", utc(2022, 3, 26, 21, 59, 59), off(2), "2022-03-26 23:59:59 +02:00"),
        Case("Asia/Beirut", utc(2022, 3, 26, 22), off(3), "2022-03-27 00:00 +02:00 became 01:00 +03:00"),
        Case("Asia/Beirut", utc(2022, 10, 29, 20, 59, 59), off(3), "2022-10-29 23:59:59 +03:00"),
        Case("Asia/Beirut", utc(2022, 10, 29, 21), off(2), "2022-10-30 00:00 +03:00 became 2022-10-29 23:00 +02:00"),
    ]

    @Test(arguments: cases)
    func offsetAtKnownInstant(_ c: Case) throws {
        let zone = try Zone(c.zone)
        #expect(zone.offset(at: c.instant) == c.offset)
    }

    @Test(arguments: cases)
    func foundationLoaderAgrees(_ c: Case) throws {
        let zone = try Zone(c.zone, source: .foundation)
        #expect(zone.offset(at: c.instant) == c.offset)
    }
}
