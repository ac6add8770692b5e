#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing

/// `almanac mark` appends records that `almanac review` then counts, and
/// `almanac review --svg` draws what it counted: rsvg-convert turns the SVG
/// into a PNG and Tests/AlmanacCLITests/png_pixels.py reads its pixels.
@Suite struct ReviewCommandTests {
    static var folder: String {
        var dir = String(#filePath)
        dir = String(dir[..<dir.lastIndex(of: "/")!])
        return dir
    }

    @Test func markAppendsAndReviewCounts() throws {
        let file = try TemporaryFile(contents: [])
        let key = "run/2024-03-04T07:00:00/2024-03-04"
        let a = try AlmanacExecutable.run(["mark", key, "partial=0.5", "--records", file.path, "--at", "2024-03-04T08:00:00Z"])
        #expect(a.status == 0, "\(a)")
        #expect(a.stdout == #"{"key":"run/2024-03-04T07:00:00/2024-03-04","mark":"partial","fraction":0.5,"recorded":"2024-03-04T08:00:00Z"}"# + "\n")
        // A change of mind later the same day: the later record wins.
        let b = try AlmanacExecutable.run(["mark", key, "done", "--note", "all of it", "--records", file.path, "--at", "2024-03-04T20:00:00Z"])
        #expect(b.status == 0, "\(b)")
        #expect(file.read() == a.stdout + b.stdout)
        // A daily 07:00 run in Paris; the week 2024-W10 (4-10 March) has 7 days, one done.
        let r = try AlmanacExecutable.run(["review", "2024-W10", "FREQ=DAILY", "--start", "20240101T070000", "--tz", "Europe/Paris",
                                           "--duration", "PT30M", "--series-id", "run", "--records", file.path, "--json"])
        #expect(r.status == 0, "\(r)")
        let done = 1.0 / 7.0
        #expect(r.stdout.contains(#""totals":{"expected":7,"done":1,"partial":0,"partial_credit":0.0,"skipped":0,"unrecorded":6,"completion":\#(done)}"#), "\(r)")
    }

    @Test func markRefusesBadInput() throws {
        let file = try TemporaryFile(contents: [])
        let bad = try AlmanacExecutable.run(["mark", "run/2024-03-04", "done", "--records", file.path])
        #expect(bad.status == 2)
        #expect(bad.stderr.hasPrefix("error: KEY \"run/2024-03-04\": "), "\(bad)")
        let fraction = try AlmanacExecutable.run(["mark", "run/2024-03-04T07:00:00/2024-03-04", "partial=1.5", "--records", file.path])
        #expect(fraction.status == 2)
        #expect(fraction.stderr.contains("outside 0...1"), "\(fraction)")
        #expect(file.read() == "")
    }

    @Test func tornLineIsReportedAndCutOnAppend() throws {
        let whole = #"{"key":"run/2024-03-04T07:00:00/2024-03-04","mark":"done","recorded":"2024-03-04T08:00:00Z"}"# + "\n"
        let file = try TemporaryFile(contents: Array((whole + #"{"key":"run/2024-03-05T07:0"#).utf8))
        let review = try AlmanacExecutable.run(["review", "2024-W10", "FREQ=DAILY", "--start", "20240101T070000", "--tz", "Europe/Paris",
                                                "--series-id", "run", "--records", file.path])
        #expect(review.status == 0)
        #expect(review.stderr.contains("line 2 is torn"), "\(review)")
        let mark = try AlmanacExecutable.run(["mark", "run/2024-03-05T07:00:00/2024-03-05", "skipped", "--records", file.path,
                                              "--at", "2024-03-05T08:00:00Z"])
        #expect(mark.status == 0)
        #expect(mark.stderr.contains("line 2 was torn"), "\(mark)")
        #expect(file.read() == whole + mark.stdout)
    }

    /// The heat map of the sample's week: the 7 squares in one row, 44 units
    /// a side, 4 apart, from (64, 64) (``ReviewDrawing``'s calendar layout).
    /// Colours by the completion worked out in ReviewGoldenTests: Mon and
    /// Wed all done (#216e39), Tue 83% (#216e39, hatched: a partial day),
    /// Thu 33% (#9be9a8), Fri 63% (#40c463, hatched), Sat and Sun 0%
    /// (#e4e4e4). In 2023-W49 Tue 5 expects nothing (white, #ffffff) and
    /// Mon 4's sync was marked done (record 12 of the sample).
    ///
    /// Needs rsvg-convert (Debian: librsvg2-bin), which a machine with only
    /// the toolchain and libicu-dev lacks: there the test is skipped, and
    /// Swift Testing prints the reason. `.ci/run` installs it and sets
    /// ALMANAC_REQUIRE_RSVG=1, which runs the test even without the tool,
    /// so that a missing tool fails CI instead of skipping the check.
    @Test(.enabled(if: rsvgConvert != nil || rsvgRequired,
                   "needs rsvg-convert to read the heat map's pixels (apt-get install librsvg2-bin; .ci/run installs it)"))
    func heatMapPixels() throws {
        let rsvg = try #require(Self.rsvgConvert, "ALMANAC_REQUIRE_RSVG=1, but there is no rsvg-convert: apt-get install librsvg2-bin")
        let week48: [(Int, String, Bool)] = [(0, "#216e39", false), (1, "#216e39", true), (2, "#216e39", false),
                                             (3, "#9be9a8", false), (4, "#40c463", true), (5, "#e4e4e4", false), (6, "#e4e4e4", false)]
        try check("2023-W48", week48, rsvg: rsvg)
        try check("2023-W49", [(0, "#216e39", false), (1, "#ffffff", false), (3, "#e4e4e4", false)], rsvg: rsvg)
    }

    /// rsvg-convert's path: the first executable regular file of that name
    /// on PATH or in /usr/bin.
    static let rsvgConvert: String? = {
        let path = getenv("PATH").map { String(cString: $0) } ?? ""
        let folders = path.split(separator: ":").map(String.init) + ["/usr/bin"]
        return folders.map { $0 + "/rsvg-convert" }.first { file in
            var info = stat()
            return stat(file, &info) == 0 && info.st_mode & S_IFMT == S_IFREG && access(file, X_OK) == 0
        }
    }()

    /// ALMANAC_REQUIRE_RSVG=1 (set by `.ci/run`): a missing rsvg-convert fails the test instead of skipping it.
    static let rsvgRequired = getenv("ALMANAC_REQUIRE_RSVG").map { String(cString: $0) == "1" } ?? false

    /// Whether two `#rrggbb` colours differ by at most 16 in each channel.
    static func near(_ a: String, _ b: String) -> Bool {
        func channels(_ s: String) -> [Int] {
            let hex = Array(s.utf8.dropFirst())
            return stride(from: 0, to: 6, by: 2).map { Int(String(decoding: hex[$0..<($0 + 2)], as: UTF8.self), radix: 16) ?? -999 }
        }
        return zip(channels(a), channels(b)).allSatisfy { abs($0 - $1) <= 16 }
    }

    func check(_ period: String, _ cells: [(column: Int, colour: String, hatched: Bool)], rsvg: String) throws {
        let svg = try TemporaryFile(contents: []), png = try TemporaryFile(contents: [])
        let here = try TemporaryFolder()   // no almanac-records.jsonl: the sample's records
        let r = try AlmanacExecutable.run(["review", period, "--svg", svg.path], directory: here.path)
        #expect(r.status == 0, "\(r)")
        #expect(svg.read().hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(!svg.read().contains("href"))   // self-contained: no images, fonts or links
        let convert = try AlmanacExecutable.run([svg.path, "-o", png.path], executable: rsvg)
        #expect(convert.status == 0, "\(convert)")
        for c in cells {
            let x = 64 + c.column * 48, y = 64
            // The lower half of the square, away from the day's number: 16 pixels along a row.
            let points = (0..<16).map { "\(x + 22 + $0),\(y + 34)" }
            let read = try AlmanacExecutable.run([Self.folder + "/png_pixels.py", png.path] + points, executable: "/usr/bin/python3")
            #expect(read.status == 0, "\(read)")
            let colours = Set(read.stdout.split(separator: "\n").map(String.init))
            // Stripes are drawn with anti-aliasing: a colour counts when a pixel is within 16 of it in each channel.
            #expect(colours.contains { Self.near($0, c.colour) }, "\(period) column \(c.column): \(colours)")
            #expect(colours.contains { Self.near($0, "#f29d12") } == c.hatched, "\(period) column \(c.column): \(colours)")
        }
    }
}
