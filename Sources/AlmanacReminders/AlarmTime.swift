import Almanac
import AlmanacCalendar

/// When an alarm relative to an instance fires (RFC 5545 section 3.8.6.3).
enum AlarmTime {
    /// Instants are kept within years -400,000...400,000 (seconds), so that
    /// sums of them and of bounded durations cannot overflow.
    static let bound: Int64 = 12_600_000_000_000

    @inline(__always)
    static func clamp(_ s: Int64) -> Int64 { min(max(s, -bound), bound) }

    /// The first time an alarm with trigger `d` relative to the start (or,
    /// `atEnd`, the end) of `o` fires, in seconds.
    ///
    /// A timed instance: the duration's days are nominal in the instance's
    /// zone (RFC 5545 section 3.3.6: "-P1D" from 09:00 is 09:00 the day
    /// before, also across a DST change), its hours, minutes and seconds
    /// exact. A floating or all-day instance has no instant of its own: the
    /// whole duration is added to its wall clock, which is then read in
    /// `viewer` (RFC 5545 section 3.3.5: floating times are the same wall
    /// clock in every zone), so that "-PT15H" before an all-day event is
    /// 09:00 the day before on the viewer's clock, whatever DST does in
    /// between (README, RFC choices).
    static func relative(_ d: EventDuration, atEnd: Bool, of o: CalendarOccurrence, viewer: Zone) -> Int64 {
        let days = Int64(max(min(d.days, 146_000_000), -146_000_000)) * 86_400
        let seconds = Int64(max(min(d.seconds, Int(bound)), -Int(bound)))
        switch o.occurrence.extent {
        case .instants(let r, _):
            var t = (atEnd ? r.upperBound : r.lowerBound).secondsSinceEpoch
            if days != 0 {
                let zone = o.zone ?? .utc
                let local = clamp(t + Int64(zone.offset(at: Timestamp(secondsSinceEpoch: t)).seconds) + days)
                t = zone.instant(ofLocalSeconds: local)
            }
            return clamp(t + seconds)
        case .wallClock(let r):
            let local = (atEnd ? r.upperBound : r.lowerBound).localSeconds
            return viewer.instant(ofLocalSeconds: clamp(local + days + seconds))
        case .dates(let r):
            let local = Int64((atEnd ? r.upperBound : r.lowerBound).daysSinceEpoch) * 86_400
            return viewer.instant(ofLocalSeconds: clamp(local + days + seconds))
        }
    }

    /// The time between repeats, in seconds: exact (a day is 86,400 s), at least one second.
    static func interval(_ a: Alarm) -> Int64 { max(1, AlarmSummary.seconds(a.repeatInterval ?? .zero)) }
}
