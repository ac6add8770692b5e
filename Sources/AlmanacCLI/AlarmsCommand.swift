import Almanac
import AlmanacCalendar
import AlmanacReminders
import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `almanac alarms`: when the alarms of the events and to-dos of calendar files fire.
struct AlarmsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "alarms",
        abstract: "List when the alarms (VALARM, Google and Graph reminders) of calendar files fire.",
        discussion: """
            Reads calendar files as `almanac events` does (.ics, Google Calendar API or \
            Microsoft Graph JSON; - for standard input) and lists the alarms that fire in \
            [--from, --to), in time order; or, with --next N, the next N from --from (from \
            now without it): what an app schedules as notifications.

            Each instance fires the alarms of the component that gives it (an override's \
            replace its series'); TRIGGER is relative to the start or, RELATED=END, to the \
            end (a to-do's DUE), or an instant (it fires once); REPEAT fires again every \
            DURATION. Cancelled instances, completed to-dos, ACTION:NONE, location \
            (PROXIMITY) alarms and triggers at or before ACKNOWLEDGED (RFC 9074) fire \
            nothing. Floating and all-day instances, and their alarms, are placed in \
            --viewer (UTC by default): "-PT15H" before an all-day event is 09:00 the day \
            before on its clock.

            With --json, prints JSON Lines: {"time", "uid", "recurrence_id", "start", \
            "summary", "action", "trigger", "related", "repetition", "description", \
            "alarm_uid", "snoozes"}.

            Examples:

              The next 64 alarms of the bundled team's calendars, seen from Paris:
                almanac alarms Corpus/samples/team/*.ics --from 2026-03-23 \\
                  --next 64 --viewer Europe/Paris

              The alarms of a day, as JSON Lines:
                almanac alarms Corpus/samples/team/ana.ics --from 2026-03-24 \\
                  --to 2026-03-25 --viewer Europe/Paris --json

            Exit status: 0 on success, 2 for a usage or input error, 1 if the output \
            cannot be written.
            """
    )

    @Argument(help: ArgumentHelp("Calendar files (- reads standard input).", valueName: "file"))
    var files: [String]

    @Option(help: ArgumentHelp("The window's start (default: now).", valueName: "value"))
    var from: String?

    @Option(help: ArgumentHelp("The window's end (exclusive; default: a year after --from).", valueName: "value"))
    var to: String?

    @Option(help: ArgumentHelp("The next N alarms from --from, whatever --to (1000000 at most).", valueName: "n"))
    var next: Int?

    @Option(help: ArgumentHelp("The zone that places floating and all-day events and local --from/--to (default UTC).", valueName: "zone"))
    var viewer: String?

    @Flag(help: "Read the files as strict RFC 5545: every liberty is an error.")
    var strict = false

    @Option(help: ArgumentHelp("What the files hold: ics, google or graph; guessed from the content by default.", valueName: "source"))
    var source: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("At most this many alarms without --next (1000000 at most).", valueName: "n"))
    var limit: Int = 1000

    @OptionGroup var output: JSONOption

    func run() throws {
        let zone = try viewer.map { id throws(AlmanacError) in try CLI.zone(id, option: "--viewer") } ?? .utc
        let count = try next.map { n throws(AlmanacError) -> Int in
            guard n >= 0, n <= 1_000_000 else { throw CLI.inputError(option: "--next", "\(n): give how many alarms to list, 0 to 1000000") }
            return n
        } ?? CLI.limit(limit)
        let options = CalendarOptions(mode: strict ? .strict : .lenient)
        var calendars: [EventCalendar] = []
        for path in files { calendars.append(try InputFile.calendar(path, source: source, options: options)) }
        let start = try from.map { v throws(AlmanacError) in try EventsCommand.instant(v, option: "--from", viewer: zone) }
            ?? Timestamp(secondsSinceEpoch: Int64(time(nil)))
        let end = next != nil ? Timestamp.max : try to.map { v throws(AlmanacError) in try EventsCommand.instant(v, option: "--to", viewer: zone) }
            ?? Timestamp(secondsSinceEpoch: min(start.secondsSinceEpoch + 366 * 86_400, Timestamp.max.secondsSinceEpoch))
        guard start <= end else { throw CLI.inputError("--from is after --to") }
        var all: [AlarmFiring] = []
        for c in calendars {
            for p in c.problems { StandardStreams.printError("note: UID \(p.seriesID) left out: \(p.error)") }
            all += c.alarms(in: start..<end, viewer: zone).prefix(count + 1)
        }
        if calendars.count > 1 { all.sort { $0.time < $1.time } }   // stable: each file's ties keep their order
        var out = ""
        for f in all.prefix(count) { out += (output.json ? f.jsonLine : Self.text(f)) + "\n" }
        try CLI.write(out)
        if next == nil, all.count > count { StandardStreams.printError("… truncated at \(count) (--limit raises it)") }
    }

    /// One line of text: when, what, for which instance (its title, or its
    /// UID when it has none; `--json` has both), and the trigger.
    static func text(_ f: AlarmFiring) -> String {
        let (trigger, related) = f.triggerText
        let relative = related == "absolute" ? "at \(trigger)" : "\(trigger) from \(related)"
        let again = f.repetition > 0 ? ", repeat \(f.repetition)" : ""
        let action = f.alarm.action.rawValue
        return CalendarOccurrence.iso(f.time, f.instance.viewer) + "  " + action + String(repeating: " ", count: max(1, 9 - action.count))
            + (f.instance.title ?? "[" + f.instance.seriesID + "]") + "  (" + relative + again + ")"
    }
}
