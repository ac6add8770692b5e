import ArgumentParser

/// `almanac`: the command-line face of the library.
@main
struct AlmanacCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "almanac",
        abstract: "Expand iCalendar recurrence rules (RFC 5545) into occurrences.",
        discussion: """
            Values take RFC 5545's forms: 19970902 (a date), 19970902T090000 (a local \
            time, read in --tz, or floating without it) and 19970902T090000Z (UTC).

            Examples:

              Daily for 10 occurrences (RFC 5545, section 3.8.5.3):
                almanac expand 'FREQ=DAILY;COUNT=10' \\
                  --start 19970902T090000 --tz America/New_York

              The last work day of the month, 6 times, as JSON:
                almanac expand 'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1' \\
                  --start 19970930T090000 --limit 6 --json

              Every other week on Tuesday and Thursday, in October 1997 only:
                almanac expand 'FREQ=WEEKLY;INTERVAL=2;WKST=SU;BYDAY=TU,TH' \\
                  --start 19970902 --after 19971001 --before 19971101

              Answer JSON Lines requests on standard input, one reply line each:
                echo '{"dtstart":"19970902T090000Z","rrule":"FREQ=DAILY;COUNT=3"}' \\
                  | almanac batch

            Exit status: 0 on success, 2 for a usage or input error (a bad rule, value \
            or zone), 1 if the output cannot be written.
            """,
        subcommands: [ExpandCommand.self, DaysCommand.self, PeriodCommand.self, AgendaCommand.self, BatchCommand.self]
    )

    /// Runs the command, with usage errors exiting 2 instead of argument-parser's 64.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let code = exitCode(for: error)
            let text = fullMessage(for: error)
            if code == .success {
                if !text.isEmpty { _ = StandardStreams.writeAll(Array((text + "\n").utf8), to: StandardStreams.output) }
                StandardStreams.terminate(0)
            }
            if !text.isEmpty { StandardStreams.printError(text) }
            StandardStreams.terminate(code == .validationFailure ? ExitCode.inputError.rawValue : code.rawValue)
        }
    }
}

extension ExitCode {
    /// A usage or input error: 2, as most Unix tools use (argument-parser's default is 64, `EX_USAGE`).
    static let inputError = ExitCode(2)
    /// The output stream closed or failed.
    static let outputError = ExitCode(1)
}
