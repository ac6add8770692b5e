import AlmanacJSON
import AlmanacRequests
import Testing

/// Runs every case of `Corpus/*.jsonl` through ``BatchProtocol``, as `almanac batch` would.
///
/// A case is a batch request plus `"expect"`: an array of occurrence strings
/// (the reply's `occurrences` must equal it), `{"error":"<kind>"}`, or
/// `{"occurrences":[...],"truncated":true}` (Corpus/README.md). `note` and `source` are
/// free text. Empty lines and `//` comments are not JSON Lines and fail.
///
/// One test per file, not per case: the generated differential files hold thousands of
/// cases, and a test case each cost Swift Testing more than the cases themselves (and a line
/// of output each). A failure still names its file, line and id.
@Suite struct CorpusTests {
    @Test func corpusHasCases() {
        #expect(Corpus.packageRoot != nil, "no Package.swift above \(#filePath)")
        #expect(!Corpus.jsonlFiles().isEmpty, "no *.jsonl files in \(Corpus.folder)")
        #expect(!Corpus.cases.isEmpty, "no cases in \(Corpus.folder)")
    }

    @Test(arguments: Corpus.jsonlFiles())
    func corpusFile(_ name: String) {
        let cases = Corpus.cases.filter { $0.file == name }
        #expect(!cases.isEmpty, "\(name) holds no case")
        for c in cases {
            if let problem = Self.problem(c) { Issue.record(Comment(rawValue: problem)) }
        }
    }

    /// `nil` when the case's reply meets its expectation, else what is wrong.
    static func problem(_ c: CorpusCase) -> String? {
        let expectation: Expectation
        do {
            expectation = try Expectation(caseLine: c.text)
        } catch {
            return "\(c.file):\(c.line): malformed case: \(error)"
        }
        let replyText = BatchProtocol.respond(to: c.text)
        guard let reply = try? JSONReader.parse(replyText) else {
            return "\(c): the reply is not JSON: \(replyText)"
        }
        if let problem = expectation.check(reply) {
            return "\(c): \(problem)\n  request: \(c.text)\n  reply:   \(replyText)"
        }
        return nil
    }
}

/// What a case expects of its reply.
enum Expectation {
    case occurrences([String], truncated: Bool?)
    case error(kind: String)

    struct Malformed: Error, CustomStringConvertible {
        var description: String
    }

    init(caseLine text: String) throws {
        if text.isEmpty { throw Malformed(description: "empty line (JSON Lines has one JSON value per line)") }
        if text.hasPrefix("//") { throw Malformed(description: "comment line (JSON Lines has no comments; use \"note\")") }
        let json: JSONValue
        do { json = try JSONReader.parse(text) } catch { throw Malformed(description: "\(error)") }
        guard case .object = json else { throw Malformed(description: "a case must be a JSON object") }
        guard case .string? = json["dtstart"] ?? .string("") else { throw Malformed(description: "\"dtstart\" must be a string") }
        for field in ["note", "source"] {
            if let v = json[field], case .string = v {} else if json[field] != nil {
                throw Malformed(description: "\"\(field)\" must be a string")
            }
        }
        switch json["expect"] {
        case .array(let items)?:
            self = .occurrences(try Self.strings(items), truncated: nil)
        case .object(let o)?:
            if case .string(let kind)? = o["error"], o.members.count == 1 {
                self = .error(kind: kind)
            } else if case .array(let items)? = o["occurrences"], o["truncated"] == .bool(true), o.members.count == 2 {
                self = .occurrences(try Self.strings(items), truncated: true)
            } else {
                throw Malformed(description: #""expect" must be [...], {"error":"<kind>"} or {"occurrences":[...],"truncated":true}"#)
            }
        case nil:
            throw Malformed(description: #"missing "expect""#)
        default:
            throw Malformed(description: #""expect" must be an array or an object"#)
        }
    }

    static func strings(_ items: [JSONValue]) throws -> [String] {
        try items.map { item in
            guard case .string(let s) = item else { throw Malformed(description: "\"expect\" holds \(item.kind), not a string") }
            return s
        }
    }

    /// `nil` when the reply meets the expectation, else what is wrong.
    func check(_ reply: JSONValue) -> String? {
        switch self {
        case .error(let kind):
            guard case .string(let got)? = reply["error"]?["kind"] else { return "expected an error of kind \(kind), got occurrences" }
            return got == kind ? nil : "expected an error of kind \(kind), got \(got): \(reply["error"]?["message"].map(describe) ?? "")"
        case .occurrences(let expected, let truncated):
            if let e = reply["error"] {
                return "expected \(expected.count) occurrences, got an error: \(describe(e))"
            }
            guard case .array(let items)? = reply["occurrences"] else { return "the reply has no occurrences" }
            let got = items.map { if case .string(let s) = $0 { s } else { describe($0) } }
            if got != expected {
                return "occurrences differ (expected \(expected.count), got \(got.count)):\n" + lineDiff(expected, got)
            }
            if let truncated, reply["truncated"] != .bool(truncated) {
                return "expected truncated \(truncated), got \(reply["truncated"].map(describe) ?? "nothing")"
            }
            return nil
        }
    }
}

func describe(_ v: JSONValue) -> String {
    var w = JSONWriter()
    w.value(v)
    return w.text
}

/// A line diff of two lists (longest common subsequence): `-` expected only, `+` produced only.
/// Runs of more than 3 equal lines are elided.
func lineDiff(_ a: [String], _ b: [String]) -> String {
    let n = a.count, m = b.count
    var lcs = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
    for i in stride(from: n - 1, through: 0, by: -1) {
        for j in stride(from: m - 1, through: 0, by: -1) {
            lcs[i][j] = a[i] == b[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
        }
    }
    var lines: [String] = []
    var same: [String] = []
    func flushSame() {
        if same.count > 3 { lines += ["    " + same[0], "    ... (\(same.count - 2) equal)", "    " + same[same.count - 1]] } else { lines += same.map { "    " + $0 } }
        same = []
    }
    var i = 0, j = 0
    while i < n || j < m {
        if i < n, j < m, a[i] == b[j] {
            same.append(a[i]); i += 1; j += 1
        } else if i < n, j == m || lcs[i + 1][j] >= lcs[i][j + 1] {
            flushSame(); lines.append("  - " + a[i]); i += 1
        } else {
            flushSame(); lines.append("  + " + b[j]); j += 1
        }
    }
    flushSame()
    return lines.joined(separator: "\n")
}
