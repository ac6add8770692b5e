// Shared by the fuzz targets (compiled into each). Not part of the package.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads fuzzer bytes as a stream of small numbers; past the end every read is 0,
/// so any input, even empty, decodes to something.
struct FuzzBytes {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    var isAtEnd: Bool { index >= bytes.count }

    mutating func u8() -> Int {
        guard index < bytes.count else { return 0 }
        defer { index += 1 }
        return Int(bytes[index])
    }

    mutating func u16() -> Int { u8() << 8 | u8() }
    mutating func u32() -> Int { u16() << 16 | u16() }

    /// A value from `0..<n` (n > 0), from one byte when n <= 256, else two.
    mutating func below(_ n: Int) -> Int { n <= 256 ? u8() % n : u16() % n }

    mutating func pick<T>(_ values: [T]) -> T { values[below(values.count)] }

    mutating func bool() -> Bool { u8() & 1 == 1 }
}

/// Fails the run (libFuzzer reports a "deadly signal" with the stack) when `condition` is false.
func fuzzCheck(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
               file: StaticString = #fileID, line: UInt = #line) {
    if condition() { return }
    fuzzFail(message(), file: file, line: line)
}

func fuzzFail(_ message: String, file: StaticString = #fileID, line: UInt = #line) -> Never {
    var text = "\n==FUZZ CHECK FAILED== \(file):\(line)\n\(message)\n"
    text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    abort()
}

/// Set FUZZ_VERBOSE=1 to have the targets describe each input they run (for reproducing).
let verbose = getenv("FUZZ_VERBOSE") != nil

func fuzzLog(_ message: String) {
    var text = message + "\n"
    text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}

/// Monotonic seconds, for FUZZ_VERBOSE timings.
func fuzzNow() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

/// Hex of bytes, for messages.
func fuzzHex(_ s: some Sequence<UInt8>) -> String {
    let digits = Array("0123456789abcdef")
    var out = ""
    for b in s { out.append(digits[Int(b >> 4)]); out.append(digits[Int(b & 15)]) }
    return out
}
