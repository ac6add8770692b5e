import AlmanacTestSupport
import Testing
import Almanac
import AlmanacCore

/// `Anchor(parsing:zone:)` and `Anchor.rfc5545`: RFC 5545 DATE (section 3.3.4)
/// and DATE-TIME (section 3.3.5) values.
@Suite struct AnchorParsingTests {
    static let est = try! Zone.fixed(Offset(hours: -5))

    // RFC 5545 section 3.3.4: "19970714" represents July 14, 1997.
    @Test func date() throws {
        #expect(try Anchor(parsing: "19970714") == .date(CivilDate(1997, 7, 14)))
        #expect(try Anchor(parsing: "20240229") == .date(CivilDate(2024, 2, 29)))
        #expect(try Anchor(parsing: "00010101") == .date(CivilDate(1, 1, 1)))
        #expect(try Anchor(parsing: "99991231") == .date(CivilDate(9999, 12, 31)))
    }

    // Section 3.3.5, FORM #1: "19980118T230000" is floating.
    @Test func floating() throws {
        #expect(try Anchor(parsing: "19980118T230000") == .floating(CivilDate(1998, 1, 18).at(23, 0)))
        #expect(try Anchor(parsing: "19980118T235959") == .floating(CivilDate(1998, 1, 18).at(23, 59, 59)))
    }

    // Section 3.3.5, FORM #2: "19980119T070000Z" is UTC.
    @Test func utc() throws {
        #expect(try Anchor(parsing: "19980119T070000Z") == .utc(CivilDate(1998, 1, 19).at(7, 0)))
    }

    // Section 3.3.5, FORM #3: the TZID parameter supplies the zone.
    @Test func zoned() throws {
        #expect(try Anchor(parsing: "19980119T020000", zone: Self.est) == .zoned(CivilDate(1998, 1, 19).at(2, 0), Self.est))
        #expect(try Anchor(parsing: "19980119T020000", zone: .utc) == .zoned(CivilDate(1998, 1, 19).at(2, 0), .utc))
    }

    // Section 3.2.19: TZID "MUST NOT be applied to DATE properties and DATE-TIME ... specified in UTC".
    // Almanac lets the text win: a Z value stays UTC and a DATE stays a DATE.
    @Test func theTextWinsOverTheZone() throws {
        #expect(try Anchor(parsing: "19980119T070000Z", zone: Self.est) == .utc(CivilDate(1998, 1, 19).at(7, 0)))
        #expect(try Anchor(parsing: "19980119", zone: Self.est) == .date(CivilDate(1998, 1, 19)))
    }

    @Test func substring() throws {
        let line = "DTSTART:19970902T090000Z"
        #expect(try Anchor(parsing: line.split(separator: ":")[1]) == .utc(CivilDate(1997, 9, 2).at(9, 0)))
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var input: String
        var kind: AlmanacError.Kind = .invalidValue
        var text: String
        var column: Int
        var message: String
        var testDescription: String { input.debugDescription }
    }

    static let errors: [Case] = [
        Case(input: "19970230", text: "30", column: 7, message: "invalid date \"19970230\" at column 7: day 30 is not in 1...28 for 1997-02"),
        Case(input: "20230229", text: "29", column: 7, message: "2023-02-29 does not exist: 2023 is not a leap year"),
        Case(input: "19000229T120000", text: "29", column: 7, message: "1900-02-29 does not exist: 1900 is not a leap year"),
        Case(input: "19971301", text: "13", column: 5, message: "month 13 is not in 1...12"),
        Case(input: "19970001", text: "00", column: 5, message: "month 0 is not in 1...12"),
        Case(input: "19970100", text: "00", column: 7, message: "day 0 is not in 1...31 for 1997-01"),
        Case(input: "00000101", kind: .outOfRange, text: "0000", column: 1, message: "invalid date \"00000101\" at column 1: year 0 is not in the supported range 1...9999"),
        Case(input: "100000101", kind: .outOfRange, text: "10000", column: 1, message: "year 10000 is not in the supported range 1...9999"),
        Case(input: "100000101T000000Z", kind: .outOfRange, text: "10000", column: 1, message: "invalid date-time \"100000101T000000Z\" at column 1: year 10000 is not"),
        Case(input: "019970902", text: "01997", column: 1, message: "the year has 5 digits"),
        Case(input: "19970902T240000", text: "24", column: 10, message: "invalid date-time \"19970902T240000\" at column 10: hour 24 is not in 0...23"),
        Case(input: "19970902T236000", text: "60", column: 12, message: "minute 60 is not in 0...59"),
        // Section 3.3.5 allows second 60 for leap seconds; Almanac has none, so it refuses it.
        Case(input: "19970630T235960Z", text: "60", column: 14, message: "second 60 is a leap second, which Almanac does not support"),
        Case(input: "19970630T235961", text: "61", column: 14, message: "second 61 is not in 0...59"),
        // Section 3.3.5: "The form of date and time with UTC offset MUST NOT be used."
        Case(input: "19980119T230000-0800", text: "-0800", column: 16, message: "a UTC offset is not allowed"),
        Case(input: "19980119T230000+01:00", text: "+01:00", column: 16, message: "a UTC offset is not allowed"),
        Case(input: "", text: "", column: 1, message: "expected YYYYMMDD, YYYYMMDDTHHMMSS or YYYYMMDDTHHMMSSZ"),
        Case(input: "2026", text: "2026", column: 1, message: "invalid date \"2026\" at column 1: expected YYYYMMDD"),
        Case(input: "1997-09-02", text: "1997-09-02", column: 1, message: "expected YYYYMMDD"),
        Case(input: "19970902T0900", text: "19970902T0900", column: 1, message: "expected YYYYMMDD"),
        Case(input: "19970902T090000.5Z", text: "19970902T090000.5Z", column: 1, message: "expected YYYYMMDD"),
        Case(input: "19970902t090000", text: "19970902t090000", column: 1, message: "expected YYYYMMDD"),
        Case(input: "19970902T090000z", text: "19970902T090000z", column: 1, message: "expected YYYYMMDD"),
        Case(input: " 19970902", text: " 19970902", column: 1, message: "expected YYYYMMDD"),
        Case(input: "19970902 ", text: "19970902 ", column: 1, message: "expected YYYYMMDD"),
        Case(input: "199709021234567", text: "199709021234567", column: 1, message: "expected YYYYMMDD"),
    ]

