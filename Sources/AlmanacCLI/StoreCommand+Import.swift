import Almanac
import AlmanacCalendar
import AlmanacStore
import AlmanacSync
import ArgumentParser

extension StoreCommand {
    /// `almanac store import FILE...` (alias `apply`): each file applied to
    /// its calendar as a snapshot.
    ///
    /// One command with two names rather than two commands: importing a
    /// calendar for the first time and applying a fresh snapshot of it are
    /// the same operation (the store diffs the file against what it holds;
    /// with nothing held, everything is new), so one help page and one code
    /// path serve both words.
    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Apply calendar files to the store as snapshots (alias: apply).",
            discussion: """
                Reads each FILE as `almanac events` does (iCalendar, Google Calendar \
                API JSON or Microsoft Graph JSON, told from the content or by \
                --source; - for standard input, with --calendar) and applies it as \
                the new state of its calendar: the calendar named by --calendar, else \
                the file's base name without extension (Corpus/samples/calendar.ics: \
                calendar). A new calendar is created.

                Series whose text is unchanged are left alone; changed and new ones \
                are re-expanded into the index, removed ones leave it, and the day \
                records of changed series move to their occurrences' new keys (a \
                record whose day is gone stays, as an orphan), in one transaction.

                Prints one line per file: the calendar, its version, the series \
                changed (added or edited) and removed, the index rows written, and \
                the records moved, orphaned and restored. --json prints one object \
                per file: {"calendar", "file", "version", "changed_series", \
                "removed_series", "instances_written", "records_moved", \
                "records_orphaned", "records_restored"}.

                Examples:

                  The bundled calendar, as calendar "calendar" of almanac.sqlite here:
                    almanac store import Corpus/samples/calendar.ics

                  A Graph payload as calendar "team", its records' days in Paris:
                    almanac store apply Corpus/sync/graph-daily-exceptions.json \\
                      --calendar team --zone Europe/Paris
                """,
            aliases: ["apply"]
        )

        @Argument(help: ArgumentHelp("Calendar files: .ics, Google or Graph JSON (- reads standard input).", valueName: "file"))
        var files: [String]

        @Option(help: ArgumentHelp("The calendar's name (default: the file's base name without extension).", valueName: "name"))
        var calendar: String?

        @Option(help: ArgumentHelp("The calendar's owner (kept when not given; none for a new calendar).", valueName: "owner"))
        var owner: String?

        @Option(help: ArgumentHelp("The zone whose days key the calendar's records (kept when not given; UTC for a new calendar).",
                                   valueName: "zone"))
        var zone: String?

        @Option(help: ArgumentHelp("What the files hold: ics, google or graph (guessed from the content by default).", valueName: "source"))
        var source: String?

        @OptionGroup var store: StoreOptions
        @OptionGroup var output: JSONOption

        func validate() throws {
            if calendar != nil && files.count > 1 {
                throw ValidationError("--calendar names one calendar: give one file with it (each file is a whole snapshot)")
            }
        }

        func run() async throws {
            if let zone { _ = try CLI.zone(zone, option: "--zone") }
            var reads: [(path: String, id: String, input: CalendarInput)] = []
            for path in files {
                guard let id = calendar ?? Self.calendarName(path) else {
                    throw CLI.inputError(option: "--calendar", "standard input has no file name: give --calendar NAME")
                }
                reads.append((path, id, try InputFile.input(path, source: source)))
            }
            let store = try self.store.open()
            for read in reads {
                let now = CalendarStore.now()
                let options = ApplyOptions(owner: owner, source: CalendarSource(rawValue: read.input.format.rawValue),
                                           sync: SyncState(lastFetch: now), zoneID: zone, now: now)
                let report = try await store.apply(read.input.calendar, to: read.id, options: options)
                try CLI.write(output.json ? try Self.json(report, calendar: read.id, file: read.path) : Self.text(report, calendar: read.id))
            }
            await store.close()
        }

        /// `calendar` for `Corpus/samples/calendar.ics`; `nil` for `-`.
        static func calendarName(_ path: String) -> String? {
            guard path != "-" else { return nil }
            let base = path.split(separator: "/").last.map(String.init) ?? path
            guard let dot = base.lastIndex(of: "."), dot != base.startIndex else { return base }
            return String(base[..<dot])
        }

        /// `calendar: version 1 (new), 4 series changed, 0 removed, 57 instances written; records: 0 moved, 0 orphaned, 0 restored`.
        static func text(_ r: ApplyReport, calendar: String) -> String {
            func n(_ k: Int, _ one: String, _ many: String) -> String { "\(k) \(k == 1 ? one : many)" }
            return "\(calendar): version \(r.version)\(r.version == 1 ? " (new)" : ""), "
                + "\(n(r.changedSeries.count, "series", "series")) changed, \(r.removedSeries.count) removed, "
                + "\(n(r.instancesWritten, "instance", "instances")) written; "
                + "records: \(r.recordsMoved) moved, \(r.recordsOrphaned) orphaned, \(r.recordsRestored) restored\n"
        }

        struct ReportJSON: Encodable {
            var calendar: String
            var file: String
            var version: Int64
            var changed_series: [String]
            var removed_series: [String]
            var instances_written: Int
            var records_moved: Int
            var records_orphaned: Int
            var records_restored: Int
        }

        static func json(_ r: ApplyReport, calendar: String, file: String) throws -> String {
            let value = ReportJSON(calendar: calendar, file: file, version: r.version, changed_series: r.changedSeries,
                                   removed_series: r.removedSeries, instances_written: r.instancesWritten, records_moved: r.recordsMoved,
                                   records_orphaned: r.recordsOrphaned, records_restored: r.recordsRestored)
            return String(decoding: try CLI.jsonLine(value), as: UTF8.self)
        }
    }
}
