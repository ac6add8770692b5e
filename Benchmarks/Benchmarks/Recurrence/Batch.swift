// `almanac batch` end to end (B1) and phase by phase, over one fixed stream of
// mixed requests generated from a seed (`batchStream`).
//
// B1         the stream's bytes in, the reply lines out: what `almanac batch`
//            does between read(2) and write(2) (64 KiB chunks through
//            `LineSplitter`, `BatchResponder.respond(to:)` per line, a line
//            break after each reply). The zone cache is warm: a long stream
//            pays each zone's first load (about 2 ms from ICU) once.
// B1-json    JSON: `JSONReader.parse` and `BatchRequest(json:)` for every line.
// B1-request reading the request: `BatchQuery(request)`: the DTSTART, RDATE,
//            EXDATE and window values, the zone (a cache lookup), the RRULE
//            parse, validation, and the expansion plan.
// B1-expand  expanding: `query.expand` of every query built by B1-request,
//            each occurrence folded into a tally.
// B1-format  formatting: every reply written from the occurrences B1-expand
//            produced, with the calls `BatchResponder` makes (`JSONWriter`,
//            `JSONWriter.occurrence(_:)`), byte for byte the reply B1 writes.
//
// The four phases split B1's work without overlap, so their sum should come
// close to B1: B1 adds cutting lines, the phases add a loop over prepared
// values and the expand phase's fold. Setup checks that B1's replies are the ones the phases
// build, that the designed errors (and only they) get error replies, and
// counts the occurrences: every row of the table is per occurrence of the
// whole stream.

import Almanac
import AlmanacJSON
import AlmanacRequests
import Benchmark
import AlmanacFoundation
import Foundation

// MARK: - The stream

/// Requests in the stream.
let batchRequestCount = 2_000

/// The zones of the stream: IANA ids and two Windows ids.
let batchZones = ["America/New_York", "Europe/Berlin", "Asia/Tokyo", "Australia/Sydney", "Asia/Kolkata",
                  "America/Los_Angeles", "Europe/London", "America/Sao_Paulo",
                  "W. Europe Standard Time", "Pacific Standard Time"]

