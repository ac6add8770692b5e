#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import AlmanacCore

/// The system loader: zones from the operating system's tz database, the
/// TZif files (RFC 8536) under `TZDIR` or the system's zoneinfo directory,
/// kept current by the system (Debian's `tzdata` package). What jiff, Go and
/// Python's `zoneinfo` read. Not API; ``Zone/init(_:source:)`` calls it.
///
/// A zone's table holds every transition of its file from year 1, then the
/// transitions of the file's POSIX TZ footer up to ``ZoneTable/tableEnd``
/// (2500), after which the table repeats its last 400 years as every table does.
enum SystemZones {
    /// The tz database folder: `TZDIR` when set, else the first of the usual
    /// places that exists (Go's list), else `nil`.
    static let directory: String? = {
        if let env = getenv("TZDIR"), env.pointee != 0 { return String(cString: env) }
        for dir in ["/usr/share/zoneinfo", "/usr/lib/zoneinfo", "/usr/share/lib/zoneinfo", "/etc/zoneinfo"]
        where access(dir + "/UTC", R_OK) == 0 || access(dir + "/tzdata.zi", R_OK) == 0 {
            return dir
        }
        return nil
    }()

    /// The database's version (such as `2025b`): the first line of its
    /// `tzdata.zi` (`# version 2025b`), else its `+VERSION` file; empty when
    /// neither says.
    static let dataVersion: String = {
        guard let dir = directory else { return "" }
        if let head = readFile(dir + "/tzdata.zi", limit: 64) {
            let line = head.split(separator: 0x0A, maxSplits: 1).first ?? []
            let prefix = Array("# version ".utf8)
            if line.starts(with: prefix) { return trimmed(line.dropFirst(prefix.count)) }
        }
        if let text = readFile(dir + "/+VERSION", limit: 64) { return trimmed(text[...]) }
        return ""
    }()

    /// Whether `id` may name a file of the database: relative, made of
    /// letters, digits and `_ + - .` between single slashes, no `.` or `..`
    /// part, and not one of the folder's copies or links to other rules
    /// (`posix/`, `right/`, `localtime`, `posixrules`).
    static func isZoneName(_ id: String) -> Bool {
        let b = Array(id.utf8)
        guard !b.isEmpty, b.count <= 128 else { return false }
        let parts = b.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        for part in parts {
            guard !part.isEmpty, !part.elementsEqual(".".utf8), !part.elementsEqual("..".utf8),
                  part.allSatisfy({ c in
                      (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A || (c >= 0x30 && c <= 0x39)
                          || c == UInt8(ascii: "_") || c == UInt8(ascii: "+") || c == UInt8(ascii: "-") || c == UInt8(ascii: ".")
                  }) else { return false }
        }
        return !["posix", "right", "localtime", "posixrules"].contains(String(decoding: parts[0], as: UTF8.self))
    }

    /// The table of zone `id` from its TZif file, named `identifier`, or
    /// `nil` when there is no such file or it is not a valid TZif file.
    ///
    /// - Complexity: one read of a file of a few KB, and the footer's rule
    ///   expanded once a year up to 2500 (about 950 transitions for a zone
    ///   with DST).
    static func table(_ id: String, identifier: String) -> ZoneTable? {
        guard isZoneName(id), let dir = directory, let bytes = readFile(dir + "/" + id, limit: 1 << 20),
              let file = TZif(bytes) else { return nil }
        var posix: PosixTimeZone?
        if !file.footer.isEmpty {
            guard let parsed = PosixTimeZone(file.footer) else { return nil }
            posix = parsed
        }
        // Transitions before year 1 (zic's "big bang" entry) set the offset in force at year 1.
        var initial = file.initialOffset
        var changes: [(instant: Int64, offset: Int32)] = []
        changes.reserveCapacity(file.transitions.count + 1_000)
        for (t, offset) in zip(file.transitions, file.offsets) {
            if t < ZoneTable.tableStart { initial = offset } else { changes.append((t, offset)) }
        }
        if let posix {
            let last = changes.last?.instant ?? ZoneTable.tableStart
            let year = max(1, civilFromDays(Int(last / 86_400)).year - 1)
            changes += posix.changes(years: year, through: 2500).drop(while: { $0.instant <= last })
            // A footer without DST whose offset differs from the last transition's
            // (RFC 8536 requires them to agree) is taken at its word from then on.
            if posix.daylight == nil, (changes.last?.offset ?? initial) != posix.standard {
                changes.append((last + 1, posix.standard))
            }
        }
        return ZoneTable.build(identifier: identifier, initialOffset: initial, changes: changes, source: .system, dataVersion: dataVersion)
    }

    /// Every zone the database has, sorted: the paths of its TZif files
    /// under the folder, without the copies under `posix/` and `right/`.
    ///
    /// - Complexity: reads the first bytes of every file of the folder (about 600).
    static func identifiers() -> [String] {
        guard let dir = directory else { return [] }
        var out: [String] = []
        walk(dir, prefix: "", depth: 0, into: &out)
        return out.sorted()
    }

    private static func walk(_ path: String, prefix: String, depth: Int, into out: inout [String]) {
        guard depth < 4, let d = opendir(path) else { return }
        defer { closedir(d) }
        while let entry = readdir(d) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            guard name != ".", name != ".." else { continue }
            let id = prefix + name, full = path + "/" + name
            guard isZoneName(id) else { continue }
            var info = stat()
            guard stat(full, &info) == 0 else { continue }
            if info.st_mode & S_IFMT == S_IFDIR {
                walk(full, prefix: id + "/", depth: depth + 1, into: &out)
            } else if let head = readFile(full, limit: 4), head.elementsEqual("TZif".utf8) {
                out.append(id)
            }
        }
    }

    /// The first `limit` bytes of a file (all of it when shorter), or `nil`
    /// when it cannot be opened, is not a regular file, or is longer than
    /// `limit` when `limit` is above 64 bytes (a zone file is a few KB).
    static func readFile(_ path: String, limit: Int) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        if limit > 64 && Int(info.st_size) > limit { return nil }
        var bytes = [UInt8](repeating: 0, count: min(limit, Int(info.st_size)))
        var done = 0
        while done < bytes.count {
            let n = bytes[done...].withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            done += n
        }
        return Array(bytes[..<done])
    }

    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes.filter { $0 > 0x20 && $0 < 0x7F }, as: UTF8.self)
    }
}
