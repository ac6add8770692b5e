import AlmanacJSON
import AlmanacRequests
import Testing

/// Request line → reply line. Expected occurrences come from RFC 5545 section
/// 3.8.5.3's examples (DTSTART;TZID=America/New_York:19970902T090000 unless noted);
/// the UTC offsets follow the 1997-98 US rules the RFC's comments state (EDT
/// until 1997-10-26, EST until 1998-04-05).
@Suite struct BatchProtocolTests {
    func reply(_ line: String) -> String { BatchProtocol.respond(to: line) }

    func occurrences(_ values: [String], truncated: Bool = false, id: String = "t") -> String {
        #"{"id":"\#(id)","occurrences":["# + values.map { "\"\($0)\"" }.joined(separator: ",") + #"],"truncated":\#(truncated)}"#
    }

    /// "Daily for 10 occurrences".
    @Test func dailyForTenOccurrences() {
        let r = reply(#"{"id":"t","dtstart":"19970902T090000","tzid":"America/New_York","rrule":"FREQ=DAILY;COUNT=10"}"#)
        #expect(r == occurrences((2...11).map { "1997-09-\($0 < 10 ? "0" : "")\($0)T09:00:00-04:00" }))
    }

    /// "Monthly on the first Friday for 10 occurrences", DTSTART 19970905T090000: crosses both DST changes.
    @Test func monthlyOnTheFirstFriday() {
        let r = reply(#"{"id":"t","dtstart":"19970905T090000","tzid":"America/New_York","rrule":"FREQ=MONTHLY;COUNT=10;BYDAY=1FR"}"#)
        #expect(r == occurrences([
            "1997-09-05T09:00:00-04:00", "1997-10-03T09:00:00-04:00", "1997-11-07T09:00:00-05:00",
            "1997-12-05T09:00:00-05:00", "1998-01-02T09:00:00-05:00", "1998-02-06T09:00:00-05:00",
            "1998-03-06T09:00:00-05:00", "1998-04-03T09:00:00-05:00", "1998-05-01T09:00:00-04:00",
            "1998-06-05T09:00:00-04:00",
        ]))
    }

    /// "Every other week on Tuesday and Thursday, for 8 occurrences".
    @Test func everyOtherWeekOnTuesdayAndThursday() {
        let r = reply(#"{"id":"t","dtstart":"19970902T090000","tzid":"America/New_York","rrule":"FREQ=WEEKLY;INTERVAL=2;COUNT=8;WKST=SU;BYDAY=TU,TH"}"#)
        #expect(r == occurrences([
            "1997-09-02T09:00:00-04:00", "1997-09-04T09:00:00-04:00", "1997-09-16T09:00:00-04:00",
            "1997-09-18T09:00:00-04:00", "1997-09-30T09:00:00-04:00", "1997-10-02T09:00:00-04:00",
            "1997-10-14T09:00:00-04:00", "1997-10-16T09:00:00-04:00",
        ]))
    }

    /// The same rule without COUNT, windowed on October 1997 (local bounds read in the zone).
    @Test func windowOnOneMonth() {
        let r = reply(#"{"id":"t","dtstart":"19970902T090000","tzid":"America/New_York","rrule":"FREQ=WEEKLY;INTERVAL=2;WKST=SU;BYDAY=TU,TH","after":"19971001T000000","before":"19971101T000000"}"#)
        #expect(r == occurrences([
            "1997-10-02T09:00:00-04:00", "1997-10-14T09:00:00-04:00", "1997-10-16T09:00:00-04:00",
            "1997-10-28T09:00:00-05:00", "1997-10-30T09:00:00-05:00",
        ]))
    }

    /// `tzid` takes a Windows zone id too ("Eastern Standard Time" is America/New_York in CLDR's mapping).
    @Test func windowsZoneId() {
        let r = reply(#"{"id":"t","dtstart":"19970902T090000","tzid":"Eastern Standard Time","rrule":"FREQ=DAILY;COUNT=2"}"#)
        #expect(r == occurrences(["1997-09-02T09:00:00-04:00", "1997-09-03T09:00:00-04:00"]))
    }

    /// The window is half-open: an occurrence exactly at `before` is out, exactly at `after` is in.
    @Test func windowIsHalfOpen() {
        let r = reply(#"{"id":"t","dtstart":"19970902T090000Z","rrule":"FREQ=DAILY","after":"19970903T090000Z","before":"19970905T090000Z"}"#)
        #expect(r == occurrences(["1997-09-03T09:00:00Z", "1997-09-04T09:00:00Z"]))
    }

    /// "Every 10 days, 5 occurrences", cut by the limit: more exist, so `truncated`.
    @Test func limitTruncates() {
        let line = #"{"id":"t","dtstart":"19970902T090000","tzid":"America/New_York","rrule":"FREQ=DAILY;INTERVAL=10;COUNT=5","limit":LIMIT}"#
        let all = ["1997-09-02T09:00:00-04:00", "1997-09-12T09:00:00-04:00", "1997-09-22T09:00:00-04:00",
                   "1997-10-02T09:00:00-04:00", "1997-10-12T09:00:00-04:00"]
        #expect(reply(line.replacingLimit(3)) == occurrences(Array(all.prefix(3)), truncated: true))
        #expect(reply(line.replacingLimit(5)) == occurrences(all, truncated: false))
        #expect(reply(line.replacingLimit(6)) == occurrences(all, truncated: false))
        #expect(reply(line.replacingLimit(0)) == #"{"id":"t","occurrences":[],"truncated":true}"#)
    }

    @Test func defaultLimitIsOneThousand() throws {
        let r = try JSONReader.parse(reply(#"{"dtstart":"19970902T090000Z","rrule":"FREQ=DAILY"}"#))
        guard case .array(let items)? = r["occurrences"] else { Issue.record("no occurrences in \(r)"); return }
        #expect(items.count == 1000)
        #expect(items.last == .string("2000-05-28T09:00:00Z"))  // 1997-09-02 + 999 days
        #expect(r["truncated"] == .bool(true))
    }

    /// EXDATE removes one instance of "Daily for 10 occurrences"; local EXDATEs are read in tzid.
    @Test func exdateRemovesAnInstance() {
        let r = reply(#"{"id":"t","dtstart":"19970902T090000","tzid":"America/New_York","rrule":"FREQ=DAILY;COUNT=10","exdate":["19970904T090000","19970906T130000Z"]}"#)
        #expect(r == occurrences([2, 3, 5, 7, 8, 9, 10, 11].map { "1997-09-\($0 < 10 ? "0" : "")\($0)T09:00:00-04:00" }))
    }

    /// EXRULE (RFC 2445): every other day from DTSTART is taken out.
    @Test func exruleRemovesInstances() {
        let r = reply(#"{"id":"t","dtstart":"19970902T090000Z","rrule":"FREQ=DAILY;COUNT=10","exrule":"FREQ=DAILY;INTERVAL=2;COUNT=5"}"#)
        #expect(r == occurrences([3, 5, 7, 9, 11].map { "1997-09-\($0 < 10 ? "0" : "")\($0)T09:00:00Z" }))
    }

    /// DATE values: the output is a bare date; RDATE adds one, in order.
    @Test func dateSeriesWithAnRdate() {
        let r = reply(#"{"id":"t","dtstart":"19970101","rrule":"FREQ=YEARLY;INTERVAL=2;COUNT=3","rdate":["19980704"]}"#)
        #expect(r == occurrences(["1997-01-01", "1998-07-04", "1999-01-01", "2001-01-01"]))
    }

    @Test func floatingAndUTCForms() {
        #expect(reply(#"{"id":"t","dtstart":"19970902T090000","rrule":"FREQ=DAILY;COUNT=2"}"#)
            == occurrences(["1997-09-02T09:00:00", "1997-09-03T09:00:00"]))
        #expect(reply(#"{"id":"t","dtstart":"19970902T090000Z","rrule":"FREQ=DAILY;COUNT=2"}"#)
            == occurrences(["1997-09-02T09:00:00Z", "1997-09-03T09:00:00Z"]))
    }

    @Test func noRuleGivesTheStartAndDates() {
        #expect(reply(#"{"id":"t","dtstart":"19970902","rdate":["19970901"]}"#) == occurrences(["1997-09-01", "1997-09-02"]))
    }

    /// RFC 5545 section 3.8.5.3: DTSTART counts as the first instance even when the rule does not
    /// produce it (1997-09-02 is a Tuesday); `include_dtstart: false` reads it as dateutil does.
    @Test func includeDtstart() {
        let line = #"{"id":"t","dtstart":"19970902","rrule":"FREQ=MONTHLY;BYDAY=1FR;COUNT=3","include_dtstart":FLAG}"#
        #expect(reply(line.replacingOccurrences("FLAG", "true")) == occurrences(["1997-09-02", "1997-09-05", "1997-10-03"]))
        #expect(reply(line.replacingOccurrences("FLAG", "false")) == occurrences(["1997-09-05", "1997-10-03", "1997-11-07"]))
    }

    /// Lenient mode reads lower case and says so; strict mode rejects it.
    @Test func strictAndLenient() throws {
        let lenient = try JSONReader.parse(reply(#"{"id":"t","dtstart":"19970902T090000Z","rrule":"freq=daily;count=2"}"#))
        #expect(lenient["occurrences"] == .array([.string("1997-09-02T09:00:00Z"), .string("1997-09-03T09:00:00Z")]))
        guard case .array(let readings)? = lenient["readings"] else { Issue.record("no readings in \(lenient)"); return }
        #expect(!readings.isEmpty)
        for r in readings {
            guard case .string(let s) = r else { Issue.record("reading \(r) is not a string"); continue }
            #expect(s.hasPrefix("rrule: "))
        }
        let strict = try JSONReader.parse(reply(#"{"id":"t","dtstart":"19970902T090000Z","rrule":"freq=daily;count=2","strict":true}"#))
        #expect(strict["error"]?["kind"] == .string("invalid_rule"))
        #expect(strict["id"] == .string("t"))
    }

    @Test func noReadingsFieldWhenNothingWasBent() {
        #expect(!reply(#"{"id":"t","dtstart":"19970902T090000Z","rrule":"FREQ=DAILY;COUNT=1"}"#).contains("readings"))
    }

    // MARK: Errors

    @Test func echoesTheIdOfABadRequest() {
        #expect(reply(#"{"id":"q","dtstart":"19970902","tzid":"America/New_York"}"#)
            == #"{"id":"q","error":{"kind":"invalid_request","message":"tzid: a zone applies only to a local date-time start such as 19970902T090000, not to \"19970902\"","field":"tzid","text":"America/New_York"}}"#)
        #expect(reply(#"{"id":"q","rrule":"FREQ=DAILY"}"#)
            == #"{"id":"q","error":{"kind":"invalid_request","message":"missing field \"dtstart\""}}"#)
    }

    @Test func answersNullIdWhenTheIdIsUnreadable() {
        #expect(reply(#"{"id":7,"dtstart":"19970902"}"#)
            == #"{"id":null,"error":{"kind":"invalid_request","message":"field \"id\" must be a string, got a number"}}"#)
        #expect(reply(#"{"dtstart":5}"#)
            == #"{"id":null,"error":{"kind":"invalid_request","message":"field \"dtstart\" must be a string, got a number"}}"#)
    }

    @Test func reportsTheColumnOfInvalidJSON() {
        #expect(reply(#"{"id":"q" "dtstart":"19970902"}"#)
            == #"{"id":null,"error":{"kind":"invalid_request","message":"invalid JSON at column 11: expected ',' or '}'","column":11}}"#)
        #expect(reply("not json")
            == #"{"id":null,"error":{"kind":"invalid_request","message":"invalid JSON at column 1: expected a value","column":1}}"#)
    }

    @Test(arguments: ["", " ", "\r", "\t \r"])
    func answersAnEmptyLine(line: String) {
        #expect(reply(line) == #"{"id":null,"error":{"kind":"invalid_request","message":"empty line: each line must hold one JSON object"}}"#)
    }

    @Test func escapesTheEchoedId() throws {
        let r = reply(#"{"id":"a\"b\\c\n\u0001é","rrule":5}"#)
        #expect(r.hasPrefix(#"{"id":"a\"b\\c\n\u0001é","error":"#))
    }

    @Test func reportsTheErrorColumnOfARule() throws {
        let r = try JSONReader.parse(reply(#"{"id":"t","dtstart":"19970902","rrule":"FREQ=DAILY;BYMONTHDAY=32"}"#))
        #expect(r["error"]?["kind"] == .string("invalid_rule"))
        guard case .number(let column)? = r["error"]?["column"] else { Issue.record("no column in \(r)"); return }
        #expect(column.nonNegativeInteger ?? 0 > 0)
    }

    @Test func rejectsAnOverlongLine() {
        var responder = BatchResponder()
        responder.respond(to: LineSplitter.Line.tooLong(2_000_000))
        #expect(responder.writer.text == #"{"id":null,"error":{"kind":"invalid_request","message":"request line of 2000000 bytes is longer than the maximum of 1048576"}}"#)
    }

    /// One responder answers a stream; each reply replaces the last.
    @Test func aResponderIsReusable() {
        var responder = BatchResponder()
        var texts: [String] = []
        for line in ["x", #"{"id":"b","dtstart":"19970902T090000Z","limit":0}"#, ""] {
            var s = line
            s.withUTF8 { responder.respond(to: $0) }
            texts.append(responder.writer.text)
        }
        #expect(texts == [
            #"{"id":null,"error":{"kind":"invalid_request","message":"invalid JSON at column 1: expected a value","column":1}}"#,
            #"{"id":"b","occurrences":[],"truncated":true}"#,
            #"{"id":null,"error":{"kind":"invalid_request","message":"empty line: each line must hold one JSON object"}}"#,
        ])
    }

    @Test func respondsToABuiltRequest() {
        #expect(BatchProtocol.respond(to: BatchRequest(id: "b", dtstart: "19970902T090000Z", rrules: ["FREQ=DAILY;COUNT=1"]))
            == #"{"id":"b","occurrences":["1997-09-02T09:00:00Z"],"truncated":false}"#)
    }
}

extension String {
    func replacingLimit(_ n: Int) -> String { replacingOccurrences("LIMIT", String(n)) }

    /// `replacingOccurrences(of:with:)` without Foundation.
    func replacingOccurrences(_ target: String, _ replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
