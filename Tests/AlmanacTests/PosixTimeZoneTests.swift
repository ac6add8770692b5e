import Testing
import AlmanacFoundation
import Foundation
import AlmanacCore
import AlmanacTestSupport
@testable import Almanac

/// POSIX TZ strings (the TZif footer, RFC 8536 section 3.3): parsing, and
/// the offsets their rules give, against the C library reading the same
/// string as `TZ` (GNU `date`).
@Suite struct PosixTimeZoneTests {
    /// Footers of the tz database and the forms POSIX and RFC 8536 allow:
    /// `Mm.w.d`, `Jn`, zero-based `n`, rule times past 24 h and negative,
    /// negative DST (Dublin), the southern hemisphere.
    static let strings = [
        "EST5EDT,M3.2.0,M11.1.0", "CET-1CEST,M3.5.0,M10.5.0/3", "IST-1GMT0,M10.5.0,M3.5.0/1",
        "AEST-10AEDT,M10.1.0,M4.1.0/3", "<-02>2<-01>,M3.5.0/-1,M10.5.0/0", "<-03>3<-02>,M3.2.0,M11.1.0",
        "NZST-12NZDT,M9.5.0,M4.1.0/3", "<+1030>-10:30<+11>-11,M10.1.0,M4.1.0", "<+0330>-3:30",
        "XXX3YYY,J60/2,J300/2", "XXX3YYY,59/2,300/2", "XXX-2YYY-3,M4.5.6/167,M10.5.6/-167",
        "<-04>4<-03>,M9.1.6/24,M4.1.6/24", "MSK-3", "HST10", "<+05>-5",
        "AAA+1:02:03BBB-4:05:06,M3.1.0/1:00:30,M10.5.0/23:59:59",
    ]
    /// DST all year, as RFC 8536 section 3.3.1 spells it ("starts January 1
    /// at 00:00 and ends December 31 at 24:00 plus the difference between
    /// daylight saving and standard time"). glibc leaves a second of
    /// standard time at each new year there, so these are tested apart.
    static let allYear = ["EST5EDT4,0/0,J365/25", "WART4WARST,J1/0,J365/25"]

    @Test(arguments: strings)
    func offsetsAgreeWithTheCLibrary(_ tz: String) throws {
        try #require(SystemDateOracle.isAvailable, "needs GNU date")
        let posix = try #require(PosixTimeZone(tz))
        let changes = posix.changes(years: 1990, through: 2110)
        func offset(at t: Int64) -> Int {
            Int(changes.last { $0.instant <= t }?.offset ?? (posix.daylight.map { _ in posix.changes(years: 1989, through: 1989).last!.offset } ?? posix.standard))
        }
        var instants: [Int64] = []
        for c in changes where c.instant < Int64(daysFromCivil(2100, 1, 1)) * 86_400 { instants += [c.instant - 1, c.instant] }
        instants += stride(from: Int64(daysFromCivil(1991, 1, 1)) * 86_400, to: Int64(daysFromCivil(2100, 1, 1)) * 86_400, by: 86_400 * 5 + 3_601)
        let expected = try SystemDateOracle.offsets(tz: tz, instants: instants)
        let wrong = zip(instants, expected).filter { offset(at: $0) != $1 }
        #expect(wrong.isEmpty, "\(tz): \(wrong.count) instants differ, first \(wrong.first.map { "\($0.0): \(offset(at: $0.0)) vs \($0.1)" } ?? "")")
    }

    /// Changes are strictly increasing, so a table can be built from them
    /// (DST all year, written as a change back and forth at one instant,
    /// keeps the later offset: no change at all).
    @Test(arguments: strings + allYear + ["PST8PDT"])
    func changesIncrease(_ tz: String) throws {
        let changes = try #require(PosixTimeZone(tz)).changes(years: 1, through: 2500)
        #expect(zip(changes, changes.dropFirst()).allSatisfy { $0.instant < $1.instant })
    }

    /// DST all year: one change to DST in the first year, then none until
    /// the end of the last year expanded (which a table drops past 2500).
    @Test(arguments: allYear)
    func daylightTimeAllYearIsOneOffset(_ tz: String) throws {
        let posix = try #require(PosixTimeZone(tz))
        let changes = posix.changes(years: 2000, through: 2010)
        #expect(changes.count == 2 && changes[0].offset == posix.daylight!.offset && changes[1].offset == posix.standard)
        #expect(changes[1].instant == posix.daylight!.end.instant(year: 2010, clock: posix.daylight!.offset))
    }

