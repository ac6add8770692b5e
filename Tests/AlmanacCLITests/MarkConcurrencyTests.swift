#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Almanac
import AlmanacReview
import Testing
import AlmanacTestSupport

/// Many `almanac mark` processes append to one records file at once: every
/// mark that exited 0 must be in the file exactly once, and the file must
/// read, with `RecordLog.read(path:)` (also while the marks run) and with
/// `almanac review`.
///
/// Each round starts 12 `mark` processes: half with notes of
/// 70-120 KB (under Linux's 128 KiB limit on one argument) full of
/// characters JSON escapes, so their lines are 290-500 KB, far larger than
/// a pipe buffer (64 KiB) or a page; the others with short notes. On Linux
/// a gate (``OpenGate``) holds them at the file's `open` until all are
/// there, so they append at about the same time. The test also plays
/// writers that died in the middle of their line: such a writer takes the
/// lock a writer takes (`flock`, exclusive), writes the first bytes of a
/// record with no line break, and lets go. Three starts (``Start``): an
/// empty file; a torn last line, and one writer dying as the marks run;
/// a torn last line, and a writer dying after each of the test's reads
/// (every few milliseconds). While the
/// marks run, the test reads the file over and over: a record being
/// written may show as a torn last line, never as an error. Every mark has
/// its own `--at`, which finds its record; the records must be the marks'
/// and no others. A last mark after the round cuts a torn line a dead
/// writer may have left.
///
/// Rounds: `ALMANAC_STRESS_ROUNDS` (CI's short mode sets 20), else 2.
@Suite struct MarkConcurrencyTests {
    static let writers = 12
    static let key = "stress/2024-03-04T07:00:00/2024-03-04"

    static var rounds: Int {
        guard let text = getenv("ALMANAC_STRESS_ROUNDS"), let n = Int(String(cString: text)), n > 0 else { return 2 }
        return n
    }

    /// How the file starts, and whether writers die during the round.
    enum Start: String, CustomStringConvertible, CaseIterable {
        /// An empty file, no writer dies.
        case clean
        /// A torn last line to start with; one writer dies as the marks run.
        case torn
        /// A torn last line to start with, and a writer dies after each of the test's reads while the marks run.
        case dying
        var description: String { rawValue }
    }

    @Test(arguments: Start.allCases)
    func concurrentMarksAreAllKept(start: Start) throws {
        for round in 0..<Self.rounds {
            try Self.round(round, start: start)
        }
    }

    /// The first bytes of a record, as a writer that died mid-line leaves them.
    static let tornBytes = Array(#"{"key":"stress/2024-03-04T07:00:00/2024-03-04","mark":"done","note":"cut sh"#.utf8)

    static func round(_ round: Int, start: Start) throws {
        let log = try RecordsFile(contents: start == .clean ? [] : tornBytes)
        let gate = OpenGate(path: log.path)
        var marks: [(at: String, note: String, run: AlmanacExecutable.Running)] = []
        for i in 0..<writers {
            let at = stamp(round * 100 + i)
            let id = "round \(round) writer \(i) \(start)"
            let note = i.isMultiple(of: 2) ? id + " " + filler(70_000 + (i * 7919 + round * 104_729) % 50_000) : id
            marks.append((at, note, try AlmanacExecutable.start(["mark", key, "done", "--note", note, "--at", at, "--records", log.path])))
        }
        gate?.letGo(after: marks.map(\.run.pid))
        if start == .torn { diedMidLine(log.path) }
        // Read while the marks run.
        var reads = 0
        var readErrors: [String] = []
        while try marks.contains(where: { try !$0.run.hasEnded() }) {
            do throws(AlmanacError) { _ = try RecordLog.read(path: log.path) } catch { readErrors.append(error.message) }
            reads += 1
            if start == .dying { diedMidLine(log.path) }
            usleep(2_000)
        }
        let results = try marks.map { try $0.run.wait() }
        // One more mark: it cuts the torn line the test's dead writer may have left last.
        let last = try AlmanacExecutable.run(["mark", key, "done", "--at", stamp(round * 100 + 99), "--records", log.path])
        #expect(last.status == 0, "\(last)")

        let context = "round \(round), \(start)"
        #expect(readErrors.isEmpty, "\(context): \(readErrors.count) of \(reads) reads during the marks failed: \(readErrors.prefix(3))")
        let contents: RecordLog.Contents
        do throws(AlmanacError) { contents = try RecordLog.read(path: log.path) } catch {
            Issue.record("\(context): the records file does not read: \(error.message)")
            return
        }
        #expect(contents.tornLine == nil, "\(context)")
        // Each mark's line as it printed it, byte for byte, once in the file.
        var lines: [Substring: Int] = [:]
        for line in String(decoding: log.bytes(), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false) {
            lines[line, default: 0] += 1
        }
        var lost = 0, twice = 0, failed = 0
        for (mark, result) in zip(marks, results) {
            guard result.status == 0 else {
                failed += 1
                Issue.record("\(context): mark --at \(mark.at) failed: \(result.status) \(result.stderr.prefix(300))")
                continue
            }
            let printed = result.stdout.hasSuffix("\n") && result.stdout.utf8.count > 1 ? Substring(result.stdout.dropLast()) : nil
            switch printed.map({ lines[$0] ?? 0 }) ?? 0 {
            case 0: lost += 1
            case 1: break
            default: twice += 1
            }
        }
        #expect(lost == 0 && twice == 0, "\(context): of \(writers - failed) marks that exited 0, \(lost) are lost and \(twice) are in the file more than once")
        // Only the marks' records, each with its note: the dead writers' bytes never became one.
        #expect(contents.records.count == writers - failed + 1, "\(context): \(contents.records.count) records")
        for mark in marks {
            let found = contents.records.filter { DayRecord.timestamp(mark.at) == $0.recordedAt }
            #expect(found.allSatisfy { $0.note == mark.note }, "\(context): the record of --at \(mark.at) has another note")
        }

        let review = try AlmanacExecutable.run(["review", "2024-W10", "FREQ=DAILY", "--start", "20240101T070000", "--tz", "UTC",
                                                "--series-id", "stress", "--records", log.path, "--json"])
        #expect(review.status == 0, "\(context): \(review.stderr.prefix(300))")
        #expect(review.stdout.contains(#""totals":{"expected":7,"done":1,"#), "\(context): \(review.stdout.prefix(300))")
    }

    /// Plays a writer that died in the middle of its line: takes the writers'
    /// lock, writes the first bytes of a record (no line break), lets go.
    static func diedMidLine(_ path: String) {
        let fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
        guard fd >= 0 else { Issue.record("cannot open \(path)"); return }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 && errno == EINTR {}
        _ = tornBytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        flock(fd, LOCK_UN)
    }

    /// A records file in the temporary folder, closed (a lease needs that), deleted on release.
    final class RecordsFile {
        let path: String
        init(contents: [UInt8]) throws {
            var template = Array("/tmp/almanac-records-test-XXXXXX".utf8CString)
            let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard fd >= 0 else { throw TemporaryFile.CreateError() }
            defer { close(fd) }
            path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            guard contents.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) == contents.count else { throw TemporaryFile.CreateError() }
        }

        /// The file's bytes.
        func bytes() -> [UInt8] { fileBytes(atPath: path) ?? [] }
        deinit { unlink(path) }
    }

