#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing

/// `almanac mark` and its records file: the default name is created 0600
/// and never followed as a symbolic link, a path given with `--records` is
/// followed, and a write that fails leaves the file as it was. Each case
/// runs `almanac` from `/bin/sh` (to set the folder, the umask or a file
/// size limit).
@Suite struct MarkFileTests {
    static let key = "run/2024-03-04T07:00:00/2024-03-04"

    /// Runs a shell script with `$0` the almanac binary and `$1` a folder.
    static func sh(_ script: String, in folder: String) throws -> AlmanacExecutable.Result {
        try AlmanacExecutable.run(["-c", script, try AlmanacExecutable.path(), folder], executable: "/bin/sh")
    }

    static func folder() throws -> String {
        var template = Array("/tmp/almanac-mark-dir-XXXXXX".utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else { throw TemporaryFile.CreateError() }
        return template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    static func remove(_ folder: String) {
        for name in ["almanac-records.jsonl", "target", "log"] { unlink(folder + "/" + name) }
        rmdir(folder)
    }

    static func mode(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & 0o777 : 0
    }

    @Test func theDefaultFileIsCreatedPrivate() throws {
        let dir = try Self.folder()
        defer { Self.remove(dir) }
        let r = try Self.sh(#"cd "$1" && umask 022 && exec "$0" mark \#(Self.key) done"#, in: dir)
        #expect(r.status == 0, "\(r)")
        #expect(Self.mode(dir + "/almanac-records.jsonl") == 0o600)
    }

    /// A dangling symbolic link by the default name: the mark fails, names
    /// the way to follow it, and creates nothing; with `--records` it is followed.
    @Test func theDefaultNameIsNeverFollowed() throws {
        let dir = try Self.folder()
        defer { Self.remove(dir) }
        #expect(symlink("target", dir + "/almanac-records.jsonl") == 0)
        let refused = try Self.sh(#"cd "$1" && exec "$0" mark \#(Self.key) done"#, in: dir)
        #expect(refused.status == 2)
        #expect(refused.stderr == #"error: cannot write "almanac-records.jsonl": it is a symbolic link, which is not followed here; "#
                + "give --records almanac-records.jsonl to follow it\n", "\(refused)")
        #expect(access(dir + "/target", F_OK) != 0, "the link's target was created")
        let followed = try Self.sh(#"cd "$1" && exec "$0" mark \#(Self.key) done --records almanac-records.jsonl"#, in: dir)
        #expect(followed.status == 0, "\(followed)")
        #expect(access(dir + "/target", F_OK) == 0)
    }

    /// A file size limit (`ulimit -f 2`: 1 KiB in dash's 512-byte blocks,
    /// 2 KiB in bash's) stops the write part-way with EFBIG (SIGXFSZ
    /// ignored): the mark exits 2 and the file is as it was, no part of the
    /// line left.
    @Test func aFailedWriteLeavesNothingBehind() throws {
        let dir = try Self.folder()
        defer { Self.remove(dir) }
        let first = try Self.sh(#"cd "$1" && exec "$0" mark \#(Self.key) done --note "$(printf '%0600d' 0)" --records log"#, in: dir)
        #expect(first.status == 0, "\(first)")
        let note = String(repeating: "n", count: 4_000)
        let r = try Self.sh(#"cd "$1" && trap '' XFSZ && ulimit -f 2 && exec "$0" mark \#(Self.key) skipped --note \#(note) --records log"#, in: dir)
        #expect(r.status == 2, "\(r)")
        #expect(r.stderr.contains("File too large"), "\(r)")
        let fd = open(dir + "/log", O_RDONLY)
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 8_192)
        let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        #expect(n > 600 && String(decoding: bytes[0..<n], as: UTF8.self) == first.stdout)
    }
}
