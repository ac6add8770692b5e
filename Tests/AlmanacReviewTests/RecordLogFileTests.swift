#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Almanac
import AlmanacReview
import Testing
import AlmanacTestSupport

/// The records file on disk: its mode, symbolic links, and how an append
/// ends a file that does not end with a line break (RecordLog+File.swift).
/// Concurrent writers: RecordLogConcurrencyTests; crashes: RecordTests.
@Suite struct RecordLogFileTests {
    static let key = try! DayKey(parsing: "sync/2023-11-27T10:00:00/2023-11-27")
    static func record(_ n: Int, note: String? = nil) -> DayRecord {
        DayRecord(key: key, mark: .done, note: note, recordedAt: Timestamp(secondsSinceEpoch: 1_700_000_000 + Int64(n)))
    }

    /// A fresh folder in the temporary folder, removed with what is in it.
    final class Folder {
        let path: String
        init() throws {
            var template = Array("/tmp/almanac-records-dir-XXXXXX".utf8CString)
            guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else { throw AlmanacError(.invalidValue, "mkdtemp") }
            path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        }
        func file(_ name: String) -> String { path + "/" + name }
        deinit {
            for name in ["log", "target", "other"] { unlink(file(name)) }
            rmdir(path)
        }
    }

    static func mode(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & 0o777 : 0
    }

    static func contents(_ path: String) -> [UInt8] { fileBytes(atPath: path) ?? [] }

    static func put(_ bytes: [UInt8], to path: String, mode: mode_t = 0o600) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, mode)
        defer { close(fd) }
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        fchmod(fd, mode)
    }

    /// A new file is 0600 (the usual umasks, 022 or 077, leave that alone);
    /// an existing 0644 file stays 0644.
    @Test func newFileIsPrivateAndAnExistingOneKeepsItsMode() throws {
        let folder = try Folder()
        try RecordLog.append(Self.record(1), to: folder.file("log"))
        #expect(Self.mode(folder.file("log")) == 0o600)
        Self.put([], to: folder.file("other"), mode: 0o644)
        try RecordLog.append(Self.record(2), to: folder.file("other"))
        #expect(Self.mode(folder.file("other")) == 0o644)
        #expect(try RecordLog.read(path: folder.file("other")).records == [Self.record(2)])
    }

    /// A symbolic link at the path is refused by default (a dangling one
    /// does not create its target; one to a file leaves that file alone),
    /// and followed with `followingSymlink: true`.
    @Test func symbolicLinksAreFollowedOnlyWhenAsked() throws {
        let folder = try Folder()
        #expect(symlink("target", folder.file("log")) == 0)
        do throws(AlmanacError) {
            try RecordLog.append(Self.record(1), to: folder.file("log"))
            Issue.record("a dangling symbolic link was followed")
        } catch {
            #expect(error.message == "cannot write \"\(folder.file("log"))\": it is a symbolic link, which is not followed here")
        }
        #expect(access(folder.file("target"), F_OK) != 0, "the link's target was created")
        try RecordLog.append(Self.record(2), to: folder.file("log"), followingSymlink: true)
        #expect(try RecordLog.read(path: folder.file("target")).records == [Self.record(2)])
        #expect(Self.mode(folder.file("target")) == 0o600)
        // Now the link points at a file: still not followed by default, the file unchanged.
        let before = Self.contents(folder.file("target"))
        #expect(throws: AlmanacError.self) { try RecordLog.append(Self.record(3), to: folder.file("log")) }
        #expect(Self.contents(folder.file("target")) == before)
    }

    /// A file that does not end with a line break: a complete record or
    /// blanks get one, written with the new line; a torn line is cut off and
    /// returned with its number (blank lines count) and bytes, also when it
    /// is longer than the 64 KiB the end is searched by, or the only line.
    @Test func theEndOfTheFileIsMendedBeforeTheLine() throws {
        let folder = try Folder()
        let path = folder.file("log")
        let one = try Self.record(1).jsonLine(), two = try Self.record(2).jsonLine()
        // A record without its line break.
        Self.put(one.dropLast(), to: path)
        #expect(try RecordLog.append(Self.record(2), to: path) == nil)
        #expect(Self.contents(path) == one + two)
        // Blanks without a line break.
        Self.put(one + Array(" \t".utf8), to: path)
        #expect(try RecordLog.append(Self.record(2), to: path) == nil)
        #expect(Self.contents(path) == one + Array(" \t\n".utf8) + two)
        // A torn line after a blank line: line 3.
        let big = try Self.record(3, note: String(repeating: "a\u{01}", count: 40_000)).jsonLine()   // 280 KB
        for (prefix, line) in [(one + [0x0A], 3), ([], 1), (one + two, 3)] {
            for keep in [1, 70_000, big.count - 2] {
                Self.put(prefix + big[0..<keep], to: path)
                let torn = try RecordLog.append(Self.record(4), to: path)
                #expect(torn?.line == line)
                #expect(torn?.bytes == Array(big[0..<keep]))
                #expect(Self.contents(path) == prefix + (try Self.record(4).jsonLine()))
            }
        }
    }

    /// `read(path:)` of a file that ends in a torn line (no writer about):
    /// it waits for no one and reports the line.
    @Test func readingATornFileReportsTheLine() throws {
        let folder = try Folder()
        let path = folder.file("log")
        let one = try Self.record(1).jsonLine()
        Self.put(one + Array(#"{"key":"sy"#.utf8), to: path)
        let log = try RecordLog.read(path: path)
        #expect(log.records == [Self.record(1)])
        #expect(log.tornLine?.line == 2)
        #expect(log.tornLine.map { String(decoding: $0.bytes, as: UTF8.self) } == #"{"key":"sy"#)
    }
}
