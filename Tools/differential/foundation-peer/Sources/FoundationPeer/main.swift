// Expands recurrence requests with Foundation's `Calendar.RecurrenceRule`
// (`matchingPolicy: .strict`, or SKIP's policy with RSCALE, in RSCALE's
// calendar: the bridge's reading), for the differential harness.
//
// Reads JSON Lines on stdin, one request per line, in the form of
// `almanac batch` (Corpus/README.md), of which it reads:
//
//     {"id":"f-1","dtstart":"20250515T090000","tzid":"Europe/Paris",
//      "rrule":"FREQ=MONTHLY;BYDAY=1SA;COUNT=3","before":"22000101T000000","limit":40}
//
// and writes one line per request, flushed at once (the harness reads a
// crash or a hang as "the request after the last answered one"):
//
//     {"id":"f-1","occurrences":["2025-06-07T09:00:00+02:00",...],"truncated":false}
//     {"id":"f-1","error":"..."}
//
// The rule is read by Almanac's parser and handed to Foundation through the
// bridge `Calendar.RecurrenceRule(_:timeZone:)`. A floating start is
// expanded in UTC and printed without an offset, a DATE start (`YYYYMMDD`) the
// same at midnight and printed as a date; a UTC start (`...Z`) is
// printed with `Z`; a zoned start with its offset, as Almanac prints it.
// Foundation leaves out a DTSTART the rule does not produce, so the harness
// sends Almanac the same request with `include_dtstart: false`.
import Almanac
import AlmanacFoundation
import Foundation
#if canImport(Glibc)
import Glibc
#endif

// After 0.5 s of CPU time (DIFF_CPU_LIMIT_US) on one request the peer answers "timeout" and stops (the harness
// restarts it after this request). CPU time, so a loaded machine does not make Foundation
// "slow". The handler only writes a line prepared before the request and exits.
nonisolated(unsafe) let timeoutLine = UnsafeMutablePointer<UInt8>.allocate(capacity: 1024)
nonisolated(unsafe) var timeoutLength = 0

func prepareTimeoutLine(id: String) {
    let bytes = Array("{\"id\":\(jsonString(id)),\"error\":\"timeout: over the CPU time limit\"}\n".utf8.prefix(1024))
    for (k, b) in bytes.enumerated() { timeoutLine[k] = b }
    timeoutLength = bytes.count
}

func limitCPU(microseconds: Int) {
    var t = itimerval(it_interval: timeval(tv_sec: 0, tv_usec: 0),
                      it_value: timeval(tv_sec: microseconds / 1_000_000, tv_usec: microseconds % 1_000_000))
    setitimer(__itimer_which_t(ITIMER_VIRTUAL.rawValue), &t, nil)
}

struct Request: Decodable {
    var id: String
    var dtstart: String
    var tzid: String?
    var rrule: String
    var before: String?
    var limit: Int?
}

enum Form { case floating, utc, zoned, date }

struct PeerError: Error { var message: String }

func civil(_ text: String) throws -> DateComponents {
    let s = Array(text.utf8)
    func n(_ a: Int, _ b: Int) throws -> Int {
        guard b <= s.count, let v = Int(String(decoding: s[a..<b], as: UTF8.self)) else {
            throw PeerError(message: "bad date-time \(text)")
        }
        return v
    }
    if s.count == 8 { return DateComponents(year: try n(0, 4), month: try n(4, 6), day: try n(6, 8), hour: 0, minute: 0, second: 0) }
    guard s.count >= 15, s[8] == UInt8(ascii: "T") else { throw PeerError(message: "expected YYYYMMDDTHHMMSS[Z], got \(text)") }
    return DateComponents(year: try n(0, 4), month: try n(4, 6), day: try n(6, 8),
                          hour: try n(9, 11), minute: try n(11, 13), second: try n(13, 15))
}

func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }

func render(_ date: Date, _ calendar: Calendar, _ form: Form) -> String {
    let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    var y = String(c.year!)
    while y.count < 4 { y = "0" + y }
    var s = "\(y)-\(two(c.month!))-\(two(c.day!))T\(two(c.hour!)):\(two(c.minute!)):\(two(c.second!))"
    switch form {
    case .date: return "\(y)-\(two(c.month!))-\(two(c.day!))"
    case .floating: break
    case .utc: s += "Z"
    case .zoned:
        let off = calendar.timeZone.secondsFromGMT(for: date)
        let a = abs(off)
        s += (off < 0 ? "-" : "+") + two(a / 3600) + ":" + two(a / 60 % 60)
        if a % 60 != 0 { s += ":" + two(a % 60) }
    }
    return s
}

func jsonString(_ s: String) -> String {
    var out = "\""
    for u in s.unicodeScalars {
        switch u {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        default:
            if u.value < 0x20 { out += String(format: "\\u%04x", u.value) } else { out.unicodeScalars.append(u) }
        }
    }
    return out + "\""
}

func answer(_ r: Request) throws -> (occurrences: [String], truncated: Bool) {
    let form: Form = r.dtstart.count == 8 ? .date : r.dtstart.hasSuffix("Z") ? .utc : (r.tzid == nil ? .floating : .zoned)
    let zone: TimeZone
    if let tzid = r.tzid {
        guard let z = TimeZone(identifier: tzid) else { throw PeerError(message: "unknown zone \(tzid)") }
        zone = z
    } else {
        zone = TimeZone(identifier: "UTC")!
    }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let rule: Almanac.RecurrenceRule
    do { rule = try Almanac.RecurrenceRule(r.rrule, mode: .strict) } catch { throw PeerError(message: "rrule: \(error)") }
    let foundation: Calendar.RecurrenceRule
    do { foundation = try Calendar.RecurrenceRule(rule, timeZone: zone) } catch { throw PeerError(message: "bridge: \(error)") }
    guard let start = calendar.date(from: try civil(r.dtstart)) else { throw PeerError(message: "no date for \(r.dtstart)") }
    var range: Range<Date>? = nil
    if let before = r.before {
        guard let end = calendar.date(from: try civil(before)) else { throw PeerError(message: "no date for \(before)") }
        range = start..<end
    }
    let limit = r.limit ?? 1000
    var out: [String] = []
    var truncated = false
    for d in foundation.recurrences(of: start, in: range) {
        if out.count == limit { truncated = true; break }
        out.append(render(d, calendar, form))
    }
    return (out, truncated)
}

signal(SIGVTALRM) { _ in
    _ = write(1, timeoutLine, timeoutLength)
    _exit(3)
}
let cpuLimit = Int(ProcessInfo.processInfo.environment["DIFF_CPU_LIMIT_US"] ?? "") ?? 500_000
let decoder = JSONDecoder()
let output = FileHandle.standardOutput
while let line = readLine(strippingNewline: true) {
    if line.isEmpty { continue }
    var id = "null"
    var reply: String
    do {
        let r = try decoder.decode(Request.self, from: Data(line.utf8))
        id = jsonString(r.id)
        prepareTimeoutLine(id: r.id)
        limitCPU(microseconds: cpuLimit)
        defer { limitCPU(microseconds: 0) }
        let (occ, truncated) = try answer(r)
        reply = "{\"id\":\(id),\"occurrences\":[" + occ.map(jsonString).joined(separator: ",") + "],\"truncated\":\(truncated)}"
    } catch let e as PeerError {
        reply = "{\"id\":\(id),\"error\":\(jsonString(e.message))}"
    } catch {
        reply = "{\"id\":\(id),\"error\":\(jsonString("\(error)"))}"
    }
    output.write(Data((reply + "\n").utf8))
}
