#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Almanac
import AlmanacJSON

/// A records file: one ``DayRecord`` per line, as JSON (JSON Lines), only
/// ever appended to.
///
/// ```swift
/// try RecordLog.append(record, to: "almanac-records.jsonl")
/// let log = try RecordLog.read(path: "almanac-records.jsonl")
/// if let torn = log.tornLine { print("line \(torn.line) was cut short by a crash and is skipped") }
/// let review = try Review(of: week, viewer: berlin, series: series, records: log.records)
/// ```
///
/// **Crashes and concurrent writers.** An append takes an exclusive lock
/// on the file (`flock(2)`), and under it checks the file's end, writes the
/// whole line with one `write(2)` and `fsync(2)`s, so writers in other
/// processes and other threads queue and none cuts or splits another's
/// line. A crash can still leave a prefix of the line being written: a last
/// line with no line break that is not a record is a *torn line*, reported
/// in ``Contents/tornLine`` and skipped; the next
/// ``append(_:to:followingSymlink:)`` cuts it off under the lock (and
/// returns it), so the file stays readable. A failed write (a full disk)
/// leaves no part of its line. Every other line that is not a record is an
/// error naming its line. Blank lines are skipped. Readers do not lock
/// while the file ends with a line break; ``read(path:)`` sees a record
/// being appended whole or not at all, never as an error.
///
/// **Privacy.** A new file is created with mode 0600 (notes are private);
/// an existing file keeps its mode. An append does not follow a symbolic
/// link at the path unless asked (`followingSymlink: true`), so a link
/// planted where the file should be makes it fail rather than write (or
/// create a file) where the link points.
public enum RecordLog {
    /// What a records file holds.
    ///
    /// ```swift
    /// let log = try RecordLog.read(bytes)
    /// log.records.count
    /// ```
    public struct Contents: Sendable, Hashable {
        /// The records, in file order.
        ///
        /// ```swift
        /// log.records.first?.key
        /// ```
        public var records: [DayRecord]
        /// The torn last line, when there is one: skipped, never a record.
        ///
        /// ```swift
        /// log.tornLine?.line   // 7
        /// ```
        public var tornLine: TornLine?

        /// Contents from their parts.
        ///
        /// ```swift
        /// RecordLog.Contents(records: [], tornLine: nil)
        /// ```
        public init(records: [DayRecord], tornLine: TornLine? = nil) {
            self.records = records
            self.tornLine = tornLine
        }
    }

    /// A last line cut short by a crash: its number (from 1), its bytes, and why it is no record.
    ///
    /// ```swift
    /// "line \(torn.line): \(torn.reason)"
    /// ```
    public struct TornLine: Sendable, Hashable {
        /// The line's number, from 1.
        ///
        /// ```swift
        /// torn.line   // 7
        /// ```
        public var line: Int
        /// The bytes of the line (no line break).
        ///
        /// ```swift
        /// String(decoding: torn.bytes, as: UTF8.self)   // {"key":"sync/2023-11-27T10:0
        /// ```
        public var bytes: [UInt8]
        /// Why it is no record (the reader's message).
        ///
        /// ```swift
        /// torn.reason   // "unexpected end of input ..."
        /// ```
        public var reason: String

        /// A torn line from its parts.
        ///
        /// ```swift
        /// RecordLog.TornLine(line: 3, bytes: Array("{\"ke".utf8), reason: "cut short")
        /// ```
        public init(line: Int, bytes: [UInt8], reason: String) {
            self.line = line
            self.bytes = bytes
            self.reason = reason
        }
    }

    /// Reads the records of a file's bytes.
    ///
    /// ```swift
    /// let log = try RecordLog.read(Array("{\"key\":\"a/2024-01-01/2024-01-01\",\"mark\":\"done\",\"recorded\":\"2024-01-01T10:00:00Z\"}\n".utf8))
    /// log.records.count   // 1
    /// ```
    ///
    /// - Throws: `AlmanacError/Kind/invalidValue` for a line that is not a
    ///   record (other than a torn last line): `line 3: key: ...`.
    /// - Complexity: O(n) in the bytes.
    public static func read(_ bytes: [UInt8]) throws(AlmanacError) -> Contents {
        var out = Contents(records: [])
        var start = 0, line = 0
        let decoder = JSONValueDecoder()
        while start < bytes.count {
            line += 1
            let newline = bytes[start...].firstIndex(of: 0x0A)
            let end = newline ?? bytes.count
            let text = bytes[start..<end]
            start = end + 1
            if text.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
            do throws(AlmanacError) {
                out.records.append(try decoder.decode(DayRecord.self, from: Array(text)))
            } catch {
                if newline == nil {
                    out.tornLine = TornLine(line: line, bytes: Array(text), reason: error.description)
                } else {
                    // The line of the file; a column of invalid JSON is in the message, in that line.
                    var e = error
                    e.kind = .invalidValue
                    e.line = line
                    e.column = nil
                    throw e
                }
            }
        }
        return out
    }
}
