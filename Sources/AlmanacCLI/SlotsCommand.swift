import Almanac
import AlmanacAvailability
import AlmanacCalendar
import ArgumentParser

/// `almanac slots`: when several people are free at once, each in their own working hours and zone.
struct SlotsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "slots",
        abstract: "Find the free slots of several people, in their working hours and zones.",
        discussion: """
            Each --person is one person: their calendar files (.ics, Google or Graph \
            JSON; a name without / after the first is looked for beside the file \
            before it), then ;-separated settings: zone=ZONE (their zone: where their \
            hours and all-day events are read), hours=PATTERN (a weekly pattern in \
            their zone, such as Mon-Fri 09:00-12:30,13:30-17:30), name=NAME (default: \
            the first file's name). The files' VAVAILABILITY components (RFC 7953) are \
            their working hours when hours= is not given; with neither, every hour \
            counts; zone= defaults to the zone of their VAVAILABILITY, else UTC.

            A person is busy during their free/busy time (as almanac freebusy reads \
            it: the instances of their events, cancelled and TRANSP:TRANSPARENT ones \
            left out, tentative ones BUSY-TENTATIVE, which blocks unless \
            --tentative-free; all-day ones over their own days unless --all-day free; \
            their files' VFREEBUSY periods) and outside their working hours. A slot is a maximal interval of [--from, --to) when at least \
            --at-least people (default: all) are free throughout, at least --length \
            long; it names them. Slots are listed earliest first (at one start, the \
            larger group first). With --at-least below all, slots of different \
            groups may overlap.

            --from and --to take 20260323, 2026-03-23, 2026-03-23T09:00:00Z...; a value \
            without Z or offset is read in --viewer (UTC by default), which also \
            writes the times. --length is an RFC 5545 duration (PT30M, PT1H30M; a day \
            is 24 hours here).

            Text: START  END  LENGTH  then each person's local times. --json: JSON \
            Lines {"start", "end", "minutes", "people": [{"name", "zone", "start", \
            "end"}]}. --svg FILE also draws the people's rows (hours, busy blocks by \
            type, slots) as SVG.

            Examples:

              The bundled team: 30 minutes for all three, in their hours and zones:
                almanac slots --from 2026-03-23 --to 2026-03-31 --length PT30M \\
                  --person Corpus/samples/team/ana.ics,ana-hours.ics \\
                  --person Corpus/samples/team/ben.ics,ben-hours.ics \\
                  --person Corpus/samples/team/chie.ics,chie-hours.ics

              Any two of them for an hour, seen from Paris, drawn as SVG:
                almanac slots --from 2026-03-23 --to 2026-03-31 --length PT1H \\
                  --at-least 2 --viewer Europe/Paris --svg slots.svg \\
                  --person Corpus/samples/team/ana.ics,ana-hours.ics \\
                  --person Corpus/samples/team/ben.ics,ben-hours.ics \\
                  --person Corpus/samples/team/chie.ics,chie-hours.ics

              Working hours as a weekly pattern in the person's zone:
                almanac slots --from 2026-03-23 --person \\
                  'Corpus/samples/team/ana.ics;zone=Europe/Paris;hours=Mon-Fri 9:00-17:00'

            Exit status: 0 on success, 2 for a usage or input error (a bad person, \
            file, zone, pattern or duration), 1 if the output cannot be written.
            """
    )

    @Option(name: .customLong("person"), help: ArgumentHelp("One person: FILE[,FILE...][;zone=ZONE][;hours=PATTERN][;name=NAME].", valueName: "spec"))
    var people: [String] = []

    @Option(help: ArgumentHelp("The window's start.", valueName: "value"))
    var from: String

    @Option(help: ArgumentHelp("The window's end (exclusive; default a week after --from).", valueName: "value"))
    var to: String?

    @Option(help: ArgumentHelp("The shortest slot, an RFC 5545 duration.", valueName: "duration"))
    var length: String = "PT30M"

    @Option(name: .customLong("at-least"), help: ArgumentHelp("Slots when at least this many people are free (default: all).", valueName: "k"))
    var atLeast: Int?

    @Flag(help: "Count BUSY-TENTATIVE time (STATUS:TENTATIVE) as free.")
    var tentativeFree = false

    @Option(name: .customLong("all-day"), help: ArgumentHelp("busy (the default: RFC 5545's TRANSP defaults to OPAQUE) or free (all-day events never block time).", valueName: "busy|free"))
    var allDay: String = "busy"

    @Option(help: ArgumentHelp("The zone of local --from/--to and of the times written (default UTC).", valueName: "zone"))
    var viewer: String?

    @Option(help: ArgumentHelp("Also draw the rows and slots as SVG into this file.", valueName: "file"))
    var svg: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("At most this many slots.", valueName: "n"))
    var limit: Int = 1000

    @OptionGroup var output: JSONOption

    func run() throws {
        let zone = try viewer.map { id throws(AlmanacError) in try CLI.zone(id, option: "--viewer") } ?? .utc
        let limit = try CLI.limit(limit)
        guard !people.isEmpty else { throw AlmanacError(.usage, "give at least one --person, such as --person 'ana.ics;zone=Europe/Paris'") }
        let start = try EventsCommand.instant(from, option: "--from", viewer: zone)
        let end = try to.map { v throws(AlmanacError) in try EventsCommand.instant(v, option: "--to", viewer: zone) } ?? start + 7 * 86_400
        guard start < end else { throw CLI.inputError(option: "--to", "the window is empty: --from \(from) is not before --to \(to ?? "")") }
        let window = start..<end
        let seconds = try Self.seconds(length)
        let options = SlotOptions(tentativeIsFree: tentativeFree)
        var attendees: [Attendee] = []
        guard let allDay = FreeBusyOptions.AllDay(rawValue: allDay) else {
            throw CLI.inputError(option: "--all-day", "expected busy or free, found \"\(allDay)\"")
        }
        for spec in people { attendees.append(try PersonSpec(spec).attendee(in: window, options: FreeBusyOptions(allDay: allDay))) }
        let quorum: Quorum = atLeast.map { .atLeast($0) } ?? .all
        let finder = SlotFinder(attendees, options: options)
        let slots: [FreeSlot]
        do throws(AlmanacError) {
            slots = try finder.slots(in: window, length: seconds, quorum: quorum)
        } catch {
            throw error.kind == .invalidValue && atLeast != nil ? error.named(field: "--at-least") : error
        }
        if let svg {
            let text = AvailabilityDrawing(finder, window: window, slots: slots, axisZone: zone).svg()
            try SlotsOutput.writeFile(text, path: svg, option: "--svg")
        }
        try CLI.write(SlotsOutput(finder: finder, viewer: zone, json: output.json).render(slots.prefix(limit)))
        if slots.count > limit { StandardStreams.printError("… truncated at \(limit) (--limit raises it)") }
    }

    /// `--length`: a positive RFC 5545 duration, in seconds (a day is 24 hours).
    static func seconds(_ text: String) throws(AlmanacError) -> Int64 {
        let d: EventDuration
        do throws(AlmanacError) { d = try EventDuration(parsing: text) } catch { throw error.named(field: "--length", input: text) }
        let s = Int64(d.days) * 86_400 + Int64(d.seconds)
        guard s > 0 else { throw CLI.inputError(option: "--length", "\(text) is not a positive duration such as PT30M") }
        return s
    }
}
