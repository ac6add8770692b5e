import Almanac
import AlmanacCalendar
import AlmanacJSON
import AlmanacSync
import ArgumentParser

/// `almanac diff OLD NEW --from V --to V`: what changed in a window between two snapshots.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Show what changed in a window between two snapshots of a calendar.",
        discussion: """
            Reads two snapshots (iCalendar, Google Calendar API or Microsoft Graph \
            JSON, in any mix; --source, or guessed from the content) and lists the \
            occurrences of the window [--from, --to) that were added, removed, moved \
            (same identity, new time: start, end or both) or changed (same time, \
            other title, status, all-day form or zone), in start order. Identity is \
            the occurrence key (UID and recurrence id); when a series' rule changed, \
            an occurrence keeps its identity on the same date (Rekeying). Cancelled \
            instances count as removed.

            With --json, prints JSON Lines: {"change", "key", "new_key" (when the \
            rule changed it), "time" (moved: start, end or both), "fields", "before", \
            "after"}, where before and after are `almanac events --json` objects or null.

            Example: a cached snapshot against a fresh Google payload, May 2024:
              almanac diff Corpus/sync/diff-before.ics \\
                Corpus/sync/google-weekly-moved-cancelled.json \\
                --from 20240501 --to 20240601

            Exit status: 0 on success, 2 for a usage or input error, 1 if the output \
            cannot be written.
            """
    )

    @Argument(help: ArgumentHelp("The snapshot before the change (- reads standard input).", valueName: "old"))
    var old: String

    @Argument(help: ArgumentHelp("The snapshot after the change.", valueName: "new"))
    var new: String

    @Option(help: ArgumentHelp("The window's start (as for `almanac events`).", valueName: "value"))
    var from: String

    @Option(help: ArgumentHelp("The window's end (exclusive).", valueName: "value"))
    var to: String

    @Option(help: ArgumentHelp("The zone that places floating and all-day events and local --from/--to (default UTC).", valueName: "zone"))
    var viewer: String?

    @Option(help: ArgumentHelp("What both files hold: ics, google or graph; guessed from each file's content by default.", valueName: "source"))
    var source: String?

    @OptionGroup var output: JSONOption

    func run() throws {
        let zone = try viewer.map { id throws(AlmanacError) in try CLI.zone(id, option: "--viewer") } ?? .utc
        let before = try InputFile.calendar(old, source: source), after = try InputFile.calendar(new, source: source)
        let start = try EventsCommand.instant(from, option: "--from", viewer: zone)
        let end = try EventsCommand.instant(to, option: "--to", viewer: zone)
        guard start <= end else { throw CLI.inputError("--from is after --to") }
        let diff = SnapshotDiff(before: before, after: after, window: start..<end, viewer: zone)
        var out = ""
        for c in diff.changes {
            out += (output.json ? Self.json(c) : Self.text(c)) + "\n"
        }
        try CLI.write(out)
    }

    static func json(_ c: SnapshotDiff.Change) -> String {
        var w = JSONWriter(capacity: 1024)
        w.beginObject()
        w.key("change"); w.string(c.kind.rawValue)
        w.key("key"); w.string(c.key.description)
        if let k = c.newKey { w.key("new_key"); w.string(k.description) }
        if let t = c.time { w.key("time"); w.string(t.rawValue) }
        w.key("fields"); w.beginArray()
        for f in c.fields { w.string(f.rawValue) }
        w.endArray()
        for (name, o) in [("before", c.before), ("after", c.after)] {
            w.key(name)
            if let o { o.writeJSON(to: &w) } else { w.null() }
        }
        w.endObject()
        return w.text
    }

    static func text(_ c: SnapshotDiff.Change) -> String {
        func when(_ o: CalendarOccurrence?) -> String {
            guard let o else { return "" }
            let (s, e) = CalendarOccurrence.isoPair(o)
            return s + "  " + e + "  " + (o.title ?? "")
        }
        var line = Text.padded(c.kind.rawValue, 8) + c.key.description
        switch c.kind {
        case .added: line += "\n          " + when(c.after)
        case .removed: line += "\n          " + when(c.before)
        case .moved, .changed:
            let what = ([c.time.map { "time: \($0.rawValue)" }].compactMap { $0 } + c.fields.map(\.rawValue)).joined(separator: ", ")
            line += "  (" + what + ")\n          " + when(c.before) + "\n       →  " + when(c.after)
        }
        return line
    }
}
