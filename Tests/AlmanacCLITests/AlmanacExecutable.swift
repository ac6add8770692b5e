#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The built `almanac` binary, run as a child process with standard input
/// from a string and standard output and error captured, like
/// swift-argument-parser's `AssertExecuteCommand`.
enum AlmanacExecutable {
    /// What a run produced.
    struct Result: Sendable, CustomStringConvertible {
        var status: Int32
        var stdout: String
        var stderr: String

        var description: String { "exit \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)---" }
    }

    struct NotFound: Error, CustomStringConvertible {
        var candidates: [String]
        var description: String {
            "the almanac binary is missing; run `swift build` first (looked at \(candidates.joined(separator: ", ")); "
                + "set ALMANAC_EXECUTABLE to override)"
        }
    }

    /// Where the binary may be: `$ALMANAC_EXECUTABLE`, next to the test bundle
    /// (SwiftPM puts products and the `.xctest` in one folder), or under the
    /// package's `.build/debug`.
    static var candidates: [String] {
        var out: [String] = []
        if let env = getenv("ALMANAC_EXECUTABLE") { out.append(String(cString: env)) }
        if let arg0 = CommandLine.arguments.first, let slash = arg0.lastIndex(of: "/") {
            var dir = String(arg0[..<slash])
            // On Apple platforms the test binary sits inside Foo.xctest/Contents/MacOS.
            if let bundle = dir.firstRange(of: ".xctest/") {
                dir = String(dir[..<bundle.lowerBound])
                dir = String(dir[..<(dir.lastIndex(of: "/") ?? dir.startIndex)])
            }
            out.append(dir + "/almanac")
        }
        var dir = String(#filePath)
        while let slash = dir.lastIndex(of: "/") {
            dir = String(dir[..<slash])
            if access(dir + "/Package.swift", F_OK) == 0 {
                out.append(dir + "/.build/debug/almanac")
                break
            }
        }
        return out
    }

    /// The first candidate that is an executable file.
    static func path() throws -> String {
        let all = candidates
        guard let found = all.first(where: { access($0, X_OK) == 0 }) else { throw NotFound(candidates: all) }
        return found
    }

    /// Runs `almanac` with arguments and standard input; waits for it to end.
    /// `directory` is its working folder (default: the test's, the
    /// package's root); `environment` is added to the fixed one.
    static func run(_ arguments: [String], stdin: String = "", executable: String? = nil, directory: String? = nil,
                    environment extra: [String] = []) throws -> Result {
        try start(arguments, stdin: stdin, executable: executable, directory: directory, environment: extra).wait()
    }

    /// Starts `almanac` with arguments and standard input and returns at
    /// once: several can run at the same time (the concurrent `mark` test).
    static func start(_ arguments: [String], stdin: String = "", executable: String? = nil, directory: String? = nil,
                      environment extra: [String] = []) throws -> Running {
        var executable = try executable ?? path()
        var arguments = arguments
        if let directory {
            // posix_spawn_file_actions_addchdir_np is not imported into Swift: a shell changes folder, then execs.
            arguments = ["-c", #"cd "$0" && exec "$@""#, directory, executable] + arguments
            executable = "/bin/sh"
        }
        let input = try TemporaryFile(contents: Array(stdin.utf8))
        let output = try TemporaryFile(contents: [])
        let errors = try TemporaryFile(contents: [])

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input.fd, 0)
        posix_spawn_file_actions_adddup2(&actions, output.fd, 1)
        posix_spawn_file_actions_adddup2(&actions, errors.fd, 2)

        // A fixed environment: no COLUMNS, so help text wraps at 80 columns.
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        func name(_ variable: String) -> Substring { variable.prefix { $0 != "=" } }
        let environment = ["LANG=C.UTF-8", "PATH=/usr/bin:/bin", "HOME=/tmp"].filter { v in !extra.contains { name($0) == name(v) } } + extra
        let envp = environment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }

        var pid = pid_t()
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        guard spawned == 0 else { throw SpawnError(code: spawned, path: executable) }
        return Running(pid: pid, path: executable, files: [input, output, errors])
    }

