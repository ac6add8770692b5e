#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Almanac
import AlmanacReview
import AlmanacTestSupport
import Testing

@Suite struct RecordTests {
    static let key = try! DayKey(parsing: "sync/2023-11-27T10:00:00/2023-11-27")
    static func at(_ h: Int) -> Timestamp { try! Timestamp(utc: CivilDate(2023, 11, 27).at(h, 0)) }

    @Test func jsonLineRoundTrips() throws {
        for mark in [DayRecord.Mark.done, .skipped, .partial(fraction: nil), .partial(fraction: 0.25)] {
            let r = DayRecord(key: Self.key, mark: mark, note: mark == .done ? "a \"quoted\" note" : nil, recordedAt: Self.at(9))
            let line = try r.jsonLine()
            #expect(line.last == 0x0A)
            #expect(try RecordLog.read(line).records == [r])
        }
        let text = String(decoding: try DayRecord(key: Self.key, mark: .partial(fraction: 0.5), recordedAt: Self.at(9)).jsonLine(), as: UTF8.self)
        #expect(text == #"{"key":"sync/2023-11-27T10:00:00/2023-11-27","mark":"partial","fraction":0.5,"recorded":"2023-11-27T09:00:00Z"}"# + "\n")
    }

    @Test func badLinesNameTheirLine() throws {
        let good = String(decoding: try DayRecord(key: Self.key, mark: .done, recordedAt: Self.at(9)).jsonLine(), as: UTF8.self)
        let cases = [
            #"{"key":"sync/2023-11-27T10:00:00/2023-11-27","mark":"finished","recorded":"2023-11-27T09:00:00Z"}"#: "not a mark",
            #"{"key":"sync/2023-11-27T10:00:00/2023-11-27","mark":"done","fraction":0.5,"recorded":"2023-11-27T09:00:00Z"}"#: "only with the mark partial",
            #"{"key":"sync/2023-11-27T10:00:00/2023-11-27","mark":"partial","fraction":2,"recorded":"2023-11-27T09:00:00Z"}"#: "outside 0...1",
            #"{"key":"sync/2023-11-27T10:00:00/2023-11-27","mark":"done","recorded":"2023-11-27 09:00"}"#: "not a UTC instant",
            #"{"key":"sync","mark":"done","recorded":"2023-11-27T09:00:00Z"}"#: "key",
            #"{"key":"sync/2023-11-27T10:00:00/2023-11-27","mark":"done","recorded":"2023-11-27T09:00:00Z","done":true}"#: "unknown field",
        ]
        for (line, words) in cases {
            do {
                _ = try RecordLog.read(Array((good + line + "\n" + good).utf8))
                Issue.record("no error for \(line)")
            } catch {
                #expect(error.line == 2 && error.description.hasPrefix("line 2: "), "\(error)")
                #expect(error.description.contains(words), "\(error)")
            }
        }
        // The same bad line last, without a line break: a torn line, skipped.
        let torn = try RecordLog.read(Array((good + #"{"key":"sync"#).utf8))
        #expect(torn.records.count == 1)
        #expect(torn.tornLine?.line == 2)
    }

    @Test func markParsing() throws {
        #expect(try DayRecord.Mark(parsing: "partial=0.25") == .partial(fraction: 0.25))
        #expect(try DayRecord.Mark(parsing: "partial") == .partial(fraction: nil))
        #expect(throws: AlmanacError.self) { try DayRecord.Mark(parsing: "partial=-0.1") }
        #expect(throws: AlmanacError.self) { try DayRecord.Mark(parsing: "half") }
        #expect(DayRecord.Mark.partial(fraction: nil).credit == 0.5)
    }

    /// A crash mid-append: the file cut at a random byte of its last line.
    /// Reading loses at most that line (reported as torn), and the next
    /// append cuts it off, so the file reads whole again. 200 seeded cases.
    @Test func crashMidAppendLosesAtMostTheTornLine() throws {
        var g = SplitMix64(seed: 14)
        for _ in 0..<200 {
            let n = g.int(1...6)
            let records = try (0..<n).map { i in
                try DayRecord(key: DayKey(occurrence: Self.key.occurrence, date: CivilDate(2023, 11, 1 + i)),
                          mark: g.pick([.done, .skipped, .partial(fraction: nil), .partial(fraction: Double(g.int(0...4)) / 4)]),
                          note: g.chance(0.3) ? "note \(i)" : nil, recordedAt: Self.at(i))
            }
            let path = "/tmp/almanac-review-crash-\(getpid()).jsonl"
            unlink(path)
            defer { unlink(path) }
            for r in records { try RecordLog.append(r, to: path) }
            let last = try records.last!.jsonLine()
            let full = try RecordLog.read(path: path)
            #expect(full.records == records)
            // Cut inside the last line: keep 1 ... count-1 of its bytes (all but the line break at most).
            let size = fileSize(path)
            let keep = g.int(1...(last.count - 1))
            #expect(truncate(path, off_t(size - last.count + keep)) == 0)
            let cut = try RecordLog.read(path: path)
            if keep == last.count - 1 {
                #expect(cut.records == records && cut.tornLine == nil)   // only the line break was lost
            } else {
                #expect(cut.records == Array(records.dropLast()))
                #expect(cut.tornLine?.line == n)
                #expect(cut.tornLine?.bytes == Array(last[0..<keep]))
            }
            let next = DayRecord(key: Self.key, mark: .done, recordedAt: Self.at(23))
            try RecordLog.append(next, to: path)
            let after = try RecordLog.read(path: path)
            #expect(after.tornLine == nil)
            #expect(after.records == (keep == last.count - 1 ? records : Array(records.dropLast())) + [next])
        }
    }
}

/// The size of a file in bytes.
func fileSize(_ path: String) -> Int {
    let fd = open(path, O_RDONLY)
    defer { close(fd) }
    return Int(lseek(fd, 0, SEEK_END))
}
