import Almanac
import Foundation

extension Timestamp {
    /// The whole second at or before a Foundation `Date` (RFC 5545 has second precision).
    ///
    /// ```swift
    /// Timestamp(Date(timeIntervalSince1970: 1.9)).secondsSinceEpoch  // 1
    /// ```
    public init(_ date: Date) {
        self.init(secondsSinceEpoch: Int64(date.timeIntervalSince1970.rounded(.down)))
    }
}

extension Date {
    /// The Foundation `Date` of an Almanac `Timestamp`.
    public init(_ timestamp: Timestamp) {
        self.init(timeIntervalSince1970: TimeInterval(timestamp.secondsSinceEpoch))
    }
}
