import AlmanacJSON
import AlmanacRequests
import ArgumentParser

/// `almanac batch`: the JSON Lines protocol on standard input and output.
struct BatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "batch",
        abstract: "Answer JSON Lines recurrence requests from standard input.",
        discussion: """
            Reads one JSON object per line and writes exactly one JSON line per input \
            line, in order, flushed at once, until end of input; then exits 0. A bad \
            line (not JSON, a missing or mistyped field, a bad rule or value, an \
            unknown zone, an empty line) gets an error reply and the next line is read \
            as usual.

            Request fields: dtstart (required), id, tzid, rrule and exrule (a string or \
            an array of strings), rdate and exdate (arrays), after and before (the \
            window [after, before) on occurrence start), limit (default 1000), strict \
            (default false), include_dtstart (default true). Other fields are ignored; \
            null counts as absent.

            Replies:
              {"id":"a","occurrences":["1997-09-02T09:00:00-04:00"],"truncated":false}
              {"id":"b","error":{"kind":"invalid_rule","message":"...","column":12}}
            "readings" (how lenient parsing read the input) is added to a success \
            reply when there are any; "column" to an error when it has one.

            Example: a daily rule cut at 1 occurrence, and a request with no dtstart:
              printf '%s\\n' \\
                '{"id":"a","dtstart":"19970902","rrule":"FREQ=DAILY","limit":1}' \\
                '{"id":"b"}' | almanac batch
              {"id":"a","occurrences":["1997-09-02"],"truncated":true}
              {"id":"b","error":{"kind":"invalid_request","message":"missing ..."}}
            """
    )

    func run() throws {
        var responder = BatchResponder()
        var splitter = LineSplitter()
        let chunkSize = 1 << 16
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 1)
        defer { chunk.deallocate() }

        func answer(_ line: LineSplitter.Line) throws {
            responder.respond(to: line)
            responder.writer.endLine()
            guard StandardStreams.writeAll(responder.writer.bytes, to: StandardStreams.output) else {
                StandardStreams.printError("error: cannot write to standard output")
                throw ExitCode.outputError
            }
        }

        while true {
            let n = StandardStreams.readSome(into: chunk, from: StandardStreams.input)
            if n < 0 {
                StandardStreams.printError("error: cannot read standard input")
                throw ExitCode.outputError
            }
            if n == 0 { break }
            let bytes = UnsafeBufferPointer(start: chunk.baseAddress!.assumingMemoryBound(to: UInt8.self), count: n)
            try splitter.feed(bytes, answer)
        }
        try splitter.finish(answer)
    }
}
