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
            the reply `almanac batch` would give instead ({"id":null,"occurrences":[…],\
            "truncated":…}).

            Values take RFC 5545's forms (19970902, 19970902T090000 read in --tz or \
            floating, 19970902T090000Z) or RFC 3339's (1997-09-02, 1997-09-02T09:00:00, \
            1997-09-02T09:00:00Z, 1997-09-02T09:00:00-04:00: an offset names the \
            instant, given in UTC). --rdate and --exdate take property values: a comma \
            list, and TZID=zone: before local values of another zone than --tz.

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

              A Paris meeting, minus two days given as a list, and one removed by
              its time in New York:
                almanac expand 'FREQ=DAILY;COUNT=5' --start 2024-01-08T09:00:00 \\
                  --tz Europe/Paris --exdate 20240109T090000,20240110T090000 \\
                  --exdate TZID=America/New_York:20240112T030000

            Exit status: 0 on success, 2 for a usage or input error (the message goes \
            to standard error; with --json, {"error":{"kind":…,"message":…}} also goes \
            to standard output), 1 if the output cannot be written.
            """
    )

    @Argument(help: ArgumentHelp("RRULE values, such as FREQ=DAILY;COUNT=10 (several are merged).", valueName: "rrule"))
    var rrules: [String]

    @OptionGroup(title: "Series") var series: SeriesOptions

    @Option(help: ArgumentHelp("Only occurrences starting at or after this value.", valueName: "value"))
    var after: String?

    @Option(help: ArgumentHelp("Only occurrences starting before this value.", valueName: "value"))
    var before: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("At most this many occurrences (1000000 at most).", valueName: "n"))
    var limit: Int = BatchRequest.defaultLimit

    @OptionGroup var output: JSONOption

    func validate() throws {
        if series.start == nil { throw ValidationError("Missing expected argument '--start <dtstart>'") }
    }

    func run() throws {
        let query = try series.query(rrules: rrules, after: after, before: before, limit: CLI.limit(limit))
        if output.json {
            var responder = BatchResponder()
            responder.respond(to: query, id: nil)
            responder.writer.endLine()
            try CLI.write(responder.writer.bytes)
            return
        }
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
        if truncated { StandardStreams.printError("… truncated at \(query.limit) (--limit raises it)") }
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
