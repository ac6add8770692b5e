import Almanac
import AlmanacCalendar
import AlmanacJSON
import AlmanacStore
import ArgumentParser

extension StoreCommand {
    /// `almanac store query --from V --to V`: the stored instances that overlap a window.
    struct Query: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "query",
            abstract: "List the stored instances that overlap a window.",
            discussion: """
                Lists every instance of the store's calendars (those named by \
                --calendar, or all of --owner's, or all) that overlaps [--from, --to): \
                it starts before --to and ends after --from (a zero-length one at \
                --from counts; RFC 4791 section 9.9), in start order, then calendar, \
                UID and recurrence id. Inside a calendar's horizon the answer comes \
                from the index; outside it, from expanding the stored series: the \
                same instances either way, and the same ones `almanac events` lists \
                for the file the calendar was imported from.

                --from and --to take 20240506, 2024-05-06, 20240506T090000Z or \
                2024-05-06T09:00:00Z; a value without Z or offset is read in --viewer \
                (UTC by default), which also places floating and all-day instances.

                Each line is `almanac events`'s: start, end, title, [UID] and \
                (STATUS) when set; timed values carry the offset of the instance's \
                start in its zone (Z for UTC), floating ones none, all-day ones are \
                dates with the end exclusive. --json prints JSON Lines: {"calendar", \
                "uid", "key", "start", "end", "all_day", "status", "summary"}, "key" \
                being the occurrence key that `store mark` takes with a date.

                Examples:

                  The week of 6 May 2024 of the bundled calendar, imported here:
                    almanac store import Corpus/samples/calendar.ics > /dev/null && \\
                      almanac store query --from 20240506 --to 20240513

                  The same seen from Paris, as JSON Lines:
                    almanac store import Corpus/samples/calendar.ics > /dev/null && \\
                      almanac store query --from 2024-05-06 --to 2024-05-13 \\
                        --viewer Europe/Paris --json
                """
        )

        @Option(help: ArgumentHelp("The window's start.", valueName: "value"))
        var from: String

        @Option(help: ArgumentHelp("The window's end (exclusive).", valueName: "value"))
        var to: String

        @Option(help: ArgumentHelp("A calendar of the store (repeatable; default: all, or all of --owner's).", valueName: "name"))
        var calendar: [String] = []

        @Option(help: ArgumentHelp("All calendars of this owner.", valueName: "owner"))
        var owner: String?

        @Option(help: ArgumentHelp("The zone that places floating and all-day instances and local --from/--to (default UTC).",
                                   valueName: "zone"))
        var viewer: String?

        @Flag(help: "Leave out cancelled instances (STATUS:CANCELLED) instead of listing them.")
        var dropCancelled = false

        @Option(parsing: .unconditional, help: ArgumentHelp("At most this many instances (1000000 at most).", valueName: "n"))
        var limit: Int = 1000

        @OptionGroup var store: StoreOptions
        @OptionGroup var output: JSONOption

        func validate() throws {
            if owner != nil && !calendar.isEmpty { throw ValidationError("--owner and --calendar exclude each other") }
        }

        func run() async throws {
            let zone = try viewer.map { id throws(AlmanacError) in try CLI.zone(id, option: "--viewer") } ?? .utc
            let limit = try CLI.limit(limit)
            let start = try EventsCommand.instant(from, option: "--from", viewer: zone)
            let end = try EventsCommand.instant(to, option: "--to", viewer: zone)
            guard start <= end else { throw CLI.inputError("--from is after --to") }
            let store = try self.store.openExisting()
            let ids = try await store.calendarIDs(calendar, owner: owner)
            let found = try await store.instances(of: ids, overlapping: start..<end, viewer: zone, dropsCancelled: dropCancelled)
            var out = ""
            for i in found.prefix(limit) { out += output.json ? Self.jsonLine(i) : Self.textLine(i) }
            try CLI.write(out)
            if found.count > limit { StandardStreams.printError("… truncated at \(limit) (--limit raises it)") }
            await store.close()
        }

        /// `almanac events`'s line for a stored instance.
        static func textLine(_ i: StoredInstance) -> String {
            let (s, e) = CalendarOccurrence.iso(i.occurrence, zone: i.zone)
            return EventsCommand.line(start: s, end: e, title: i.title, uid: i.key.seriesID, status: i.status)
        }

        static func jsonLine(_ i: StoredInstance) -> String {
            var w = JSONWriter(capacity: 256)
            let (s, e) = CalendarOccurrence.iso(i.occurrence, zone: i.zone)
            w.beginObject()
            w.key("calendar"); w.string(i.calendarID)
            w.key("uid"); w.string(i.key.seriesID)
            w.key("key"); w.string(i.key.description)
            w.key("start"); w.string(s)
            w.key("end"); w.string(e)
            w.key("all_day"); w.bool(i.isAllDay)
            if let status = i.status { w.key("status"); w.string(status.rawValue) }
            if let title = i.title { w.key("summary"); w.string(title) }
            w.endObject()
            return w.text + "\n"
        }
    }
}
