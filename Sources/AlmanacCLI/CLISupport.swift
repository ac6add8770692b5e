import Almanac
import AlmanacRequests
import ArgumentParser

/// A usage or input error: exit status 2, `error: <message>` on standard
/// error and, with `--json`, `{"error":{"kind":…,"message":…}}` on standard
/// output (``AlmanacCommand/main()`` writes both).
struct CLIError: Error, Encodable {
    /// `usage` for the command line itself, else an ``AlmanacError/Kind`` raw value.
    var kind: String
    var message: String
    var column: Int?

    init(_ message: String, kind: String = AlmanacError.Kind.invalidRequest.rawValue, column: Int? = nil) {
        self.kind = kind
        self.message = message
        self.column = column
    }

    /// A library error, its message put after `context: ` when there is one.
    init(_ error: AlmanacError, context: String? = nil) {
        self.init(context.map { $0 + ": " + error.message } ?? error.message, kind: error.kind.rawValue, column: error.column)
    }

    /// The `--json` form: `{"error":{"kind":…,"message":…,"column":…}}` (no column when there is none).
    struct Reply: Encodable {
        var error: CLIError
    }
}

/// What the subcommands share: input errors, zones, writing the output.
enum CLI {
    /// An input error, for `throw CLI.inputError(...)`.
    static func inputError(_ message: String) -> CLIError { CLIError(message) }

    /// A zone from its IANA (or Windows) id; an unknown id is an input error
    /// that names the option it came from.
    static func zone(_ id: String, option: String) throws(CLIError) -> Zone {
        do throws(AlmanacError) { return try Zone(id) } catch { throw CLIError(error, context: option) }
    }

    /// A week rule written as the first weekday's RFC 5545 code and the
    /// minimum number of days of week 1: `MO4` (ISO 8601), `SU1` (US).
    static func weekRule(_ text: String, option: String = "--week-rule") throws(CLIError) -> WeekRule {
        let bytes = Array(text.utf8)
        guard bytes.count == 3, let weekday = Weekday(rfcCode: String(decoding: bytes[0..<2], as: UTF8.self).uppercased()),
              (0x31...0x37).contains(bytes[2])
        else {
            throw inputError("\(option): \"\(text)\" is not a week rule: expected the first weekday (MO, TU, WE, TH, FR, SA or SU) "
                + "and the minimum days of week 1 (1...7), such as MO4 (ISO 8601) or SU1 (US)")
        }
        return WeekRule(_unchecked: weekday, Int(bytes[2] - 0x30))
    }

    /// A date option: `2023-11-27` or `20231127`, with the library's reason
    /// when it is not a date (`day 30 does not exist in 2023-02, ...`).
    static func date(_ text: String, option: String) throws(CLIError) -> CivilDate {
        do throws(AlmanacError) {
            if text.contains("-") {
                let p = try Period(parsing: text)
                if p.granularity == .day { return p.firstDay }
            } else if case .date(let d) = try Anchor(parsing: text) {
                return d
            }
        } catch {
            throw CLIError(error, context: option)
        }
        throw inputError("\(option): \"\(text)\" is not a date such as 2023-11-27")
    }

    /// A `--limit` value: not negative.
    static func limit(_ n: Int) throws(CLIError) -> Int {
        guard n >= 0 else { throw inputError("--limit: \(n) is negative: give the largest number of items to print, such as --limit 100") }
        return n
    }

    /// Writes text to standard output; a closed output is exit status 1.
    static func write(_ text: String) throws(ExitCode) {
        guard StandardStreams.writeAll(Array(text.utf8), to: StandardStreams.output) else { throw ExitCode.outputError }
    }

    /// Writes bytes to standard output; a closed output is exit status 1.
    static func write(_ bytes: [UInt8]) throws(ExitCode) {
        guard StandardStreams.writeAll(bytes, to: StandardStreams.output) else { throw ExitCode.outputError }
    }

    /// Writes a value as one line of JSON (the CLI's only JSON writer, with
    /// the request layer's ``JSONValueEncoder``).
    static func writeJSON<T: Encodable>(_ value: T) throws {
        try write(jsonLine(value))
    }

    /// A value as JSON text and a line break.
    static func jsonLine<T: Encodable>(_ value: T) throws -> [UInt8] {
        var w = JSONWriter(capacity: 1 << 16)
        try JSONValueEncoder().encode(value, to: &w)
        w.byte(0x0A)
        return w.bytes
    }

    /// A message of the request layer with its field names put as the
    /// options that gave them: `tzid: ` becomes `--tz: `, `rdate[0]: `
    /// becomes `--rdate "1997x": `.
    static func optionNames(_ message: String, request: BatchRequest) -> String {
        let lists: [(field: String, option: String, values: [String])] = [
            ("rdate", "--rdate", request.rdates), ("exdate", "--exdate", request.exdates), ("exrule", "--exrule", request.exrules),
        ]
        for (field, option, values) in lists where message.hasPrefix(field + "[") {
            let rest = message.dropFirst(field.count + 1)
            guard let close = rest.firstIndex(of: "]"), let k = Int(rest[..<close]), values.indices.contains(k) else { continue }
            return "\(option) \"\(values[k])\"" + rest[rest.index(after: close)...]
        }
        let plain = [("dtstart: ", "--start: "), ("tzid: ", "--tz: "), ("after: ", "--after: "), ("before: ", "--before: ")]
        for (field, option) in plain where message.hasPrefix(field) { return option + message.dropFirst(field.count) }
        let zoneNote = "a zone (tzid) applies only to a local date-time start"
        if message.hasPrefix(zoneNote) { return "--tz applies only to a local date-time --start" + message.dropFirst(zoneNote.count) }
        if message.hasPrefix("the window is reversed: after (") {
            return "the window is reversed: --after \(request.after ?? "") is later than --before \(request.before ?? "")"
        }
        return message
    }
}
