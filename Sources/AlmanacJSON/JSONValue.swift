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
    ///
    /// ```swift
    /// let v = try JSONReader.parse(#"{"error":{"kind":"invalid_rule"}}"#)
    /// v["error"]?["kind"]   // .string("invalid_rule")
    /// v["id"]               // nil
    /// ```
    public subscript(key: String) -> JSONValue? {
        if case .object(let o) = self { return o[key] }
        return nil
    }

    /// The type of the value with an article, for messages: `a string`, `an array`, `null`.
    ///
    /// ```swift
    /// "expected a string, got \(JSONValue.bool(true).kind)"   // expected a string, got a boolean
    /// ```
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
///
/// ```swift
/// if case .number(let n) = try JSONReader.parse("1.50") { n.text }   // "1.50"
/// ```
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
    /// The number's text exactly as it appeared in the input.
    ///
    /// ```swift
    /// JSONNumber("-0").text   // "-0"
    /// ```
    public var text: String

    /// Wraps number text; the caller vouches that it follows RFC 8259's grammar.
    ///
    /// ```swift
    /// JSONValue.number(JSONNumber("42"))
    /// ```
    public init(_ text: String) { self.text = text }

    /// The value when the text is a plain non-negative integer (digits only:
    /// no sign, fraction or exponent), saturating at `Int.max`; otherwise `nil`.
    ///
    /// ```swift
    /// JSONNumber("12").nonNegativeInteger    // 12
    /// JSONNumber("1e3").nonNegativeInteger   // nil
    /// ```
    ///
    /// `-0`, `-3` and `1.0` give `nil` too.
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
    ///
    /// ```swift
    /// "\(JSONNumber("1.5e3"))"   // 1.5e3
    /// ```
    public var description: String { text }
}

/// A JSON object: members in input order, keys unique (``JSONReader`` rejects repeats).
///
/// ```swift
/// if case .object(let o) = try JSONReader.parse(#"{"b":1,"a":2}"#) {
///     o.members.map(\.key)   // ["b", "a"]
/// }
/// ```
public struct JSONObject: Sendable, Hashable {
    /// One `"key": value` pair.
    ///
    /// ```swift
    /// JSONObject.Member(key: "id", value: .string("a"))
    /// ```
    public struct Member: Sendable, Hashable {
        /// The member's name.
        ///
        /// ```swift
        /// member.key   // "id"
        /// ```
        public var key: String
        /// The member's value.
        ///
        /// ```swift
        /// member.value   // .string("a")
        /// ```
        public var value: JSONValue
        /// A member from its name and value.
        ///
        /// ```swift
        /// JSONObject.Member(key: "n", value: .number(JSONNumber("1")))
        /// ```
        public init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// The members in the order they were written.
    ///
    /// ```swift
    /// for m in object.members { print(m.key) }
    /// ```
    public var members: [Member]

    /// An object with these members (the caller keeps keys unique).
    ///
    /// ```swift
    /// JSONValue.object(JSONObject([.init(key: "id", value: .null)]))   // {"id":null}
    /// ```
    public init(_ members: [Member] = []) { self.members = members }

    /// The value of the member named `key`.
    ///
    /// ```swift
    /// object["id"]   // .string("a"), or nil when there is no member "id"
    /// ```
    ///
    /// - Complexity: O(n) in the number of members (request objects are small).
    public subscript(key: String) -> JSONValue? {
        for m in members where m.key == key { return m.value }
        return nil
    }
}
