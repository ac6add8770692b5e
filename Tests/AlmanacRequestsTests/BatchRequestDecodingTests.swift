import Almanac
import AlmanacJSON
import AlmanacRequests
import Testing

/// JSON → ``BatchRequest``: each field, each type error. No rule or value is interpreted here.
@Suite struct BatchRequestDecodingTests {
    func decode(_ text: String) throws -> BatchRequest {
        try BatchRequest(json: try JSONReader.parse(text))
    }

    func failure(_ text: String) -> AlmanacError? {
        do {
            _ = try decode(text)
            return nil
        } catch let e as AlmanacError {
            return e
        } catch {
            Issue.record("unexpected error type \(error)")
            return nil
        }
    }

    @Test func decodesEveryField() throws {
        let r = try decode("""
            {"id":"x1","dtstart":"19970902T090000","tzid":"America/New_York",
             "rrule":["FREQ=DAILY;COUNT=3","FREQ=WEEKLY"],"exrule":"FREQ=MONTHLY",
             "rdate":["19970910T090000"],"exdate":["19970903T090000","19970904T090000"],
             "after":"19970901","before":"19971001T000000Z","limit":25,"strict":true,"include_dtstart":false}
            """)
        #expect(r == BatchRequest(id: "x1", dtstart: "19970902T090000", tzid: "America/New_York",
                                  rrules: ["FREQ=DAILY;COUNT=3", "FREQ=WEEKLY"], exrules: ["FREQ=MONTHLY"],
                                  rdates: ["19970910T090000"], exdates: ["19970903T090000", "19970904T090000"],
                                  after: "19970901", before: "19971001T000000Z", limit: 25, strict: true,
                                  includeDtstart: false))
    }

    @Test func appliesDefaults() throws {
        let r = try decode(#"{"dtstart":"19970902"}"#)
        #expect(r == BatchRequest(dtstart: "19970902"))
        #expect(r.id == nil && r.tzid == nil && r.rrules.isEmpty && r.after == nil)
        #expect(r.limit == 1000 && r.strict == false && r.includeDtstart == true)
    }

    @Test func readsARuleStringAsOneRule() throws {
        #expect(try decode(#"{"dtstart":"x","rrule":"FREQ=DAILY","exrule":"FREQ=YEARLY"}"#).rrules == ["FREQ=DAILY"])
        #expect(try decode(#"{"dtstart":"x","rrule":[],"exrule":[]}"#).rrules == [])
    }

    @Test func readsNullAsAbsent() throws {
        let r = try decode(#"{"id":null,"dtstart":"19970902","tzid":null,"rrule":null,"limit":null,"strict":null}"#)
        #expect(r == BatchRequest(dtstart: "19970902"))
    }

    @Test func ignoresUnknownFields() throws {
        let r = try decode(#"{"dtstart":"19970902","expect":["1997-09-02"],"note":"x","source":{"rfc":5545},"RRULE":5}"#)
        #expect(r == BatchRequest(dtstart: "19970902"))
    }

    @Test func keepsAHugeLimitForTheQueryToCap() throws {
        #expect(try decode(#"{"dtstart":"x","limit":123456789012345678901234567890}"#).limit == Int.max)
        #expect(try decode(#"{"dtstart":"x","limit":0}"#).limit == 0)
    }

    @Test(arguments: [
        (#"[]"#, "a request must be a JSON object, not an array"),
        (#""19970902""#, "a request must be a JSON object, not a string"),
        (#"{}"#, #"missing field "dtstart""#),
        (#"{"id":"a","rrule":"FREQ=DAILY"}"#, #"missing field "dtstart""#),
        (#"{"dtstart":19970902}"#, #"field "dtstart" must be a string, got a number"#),
        (#"{"id":5,"dtstart":"x"}"#, #"field "id" must be a string, got a number"#),
        (#"{"dtstart":"x","tzid":["UTC"]}"#, #"field "tzid" must be a string, got an array"#),
        (#"{"dtstart":"x","rrule":5}"#, #"field "rrule" must be a string or an array of strings, got a number"#),
        (#"{"dtstart":"x","rrule":{"freq":"daily"}}"#, #"field "rrule" must be a string or an array of strings, got an object"#),
        (#"{"dtstart":"x","rrule":["FREQ=DAILY",3]}"#, #"field "rrule[1]" must be a string, got a number"#),
        (#"{"dtstart":"x","exrule":true}"#, #"field "exrule" must be a string or an array of strings, got a boolean"#),
        (#"{"dtstart":"x","rdate":"19970902"}"#, #"field "rdate" must be an array of strings, got a string"#),
        (#"{"dtstart":"x","exdate":[null]}"#, #"field "exdate[0]" must be a string, got null"#),
        (#"{"dtstart":"x","after":19970902}"#, #"field "after" must be a string, got a number"#),
        (#"{"dtstart":"x","before":false}"#, #"field "before" must be a string, got a boolean"#),
        (#"{"dtstart":"x","limit":-1}"#, #"field "limit" must be a non-negative integer written with digits only, got -1"#),
        (#"{"dtstart":"x","limit":-0}"#, #"field "limit" must be a non-negative integer written with digits only, got -0"#),
        (#"{"dtstart":"x","limit":1.5}"#, #"field "limit" must be a non-negative integer written with digits only, got 1.5"#),
        (#"{"dtstart":"x","limit":10.0}"#, #"field "limit" must be a non-negative integer written with digits only, got 10.0"#),
        (#"{"dtstart":"x","limit":1e3}"#, #"field "limit" must be a non-negative integer written with digits only, got 1e3"#),
        (#"{"dtstart":"x","limit":"10"}"#, #"field "limit" must be a non-negative integer written with digits only, got a string"#),
        (#"{"dtstart":"x","strict":"yes"}"#, #"field "strict" must be true or false, got a string"#),
        (#"{"dtstart":"x","include_dtstart":1}"#, #"field "include_dtstart" must be true or false, got a number"#),
    ])
    func rejectsWrongTypes(text: String, message: String) {
        let e = failure(text)
        #expect(e?.kind == .invalidRequest)
        #expect(e?.message == message)
        #expect(e?.column == nil)
    }

    @Test func findsTheIdOfABadRequest() throws {
        #expect(BatchRequest.id(of: try JSONReader.parse(#"{"id":"q","rrule":5}"#)) == "q")
        #expect(BatchRequest.id(of: try JSONReader.parse(#"{"id":5}"#)) == nil)
        #expect(BatchRequest.id(of: try JSONReader.parse(#"["id"]"#)) == nil)
    }
}
