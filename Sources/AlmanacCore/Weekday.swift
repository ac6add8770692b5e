/// A day of the week.
///
/// Raw values follow ISO 8601 (Monday is 1, Sunday is 7). RFC 5545 writes them
/// `MO`, `TU`, `WE`, `TH`, `FR`, `SA`, `SU`; its default week start (WKST) is
/// Monday, which is also ISO's.
///
/// ```swift
/// Weekday.friday.rfcCode            // "FR"
/// Weekday(rfcCode: "SU")            // .sunday
/// Weekday.sunday.offset(from: .monday) // 6: days from a Monday week start
/// ```
///
/// Codable as its RFC 5545 code, `"FR"`.
public enum Weekday: Int, Sendable, Hashable, CaseIterable, Comparable {
    /// Monday, ISO day 1 (`MO`): RFC 5545's default week start.
    case monday = 1
    /// Tuesday, ISO day 2 (`TU`).
    case tuesday
    /// Wednesday, ISO day 3 (`WE`).
    case wednesday
    /// Thursday, ISO day 4 (`TH`): the day that decides which year an ISO week belongs to.
    case thursday
    /// Friday, ISO day 5 (`FR`).
    case friday
    /// Saturday, ISO day 6 (`SA`).
    case saturday
    /// Sunday, ISO day 7 (`SU`).
    case sunday

    /// The two-letter RFC 5545 code (`MO` ... `SU`).
    public var rfcCode: String {
        switch self {
        case .monday: "MO"
        case .tuesday: "TU"
        case .wednesday: "WE"
        case .thursday: "TH"
        case .friday: "FR"
        case .saturday: "SA"
        case .sunday: "SU"
        }
    }

    /// Reads a two-letter RFC 5545 code, upper case; `nil` for anything else.
    public init?(rfcCode: some StringProtocol) {
        switch rfcCode {
        case "MO": self = .monday
        case "TU": self = .tuesday
        case "WE": self = .wednesday
        case "TH": self = .thursday
        case "FR": self = .friday
        case "SA": self = .saturday
        case "SU": self = .sunday
        default: return nil
        }
    }

    /// Days from `weekStart` to `self` going forward, in `0...6`.
    @inlinable
    public func offset(from weekStart: Weekday) -> Int {
        let d = rawValue - weekStart.rawValue
        return d < 0 ? d + 7 : d
    }

    /// ISO order: Monday first, Sunday last.
    public static func < (a: Weekday, b: Weekday) -> Bool { a.rawValue < b.rawValue }
}
