#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Almanac
import AlmanacAvailability
import AlmanacCalendar
import Foundation
import Testing

/// The free/busy drawing, read back as pixels: rsvg-convert turns the SVG
/// into a PNG and Tests/AlmanacCLITests/png_pixels.py (the review's pixel
/// reader) reads the colours at positions computed with the drawing's own
/// ``AvailabilityDrawing/x(of:)`` and ``AvailabilityDrawing/band(of:)``.
struct AvailabilityDrawingTests {
    let day = try! Timestamp(utc: CivilDate(2026, 3, 23).at(0, 0))
    func at(_ h: Int, _ m: Int = 0) -> Timestamp { day + Int64(h * 3600 + m * 60) }

    /// Ana in Paris (09:00-17:00 CET is 08:00-16:00 UTC) with a BUSY, a
    /// BUSY-TENTATIVE and a BUSY-UNAVAILABLE hour; Chie in Tokyo (09:00-18:00
    /// JST is 00:00-09:00 UTC), free. Their one slot: 08:00-09:00 UTC.
    func drawing() throws -> AvailabilityDrawing {
        let ana = Attendee(name: "ana", zone: try Zone("Europe/Paris"),
                           busy: [BusyPeriod(range: at(9)..<at(10), type: .busy), BusyPeriod(range: at(11)..<at(12), type: .busyTentative),
                                  BusyPeriod(range: at(14)..<at(15), type: .busyUnavailable)],
                           hours: .weekly(try WeeklyHours(parsing: "Mon-Fri 09:00-17:00")))
        let chie = Attendee(name: "chie", zone: try Zone("Asia/Tokyo"), busy: [],
                            hours: .weekly(try WeeklyHours(parsing: "Mon-Fri 09:00-18:00")))
        let finder = SlotFinder([ana, chie])
        let window = at(0)..<at(24)
        let slots = try finder.slots(in: window, length: 1800)
        #expect(slots == [FreeSlot(range: at(8)..<at(9), attendees: [0, 1])])
        return AvailabilityDrawing(finder, window: window, slots: slots)
    }

    @Test func layoutAndText() throws {
        let d = try drawing()
        #expect(d.x(of: at(0)) == 176)
        #expect(d.x(of: at(12)) - d.x(of: at(0)) == 240)   // 24 hours drawn 480 units wide
        #expect(d.band(of: 1).y - d.band(of: 0).y == 40)
        let svg = d.svg()
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(!svg.contains("href"))
        #expect(svg.contains(">ana (Europe/Paris)</text>") && svg.contains(">chie (Asia/Tokyo)</text>"))
        #expect(svg == (try drawing().svg()))   // the same input, the same bytes
        #expect(AvailabilityDrawing(rows: [.init(name: "a<b", hours: [], busy: [])], window: at(0)..<at(1)).svg().contains(">a&lt;b</text>"))
    }

    /// Needs rsvg-convert (Debian: librsvg2-bin): skipped without it, unless
    /// ALMANAC_REQUIRE_RSVG=1 (set by `.ci/run`) makes its absence a failure.
    @Test(.enabled(if: rsvgConvert != nil || rsvgRequired,
                   "needs rsvg-convert to read the drawing's pixels (apt-get install librsvg2-bin; .ci/run installs it)"))
    func pixels() throws {
        let rsvg = try #require(Self.rsvgConvert, "ALMANAC_REQUIRE_RSVG=1, but there is no rsvg-convert: apt-get install librsvg2-bin")
        let d = try drawing()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("almanac-drawing-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let svg = dir.appendingPathComponent("a.svg").path, png = dir.appendingPathComponent("a.png").path
        try d.svg().write(toFile: svg, atomically: true, encoding: .utf8)
        #expect(try run(rsvg, [svg, "-o", png]).status == 0)
        let row0 = d.band(of: 0), row1 = d.band(of: 1), slots = d.band(of: 2)
        let top0 = row0.y + 5, strip0 = row0.y + row0.height - 3
        // (instant, y, colour): each busy type, hours, off hours, the slot strip and the slots row.
        let checks: [(Timestamp, Int, String, String)] = [
            (at(9, 30), top0, AvailabilityDrawing.Colour.busy, "BUSY"),
            (at(11, 30), top0, AvailabilityDrawing.Colour.tentative, "BUSY-TENTATIVE"),
            (at(14, 30), top0, AvailabilityDrawing.Colour.unavailable, "BUSY-UNAVAILABLE"),
            (at(12, 30), top0, AvailabilityDrawing.Colour.hours, "Ana's hours, free"),
            (at(8, 30), top0, AvailabilityDrawing.Colour.hours, "Ana's hours over the slot strip"),
            (at(8, 30), strip0, AvailabilityDrawing.Colour.slot, "Ana's slot strip"),
            (at(20), top0, AvailabilityDrawing.Colour.off, "Ana after 17:00 Paris"),
            (at(4), row1.y + 5, AvailabilityDrawing.Colour.hours, "Chie's 13:00 Tokyo"),
            (at(12), row1.y + 5, AvailabilityDrawing.Colour.off, "Chie's 21:00 Tokyo"),
            (at(8, 30), slots.y + slots.height / 2, AvailabilityDrawing.Colour.slot, "the slots row"),
            (at(12), slots.y + slots.height / 2, AvailabilityDrawing.Colour.off, "the slots row, no slot"),
        ]
        let points = checks.map { "\(d.x(of: $0.0)),\($0.1)" }
        let read = try run("/usr/bin/python3", [Self.pixelReader, png] + points)
        #expect(read.status == 0, "\(read.output)")
        let colours = read.output.split(separator: "\n").map(String.init)
        #expect(colours.count == checks.count)
        for (c, got) in zip(checks, colours) { #expect(got == c.2, "\(c.3) at \(c.0): \(got)") }
    }

    static let pixelReader: String = {
        var dir = String(#filePath)
        for _ in 0..<2 { dir = String(dir[..<dir.lastIndex(of: "/")!]) }
        return dir + "/AlmanacCLITests/png_pixels.py"
    }()

    /// rsvg-convert's path: the first executable regular file of that name on PATH or in /usr/bin.
    static let rsvgConvert: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return (path.split(separator: ":").map(String.init) + ["/usr/bin"]).map { $0 + "/rsvg-convert" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    static let rsvgRequired = ProcessInfo.processInfo.environment["ALMANAC_REQUIRE_RSVG"] == "1"

    func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable)
        p.arguments = arguments
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = pipe
        try p.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
