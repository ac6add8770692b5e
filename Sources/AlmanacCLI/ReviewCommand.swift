#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Almanac
import AlmanacCalendar
import AlmanacReview
import ArgumentParser

/// `almanac review`: a period's day records summed per event, day, week,
/// weekday and hour, with streaks and the records that match nothing.
struct ReviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "review",
        abstract: "Review a day, week, month or year: what was done of each event and to-do.",
        discussion: """
            Joins day records (from `almanac mark`) with the days the events and \
            to-dos expected in PERIOD (2023-11-28, 2023-W48, 2023-11, 2023, \
            2023-11-27/P10D), in the viewer's zone, and prints per event and in \
            total: days expected, done, partial, skipped, open (no record), the \
            credit (done + the partial fractions; a partial day of unknown fraction \
            counts 0.5) and the rate (credit / days). Partly completed events come \
            first. Then the days (or, for longer periods, the weeks or months with \
            the days they have in the period), the weekdays, the hour of each day's \
            start on the viewer's clock (the rhythm), the streaks of days with \
            something done, the notes, and the records of the period that match no \
            day (orphans, with the reason), which never count.

            Events come from --ics (iCalendar, Google or Graph JSON; the UID is the \
            series id), --file (an agenda file as `almanac agenda` reads it: its \
            events, and its to-dos, each expected once on the last day of its \
            period), or a series given as `almanac days` takes it (RRULEs, --start, \
            --tz, --duration; --series-id names it). Without any, the bundled \
            sample (Corpus/samples/agenda.json) in Europe/Berlin.

            Records come from --records, else almanac-records.jsonl in the current \
            folder, else (for the sample only) the bundled sample records \
            (Corpus/samples/records.jsonl, week 2023-W48). The latest record of a \
            key wins. A torn last line (a write cut short by a crash) is reported on \
            standard error and skipped; any other bad line is an error.

            Examples:

              The sample's week 48 of 2023, as on a fresh clone:
                almanac review 2023-W48

              The same as JSON, and drawn as an SVG heat map:
                almanac review 2023-W48 --json
                almanac review 2023-W48 --svg review.svg

              A week of a calendar file, seen from Tokyo:
                almanac review 2024-W19 --ics Corpus/samples/calendar.ics \\
                  --viewer Asia/Tokyo

              The sample's November 2023, its records file named:
                almanac review 2023-11 --records Corpus/samples/records.jsonl

              A daily habit at 07:00 in Paris, its key series id "run":
                almanac review 2024-03 FREQ=DAILY --start 20240101T070000 \\
                  --tz Europe/Paris --duration PT30M --series-id run --title Run

            --json prints {"period", "first", "last", "viewer", "totals", \
            "events": [{"id", "title", ...}], "days": [{"date", ...}], "weeks": \
            [{"period", "first", "last", ...}], "weekdays": [{"weekday", ...}], \
            "hours": [{"hour", ...}] (the hours some day starts in), "all_day", "streaks": {"longest", \
            "longest_end", "current"}, "entries": [{"key", "event", "date", \
            "start", "end", "all_day", "mark", "fraction", "note", "recorded"}], \
            "orphans": [{"key", "reason", "mark", "fraction", "note", \
            "recorded"}]}; each tally has "expected", "done", "partial", \
            "partial_credit", "skipped", "unrecorded" and "completion" (null with \
            nothing expected).

            Exit status: 0 on success, 2 for a usage or input error (the message \
            goes to standard error; with --json, {"error":{"kind":…,"message":…}} \
            also goes to standard output), 1 if the output cannot be written.
            """
    )

    static let defaultRecords = "almanac-records.jsonl"
    static let sampleRecordsName = "Corpus/samples/records.jsonl"

    @Argument(help: ArgumentHelp("The period: 2023-11-28, 2023-W48, 2023-11, 2023 or 2023-11-27/P10D.", valueName: "period"))
    var period: String

    @Argument(help: ArgumentHelp("RRULE values of a series given by options (with --start).", valueName: "rrule"))
    var rrules: [String] = []

    @OptionGroup(title: "Series") var series: SeriesOptions

    @Option(parsing: .unconditional,
            help: ArgumentHelp("DURATION of each occurrence of the series, such as PT30M.", valueName: "duration"))
    var duration: String?

    @Option(name: .customLong("series-id"), help: ArgumentHelp("The series id of its day keys (default: series).", valueName: "id"))
    var seriesID: String = "series"

    @Option(help: ArgumentHelp("The series' title (default: its id).", valueName: "text"))
    var title: String?

    @Option(help: ArgumentHelp("An iCalendar file, or Google Calendar or Microsoft Graph JSON (- for standard input).", valueName: "file"))
    var ics: String?

    @Option(help: ArgumentHelp("An agenda file, as `almanac agenda --file` reads it.", valueName: "path"))
    var file: String?

    @Option(help: ArgumentHelp("The records file (default: almanac-records.jsonl here, else the sample's records for the sample).", valueName: "file"))
    var records: String?

    @Option(help: ArgumentHelp("The zone whose days and clock the review uses (default: the file's viewer, the series' zone, else UTC).", valueName: "zone"))
    var viewer: String?

    @Option(help: ArgumentHelp("Also draw the review as SVG into this file.", valueName: "file"))
    var svg: String?

    @OptionGroup var output: JSONOption

    func validate() throws {
        let given = [ics != nil, file != nil, series.start != nil].filter { $0 }.count
        if given > 1 { throw ValidationError("--ics, --file and a series given by options (--start) exclude each other") }
        if series.start == nil && (!rrules.isEmpty || duration != nil) {
            throw ValidationError("a rule or --duration needs --start: a series given by options starts somewhere")
        }
    }

    func run() throws {
        let p: Period
        do throws(AlmanacError) { p = try Period(parsing: period) } catch { throw error.named(field: "PERIOD") }
        let source = try sources()
        let zone = try viewer.map { id throws(AlmanacError) in try CLI.zone(id, option: "--viewer") } ?? source.viewer
        let (recordList, recordSource) = try readRecords(sample: source.isSample)
        let review: Review
        do throws(AlmanacError) {
            review = try Review(of: p, viewer: zone, series: source.series, records: recordList)
        } catch {
            throw error
        }
        try Self.write(review, svg: svg, json: output.json, seriesSource: source.name, seriesCount: source.series.count,
                       recordSource: recordSource, recordCount: recordList.count)
    }

    /// Writes a review as `review` and `store review` do: the SVG drawing to
    /// `svg` when given, then the text or the JSON on standard output.
    static func write(_ review: Review, svg: String?, json: Bool, seriesSource: String, seriesCount: Int,
                      recordSource: String, recordCount: Int) throws {
        if let svg {
            let bytes = Array(ReviewDrawing(review).svg().utf8)
            guard let fd = Optional(open(svg, O_WRONLY | O_CREAT | O_TRUNC, 0o644)), fd >= 0 else {
                throw CLI.inputError(option: "--svg", "cannot write \"\(svg)\": " + String(cString: strerror(errno)))
            }
            defer { close(fd) }
            guard StandardStreams.writeAll(bytes, to: fd) else {
                throw CLI.inputError(option: "--svg", "cannot write \"\(svg)\": " + String(cString: strerror(errno)))
            }
        }
        if json {
            try CLI.writeJSON(ReviewJSON(review))
        } else {
            try CLI.write(ReviewText(review, seriesSource: seriesSource, seriesCount: seriesCount,
                                     recordSource: recordSource, recordCount: recordCount).text())
        }
    }

    /// The series to review, their source's name, and the default viewer.
    struct Sources {
        var series: [ReviewSeries]
        var name: String
        var viewer: Zone
        var isSample = false
    }

    func sources() throws(AlmanacError) -> Sources {
        if let ics {
            return Sources(series: ReviewSeries.series(of: try InputFile.calendar(ics, source: nil)), name: ics, viewer: .utc)
        }
        if series.start != nil {
            var set = try series.recurrenceSet(rrules: rrules)
            do throws(AlmanacError) {
                set.length = try DaysCommand.length(end: nil, duration: duration, start: set.start,
                                                    endName: "--end", durationName: "--duration")
            } catch {
                throw error
            }
            return Sources(series: [ReviewSeries(id: seriesID, title: title ?? seriesID, set: set)],
                           name: "the series \(seriesID)", viewer: set.start.zone ?? .utc)
        }
        let agenda: AgendaFile, name: String
        if let file {
            let bytes: [UInt8]
            do throws(AlmanacError) { bytes = try FileBytes.read(path: file) } catch { throw CLI.inputError(option: "--file", error.message) }
            agenda = try AgendaFile(bytes: bytes, name: file)
            name = file
        } else {
            agenda = try AgendaFile(bytes: AgendaFile.sampleBytes, name: AgendaFile.sampleName)
            name = "the bundled sample (\(AgendaFile.sampleName))"
        }
        let zone = try agenda.viewer.map { v throws(AlmanacError) in try CLI.zone(v, option: "\(file ?? AgendaFile.sampleName): viewer") } ?? .utc
        let events = agenda.events.map { ReviewSeries(id: $0.id, title: $0.title, set: $0.recurrence) }
        return Sources(series: events + ReviewSeries.series(of: Agenda(agenda.todos)), name: name, viewer: zone, isSample: file == nil)
    }

    /// The records and where they came from; a torn last line is a note on standard error.
    func readRecords(sample: Bool) throws(AlmanacError) -> ([DayRecord], String) {
        let path: String
        if let records {
            path = records
        } else if access(Self.defaultRecords, F_OK) == 0 {
            path = Self.defaultRecords
        } else if sample {
            do throws(AlmanacError) {
                let log = try RecordLog.read(PackageResources.records_jsonl)
                return (log.records, "the bundled sample (\(Self.sampleRecordsName))")
            } catch {
                throw error.at(file: Self.sampleRecordsName)
            }
        } else {
            StandardStreams.printError("note: no records: give --records FILE, or keep them in \(Self.defaultRecords) here")
            return ([], "no records file")
        }
        do throws(AlmanacError) {
            let log = try RecordLog.read(path: path)
            if let torn = log.tornLine {
                StandardStreams.printError("note: \(path): line \(torn.line) is torn (a write cut short) and is skipped: \(torn.reason)")
            }
            return (log.records, path)
        } catch {
            throw error   // it names the file, and the line
        }
    }
}
