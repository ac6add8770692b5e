import Almanac
import AlmanacAvailability
import AlmanacCalendar
import AlmanacTestSupport
import Foundation
import Testing

/// Corpus/availability: VAVAILABILITY files (RFC 7953) and the available
/// and unavailable time they give in a window (README.md there).
struct AvailabilityFixtureTests {
    static let folder: String = {
        var dir = String(#filePath)
        for _ in 0..<3 { dir = String(dir[..<dir.lastIndex(of: "/")!]) }
        return dir + "/Corpus/availability"
    }()

    static let names = ["rfc7953-example-weekdays", "priority-order-across-dst", "bounded-duration-busytype-fall-back",
                        "available-rdate-exdate-override"]

    struct Fixture: Decodable {
        var zone: String
        var from: String
        var to: String
        var available: [[String]]
        var unavailable: [[String]]?
    }

    @Test(arguments: names)
    func fixture(_ name: String) throws {
        let ics = try #require(fileBytes(atPath: "\(Self.folder)/\(name).ics"), "\(name).ics")
        let json = try #require(fileBytes(atPath: "\(Self.folder)/\(name).json"))
        let f = try JSONDecoder().decode(Fixture.self, from: Data(json))
        let calendar = try EventCalendar(ics: ics, options: .strict)
        #expect(!calendar.availability.isEmpty)
        let zone = try Zone(f.zone)
        let window = try Timestamp(parsing: f.from)..<Timestamp(parsing: f.to)
        let available = WorkingHours.availability(calendar.availability).intervals(in: window, zone: zone)
        #expect(available.map { [$0.lowerBound.description, $0.upperBound.description] } == f.available.map { $0.map(Self.iso) }, "\(name)")
        if let expected = f.unavailable {
            let got = AvailabilityTime(calendar.availability).unavailable(in: window, zone: zone)
            #expect(got.map { [$0.range.lowerBound.description, $0.range.upperBound.description, $0.type.rawValue] }
                == expected.map { [Self.iso($0[0]), Self.iso($0[1]), $0[2]] }, "\(name)")
        }
    }

    /// The fixtures' `2026-03-23T13:00:00Z` as `Timestamp.description` prints it.
    static func iso(_ s: String) -> String { (try? Timestamp(parsing: s).description) ?? s }

    @Test func readsPriorityBusyTypeAndTheRange() throws {
        let ics = try #require(fileBytes(atPath: "\(Self.folder)/priority-order-across-dst.ics"))
        let a = try EventCalendar(ics: ics).availability
        #expect(a.map(\.priority) == [0, 1, 9])
        #expect(a.map(\.busyType) == [.busyUnavailable, .busyTentative, .busy])
        #expect(a[0].range(in: .utc) == Timestamp.min..<Timestamp.max)
        #expect(a[2].available.count == 1)
        #expect(a[1].summary?.hasPrefix("Monday 30") == true)
    }

    /// Strict reading refuses a PRIORITY outside 0...9 (RFC 5545 3.8.1.9);
    /// lenient reading takes it as 0 and says so.
    @Test func badPriorityIsAnErrorOrANote() throws {
        let text = "BEGIN:VCALENDAR\r\nBEGIN:VAVAILABILITY\r\nUID:x\r\nPRIORITY:12\r\nEND:VAVAILABILITY\r\nEND:VCALENDAR\r\n"
        #expect(throws: AlmanacError.self) { try EventCalendar(ics: text, options: .strict) }
        let lenient = try EventCalendar(ics: text)
        #expect(lenient.availability.first?.priority == 0)
        #expect(lenient.readings.contains { $0.description.contains("PRIORITY \"12\" read as 0") })
    }
}
