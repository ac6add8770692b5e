#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing

/// A new user's first steps (issue 24, part 6): what the README and every
/// `--help` show must run as shown, in the order shown; a misspelt option
/// is reported as one by every command; the command list has one source;
/// keys printed by any command paste into `mark`; errors quote input as
/// typed; `agenda --ics` shows instances and to-dos as the file has them;
/// `import` writes DTSTAMP.
@Suite struct FirstStepsTests {
    func run(_ arguments: [String], stdin: String = "", in folder: TemporaryFolder? = nil) throws -> AlmanacExecutable.Result {
        try AlmanacExecutable.run(arguments, stdin: stdin, directory: folder?.path)
    }

    /// Runs shell text as a user pastes it, with `almanac` on PATH, in `folder`.
    static func shell(_ text: String, in folder: TemporaryFolder, columns: Int? = nil) throws -> AlmanacExecutable.Result {
        let binary = try AlmanacExecutable.path()
        let bin = String(binary[..<(binary.lastIndex(of: "/") ?? binary.startIndex)])
        return try AlmanacExecutable.run(["-c", text], executable: "/bin/sh", directory: folder.path,
                                         environment: ["PATH=\(bin):/usr/bin:/bin"])
    }

    /// The commands `almanac --help` lists under SUBCOMMANDS (argument-parser
    /// writes that section from the command types themselves).
    static func subcommands() throws -> [String] {
        let help = try AlmanacExecutable.run(["--help"]).stdout
        guard let start = help.range(of: "SUBCOMMANDS:\n") else { return [] }
        var names: [String] = []
        for line in help[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false) {
            if line.isEmpty { break }
            let rest = line.dropFirst(2)
            if line.hasPrefix("  "), let first = rest.first, first != " " { names.append(String(rest.prefix { $0 != " " })) }
        }
        return names
    }

    // MARK: 1. The commands: one list

    @Test func theUnknownCommandErrorNamesTheCommandsHelpLists() throws {
        let listed = try Self.subcommands()
        #expect(listed.count == 15, "\(listed)")
        for name in ["expand", "days", "period", "agenda", "mark", "review", "events", "alarms", "freebusy", "slots", "import", "diff", "batch",
                     "zone", "store"] {
            #expect(listed.contains(name), "\(name) is not under SUBCOMMANDS: \(listed)")
        }
        let r = try run(["occurrences"])
        #expect(r.status == 2)
        let said = try #require(r.stderr.firstRange(of: "the commands are ").map { r.stderr[$0.upperBound...] }, "\(r)")
        let names = String(said.prefix { $0 != "(" }).replacing(" and ", with: ", ")
        let list = names.split(separator: ",").map { String($0.filter { $0 != " " }) }
        #expect(list == listed, "\(r.stderr)")
        for name in listed {
            let help = try run(["help", name])
            #expect(help.status == 0, "\(help)")
            #expect(help.stdout.contains("USAGE: almanac \(name)"), "\(name)")
        }
    }

    // MARK: 2. Unknown options

    /// Every command, given an option it does not have, says so first: not
    /// a missing argument, not what the option's value then looked like.
    @Test func everyCommandReportsAnUnknownOption() throws {
        let commands = try Self.subcommands()
        #expect(commands.count == 15)
        for name in commands {
            let r = try run([name, "--no-such-option", "1"])
            #expect(r.status == 2, "\(name): \(r)")
            #expect(r.stdout == "")
            #expect(r.stderr.hasPrefix("error: unknown option '--no-such-option'\nUsage: almanac \(name)"), "\(name): \(r)")
        }
        let root = try run(["--no-such-option"])
        #expect(root.stderr.hasPrefix("error: unknown option '--no-such-option'"), "\(root)")
    }

    @Test(arguments: [
        (["review", "2023-W48", "--record", "x"], "unknown option '--record' (did you mean '--records'?)"),
        (["events", "Corpus/samples/calendar.ics", "--form", "20240506"], "unknown option '--form' (did you mean '--from'?)"),
        (["expand", "FREQ=DAILY", "--start", "20240101", "--exdates=20240102"], "unknown option '--exdates' (did you mean '--exdate'?)"),
        (["days", "--start", "20240101", "--duration", "P1D", "-j"], "unknown option '-j'"),
        (["mark", "sync/2023-11-27T10:00:00/2023-11-27", "done", "--note", "x", "--recrods", "f"],
         "unknown option '--recrods' (did you mean '--records'?)"),
    ])
    func aMisspeltOptionIsNamed(arguments: [String], message: String) throws {
        let here = try TemporaryFolder.packageLike()
        let r = try run(arguments, in: here)
        #expect(r.status == 2, "\(r)")
        #expect(r.stderr.hasPrefix("error: " + message + "\n"), "\(r)")
        let json = try run(arguments + ["--json"], in: here)
        #expect(json.stdout.contains(#"{"error":{"kind":"usage","message":"\#(message)"}}"#), "\(json)")
        #expect(access(here.path + "/f", F_OK) != 0 && access(here.path + "/almanac-records.jsonl", F_OK) != 0, "nothing written")
    }