/// The stream, one JSON request per line, and how many of its lines are
/// designed to get an error reply.
///
/// Mix (per request, by a seeded draw out of 100), modelled on what a sync
/// layer and a calendar app ask:
/// - 30: a zoned weekly, monthly, daily or yearly series started 2015-2024,
///   over a three-month window of 2025 (`after`/`before`);
/// - 20: a zoned or UTC daily, weekly or monthly series with COUNT 5-500 or an UNTIL;
/// - 12: a zoned weekly series for one year (UNTIL) with 1-5 EXDATEs and 1-2 RDATEs;
/// - 10: an all-day (DATE) yearly or monthly series over ten years, or COUNT;
/// - 8: a floating workday series (`BYDAY=MO,TU,WE,TH,FR`) with UNTIL;
/// - 8: a sub-daily series over one week (HOURLY with BYHOUR 9-17, or every
///   15 minutes with BYHOUR 9-17);
/// - 8: an unbounded daily or weekly series with no window: the default limit
///   (1000) cuts it and the reply says `"truncated":true`;
/// - 3: strict mode, MONTHLY last workday (BYSETPOS=-1), COUNT=24;
/// - 1: an error: BYMONTHDAY=32, or an unknown zone.
let batchStream: (text: String, errors: Int) = {
    var rng = SplitMix64(0xBA7C4)
    var lines: [String] = []
    var errors = 0
    let weekdays = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
    func date(_ day: Int) -> String {
        let d = CivilDate(daysSinceEpoch: day)!
        return String(format: "%04d%02d%02d", d.year, d.month, d.day)
    }
    func dateTime(_ day: Int, _ second: Int, utc: Bool = false) -> String {
        date(day) + String(format: "T%02d%02d%02d", second / 3600, second / 60 % 60, second % 60) + (utc ? "Z" : "")
    }
    func quoted(_ s: String) -> String { "\"" + s + "\"" }
    func list(_ xs: [String]) -> String { "[" + xs.map(quoted).joined(separator: ",") + "]" }
    func weekly(_ rng: inout SplitMix64) -> String {
        var days = Set<Int>()
        let n = 1 + rng.int(3)
        while days.count < n { days.insert(rng.int(7)) }
        return "FREQ=WEEKLY" + (rng.int(10) < 7 ? "" : ";INTERVAL=2") + ";BYDAY=" + days.sorted().map { weekdays[$0] }.joined(separator: ",")
    }
    func monthly(_ rng: inout SplitMix64) -> String {
        if rng.int(2) == 0 { return "FREQ=MONTHLY;BYMONTHDAY=\(1 + rng.int(28))" }
        return "FREQ=MONTHLY;BYDAY=\([1, 2, 3, 4, -1][rng.int(5)])\(weekdays[rng.int(7)])"
    }
    let day2015 = try! CivilDate(2015, 1, 1).daysSinceEpoch
    let day2025 = try! CivilDate(2025, 1, 1).daysSinceEpoch
    for i in 0..<batchRequestCount {
        let zone = batchZones[rng.int(batchZones.count)]
        let second = (7 + rng.int(14)) * 3600 + 15 * 60 * rng.int(4)
        let startDay = day2015 + rng.int(3652)
        var f: [String] = ["\"id\":\"r\(i)\""]
        let draw = rng.int(100)
        switch draw {
        case 0..<30:
            let rule = [weekly, monthly, { _ in "FREQ=DAILY" }, { _ in "FREQ=YEARLY" }][[0, 0, 1, 1, 2, 3][rng.int(6)]](&rng)
            let from = day2025 + 30 * rng.int(9)
            f += ["\"dtstart\":\"\(dateTime(startDay, second))\"", "\"tzid\":\"\(zone)\"", "\"rrule\":\"\(rule)\"",
                  "\"after\":\"\(dateTime(from, 0))\"", "\"before\":\"\(dateTime(from + 91, 0))\""]
        case 30..<50:
            let rule = ["FREQ=DAILY", weekly(&rng), monthly(&rng)][rng.int(3)]
            let end = rng.int(4) == 0 ? ";UNTIL=\(dateTime(startDay + 200 + rng.int(600), 0, utc: true))" : ";COUNT=\(5 + rng.int(496))"
            if rng.int(4) == 0 {
                f += ["\"dtstart\":\"\(dateTime(startDay, second, utc: true))\"", "\"rrule\":\"\(rule + end)\""]
            } else {
                f += ["\"dtstart\":\"\(dateTime(startDay, second))\"", "\"tzid\":\"\(zone)\"", "\"rrule\":\"\(rule + end)\""]
            }
        case 50..<62:
            let rule = weekly(&rng) + ";UNTIL=\(dateTime(startDay + 365, 0, utc: true))"
            let ex = (0..<(1 + rng.int(5))).map { _ in dateTime(startDay + 7 * rng.int(52), second) }
            let extra = (0..<(1 + rng.int(2))).map { _ in dateTime(startDay + rng.int(365), second + 3600) }
            f += ["\"dtstart\":\"\(dateTime(startDay, second))\"", "\"tzid\":\"\(zone)\"", "\"rrule\":\"\(rule)\"",
                  "\"exdate\":\(list(ex))", "\"rdate\":\(list(extra))"]
        case 62..<72:
            let rule = rng.int(2) == 0 ? "FREQ=YEARLY" : monthly(&rng)
            f += ["\"dtstart\":\"\(date(startDay))\""]
            if rng.int(2) == 0 {
                f += ["\"rrule\":\"\(rule)\"", "\"after\":\"\(date(day2025))\"", "\"before\":\"\(date(day2025 + 3653))\""]
            } else {
                f += ["\"rrule\":\"\(rule);COUNT=\(10 + rng.int(50))\""]
            }
        case 72..<80:
            f += ["\"dtstart\":\"\(dateTime(startDay, second))\"",
                  "\"rrule\":\"FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR;UNTIL=\(dateTime(startDay + 30 + rng.int(335), 0))\""]
        case 80..<88:
            let rule = rng.int(2) == 0 ? "FREQ=HOURLY;BYHOUR=9,10,11,12,13,14,15,16,17"
                : "FREQ=MINUTELY;INTERVAL=15;BYHOUR=9,10,11,12,13,14,15,16,17"
            let from = day2025 + rng.int(365)
            f += ["\"dtstart\":\"\(dateTime(startDay, second))\"", "\"tzid\":\"\(zone)\"", "\"rrule\":\"\(rule)\"",
                  "\"after\":\"\(dateTime(from, 0))\"", "\"before\":\"\(dateTime(from + 7, 0))\""]
        case 88..<96:
            f += ["\"dtstart\":\"\(dateTime(startDay, second))\"", "\"tzid\":\"\(zone)\"",
                  "\"rrule\":\"\(rng.int(2) == 0 ? "FREQ=DAILY" : weekly(&rng))\""]
        case 96..<99:
            f += ["\"dtstart\":\"\(dateTime(startDay, second))\"", "\"tzid\":\"\(zone)\"", "\"strict\":true",
                  "\"rrule\":\"FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1;COUNT=24\""]
        default:
            errors += 1
            if rng.int(2) == 0 {
                f += ["\"dtstart\":\"\(dateTime(startDay, second))\"", "\"tzid\":\"\(zone)\"", "\"rrule\":\"FREQ=MONTHLY;BYMONTHDAY=32\""]
            } else {
                f += ["\"dtstart\":\"\(dateTime(startDay, second))\"", "\"tzid\":\"Mars/Olympus_Mons\"", "\"rrule\":\"FREQ=DAILY\""]
            }
        }
        lines.append("{" + f.joined(separator: ",") + "}")
    }
    return (lines.joined(separator: "\n") + "\n", errors)
}()

