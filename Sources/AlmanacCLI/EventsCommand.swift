import Almanac
import AlmanacCalendar
import ArgumentParser

/// `almanac events`: the occurrences of the events and to-dos of iCalendar files in a window.
struct EventsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "events",
        abstract: "List the occurrences of the events and to-dos of .ics files in a window.",
        discussion: """
            Reads iCalendar files (RFC 5545; - for standard input) leniently, as real \
            producers write them: overrides (RECURRENCE-ID, RANGE=THISANDFUTURE), \
            cancellations, zones from ICU or from the file's VTIMEZONEs. Lists every \
            occurrence that overlaps [--from, --to): it starts before --to and ends \
            after --from (a zero-length one at --from counts), in start order. Notes \
            on what was read go to standard error. Google Calendar API and Microsoft \
            Graph JSON files are read too (--source, or guessed from the content): \
            their exceptions and cancellations become overrides.

            --from and --to take 20200425T000000Z, 20200425, 2020-04-25T00:00:00Z or \
            2020-04-25; a value without Z or offset is read in --viewer (UTC by \
            default), which also places floating and all-day events. Without --from, \
            the window starts at the first DTSTART of the files; without --to, it \
            lasts a year.

            With --json, prints JSON Lines: {"uid", "recurrence_id", "start", "end", \
            "all_day", "status", "summary"}; timed values carry the offset of the \
            event's zone, UTC values end in Z, floating values have none, all-day \
            values are dates with the end exclusive.

            Examples:

              The bundled calendar's week of 6 May 2024, seen from Paris:
                almanac events Corpus/samples/calendar.ics --from 20240506 \\
                  --to 20240513 --viewer Europe/Paris

              A Microsoft Graph payload's June 2024, as JSON Lines:
                almanac events Corpus/sync/graph-daily-exceptions.json \\
                  --from 2024-06-01 --to 2024-07-01 --json

            Exit status: 0 on success, 2 for a usage or input error (file, line and \
            column in the message), 1 if the output cannot be written.
            """
    )

    @Argument(help: ArgumentHelp("iCalendar files (- reads standard input).", valueName: "file"))
    var files: [String]

    @Option(help: ArgumentHelp("The window's start.", valueName: "value"))
    var from: String?

    @Option(help: ArgumentHelp("The window's end (exclusive).", valueName: "value"))
    var to: String?

    @Option(help: ArgumentHelp("The zone that places floating and all-day events and local --from/--to (default UTC).", valueName: "zone"))
    var viewer: String?

    @Flag(help: "Leave out cancelled instances (STATUS:CANCELLED) instead of listing them.")
    var dropCancelled = false

    @Flag(help: "Read the files as strict RFC 5545: every liberty is an error.")
    var strict = false

    @Flag(help: "Keep every VEVENT of a UID without RECURRENCE-ID as a series, also when SEQUENCE or LAST-MODIFIED makes one a revision of another (by default the newest revision wins).")
    var keepRevisions = false

    @Flag(help: "Count a DTSTART that the RRULE does not produce as the first of COUNT's instances (RFC 5545 3.3.10), not beside them (what its producers show).")
    var dtstartInCount = false

    @Option(help: ArgumentHelp("What the files hold: ics, google (Calendar API JSON) or graph (Microsoft Graph JSON); guessed from the content by default.", valueName: "source"))
    var source: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("At most this many occurrences (1000000 at most).", valueName: "n"))
    var limit: Int = 1000

    @OptionGroup var output: JSONOption

    func run() throws {
        let zone = try viewer.map { id throws(AlmanacError) in try CLI.zone(id, option: "--viewer") } ?? .utc
        let limit = try CLI.limit(limit)
        var calendars: [EventCalendar] = []
        let options = CalendarOptions(mode: strict ? .strict : .lenient, keepsRevisions: keepRevisions,
                                      unsynchronizedStart: dtstartInCount ? .firstOfCount : .besideCount)
        for path in files { calendars.append(try InputFile.calendar(path, source: source, options: options)) }
        let start = try from.map { v throws(AlmanacError) in try Self.instant(v, option: "--from", viewer: zone) }
            ?? calendars.flatMap(\.events).map { $0.recurrence.start.instant(in: zone) }.min() ?? Timestamp(secondsSinceEpoch: 0)
        let end = try to.map { v throws(AlmanacError) in try Self.instant(v, option: "--to", viewer: zone) }
            ?? Timestamp(secondsSinceEpoch: min(start.secondsSinceEpoch + 366 * 86_400, Timestamp.max.secondsSinceEpoch))
        guard start <= end else { throw CLI.inputError("--from is after --to") }
        var all: [CalendarOccurrence] = []
        for c in calendars {
            for p in c.problems { StandardStreams.printError("note: UID \(p.seriesID) left out: \(p.error)") }
            all += c.occurrences(overlapping: start..<end, viewer: zone, dropsCancelled: dropCancelled).prefix(limit + 1)
        }
        if calendars.count > 1 {
            all.sort { $0.occurrence.instants(in: zone).lowerBound < $1.occurrence.instants(in: zone).lowerBound }
        }
        var out = ""
        for o in all.prefix(limit) {
            if output.json {
                out += o.jsonLine + "\n"
            } else {
                let (s, e) = CalendarOccurrence.isoPair(o)
                out += Self.line(start: s, end: e, title: o.title, uid: o.seriesID, status: o.status)
            }
        }
        try CLI.write(out)
        if all.count > limit { StandardStreams.printError("… truncated at \(limit) (--limit raises it)") }
    }

    /// One line of the text output (also `store query`'s):
    /// `start  end  title  [uid] (status)`.
    static func line(start: String, end: String, title: String?, uid: String, status: CalendarEvent.Status?) -> String {
        start + "  " + end + "  " + (title ?? "") + "  [" + uid + "]" + (status.map { " (\($0))" } ?? "") + "\n"
    }

    /// A --from or --to value: a date (its start in the viewer's zone), a
    /// local time (in the viewer's zone), or an instant.
    static func instant(_ text: String, option: String, viewer: Zone) throws(AlmanacError) -> Timestamp {
        do throws(AlmanacError) {
            return try Anchor(parsing: text, syntax: CLIValue.syntax).instant(in: viewer)
        } catch {
            throw error.named(field: option, input: String(text))
        }
    }
}
