#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Almanac
import AlmanacReview
import AlmanacStore
import ArgumentParser

extension StoreCommand {
    /// `almanac store records --export [FILE]` and `--import FILE`: the
    /// JSON Lines records log (`almanac mark`'s file) in and out of the store.
    struct Records: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "records",
            abstract: "Export the store's day records as JSON Lines, or import a records file.",
            discussion: """
                --export writes the records of the calendars named by --calendar (or \
                of all) as JSON Lines, one `almanac mark` line per record, orphans \
                included, to FILE (a new file, mode 0600; an existing one is not \
                overwritten) or to standard output. `almanac review --records` reads \
                the result.

                --import reads a records file (as `almanac review` reads it: a torn \
                last line is reported and skipped; - for standard input) and stores \
                its records in the calendar named by --calendar, else each in the one \
                calendar that has a series with its key's UID. Of several lines for \
                one key the latest --at wins (of equal times the later line), and a \
                record the store already holds for the key with a later time is kept. \
                Prints how many were stored and kept.

                Examples:

                  The records of the store here, after one mark, on standard output:
                    almanac store import Corpus/samples/calendar.ics > /dev/null && \\
                      almanac store mark \\
                        standup@example.com/2024-05-06T09:30:00/2024-05-06 done && \\
                      almanac store records --export

                  A day marked in one store, copied into another through a file:
                    almanac store import Corpus/samples/calendar.ics > /dev/null && \\
                      almanac store mark \\
                        standup@example.com/2024-05-06T09:30:00/2024-05-06 done && \\
                      almanac store records --export records.jsonl && \\
                      almanac store import Corpus/samples/calendar.ics --db copy.sqlite && \\
                      almanac store records --import records.jsonl --db copy.sqlite
                """
        )

        @Flag(help: "Write the records as JSON Lines (to FILE, else standard output).")
        var export = false

        @Option(name: .customLong("import"), help: ArgumentHelp("A records file to store (- reads standard input).", valueName: "file"))
        var importFile: String?

        @Argument(help: ArgumentHelp("Where --export writes (a new file; default: standard output).", valueName: "file"))
        var file: String?

        @Option(help: ArgumentHelp("A calendar of the store (repeatable for --export; default: all, or by each key's UID for --import).",
                                   valueName: "name"))
        var calendar: [String] = []

        @OptionGroup var store: StoreOptions

        func validate() throws {
            guard export != (importFile != nil) else { throw ValidationError("give either --export [FILE] or --import FILE") }
            if importFile != nil && file != nil { throw ValidationError("FILE is where --export writes; --import takes its file itself") }
            if importFile != nil && calendar.count > 1 { throw ValidationError("--import stores into one calendar: give --calendar once") }
        }

        func run() async throws {
            if let importFile { try await importRecords(importFile) } else { try await exportRecords() }
        }

        func exportRecords() async throws {
            let store = try self.store.openExisting()
            var bytes: [UInt8] = []
            for id in try await store.calendarIDs(calendar) {
                for r in try await store.records(of: [id]) { bytes += try r.record.jsonLine() }
            }
            await store.close()
            guard let file else { return try CLI.write(bytes) }
            let fd = open(file, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            guard fd >= 0 else {
                throw CLI.inputError("cannot create \"\(file)\": " + String(cString: strerror(errno))
                    + (errno == EEXIST ? " (--export writes a new file: remove it or name another)" : ""))
            }
            defer { close(fd) }
            guard StandardStreams.writeAll(bytes, to: fd), fsync(fd) == 0 else {
                throw CLI.inputError("cannot write \"\(file)\": " + String(cString: strerror(errno)))
            }
        }

        func importRecords(_ path: String) async throws {
            let log: RecordLog.Contents
            do throws(AlmanacError) {
                log = path == "-" ? try RecordLog.read(try InputFile.read("-")) : try RecordLog.read(path: path)
            } catch {
                throw error.at(file: path)
            }
            if let torn = log.tornLine {
                StandardStreams.printError("note: \(path): line \(torn.line) is torn (a write cut short) and is skipped: \(torn.reason)")
            }
            // The log's rule: the latest time wins, of equal times the later line.
            var latest: [DayKey: DayRecord] = [:], order: [DayKey] = []
            for r in log.records {
                if let seen = latest[r.key] {
                    if r.recordedAt >= seen.recordedAt { latest[r.key] = r }
                } else {
                    latest[r.key] = r
                    order.append(r.key)
                }
            }
            let store = try self.store.open()
            var homes: [String: String] = [:]
            var stored = 0, kept = 0
            for key in order {
                let r = latest[key]!
                let id: String
                if let known = homes[key.seriesID] { id = known } else {
                    id = try await Mark.calendar(calendar.first, of: key, in: store)
                    homes[key.seriesID] = id
                }
                if let old = try await store.record(at: key, calendar: id), old.record.recordedAt > r.recordedAt {
                    kept += 1
                    continue
                }
                try await store.mark(r, calendar: id)
                stored += 1
            }
            await store.close()
            let calendars = Set(homes.values).sorted().joined(separator: ", ")
            try CLI.write("\(stored) record\(stored == 1 ? "" : "s") stored from \(path)"
                + (calendars.isEmpty ? "" : " into \(calendars)")
                + ", \(kept) kept (the store's record at the key is later)\n")
        }
    }
}
