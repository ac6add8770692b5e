import ArgumentParser

/// `almanac`: the command-line face of the library.
@main
struct AlmanacCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "almanac",
        abstract: "Recurring events and the days, weeks and months of a calendar (RFC 5545).",
        discussion: """
            Commands:
              expand   the occurrences of recurrence rules (RRULE, RDATE, EXDATE, EXRULE)
              days     an event or a series cut into the local days of a viewer's zone,
                       with day keys for to-do apps
              period   a day, ISO week, month, year or span: its dates and the weeks,
                       months and years it overlaps
              agenda   events and to-dos laid out as a 7-day, 6-week and 6-month plan
              mark     record a day of an event or to-do as done, partly done or skipped
              review   what was done of each event and to-do in a day, week, month or year
              events   the occurrences of .ics files (events, to-dos, overrides) in a window
              batch    JSON Lines requests on standard input, one reply line each
              zone     where zone rules come from (the system's tz database or ICU),
                       and a zone's transitions

            Values take RFC 5545's forms: 19970902 (a date), 19970902T090000 (a local \
            time, read in --tz, or floating without it) and 19970902T090000Z (UTC), or \
            RFC 3339's: 1997-09-02, 1997-09-02T09:00:00, with Z or an offset.

            Examples:

              Daily for 10 occurrences (RFC 5545, section 3.8.5.3):
                almanac expand 'FREQ=DAILY;COUNT=10' \\
                  --start 19970902T090000 --tz America/New_York

              The last work day of the month, 6 times, as JSON:
                almanac expand 'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1' \\
                  --start 19970930T090000 --limit 6 --json

              A night out across the spring-forward night, day by day:
                almanac days --start 20240309T220000 --tz America/New_York --duration PT4H

              ISO week 48 of 2023 and the months it overlaps:
                almanac period 2023-W48

              The bundled sample plan, seen from New York:
                almanac agenda --viewer America/New_York

              The sample's week 48 of 2023 reviewed against its sample records:
                almanac review 2023-W48

              Answer JSON Lines requests on standard input, one reply line each:
                echo '{"dtstart":"19970902T090000Z","rrule":"FREQ=DAILY;COUNT=3"}' \\
                  | almanac batch

            Output goes to standard output, notes and errors to standard error. Every \
            command's output is bounded: --limit says how much (expand and days: 1000 \
            occurrences or slices; period: 1000 entries per list; agenda: 5000 event \
            slices), and a cut output says so. With --json, an error also prints \
            {"error":{"kind":…,"message":…}} on standard output ("kind" is "usage" for \
            the command line, else the library's kind, such as "invalid_rule").

            Exit status: 0 on success, 2 for a usage or input error (a bad rule, value, \
            file or zone), 1 if the output cannot be written.
            """,
        version: ZoneCommand.versionText,
        subcommands: [ExpandCommand.self, DaysCommand.self, PeriodCommand.self, AgendaCommand.self, MarkCommand.self, ReviewCommand.self, EventsCommand.self, ImportCommand.self, DiffCommand.self, BatchCommand.self, ZoneCommand.self]
    )

    /// The arguments before `--`.
    static var options: ArraySlice<String> { CommandLine.arguments.dropFirst().prefix { $0 != "--" } }

    /// Runs the command. Usage and input errors print `error: ...` on
    /// standard error (and an error object on standard output with
    /// `--json`) and exit 2 instead of argument-parser's 64.
    static func main() {
        // argument-parser prints the root help for `almanac events --help` and `almanac help events`.
        var words = options.prefix { !$0.hasPrefix("-") }
        if words.first == "help" { words = words.dropFirst() }
        if let name = words.first, !configuration.subcommands.contains(where: { $0.configuration.commandName == name }) {
            fail(CLIError("unknown command \"\(name)\": the commands are expand, days, period, agenda, events and batch "
                + "(almanac --help describes them)", kind: "usage"))
        }
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let error as CLIError {
            fail(error)
        } catch {
            let code = exitCode(for: error)
            let text = fullMessage(for: error)
            if code == .success {
                if !text.isEmpty { _ = StandardStreams.writeAll(Array((text + "\n").utf8), to: StandardStreams.output) }
                StandardStreams.terminate(0)
            }
            guard code == .validationFailure else {
                if !text.isEmpty { StandardStreams.printError(text) }
                StandardStreams.terminate(code.rawValue)
            }
            // argument-parser's own messages: "Error: ..." then help and usage lines.
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let first = String(lines.first ?? "").dropPrefix("Error: ")
            let rest = lines.dropFirst().joined(separator: "\n")
            fail(CLIError(first, kind: "usage"), detail: rest)
        }
    }

    /// Prints an error the CLI's way and exits 2.
    static func fail(_ error: CLIError, detail: String = "") -> Never {
        if options.contains("--json"), let line = try? CLI.jsonLine(CLIError.Reply(error: error)) {
            StandardStreams.writeAll(line, to: StandardStreams.output)
        }
        StandardStreams.printError("error: " + error.message + (detail.isEmpty ? "" : "\n" + detail))
        StandardStreams.terminate(ExitCode.inputError.rawValue)
    }
}

extension ExitCode {
    /// A usage or input error: 2, as most Unix tools use (argument-parser's default is 64, `EX_USAGE`).
    static let inputError = ExitCode(2)
    /// The output stream closed or failed.
    static let outputError = ExitCode(1)
}
