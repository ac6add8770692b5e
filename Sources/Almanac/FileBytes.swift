#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import AlmanacCore

/// The bytes of a file a user names, for the readers' `contentsOf:`
/// initializers (`EventCalendar(contentsOf:)`, the payload readers). POSIX
/// `open` and `read`, no Foundation; not API.
package enum FileBytes {
    /// The whole content of the file at `path`.
    ///
    /// - Throws: ``AlmanacError`` of kind `invalid_value` when the file
    ///   cannot be opened or read: `cannot read "x.ics": No such file or
    ///   directory` (the system's reason).
    /// - Complexity: O(n) in the file's bytes.
    package static func read(path: String) throws(AlmanacError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw failure(path) }
        defer { close(fd) }
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { posixRead(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw failure(path) }
            if n == 0 { return out }
            out.append(contentsOf: chunk[0..<n])
        }
    }

    /// `cannot read "path": ` and the reason `errno` gives.
    static func failure(_ path: String) -> AlmanacError {
        AlmanacError(.invalidValue, "cannot read \"\(path)\": " + String(cString: strerror(errno)))
    }
}

/// POSIX `read`, named apart from ``FileBytes/read(path:)``.
private func posixRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(fd, buffer, count)
}
