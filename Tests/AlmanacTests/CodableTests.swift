import AlmanacTestSupport
import AlmanacFoundation
import Foundation
import PropertyBased
import Testing
@testable import Almanac

/// `Zone`, `Anchor` and `RecurrenceSet` through JSON: the documented forms,
/// round trips over generated values, and decoding errors that carry the
/// coding path and the `AlmanacError`.
@Suite struct CodableTests {
    /// `.foundation` is a source once AlmanacFoundation enables it.
    init() { Zone.enableFoundationSource() }

    static func json<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static func decode<T: Decodable>(_ type: T.Type, _ text: String, source: Zone.Source? = nil) throws -> T {
        let decoder = JSONDecoder()
        if let source { decoder.userInfo[.almanacZoneSource] = source }
        return try decoder.decode(type, from: Data(text.utf8))
    }

    static let ny = try! Zone("America/New_York")

    // MARK: the forms

    @Test func anchorForms() throws {
        let d = try CivilDate(2024, 5, 1)
        let cases: [(Anchor, String)] = [
            (.date(d), #"{"date":"2024-05-01"}"#),
            try (.floating(d.at(9, 0)), #"{"floating":"2024-05-01T09:00:00"}"#),
            try (.utc(d.at(13, 0, 5)), #"{"utc":"2024-05-01T13:00:05Z"}"#),
            try (.zoned(d.at(9, 0), Self.ny), #"{"dateTime":"2024-05-01T09:00:00","tzid":"America/New_York"}"#),
            try (.zoned(CivilDate(1, 1, 1).at(0, 0), .fixed(Offset(hours: -3, minutes: 30))), #"{"dateTime":"0001-01-01T00:00:00","tzid":"-03:30"}"#),
        ]
        for (anchor, text) in cases {
            #expect(try Self.json(anchor) == text)
            #expect(try Self.decode(Anchor.self, text) == anchor, "\(text)")
        }
    }

    @Test func zoneForms() throws {
        #expect(try Self.json(Self.ny) == #""America/New_York""#)
        #expect(try Self.json(Zone.utc) == #""UTC""#)
        #expect(try Self.decode(Zone.self, #""UTC""#) == .utc)
        #expect(try Self.decode(Zone.self, #""+05:45""#) == .fixed(Offset(hours: 5, minutes: 45)))
        #expect(try Self.decode(Zone.self, #""-04:56:02""#) == .fixed(Offset(seconds: -17_762)))
        // An alias stays an alias; a Windows id becomes its IANA id.
        #expect(try Self.decode(Zone.self, #""US/Eastern""#).identifier == "US/Eastern")
        #expect(try Self.json(try Zone("W. Europe Standard Time")) == #""Europe/Berlin""#)
        // The source comes from the decoder's userInfo; the preferred one when absent.
        let apple = try Self.decode(Zone.self, #""America/New_York""#, source: .foundation)
        let foundationNY = try Zone("America/New_York", source: .foundation)
        #expect(apple.source == .foundation && apple == foundationNY)
        #expect(try Self.decode(Zone.self, #""America/New_York""#).source == Zone.preferredSource)
    }

    @Test func recurrenceSetForm() throws {
        let set = RecurrenceSet(
            start: try .zoned(CivilDate(1997, 9, 2).at(9, 0), Self.ny),
            rules: [try RecurrenceRule("FREQ=DAILY;COUNT=10")],
            exclusionRules: [try RecurrenceRule("FREQ=WEEKLY;BYDAY=SA,SU")],
            dates: try [.date(CivilDate(1997, 12, 25))],
            excludedDates: try [.utc(CivilDate(1997, 9, 4).at(13, 0))],
            length: .duration(EventDuration(seconds: 3600)),
            options: ExpansionOptions(includesStart: false, nonexistentTimes: .skip))
        let text = #"{"dates":[{"date":"1997-12-25"}],"duration":"PT1H","excludedDates":[{"utc":"1997-09-04T13:00:00Z"}],"#
            + #""exclusionRules":["FREQ=WEEKLY;BYDAY=SA,SU"],"options":{"includesStart":false,"nonexistentTimes":"skip"},"#
            + #""rules":["FREQ=DAILY;COUNT=10"],"start":{"dateTime":"1997-09-02T09:00:00","tzid":"America/New_York"}}"#
        #expect(try Self.json(set) == text)
        #expect(try Self.decode(RecurrenceSet.self, text) == set)
        // Empty lists, no length and default options are left out, and read back as such.
        let plain = try RecurrenceSet(start: .date(CivilDate(2024, 5, 1)), length: .end(.date(CivilDate(2024, 5, 3))))
        #expect(try Self.json(plain) == #"{"end":{"date":"2024-05-03"},"start":{"date":"2024-05-01"}}"#)
        #expect(try Self.decode(RecurrenceSet.self, #"{"start":{"date":"2024-05-01"},"end":{"date":"2024-05-03"}}"#) == plain)
        // A lenient rule text reads leniently; one option alone keeps the other's default.
        let lenient = try Self.decode(RecurrenceSet.self, #"{"start":{"floating":"2024-05-01T09:00:00"},"rules":["rrule:freq=weekly;"],"options":{"includesStart":false}}"#)
        #expect(lenient.rules == [RecurrenceRule(frequency: .weekly)])
        #expect(lenient.options == ExpansionOptions(includesStart: false))
    }

    // MARK: round trips

    /// A recurrence set from a seed: every anchor form (zones with tricky
    /// transitions, fixed offsets, Foundation's zones), rules that pass
    /// validation, RDATEs and EXDATEs of any form, DTEND or DURATION, options.
    /// A decoder loads zones from one source, so a set takes its zones from
    /// ICU or (one in five) from Foundation.
    static func set(_ seed: UInt64) -> RecurrenceSet {
        var r = SplitMix64(seed: seed)
        let foundation = r.chance(0.2)
        func anchor() -> Anchor {
            let a = PropertyGen.anchor(&r)
            guard case .zoned(let c, let z) = a else { return a }
            if r.chance(0.1) { return try! .zoned(c, .fixed(Offset(seconds: r.int(-64_800...64_800)))) }
            return foundation ? .zoned(c, try! Zone(z.identifier, source: .foundation)) : a
        }
        let start = anchor()
        var set = RecurrenceSet(start: start)
        set.rules = (0..<r.int(0...2)).map { _ in PropertyGen.rule(&r, start: start) }
        set.exclusionRules = (0..<r.int(0...1)).map { _ in PropertyGen.rule(&r, start: start) }
        set.dates = (0..<r.int(0...3)).map { _ in anchor() }
        set.excludedDates = (0..<r.int(0...3)).map { _ in anchor() }
        switch r.int(0...2) {
        case 0: break
        case 1: set.length = .end(anchor())
        default:
            let sign = r.chance(0.1) ? -1 : 1
            set.length = .duration(EventDuration(days: sign * r.int(0...400), seconds: sign * r.int(0...200_000)))
        }
        set.options = ExpansionOptions(includesStart: r.chance(0.7), nonexistentTimes: r.chance(0.8) ? .shift : .skip)
        return set
    }

    @Test func recurrenceSetsRoundTrip() async throws {
        let seeds = SeedStream(0xC0_DAB1E)
        let gen = Generator<RecurrenceSet, [RecurrenceSet]>(run: { _ in Self.set(seeds.next()) }, shrink: { _ in [] })
        await propertyCheck(count: 500, input: gen) { set in
            let text = try Self.json(set)
            var anchors = [set.start] + set.dates + set.excludedDates
            if case .end(let end)? = set.length { anchors.append(end) }
            let zones = anchors.compactMap(\.zone)
            let source: Zone.Source? = zones.contains { $0.source == .foundation } ? .foundation : nil
            let back = try Self.decode(RecurrenceSet.self, text, source: source)
            #expect(back == set, "\(text)")
            #expect(try Self.json(back) == text)
        }
    }

    /// Every id a source lists (aliases and legacy ids included) reads back
    /// as the same zone from the same source.
    @Test(arguments: [Zone.Source.icu, .foundation])
    func everyKnownZoneRoundTrips(_ source: Zone.Source) throws {
        let ids = Zone.knownIdentifiers(source: source)
        #expect(ids.count > 400)
        for id in ids {
            guard let zone = try? Zone(id, source: source) else { continue }
            let text = try Self.json(zone)
            #expect(text == "\"\(id)\"")
            #expect(try Self.decode(Zone.self, text, source: source) == zone, "\(id)")
        }
    }

    @Test func anchorsRoundTrip() async throws {
        let seeds = SeedStream(0xA_4C40)
        let gen = Generator<Anchor, [Anchor]>(run: { _ in var r = SplitMix64(seed: seeds.next()); return PropertyGen.anchor(&r) }, shrink: { _ in [] })
        await propertyCheck(count: 1000, input: gen) { anchor in
            let text = try Self.json(anchor)
            #expect(try Self.decode(Anchor.self, text) == anchor, "\(text)")
        }
    }

    // MARK: what cannot be written

    @Test func valuesThatWouldNotReadBackAreNotEncoded() throws {
        let handMade = try Zone(identifier: "America/New_York", transitions: [0], offsets: [Offset(hours: -5), Offset(hours: -4)])
        #expect(throws: EncodingError.self) { try Self.json(handMade) }
        // A rule built in code that lenient parsing would change (ordinals with WEEKLY are dropped).
        var weekly = RecurrenceRule(frequency: .weekly)
        weekly.byDay = [.nth(1, .monday)]
        let set = try RecurrenceSet(start: .date(CivilDate(2024, 5, 1)), rules: [weekly])
        do {
            _ = try Self.json(set)
            Issue.record("encoded a rule that does not read back")
        } catch let EncodingError.invalidValue(_, context) {
            #expect(context.codingPath.map(\.stringValue) == ["rules", "Index 0"])
        }
        let mixed = try RecurrenceSet(start: .date(CivilDate(2024, 5, 1)), length: .duration(EventDuration(days: 1, seconds: -5)))
        #expect(throws: EncodingError.self) { try Self.json(mixed) }
    }

    // MARK: decoding errors

    /// The error of decoding `text`: its coding path and its `AlmanacError`.
    static func failure<T: Decodable>(_ type: T.Type, _ text: String) -> (path: [String], error: AlmanacError?)? {
        do {
            _ = try decode(type, text)
            return nil
        } catch let DecodingError.dataCorrupted(context) {
            return (context.codingPath.map(\.stringValue), context.underlyingError as? AlmanacError)
        } catch {
            return (["unexpected \(error)"], nil)
        }
    }

    @Test func decodingErrorsCarryThePathAndTheAlmanacError() throws {
        let start = #""start":{"dateTime":"2024-05-01T09:00:00","tzid":"America/New_York"}"#
        let cases: [(String, [String], AlmanacError.Kind, String)] = [
            (#"{"start":{"dateTime":"2024-05-01T09:00:00","tzid":"America/New_Yrok"}}"#, ["start", "tzid"], .unknownZone, "unknown time zone \"America/New_Yrok\""),
            (#"{\#(start),"excludedDates":[{"date":"2024-05-02"},{"dateTime":"2024-05-02T09:00:00","tzid":"Mars/Base"}]}"#,
             ["excludedDates", "Index 1", "tzid"], .unknownZone, "Mars/Base"),
            (#"{"start":{"date":"2023-02-29"}}"#, ["start", "date"], .invalidValue, "2023 is not a leap year"),
            (#"{"start":{"floating":"2024-05-01 09:00:00"}}"#, ["start", "floating"], .invalidValue, "at column 11: expected \"T\""),
            (#"{"start":{"floating":"2024-05-01T09:00:00Z"}}"#, ["start", "floating"], .invalidValue, "write {\"utc\": ...}"),
            (#"{"start":{"utc":"2024-05-01T09:00:00"}}"#, ["start", "utc"], .invalidValue, "ends in \"Z\""),
            (#"{"start":{"utc":"2024-05-01T24:00:00Z"}}"#, ["start", "utc"], .invalidValue, "at column 12: hour 24 is not in 00...23"),
            (#"{"start":{"date":"2024-05-01","tzid":"UTC"}}"#, ["start"], .invalidValue, "found keys \"date\", \"tzid\""),
            (#"{"start":{"dateTime":"2024-05-01T09:00:00"}}"#, ["start"], .invalidValue, "an anchor is"),
            (#"{\#(start),"rules":["FREQ=DAILY","FREQ=DAILY;BYMONTHDAY=32"]}"#, ["rules", "Index 1"], .invalidRule, "BYMONTHDAY value 32"),
            (#"{\#(start),"exclusionRules":["COUNT=3"]}"#, ["exclusionRules", "Index 0"], .invalidRule, "FREQ"),
            (#"{\#(start),"duration":"P1X"}"#, ["duration"], .invalidValue, "P1X"),
            (#"{\#(start),"duration":"PT1H","end":{"utc":"2024-05-01T14:00:00Z"}}"#, ["duration"], .invalidValue, "not both"),
            (#"{\#(start),"rrule":["FREQ=DAILY"]}"#, ["rrule"], .invalidValue, "unknown key \"rrule\""),
            (#"{\#(start),"options":{"includeStart":false}}"#, ["options", "includeStart"], .invalidValue, "unknown option"),
        ]
        for (text, path, kind, message) in cases {
            let f = Self.failure(RecurrenceSet.self, text)
            #expect(f?.path == path, "\(text)")
            #expect(f?.error?.kind == kind, "\(text): \(String(describing: f))")
            #expect(f?.error?.message.contains(message) == true, "\(text): \(String(describing: f?.error?.message))")
        }
        // Zone on its own: the path is the value's own.
        let z = Self.failure([Zone].self, #"["UTC","Nowhere/Special"]"#)
        #expect(z?.path == ["Index 1"] && z?.error?.kind == .unknownZone)
    }
}
