import AlmanacTestSupport
import Foundation
import PropertyBased
import Testing
import Almanac

/// Issue 25, item 1: every Core value and every key encodes as its canonical
/// text through a single-value container and validates when decoded (as
/// jiff serializes `civil::Date` through `"2024-05-06"`). Each value's
/// property check runs over its whole range, with shrinking, and checks both
/// directions: the JSON is exactly the quoted `description`, and it decodes
/// back to the value.
@Suite struct ValueCodingTests {
    static func json<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try JSONDecoder().decode(type, from: Data(json.utf8))
    }

    /// The value encodes as `"text"` and reads back to itself.
    static func roundTrips<T: Codable & Equatable>(_ value: T, _ text: String) throws {
        let json = try json(value)
        #expect(json == "\"" + text + "\"", "\(value)")
        #expect(try decode(T.self, json) == value, "\(json)")
    }

    /// The AlmanacError under a DecodingError.dataCorrupted, or nil (recording an issue).
    static func decodingFailure<T: Decodable>(_ type: T.Type, _ json: String) -> AlmanacError? {
        do {
            let v = try decode(type, json)
            Issue.record("\(json) decoded as \(v)")
        } catch let DecodingError.dataCorrupted(context) {
            if let e = context.underlyingError as? AlmanacError { return e }
            Issue.record("\(json): no AlmanacError under \(context)")
        } catch {
            Issue.record("\(json): \(error) is not DecodingError.dataCorrupted")
        }
        return nil
    }

    // MARK: the acceptance examples

    @Test func aDateIsItsText() throws {
        #expect(try Self.json(CivilDate(2024, 5, 6)) == #""2024-05-06""#)
        #expect(try Self.json(CivilTime(9, 30)) == #""09:30:00""#)
        #expect(try Self.json(ISOWeek(year: 2024, week: 19)) == #""2024-W19""#)
        #expect(try Self.json(EventDuration(seconds: 5400)) == #""PT1H30M""#)
        #expect(try Self.json(CivilDate(2024, 5, 6).at(9, 30)) == #""2024-05-06T09:30:00""#)
        #expect(try Self.json(Timestamp(secondsSinceEpoch: 873_205_200)) == #""1997-09-02T13:00:00Z""#)
        #expect(try Self.json(Offset(seconds: -17_762)) == #""-04:56:02""#)
        #expect(try Self.json([Weekday.monday, .sunday]) == #"["MO","SU"]"#)
        #expect(try Self.json(WeekRule.us) == #""SU1""#)
        #expect(try Self.json(Horizon.weeks(6)) == #""P6W""#)
        #expect(try Self.json(Period.week(2023, 48, rule: .us)) == #""2023-W48@SU1""#)
    }

    @Test func anInvalidDateThrowsWithTheReason() throws {
        let text = Self.decodingFailure(CivilDate.self, #""2024-13-40""#)
        #expect(text?.kind == .invalidValue)
        #expect(text?.message == #"invalid date "2024-13-40" at column 6: month 13 is not in 01...12"#)
        #expect(text?.column == 6)
        // The storage form that synthesized Codable wrote before: refused, with what is expected.
        let object = Self.decodingFailure(CivilDate.self, #"{"_year":2024,"_month":13,"_day":40}"#)
        #expect(object?.message == #"a date is written "YYYY-MM-DD", found a value that is not a string"#)
        #expect(Self.decodingFailure(CivilTime.self, #"{"_hour":99,"_minute":0,"_second":0}"#) != nil)
    }

    // MARK: round trips over each value's range

    @Test func datesRoundTrip() async throws {
        await propertyCheck(count: 2000, input: Gen.int(in: -719_162...2_932_896)) { day in
            let d = CivilDate(daysSinceEpoch: day)!
            try Self.roundTrips(d, d.description)
            try Self.roundTrips(d.isoWeek, d.isoWeek.description)
        }
    }

    @Test func timesRoundTrip() async throws {
        await propertyCheck(count: 2000, input: Gen.int(in: 0...86_399)) { s in
            let t = CivilTime(secondsSinceMidnight: s)!
            try Self.roundTrips(t, t.description)
        }
    }

    @Test func dateTimesAndTimestampsRoundTrip() async throws {
        let range = Int(Timestamp.min.secondsSinceEpoch)...Int(Timestamp.max.secondsSinceEpoch)
        await propertyCheck(count: 2000, input: Gen.int(in: range)) { s in
            let c = CivilDateTime(localSeconds: Int64(s))!
            try Self.roundTrips(c, c.description)
            let t = Timestamp(secondsSinceEpoch: Int64(s))
            try Self.roundTrips(t, c.description + "Z")
        }
    }

    @Test func offsetsRoundTrip() async throws {
        await propertyCheck(count: 2000, input: Gen.int(in: -64_800...64_800)) { s in
            let o = try Offset(seconds: s)
            try Self.roundTrips(o, o.description)
        }
    }

    @Test func weekdaysAndWeekRulesRoundTrip() async throws {
        await propertyCheck(count: 200, input: Gen.int(in: 1...7), Gen.int(in: 1...7)) { w, n in
            let day = Weekday(rawValue: w)!
            try Self.roundTrips(day, day.rfcCode)
            let rule = try WeekRule(firstWeekday: day, minimumDaysInFirstWeek: n)
            try Self.roundTrips(rule, rule.description)
        }
    }

    @Test func durationsRoundTrip() async throws {
        // Days and seconds share a sign (RFC 5545 section 3.3.6 has one sign per value).
        await propertyCheck(count: 2000, input: Gen.int(in: -1...1), Gen.int(in: 0...4000), Gen.int(in: 0...400_000)) { sign, d, s in
            let duration = EventDuration(days: sign * d, seconds: sign * s)
            let json = try Self.json(duration)
            #expect(json == "\"" + duration.description + "\"")
            #expect(try Self.decode(EventDuration.self, json) == duration)
        }
    }

    @Test func horizonsAndPeriodsRoundTrip() async throws {
        await propertyCheck(count: 2000, input: Gen.int(in: 0...3), Gen.int(in: 1...500), Gen.int(in: -719_162...2_932_000)) { g, n, day in
            let granularity = Period.Granularity(rawValue: g)!
            try Self.roundTrips(Horizon(granularity, count: n), Horizon(granularity, count: n).description)
            let date = CivilDate(daysSinceEpoch: day)!
            for rule in [WeekRule.iso, .us] {
                guard let p = try? Period.containing(date, granularity, weekRule: rule) else { continue }
                try Self.roundTrips(p, p.description)
            }
            let span = try Period.span(from: date, dayCount: n)
            try Self.roundTrips(span, span.description)
        }
    }

    @Test func keysRoundTrip() async throws {
        await propertyCheck(count: 1000, input: Gen.int(in: -719_162...2_932_896), Gen.int(in: -1...86_399)) { day, s in
            let date = CivilDate(daysSinceEpoch: day)!
            let rid = s < 0 ? RecurrenceID(date: date) : RecurrenceID(CivilDateTime(date, CivilTime(secondsSinceMidnight: s)!))
            try Self.roundTrips(rid, rid.description)
            let key = OccurrenceKey(seriesID: "a/b c", recurrenceID: rid)
            try Self.roundTrips(key, key.description)
            let dayKey = DayKey(occurrence: key, date: date)
            try Self.roundTrips(dayKey, dayKey.description)
        }
    }

    // MARK: what is refused

    @Test(arguments: [
        ("CivilDate", #""2023-02-29""#, #"invalid date "2023-02-29" at column 9: 2023-02-29 does not exist: 2023 is not a leap year"#),
        ("CivilDate", #""0000-01-01""#, #"invalid date "0000-01-01" at column 1: year 0000 is not in the supported range 0001...9999"#),
        ("CivilDate", #""2024-5-6""#, #"invalid date "2024-5-6" at column 6: expected 2 digits for the month"#),
        ("CivilDate", #""20240506""#, #"invalid date "20240506" at column 5: expected "-" after the year"#),
        ("CivilDate", #""2024-05-06 ""#, #"invalid date "2024-05-06 " at column 11: unexpected text after the date"#),
        ("CivilTime", #""99:00:00""#, #"invalid time "99:00:00" at column 1: hour 99 is not in 00...23"#),
        ("CivilTime", #""23:59:60""#, #"invalid time "23:59:60" at column 7: second 60 is not in 00...59 (Almanac has no leap seconds)"#),
        ("CivilDateTime", #""2024-05-06 09:30:00""#, #"invalid date-time "2024-05-06 09:30:00" at column 11: expected "T" and a time after the date"#),
        ("Timestamp", #""2024-05-06T09:30:00""#, #"invalid timestamp "2024-05-06T09:30:00" at column 20: expected "Z" after the time (a timestamp is in UTC)"#),
        ("ISOWeek", #""2023-W53""#, #"invalid ISO week "2023-W53" at column 7: week 53 is not in 1...52 for 2023"#),
        ("Offset", #""+19:00""#, #"invalid UTC offset "+19:00" at column 1: UTC offset 68400 seconds (+19:00) is out of range: an offset must be within -18:00...+18:00 (±64800 seconds)"#),
        ("Offset", #""-00:00""#, #"invalid UTC offset "-00:00" at column 1: -00:00 is not an offset: write +00:00 (RFC 5545 section 3.3.14)"#),
        ("Weekday", #""Sunday""#, #"invalid weekday "Sunday" at column 1: expected MO, TU, WE, TH, FR, SA or SU"#),
        ("WeekRule", #""SU8""#, #"invalid week rule "SU8" at column 3: expected the minimum days in the first week, a digit in 1...7"#),
        ("EventDuration", #""P1H""#, #"invalid DURATION "P1H" at column 3: expected W or D after the number"#),
        ("Horizon", #""P0D""#, #"invalid horizon "P0D" at column 2: a horizon holds at least one period"#),
        ("Period", #""2023-W54""#, #"invalid period "2023-W54" at column 7: week 54 does not exist in 2023, which has 52 weeks"#),
        ("RecurrenceID", #""2024-02-30""#, #"invalid recurrence id "2024-02-30" at column 9: day 30 does not exist in 2024-02, which has 29 days"#),
    ])
    func invalidTextsThrowTheReason(_ type: String, _ json: String, _ message: String) {
        let error: AlmanacError? = switch type {
        case "CivilDate": Self.decodingFailure(CivilDate.self, json)
        case "CivilTime": Self.decodingFailure(CivilTime.self, json)
        case "CivilDateTime": Self.decodingFailure(CivilDateTime.self, json)
        case "Timestamp": Self.decodingFailure(Timestamp.self, json)
        case "ISOWeek": Self.decodingFailure(ISOWeek.self, json)
        case "Offset": Self.decodingFailure(Offset.self, json)
        case "Weekday": Self.decodingFailure(Weekday.self, json)
        case "WeekRule": Self.decodingFailure(WeekRule.self, json)
        case "EventDuration": Self.decodingFailure(EventDuration.self, json)
        case "Horizon": Self.decodingFailure(Horizon.self, json)
        case "Period": Self.decodingFailure(Period.self, json)
        default: Self.decodingFailure(RecurrenceID.self, json)
        }
        #expect(error?.message == message)
    }

    /// The coding path of a bad value inside a container is the value's own.
    @Test func theCodingPathNamesTheValue() throws {
        struct Row: Codable { var day: CivilDate }
        do {
            _ = try JSONDecoder().decode([Row].self, from: Data(#"[{"day":"2024-05-06"},{"day":"2024-02-30"}]"#.utf8))
            Issue.record("decoded 2024-02-30")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.codingPath.map(\.stringValue) == ["Index 1", "day"])
        }
    }

    /// Values with no text are not written (they would not read back).
    @Test func valuesWithoutTextAreNotEncoded() throws {
        #expect(throws: EncodingError.self) { try Self.json(Timestamp(secondsSinceEpoch: Int64.max)) }
        #expect(throws: EncodingError.self) { try Self.json(EventDuration(days: 1, seconds: -60)) }
    }
}
