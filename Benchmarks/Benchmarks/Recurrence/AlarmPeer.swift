// AL1's peer: recurring-ical-events' alarm query, run from AL1-Almanac's
// setup by Benchmarks/peers/recurring_ical_events_alarms.py on the file the
// C rows write, with the same window; its median CPU time per query and its
// count go to the report, and its firings are compared with Almanac's.

import Almanac
import AlmanacCalendar
import AlmanacReminders
import Foundation

/// The harness script, found from this source file.
let alarmPeerScript = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("peers/recurring_ical_events_alarms.py").path

/// Runs the peer, reports `peer AL1 recurring-ical-events <median ns> <count>
/// <runs> <min ns> <max ns> <load ns> <versions>` and compares its firings
/// with Almanac's `week`.
func runAlarmPeer(_ path: String, almanac week: [AlarmFiring]) {
    let dump = path + ".alarms.peer.tsv"
    guard let f = runPeerScript(row: "AL1", script: alarmPeerScript, path: path, dump: dump,
                                what: "recurring-ical-events' alarm query (\(peerRuns) queries)") else { return }
    report(["peer", "AL1", "recurring-ical-events"] + f)
    compareAlarmPeer(week, dump: dump)
}

/// Almanac's firings against the peer's as (UID, time, instance start):
/// the peer's timed firings of instances not cancelled must be Almanac's
/// timed ones exactly; its firings of cancelled instances (Almanac leaves
/// them out: RFC 5545 3.8.1.11) are counted; all-day ones, which the peer
/// gives as dates (`all-day-trigger-truncated-to-a-date`), are compared
/// by (UID, instance) only.
func compareAlarmPeer(_ week: [AlarmFiring], dump: String) {
    guard let text = try? String(contentsOfFile: dump, encoding: .utf8) else {
        warn("AL1: the peer wrote no firing list to \(dump)")
        return
    }
    var timed: [String: Int] = [:], days: [String: Int] = [:], cancelled = 0
    for line in text.split(separator: "\n") {
        let c = line.split(separator: "\t", omittingEmptySubsequences: false)
        guard c.count == 5 else { continue }
        if c[3] == "CANCELLED" { cancelled += 1; continue }
        if c[4] == "date" { days["\(c[0])\t\(c[2])", default: 0] += 1 } else { timed["\(c[0])\t\(c[1])\t\(c[2])", default: 0] += 1 }
    }
    var onlyAlmanac = 0, allDay = 0
    for f in week {
        let start = f.instance.occurrence.instants(in: .utc).lowerBound.secondsSinceEpoch
        let (key, isDay) = f.instance.isAllDay ? ("\(f.instance.seriesID)\t\(start)", true)
            : ("\(f.instance.seriesID)\t\(f.time.secondsSinceEpoch)\t\(start)", false)
        if isDay { allDay += 1 }
        if let n = isDay ? days[key] : timed[key], n > 0 {
            if isDay { days[key] = n - 1 } else { timed[key] = n - 1 }
        } else {
            onlyAlmanac += 1
        }
    }
    let onlyPeer = timed.values.reduce(0, +) + days.values.reduce(0, +)
    let summary = "recurring-ical-events: the same \(week.count - allDay) timed firings (UID, time, instance start) and \(allDay) all-day ones "
        + "(UID, instance; the peer gives their times as dates); it also lists \(cancelled) of cancelled instances, which Almanac leaves out"
    if onlyAlmanac == 0 && onlyPeer == 0 {
        report("check", "AL1", "agree", summary)
    } else {
        let message = "AL1: \(onlyAlmanac) firings only Almanac's, \(onlyPeer) only the peer's (beside \(cancelled) of cancelled instances)"
        report("check", "AL1", "differ", message)
        note(message)
    }
}
