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

    /// Ends the process with an exit status.
    static func terminate(_ status: Int32) -> Never {
        exit(status)
    }
}
