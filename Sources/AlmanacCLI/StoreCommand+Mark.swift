import Almanac
import AlmanacReview
import AlmanacStore
import ArgumentParser

extension StoreCommand {
    /// `almanac store mark KEY MARK`: a day record kept in the store.
    struct Mark: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "mark",
            abstract: "Record a day of a stored event as done, partly done or skipped.",
            discussion: """
                Takes KEY, MARK, --note and --at as `almanac mark` does, stores the \
                record in the store (replacing the one at its key; the history of \
                the key keeps every mark) and prints it as `almanac mark` prints its \
                line. The record belongs to the calendar named by --calendar, else \
                to the one calendar of the store that has a series with the key's \
                UID (an error when none or several have it).

                Marks running at once, from many processes, are each stored once: \
                each is one transaction, and a writer waits for another (up to 60 s) \
                instead of failing.

                Example:

                  The stand-up of 6 May 2024 of the bundled calendar, done:
                    almanac store import Corpus/samples/calendar.ics > /dev/null && \\
                      almanac store mark \\
                        standup@example.com/2024-05-06T09:30:00/2024-05-06 done
                """
        )

        @Argument(help: ArgumentHelp("The day key: series id / recurrence id / date (the id escaped as days prints it, or as typed).",
                                     valueName: "key"))
        var key: String

        @Argument(help: ArgumentHelp("done, partial, partial=0.5 or skipped.", valueName: "mark"))
        var mark: String

        @Option(help: ArgumentHelp("A note to keep with the record.", valueName: "text"))
        var note: String?

        @Option(help: ArgumentHelp("When the record was made, in UTC: 2023-11-28T09:00:00Z (default: now).", valueName: "timestamp"))
        var at: String?

        @Option(help: ArgumentHelp("The calendar of the key's event (default: the one whose series has its UID).", valueName: "name"))
        var calendar: String?

        @OptionGroup var store: StoreOptions

        func run() async throws {
            let record = try MarkCommand.record(key: key, mark: mark, note: note, at: at)
            let line = try record.jsonLine()
            let store = try self.store.openExisting()
            let id = try await Self.calendar(calendar, of: record.key, in: store)
            try await store.mark(record, calendar: id)
            try CLI.write(line)
            await store.close()
        }

        /// `name`, or the one calendar whose series has the key's UID.
        static func calendar(_ name: String?, of key: DayKey, in store: CalendarStore) async throws -> String {
            if let name { return try await store.calendarIDs([name])[0] }
            let homes = try await store.calendars(withSeries: key.seriesID)
            switch homes.count {
            case 1: return homes[0]
            case 0: throw CLI.inputError("no calendar of the store has a series with UID \"\(key.seriesID)\": give --calendar")
            default: throw CLI.inputError("calendars \(homes.joined(separator: ", ")) all have a series with UID \"\(key.seriesID)\": give --calendar")
            }
        }
    }

    /// `almanac store review PERIOD`: a review of stored series and records.
    struct Review: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "review",
            abstract: "Review a day, week, month or year from the store's series and records.",
            discussion: """
                The review of `almanac review` (the same tables, the same --json and \
                --svg), made from the series and the day records of the store's \
                calendars: those named by --calendar, or all. The viewer's zone is \
                --viewer, else the zone the calendars' records are kept in when they \
                share one, else UTC.

                Example:

                  Week 19 of 2024 of the bundled calendar, with one day marked:
                    almanac store import Corpus/samples/calendar.ics > /dev/null && \\
                      almanac store mark \\
                        standup@example.com/2024-05-06T09:30:00/2024-05-06 done && \\
                      almanac store review 2024-W19
                """
        )

        @Argument(help: ArgumentHelp("The period: 2023-11-28, 2023-W48, 2023-11, 2023 or 2023-11-27/P10D.", valueName: "period"))
        var period: String

        @Option(help: ArgumentHelp("A calendar of the store (repeatable; default: all).", valueName: "name"))
        var calendar: [String] = []

        @Option(help: ArgumentHelp("The zone whose days and clock the review uses.", valueName: "zone"))
        var viewer: String?

        @Option(help: ArgumentHelp("Also draw the review as SVG into this file.", valueName: "file"))
        var svg: String?

        @OptionGroup var store: StoreOptions
        @OptionGroup var output: JSONOption

        func run() async throws {
            let p: Period
            do throws(AlmanacError) { p = try Period(parsing: period) } catch { throw error.named(field: "PERIOD") }
            var zone = try viewer.map { id throws(AlmanacError) in try CLI.zone(id, option: "--viewer") }
            let store = try self.store.openExisting()
            let ids = try await store.calendarIDs(calendar)
            var zones: Set<String> = [], series = 0, records = 0
            for id in ids {
                if let c = try await store.calendar(id) { zones.insert(c.zoneID) }
                series += try await store.storedCalendar(id).events.count
                records += try await store.records(of: [id]).count
            }
            if zone == nil, zones.count == 1, let only = zones.first { zone = try CLI.zone(only, option: "the calendars' zone") }
            let review = try await store.review(of: p, calendars: ids, viewer: zone ?? .utc)
            let source = "the store \(self.store.path) (\(ids.joined(separator: ", ")))"
            try ReviewCommand.write(review, svg: svg, json: output.json, seriesSource: source, seriesCount: series,
                                    recordSource: source, recordCount: records)
            await store.close()
        }
    }
}
