import AlmanacJSON
import ArgumentParser

/// The options a command declares, read from argument-parser's own
/// description of the command (the JSON of `--experimental-dump-help`), so
/// the check below and the parser share one source: an option added to a
/// command is known here at once.
///
/// argument-parser reports a word it does not know only after it has filled
/// in and validated the command, so a misspelt option (`review 2023-W48
/// --record x`) surfaced as whatever the command then missed ("a rule or
/// --duration needs --start"). ``AlmanacCommand/main()`` asks
/// ``firstUnknown(in:)`` first and reports `unknown option '--record'`.
struct DeclaredOptions {
    /// Names that take a value (`--start`), as typed with their dashes.
    var valued: Set<String> = []
    /// Names that take none (`--json`, `-h`), with argument-parser's own.
    var flags: Set<String> = ["-h", "--help", "--help-hidden", "--experimental-dump-help"]

    /// The options of `command`, or `nil` when argument-parser's description
    /// cannot be read (then the parser's own check is all there is).
    init?(_ command: any ParsableCommand.Type) {
        guard let json = try? JSONReader.parse(command._dumpHelp()),
              case .array(let arguments)? = json["command"]?["arguments"]
        else { return nil }
        for argument in arguments {
            guard case .string(let kind)? = argument["kind"], kind != "positional",
                  case .array(let names)? = argument["names"]
            else { continue }
            for name in names {
                guard case .string(let text)? = name["name"], case .string(let form)? = name["kind"] else { continue }
                let typed = (form == "short" || form == "longWithSingleDash" ? "-" : "--") + text
                if kind == "option" { valued.insert(typed) } else { flags.insert(typed) }
            }
        }
    }

    /// Every declared name, for suggestions.
    var all: Set<String> { valued.union(flags) }

    /// The first word of `arguments` (those after the command's name) that
    /// is written as an option and is not one of the command's: `--name`,
    /// `--name=value` or `-x`. The word after an option that takes a value
    /// is its value (`--limit -5`, `--duration -P1D`), a lone `-` is a
    /// value (standard input), and `--` ends the options.
    func firstUnknown(in arguments: some Sequence<String>) -> String? {
        var valueNext = false
        for word in arguments {
            if valueNext {
                valueNext = false
                continue
            }
            if word == "--" { return nil }
            guard word.hasPrefix("-"), word.count > 1 else { continue }
            let name = String(word.prefix { $0 != "=" })
            if valued.contains(name) {
                valueNext = name == word
                continue
            }
            if !flags.contains(name) { return name }
        }
        return nil
    }

    /// The declared name closest to a misspelt one (at most two edits
    /// away), for "did you mean".
    func suggestion(for name: String) -> String? {
        let candidates = all.filter { $0.hasPrefix("--") && $0 != "--experimental-dump-help" && $0 != "--help-hidden" }
        let scored = candidates.map { (name: $0, distance: Self.distance($0, name)) }.filter { $0.distance <= 2 }
        return scored.min { ($0.distance, $0.name) < ($1.distance, $1.name) }?.name
    }

    /// Levenshtein distance between two short strings.
    static func distance(_ a: String, _ b: String) -> Int {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard !x.isEmpty, !y.isEmpty else { return max(x.count, y.count) }
        var row = Array(0...y.count)
        for i in 1...x.count {
            var diagonal = row[0]
            row[0] = i
            for j in 1...y.count {
                let above = row[j]
                row[j] = min(above + 1, row[j - 1] + 1, diagonal + (x[i - 1] == y[j - 1] ? 0 : 1))
                diagonal = above
            }
        }
        return row[y.count]
    }
}