    @Test(arguments: errors)
    func error(_ c: Case) throws {
        do {
            let a = try Anchor(parsing: c.input)
            Issue.record("read \(a)")
        } catch {
            #expect(error.kind == c.kind)
            #expect(error.text == c.text)
            #expect(error.column == c.column)
            #expect(error.message.contains(c.message), "\(error.message)")
        }
    }

    @Test func rfc5545Text() throws {
        let d = try CivilDate(1997, 9, 2)
        #expect(Anchor.date(d).rfc5545 == "19970902")
        #expect(try Anchor.floating(d.at(9, 0)).rfc5545 == "19970902T090000")
        #expect(try Anchor.utc(d.at(13, 5, 7)).rfc5545 == "19970902T130507Z")
        #expect(try Anchor.zoned(d.at(9, 0), Self.est).rfc5545 == "19970902T090000")
        #expect(try Anchor.date(CivilDate(7, 1, 2)).rfc5545 == "00070102")
    }

    // Anchor(parsing: a.rfc5545, zone: a.zone) == a, over generated values of every form.
    @Test func roundTrip() throws {
        var g = SplitMix64(seed: 5545)
        for _ in 0..<5_000 {
            let y = g.int(1...9999), m = g.int(1...12)
            let d = try (try? CivilDate(y, m, g.int(1...31))) ?? CivilDate(y, m, 28)
            let c = try d.at(g.int(0...23), g.int(0...59), g.int(0...59))
            for a in [Anchor.date(d), .floating(c), .utc(c), .zoned(c, Self.est), .zoned(c, .utc)] {
                #expect(try Anchor(parsing: a.rfc5545, zone: a.zone) == a, "\(a)")
            }
        }
    }

    // The examples in the DocC comments of Anchor(parsing:zone:) and rfc5545.
    @Test func documentationExamples() throws {
        #expect(try Anchor(parsing: "19970902") == .date(CivilDate(1997, 9, 2)))
        #expect(try Anchor(parsing: "19970902T090000") == .floating(CivilDate(1997, 9, 2).at(9, 0)))
        #expect(try Anchor(parsing: "19970902T090000", zone: .utc) == .zoned(CivilDate(1997, 9, 2).at(9, 0), .utc))
        #expect(try Anchor(parsing: "19970902T130000Z") == .utc(CivilDate(1997, 9, 2).at(13, 0)))
        #expect(throws: AlmanacError(.invalidValue, "invalid date \"19970230\" at column 7: day 30 is not in 1...28 for 1997-02", text: "30", column: 7)) {
            try Anchor(parsing: "19970230")
        }
        #expect(try Anchor.utc(CivilDate(1997, 9, 2).at(13, 0)).rfc5545 == "19970902T130000Z")
        let zoned = try Anchor.zoned(CivilDate(1997, 9, 2).at(9, 0), .utc)
        #expect("DTSTART;TZID=\(Zone.utc.identifier):\(zoned.rfc5545)" == "DTSTART;TZID=UTC:19970902T090000")
    }
}
