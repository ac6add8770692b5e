// fuzz-batch: bytes -> the JSON Lines request reader of `almanac batch`.
//
// The first byte picks how the rest is fed:
// - even: the rest is one request line, answered through BatchResponder's
//   byte path (invalid UTF-8 included), as `almanac batch` does;
// - odd: the rest is a stream cut by LineSplitter (chunk sizes and a small
//   maximum line length from the first byte); every line delivered must be
//   the line a plain split gives (or reported too long with its length), and
//   each is answered.
//
// Every reply must be a single line of UTF-8 JSON that the library's own
// JSONReader reads back as an object with `id` (echoing a string id of the
// request) and either `occurrences` (at most `limit` strings) with a boolean
// `truncated`, or an `error` with a known kind and a message.
//
// Requests asking for more than `limitCap` occurrences are answered with the
// limit lowered to `limitCap` (through the decoded-request path), so the
// fuzzer looks for slow rules rather than for large, legitimately slow, limits.
import Almanac
import AlmanacJSON
import AlmanacRequests

let limitCap = 2000
let errorKinds: Set<String> = ["invalid_rule", "invalid_value", "out_of_range", "unknown_zone",
                               "invalid_request", "nonexistent_time", "unsupported"]

@_cdecl("LLVMFuzzerTestOneInput")
public func batchFuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let all = UnsafeBufferPointer(start: data, count: size)
    guard let mode = all.first else { return 0 }
    let rest = UnsafeBufferPointer(rebasing: all[1...])
    var responder = BatchResponder()
    if mode & 1 == 0 {
        answer(rest, &responder)
    } else {
        let maximum = [8, 32, 100, 1000][Int(mode >> 1) & 3]
        let chunk = 1 + Int(mode >> 3)
        var expected = split(rest, maximum: maximum)[...]
        var splitter = LineSplitter(maximumLineLength: maximum)
        func take(_ line: LineSplitter.Line) {
            guard let want = expected.popFirst() else { fuzzFail("LineSplitter delivered more lines than the input has") }
            switch (line, want) {
            case (.bytes(let got), .bytes(let w)):
                fuzzCheck(Array(got) == w, "LineSplitter line \(fuzzHex(got)) expected \(fuzzHex(w))")
                answer(got, &responder)
            case (.tooLong(let n), .tooLong(let m)):
                fuzzCheck(n == m, "LineSplitter reported a long line of \(n) bytes, expected \(m)")
                responder.respond(to: line)
                check(reply: responder.writer.bytes, request: nil)
            default:
                fuzzFail("LineSplitter delivered \(line), expected \(want) (maximum \(maximum), chunk \(chunk))")
            }
        }
        var start = 0
        while start < rest.count {
            let end = min(rest.count, start + chunk)
            splitter.feed(UnsafeBufferPointer(rebasing: rest[start..<end])) { take($0) }
            start = end
        }
        splitter.finish { take($0) }
        fuzzCheck(expected.isEmpty, "LineSplitter delivered \(expected.count) lines too few")
    }
    return 0
}

enum ExpectedLine { case bytes([UInt8]), tooLong(Int) }

/// The lines of a stream as LineSplitter documents them: cut at `\n`, a last line without `\n` kept when not empty.
func split(_ b: UnsafeBufferPointer<UInt8>, maximum: Int) -> [ExpectedLine] {
    var lines: [ExpectedLine] = []
    var s = 0
    for i in b.indices where b[i] == 0x0A {
        lines.append(i - s > maximum ? .tooLong(i - s) : .bytes(Array(b[s..<i])))
        s = i + 1
    }
    if s < b.count { lines.append(b.count - s > maximum ? .tooLong(b.count - s) : .bytes(Array(b[s...]))) }
    return lines
}

func answer(_ line: UnsafeBufferPointer<UInt8>, _ responder: inout BatchResponder) {
    let json = try? JSONReader.parse(line)
    if let json, case .object = json, case .number(let n)? = json["limit"],
       (n.nonNegativeInteger ?? Int.max) > limitCap, var request = try? BatchRequest(json: json) {
        request.limit = limitCap
        responder.respond(to: request)
    } else {
        responder.respond(to: line)
    }
    check(reply: responder.writer.bytes, request: json)
}

func check(reply: [UInt8], request: JSONValue?) {
    let text = String(decoding: reply, as: UTF8.self)
    fuzzCheck(Array(text.utf8) == reply, "reply is not valid UTF-8: \(fuzzHex(reply))")
    fuzzCheck(!reply.contains(0x0A) && !reply.contains(0x0D), "reply is not one line: \(text.debugDescription)")
    let value: JSONValue
    do throws(AlmanacError) { value = try JSONReader.parse(text) } catch {
        fuzzFail("reply is not valid JSON (\(error)): \(text.debugDescription)")
    }
    guard case .object(let object) = value else { fuzzFail("reply is not an object: \(text.debugDescription)") }
    switch object["id"] {
    case .null?:
        if let request, case .string(let id)? = request["id"] { fuzzFail("reply drops the request id \(id.debugDescription): \(text.debugDescription)") }
    case .string(let id)?:
        if let request {
            guard case .string(let want)? = request["id"] else { fuzzFail("reply invents id \(id.debugDescription): \(text.debugDescription)") }
            fuzzCheck(want == id, "reply id \(id.debugDescription) is not the request's \(want.debugDescription)")
        }
    default:
        fuzzFail("reply has no id: \(text.debugDescription)")
    }
    if let error = object["error"] {
        guard case .string(let kind)? = error["kind"], errorKinds.contains(kind) else { fuzzFail("bad error kind: \(text.debugDescription)") }
        guard case .string? = error["message"] else { fuzzFail("error without message: \(text.debugDescription)") }
        fuzzCheck(object["occurrences"] == nil, "reply with both error and occurrences: \(text.debugDescription)")
    } else {
        guard case .array(let items)? = object["occurrences"] else { fuzzFail("reply without occurrences or error: \(text.debugDescription)") }
        guard case .bool? = object["truncated"] else { fuzzFail("reply without truncated: \(text.debugDescription)") }
        fuzzCheck(items.count <= max(limitCap, 1000), "reply with \(items.count) occurrences")
        for item in items {
            guard case .string = item else { fuzzFail("occurrence that is not a string: \(text.debugDescription)") }
        }
    }
}
