#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Almanac
import AlmanacJSON

extension RecordLog {
    /// Reads a records file.
    ///
    /// ```swift
    /// let log = try RecordLog.read(path: "almanac-records.jsonl")
    /// ```
    ///
    /// Takes no lock when the file ends with a line break: it reads as many
    /// bytes as the file had when opened, and no writer changes a byte before
    /// the last line break. When the file does not end with one (a record is
    /// being appended, or a crash left a torn line), it waits for the writer
    /// with a shared `flock` and reads again, so a record being appended is
    /// read whole (or not at all) and a torn line it reports is one a crash
    /// left (see ``RecordLog``). Where no lock can be had, it reads without.
    ///
    /// - Throws: `AlmanacError/Kind/invalidValue` when the file cannot be
    ///   read (`cannot read "x.jsonl": No such file or directory`) or a line
    ///   is bad (see ``read(_:)``).
    /// - Complexity: O(n) in the bytes.
    public static func read(path: String) throws(AlmanacError) -> Contents {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw fileError("read", path) }
        defer { close(fd) }
        let bytes = try settledBytes(fd, path: path)
        do throws(AlmanacError) { return try read(bytes) } catch {
            throw error.at(file: path)
        }
    }

    /// Appends one record as one line, under an exclusive lock, and returns
    /// the torn line it cut off, if any.
    ///
    /// ```swift
    /// try RecordLog.append(DayRecord(key: key, mark: .done, recordedAt: now), to: "almanac-records.jsonl")
    /// // A path the user named, which may be a symbolic link they made:
    /// try RecordLog.append(record, to: userPath, followingSymlink: true)
    /// ```
    ///
    /// Opens the file (read and write, `O_APPEND`, creating it with mode
    /// 0600, as the process's umask allows; an existing file keeps its mode),
    /// takes an exclusive `flock` on it, and under the lock: reads the size,
    /// looks at the last line when the file does not end with a line break
    /// (a record without its line break gets one; a torn line is cut off at
    /// the size read under the lock), writes the line with one `write` (the
    /// rest of a short write follows under the same lock), and `fsync`s.
    /// Closing the file lets go of the lock. A write or `fsync` that fails
    /// (a full disk, an I/O error) truncates the file back to its size
    /// before the write, so no part of the line stays behind, and throws.
    ///
    /// `flock` rather than `fcntl` locks: an `fcntl` lock belongs to the
    /// process, so two threads appending at once would not exclude each
    /// other, and any `close` of the file in the process (a ``read(path:)``
    /// on another thread) would drop it; a `flock` belongs to the open file,
    /// and each append opens its own. The descriptor is close-on-exec, so a
    /// child process started meanwhile does not keep the lock. On NFS, Linux
    /// clients take a `flock` as a lock on the whole file at the server, so
    /// writers on other machines wait too, and the size is read after the
    /// lock is held (the client revalidates it then); other clients, or a
    /// `nolock` mount, may lock only among one machine's processes.
    ///
    /// - Parameters:
    ///   - record: The record.
    ///   - path: The records file.
    ///   - followingSymlink: When false (the default) and the path's last
    ///     component is a symbolic link, the append fails (`O_NOFOLLOW`)
    ///     rather than write where the link points or create a dangling
    ///     link's target; for a default name in a shared folder. True
    ///     follows it: for a path the user named.
    /// - Throws: `AlmanacError/Kind/invalidValue` when the file cannot be
    ///   opened, locked or written (`cannot write "x.jsonl": Permission
    ///   denied`; `cannot write "x.jsonl": it is a symbolic link, which is not
    ///   followed here`), or the record cannot be written (see
    ///   ``DayRecord/jsonLine()``).
    /// - Complexity: O(1) reads when the file ends with a line break; O(n)
    ///   in the file when it has a torn line (to number it).
    @discardableResult
    public static func append(_ record: DayRecord, to path: String, followingSymlink: Bool = false) throws(AlmanacError) -> TornLine? {
        let line = try record.jsonLine()
        let fd = open(path, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC | (followingSymlink ? 0 : O_NOFOLLOW), 0o600)
        guard fd >= 0 else { throw openError(path, followingSymlink: followingSymlink) }
        defer { close(fd) }   // lets go of the lock
        guard lock(fd, LOCK_EX) else { throw fileError("lock", path) }
        let size = try fileSize(fd, path: path)
        var bytes = line
        var start = size
        var torn: TornLine?
        switch try tail(fd, size: size, path: path) {
        case .ended:
            break
        case .unended:
            bytes.insert(0x0A, at: 0)
        case .torn(let line, let cut):
            guard ftruncate(fd, cut) == 0 else { throw fileError("write", path) }
            start = cut
            torn = line
        }
        try write(bytes, to: fd, undoingTo: start, path: path)
        return torn
    }

    /// How a file ends.
    enum Tail {
        /// Empty, or with a line break.
        case ended
        /// With a record, or blanks, and no line break: a line break completes it.
        case unended
        /// With a torn line, which starts at `cut`.
        case torn(TornLine, cut: off_t)
    }

    /// How the file ends (called under the exclusive lock, so nothing moves).
    static func tail(_ fd: Int32, size: off_t, path: String) throws(AlmanacError) -> Tail {
        guard size > 0, try readBytes(fd, from: size - 1, upTo: size, path: path) != [0x0A] else { return .ended }
        // The start of the last line: after the last line break, found from the end.
        var lineStart: off_t = 0
        var end = size
        while end > 0 {
            let from = max(0, end - (1 << 16))
            let chunk = try readBytes(fd, from: from, upTo: end, path: path)
            if let k = chunk.lastIndex(of: 0x0A) {
                lineStart = from + off_t(k) + 1
                break
            }
            end = from
        }
        let text = try readBytes(fd, from: lineStart, upTo: size, path: path)
        if text.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { return .unended }
        do throws(AlmanacError) {
            _ = try JSONValueDecoder().decode(DayRecord.self, from: text)
            return .unended
        } catch {
            let line = try lineBreaks(fd, upTo: lineStart, path: path) + 1
            return .torn(TornLine(line: line, bytes: text, reason: error.description), cut: lineStart)
        }
    }

    /// The number of line breaks before `end`.
    static func lineBreaks(_ fd: Int32, upTo end: off_t, path: String) throws(AlmanacError) -> Int {
        var count = 0
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var offset: off_t = 0
        while offset < end {
            let want = Int(min(end - offset, off_t(chunk.count)))
            let n = chunk.withUnsafeMutableBytes { pread(fd, $0.baseAddress, want, offset) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw fileError("read", path) }
            if n == 0 { break }
            chunk.withUnsafeBytes { buffer in
                var at = buffer.baseAddress!
                let stop = at + n
                while let hit = memchr(at, 0x0A, stop - at) {
                    count += 1
                    at = UnsafeRawPointer(hit) + 1
                }
            }
            offset += off_t(n)
        }
        return count
    }

    /// The file's bytes, none of them half-written (see ``read(path:)``).
    static func settledBytes(_ fd: Int32, path: String) throws(AlmanacError) -> [UInt8] {
        let size = try fileSize(fd, path: path)
        guard size > 0 else { return [] }
        if try readBytes(fd, from: size - 1, upTo: size, path: path) == [0x0A] {
            let all = try readBytes(fd, from: 0, upTo: size, path: path)
            if all.count == Int(size) { return all }   // else it shrank meanwhile: read under the lock
        }
        let locked = lock(fd, LOCK_SH)
        defer { if locked { _ = flock(fd, LOCK_UN) } }
        return try readBytes(fd, from: 0, upTo: nil, path: path)
    }

    /// The bytes from `from` up to `end` (nil: the end of the file), fewer
    /// when the file ends first.
    static func readBytes(_ fd: Int32, from: off_t, upTo end: off_t?, path: String) throws(AlmanacError) -> [UInt8] {
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: end.map { Int(min($0 - from, 1 << 16)) } ?? 1 << 16)
        var offset = from
        while end.map({ offset < $0 }) ?? true {
            let want = end.map { Int(min($0 - offset, off_t(chunk.count))) } ?? chunk.count
            let n = chunk.withUnsafeMutableBytes { pread(fd, $0.baseAddress, want, offset) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw fileError("read", path) }
            if n == 0 { break }
            out.append(contentsOf: chunk[0..<n])
            offset += off_t(n)
        }
        return out
    }

    /// Writes all of `bytes` (one `write`, and more only after a short one)
    /// and `fsync`s; on failure truncates the file back to `size` and throws.
    static func write(_ bytes: [UInt8], to fd: Int32, undoingTo size: off_t, path: String) throws(AlmanacError) {
        var done = 0
        var failure: AlmanacError?
        while done < bytes.count {
            let n = bytes[done...].withUnsafeBytes { posixWrite(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 {
                failure = n < 0 ? fileError("write", path) : AlmanacError(.invalidValue, "cannot write \"\(path)\": no byte written")
                break
            }
            done += n
        }
        if failure == nil && fsync(fd) != 0 { failure = fileError("write", path) }
        guard let failure else { return }
        _ = ftruncate(fd, size)
        throw failure
    }

    /// Takes a `flock` (`LOCK_EX` or `LOCK_SH`), waiting for it; false when none can be had.
    static func lock(_ fd: Int32, _ operation: Int32) -> Bool {
        while flock(fd, operation) != 0 {
            guard errno == EINTR else { return false }
        }
        return true
    }

    static func fileSize(_ fd: Int32, path: String) throws(AlmanacError) -> off_t {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw fileError("read", path) }
        return info.st_size
    }

    /// Why `open` for an append failed: a symbolic link not followed is named as such.
    static func openError(_ path: String, followingSymlink: Bool) -> AlmanacError {
        let error = fileError("write", path)
        var info = stat()
        if !followingSymlink && lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK {
            return AlmanacError(.invalidValue, "cannot write \"\(path)\": it is a symbolic link, which is not followed here")
        }
        return error
    }

    static func fileError(_ verb: String, _ path: String) -> AlmanacError {
        AlmanacError(.invalidValue, "cannot \(verb) \"\(path)\": " + String(cString: strerror(errno)))
    }
}

/// POSIX `write`, named apart from ``RecordLog/write(_:to:undoingTo:path:)``.
private func posixWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(fd, buffer, count)
}