    /// Lines the writers up at the file, so that they append at about the
    /// same time rather than one after another as they finish loading.
    /// Linux only (elsewhere there is no gate): a read lease on the file
    /// (`fcntl` `F_SETLEASE`) holds every `open` for writing until the
    /// lease is let go, which ``letGo(after:)`` does once each writer waits
    /// there (its `/proc/PID/wchan` is `__break_lease`), else after 3 s (0.3 s
    /// where wchan is hidden).
    struct OpenGate {
        let fd: Int32

        init?(path: String) {
            #if os(Linux)
            signal(SIGIO, SIG_IGN)   // the lease's "someone wants to write" signal
            fd = open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { return nil }
            guard fcntl(fd, 1024 /* F_SETLEASE */, Int32(F_RDLCK)) == 0 else {
                close(fd)
                return nil
            }
            #else
            return nil
            #endif
        }

        func letGo(after writers: [pid_t]) {
            var waited = 0
            while waited < 3_000 {
                let at = writers.map { Self.waitsAtLease($0) }
                if at.allSatisfy({ $0 == true }) { break }
                if at.contains(where: { $0 == nil }) && waited >= 300 { break }   // wchan hidden: a fixed 0.3 s
                usleep(1_000)
                waited += 1
            }
            _ = fcntl(fd, 1024 /* F_SETLEASE */, Int32(F_UNLCK))
            close(fd)
        }

        /// Whether the process waits at the lease; nil when its wchan is hidden (reads "0").
        static func waitsAtLease(_ pid: pid_t) -> Bool? {
            let fd = open("/proc/\(pid)/wchan", O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { return false }
            defer { close(fd) }
            var buffer = [UInt8](repeating: 0, count: 64)
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            let text = n > 0 ? String(decoding: buffer[0..<n], as: UTF8.self) : ""
            return text == "0" ? nil : text == "__break_lease"
        }
    }

    /// `2024-03-04T08:MM:SSZ`, the n-th second after 08:00 (n < 3600).
    static func stamp(_ n: Int) -> String {
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return "2024-03-04T08:\(two(n / 60)):\(two(n % 60))Z"
    }

    /// `count` bytes of text that JSON escapes heavily: control characters
    /// (`\u0001`, six bytes each), quotes, backslashes, line breaks, and
    /// two-byte UTF-8.
    static func filler(_ count: Int) -> String {
        let cycle: [UInt8] = [0x01, 0x22, 0x01, 0x5C, 0x01, 0x0A, 0x01, 0x02, 0xC3, 0xA9, 0x1F, 0x03]
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        while bytes.count + cycle.count <= count { bytes += cycle }
        while bytes.count < count { bytes.append(0x78) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