    /// A started `almanac`: ``wait()`` for its result, ``hasEnded()`` to poll.
    final class Running {
        let pid: pid_t
        let path: String
        /// Standard input, output and error.
        let files: [TemporaryFile]
        private var status: Int32?

        init(pid: pid_t, path: String, files: [TemporaryFile]) {
            self.pid = pid
            self.path = path
            self.files = files
        }

        /// Whether the process has ended (reaps it without blocking).
        func hasEnded() throws -> Bool {
            if status != nil { return true }
            var raw: Int32 = 0
            let r = waitpid(pid, &raw, WNOHANG)
            if r == 0 || (r < 0 && errno == EINTR) { return false }
            guard r == pid else { throw SpawnError(code: errno, path: path) }
            status = raw
            return true
        }

        /// Waits for the process to end; its exit status and output.
        func wait() throws -> Result {
            if status == nil {
                var raw: Int32 = 0
                while waitpid(pid, &raw, 0) < 0 {
                    guard errno == EINTR else { throw SpawnError(code: errno, path: path) }
                }
                status = raw
            }
            let raw = status!
            // WIFEXITED / WEXITSTATUS, spelled out (the C macros are not imported).
            let exitStatus = raw & 0x7F == 0 ? (raw >> 8) & 0xFF : 128 + (raw & 0x7F)
            return Result(status: exitStatus, stdout: files[1].read(), stderr: files[2].read())
        }
    }

    struct SpawnError: Error, CustomStringConvertible {
        var code: Int32
        var path: String
        var description: String { "cannot run \(path): error \(code)" }
    }
}

/// An empty folder in the temporary folder, deleted with what it holds on release.
final class TemporaryFolder {
    let path: String

    struct CreateError: Error {}

    init() throws {
        var template = Array("/tmp/almanac-cli-test-XXXXXX".utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else { throw CreateError() }
        path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    /// A folder that looks like the package's root to the commands of the
    /// README and of the help: `Corpus` links to the package's.
    static func packageLike() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        guard symlink(packageRoot + "/Corpus", folder.path + "/Corpus") == 0 else { throw CreateError() }
        return folder
    }

    /// The package's root folder (where Package.swift is).
    static var packageRoot: String {
        var dir = String(#filePath)
        while let slash = dir.lastIndex(of: "/") {
            dir = String(dir[..<slash])
            if access(dir + "/Package.swift", F_OK) == 0 { return dir }
        }
        return "."
    }

    deinit {
        // Only what the commands write here: files, and the Corpus link (not followed).
        if let d = opendir(path) {
            while let entry = readdir(d) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.baseAddress!.assumingMemoryBound(to: CChar.self)) }
                if name != "." && name != ".." { unlink(path + "/" + name) }
            }
            closedir(d)
        }
        rmdir(path)
    }
}

/// A file in the temporary folder, open for reading and writing, deleted on release.
final class TemporaryFile {
    let fd: Int32
    let path: String

    struct CreateError: Error {}

    init(contents: [UInt8]) throws {
        var template = Array("/tmp/almanac-cli-test-XXXXXX".utf8CString)
        fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw CreateError() }
        path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var done = 0
        while done < contents.count {
            let n = contents[done...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { throw CreateError() }
            done += n
        }
        lseek(fd, 0, SEEK_SET)
    }

    /// The whole file, from its start, as UTF-8 text.
    func read() -> String {
        lseek(fd, 0, SEEK_SET)
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { posixRead(fd, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            out.append(contentsOf: chunk[0..<n])
        }
        return String(decoding: out, as: UTF8.self)
    }

    deinit {
        close(fd)
        unlink(path)
    }
}

/// POSIX `read`, named apart from ``TemporaryFile/read()``.
private func posixRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(fd, buffer, count)
}
