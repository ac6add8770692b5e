import AlmanacJSON
import Testing

/// Lines out of chunks, whatever the chunk boundaries, with over-long lines dropped in bounded memory.
@Suite struct LineSplitterTests {
    enum Piece: Equatable {
        case line(String)
        case tooLong(Int)
    }

    func split(_ input: String, chunkSize: Int, maximum: Int = 1 << 20) -> [Piece] {
        var splitter = LineSplitter(maximumLineLength: maximum)
        var out: [Piece] = []
        func take(_ l: LineSplitter.Line) {
            switch l {
            case .bytes(let b): out.append(.line(String(decoding: b, as: UTF8.self)))
            case .tooLong(let n): out.append(.tooLong(n))
            }
        }
        let bytes = Array(input.utf8)
        var start = 0
        while start < bytes.count {
            let end = min(start + chunkSize, bytes.count)
            bytes[start..<end].withUnsafeBufferPointer { splitter.feed($0, take) }
            start = end
        }
        splitter.finish(take)
        return out
    }

    @Test(arguments: [1, 2, 3, 5, 7, 64, 1 << 16])
    func splitsAtEveryChunkBoundary(chunkSize: Int) {
        let input = "{\"a\":1}\n\nxyz\r\n  \né😀\nlast"
        #expect(split(input, chunkSize: chunkSize) == [
            .line("{\"a\":1}"), .line(""), .line("xyz\r"), .line("  "), .line("é😀"), .line("last"),
        ])
    }

    @Test func aFinalLineBreakEndsNoExtraLine() {
        #expect(split("a\nb\n", chunkSize: 3) == [.line("a"), .line("b")])
        #expect(split("", chunkSize: 3) == [])
        #expect(split("\n", chunkSize: 3) == [.line("")])
    }

    @Test(arguments: [1, 4, 10, 100])
    func dropsOverlongLinesAndGoesOn(chunkSize: Int) {
        let long = String(repeating: "x", count: 25)
        let input = "short\n" + long + "\nexactly10!\n" + long + "y"
        #expect(split(input, chunkSize: chunkSize, maximum: 10) == [
            .line("short"), .tooLong(25), .line("exactly10!"), .tooLong(26),
        ])
    }
}
