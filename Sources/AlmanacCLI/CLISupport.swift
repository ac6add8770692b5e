import Almanac
import AlmanacJSON
import AlmanacRequests
import ArgumentParser

/// A usage or input error (an ``AlmanacError``) as `--json` prints it:
/// `{"error":{"kind":…,"message":…}}`, then the context that is set:
/// `field` (a request's field path or the option), `input` (the value
/// typed there), `line`, `column`, `text` and `file`. `message` is the text
/// printed after `error: ` on standard error (``AlmanacError/description``,
/// the context put before the message for people); programs read the fields.
struct ErrorReply: Encodable {
    struct Body: Encodable {
        var kind: String
        var message: String
        var field: String?
        var input: String?
        var line: Int?
        var column: Int?
        var text: String?
        var file: String?
    }

    var error: Body

    init(_ e: AlmanacError) {
        error = Body(kind: e.kind.rawValue, message: e.description, field: e.field, input: e.input,
                     line: e.line, column: e.column, text: e.text, file: e.file)
    }
}

/// What the subcommands share: input errors, zones, writing the output.
enum CLI {
    /// An input error, for `throw CLI.inputError(...)`.
    static func inputError(_ message: String) -> AlmanacError { AlmanacError(.invalidRequest, message) }

    /// An input error about the value of `option`, which it names as its field: `--limit: -1 is negative...`.
    static func inputError(option: String, _ message: String) -> AlmanacError {
        AlmanacError(.invalidRequest, message).named(field: option)
    }

    /// A zone from its IANA (or Windows) id; an unknown id is an input error
    /// that names the option it came from.
    static func zone(_ id: String, option: String) throws(AlmanacError) -> Zone {
        do throws(AlmanacError) { return try Zone(id) } catch { throw error.named(field: option) }
    }

    /// A week rule written as the first weekday's RFC 5545 code and the
    /// minimum number of days of week 1: `MO4` (ISO 8601), `SU1` (US).
    static func weekRule(_ text: String, option: String = "--week-rule") throws(AlmanacError) -> WeekRule {
        let bytes = Array(text.utf8)
        guard bytes.count == 3, let weekday = Weekday(rfcCode: String(decoding: bytes[0..<2], as: UTF8.self).uppercased()),
              (0x31...0x37).contains(bytes[2])
        else {
            throw inputError(option: option, "\"\(text)\" is not a week rule: expected the first weekday (MO, TU, WE, TH, FR, SA or SU) "
                + "and the minimum days of week 1 (1...7), such as MO4 (ISO 8601) or SU1 (US)")
        }
        return WeekRule(_unchecked: weekday, Int(bytes[2] - 0x30))
    }

    /// A date option: `2023-11-27` or `20231127`, with the library's reason
    /// when it is not a date (`day 30 does not exist in 2023-02, ...`).
    static func date(_ text: String, option: String) throws(AlmanacError) -> CivilDate {
        do throws(AlmanacError) {
            if text.contains("-") {
                let p = try Period(parsing: text)
                if p.granularity == .day { return p.firstDay }
            } else if case .date(let d) = try Anchor(parsing: text) {
                return d
            }
        } catch {
            throw error.named(field: option)
        }
        throw inputError(option: option, "\"\(text)\" is not a date such as 2023-11-27")
    }

    /// A `--limit` value: not negative.
    static func limit(_ n: Int) throws(AlmanacError) -> Int {
        guard n >= 0 else { throw inputError(option: "--limit", "\(n) is negative: give the largest number of items to print, such as --limit 100") }
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

    /// Writes a value as one line of JSON with AlmanacJSON's
    /// `JSONValueEncoder` (all of the CLI's JSON is written by AlmanacJSON).
    static func writeJSON<T: Encodable>(_ value: T) throws {
        try write(jsonLine(value))
    }

    /// A value as JSON text and a line break.
    static func jsonLine<T: Encodable>(_ value: T) throws -> [UInt8] {
        var w = JSONWriter(capacity: 1 << 16)
        try JSONValueEncoder().encode(value, to: &w)
        w.endLine()
        return w.bytes
    }

    /// An error of the request layer said in the options that gave its
    /// fields: `tzid` is `--tz`, `rdate[0]` is `--rdate "1997x"` (the value
    /// as typed), read from ``AlmanacError/field``.
    static func options(_ error: AlmanacError, request: BatchRequest) -> AlmanacError {
        guard let field = error.field else { return error }
        if error.kind == .invalidRequest && field == "tzid" {
            return AlmanacError(.invalidRequest, "--tz applies only to a local date-time --start such as 19970902T090000, not to \"\(request.dtstart)\"")
        }
        if error.kind == .invalidRequest && field == "before" {
            return AlmanacError(.invalidRequest, "the window is reversed: --after \(request.after ?? "") is later than --before \(request.before ?? "")")
        }
        let plain = ["dtstart": "--start", "tzid": "--tz", "after": "--after", "before": "--before"]
        if let option = plain[field] { return error.named(field: option) }
        let lists: [(field: String, option: String, values: [String])] = [
            ("rdate", "--rdate", request.rdates), ("exdate", "--exdate", request.exdates), ("exrule", "--exrule", request.exrules),
        ]
        for (name, option, values) in lists {
            for (k, value) in values.enumerated() where field == "\(name)[\(k)]" {
                return error.named(field: option, input: value)
            }
        }
        return error
    }
}
