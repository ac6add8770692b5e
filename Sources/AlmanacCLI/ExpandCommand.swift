import Almanac
import AlmanacRequests
import ArgumentParser

/// `almanac expand`: one recurrence set from arguments, as text or as a batch reply.
struct ExpandCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "expand",
        abstract: "Print the occurrences of a recurrence rule.",
        discussion: """
            Prints one occurrence per line with its weekday, in the series' zone; \
            notes and "… truncated at N" go to standard error. With --json, prints \
            the reply `almanac batch` would give instead.

            Examples:

              Daily for 10 occurrences (RFC 5545, section 3.8.5.3):
                almanac expand 'FREQ=DAILY;COUNT=10' \\
                  --start 19970902T090000 --tz America/New_York
                1997-09-02T09:00:00-04:00  Tue
                ...
                1997-09-11T09:00:00-04:00  Thu

              Every day in January for 3 years, but not on 2 January 1998:
                almanac expand 'FREQ=DAILY;UNTIL=20000131T140000Z;BYMONTH=1' \\
                  --start 19980101T090000 --tz America/New_York \\
                  --exdate 19980102T090000

              The first Friday of the month, 4 times from 1998, as JSON:
                almanac expand 'FREQ=MONTHLY;BYDAY=1FR' --start 19970905T090000Z \\
                  --after 19980101T000000Z --limit 4 --json

              All-day (DATE) values, every other year, with one date added:
                almanac expand 'FREQ=YEARLY;INTERVAL=2;COUNT=3' \\
                  --start 19970101 --rdate 19980704

            Exit status: 0 on success, 2 for a usage or input error (the message goes \
            to standard error; with --json the error reply also goes to standard output).
            """
    )

    @Argument(help: ArgumentHelp("RRULE values, such as FREQ=DAILY;COUNT=10 (several are merged).", valueName: "rrule"))
    var rrules: [String]

    @Option(help: ArgumentHelp("DTSTART: 19970902, 19970902T090000 or 19970902T090000Z.", valueName: "dtstart"))
    var start: String

    @Option(help: ArgumentHelp("The zone of a local --start and of local dates (IANA or Windows id).", valueName: "zone"))
    var tz: String?

    @Option(help: ArgumentHelp("Only occurrences starting at or after this value.", valueName: "value"))
    var after: String?

    @Option(help: ArgumentHelp("Only occurrences starting before this value.", valueName: "value"))
    var before: String?

    @Option(help: ArgumentHelp("At most this many occurrences.", valueName: "n"))
    var limit: Int = BatchRequest.defaultLimit

    @Option(name: .customLong("exdate"), help: ArgumentHelp("An EXDATE value (repeatable).", valueName: "value"))
    var exdates: [String] = []

    @Option(name: .customLong("rdate"), help: ArgumentHelp("An RDATE value (repeatable).", valueName: "value"))
    var rdates: [String] = []

    @Option(name: .customLong("exrule"), help: ArgumentHelp("An EXRULE value (repeatable).", valueName: "rule"))
    var exrules: [String] = []

    @Flag(help: "Read rules as strict RFC 5545 and validate the set.")
    var strict = false

    @Flag(inversion: .prefixedNo, help: "Count DTSTART as the first occurrence even when the rule does not produce it (RFC 5545).")
    var includeDtstart = true

    @Flag(help: "Print the batch protocol's JSON reply.")
    var json = false

    /// The request these arguments describe: the same one a batch line would give.
    var request: BatchRequest {
        BatchRequest(dtstart: start, tzid: tz, rrules: rrules, exrules: exrules, rdates: rdates, exdates: exdates,
                     after: after, before: before, limit: limit, strict: strict, includeDtstart: includeDtstart)
    }

    func run() throws {
        let query: BatchQuery
        do throws(AlmanacError) {
            query = try BatchQuery(request)
        } catch {
            if json {
                var responder = BatchResponder()
                responder.writeError(id: nil, error)
                responder.writer.byte(0x0A)
                StandardStreams.writeAll(responder.writer.bytes, to: StandardStreams.output)
            }
            StandardStreams.printError("error: " + error.message)
            throw ExitCode.inputError
        }
        if json {
            var responder = BatchResponder()
            responder.respond(to: query, id: nil)
            responder.writer.byte(0x0A)
            guard StandardStreams.writeAll(responder.writer.bytes, to: StandardStreams.output) else { throw ExitCode.outputError }
            return
        }
        for reading in query.readings { StandardStreams.printError("note: " + reading) }
        var out: [UInt8] = []
        out.reserveCapacity(1 << 16)
        var failed = false
        let truncated = query.expand { (o: Occurrence) in
            o.appendDescription(to: &out)
            out.append(contentsOf: Self.weekdaySuffix(o.start.date.weekday).utf8)
            if out.count >= 1 << 16 {
                failed = failed || !StandardStreams.writeAll(out, to: StandardStreams.output)
                out.removeAll(keepingCapacity: true)
            }
        }
        if failed || !StandardStreams.writeAll(out, to: StandardStreams.output) { throw ExitCode.outputError }
        if truncated { StandardStreams.printError("… truncated at \(query.limit)") }
    }

    /// Two spaces, the English weekday abbreviation, a line break.
    static func weekdaySuffix(_ w: Weekday) -> String {
        switch w {
        case .monday: "  Mon\n"
        case .tuesday: "  Tue\n"
        case .wednesday: "  Wed\n"
        case .thursday: "  Thu\n"
        case .friday: "  Fri\n"
        case .saturday: "  Sat\n"
        case .sunday: "  Sun\n"
        }
    }
}
