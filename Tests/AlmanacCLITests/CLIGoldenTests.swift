import AlmanacJSON
import AlmanacRequests
import Testing

/// `almanac` run as a process: exact standard output and exit status.
///
/// Occurrences come from RFC 5545 section 3.8.5.3's examples
/// (DTSTART;TZID=America/New_York:19970902T090000, a Tuesday; EDT, -04:00,
/// until 1997-10-26). Messages that belong to the library's parser and zone
/// loader are checked by kind and field, not by wording.
@Suite struct CLIGoldenTests {
    func run(_ arguments: [String], stdin: String = "") throws -> AlmanacExecutable.Result {
        try AlmanacExecutable.run(arguments, stdin: stdin)
    }

    static let dailyTen = (2...11).map { day -> String in
        let weekday = ["Tue", "Wed", "Thu", "Fri", "Sat", "Sun", "Mon"][(day - 2) % 7]
        return "1997-09-\(day < 10 ? "0" : "")\(day)T09:00:00-04:00  \(weekday)\n"
    }.joined()

    @Test func binaryIsBuilt() throws {
        _ = try AlmanacExecutable.path()
    }

    // MARK: Help

    @Test func rootHelpTeachesByExample() throws {
        let r = try run(["--help"])
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout.contains("Examples:"))
        #expect(r.stdout.contains("almanac expand 'FREQ=DAILY;COUNT=10'"))
        #expect(r.stdout.contains("| almanac batch"))
        #expect(r.stdout.contains("SUBCOMMANDS:"))
        #expect(r.stderr == "")
    }

    @Test func expandHelpShowsAnExampleAndItsOutput() throws {
        let r = try run(["expand", "--help"])
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout.contains("almanac expand 'FREQ=DAILY;COUNT=10'"))
        #expect(r.stdout.contains("1997-09-02T09:00:00-04:00  Tue"))
        #expect(r.stdout.contains("--no-include-dtstart"))
    }

    @Test func batchHelpShowsARequestAndItsReply() throws {
        let r = try run(["batch", "--help"])
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout.contains(#"'{"id":"a","dtstart":"19970902","rrule":"FREQ=DAILY","limit":1}' \"#), "\(r)")
        #expect(r.stdout.contains(#"{"id":"a","occurrences":["1997-09-02"],"truncated":true}"#), "\(r)")
    }

    // MARK: expand

    /// "Daily for 10 occurrences".
    @Test func expandDailyForTenOccurrences() throws {
        let r = try run(["expand", "FREQ=DAILY;COUNT=10", "--start", "19970902T090000", "--tz", "America/New_York"])
        #expect(r.stdout == Self.dailyTen, "\(r)")
        #expect(r.status == 0)
        #expect(r.stderr == "")
    }

    @Test func expandReportsTruncationOnStandardError() throws {
        let r = try run(["expand", "FREQ=DAILY", "--start", "19970902T090000", "--tz", "America/New_York", "--limit", "3"])
        #expect(r.stdout == "1997-09-02T09:00:00-04:00  Tue\n1997-09-03T09:00:00-04:00  Wed\n1997-09-04T09:00:00-04:00  Thu\n", "\(r)")
        #expect(r.stderr == "… truncated at 3 (--limit raises it)\n")
        #expect(r.status == 0)
    }

    /// "Every other week on Tuesday and Thursday", windowed on October 1997: DST ends on the 26th.
    @Test func expandWindowAcrossTheEndOfDST() throws {
        let r = try run(["expand", "FREQ=WEEKLY;INTERVAL=2;WKST=SU;BYDAY=TU,TH", "--start", "19970902T090000",
                         "--tz", "America/New_York", "--after", "19971001T000000", "--before", "19971101T000000"])
        #expect(r.stdout == """
            1997-10-02T09:00:00-04:00  Thu
            1997-10-14T09:00:00-04:00  Tue
            1997-10-16T09:00:00-04:00  Thu
            1997-10-28T09:00:00-05:00  Tue
            1997-10-30T09:00:00-05:00  Thu

            """, "\(r)")
        #expect(r.status == 0)
    }

    @Test func expandDateValuesWithAnRdate() throws {
        let r = try run(["expand", "FREQ=YEARLY;INTERVAL=2;COUNT=3", "--start", "19970101", "--rdate", "19980704"])
        #expect(r.stdout == "1997-01-01  Wed\n1998-07-04  Sat\n1999-01-01  Fri\n2001-01-01  Mon\n", "\(r)")
        #expect(r.status == 0)
    }

    @Test func expandWithExdatesAndWithoutDtstart() throws {
        // DTSTART 1997-09-02 (a Tuesday) is not a first Friday: RFC 5545 counts it, dateutil does not.
        let r = try run(["expand", "FREQ=MONTHLY;BYDAY=1FR;COUNT=3", "--start", "19970902", "--no-include-dtstart",
                         "--exdate", "19971003"])
        #expect(r.stdout == "1997-09-05  Fri\n1997-11-07  Fri\n", "\(r)")
        #expect(r.status == 0)
    }

    @Test func expandJSONPrintsTheBatchReply() throws {
        let r = try run(["expand", "FREQ=DAILY;INTERVAL=10;COUNT=5", "--start", "19970902T090000",
                         "--tz", "America/New_York", "--limit", "2", "--json"])
        #expect(r.stdout == #"{"id":null,"occurrences":["1997-09-02T09:00:00-04:00","1997-09-12T09:00:00-04:00"],"truncated":true}"# + "\n", "\(r)")
        #expect(r.stderr == "")
        #expect(r.status == 0)
    }

    /// The same arguments as a batch line give the same reply: one code path.
    @Test func expandJSONEqualsBatch() throws {
        let line = #"{"dtstart":"19970902T090000","tzid":"America/New_York","rrule":["FREQ=DAILY;COUNT=4"],"exdate":["19970903T090000"]}"#
        let batch = try run(["batch"], stdin: line + "\n")
        let expand = try run(["expand", "FREQ=DAILY;COUNT=4", "--start", "19970902T090000", "--tz", "America/New_York",
                              "--exdate", "19970903T090000", "--json"])
        #expect(expand.stdout == batch.stdout)
        #expect(batch.stdout == #"{"id":null,"occurrences":["1997-09-02T09:00:00-04:00","1997-09-04T09:00:00-04:00","1997-09-05T09:00:00-04:00"],"truncated":false}"# + "\n")
    }

    // MARK: expand errors

    @Test func expandUnknownZoneExits2() throws {
        let r = try run(["expand", "FREQ=DAILY", "--start", "19970902T090000", "--tz", "America/Atlantis"])
        #expect(r.status == 2, "\(r)")
        #expect(r.stdout == "")
        #expect(r.stderr.hasPrefix("error: --tz: "), "\(r)")
        #expect(r.stderr.contains("America/Atlantis"))
    }

    @Test func expandBadRuleExits2() throws {
        let r = try run(["expand", "FREQ=FORTNIGHTLY", "--start", "19970902T090000Z"])
        #expect(r.status == 2, "\(r)")
        #expect(r.stdout == "")
        #expect(r.stderr.hasPrefix("error: rrule: "))
    }

    @Test func expandInputErrorsHaveExactMessages() throws {
        let limit = try run(["expand", "FREQ=DAILY", "--start", "19970902T090000Z", "--limit=-1"])
        #expect(limit.status == 2)
        #expect(limit.stdout == "")
        #expect(limit.stderr == "error: --limit: -1 is negative: give the largest number of items to print, such as --limit 100\n")

        let zone = try run(["expand", "FREQ=DAILY", "--start", "19970902", "--tz", "America/New_York"])
        #expect(zone.status == 2)
        #expect(zone.stderr == "error: --tz applies only to a local date-time --start such as 19970902T090000, not to \"19970902\"\n")
    }

    @Test func expandJSONErrorGoesToBothStreams() throws {
        let r = try run(["expand", "FREQ=DAILY", "--start", "19970902T090000Z", "--limit=-1", "--json"])
        #expect(r.status == 2)
        #expect(r.stdout == #"{"error":{"kind":"invalid_request","message":"--limit: -1 is negative: give the largest number of items to print, such as --limit 100","field":"--limit"}}"# + "\n")
        #expect(r.stderr == "error: --limit: -1 is negative: give the largest number of items to print, such as --limit 100\n")
    }

    @Test(arguments: [
        (["expand", "--start", "19970902"], "Missing expected argument '<rrule> ...'"),
        (["expand", "FREQ=DAILY"], "Missing expected argument '--start <dtstart>'"),
        (["expand", "FREQ=DAILY", "--start", "19970902", "--limit", "ten"], "The value 'ten' is invalid for '--limit <n>'"),
        (["expand", "FREQ=DAILY", "--start", "19970902", "--bogus"], "unknown option '--bogus'"),
    ])
    func usageErrorsExit2(arguments: [String], message: String) throws {
        let r = try run(arguments)
        #expect(r.status == 2, "\(r)")
        #expect(r.stdout == "")
        #expect(r.stderr.hasPrefix("error: " + message), "\(r)")
        #expect(r.stderr.contains("Usage: almanac"), "\(r)")
    }

    // MARK: batch

    /// One reply line per request line, in order, whatever each line holds; exit 0.
    @Test func batchAnswersEveryLineInOrder() throws {
        let lines = [
            #"{"id":"1","dtstart":"19970902T090000","tzid":"America/New_York","rrule":"FREQ=DAILY;COUNT=3"}"#,
            "this is not json",
            #"{"id":"3","rrule":"FREQ=DAILY"}"#,
            #"{"id":"4","dtstart":"19970902T090000Z","rrule":"FREQ=FORTNIGHTLY"}"#,
            #"{"id":"5","dtstart":"19970902T090000","tzid":"America/Atlantis","rrule":"FREQ=DAILY"}"#,
            #"{"id":"6","dtstart":"100000101T090000Z","rrule":"FREQ=DAILY"}"#,
            "",
            #"{"id":"8","dtstart":"19970902T090000Z","rrule":"FREQ=DAILY","limit":2}"#,
            #"{"id":"9","dtstart":"19970902","limit":-1}"#,
            #"{"id":"10" "dtstart":"19970902"}"#,
            #"{"id":"11","dtstart":"19970902","tzid":"America/New_York"}"#,
            #"{"id":"12","dtstart":"99991231T090000Z","rrule":"FREQ=DAILY"}"#,
            #"{"id":"13","dtstart":"19970101","rrule":"FREQ=YEARLY;INTERVAL=2;COUNT=3","rdate":["19980704"]}"#,
        ]
        // Replies whose every byte Almanac's batch layer decides.
        let exact: [Int: String] = [
            0: #"{"id":"1","occurrences":["1997-09-02T09:00:00-04:00","1997-09-03T09:00:00-04:00","1997-09-04T09:00:00-04:00"],"truncated":false}"#,
            1: #"{"id":null,"error":{"kind":"invalid_request","message":"invalid JSON at column 1: expected a value","column":1}}"#,
            2: #"{"id":"3","error":{"kind":"invalid_request","message":"missing field \"dtstart\""}}"#,
            6: #"{"id":null,"error":{"kind":"invalid_request","message":"empty line: each line must hold one JSON object"}}"#,
            7: #"{"id":"8","occurrences":["1997-09-02T09:00:00Z","1997-09-03T09:00:00Z"],"truncated":true}"#,
            8: #"{"id":"9","error":{"kind":"invalid_request","message":"field \"limit\" must be a non-negative integer written with digits only, got -1"}}"#,
            9: #"{"id":null,"error":{"kind":"invalid_request","message":"invalid JSON at column 12: expected ',' or '}'","column":12}}"#,
            10: #"{"id":"11","error":{"kind":"invalid_request","message":"tzid: a zone applies only to a local date-time start such as 19970902T090000, not to \"19970902\"","field":"tzid","text":"America/New_York"}}"#,
            11: #"{"id":"12","occurrences":["9999-12-31T09:00:00Z"],"truncated":false}"#,
            12: #"{"id":"13","occurrences":["1997-01-01","1998-07-04","1999-01-01","2001-01-01"],"truncated":false}"#,
        ]
        // Replies whose message belongs to the parser or the zone loader: id and kind.
        let kinds: [Int: (id: String, kinds: Set<String>)] = [
            3: ("4", ["invalid_rule"]),
            4: ("5", ["unknown_zone"]),
            5: ("6", ["out_of_range"]),  // year 10000: "outside what Almanac supports (years 1...9999)", AlmanacError.Kind
        ]

        let r = try run(["batch"], stdin: lines.joined(separator: "\n") + "\n")
        #expect(r.status == 0, "\(r)")
        #expect(r.stderr == "")
        var replies = r.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(replies.last == "", "output must end with a line break")
        replies.removeLast()
        try #require(replies.count == lines.count, "one reply per line: \(r)")
        for (k, reply) in replies.enumerated() {
            if let expected = exact[k] {
                #expect(reply == expected, "line \(k + 1): \(lines[k])")
            } else if let (id, kinds) = kinds[k] {
                let json = try JSONReader.parse(reply)
                #expect(json["id"] == .string(id), "line \(k + 1): \(reply)")
                guard case .string(let kind)? = json["error"]?["kind"] else {
                    Issue.record("line \(k + 1): expected an error, got \(reply)")
                    continue
                }
                #expect(kinds.contains(kind), "line \(k + 1): \(reply)")
            }
        }
    }

    @Test func batchReadsCRLFAndALastLineWithoutBreak() throws {
        let r = try run(["batch"], stdin: "{\"id\":\"a\",\"dtstart\":\"19970902\"}\r\n{\"id\":\"b\",\"dtstart\":\"19970903\"}")
        #expect(r.stdout == #"{"id":"a","occurrences":["1997-09-02"],"truncated":false}"# + "\n"
            + #"{"id":"b","occurrences":["1997-09-03"],"truncated":false}"# + "\n", "\(r)")
        #expect(r.status == 0)
    }

    @Test func batchWithNoInputWritesNothing() throws {
        let r = try run(["batch"], stdin: "")
        #expect(r.stdout == "")
        #expect(r.stderr == "")
        #expect(r.status == 0)
    }

    @Test func batchAnswersAnOverlongLineAndGoesOn() throws {
        let long = #"{"id":"x","pad":""# + String(repeating: "a", count: BatchProtocol.maximumLineLength) + #""}"#
        let r = try run(["batch"], stdin: long + "\n" + #"{"id":"b","dtstart":"19970903"}"# + "\n")
        #expect(r.stdout == #"{"id":null,"error":{"kind":"invalid_request","message":"request line of \#(long.utf8.count) bytes is longer than the maximum of 1048576"}}"# + "\n"
            + #"{"id":"b","occurrences":["1997-09-03"],"truncated":false}"# + "\n")
        #expect(r.status == 0)
    }
}
