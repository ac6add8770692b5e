import Almanac
import AlmanacFoundation
import AlmanacStore
import ArgumentParser

/// `almanac`: the command-line face of the library.
@main
struct AlmanacCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "almanac",
        abstract: "Recurring events and the days, weeks and months of a calendar (RFC 5545).",
        discussion: """
            The commands are listed under SUBCOMMANDS below; `almanac help COMMAND` \
            (or `almanac COMMAND --help`) explains one, with examples that paste and run \
            from the top folder of a clone.

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
        subcommands: commands
    )

    /// The commands, in the order `--help` lists them: the one list that
    /// the help, the unknown-command error and the option check read.
    static let commands: [any ParsableCommand.Type] = [
        ExpandCommand.self, DaysCommand.self, PeriodCommand.self, AgendaCommand.self, MarkCommand.self,
        ReviewCommand.self, EventsCommand.self, AlarmsCommand.self, FreeBusyCommand.self, SlotsCommand.self, ImportCommand.self,
        DiffCommand.self, BatchCommand.self, ZoneCommand.self, StoreCommand.self,
    ]

    /// A command's name: `expand`.
    static func name(_ command: any ParsableCommand.Type) -> String { command.configuration.commandName ?? "" }

    /// `expand, days, ... and batch`.
    static var commandList: String {
        let names = commands.map(name)
        return names.dropLast().joined(separator: ", ") + " and " + names.last!
    }

    /// The arguments before `--`.
    static var options: ArraySlice<String> { CommandLine.arguments.dropFirst().prefix { $0 != "--" } }

    /// Runs the command. Usage and input errors print `error: ...` on
    /// standard error (and an error object on standard output with
    /// `--json`) and exit 2 instead of argument-parser's 64. The `store`
    /// commands run asynchronously (the store's API is async).
    static func main() async {
        // `--source foundation` and ALMANAC_ZONE_SOURCE=foundation read Foundation's TimeZone.
        Zone.enableFoundationSource()
        // argument-parser prints the root help for `almanac events --help` and `almanac help events`.
        var words = options.prefix { !$0.hasPrefix("-") }
        if words.first == "help" { words = words.dropFirst() }
        let command = words.first.flatMap { name in commands.first { Self.name($0) == name } }
        if let name = words.first, command == nil {
            fail(AlmanacError(.usage, "unknown command \"\(name)\": the commands are \(commandList) (almanac --help describes them)"))
        }
        if options.first != "help" {
            checkOptions(of: command, subcommand: words.dropFirst().first)
        }
        do {
            var command = try parseAsRoot()
            if var async = command as? any AsyncParsableCommand {
                try await async.run()
            } else {
                try command.run()
            }
        } catch let error as AlmanacError {
            fail(error)
        } catch let error as StoreError {
            fail(StoreCommand.almanacError(error))
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
            fail(AlmanacError(.usage, first), detail: rest)
        }
    }

    /// Fails on the first word written as an option that the command (or,
    /// before any command, `almanac` itself) does not declare, before
    /// argument-parser fills in the command: it would first report what
    /// the command then misses. A command with subcommands (`store`) is
    /// checked as the subcommand named by `subcommand`, when it has one.
    static func checkOptions(of command: (any ParsableCommand.Type)?, subcommand: String?) {
        var type = command ?? AlmanacCommand.self
        var words = command == nil ? options : options.dropFirst()
        var name = command.map { "almanac " + Self.name($0) } ?? "almanac"
        if let command, let word = subcommand,
           let sub = command.configuration.subcommands.first(where: { Self.name($0) == word || $0.configuration.aliases.contains(word) }) {
            type = sub
            words = words.dropFirst()
            name += " " + Self.name(sub)
        }
        guard let declared = DeclaredOptions(type), let unknown = declared.firstUnknown(in: words) else { return }
        let hint = declared.suggestion(for: unknown).map { " (did you mean '\($0)'?)" } ?? ""
        fail(AlmanacError(.usage, "unknown option '\(unknown)'\(hint)"),
             detail: "Usage: " + usageString(for: type) + "\n  See '\(name) --help' for more information.")
    }

    /// Prints an error the CLI's way and exits 2.
    static func fail(_ error: AlmanacError, detail: String = "") -> Never {
        if options.contains("--json"), let line = try? CLI.jsonLine(ErrorReply(error)) {
            StandardStreams.writeAll(line, to: StandardStreams.output)
        }
        StandardStreams.printError("error: \(error)" + (detail.isEmpty ? "" : "\n" + detail))
        StandardStreams.terminate(ExitCode.inputError.rawValue)
    }
}

extension ExitCode {
    /// A usage or input error: 2, as most Unix tools use (argument-parser's default is 64, `EX_USAGE`).
    static let inputError = ExitCode(2)
    /// The output stream closed or failed.
    static let outputError = ExitCode(1)
}
