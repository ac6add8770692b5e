#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Almanac
import AlmanacRequests

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
/// **Crashes.** An append is one `write(2)` of the whole line on a file
/// opened with `O_APPEND`, then `fsync(2)`. A crash can still leave a
/// prefix of the last line: a last line with no line break that is not a
/// record is a *torn line*, reported in ``Contents/tornLine`` and skipped.
/// Every other line that is not a record is an error naming its line. The
/// next ``append(_:to:)`` cuts a torn tail off before it writes (and returns
/// it), so the file stays readable. Blank lines are skipped.
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
    /// - Throws: ``AlmanacError/Kind/invalidValue`` for a line that is not a
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
                    out.tornLine = TornLine(line: line, bytes: Array(text), reason: error.message)
                } else {
                    throw AlmanacError(.invalidValue, "line \(line): \(error.message)")
                }
            }
        }
        return out
    }

    /// Reads a records file.
    ///
    /// ```swift
    /// let log = try RecordLog.read(path: "almanac-records.jsonl")
    /// ```
    ///
    /// - Throws: ``AlmanacError/Kind/invalidValue`` when the file cannot be
    ///   read (`cannot read "x.jsonl": No such file or directory`) or a line
    ///   is bad (see ``read(_:)``).
    public static func read(path: String) throws(AlmanacError) -> Contents {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw fileError("read", path) }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { posixRead(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw fileError("read", path) }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
        }
        do throws(AlmanacError) { return try read(bytes) } catch {
            throw AlmanacError(.invalidValue, "\(path): \(error.message)")
        }
    }

    /// Appends one record as one line: opens the file with `O_APPEND` (read and write, to look at its tail)
    /// (creating it, mode 0644), writes the line in one `write`, and
    /// `fsync`s. A torn last line left by an earlier crash is cut off first
    /// and returned.
    ///
    /// ```swift
    /// try RecordLog.append(DayRecord(key: key, mark: .done, recordedAt: now), to: "almanac-records.jsonl")
    /// ```
    ///
    /// - Throws: ``AlmanacError/Kind/invalidValue`` when the file cannot be
    ///   opened or written (`cannot write "x.jsonl": Permission denied`).
    @discardableResult
    public static func append(_ record: DayRecord, to path: String) throws(AlmanacError) -> TornLine? {
        let line = try record.jsonLine()
        let fd = open(path, O_RDWR | O_APPEND | O_CREAT, 0o644)
        guard fd >= 0 else { throw fileError("write", path) }
        defer { close(fd) }
        let torn = try cutTornTail(fd, path: path)
        var done = 0
        while done < line.count {
            let n = line[done...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw fileError("write", path) }
            done += n
        }
        guard fsync(fd) == 0 else { throw fileError("write", path) }
        return torn
    }

    /// When the file does not end with a line break, reads it and cuts off
    /// its last line if that line is torn; a complete last record without a
    /// line break gets one.
    static func cutTornTail(_ fd: Int32, path: String) throws(AlmanacError) -> TornLine? {
        let size = lseek(fd, 0, SEEK_END)
        guard size > 0 else { return nil }
        var last: UInt8 = 0
        guard pread(fd, &last, 1, size - 1) == 1 else { throw fileError("read", path) }
        guard last != 0x0A else { return nil }
        let contents = try read(path: path)
        guard let torn = contents.tornLine else {
            var newline: UInt8 = 0x0A
            guard write(fd, &newline, 1) == 1 else { throw fileError("write", path) }
            return nil
        }
        guard ftruncate(fd, size - off_t(torn.bytes.count)) == 0 else { throw fileError("write", path) }
        return torn
    }

    static func fileError(_ verb: String, _ path: String) -> AlmanacError {
        AlmanacError(.invalidValue, "cannot \(verb) \"\(path)\": " + String(cString: strerror(errno)))
    }
}

/// POSIX `read`, named apart from ``RecordLog/read(_:)``.
private func posixRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(fd, buffer, count)
}
