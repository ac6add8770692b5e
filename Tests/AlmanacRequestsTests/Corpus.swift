#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AlmanacJSON
import AlmanacTestSupport

/// One line of a `Corpus/*.jsonl` file: a batch request plus `expect`.
struct CorpusCase: Sendable, CustomStringConvertible {
    var file: String
    var line: Int
    var text: String

    var description: String {
        var s = "\(file):\(line)"
        if case .string(let id)? = (try? JSONReader.parse(text))?["id"] { s += " \(id)" }
        return s
    }
}

/// The corpus folder and its cases, found from this file's path.
enum Corpus {
    /// The package root: the nearest folder above this file that holds `Package.swift`.
    static let packageRoot: String? = {
        var dir = String(#filePath)
        while let slash = dir.lastIndex(of: "/") {
            dir = String(dir[..<slash])
            if access(dir + "/Package.swift", F_OK) == 0 { return dir }
        }
        return nil
    }()

    static var folder: String { (packageRoot ?? ".") + "/Corpus" }

    /// Every line of every `*.jsonl` file, in file-name then line order.
    static let cases: [CorpusCase] = {
        var out: [CorpusCase] = []
        for name in jsonlFiles() {
            guard let bytes = readFile(folder + "/" + name) else { continue }
            // memchr for line feeds: the generated files hold megabytes, and a debug build
            // of LineSplitter takes seconds over them. A last line without "\n" still counts.
            bytes.withUnsafeBufferPointer { all in
                guard let base = all.baseAddress else { return }
                var number = 0, start = 0
                while start < all.count {
                    let found = memchr(base + start, 0x0A, all.count - start)
                    let end = found.map { UnsafeRawPointer($0) - UnsafeRawPointer(base) } ?? all.count
                    number += 1
                    let line = UnsafeBufferPointer(rebasing: all[start..<end])
                    out.append(CorpusCase(file: name, line: number, text: String(decoding: line, as: UTF8.self)))
                    start = end + 1
                }
            }
        }
        return out
    }()

    /// Names of the `*.jsonl` files in the corpus folder, sorted.
    static func jsonlFiles() -> [String] {
        guard let dir = opendir(folder) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
            }
            if name.hasSuffix(".jsonl") { names.append(name) }
        }
        return names.sorted()
    }

    static func readFile(_ path: String) -> [UInt8]? { fileBytes(atPath: path) }
}
