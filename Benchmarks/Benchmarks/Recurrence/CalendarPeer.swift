// C2's peer: recurring-ical-events, run from C2-Almanac's setup by
// Benchmarks/peers/recurring_ical_events_query.py on the file setup wrote,
// with the same window; its median CPU time per query and its count go to
// the report, and its instances are compared with Almanac's.

import AlmanacCalendar
import Almanac
import AlmanacFoundation
import Foundation

/// Queries per run of the peer (ALMANAC_BENCH_PEER_RUNS, default 5): each
/// takes about a second.
let peerRuns = Int(ProcessInfo.processInfo.environment["ALMANAC_BENCH_PEER_RUNS"] ?? "") ?? 5

/// The harness script, found from this source file (the package is built where it lives).
let peerScript = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("peers/recurring_ical_events_query.py").path

/// Runs the peer, reports `peer C2 recurring-ical-events <median ns> <count>
/// <runs> <min ns> <max ns> <load ns> <versions>` and compares its instances
/// with Almanac's `week`.
func runQueryPeer(_ path: String, almanac week: [CalendarOccurrence]) {
    let dump = path + ".peer.tsv"
    guard let f = runPeerScript(row: "C2", script: peerScript, path: path, dump: dump,
                                what: "recurring-ical-events (\(peerRuns) queries, about a minute)") else { return }
    guard let count = Int(f[1]) else { return warn("C2: recurring-ical-events gave no count: \(f)") }
    report(["peer", "C2", "recurring-ical-events"] + f)
    comparePeer(week, peerCount: count, dump: dump)
}

/// Runs a recurring-ical-events harness script (Benchmarks/peers/) on `path`
/// over `calendarWindow`, `peerRuns` queries, its answer dumped into `dump`;
/// returns its seven tab-separated fields (median ns, count, runs, min ns,
/// max ns, load ns, versions), or `nil` with a warning naming `row`.
func runPeerScript(row: String, script: String, path: String, dump: String, what: String) -> [String]? {
    let iso = { (t: Timestamp) in t.utc!.description + "Z" }
    let python = ProcessInfo.processInfo.environment["ALMANAC_BENCH_PYTHON"] ?? "python3"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [python, script, path, iso(calendarWindow.lowerBound), iso(calendarWindow.upperBound),
                         String(peerRuns), "--dump", dump]
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    FileHandle.standardError.write(Data("almanac-bench: \(row): timing \(what)\n".utf8))
    do { try process.run() } catch {
        warn("\(row): cannot start \(python) \(script): \(error)")
        return nil
    }
    let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let f = output.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "\t").map(String.init)
    guard process.terminationStatus == 0, f.count == 7 else {
        warn("\(row): recurring-ical-events failed (exit \(process.terminationStatus)): \(errors.suffix(400)) \(output.suffix(200))")
        return nil
    }
    return f
}

/// Almanac's instances against the peer's, as (UID, start, end) in epoch
/// seconds: equal multisets, or a note with the differences.
func comparePeer(_ week: [CalendarOccurrence], peerCount: Int, dump: String) {
    guard let text = try? String(contentsOfFile: dump, encoding: .utf8) else {
        warn("C2: the peer wrote no instance list to \(dump)")
        return
    }
    var peer: [String: Int] = [:]
    for line in text.split(separator: "\n") { peer[String(line), default: 0] += 1 }
    var onlyAlmanac: [String] = []
    for o in week {
        let r = o.occurrence.instants(in: .utc)
        let key = "\(o.seriesID)\t\(r.lowerBound.secondsSinceEpoch)\t\(r.upperBound.secondsSinceEpoch)"
        if let n = peer[key], n > 0 { peer[key] = n - 1 } else { onlyAlmanac.append(key) }
    }
    let onlyPeer = peer.flatMap { Array(repeating: $0.key, count: $0.value) }.sorted()
    if onlyAlmanac.isEmpty && onlyPeer.isEmpty {
        report("check", "C2", "agree", "recurring-ical-events: the same \(week.count) instances (UID, start, end)")
        return
    }
    func show(_ key: String) -> String {
        let f = key.split(separator: "\t")
        let t = { (s: Substring) in Timestamp(secondsSinceEpoch: Int64(s)!).utc!.description + "Z" }
        return "\(f[0].prefix(24)) \(t(f[1]))..\(t(f[2]))"
    }
    let message = "C2: Almanac lists \(week.count) instances, recurring-ical-events \(peerCount); "
        + "\(onlyAlmanac.count) only Almanac's (e.g. \(onlyAlmanac.prefix(3).map(show).joined(separator: "; "))), "
        + "\(onlyPeer.count) only the peer's (e.g. \(onlyPeer.prefix(3).map(show).joined(separator: "; ")))"
    report("check", "C2", "differ", message)
    note(message)
}
