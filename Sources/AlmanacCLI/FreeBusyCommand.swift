import Almanac
import AlmanacAvailability
import AlmanacCalendar
import ArgumentParser

/// `almanac freebusy`: the busy time of calendar files in a window.
struct FreeBusyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "freebusy",
        abstract: "Print the busy time of .ics files (and Google or Graph payloads) in a window, merged and typed.",
        discussion: """
            Reads the files as `almanac events` does (--source, guessed from the content by \
            default) and prints the busy periods of all of them together in [--from, --to): \
            every event instance that blocks time, and the FREEBUSY periods of their \
            VFREEBUSY components, clipped to the window, in start order. Periods of one \
            type that overlap or touch are merged; where types overlap the stronger holds \
            the time: BUSY-UNAVAILABLE, then BUSY, then BUSY-TENTATIVE (RFC 5545 is silent \
            on overlaps).

            Busy: an event instance unless it is TRANSP:TRANSPARENT, cancelled, or of \
            explicit type FREE (Graph's showAs "free"); STATUS:TENTATIVE is \
            BUSY-TENTATIVE. To-dos are never busy time. All-day events are busy over the \
            viewer's days unless --all-day free.

            --from and --to take 20240506T000000Z, 20240506, 2024-05-06T00:00:00Z or \
            2024-05-06; a value without Z or offset is read in --viewer (UTC by default), \
            which also places floating and all-day events.

            Output: one line per period, its start and end on the viewer's clock and its \
            type; with --json, JSON Lines {"start", "end", "type"} in UTC; with --ics, a \
            VCALENDAR holding one VFREEBUSY (RFC 5545 section 3.6.4) with one FREEBUSY line \
            per type, which `almanac freebusy` reads back as the same periods.

            Examples:

              The bundled calendar's week of 6 May 2024, seen from Paris:
                almanac freebusy Corpus/samples/calendar.ics --from 20240506 \\
                  --to 20240513 --viewer Europe/Paris

              The team sample's week, drawn (a row per file):
                almanac freebusy Corpus/samples/team/ana.ics --from 20260323 \\
                  --to 20260330 --viewer Europe/Paris --svg busy.svg

              The same as a VFREEBUSY to publish:
                almanac freebusy Corpus/samples/calendar.ics --from 20240506 \\
                  --to 20240513 --ics

            Exit status: 0 on success, 2 for a usage or input error (file, line and \
            column in the message), 1 if the output cannot be written.
            """
    )

    @Argument(help: ArgumentHelp("Calendar files (- reads standard input).", valueName: "file"))
    var files: [String]

    @Option(help: ArgumentHelp("The window's start.", valueName: "value"))
    var from: String

    @Option(help: ArgumentHelp("The window's end (exclusive).", valueName: "value"))
    var to: String

    @Option(help: ArgumentHelp("The zone that places floating and all-day events, local --from/--to and the text output (default UTC).", valueName: "zone"))
    var viewer: String?

    @Option(name: .customLong("all-day"), help: ArgumentHelp("busy (the default: RFC 5545's TRANSP defaults to OPAQUE) or free (all-day events never block time).", valueName: "busy|free"))
    var allDay: String = "busy"

    @Flag(help: "Print the periods as a VFREEBUSY (iCalendar).")
    var ics = false

    @Option(help: ArgumentHelp("Also draw each file's busy time as SVG into this file: a row per file on one time axis in --viewer, busy blocks by type.", valueName: "file"))
    var svg: String?

    @Option(help: ArgumentHelp("DTSTAMP of the --ics output (default: now), for reproducible output.", valueName: "value"))
    var stamp: String?

    @Flag(help: "Read the files as strict RFC 5545: every liberty is an error.")
    var strict = false

    @Option(help: ArgumentHelp("What the files hold: ics, google (Calendar API JSON) or graph (Microsoft Graph JSON); guessed from the content by default.", valueName: "source"))
    var source: String?

    @OptionGroup var output: JSONOption

    func run() throws {
        let zone = try viewer.map { id throws(AlmanacError) in try CLI.zone(id, option: "--viewer") } ?? .utc
        guard let allDay = FreeBusyOptions.AllDay(rawValue: allDay) else {
            throw CLI.inputError(option: "--all-day", "expected busy or free, found \"\(allDay)\"")
        }
        if ics && output.json { throw AlmanacError(.usage, "--ics and --json cannot be used together") }
        let start = try EventsCommand.instant(from, option: "--from", viewer: zone)
        let end = try EventsCommand.instant(to, option: "--to", viewer: zone)
        guard start <= end else { throw CLI.inputError("--from is after --to") }
        let stampTime = try stamp.map { v throws(AlmanacError) in try EventsCommand.instant(v, option: "--stamp", viewer: zone) }
        let options = CalendarOptions(mode: strict ? .strict : .lenient)
        var calendars: [EventCalendar] = []
        for path in files {
            let c = try InputFile.calendar(path, source: source, options: options)
            for p in c.problems { StandardStreams.printError("note: \(path): UID \(p.seriesID) left out: \(p.error)") }
            calendars.append(c)
        }
        let busy = FreeBusy.busyPeriods(of: calendars, overlapping: start..<end, viewer: zone, options: FreeBusyOptions(allDay: allDay))
        if let svg {
            // A row per file: its own busy time, without working hours.
            let rows = zip(files, calendars).map { path, c in
                AvailabilityDrawing.Row(name: String(path.split(separator: "/").last ?? Substring(path)), hours: [],
                                        busy: c.busyPeriods(overlapping: start..<end, viewer: zone, options: FreeBusyOptions(allDay: allDay)))
            }
            try SlotsOutput.writeFile(AvailabilityDrawing(rows: rows, window: start..<end, axisZone: zone).svg(), path: svg, option: "--svg")
        }
        if ics {
            try CLI.write(FreeBusy.icsText(busy, window: start..<end, stamp: stampTime))
        } else if output.json {
            try CLI.write(FreeBusy.jsonLines(busy))
        } else {
            try CLI.write(busy.map { Self.clock($0.range.lowerBound, zone) + "  " + Self.clock($0.range.upperBound, zone) + "  " + $0.type.rawValue + "\n" }.joined())
        }
    }

    /// `2024-05-06T09:00:00+02:00` on `zone`'s clock (`Z` in UTC).
    static func clock(_ t: Timestamp, _ zone: Zone) -> String {
        let o = zone.offset(at: t)
        guard let c = t.civil(at: o) else { return String(t.secondsSinceEpoch) }
        return c.description + (zone.identifier == "UTC" ? "Z" : o.description)
    }
}