    /// Values that start with "-" are values: after an option that takes
    /// one, a lone "-" (standard input), and everything after "--".
    @Test func valuesThatLookLikeOptionsAreValues() throws {
        let duration = try run(["days", "--start", "20240101", "--duration", "-P1D"])
        #expect(duration.stderr == "error: --duration: -P1D is negative: an event cannot end before it starts\n", "\(duration)")
        let stdin = try AlmanacExecutable.run(["events", "-", "--from", "20240506", "--to", "20240507", "--viewer", "Europe/Paris"],
                                              stdin: try String(contentsOfFile: "Corpus/samples/calendar.ics", encoding: .utf8))
        #expect(stdin.status == 0, "\(stdin)")
        #expect(stdin.stdout.hasPrefix("2024-05-06T09:30:00+02:00  2024-05-06T09:45:00+02:00  Stand-up"), "\(stdin)")
        let equals = try run(["expand", "FREQ=DAILY", "--start=20240101", "--limit=1"])
        #expect(equals.stdout == "2024-01-01  Mon\n", "\(equals)")
    }

    // MARK: 3. Every help example pastes and runs

    /// The example commands of a help text: indented lines that start with
    /// `almanac`, `printf` or `echo`, with the lines a trailing `\` joins.
    static func examples(_ help: String) -> [String] {
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var out: [String] = []
        var i = 0
        while i < lines.count {
            let text = lines[i].drop { $0 == " " }
            if lines[i].hasPrefix(" "), ["almanac ", "printf ", "echo "].contains(where: { text.hasPrefix($0) }) {
                var command = [lines[i]]
                while command.last!.hasSuffix("\\"), i + 1 < lines.count {
                    i += 1
                    command.append(lines[i])
                }
                out.append(command.joined(separator: "\n"))
            }
            i += 1
        }
        return out
    }

    /// Each example of `almanac --help` and of every command's help, as
    /// printed on an 80-column terminal (argument-parser's width without a
    /// terminal): no example line is wrapped (each is a whole line of the
    /// help at 1000 columns too), each runs pasted into a shell from a
    /// folder like the package's root, and exits 0 with no error.
    @Test(arguments: [[String]()] + ((try? FirstStepsTests.subcommands()) ?? []).map { [$0] })
    func everyHelpExamplePastesAndRuns(command: [String]) throws {
        let narrow = try AlmanacExecutable.run(["help"] + command, environment: ["COLUMNS=80"])
        let wide = try AlmanacExecutable.run(["help"] + command, environment: ["COLUMNS=1000"])
        #expect(narrow.status == 0 && wide.status == 0, "\(narrow)")
        let wideLines = Set(wide.stdout.split(separator: "\n").map(String.init))
        let examples = Self.examples(narrow.stdout)
        #expect(!examples.isEmpty, "no example in the help of \(command)")
        for example in examples {
            if let name = command.first { #expect(example.contains("almanac \(name)"), "an example of another command: \(example)") }
            for line in example.split(separator: "\n") {
                #expect(wideLines.contains(String(line)), "wrapped at 80 columns: \(line)")
            }
            let here = try TemporaryFolder.packageLike()
            let r = try Self.shell(example, in: here)
            #expect(r.status == 0, "\(example)\n\(r)")
            #expect(!r.stderr.contains("error"), "\(example)\n\(r)")
            #expect(!r.stdout.isEmpty, "\(example) printed nothing")
        }
    }

    // MARK: 4. The README, in the order shown

    /// One `$ command` of the README and the output shown under it (until
    /// the next `$` or the end of its block); `...` as the last line shows
    /// only the start of the output; no line shows nothing in particular.
    struct Step: CustomStringConvertible {
        var command: String
        var shown: [String]
        var description: String { "$ " + command }
    }

    /// The README's `$` lines, every block in document order, `swift run almanac` as `almanac`.
    static func readmeSteps() throws -> [Step] {
        let text = try String(contentsOfFile: TemporaryFolder.packageRoot + "/README.md", encoding: .utf8)
        var steps: [Step] = []
        var inBlock = false, collecting = false, indent = 0
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = String(raw)
            let spaces = line.prefix { $0 == " " }.count
            if line.dropFirst(spaces).hasPrefix("```") {
                inBlock.toggle()
                collecting = false   // a fence ends a step's output
                indent = spaces
                continue
            }
            guard inBlock else { continue }
            let body = String(line.dropFirst(min(indent, spaces)))
            if body.hasPrefix("$ ") {
                var command = String(body.dropFirst(2))
                if command.hasPrefix("swift run almanac ") { command = String(command.dropFirst("swift run ".count)) }
                steps.append(Step(command: command, shown: []))
                collecting = true
            } else if collecting {
                steps[steps.count - 1].shown.append(body)
            }
        }
        return steps
    }

    @Test func theReadmeCommandsPrintWhatItShowsInOrder() throws {
        let steps = try Self.readmeSteps()
        #expect(steps.contains { $0.command.hasPrefix("almanac mark ") }, "\(steps)")
        #expect(steps.contains { $0.command.hasPrefix("almanac review 2023-W48") })
        let here = try TemporaryFolder.packageLike()   // a fresh clone's root, one for the whole README
        for step in steps {
            let r = try Self.shell(step.command, in: here)
            #expect(r.status == 0, "\(step)\n\(r)")
            #expect(!r.stderr.contains("error"), "\(step)\n\(r)")
            guard !step.shown.isEmpty else { continue }
            let got = r.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).dropLast()
            if step.shown.last == "..." {
                let start = step.shown.dropLast()
                #expect(Array(got.prefix(start.count)) == Array(start), "\(step)\n\(r.stdout)")
            } else {
                #expect(Array(got) == step.shown, "\(step)\n\(r.stdout)")
            }
        }
    }
}
