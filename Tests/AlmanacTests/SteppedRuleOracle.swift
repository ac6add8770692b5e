import Almanac

/// The instances of `FREQ=f;INTERVAL=n` from a UTC DTSTART, optionally with
/// `BYMONTH=1,12;BYHOUR=0,23`, computed by stepping with plain arithmetic
/// (for `LimitsTests`' huge INTERVALs, where the expander seeks and counts
/// instead of stepping). Dates come from `OracleCivil`, not from the
/// library's calendar code. DTSTART's day of the month must be at most 28,
/// so that every month has it.
struct SteppedRuleOracle {
    var frequency: RecurrenceRule.Frequency
    var interval: Int
    /// DTSTART in UTC.
    var year: Int, month: Int, dayOfMonth: Int, secondOfDay: Int
    /// `BYMONTH=1,12;BYHOUR=0,23`: limits for sub-daily frequencies; for
    /// DAILY and coarser, BYHOUR expands each day into 00:MM:SS and 23:MM:SS
    /// (minute and second from DTSTART), and YEARLY's BYMONTH expands too.
    var filtered: Bool

    /// Seconds from 0001-01-01T00:00:00 of a day number and a second of the day.
    static func seconds(_ day: Int, _ second: Int) -> Int64 { Int64(day) * 86_400 + Int64(second) }
    static let last = seconds(OracleCivil.day(9999, 12, 31), 86_399)
    static let epoch = seconds(OracleCivil.epoch, 0)

    /// The instances, in seconds since 1970-01-01 UTC: DTSTART first (it
    /// counts even when the filters refuse it), then the rule's; only those
    /// at or after `from`, at most `limit` of them.
    func instances(from: Int64 = .min, limit: Int) -> [Int64] {
        let start = Self.seconds(OracleCivil.day(year, month, dayOfMonth), secondOfDay)
        let minuteAndSecond = secondOfDay % 3600
        var out: [Int64] = []
        /// Adds an instance; `false` once `limit` is reached.
        func add(_ s: Int64) -> Bool {
            if s > start, s <= Self.last, s - Self.epoch >= from { out.append(s - Self.epoch) }
            return out.count < limit
        }
        if start - Self.epoch >= from { out.append(start - Self.epoch) }
        switch frequency {
        case .secondly, .minutely, .hourly, .daily, .weekly:
            let unit: Int64 = [.secondly: 1, .minutely: 60, .hourly: 3600, .daily: 86_400, .weekly: 604_800][frequency]!
            let (step, overflow) = Int64(interval).multipliedReportingOverflow(by: unit)
            if overflow { return out }
            // Start at the last step before `from`: earlier ones cannot be instances.
            var i = from > start - Self.epoch ? (from - (start - Self.epoch)) / step : 0
            while out.count < limit {
                let (offset, o) = i.multipliedReportingOverflow(by: step)
                guard !o, offset <= Self.last - start else { break }
                i += 1
                let s = start + offset
                guard filtered else { if add(s) { continue } else { break } }
                let date = OracleCivil.date(Int(s / 86_400))
                guard date.month == 1 || date.month == 12 else { continue }
                if frequency < .daily {
                    let hour = Int(s % 86_400) / 3600
                    guard hour != 0 && hour != 23 || add(s) else { break }
                } else {
                    let midnight = s - s % 86_400
                    guard add(midnight + Int64(minuteAndSecond)), add(midnight + Int64(23 * 3600 + minuteAndSecond)) else { break }
                }
            }
        case .monthly, .yearly:
            // A step past 2^63-1 months leaves only DTSTART's own period.
            let (months, overflow) = interval.multipliedReportingOverflow(by: frequency == .monthly ? 1 : 12)
            var m = year * 12 + month - 1   // months since year 0, January = 0
            while out.count < limit, m / 12 <= 9999 {
                let y = m / 12, inPeriod = m % 12 + 1
                // A yearly period expands to its months 1 and 12; a monthly one is limited to them.
                let monthsShown = !filtered ? [inPeriod] : frequency == .yearly ? [1, 12] : [1, 12].filter { $0 == inPeriod }
                let times = filtered ? [minuteAndSecond, 23 * 3600 + minuteAndSecond] : [secondOfDay]
                for mo in monthsShown {
                    for t in times where !add(Self.seconds(OracleCivil.day(y, mo, dayOfMonth), t)) { return out }
                }
                let (next, o) = m.addingReportingOverflow(months)
                if overflow || o { break }
                m = next
            }
        }
        return out
    }
}
