// The C limit loop (Sources/CLimitLoop): W1, W2, W4, W6 and W7's instants
// with the least logic that produces them, measured in the same run as
// Almanac. Setup hands it New York's transitions (public
// `Zone.transitions(from:to:)`) and each workload's first wall clock and
// step cycle (W4, W6: first month and which day of it), and checks that it
// gives exactly Almanac's instants and offsets.

import Almanac
import Benchmark
import CLimitLoop

/// One workload's input to the C loop.
struct CLimitInput: Sendable {
    let transitions: [Int64]
    let offsets: [Int32]
    /// Wall-clock stepping (W1, W2): the first local seconds and the cycle of steps.
    let firstLocal: Int64?
    /// Elapsed stepping (W7): the first instant and the step.
    let firstUTC: Int64
    let steps: [Int64]
    /// Month stepping (W4, W6): DTSTART's month and which day of each month.
    let months: Months?
    let count: Int

    struct Months {
        let firstDay: Int64, year: Int64, month: Int32, second: Int64, pick: Int32
    }

    init(_ w: Workload, firstLocal: Int64?, firstUTC: Int64 = 0, steps: [Int64], months: Months? = nil) {
        let count = w.rule.count!
        let from = Timestamp(secondsSinceEpoch: w.start.localSeconds - 2 * 86_400)
        // Month stepping: at most 2 months per instance (W4: 7 of 12 months have a 31st).
        let span = months == nil ? Int64(count) * steps.reduce(0, +) : Int64(count) * 62 * 86_400
        let to = Timestamp(secondsSinceEpoch: w.start.localSeconds + span + 86_400 * 8)
        let ts = newYork.transitions(from: from, to: to)
        transitions = ts.map { $0.instant.secondsSinceEpoch }
        offsets = [ts.first?.before.seconds ?? newYork.offset(at: from).seconds] + ts.map { $0.after.seconds }
        (self.firstLocal, self.firstUTC, self.steps, self.months, self.count) = (firstLocal, firstUTC, steps, months, count)
    }

    /// The loop, summing (the measured form).
    @inline(__always)
    func run() -> Int64 {
        transitions.withUnsafeBufferPointer { t in
            offsets.withUnsafeBufferPointer { o in
                steps.withUnsafeBufferPointer { s in
                    if let m = months {
                        return climit_months(t.baseAddress, o.baseAddress, Int64(t.count), m.firstDay, m.year, m.month, m.second, m.pick, Int64(count), nil, nil)
                    }
                    if let l = firstLocal {
                        return climit_local(t.baseAddress, o.baseAddress, Int64(t.count), l, s.baseAddress, Int64(s.count), Int64(count), nil, nil)
                    }
                    return climit_elapsed(t.baseAddress, o.baseAddress, Int64(t.count), firstUTC, s[0], Int64(count), nil, nil)
                }
            }
        }
    }

    /// The loop writing every instant and offset (the check).
    func occurrences() -> (instants: [Int64], offsets: [Int32]) {
        var i = [Int64](repeating: 0, count: count), f = [Int32](repeating: 0, count: count)
        transitions.withUnsafeBufferPointer { t in
            offsets.withUnsafeBufferPointer { o in
                steps.withUnsafeBufferPointer { s in
                    i.withUnsafeMutableBufferPointer { oi in
                        f.withUnsafeMutableBufferPointer { of in
                            if let m = months {
                                _ = climit_months(t.baseAddress, o.baseAddress, Int64(t.count), m.firstDay, m.year, m.month, m.second, m.pick, Int64(count), oi.baseAddress, of.baseAddress)
                            } else if let l = firstLocal {
                                _ = climit_local(t.baseAddress, o.baseAddress, Int64(t.count), l, s.baseAddress, Int64(s.count), Int64(count), oi.baseAddress, of.baseAddress)
                            } else {
                                _ = climit_elapsed(t.baseAddress, o.baseAddress, Int64(t.count), firstUTC, s[0], Int64(count), oi.baseAddress, of.baseAddress)
                            }
                        }
                    }
                }
            }
        }
        return (i, f)
    }
}

/// W1: every day from DTSTART (a Saturday, itself an instance); W2: Monday,
/// Wednesday, Friday from the first Monday; W4: the 31st of each month that
/// has one, W6: each month's last weekday, from DTSTART's month (its 1st, so
/// no instance of that month comes before DTSTART); W7: every 7 hours from DTSTART.
func cLimitInput(_ id: String) -> CLimitInput {
    let w = workloads[id]!
    let day: Int64 = 86_400
    switch id {
    case "W1":
        return CLimitInput(w, firstLocal: w.start.localSeconds, steps: [day])
    case "W2":
        let back = Int64((w.start.date.weekday.rawValue - Weekday.monday.rawValue + 7) % 7)
        let monday = w.start.localSeconds + (back == 0 ? 0 : (7 - back) * day)
        return CLimitInput(w, firstLocal: monday, steps: [2 * day, 2 * day, 3 * day])
    case "W4", "W6":
        let d = w.start.date
        let first = try! CivilDate(d.year, d.month, 1)
        let months = CLimitInput.Months(firstDay: Int64(first.daysSinceEpoch), year: Int64(d.year), month: Int32(d.month),
                                        second: Int64(w.start.time.secondsSinceMidnight),
                                        pick: id == "W4" ? CLIMIT_DAY_31 : CLIMIT_LAST_WEEKDAY)
        return CLimitInput(w, firstLocal: nil, steps: [], months: months)
    default:
        let first: Int64
        do { first = try newYork.timestamp(for: w.start).secondsSinceEpoch } catch { fatalError("\(error)") }
        return CLimitInput(w, firstLocal: nil, firstUTC: first, steps: [7 * 3600])
    }
}

func registerCLimit() {
    for id in ["W1", "W2", "W4", "W6", "W7"] {
        Benchmark("\(id)-CLimit") { benchmark, input in
            benchmark.timed {
                blackHole(input.run())
            }
        } setup: { () -> CLimitInput in
            let input = cLimitInput(id)
            let w = workloads[id]!
            let c = input.occurrences()
            report("count", id, "CLimit", String(c.instants.count), w.text)
            var ai: [Int64] = [], ao: [Int32] = []
            for o in expand(w.set, in: w.window) {
                ai.append(o.instants!.lowerBound.secondsSinceEpoch)
                ao.append(o.offset!.seconds)
            }
            // The measured loop's sum is the suite's Tally of the same occurrences.
            let folded = Tally(count: c.instants.count, hash: UInt64(bitPattern: input.run()))
            if ai == c.instants && ao == c.offsets && folded == almanacTally(w.set, in: w.window) {
                report("check", id, "agree", "the C limit loop: \(ai.count) instants and offsets, and its fold")
            } else {
                let i = zip(ai, c.instants).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(ai.count, c.instants.count)
                let message = "\(id) \(w.text): Almanac \(ai.count) occurrences, the C limit loop \(c.instants.count); first difference at #\(i)"
                report("check", id, "MISMATCH", message)
                warn("Almanac and the C limit loop disagree: " + message)
            }
            return input
        }

    }
}
