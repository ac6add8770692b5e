import Almanac
import AlmanacRequests
import Testing

/// The batch writer's byte formatting must equal `Occurrence.description`, the protocol's definition.
@Suite struct OccurrenceBytesTests {
    static let starts: [CivilDateTime] = [
        try! CivilDate(1997, 9, 2).at(9, 0),
        try! CivilDate(1, 1, 1).at(0, 0),
        try! CivilDate(9999, 12, 31).at(23, 59, 59),
        try! CivilDate(2024, 2, 29).at(12, 5, 7),
        try! CivilDate(999, 10, 10).at(1, 2, 3),
    ]

    static let offsets: [Offset] = [
        .zero, try! Offset(hours: -4), try! Offset(hours: 5, minutes: 30), try! Offset(hours: 14),
        try! Offset(seconds: -17_762),  // New York LMT, -04:56:02
        try! Offset(seconds: 3_600 + 59), try! Offset(seconds: -59), try! Offset(hours: -12),
    ]

    /// A zero-length occurrence of each value form starting at `start`.
    static func occurrence(_ start: CivilDateTime, _ offset: Offset, _ kind: Anchor.Kind) -> Occurrence {
        let extent: Occurrence.Extent
        switch kind {
        case .date: extent = .dates(start.date..<start.date)
        case .floating: extent = .wallClock(start..<start)
        case .utc, .zoned: extent = .instants(start.timestamp(at: offset)..<start.timestamp(at: offset), offset: offset)
        }
        return Occurrence(recurrenceID: kind == .date ? RecurrenceID(date: start.date) : RecurrenceID(start),
                          start: kind == .date ? CivilDateTime(start.date, .midnight) : start, kind: kind, extent: extent)
    }

    @Test(arguments: [Anchor.Kind.date, .floating, .utc, .zoned])
    func matchesDescription(kind: Anchor.Kind) {
        for start in Self.starts {
            for offset in kind == .zoned ? Self.offsets : [.zero] {
                let o = Self.occurrence(start, offset, kind)
                var bytes: [UInt8] = [0x7B]
                o.appendDescription(to: &bytes)
                #expect(String(decoding: bytes.dropFirst(), as: UTF8.self) == o.description)
                #expect(bytes.first == 0x7B)  // appends, never replaces
            }
        }
    }

    @Test func writesEachForm() throws {
        let start = try CivilDate(1997, 9, 2).at(9, 0)
        func text(_ kind: Anchor.Kind, _ offset: Offset = .zero) -> String {
            var bytes: [UInt8] = []
            Self.occurrence(start, offset, kind).appendDescription(to: &bytes)
            return String(decoding: bytes, as: UTF8.self)
        }
        #expect(text(.date) == "1997-09-02")
        #expect(text(.floating) == "1997-09-02T09:00:00")
        #expect(text(.utc) == "1997-09-02T09:00:00Z")
        #expect(try text(.zoned, Offset(hours: -4)) == "1997-09-02T09:00:00-04:00")
        #expect(text(.zoned, .zero) == "1997-09-02T09:00:00+00:00")
        #expect(try text(.zoned, Offset(seconds: -17_762)) == "1997-09-02T09:00:00-04:56:02")
    }
}