// MARK: - Prepared phases

/// One request after B1-request: a query, or the error its reply reports.
struct PreparedQuery: @unchecked Sendable {
    let id: String?
    let query: Result<BatchQuery, AlmanacError>
}

/// One request after B1-expand: what B1-format writes.
struct PreparedReply: @unchecked Sendable {
    let id: String?
    let occurrences: [Occurrence]
    let truncated: Bool
    let readings: [String]
    let error: AlmanacError?
}

/// The stream's bytes and every phase's input, built in setup.
final class BatchFixture: @unchecked Sendable {
    let bytes: [UInt8]
    /// Line ranges in `bytes`.
    let lines: [Range<Int>]
    let requests: [BatchRequest]
    let queries: [PreparedQuery]
    let replies: [PreparedReply]
    let occurrences: Int
    let errors: Int

    init() {
        let bytes = Array(batchStream.text.utf8)
        var lines: [Range<Int>] = []
        var start = 0
        for (i, b) in bytes.enumerated() where b == 0x0A {
            lines.append(start..<i)
            start = i + 1
        }
        self.bytes = bytes
        self.lines = lines
        let requests = lines.map { r in
            bytes.withUnsafeBufferPointer { p in
                do { return try BatchRequest(json: JSONReader.parse(UnsafeBufferPointer(rebasing: p[r]))) } catch {
                    fatalError("B1: line \(String(decoding: p[r], as: UTF8.self)) is not a request: \(error)")
                }
            }
        }
        self.requests = requests
        let queries = requests.map { r in
            do throws(AlmanacError) { return PreparedQuery(id: r.id, query: .success(try BatchQuery(r))) } catch {
                return PreparedQuery(id: r.id, query: .failure(error))
            }
        }
        self.queries = queries
        let replies = queries.map { q in
            switch q.query {
            case .success(let query):
                var out: [Occurrence] = []
                let truncated = query.expand { out.append($0) }
                return PreparedReply(id: q.id, occurrences: out, truncated: truncated, readings: query.readings, error: nil)
            case .failure(let error):
                return PreparedReply(id: q.id, occurrences: [], truncated: false, readings: [], error: error)
            }
        }
        self.replies = replies
        occurrences = replies.reduce(0) { $0 + $1.occurrences.count }
        errors = replies.reduce(0) { $0 + ($1.error == nil ? 0 : 1) }
    }
}

