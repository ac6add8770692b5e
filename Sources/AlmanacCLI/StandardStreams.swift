#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Unbuffered access to file descriptors 0, 1 and 2 through POSIX `read` and
/// `write`: the CLI does its own buffering, one `write` per reply line in batch mode.
enum StandardStreams {
    static let input: Int32 = 0
    static let output: Int32 = 1
    static let error: Int32 = 2

    /// Writes all bytes, retrying short writes and interrupted calls; `false` when the stream is closed.
    @discardableResult
    static func writeAll(_ bytes: UnsafeRawBufferPointer, to fd: Int32) -> Bool {
        var done = 0
        while done < bytes.count {
            let n = write(fd, bytes.baseAddress! + done, bytes.count - done)
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            done += n
        }
        return true
    }

    @discardableResult
    static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Bool {
        bytes.withUnsafeBytes { writeAll($0, to: fd) }
    }

    /// Writes text and a line break to standard error.
    static func printError(_ text: String) {
        writeAll(Array((text + "\n").utf8), to: error)
    }

    /// Reads up to `buffer.count` bytes; 0 at end of input, -1 on error.
    static func readSome(into buffer: UnsafeMutableRawBufferPointer, from fd: Int32) -> Int {
        while true {
            let n = read(fd, buffer.baseAddress!, buffer.count)
            if n < 0, errno == EINTR { continue }
            return n
        }
    }

    /// Everything on a file descriptor (standard input for `-`).
    static func readAll(from fd: Int32, path: String = "-") -> Result<[UInt8], FileError> {
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { readSome(into: $0, from: fd) }
            if n < 0 { return .failure(FileError(path: path, code: errno)) }
            if n == 0 { return .success(out) }
            out.append(contentsOf: chunk[0..<n])
        }
    }

    /// Why a file could not be read: `cannot read "x.json": No such file or directory`.
    struct FileError: Error, CustomStringConvertible {
        var path: String
        var code: Int32
        var description: String { "cannot read \"\(path)\": " + String(cString: strerror(code)) }
    }

    /// Ends the process with an exit status.
    static func terminate(_ status: Int32) -> Never {
        exit(status)
    }
}
