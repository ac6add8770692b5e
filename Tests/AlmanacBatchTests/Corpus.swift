#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AlmanacBatch

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
            var splitter = LineSplitter(maximumLineLength: Int.max)
            var number = 0
            let take = { (line: LineSplitter.Line) in
                number += 1
                if case .bytes(let b) = line { out.append(CorpusCase(file: name, line: number, text: String(decoding: b, as: UTF8.self))) }
            }
            bytes.withUnsafeBufferPointer { splitter.feed($0, take) }
            splitter.finish(take)
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

    static func readFile(_ path: String) -> [UInt8]? {
        guard let f = fopen(path, "rb") else { return nil }
        defer { fclose(f) }
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, f) }
            if n == 0 { break }
            out.append(contentsOf: chunk[0..<n])
        }
        return out
    }
}
