import Almanac
import AlmanacJSON

/// A JSON value with the path that leads to it (`items[3].start.dateTime`),
/// so that every error names the field it comes from.
struct JSONField {
    let value: JSONValue
    let path: String

    init(_ value: JSONValue, path: String) {
        self.value = value
        self.path = path
    }

    /// An `invalid_request` error at this field (``AlmanacError/field`` is the path).
    func fault(_ message: String) -> AlmanacError {
        let e = AlmanacError(.invalidRequest, message)
        return path.isEmpty ? e : e.at(field: path)
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

/// RFC 3339 values as Google and Graph write them, read by the library's
/// one date and date-time reader (``RFC3339``).
enum ISOValue {
    /// `2024-05-06`.
    static func date(_ s: String) -> CivilDate? { RFC3339.date(s) }

    /// `2024-05-06T09:00:00`, with optional fractional seconds (Graph writes
    /// seven digits; they are dropped) and an optional `Z` or `±hh:mm`.
    static func dateTime(_ s: String) -> (CivilDateTime, Offset?)? { RFC3339.dateTime(s) }

    /// The instant a wall clock shows at `offset`.
    static func instant(_ civil: CivilDateTime, _ offset: Offset) -> Timestamp {
        Timestamp(secondsSinceEpoch: civil.localSeconds - Int64(offset.seconds))
    }
}
