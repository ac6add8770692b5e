import AlmanacFoundation
import Foundation
import AlmanacTestSupport
import Testing
@testable import Almanac

/// The canonical text of occurrence and day keys: round trips over ids full of
/// separators and non-ASCII, injectivity, strictness, Codable.
@Suite struct KeyTextTests {
    /// Pieces that break naive formats: the separators and escape characters
    /// of the key text itself, quotes, newlines, NUL, non-ASCII (precomposed
    /// and decomposed accents, CJK, flags, ZWJ emoji, line separators), and
    /// text that looks like a key or an escape.
    static let fragments = ["/", "%", "%2F", "%25", "~", "~2", ":", "T", "-", ".", "_", " ", "\n", "\r\n", "\t", "\"", "'", "\\",
                            "\u{0}", "\u{7F}", "é", "e\u{301}", "日本", "🇫🇷", "👩‍👩‍👧", "\u{2028}", "\u{FEFF}", "A", "z", "0",
                            "2024-05-01", "2024-05-01T09:00:00", "/2024-05-01/", "%ZZ", "%e9", "a/b/c"]

    func randomID(_ rng: inout SplitMix64) -> String {
        (0..<Int.random(in: 0...8, using: &rng)).map { _ in Self.fragments.randomElement(using: &rng)! }.joined()
    }

    func randomRecurrenceID(_ rng: inout SplitMix64) -> RecurrenceID {
        let d = CivilDate(daysSinceEpoch: Int.random(in: _minDayNumber..._maxDayNumber, using: &rng))!
        switch Int.random(in: 0..<3, using: &rng) {
        case 0: return RecurrenceID(date: d)
        case 1: return try! RecurrenceID(d.at(Int.random(in: 0...23, using: &rng), Int.random(in: 0...59, using: &rng), Int.random(in: 0...59, using: &rng)))
        default: return try! RecurrenceID(d.at(1, 30), isRepeat: true)
        }
    }

    @Test func examplesHaveTheDocumentedText() throws {
        let rid = try RecurrenceID(date: CivilDate(2024, 5, 1))
        #expect(OccurrenceKey(seriesID: "trip-42", recurrenceID: rid).description == "trip-42/2024-05-01")
        #expect(OccurrenceKey(seriesID: "a/b c", recurrenceID: rid).description == "a%2Fb%20c/2024-05-01")
        #expect(OccurrenceKey(seriesID: "é", recurrenceID: rid).description == "%C3%A9/2024-05-01")
        #expect(OccurrenceKey(seriesID: "", recurrenceID: rid).description == "/2024-05-01")
        let timed = try OccurrenceKey(seriesID: "standup", recurrenceID: RecurrenceID(CivilDate(2024, 11, 3).at(1, 30), isRepeat: true))
        #expect(timed.description == "standup/2024-11-03T01:30:00~2")
        #expect(try DayKey(occurrence: timed, date: CivilDate(2024, 11, 3)).description == "standup/2024-11-03T01:30:00~2/2024-11-03")
    }

    @Test func keysRoundTripOverIDsFullOfSeparatorsAndNonASCII() throws {
        var rng = SplitMix64(seed: 0x6E7_5EED)
        for _ in 0..<5000 {
            let key = OccurrenceKey(seriesID: randomID(&rng), recurrenceID: randomRecurrenceID(&rng))
            let text = key.description
            let back = try OccurrenceKey(parsing: text)
            #expect(back == key, "\(text)")
            #expect(Array(back.seriesID.utf8) == Array(key.seriesID.utf8), "\(text)")   // byte for byte
            // ASCII, one line, and the only "/" is the separator.
            #expect(text.utf8.allSatisfy { $0 >= 0x21 && $0 < 0x7F }, "\(text)")
            #expect(text.utf8.filter { $0 == UInt8(ascii: "/") }.count == 1, "\(text)")
            let day = DayKey(occurrence: key, date: CivilDate(daysSinceEpoch: Int.random(in: -700_000...2_900_000, using: &rng))!)
            #expect(try DayKey(parsing: day.description) == day, "\(day)")
            #expect(day.description.utf8.filter { $0 == UInt8(ascii: "/") }.count == 2)
            #expect(try RecurrenceID(parsing: key.recurrenceID.description) == key.recurrenceID)
        }
    }