let batchFixture = BatchFixture()

// MARK: - The measured loops

/// B1: the stream through `LineSplitter` in 64 KiB chunks (as `almanac batch`
/// reads it), one `BatchResponder` reply per line, a line break after each.
/// `sink` sees every reply (setup keeps them; the measured run passes nil).
@inline(never)
func batchEndToEnd(_ bytes: [UInt8], sink: ((UnsafeBufferPointer<UInt8>) -> Void)? = nil) -> Int {
    var responder = BatchResponder()
    var splitter = LineSplitter()
    var written = 0
    func answer(_ line: LineSplitter.Line) {
        responder.respond(to: line)
        responder.writer.endLine()
        written &+= responder.writer.bytes.count
        if let sink { responder.writer.bytes.withUnsafeBufferPointer { sink($0) } }
    }
    bytes.withUnsafeBufferPointer { all in
        var start = 0
        while start < all.count {
            let end = min(start + (1 << 16), all.count)
            splitter.feed(UnsafeBufferPointer(rebasing: all[start..<end]), answer)
            start = end
        }
    }
    splitter.finish(answer)
    return written
}

/// B1-json: every line to a `BatchRequest`.
@inline(never)
func batchJSON(_ f: BatchFixture) -> Int {
    var n = 0
    f.bytes.withUnsafeBufferPointer { p in
        for r in f.lines {
            do {
                let request = try BatchRequest(json: JSONReader.parse(UnsafeBufferPointer(rebasing: p[r])))
                n &+= request.rrules.count &+ request.dtstart.utf8.count
            } catch {
                n &+= 1_000_000
            }
        }
    }
    return n
}

/// B1-request: every request to a `BatchQuery` (or its error).
@inline(never)
func batchRequests(_ f: BatchFixture) -> Int {
    var n = 0
    for r in f.requests {
        do throws(AlmanacError) {
            let q = try BatchQuery(r)
            n &+= q.limit &+ q.readings.count
        } catch {
            n &+= error.message.utf8.count
        }
    }
    return n
}

/// B1-expand: every query's occurrences, as the reply takes them. The fold
/// is kept cheap (a count and an xor of the instants) so that this phase is
/// the expander's cost; the expander is not inlined here, so it still builds
/// every field of each occurrence.
@inline(never)
func batchExpand(_ f: BatchFixture) -> (count: Int, truncated: Int, hash: Int64) {
    var n = 0, truncated = 0, h: Int64 = 0
    for q in f.queries {
        guard case .success(let query) = q.query else { continue }
        if query.expand({ (o: Occurrence) in n &+= 1; h ^= o.start.localSeconds }) { truncated &+= 1 }
    }
    return (n, truncated, h)
}

/// B1-format: every reply from its occurrences, as `BatchResponder` writes it.
@inline(never)
func batchFormat(_ f: BatchFixture, sink: ((UnsafeBufferPointer<UInt8>) -> Void)? = nil) -> Int {
    var w = JSONWriter()
    var written = 0
    for r in f.replies {
        if let error = r.error {
            var responder = BatchResponder()
            responder.writeError(id: r.id, error)
            w.reset()
            w.bytes.append(contentsOf: responder.writer.bytes)
        } else {
            w.reset()
            w.beginObject()
            w.key("id"); w.stringOrNull(r.id)
            w.key("occurrences"); w.beginArray()
            for o in r.occurrences { w.occurrence(o) }
            w.endArray()
            w.key("truncated"); w.bool(r.truncated)
            if !r.readings.isEmpty {
                w.key("readings"); w.beginArray()
                for s in r.readings { w.string(s) }
                w.endArray()
            }
            w.endObject()
        }
        w.endLine()
        written &+= w.bytes.count
        if let sink { w.bytes.withUnsafeBufferPointer { sink($0) } }
    }
    return written
}

