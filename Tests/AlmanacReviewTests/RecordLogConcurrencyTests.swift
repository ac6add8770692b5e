#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Almanac
import AlmanacReview
import Foundation
import Testing

/// Threads of one process append to one records file through the API at
/// once: 6 threads of 16 records each (each `RecordLog.append(_:to:)`
/// opens the file itself), every fifth record with a note of 75-120 KB, so
/// its line (225-360 KB) is far larger than a page or a pipe buffer. Another
/// thread reads the file over and over; in the `dying` start another plays
/// writers that die mid-line (it takes the writers' exclusive `flock`,
/// writes the first bytes of a record, lets go). Every append that returned
/// must be in the file exactly once, with no other record, the file must
/// read whole at the end, and no read in between may fail (a record being
/// written is at most a torn last line). The separate-process version is
/// `MarkConcurrencyTests` (AlmanacCLITests).
///
/// Rounds: `ALMANAC_STRESS_ROUNDS` (CI's short mode sets 20), else 2.
@Suite struct RecordLogConcurrencyTests {
    static let threads = 6
    static let perThread = 16
    static let key = try! DayKey(parsing: "sync/2023-11-27T10:00:00/2023-11-27")

    static var rounds: Int {
        guard let text = getenv("ALMANAC_STRESS_ROUNDS"), let n = Int(String(cString: text)), n > 0 else { return 2 }
        return n
    }

    /// What the threads saw, behind a lock.
    final class Outcome: @unchecked Sendable {
        let lock = NSLock()
        var appended: [DayRecord] = []
        var appendErrors: [String] = []
        var readErrors: [String] = []
        var reads = 0
        var writing = 0
        func with<T>(_ body: (Outcome) -> T) -> T { lock.lock(); defer { lock.unlock() }; return body(self) }
    }

    /// How the file starts, and whether writers die during the round.
    enum Start: String, CustomStringConvertible, CaseIterable {
        /// No file (the first append creates it), no writer dies.
        case clean
        /// A torn last line to start with.
        case torn
        /// A torn last line to start with, and a writer dies every few milliseconds while the others append.
        case dying
        var description: String { rawValue }
    }

    @Test(arguments: Start.allCases)
    func threadsAppendingLoseNothing(start: Start) throws {
        for round in 0..<Self.rounds {
            try Self.round(round, start: start)
        }
    }

    static func round(_ round: Int, start: Start) throws {
        let path = "/tmp/almanac-review-threads-\(getpid())-\(start).jsonl"
        unlink(path)
        defer { unlink(path) }
        if start != .clean { diedMidLine(path, create: true) }
        let outcome = Outcome()
        outcome.writing = threads
        let group = DispatchGroup()
        for t in 0..<threads {
            group.enter()
            Thread {
                defer { outcome.with { $0.writing -= 1 }; group.leave() }
                for k in 0..<perThread {
                    let n = (round * threads + t) * perThread + k
                    // Every fifth record has a note of 75-120 KB: a line far larger than a page or a pipe buffer.
                    let note = "thread \(t) record \(k)" + (k % 5 == 3 ? " " + String(repeating: "\u{01}\"x", count: 25_000 + n % 15_000) : "")
                    let record = DayRecord(key: key, mark: .done, note: note,
                                           recordedAt: Timestamp(secondsSinceEpoch: 1_700_000_000 + Int64(n)))
                    do throws(AlmanacError) {
                        try RecordLog.append(record, to: path)
                        outcome.with { $0.appended.append(record) }
                    } catch {
                        outcome.with { $0.appendErrors.append(error.message) }
                    }
                }
            }.start()
        }
        if start == .dying {
            group.enter()
            Thread {
                defer { group.leave() }
                while outcome.with({ $0.writing > 0 }) {
                    usleep(2_000)
                    diedMidLine(path, create: false)
                }
            }.start()
        }
        group.enter()
        Thread {
            defer { group.leave() }
            while outcome.with({ $0.writing > 0 }) {
                // A clean start has no file until the first append returns:
                // reading before that is reading a file nobody made yet.
                if start == .clean && outcome.with({ $0.appended.isEmpty }) { usleep(500); continue }
                do throws(AlmanacError) {
                    _ = try RecordLog.read(path: path)
                    outcome.with { $0.reads += 1 }
                } catch {
                    outcome.with { $0.readErrors.append(error.message); $0.reads += 1 }
                }
                usleep(2_000)
            }
        }.start()
        group.wait()

        // One more append cuts the torn line a dead writer may have left last.
        let closing = DayRecord(key: key, mark: .skipped, recordedAt: Timestamp(secondsSinceEpoch: 1_600_000_000))
        let context = "round \(round), \(start)"
        do throws(AlmanacError) { try RecordLog.append(closing, to: path) } catch {
            Issue.record("\(context): the closing append failed: \(error.message)")
        }
        #expect(outcome.appendErrors.isEmpty, "\(context): \(outcome.appendErrors.prefix(3))")
        #expect(outcome.readErrors.isEmpty, "\(context): \(outcome.readErrors.count) of \(outcome.reads) reads failed: \(outcome.readErrors.prefix(3))")
        let contents: RecordLog.Contents
        do throws(AlmanacError) { contents = try RecordLog.read(path: path) } catch {
            Issue.record("\(context): the file does not read: \(error.message)")
            return
        }
        #expect(contents.tornLine == nil, "\(context)")
        var counts: [Timestamp: Int] = [:]
        for r in contents.records { counts[r.recordedAt, default: 0] += 1 }
        let lost = outcome.appended.filter { counts[$0.recordedAt] == nil }.count
        let twice = outcome.appended.filter { (counts[$0.recordedAt] ?? 0) > 1 }.count
        #expect(lost == 0 && twice == 0,
                "\(context): of \(outcome.appended.count) appends that returned, \(lost) are lost and \(twice) are in the file more than once")
        // Exactly the appended records (and the closing one), each as written.
        #expect(Set(contents.records) == Set(outcome.appended + [closing]), "\(context)")
        #expect(contents.records.count == outcome.appended.count + 1, "\(context)")
    }

    /// Plays a writer that died in the middle of its line: takes the writers'
    /// lock (`flock`, exclusive), writes the first bytes of a record with no
    /// line break, lets go.
    static func diedMidLine(_ path: String, create: Bool) {
        let fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC | (create ? O_CREAT : 0), 0o600)
        guard fd >= 0 else { return }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 && errno == EINTR {}
        let torn = Array(#"{"key":"sync/2023-11-27T10:00:00/2023-11-27","mark":"done","note":"cut sh"#.utf8)
        _ = torn.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        flock(fd, LOCK_UN)
    }
}
