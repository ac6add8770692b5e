/// Cuts a byte stream, fed in chunks of any size, into lines: the framing
/// of JSON Lines (one JSON text per line), as `almanac batch` reads it.
///
/// Lines end at `\n` (a `\r` before it stays in the line; JSON reads it as
/// whitespace). A last line without `\n` is delivered by ``finish(_:)``. A
/// line longer than the maximum is not kept: its bytes are skipped up to its
/// `\n` and it is reported as ``Line/tooLong(_:)``, so memory stays bounded
/// whatever the input.
///
/// ```swift
/// var splitter = LineSplitter()
/// func take(_ line: LineSplitter.Line) {
///     if case .bytes(let b) = line { print(String(decoding: b, as: UTF8.self)) }
/// }
/// Array("{\"a\":1}\n{\"a\"".utf8).withUnsafeBufferPointer { splitter.feed($0, take) }   // {"a":1}
/// Array(":2}".utf8).withUnsafeBufferPointer { splitter.feed($0, take) }
/// splitter.finish(take)                                                                  // {"a":2}
/// ```
public struct LineSplitter: Sendable {
    /// One line of input.
    ///
    /// ```swift
    /// switch line {
    /// case .bytes(let b): try JSONReader.parse(b)
    /// case .tooLong(let n): print("skipped a line of \(n) bytes")
    /// }
    /// ```
    public enum Line {
        /// The line's bytes, without the `\n`; valid only during the callback.
        ///
        /// ```swift
        /// if case .bytes(let b) = line { String(decoding: b, as: UTF8.self) }
        /// ```
        case bytes(UnsafeBufferPointer<UInt8>)
        /// A line longer than the maximum, with its length in bytes.
        ///
        /// ```swift
        /// if case .tooLong(let n) = line { print("line of \(n) bytes skipped") }
        /// ```
        case tooLong(Int)
    }

    /// The default longest line, 1 MiB (what `almanac batch` reads).
    ///
    /// ```swift
    /// LineSplitter.defaultMaximumLineLength   // 1048576
    /// ```
    public static let defaultMaximumLineLength = 1 << 20

    /// The longest line delivered as bytes.
    ///
    /// ```swift
    /// LineSplitter(maximumLineLength: 80).maximumLineLength   // 80
    /// ```
    public let maximumLineLength: Int
    /// The start of a line split across chunks.
    var pending: [UInt8] = []
    /// Bytes of the current over-long line seen so far, or `nil` when the line is not over-long.
    var skipped: Int?

    /// A splitter that delivers lines of at most `maximumLineLength` bytes (1 MiB by default).
    ///
    /// ```swift
    /// var splitter = LineSplitter(maximumLineLength: 4096)
    /// ```
    public init(maximumLineLength: Int = LineSplitter.defaultMaximumLineLength) {
        self.maximumLineLength = maximumLineLength
    }

    /// Feeds the next chunk of input, calling `onLine` for every line it completes.
    ///
    /// ```swift
    /// try chunk.withUnsafeBufferPointer { try splitter.feed($0) { line in try handle(line) } }
    /// ```
    ///
    /// - Complexity: O(n) in the chunk; a line inside one chunk is not copied.
    public mutating func feed(_ chunk: UnsafeBufferPointer<UInt8>, _ onLine: (Line) throws -> Void) rethrows {
        var start = 0
        while start < chunk.count {
            guard let newline = chunk[start...].firstIndex(of: 0x0A) else {
                keep(UnsafeBufferPointer(rebasing: chunk[start...]))
                return
            }
            let piece = UnsafeBufferPointer(rebasing: chunk[start..<newline])
            start = newline + 1
            if let n = skipped {
                skipped = nil
                try onLine(.tooLong(n + piece.count))
            } else if pending.isEmpty {
                if piece.count > maximumLineLength {
                    try onLine(.tooLong(piece.count))
                } else {
                    try onLine(.bytes(piece))
                }
            } else {
                keep(piece)
                if let n = skipped {
                    skipped = nil
                    try onLine(.tooLong(n))
                } else {
                    try pending.withUnsafeBufferPointer { try onLine(.bytes($0)) }
                    pending.removeAll(keepingCapacity: pending.capacity <= 1 << 16)
                }
            }
        }
    }

    /// Ends the input: delivers a last line that had no `\n`.
    ///
    /// ```swift
    /// try splitter.finish { line in try handle(line) }
    /// ```
    public mutating func finish(_ onLine: (Line) throws -> Void) rethrows {
        if let n = skipped {
            skipped = nil
            try onLine(.tooLong(n))
        } else if !pending.isEmpty {
            try pending.withUnsafeBufferPointer { try onLine(.bytes($0)) }
            pending.removeAll()
        }
    }

    /// Adds part of a line to the pending bytes, or to the skipped count once it is too long.
    mutating func keep(_ part: UnsafeBufferPointer<UInt8>) {
        if let n = skipped {
            skipped = n + part.count
        } else if pending.count + part.count > maximumLineLength {
            skipped = pending.count + part.count
            pending.removeAll()
        } else {
            pending.append(contentsOf: part)
        }
    }
}