    @Test func distinctKeysHaveDistinctTexts() throws {
        // Ids from a small alphabet, so many keys share ids, prefixes and
        // look-alike escapes; a text may only ever come from one key.
        var rng = SplitMix64(seed: 0x1_4EC7)
        let alphabet = ["a", "/", "%", "2F", "%2F", "é", "e\u{301}", "~", "~2", "T", "-"]
        let rids = try [RecurrenceID(date: CivilDate(2024, 5, 1)), RecurrenceID(CivilDate(2024, 5, 1).at(0, 0)),
                    try RecurrenceID(CivilDate(2024, 5, 1).at(0, 0), isRepeat: true), try RecurrenceID(date: CivilDate(2024, 5, 2))]
        var byText: [String: DayKey] = [:]
        var keys = Set<DayKey>()
        for _ in 0..<20_000 {
            let id = (0..<Int.random(in: 0...4, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }.joined()
            let key = DayKey(occurrence: OccurrenceKey(seriesID: id, recurrenceID: rids.randomElement(using: &rng)!),
                             date: try [CivilDate(2024, 5, 1), CivilDate(2024, 5, 2)].randomElement(using: &rng)!)
            keys.insert(key)
            let text = key.description
            if let earlier = byText[text] { #expect(earlier == key, "\(text) from two keys") }
            byText[text] = key
        }
        #expect(byText.count == keys.count)
        #expect(keys.count > 1000)
    }

    @Test func idsCompareByBytesNotByCanonicalEquivalence() throws {
        // "é" precomposed and decomposed are equal Swift strings but different ids.
        let rid = try RecurrenceID(date: CivilDate(2024, 5, 1))
        let nfc = OccurrenceKey(seriesID: "caf\u{E9}", recurrenceID: rid), nfd = OccurrenceKey(seriesID: "cafe\u{301}", recurrenceID: rid)
        #expect(nfc.seriesID == nfd.seriesID)          // Swift's String ==
        #expect(nfc != nfd)
        #expect(Set([nfc, nfd]).count == 2)
        #expect(nfc.description == "caf%C3%A9/2024-05-01")
        #expect(nfd.description == "cafe%CC%81/2024-05-01")
        #expect(Array(try OccurrenceKey(parsing: nfd.description).seriesID.utf8) == Array("cafe\u{301}".utf8))
    }

    @Test(arguments: [
        ("trip", 5, "expected \"/\" after the series id"),
        ("trip/2024-05-01x", 16, "unexpected text after the occurrence key"),
        ("a%2fb/2024-05-01", 2, "two upper-case hex digits"),
        ("a%41/2024-05-01", 2, "written as itself"),
        ("a%FF/2024-05-01", 1, "not UTF-8"),
        ("a%C3/2024-05-01", 1, "not UTF-8"),
        ("a%2/2024-05-01", 2, "two upper-case hex digits"),
        ("a b/2024-05-01", 2, "a series id may hold only"),
        ("é/2024-05-01", 1, "a series id may hold only"),
        ("a/2024-02-30", 11, "day 30 does not exist in 2024-02, which has 29 days"),
        ("a/2023-02-29", 11, "2023 is not a leap year"),
        ("a/2024-5-01", 8, "expected 2 digits for the month"),
        ("a/2024-05-01T24:00:00", 14, "hour 24 is not in 00...23"),
        ("a/2024-05-01T09:00", 19, "expected \":\" after the minute"),
        ("a/2024-05-01T09:00:00~1", 23, "expected \"2\" after \"~\""),
        ("a/2024-05-01~2", 13, "unexpected text"),
        ("", 1, "expected \"/\" after the series id"),
    ])
    func malformedOccurrenceKeysThrowWithTheColumn(_ text: String, _ column: Int, _ message: String) {
        do {
            _ = try OccurrenceKey(parsing: text)
            Issue.record("\(text) parsed")
        } catch {
            #expect(error.kind == .invalidValue)
            #expect(error.column == column, "\(error.message)")
            #expect(error.message.contains(message), "\(error.message)")
            #expect(error.message.hasPrefix("invalid occurrence key"))
        }
    }

    @Test(arguments: ["trip/2024-05-01", "trip/2024-05-01/2024-05-01/", "trip/2024-05-01/2024-13-01", "trip/2024-05-01/20240501"])
    func malformedDayKeysThrow(_ text: String) throws {
        #expect(throws: AlmanacError.self) { try DayKey(parsing: text) }
        #expect(DayKey(text) == nil)
    }

    @Test func keysAreCodableAsTheirTextAndAsDictionaryKeys() throws {
        let key = try DayKey(occurrence: OccurrenceKey(seriesID: "trip \"42\"/\n", recurrenceID: RecurrenceID(date: CivilDate(2024, 5, 1))),
                         date: try CivilDate(2024, 5, 2))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        #expect(String(decoding: try encoder.encode(key), as: UTF8.self) == #""trip%20%2242%22%2F%0A/2024-05-01/2024-05-02""#)
        #expect(try JSONDecoder().decode(DayKey.self, from: try encoder.encode(key)) == key)
        // A dictionary keyed by day keys is a JSON object keyed by their text.
        let records: [DayKey: String] = [key: "done"]
        let json = String(decoding: try encoder.encode(records), as: UTF8.self)
        #expect(json == #"{"trip%20%2242%22%2F%0A/2024-05-01/2024-05-02":"done"}"#)
        #expect(try JSONDecoder().decode([DayKey: String].self, from: Data(json.utf8)) == records)
        let occurrences: [OccurrenceKey: Int] = [key.occurrence: 1]
        #expect(try JSONDecoder().decode([OccurrenceKey: Int].self, from: try encoder.encode(occurrences)) == occurrences)
        #expect(try JSONDecoder().decode([RecurrenceID].self, from: Data(#"["2024-05-01","2024-11-03T01:30:00~2"]"#.utf8))
                == [RecurrenceID(date: try CivilDate(2024, 5, 1)), RecurrenceID(try CivilDate(2024, 11, 3).at(1, 30), isRepeat: true)])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(DayKey.self, from: Data(#""a%2fb/2024-05-01/2024-05-02""#.utf8)) }
    }

    @Test func recurrenceIDsOrderByDateThenAllDayThenTime() throws {
        let d = try CivilDate(2024, 11, 3)
        let ids = try [RecurrenceID(date: d), RecurrenceID(d.at(0, 0)), RecurrenceID(d.at(1, 30)), RecurrenceID(d.at(1, 30), isRepeat: true),
                   try RecurrenceID(d.at(2, 0)), try RecurrenceID(date: d.adding(days: 1))]
        #expect(ids.shuffled().sorted() == ids)
    }
}
