#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Almanac
import AlmanacReview
import ArgumentParser

/// `almanac mark`: appends one day record to a records file.
struct MarkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mark",
        abstract: "Record a day of an event or to-do as done, partly done or skipped.",
        discussion: """
            Appends one line of JSON to a records file (JSON Lines; default \
            almanac-records.jsonl in the current folder, created when missing) and \
            prints that line. KEY is a day key: series id / recurrence id / date, as \
            `almanac days`, `agenda --json`, `review` and `diff` print them, the \
            series id percent-escaped (standup%40example.com: every byte but A-Z a-z \
            0-9 - . _ ~ as %HH). The series id may also be typed as it is, as \
            `almanac events` prints a UID (standup@example.com); the line written has \
            the escaped key. An id that is valid escaped text is read as escaped.

            The file: a new one is created readable by you alone (mode 0600); an \
            existing one keeps its mode. Each mark takes an exclusive lock on it \
            (flock), so marks running at once each add their line whole; the line is \
            written in one piece and flushed to disk (fsync), and a write that fails \
            (a full disk) leaves nothing behind. A line torn by an earlier crash is \
            cut off first and reported on standard error. The default name is never \
            followed when it is a symbolic link (the mark fails instead); a path given \
            with --records is followed, a symbolic link there being yours to make.

            A later record for the same key wins (`almanac review` counts the latest \
            --at, and of equal times the later line), so a change of mind is a new \
            line, never an edit.

            Examples:

              The sample's Monday team sync, done (the line appended is printed):
                almanac mark sync/2023-11-27T10:00:00/2023-11-27 done

              Half of a day of the Lisbon trip, with a note, at a fixed time:
                almanac mark lisbon/2023-11-29T07:15:00/2023-12-01 partial=0.5 \\
                  --note "flight delayed" --at 2023-12-01T21:45:00Z

              Skipped, in another file:
                almanac mark plants/2023-12-02/2023-12-02 skipped \\
                  --records my-records.jsonl

              A day of the bundled calendar's stand-up, its UID as `events` prints it:
                almanac mark standup@example.com/2024-05-06T09:30:00/2024-05-06 done

            MARK is done, partial (how much unknown: a review counts it as half), \
            partial=F with F from 0 to 1, or skipped.

            Exit status: 0 on success, 2 for a usage or input error (a bad key, mark \
            or time, a file that cannot be written), 1 if the output cannot be written.
            """
    )

    @Argument(help: ArgumentHelp("The day key: series id / recurrence id / date (the id escaped as days prints it, or as typed).", valueName: "key"))
    var key: String

    @Argument(help: ArgumentHelp("done, partial, partial=0.5 or skipped.", valueName: "mark"))
    var mark: String

    @Option(help: ArgumentHelp("A note to keep with the record.", valueName: "text"))
    var note: String?

    @Option(help: ArgumentHelp("The records file (default: almanac-records.jsonl in the current folder, never followed as a symbolic link).",
                               valueName: "file"))
    var records: String?

    @Option(help: ArgumentHelp("When the record was made, in UTC: 2023-11-28T09:00:00Z (default: now).", valueName: "timestamp"))
    var at: String?

    func run() throws {
        let record = try Self.record(key: key, mark: mark, note: note, at: at)
        let path = records ?? ReviewCommand.defaultRecords
        let line: [UInt8], torn: RecordLog.TornLine?
        do throws(AlmanacError) {
            line = try record.jsonLine()
            // A path the user gave is theirs: a symbolic link there is followed. The default name is not.
            torn = try RecordLog.append(record, to: path, followingSymlink: records != nil)
        } catch {
            if records == nil && isSymbolicLink(path) {
                var e = error
                e.message += "; give --records \(path) to follow it"
                throw e
            }
            throw error
        }
        if let torn {
            StandardStreams.printError("note: \(path): line \(torn.line) was torn by an interrupted write and was cut off: "
                + String(decoding: torn.bytes, as: UTF8.self))
        }
        try CLI.write(line)
    }
}

extension MarkCommand {
    /// KEY and MARK read, as `mark` and `store mark` read them; errors name the argument.
    static func record(key: String, mark: String, note: String?, at: String?) throws(AlmanacError) -> DayRecord {
        let dayKey: DayKey
        let parsedMark: DayRecord.Mark
        do throws(AlmanacError) { dayKey = try Self.dayKey(key) } catch { throw error.named(field: "KEY", input: key) }
        do throws(AlmanacError) { parsedMark = try DayRecord.Mark(parsing: mark) } catch { throw error.named(field: "MARK") }
        return DayRecord(key: dayKey, mark: parsedMark, note: note, recordedAt: try time(at))
    }

    /// The time of `--at` (a UTC instant), else now.
    static func time(_ at: String?) throws(AlmanacError) -> Timestamp {
        guard let at else { return Timestamp(secondsSinceEpoch: Int64(now())) }
        guard let t = DayRecord.timestamp(at) else {
            throw CLI.inputError(option: "--at", "\"\(at)\" is not a UTC instant such as 2023-11-28T09:00:00Z")
        }
        return t
    }
}

/// Whether the path's last component is a symbolic link (POSIX `lstat`).
private func isSymbolicLink(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
}

/// The current time in seconds since 1970 (POSIX `time`).
private func now() -> Int { Int(time(nil)) }
