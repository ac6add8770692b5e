import Almanac
import AlmanacJSON
import AlmanacRequests
import Foundation
import Testing

/// Limits and hostile input through the batch protocol (the
/// library side is AlmanacTests/LimitsTests.swift, the summary
/// README.md, "Limits"). Every request gets one reply line: occurrences or a
/// typed error, never a trap, a hang or an unbounded reply.
///
/// Costs are bounded in AlmanacTests/LimitsTests.swift by the expander's own
/// work count; these check what the protocol answers.
@Suite struct HostileInputTests {
    func reply(_ line: String) -> JSONValue {
        let text = BatchProtocol.respond(to: line)
        #expect(!text.contains("\n"), "a reply is one line")
        guard let json = try? JSONReader.parse(text) else {
            Issue.record("the reply is not JSON: \(text.prefix(200))")
            return .null
        }
        return json
    }

    func occurrences(_ r: JSONValue) -> [String]? {
        guard case .array(let items)? = r["occurrences"] else { return nil }
        return items.map { if case .string(let s) = $0 { s } else { "?" } }
    }

    func errorKind(_ r: JSONValue) -> String? {
        if case .string(let k)? = r["error"]?["kind"] { return k }
        return nil
    }

    // MARK: numbers at the edge

    /// COUNT and INTERVAL up to 2^63-1 expand; one more is `out_of_range`.
    @Test func countAndIntervalAtInt64Max() {
        for f in RecurrenceRule.Frequency.allCases {
            let r = reply(#"{"dtstart":"19970902T090000Z","rrule":"FREQ=\#(f.rawValue);INTERVAL=9223372036854775807;COUNT=9223372036854775807"}"#)
            #expect(occurrences(r) == ["1997-09-02T09:00:00Z"], "\(f)")
            let c = reply(#"{"dtstart":"19970902T090000Z","rrule":"FREQ=\#(f.rawValue);COUNT=9223372036854775807","limit":5}"#)
            #expect(occurrences(c)?.count == 5 && c["truncated"] == .bool(true), "\(f)")
        }
        for part in ["COUNT", "INTERVAL"] {
            for strict in [false, true] {
                let r = reply(#"{"dtstart":"19970902T090000Z","rrule":"FREQ=DAILY;\#(part)=9223372036854775808","strict":\#(strict)}"#)
                #expect(errorKind(r) == "out_of_range", "\(part) \(strict): \(r)")
            }
        }
    }

    /// COUNT with UNTIL 9999-12-31 (lenient input: both kept) and a window, in
    /// a zone east of UTC: counting the periods before the window added the
    /// offset to UNTIL's key, Int64.max, and trapped, ending the process (fuzz
    /// finding 9, Tools/fuzz/regressions/fuzz-batch/daily-until-9999-count-window-overflow).
    /// The corpus checker refuses COUNT with UNTIL, so the case lives here.
    @Test func countWithUntilInYear9999AndAWindow() {
        for (zone, offset) in [("Asia/Tokyo", "+09:00"), ("Europe/Berlin", "+01:00")] {
            let r = reply(#"{"dtstart":"20611006T124320","tzid":"\#(zone)","rrule":"FREQ=DAILY;UNTIL=99991231;COUNT=111","after":"20620120T000000Z"}"#)
            // 111 days from 2061-10-06 end on 2062-01-24.
            #expect(occurrences(r) == (20...24).map { "2062-01-\($0)T12:43:20\(offset)" }, "\(zone): \(r)")
        }
    }

    /// `limit` past the maximum is read as the maximum (README, "A `limit`
    /// above 1,000,000 is read as 1,000,000"), also past 2^63-1; a limit
    /// that is not a non-negative integer is refused, whatever its size or form.
    @Test func limits() throws {
        let three = ["1997-09-02T09:00:00Z", "1998-09-02T09:00:00Z", "1999-09-02T09:00:00Z"]
        for limit in ["1000001", "9223372036854775807", "9223372036854775808", "99999999999999999999999"] {
            let line = #"{"dtstart":"19970902T090000Z","rrule":"FREQ=YEARLY;COUNT=3","limit":\#(limit)}"#
            #expect(try BatchQuery(BatchRequest(json: JSONReader.parse(line))).limit == BatchRequest.maximumLimit, "limit \(limit)")
            let r = reply(line)
            #expect(occurrences(r) == three && r["truncated"] == .bool(false), "limit \(limit): \(r)")
        }
        let zero = reply(#"{"dtstart":"19970902T090000Z","rrule":"FREQ=YEARLY;COUNT=3","limit":0}"#)
        #expect(occurrences(zero) == [] && zero["truncated"] == .bool(true))
        for bad in ["-1", "1.5", "1e3", "-0", "\"5\"", "true", "null", "[]", "1e400"] {
            let r = reply(#"{"dtstart":"19970902T090000Z","rrule":"FREQ=YEARLY;COUNT=3","limit":\#(bad)}"#)
            // `null` is the same as no field: the default limit.
            if bad == "null" { #expect(occurrences(r)?.count == 3) } else { #expect(errorKind(r) == "invalid_request", "limit \(bad): \(r)") }
        }
    }

    // MARK: dense rules and long windows

    /// A SECONDLY rule over a hundred-year window: the limit caps the reply
    /// (at most `maximumLimit` occurrences, with `truncated`), in bounded time.
    @Test func secondlyOverACenturyIsCappedByTheLimit() {
        let line = #"{"dtstart":"20000101T000000Z","rrule":"FREQ=SECONDLY","after":"20000101T000000Z","before":"21000101T000000Z","limit":LIMIT}"#
        for limit in [1000, 100_000] {
            let text = BatchProtocol.respond(to: line.replacingOccurrences(of: "LIMIT", with: String(limit)))
            #expect(text.hasSuffix(#""truncated":true}"#))
            #expect(text.utf8.count < 25 * limit + 100)
        }
        // The maximum: a million occurrences, and no more.
        let r = reply(line.replacingOccurrences(of: "LIMIT", with: "2000000"))
        #expect(occurrences(r)?.count == BatchRequest.maximumLimit && r["truncated"] == .bool(true))
        #expect(occurrences(r)?.last == "2000-01-12T13:46:39Z")
    }

    /// Rules that never match end promptly through the protocol too.
    @Test func neverMatchingRules() {
        for f in RecurrenceRule.Frequency.allCases {
            let r = reply(#"{"dtstart":"19970902T090000Z","rrule":"FREQ=\#(f.rawValue);BYMONTH=2;BYMONTHDAY=30","limit":1000000}"#)
            #expect(occurrences(r) == ["1997-09-02T09:00:00Z"] && r["truncated"] == .bool(false), "\(f)")
        }
    }

    // MARK: long and odd text

    /// Rules of 10,000 and 500,000 characters, ten thousand RDATEs and
    /// EXDATEs, a thousand rules: answered, in bounded time.
    @Test func longRequests() {
        let longRule = "FREQ=YEARLY;BYMONTH=1;BYSETPOS=" + Array(repeating: "1,-1,366,-366", count: 800).joined(separator: ",") + ";COUNT=3"
        let hugeX = "FREQ=DAILY;COUNT=2;X-PAD=" + String(repeating: "x", count: 500_000)
        let dates = (0..<10_000).map { i in "\"19970910T" + String(format: "%02d%02d%02d", i / 3600, i / 60 % 60, i % 60) + "Z\"" }.joined(separator: ",")
        let manyRules = Array(repeating: "\"FREQ=DAILY;COUNT=2\"", count: 1000).joined(separator: ",")
        let twoDays = ["1997-09-02T09:00:00Z", "1997-09-03T09:00:00Z"]
        // 40 days from 1997-09-02 end on 1997-10-11; the RDATEs (all before
        // 03:00 on 1997-09-10) are all excluded again.
        let fortyDays = (2...30).map { "1997-09-\($0 < 10 ? "0" : "")\($0)T09:00:00Z" } + (1...11).map { "1997-10-\($0 < 10 ? "0" : "")\($0)T09:00:00Z" }
        let cases = [
            // BYMONTH=1 in a YEARLY rule: 2 January each year, after DTSTART.
            (#"{"dtstart":"19970902T090000Z","rrule":"\#(longRule)"}"#, ["1997-09-02T09:00:00Z", "1998-01-02T09:00:00Z", "1999-01-02T09:00:00Z"]),
            (#"{"dtstart":"19970902T090000Z","rrule":"\#(hugeX)"}"#, twoDays),
            (#"{"dtstart":"19970902T090000Z","rrule":"FREQ=DAILY;COUNT=40","rdate":[\#(dates)],"exdate":[\#(dates)]}"#, fortyDays),
            // A thousand equal rules give each instance once.
            (#"{"dtstart":"19970902T090000Z","rrule":[\#(manyRules)]}"#, twoDays),
        ]
        for (line, expected) in cases {
            let r = reply(line)
            #expect(occurrences(r) == expected, "\(line.prefix(80)): \(r["error"].map { "\($0)" } ?? "")")
        }
    }

    /// A line longer than the maximum gets an `invalid_request` reply from
    /// the splitter, without being kept.
    @Test func overLongLine() throws {
        var splitter = LineSplitter(maximumLineLength: 1000)
        var got: [LineSplitter.Line] = []
        var bytes = Array(#"{"dtstart":"19970902T090000Z","rrule":"FREQ=DAILY;X-PAD="#.utf8) + Array(repeating: UInt8(ascii: "a"), count: 5000)
        bytes += Array(#""}"#.utf8) + [0x0A] + Array(#"{"dtstart":"19970902T090000Z","rrule":"FREQ=DAILY;COUNT=1"}"#.utf8) + [0x0A]
        bytes.withUnsafeBufferPointer { buffer in splitter.feed(buffer) { got.append($0) } }
        splitter.finish { got.append($0) }
        try #require(got.count == 2)
        var responder = BatchResponder()
        responder.respond(to: got[0])
        #expect(responder.writer.text.contains(#""kind":"invalid_request""#))
        responder.respond(to: got[1])
        #expect(responder.writer.text.contains(#""occurrences":["1997-09-02T09:00:00Z"]"#))
    }

    /// JSON meant to hurt: deep nesting, invalid UTF-8 and escapes, NUL in a
    /// zone name, duplicate keys, wrong types, a huge id. Each gets one error
    /// reply of the right kind (or, where the text is valid, an answer).
    @Test func hostileJSON() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let deepObject = String(repeating: #"{"a":"#, count: 50_000) + "1" + String(repeating: "}", count: 50_000)
        let cases: [(String, String)] = [
            (deep, "invalid_request"),
            (deepObject, "invalid_request"),
            (#"{"dtstart":"19970902T090000","tzid":"America/New_York\u0000x","rrule":"FREQ=DAILY"}"#, "unknown_zone"),
            (#"{"dtstart":"19970902T090000Z","rrule":"FREQ=DAILY\ud800"}"#, "invalid_request"),
            (#"{"dtstart":"19970902T090000Z","dtstart":"19970902T090000Z"}"#, "invalid_request"),
            (#"{"dtstart":19970902}"#, "invalid_request"),
            (#"{"dtstart":"19970902T090000Z","rrule":{"FREQ":"DAILY"}}"#, "invalid_request"),
            (#"{"dtstart":"19970902T090000Z","rrule":"FREQ=DAILY","after":"19980101T000000Z","before":"19970101T000000Z"}"#, "invalid_request"),
            (#"{"dtstart":"00000101T000000Z","rrule":"FREQ=DAILY"}"#, "out_of_range"),
            (#"{"dtstart":"100000101T000000Z","rrule":"FREQ=DAILY"}"#, "out_of_range"),
            (#"{"dtstart":"20230229","rrule":"FREQ=DAILY"}"#, "invalid_value"),
            (#"{"dtstart":"99991231T235960Z","rrule":"FREQ=DAILY"}"#, "invalid_value"),
            (#"{"dtstart":"19970902","rrule":"FREQ=HOURLY"}"#, "invalid_rule"),
            (#"{"dtstart":"19970902T090000Z","rrule":""}"#, "invalid_rule"),
            (#"{"dtstart":"19970902T090000Z","rrule":"FREQ=DAILY;;;;;;;;;;;;;;;;;;;;","strict":true}"#, "invalid_rule"),
            (#"["not","an","object"]"#, "invalid_request"),
            (#"{}"#, "invalid_request"),
            ("", "invalid_request"),
            ("   \t  ", "invalid_request"),
            (#"{"dtstart":"19970902T090000Z""#, "invalid_request"),
            (String(repeating: "\"", count: 10_001), "invalid_request"),
        ]
        for (line, kind) in cases {
            let r = reply(line)
            let got = errorKind(r)
            #expect(got == kind, "\(line.prefix(80)): \(r)")
        }
        // Invalid UTF-8 bytes in a string.
        var responder = BatchResponder()
        let bytes = Array(#"{"dtstart":"19970902T090000Z","rrule":"FREQ=DAILY"#.utf8) + [0xFF, 0xFE] + Array(#""}"#.utf8)
        bytes.withUnsafeBufferPointer { responder.respond(to: $0) }
        #expect(responder.writer.text.contains(#""kind":"invalid_request""#))
        // A 500,000-character id comes back whole, escaped.
        let id = String(repeating: "\u{2028}é\"\\", count: 125_000)
        var escaped = ""
        for ch in id.unicodeScalars { escaped += ch == "\"" ? "\\\"" : ch == "\\" ? "\\\\" : String(ch) }
        let r = reply(#"{"id":"\#(escaped)","dtstart":"19970902T090000Z","rrule":"FREQ=DAILY;COUNT=1"}"#)
        #expect(r["id"] == .string(id))
        #expect(occurrences(r) == ["1997-09-02T09:00:00Z"])
    }

    // MARK: years 1 and 9999

    /// DTSTART on 0001-01-01 and 9999-12-31 in every value form, every
    /// frequency: an answer, increasing, inside years 1...9999.
    @Test func firstAndLastYears() {
        let starts = [
            #""dtstart":"00010101""#, #""dtstart":"99991231""#,
            #""dtstart":"00010101T000000""#, #""dtstart":"99991231T235959""#,
            #""dtstart":"00010101T000000Z""#, #""dtstart":"99991231T235959Z""#,
            #""dtstart":"00010101T000000","tzid":"Asia/Tokyo""#, #""dtstart":"99991231T235959","tzid":"America/Los_Angeles""#,
            #""dtstart":"00010101T000000","tzid":"America/Los_Angeles""#, #""dtstart":"99991231T235959","tzid":"Pacific/Kiritimati""#,
        ]
        for start in starts {
            for f in RecurrenceRule.Frequency.allCases {
                let isDate = start.hasSuffix("0101\"") || start.hasSuffix("1231\"")
                if isDate && f < .daily { continue }
                let r = reply(#"{\#(start),"rrule":"FREQ=\#(f.rawValue);BYMONTH=1,12;BYSETPOS=-1,1","limit":50}"#)
                guard let list = occurrences(r) else {
                    Issue.record("\(start) \(f): \(r)")
                    continue
                }
                #expect(!list.isEmpty, "\(start) \(f)")
                #expect(list.allSatisfy { $0.hasPrefix("0") || $0.hasPrefix("9") || $0.hasPrefix("1") }, "\(start) \(f): \(list)")
                #expect(list.allSatisfy { !$0.hasPrefix("10000") }, "\(start) \(f): \(list)")
            }
        }
    }
}
