import Almanac
import AlmanacRequests

/// A JSON value with the path that leads to it (`items[3].start.dateTime`),
/// so that every error names the field it comes from.
struct JSONField {
    let value: JSONValue
    let path: String

    init(_ value: JSONValue, path: String) {
        self.value = value
        self.path = path
    }

    func fault(_ message: String) -> AlmanacError {
        AlmanacError(.invalidRequest, (path.isEmpty ? "" : path + ": ") + message)
    }

    /// The member `key`; `nil` when absent or `null` (Graph writes `null` for absent values).
    subscript(key: String) -> JSONField? {
        guard case .object(let o) = value, let v = o[key] else { return nil }
        if case .null = v { return nil }
        return JSONField(v, path: path.isEmpty ? key : path + "." + key)
    }

    var isObject: Bool { if case .object = value { true } else { false } }

    func string() throws(AlmanacError) -> String {
        guard case .string(let s) = value else { throw fault("expected a string, found \(value.kind)") }
        return s
    }

    func bool() throws(AlmanacError) -> Bool {
        guard case .bool(let b) = value else { throw fault("expected true or false, found \(value.kind)") }
        return b
    }

    func int() throws(AlmanacError) -> Int {
        guard case .number(let n) = value else { throw fault("expected an integer, found \(value.kind)") }
        guard let i = Int(n.text) else { throw fault("\(n.text) is not an integer in the 64-bit range") }
        return i
    }

    func array() throws(AlmanacError) -> [JSONField] {
        guard case .array(let a) = value else { throw fault("expected an array, found \(value.kind)") }
        return a.enumerated().map { JSONField($1, path: path + "[\($0)]") }
    }

    /// An ISO 8601 date-time as an instant (UTC when it has no offset).
    func instant(expecting what: String = "an ISO 8601 date-time") throws(AlmanacError) -> Timestamp {
        guard let (c, o) = ISOValue.dateTime(try string()) else { throw fault("expected " + what) }
        return ISOValue.instant(c, o ?? .zero)
    }

    func requiredString(_ key: String) throws(AlmanacError) -> String {
        guard let f = self[key] else { throw fault("missing field \"\(key)\"") }
        return try f.string()
    }
}

/// RFC 3339 and ISO 8601 values as Google and Graph write them.
enum ISOValue {
    /// `2024-05-06`.
    static func date(_ s: String) -> CivilDate? {
        let b = Array(s.utf8)
        guard b.count == 10, b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"),
              let y = number(b, 0, 4), let m = number(b, 5, 2), let d = number(b, 8, 2) else { return nil }
        return try? CivilDate(y, m, d)
    }

    /// `2024-05-06T09:00:00`, with optional fractional seconds (Graph writes
    /// seven digits; they are dropped) and an optional `Z` or `±hh:mm`.
    static func dateTime(_ s: String) -> (CivilDateTime, Offset?)? {
        let b = Array(s.utf8)
        guard b.count >= 19, let date = date(String(decoding: b[0..<10], as: UTF8.self)),
              b[10] == UInt8(ascii: "T") || b[10] == UInt8(ascii: "t"), b[13] == UInt8(ascii: ":"), b[16] == UInt8(ascii: ":"),
              let h = number(b, 11, 2), let mi = number(b, 14, 2), let sec = number(b, 17, 2),
              let time = try? CivilTime(h, mi, min(sec, 59)) else { return nil }
        var i = 19
        if i < b.count, b[i] == UInt8(ascii: ".") {
            i += 1
            let digits = i
            while i < b.count, b[i] >= 0x30, b[i] <= 0x39 { i += 1 }
            if i == digits { return nil }
        }
        let civil = CivilDateTime(date, time)
        if i == b.count { return (civil, nil) }
        if b.count == i + 1, b[i] == UInt8(ascii: "Z") || b[i] == UInt8(ascii: "z") { return (civil, .zero) }
        guard b.count == i + 6, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-"), b[i + 3] == UInt8(ascii: ":"),
              let oh = number(b, i + 1, 2), let om = number(b, i + 4, 2), om < 60,
              let offset = try? Offset(seconds: (b[i] == UInt8(ascii: "-") ? -1 : 1) * (oh * 3600 + om * 60)) else { return nil }
        return (civil, offset)
    }

    /// The instant a wall clock shows at `offset`.
    static func instant(_ civil: CivilDateTime, _ offset: Offset) -> Timestamp {
        Timestamp(secondsSinceEpoch: civil.localSeconds - Int64(offset.seconds))
    }

    private static func number(_ b: [UInt8], _ at: Int, _ n: Int) -> Int? {
        var v = 0
        for k in at..<(at + n) {
            guard k < b.count, b[k] >= 0x30, b[k] <= 0x39 else { return nil }
            v = v * 10 + Int(b[k] - 0x30)
        }
        return v
    }
}
