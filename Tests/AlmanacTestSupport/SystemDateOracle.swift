import Foundation

/// The system's own answer about a zone: GNU `date`, run with `TZ` set for
/// that one process, reads the machine's tz database through the C library
/// (glibc's TZif reader and its POSIX TZ rules), a reader independent of
/// Almanac's. Tests derive their expected offsets from it, so a tz data
/// update changes the expectation and the answer together, never a literal.
public enum SystemDateOracle {
    /// Whether GNU `date` and a tz database are on this machine (Linux).
    public static let isAvailable: Bool = {
        guard FileManager.default.isExecutableFile(atPath: "/bin/date") || FileManager.default.isExecutableFile(atPath: "/usr/bin/date")
        else { return false }
        return (try? offsets(tz: ":UTC", instants: [0])) == [0]
    }()

    /// The UTC offset, in seconds, in force at each instant (seconds since
    /// 1970) for the `TZ` value `tz` (`:America/New_York` reads that file;
    /// `EST5EDT,M3.2.0,M11.1.0` is a POSIX rule).
    public static func offsets(tz: String, instants: [Int64]) throws -> [Int] {
        let out = try date(tz: tz, lines: instants.map { "@\($0)" }, format: "%::z")
        return out.map(parseOffset)
    }

    /// The instant and offset `date` gives a local wall-clock time
    /// (`2024-07-01 12:00:00`) in the `TZ` value `tz`.
    public static func resolve(tz: String, local: String) throws -> (instant: Int64, offset: Int) {
        let line = try date(tz: tz, lines: [local], format: "%s %::z")[0].split(separator: " ")
        return (Int64(line[0])!, parseOffset(String(line[1])))
    }

    /// Runs `date -f - +FORMAT` with one input per line; one output line each.
    static func date(tz: String, lines: [String], format: String) throws -> [String] {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["date", "-f", "-", "+" + format]
        var env = ProcessInfo.processInfo.environment
        env["TZ"] = tz
        env["LC_ALL"] = "C"
        p.environment = env
        let input = Pipe(), output = Pipe()
        p.standardInput = input
        p.standardOutput = output
        p.standardError = FileHandle.nullDevice
        try p.run()
        // Write from another thread: a large input would fill the pipe while `date` waits to write.
        let text = Data((lines.joined(separator: "\n") + "\n").utf8)
        let writer = Thread { input.fileHandleForWriting.write(text); try? input.fileHandleForWriting.close() }
        writer.start()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        let result = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
        guard p.terminationStatus == 0, result.count == lines.count else {
            throw OracleError(message: "date -f - with TZ=\(tz) exited \(p.terminationStatus) with \(result.count) of \(lines.count) lines")
        }
        return result
    }

    /// `+05:30:00` or `-04:56:02` (`date`'s `%::z`) as seconds east of UTC.
    static func parseOffset(_ text: String) -> Int {
        let b = Array(text.utf8)
        let sign = b[0] == UInt8(ascii: "-") ? -1 : 1
        func two(_ i: Int) -> Int { Int(b[i] - 48) * 10 + Int(b[i + 1] - 48) }
        return sign * (two(1) * 3600 + two(4) * 60 + two(7))
    }

    public struct OracleError: Error, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }
}
