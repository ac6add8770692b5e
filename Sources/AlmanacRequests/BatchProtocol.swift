import Almanac
import AlmanacJSON

/// The JSON Lines protocol of `almanac batch`: one request line in, one reply line out.
///
/// A request is a JSON object (see ``BatchRequest``). The reply is
///
/// ```json
/// {"id":"a","occurrences":["1997-09-02T09:00:00-04:00"],"truncated":false}
/// {"id":"a","occurrences":[...],"truncated":false,"readings":["rrule: column 1: ..."]}
/// {"id":"b","error":{"kind":"invalid_rule","message":"rrule: invalid RRULE at column 12: ...","field":"rrule","column":12,"text":"..."}}
/// ```
///
/// `id` is `null` when the request has none or the line is not a JSON object
/// with a string `id`. `readings` appears only when lenient parsing took a
/// liberty. The error's context is in fields of its own, each only when the
/// error has it (`AlmanacError`): `field`, the request's field at fault
/// (`rrule`, `rdate[0]`, `tzid`); `line`; `column` (for invalid JSON it
/// counts Unicode scalars in the line; for a bad value it is in that value's
/// text); `text`, the offending piece. `message` is the text for people,
/// the field before it (`AlmanacError/description`); programs read the fields.
///
/// ```swift
/// BatchProtocol.respond(to: #"{"id":"x","dtstart":"19970902T090000Z","rrule":"FREQ=DAILY;COUNT=2"}"#)
/// // {"id":"x","occurrences":["1997-09-02T09:00:00Z","1997-09-03T09:00:00Z"],"truncated":false}
/// ```
public enum BatchProtocol {
    /// The longest request line read; a longer one gets an `invalid_request` reply.
    public static let maximumLineLength = LineSplitter.defaultMaximumLineLength

    /// The reply to one request line, without a line break.
    public static func respond(to line: some StringProtocol) -> String {
        var responder = BatchResponder()
        var s = String(line)
        return s.withUTF8 { bytes in
            responder.respond(to: bytes)
            return responder.writer.text
        }
    }

    /// The reply to a request already decoded or built, without a line break.
    public static func respond(to request: BatchRequest) -> String {
        var responder = BatchResponder()
        responder.respond(to: request)
        return responder.writer.text
    }
}

/// Answers batch requests into a reusable buffer: the fast path of `almanac batch`.
///
/// ```swift
/// var responder = BatchResponder()
/// for line in lines {                      // UnsafeBufferPointer<UInt8> each
///     responder.respond(to: line)
///     responder.writer.endLine()
///     write(1, responder.writer.bytes, responder.writer.bytes.count)
/// }
/// ```
///
/// Each call replaces the buffer's contents and keeps its storage, so a
/// stream of requests allocates for the reply only when one is larger than
/// any before.
public struct BatchResponder: Sendable {
    /// The last reply, as UTF-8 JSON without a line break.
    public var writer = JSONWriter()

    /// A responder with an empty 4 KiB buffer.
    public init() {}

    /// Answers one request line (UTF-8, without its line break).
    public mutating func respond(to line: UnsafeBufferPointer<UInt8>) {
        writer.reset()
        guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D && $0 != 0x0A }) else {
            return writeError(id: nil, AlmanacError(.invalidRequest, "empty line: each line must hold one JSON object"))
        }
        let json: JSONValue
        do throws(AlmanacError) { json = try JSONReader.parse(line) } catch { return writeError(id: nil, error) }
        let id = BatchRequest.id(of: json)
        let request: BatchRequest
        do throws(AlmanacError) { request = try BatchRequest(json: json) } catch { return writeError(id: id, error) }
        respond(to: request)
    }

    /// Answers one line as `LineSplitter` (AlmanacJSON) delivers it: an over-long line gets an `invalid_request` reply.
    public mutating func respond(to line: LineSplitter.Line) {
        switch line {
        case .bytes(let bytes):
            respond(to: bytes)
        case .tooLong(let length):
            writeError(id: nil, AlmanacError(.invalidRequest,
                "request line of \(length) bytes is longer than the maximum of \(BatchProtocol.maximumLineLength)"))
        }
    }

    /// Answers a request already decoded or built.
    public mutating func respond(to request: BatchRequest) {
        writer.reset()
        let query: BatchQuery
        do throws(AlmanacError) { query = try BatchQuery(request) } catch { return writeError(id: request.id, error) }
        respond(to: query, id: request.id)
    }

    /// Writes the success reply of a query: expands it straight into the buffer.
    ///
    /// - Complexity: O(k) for k occurrences written (at most ``BatchQuery/limit`` + 1 expanded).
    public mutating func respond(to query: BatchQuery, id: String?) {
        writer.reset()
        writer.beginObject()
        writer.key("id"); writer.stringOrNull(id)
        writer.key("occurrences"); writer.beginArray()
        let truncated = query.expand { (o: Occurrence) in writer.occurrence(o) }
        writer.endArray()
        writer.key("truncated"); writer.bool(truncated)
        if !query.readings.isEmpty {
            writer.key("readings"); writer.beginArray()
            for r in query.readings { writer.string(r) }
            writer.endArray()
        }
        writer.endObject()
    }

    /// Writes an error reply.
    public mutating func writeError(id: String?, _ error: AlmanacError) {
        writer.reset()
        writer.beginObject()
        writer.key("id"); writer.stringOrNull(id)
        writer.key("error"); writer.beginObject()
        writer.key("kind"); writer.string(error.kind.rawValue)
        writer.key("message"); writer.string(error.description)
        if let field = error.field {
            writer.key("field"); writer.string(field)
        }
        if let line = error.line {
            writer.key("line"); writer.int(line)
        }
        if let column = error.column {
            writer.key("column"); writer.int(column)
        }
        if let text = error.text {
            writer.key("text"); writer.string(text)
        }
        writer.endObject()
        writer.endObject()
    }
}
