import Almanac
import Foundation

/// The Foundation loader: the same transitions as the ICU loader, read from
/// `Foundation.TimeZone` (the zone data Apple platforms ship, and on Linux the
/// ICU bundled with swift-foundation). Not API; `Zone.enableFoundationSource()`
/// installs it as the engine's ``Zone/Source/foundation``. Foundation is
/// imported only in this module (the bridges to `Date`, `TimeZone`,
/// `Calendar`); the engine never sees it.
///
/// `TimeZone.nextDaylightSavingTimeTransition(after:)` is named for DST, and
/// an implementation may skip transitions that change only the standard
/// offset (Europe/Moscow 2011-03-27 and 2014-10-26, America/Caracas
/// 2007-12-09 and 2016-05-01, Pacific/Apia 2011-12-30). swift-foundation
/// on Linux (Swift 6.3) does report them: it walks ICU's transitions. The
/// loader does not rely on that: before accepting each reported transition it
/// checks that the offset just before it is still the offset of the previous
/// one, and if not, bisects for the change it was not told about. A change
/// and its reversal that both fall between two reported transitions would
/// still be missed; no zone in tzdata has one.
enum FoundationZones {
    /// Foundation's tz data version (`TimeZone.timeZoneDataVersion`), such as `2025b`.
    static var dataVersion: String { TimeZone.timeZoneDataVersion }

    /// The ids Foundation knows, sorted.
    static func identifiers() -> [String] {
        TimeZone.knownTimeZoneIdentifiers.sorted()
    }

    /// The offset changes of a zone Foundation knows by `id`, from year 1 to
    /// the engine's table end; `nil` when Foundation does not know `id`.
    ///
    /// - Complexity: two Foundation calls per transition, plus about 40 per
    ///   transition Foundation did not report.
    static func transitions(_ id: String) -> (initialOffset: Int32, changes: [(instant: Int64, offset: Int32)])? {
        guard !id.isEmpty, let zone = TimeZone(identifier: id) else { return nil }
        func offset(_ t: Int64) -> Int32 {
            Int32(zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(t))))
        }
        let initial = offset(ExternalZoneSource.tableStart)
        var changes: [(instant: Int64, offset: Int32)] = []
        var last = ExternalZoneSource.tableStart, current = initial

        /// Records every change in `(last, upTo]` that Foundation skipped:
        /// bisects while the offset at `upTo` is not the current one.
        func recordSkipped(upTo end: Int64) {
            while offset(end) != current {
                var same = last, different = end   // offset(same) == current != offset(different)
                while different - same > 1 {
                    let mid = same + (different - same) / 2
                    if offset(mid) == current { same = mid } else { different = mid }
                }
                current = offset(different)
                changes.append((different, current))
                last = different
            }
        }

        var cursor = Date(timeIntervalSince1970: Double(ExternalZoneSource.tableStart))
        while let next = zone.nextDaylightSavingTimeTransition(after: cursor) {
            let t = Int64(next.timeIntervalSince1970.rounded(.down))
            guard t < ExternalZoneSource.tableEnd, t > last else { break }
            recordSkipped(upTo: t - 1)
            current = offset(t)
            changes.append((t, current))
            last = t
            cursor = next
        }
        recordSkipped(upTo: ExternalZoneSource.tableEnd - 1)
        return (initial, changes)
    }
}

extension Zone {
    /// Makes Foundation's `TimeZone` a zone source: after this call,
    /// `Zone(id, source: .foundation)` loads a zone's transitions from
    /// `Foundation.TimeZone`, and `Zone/dataVersion(of:)` and
    /// `Zone/knownIdentifiers(source:)` answer for it. Calling it again does
    /// nothing. The engine (`Almanac`) does not link Foundation; this module does.
    ///
    /// ```swift
    /// import Almanac
    /// import AlmanacFoundation
    ///
    /// Zone.enableFoundationSource()
    /// let ny = try Zone("America/New_York", source: .foundation)
    /// ny.dataVersion   // Foundation's, such as "2025b"
    /// ```
    ///
    /// - Complexity: O(1).
    public static func enableFoundationSource() {
        ExternalZoneSource.install(
            ExternalZoneSource(dataVersion: { FoundationZones.dataVersion }, identifiers: { FoundationZones.identifiers() },
                               transitions: { FoundationZones.transitions($0) }),
            as: .foundation)
    }
}
