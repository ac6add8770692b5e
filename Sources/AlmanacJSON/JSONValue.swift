/// A JSON value as ``JSONReader`` reads it (RFC 8259).
///
/// Numbers keep the text they were written with, so a reader can tell `3`
/// from `3.0`, `-0` and `3e0`; objects keep their members in input order.
///
/// ```swift
/// let v = try JSONReader.parse(#"{"limit": 3, "rrule": ["FREQ=DAILY"]}"#)
/// v["limit"]               // .number(JSONNumber("3"))
/// v["rrule"]?.kind         // "an array"
/// ```
public enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, kept as written.
    case number(JSONNumber)
    /// A string, escapes decoded.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object.
    case object(JSONObject)

    /// The value of an object's member, or `nil` when this is not an object or has no such member.
    public subscript(key: String) -> JSONValue? {
        if case .object(let o) = self { return o[key] }
        return nil
    }

    /// The type of the value with an article, for messages: `a string`, `an array`, `null`.
    public var kind: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// A JSON number, as written (`12`, `-0`, `1.5`, `1e3`); syntax already checked.
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
    /// The number's text exactly as it appeared in the input.
    public var text: String

    /// Wraps number text; the caller vouches that it follows RFC 8259's grammar.
    public init(_ text: String) { self.text = text }

    /// The value when the text is a plain non-negative integer (digits only:
    /// no sign, fraction or exponent), saturating at `Int.max`; otherwise `nil`.
    ///
    /// `12` gives 12; `-0`, `-3`, `1.0` and `1e3` give `nil`.
    public var nonNegativeInteger: Int? {
        var value = 0
        for b in text.utf8 {
            guard b >= UInt8(ascii: "0"), b <= UInt8(ascii: "9") else { return nil }
            let (times10, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times10.addingReportingOverflow(Int(b - UInt8(ascii: "0")))
            if o1 || o2 { return Int.max }
            value = sum
        }
        return text.isEmpty ? nil : value
    }

    /// The number's text.
    public var description: String { text }
}

/// A JSON object: members in input order, keys unique (``JSONReader`` rejects repeats).
public struct JSONObject: Sendable, Hashable {
    /// One `"key": value` pair.
    public struct Member: Sendable, Hashable {
        /// The member's name.
        public var key: String
        /// The member's value.
        public var value: JSONValue
        /// A member from its name and value.
        public init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// The members in the order they were written.
    public var members: [Member]

    /// An object with these members (the caller keeps keys unique).
    public init(_ members: [Member] = []) { self.members = members }

    /// The value of the member named `key`.
    ///
    /// - Complexity: O(n) in the number of members (request objects are small).
    public subscript(key: String) -> JSONValue? {
        for m in members where m.key == key { return m.value }
        return nil
    }
}
