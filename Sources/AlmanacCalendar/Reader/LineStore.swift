import Almanac
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A parameter the reader uses, with its first value (the only one it reads).
struct Parameter: Sendable {
    var name: ParameterName
    /// Where the value lies in ``LineStore/bytes`` (unquoted).
    var value: Range<Int>
}

/// A content line the reader keeps (RFC 5545 section 3.1: `name *(";"
/// param) ":" value`): which property, and where its value and parameters
/// lie in the reader's ``LineStore``. A plain value: a component's lines
/// cost one array and nothing per line to keep and to drop.
struct ContentLine: Sendable {
    var property: Property
    /// Physical line the content line starts on.
    var line: Int
    /// The raw value's bytes in the store (escapes not undone: that depends on the value type).
    var value: Range<Int>
    /// Its parameters in ``LineStore/parameters``.
    var parameters: Range<Int>

    /// Upper-cased name.
    var name: String { property.name }
}

/// The values and parameters of every content line the reader keeps, in
/// two arrays: reading a file allocates for them a few times in all, not
/// once or more per line.
struct LineStore: Sendable {
    private(set) var bytes: [UInt8] = []
    private(set) var parameters: [Parameter] = []

    /// Appends `b[start..<end]`; returns where it lies.
    mutating func append(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Range<Int> {
        let at = bytes.count
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: b[start..<end]))
        return at..<bytes.count
    }

    mutating func append(_ parameter: Parameter) { parameters.append(parameter) }
    var parameterCount: Int { parameters.count }
    var byteCount: Int { bytes.count }

    /// Forgets what was appended since the counts were `parameters` and `bytes`.
    mutating func truncate(parameters p: Int, bytes b: Int) {
        if p < parameters.count { parameters.removeSubrange(p...) }
        if b < bytes.count { bytes.removeSubrange(b...) }
    }

    /// Forgets a line appended last (BEGIN and END, once read).
    mutating func removeLast(_ line: ContentLine) {
        let firstByte = line.parameters.isEmpty ? line.value.lowerBound : parameters[line.parameters.lowerBound].value.lowerBound
        truncate(parameters: line.parameters.lowerBound, bytes: firstByte)
    }

    /// Calls `body` with `bytes[r]`.
    func withBytes<R>(_ r: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[r])) }
    }

    func string(_ r: Range<Int>) -> String {
        bytes.withUnsafeBufferPointer { _string($0, r.lowerBound, r.upperBound) }
    }

    /// The line's value as text.
    func value(_ line: ContentLine) -> String { string(line.value) }

    /// The line's value upper-cased (component names: `BEGIN:vevent`).
    func upperValue(_ line: ContentLine) -> String {
        bytes.withUnsafeBufferPointer { b in
            b[line.value].allSatisfy { $0 < 0x80 } ? upperString(b, line.value.lowerBound, line.value.upperBound)
                : _string(b, line.value.lowerBound, line.value.upperBound).uppercased()
        }
    }

    /// Where the first value of the line's parameter `name` lies, if it has one.
    func parameterRange(_ name: ParameterName, of line: ContentLine) -> Range<Int>? {
        for k in line.parameters where parameters[k].name == name { return parameters[k].value }
        return nil
    }

    /// The first value of the line's parameter `name`.
    func parameter(_ name: ParameterName, of line: ContentLine) -> String? {
        parameterRange(name, of: line).map(string)
    }

    /// Whether the line's parameter `name` is `value` (ASCII, any case: `VALUE=date`).
    func parameter(_ name: ParameterName, of line: ContentLine, is value: String) -> Bool {
        parameter(name, of: line)?.uppercased() == value
    }

    /// FNV-1a of `bytes[r]`.
    func hash(_ r: Range<Int>) -> UInt64 {
        bytes.withUnsafeBufferPointer { b in
            var h: UInt64 = 0xCBF2_9CE4_8422_2325
            for k in r { h = (h ^ UInt64(b[k])) &* 0x100_0000_01B3 }
            return h
        }
    }

    /// Whether `other` equals `bytes[r]`.
    func same(_ other: [UInt8], _ r: Range<Int>) -> Bool {
        other.count == r.count && bytes.withUnsafeBufferPointer { b in
            other.withUnsafeBufferPointer { o in r.isEmpty || memcmp(o.baseAddress!, b.baseAddress! + r.lowerBound, r.count) == 0 }
        }
    }
}