    /// A DST name without rules takes the United States' rules since 2007
    /// (glibc takes them from its `posixrules` file instead, which is New
    /// York's history, so it is no oracle here).
    @Test func daylightTimeWithoutRules() throws {
        let posix = try #require(PosixTimeZone("PST8PDT"))
        #expect(posix.standard == -28_800 && posix.daylight?.offset == -25_200)
        #expect(posix.daylight?.start == .init(date: .monthWeekDay(month: 3, week: 2, weekday: 0), time: 7200))
        #expect(posix.daylight?.end == .init(date: .monthWeekDay(month: 11, week: 1, weekday: 0), time: 7200))
    }

    @Test func malformedStringsAreRefused() {
        for tz in ["", "E5", "EST", "EST5EDT,M3.2.0", "EST5EDT,M13.2.0,M11.1.0", "EST5EDT,M3.6.0,M11.1.0", "EST5EDT,M3.2.7,M11.1.0",
                   "EST5EDT,J0,J365", "EST5EDT,J366,J365", "EST5EDT,366,0", "EST25", "<AB>5", "<A+B5", "EST5EDT,M3.2.0/168,M11.1.0",
                   "EST5EDT,M3.2.0,M11.1.0x", "EST5:60", "EST 5", "EST5EDT,M3.2.0,,M11.1.0", "EST\u{0}5"] {
            #expect(PosixTimeZone(tz) == nil, "\(tz)")
        }
    }
}

/// TZif files (RFC 8536): a hostile or damaged file gives no zone, never a trap.
@Suite(.enabled(if: SystemZones.directory != nil, "needs a tz database"))
struct TZifReadingTests {
    static func bytes(_ id: String) throws -> [UInt8] {
        try #require(SystemZones.readFile(SystemZones.directory! + "/" + id, limit: 1 << 20))
    }

    @Test func everyPrefixOfAFileIsReadOrRefused() throws {
        let file = try Self.bytes("America/New_York")
        let whole = try #require(TZif(file))
        #expect(whole.footer == "EST5EDT,M3.2.0,M11.1.0")
        #expect(whole.offsets.count == whole.transitions.count && whole.initialOffset == -17_762)
        for n in 0..<file.count - 1 {
            // The footer's last line feed is the file's last byte: every shorter prefix is cut short.
            #expect(TZif(Array(file[..<n])) == nil, "prefix of \(n) bytes")
        }
    }

    /// 20,000 files with one to eight bytes changed: each is read as a
    /// valid table (transitions increasing, offsets in range) or refused.
    @Test func damagedFilesNeverTrap() throws {
        var rng = SplitMix64(seed: 0x7A1F)
        for id in ["Europe/Dublin", "Australia/Lord_Howe", "America/Nuuk", "UTC"] {
            let file = try Self.bytes(id)
            for _ in 0..<5_000 {
                var damaged = file
                for _ in 0..<Int(rng.next() % 8 + 1) { damaged[Int(rng.next() % UInt64(damaged.count))] = UInt8(truncatingIfNeeded: rng.next()) }
                guard let read = TZif(damaged) else { continue }
                #expect(zip(read.transitions, read.transitions.dropFirst()).allSatisfy { $0 < $1 })
                #expect(read.offsets.allSatisfy { (try? Offset(seconds: Int($0))) != nil } && (try? Offset(seconds: Int(read.initialOffset))) != nil)
            }
        }
    }

    /// Leap-second files (`right/`) count leap seconds in their times; they
    /// are refused, as are counts the bytes cannot hold.
    @Test func leapSecondsAndImpossibleCountsAreRefused() throws {
        if let right = SystemZones.readFile(SystemZones.directory! + "/right/Europe/Paris", limit: 1 << 20) {
            #expect(TZif(right) == nil)
        }
        var file = try Self.bytes("Europe/Paris")
        for i in 32..<36 { file[i] = 0xFF }     // timecnt of the version 1 header
        #expect(TZif(file) == nil)
    }
}
