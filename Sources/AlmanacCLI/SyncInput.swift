import Almanac
import AlmanacCalendar
import AlmanacSync

/// Reads what `events`, `import` and `diff` take: iCalendar files, Google
/// Calendar API JSON or Microsoft Graph JSON (`-`: standard input).
enum SyncInput {
    /// The file's events; `source` is `ics`, `google` or `graph`, guessed
    /// from the content when `nil`. Read leniently, what the reader noticed
    /// printed as notes (an item of a payload that cannot be read is one),
    /// unless `options.mode` is strict: then that is an error.
    static func events(_ path: String, source: String?, options: CalendarOptions = CalendarOptions()) throws(CLIError) -> [SyncEvent] {
        let bytes = try read(path)
        let kind: SyncEvent.Origin
        if let source {
            guard let s = SyncEvent.Origin(rawValue: source), s != .eventkit else {
                throw CLIError("--source: expected ics, google or graph, found \"\(source)\"", kind: "usage")
            }
            kind = s
        } else if let s = SyncEvent.Origin(guessing: bytes) {
            kind = s
        } else if bytes.first(where: { $0 > 0x20 || $0 == 0x09 }).map({ $0 != UInt8(ascii: "{") && $0 != UInt8(ascii: "[") }) ?? true {
            kind = .ics   // not JSON: read as iCalendar, whose errors say where
        } else {
            throw CLI.inputError("\(path): cannot tell whether this is iCalendar, Google or Graph data: give --source")
        }
        do throws(AlmanacError) {
            let payload: SyncPayload
            switch kind {
            case .google: payload = try GoogleEvents.read(json: bytes, mode: options.mode == .strict ? .strict : .lenient)
            case .graph: payload = try GraphEvents.read(json: bytes, mode: options.mode == .strict ? .strict : .lenient)
            case .ics, .eventkit: payload = SyncPayload(events: [])
            }
            if kind == .google || kind == .graph {
                for r in payload.readings { StandardStreams.printError("note: \(path): \(r)") }
                return payload.events
            }
        } catch {
            throw CLIError(error, context: path)
        }
        do throws(AlmanacError) {
            return SyncEvent.events(of: try DaysCommand.calendar(bytes, path: path, options: options))
        } catch {
            throw CLIError(error.message, kind: error.kind.rawValue)
        }
    }

    /// The file's events as a calendar.
    static func calendar(_ path: String, source: String?, options: CalendarOptions = CalendarOptions()) throws(CLIError) -> EventCalendar {
        EventCalendar(events: try events(path, source: source, options: options).map(\.series))
    }

    static func read(_ path: String) throws(CLIError) -> [UInt8] {
        switch path == "-" ? StandardStreams.readAll(from: 0) : StandardStreams.readFile(path) {
        case .success(let b): return b
        case .failure(let e): throw CLI.inputError(e.description)
        }
    }
}