// MARK: - Registration

let batchText = "\(batchRequestCount) mixed requests (zoned, UTC, floating, DATE; windows, COUNT, UNTIL, EXDATE/RDATE, sub-daily, limits, 1% errors)"

func registerBatch() {
    Benchmark("B1-Almanac") { benchmark, f in
        benchmark.timed { blackHole(batchEndToEnd(f.bytes)) }
    } setup: { () -> BatchFixture in
        let f = batchFixture
        checkBatch(f)
        return f
    }
    Benchmark("B1-json-Almanac") { benchmark, f in
        benchmark.timed { blackHole(batchJSON(f)) }
    } setup: { () -> BatchFixture in
        report("count", "B1-json", "Almanac", String(batchFixture.occurrences), "phase: JSON (JSONReader.parse, BatchRequest(json:))")
        return batchFixture
    }
    Benchmark("B1-request-Almanac") { benchmark, f in
        benchmark.timed { blackHole(batchRequests(f)) }
    } setup: { () -> BatchFixture in
        report("count", "B1-request", "Almanac", String(batchFixture.occurrences), "phase: reading the request (BatchQuery: values, zone, RRULE, validation, plan)")
        return batchFixture
    }
    Benchmark("B1-expand-Almanac") { benchmark, f in
        benchmark.timed { blackHole(batchExpand(f)) }
    } setup: { () -> BatchFixture in
        report("count", "B1-expand", "Almanac", String(batchFixture.occurrences), "phase: expanding (BatchQuery.expand)")
        return batchFixture
    }
    Benchmark("B1-format-Almanac") { benchmark, f in
        benchmark.timed { blackHole(batchFormat(f)) }
    } setup: { () -> BatchFixture in
        report("count", "B1-format", "Almanac", String(batchFixture.occurrences), "phase: formatting (JSONWriter, JSONWriter.occurrence)")
        return batchFixture
    }
}

/// B1's replies against the phases', the error lines, the counts; writes the
/// stream next to the report (`batch-stream.jsonl`) so `almanac batch` can be
/// timed on the same input.
func checkBatch(_ f: BatchFixture) {
    report("count", "B1", "Almanac", String(f.occurrences), batchText)
    var endToEnd: [UInt8] = [], phases: [UInt8] = []
    _ = batchEndToEnd(f.bytes) { endToEnd.append(contentsOf: $0) }
    _ = batchFormat(f) { phases.append(contentsOf: $0) }
    if endToEnd != phases {
        let a = String(decoding: endToEnd, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let b = String(decoding: phases, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let i = zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, b.count)
        warn("B1: the end-to-end replies differ from the phases' at line \(i + 1): \(i < a.count ? String(a[i].prefix(300)) : "none") vs \(i < b.count ? String(b[i].prefix(300)) : "none")")
    }
    if f.errors != batchStream.errors {
        let unexpected = f.replies.filter { $0.error != nil }.prefix(3).map { "\($0.id ?? "?"): \($0.error!.message)" }
        warn("B1: \(f.errors) requests got an error reply, \(batchStream.errors) were designed to (e.g. \(unexpected.joined(separator: "; ")))")
    }
    let truncated = f.replies.filter(\.truncated).count
    let expanded = batchExpand(f)
    if expanded.count != f.occurrences || expanded.truncated != truncated {
        warn("B1-expand: \(expanded.count) occurrences, \(expanded.truncated) truncated; setup counted \(f.occurrences), \(truncated)")
    }
    if f.errors == batchStream.errors && endToEnd == phases {
        report("check", "B1", "agree", "\(f.lines.count) requests, \(f.occurrences) occurrences, \(truncated) replies truncated at their limit, \(f.errors) error replies as designed; replies identical to the phases'")
    }
    if let path = ProcessInfo.processInfo.environment["ALMANAC_BENCH_REPORT"] {
        let url = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("batch-stream.jsonl")
        try? Data(f.bytes).write(to: url)
    }
}
