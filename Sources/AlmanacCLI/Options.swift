import Almanac
import AlmanacRequests
import ArgumentParser

/// The options that describe a recurrence set, shared by `expand` and `days`.
struct SeriesOptions: ParsableArguments {
    @Option(help: ArgumentHelp("DTSTART: 19970902, 19970902T090000 or 19970902T090000Z (RFC 3339 too: 1997-09-02T09:00:00, with Z or an offset).",
                               valueName: "dtstart"))
    var start: String?

    @Option(help: ArgumentHelp("The zone of a local --start and of local values (IANA or Windows id).", valueName: "zone"))
    var tz: String?

    @Option(name: .customLong("rdate"),
            help: ArgumentHelp("RDATE values: 19980704, a comma list, TZID=Asia/Tokyo:19980704T090000 (repeatable).", valueName: "values"))
    var rdates: [String] = []

    @Option(name: .customLong("exdate"),
            help: ArgumentHelp("EXDATE values: 19970903T090000, a comma list, TZID=Europe/Paris:19970903T150000 (repeatable).",
                               valueName: "values"))
    var exdates: [String] = []

    @Option(name: .customLong("exrule"), help: ArgumentHelp("An EXRULE value (repeatable).", valueName: "rule"))
    var exrules: [String] = []

    @Flag(help: "Read rules as strict RFC 5545 and validate the set.")
    var strict = false

    @Flag(inversion: .prefixedNo, help: "Count DTSTART as the first occurrence even when the rule does not produce it (RFC 5545).")
    var includeDtstart = true

    /// The request these options describe, the same one a batch line would
    /// give; RFC 3339 values and comma lists already rewritten. `typed` is
    /// the same request with each value as typed, for messages.
    func request(rrules: [String], after: String? = nil, before: String? = nil,
                 limit: Int = BatchRequest.defaultLimit) throws(AlmanacError) -> (request: BatchRequest, typed: BatchRequest) {
        // Optional for argument-parser so that `days --ics` can go without it.
        guard let start else { throw AlmanacError(.usage, "Missing expected argument '--start <dtstart>'") }
        func value(_ text: String?, _ option: String) throws(AlmanacError) -> String? {
            guard let text else { return nil }
            do throws(AlmanacError) { return try CLIValue.rfc5545(text) } catch { throw error.named(field: option) }
        }
        let dtstart = try value(start, "--start")!
        let timed = tz != nil || dtstart.hasSuffix("Z") || dtstart.hasSuffix("z")
        var rdateValues: [(typed: String, value: String)] = [], exdateValues: [(typed: String, value: String)] = []
        for v in rdates { rdateValues += try CLIValue.list(v, option: "--rdate", seriesZone: tz, hasInstants: timed) }
        for v in exdates { exdateValues += try CLIValue.list(v, option: "--exdate", seriesZone: tz, hasInstants: timed) }
        let request = BatchRequest(dtstart: dtstart, tzid: tz, rrules: rrules, exrules: exrules,
                                   rdates: rdateValues.map(\.value), exdates: exdateValues.map(\.value),
                                   after: try value(after, "--after"), before: try value(before, "--before"),
                                   limit: limit, strict: strict, includeDtstart: includeDtstart)
        var typed = request
        typed.dtstart = start
        typed.rdates = rdateValues.map(\.typed)
        typed.exdates = exdateValues.map(\.typed)
        typed.after = after
        typed.before = before
        return (request, typed)
    }

    /// The request read and checked, its notes on standard error; its
    /// errors name the options (`--tz: `, `--rdate "1997x": `).
    func query(rrules: [String], after: String? = nil, before: String? = nil,
               limit: Int = BatchRequest.defaultLimit) throws(AlmanacError) -> BatchQuery {
        let (request, typed) = try request(rrules: rrules, after: after, before: before, limit: limit)
        return try Self.named(typed) { () throws(AlmanacError) in
            let query = try BatchQuery(request)
            for reading in query.readings { StandardStreams.printError("note: " + reading) }
            return query
        }
    }

    /// The series alone, read as ``query(rrules:after:before:limit:)``
    /// reads it (notes on standard error, errors naming the options),
    /// without a window or a plan of its expansion: what `days` and
    /// `review` need of a series given by options.
    func recurrenceSet(rrules: [String]) throws(AlmanacError) -> RecurrenceSet {
        let (request, typed) = try request(rrules: rrules)
        return try Self.named(typed) { () throws(AlmanacError) in
            let (set, readings) = try request.recurrenceSet()
            for reading in readings { StandardStreams.printError("note: " + reading) }
            _ = try set.occurrences()   // what the expander refuses (RSCALE the system lacks) is an error here, as in `expand`
            return set
        }
    }

    /// `body`'s value; its error with the request's field names put as the options that gave them.
    static func named<T>(_ typed: BatchRequest, _ body: () throws(AlmanacError) -> T) throws(AlmanacError) -> T {
        do throws(AlmanacError) {
            return try body()
        } catch {
            throw CLI.options(error, request: typed)
        }
    }
}

/// `--json`, shared by every command that prints a result.
struct JSONOption: ParsableArguments {
    @Flag(help: "Print one JSON object; an error prints {\"error\":{\"kind\":…,\"message\":…}} instead (and its text on standard error).")
    var json = false
}

/// `--week-rule`, shared by `period` and `agenda`.
struct WeekRuleOption: ParsableArguments {
    @Option(name: .customLong("week-rule"),
            help: ArgumentHelp("Weeks start on this weekday and week 1 has at least this many days of the year: MO4 (ISO 8601, the default), SU1 (US).",
                               valueName: "rule"))
    var weekRule = "MO4"

    /// The rule, or an input error naming the option.
    func rule() throws(AlmanacError) -> WeekRule { try CLI.weekRule(weekRule) }
}
