import Almanac
import AlmanacCalendar
import AlmanacSync

/// Reads what `events`, `days --ics`, `agenda --ics`, `review --ics`,
/// `import` and `diff` take: iCalendar files, Google Calendar API JSON or
/// Microsoft Graph JSON (`-`: standard input), through the library's one
/// door, ``CalendarInput``.
enum InputFile {
    /// The file's calendar, indexed once; `source` is `ics`, `google` or
    /// `graph`, told from the content when `nil`. Read leniently, what the
    /// reader noticed printed as notes (an item of a payload that cannot be
    /// read is one), unless `options.mode` is strict: then that is an error.
    static func calendar(_ path: String, source: String?, options: CalendarOptions = CalendarOptions()) throws(AlmanacError) -> EventCalendar {
        try input(path, source: source, options: options).calendar
    }

    /// The file read, its notes on standard error; errors name the file,
    /// then the line and column, or the field.
    static func input(_ path: String, source: String?, options: CalendarOptions = CalendarOptions()) throws(AlmanacError) -> CalendarInput {
        let bytes = try read(path)
        let format: CalendarInput.Format
        if let source {
            guard let f = CalendarInput.Format(rawValue: source) else {
                throw AlmanacError(.usage, "expected ics, google or graph, found \"\(source)\"").named(field: "--source")
            }
            format = f
        } else if let f = CalendarInput.Format(guessing: bytes) {
            format = f
        } else {
            throw CLI.inputError("\(path): cannot tell whether this is iCalendar, Google or Graph data: give --source")
        }
        let input: CalendarInput
        do throws(AlmanacError) {
            input = try CalendarInput(bytes: bytes, format: format, options: options)
        } catch {
            throw error.at(file: path)
        }
        for r in input.calendar.readings where !r.resolvesKnownZone { StandardStreams.printError("note: \(path): \(r)") }
        for r in input.payloadReadings { StandardStreams.printError("note: \(path): \(r)") }
        return input
    }

    /// The bytes of a file (`-`: standard input); a file that cannot be
    /// read is an input error (`cannot read "x.ics": No such file or directory`).
    static func read(_ path: String) throws(AlmanacError) -> [UInt8] {
        if path == "-" {
            switch StandardStreams.readAll(from: 0) {
            case .success(let b): return b
            case .failure(let e): throw CLI.inputError(e.description)
            }
        }
        do throws(AlmanacError) { return try FileBytes.read(path: path) } catch { throw CLI.inputError(error.message) }
    }
}
