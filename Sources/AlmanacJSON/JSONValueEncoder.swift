/// Encodes `Encodable` values as JSON text with ``JSONWriter``, with no
/// Foundation: how the package writes its types as JSON (the CLI's `--json`
/// replies and error objects, a review's records).
///
/// Object members come out in the order `encode(to:)` writes them, with no
/// spaces; a `nil` written with `encodeIfPresent` leaves its member out.
///
/// ```swift
/// struct Reply: Encodable { var period: String; var days: Int }
/// try JSONValueEncoder().text(Reply(period: "2023-W48", days: 7))   // {"period":"2023-W48","days":7}
/// ```
public struct JSONValueEncoder: Sendable {
    /// An encoder.
    ///
    /// ```swift
    /// let encoder = JSONValueEncoder()
    /// ```
    public init() {}

    /// The value as a ``JSONValue`` tree.
    ///
    /// ```swift
    /// try JSONValueEncoder().encode(["a": 1])   // .object(JSONObject([.init(key: "a", value: .number(JSONNumber("1")))]))
    /// ```
    ///
    /// - Throws: what the value's `encode(to:)` throws; a value that encodes
    ///   nothing is `null`.
    /// - Complexity: O(n) in the size of the value.
    public func encode<T: Encodable>(_ value: T) throws -> JSONValue {
        let box = Box()
        try value.encode(to: JSONEncodingCursor(box: box, codingPath: []))
        return box.json
    }

    /// Appends the value's JSON text to a writer, as the next value of what
    /// the writer is writing.
    ///
    /// ```swift
    /// var w = JSONWriter()
    /// w.beginObject(); w.key("tags")
    /// try JSONValueEncoder().encode(["a", "b"], to: &w)
    /// w.endObject()
    /// w.text   // {"tags":["a","b"]}
    /// ```
    ///
    /// - Throws: what the value's `encode(to:)` throws.
    public func encode<T: Encodable>(_ value: T, to writer: inout JSONWriter) throws {
        writer.value(try encode(value))
    }

    /// The value's JSON text.
    ///
    /// ```swift
    /// try JSONValueEncoder().text([1, 2])   // [1,2]
    /// ```
    ///
    /// - Throws: what the value's `encode(to:)` throws.
    public func text<T: Encodable>(_ value: T) throws -> String {
        var w = JSONWriter()
        try encode(value, to: &w)
        return w.text
    }
}

/// A node of the tree being built; containers keep writing into it after
/// `container(keyedBy:)` returns, so it is a reference. Members and items
/// live in the node's own arrays, so appending does not copy them.
final class Box {
    enum Kind { case empty, value, object, array }

    var kind = Kind.empty
    var value = JSONValue.null
    var keys: [String] = []
    var children: [Box] = []

    var json: JSONValue {
        switch kind {
        case .empty: .null
        case .value: value
        case .object: .object(JSONObject(zip(keys, children).map { JSONObject.Member(key: $0, value: $1.json) }))
        case .array: .array(children.map(\.json))
        }
    }

    func become(_ k: Kind) {
        guard kind != k else { return }
        kind = k
        keys = []
        children = []
    }

    func set(_ v: JSONValue) {
        become(.value)
        value = v
    }

    /// A new member (replacing one of the same name), as an empty box.
    func member(_ key: String) -> Box {
        become(.object)
        let child = Box()
        if let k = keys.firstIndex(of: key) { children[k] = child } else {
            keys.append(key)
            children.append(child)
        }
        return child
    }

    /// A new item at the end, as an empty box.
    func item() -> Box {
        become(.array)
        let child = Box()
        children.append(child)
        return child
    }
}

/// The `Encoder` writing into one box; also its own single-value container.
struct JSONEncodingCursor: Encoder, SingleValueEncodingContainer {
    let box: Box
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        box.become(.object)
        return KeyedEncodingContainer(JSONKeyedEncoding<Key>(box: box, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        box.become(.array)
        return JSONUnkeyedEncoding(box: box, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    func set(_ v: JSONValue) { box.set(v) }
    func number<T: BinaryInteger>(_ v: T) { set(.number(JSONNumber(String(v)))) }

    func encodeNil() { set(.null) }
    func encode(_ v: Bool) { set(.bool(v)) }
    func encode(_ v: String) { set(.string(v)) }
    func encode(_ v: Double) throws { try finite(v, v.isFinite) }
    func encode(_ v: Float) throws { try finite(v, v.isFinite) }
    func encode(_ v: Int) { number(v) }
    func encode(_ v: Int8) { number(v) }
    func encode(_ v: Int16) { number(v) }
    func encode(_ v: Int32) { number(v) }
    func encode(_ v: Int64) { number(v) }
    func encode(_ v: UInt) { number(v) }
    func encode(_ v: UInt8) { number(v) }
    func encode(_ v: UInt16) { number(v) }
    func encode(_ v: UInt32) { number(v) }
    func encode(_ v: UInt64) { number(v) }
    func encode<T: Encodable>(_ v: T) throws { try v.encode(to: self) }

    /// A finite number as its shortest text; JSON has no NaN or infinity.
    func finite<T: LosslessStringConvertible>(_ v: T, _ isFinite: Bool) throws {
        guard isFinite else {
            throw EncodingError.invalidValue(v, .init(codingPath: codingPath, debugDescription: "JSON has no \(v)"))
        }
        set(.number(JSONNumber(v.description)))
    }
}

struct JSONKeyedEncoding<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let box: Box
    let codingPath: [any CodingKey]

    func member(_ key: Key) -> JSONEncodingCursor { JSONEncodingCursor(box: box.member(key.stringValue), codingPath: codingPath + [key]) }

    mutating func encodeNil(forKey key: Key) { member(key).encodeNil() }
    mutating func encode(_ v: Bool, forKey key: Key) { member(key).encode(v) }
    mutating func encode(_ v: String, forKey key: Key) { member(key).encode(v) }
    mutating func encode(_ v: Double, forKey key: Key) throws { try member(key).encode(v) }
    mutating func encode(_ v: Float, forKey key: Key) throws { try member(key).encode(v) }
    mutating func encode(_ v: Int, forKey key: Key) { member(key).encode(v) }
    mutating func encode(_ v: Int8, forKey key: Key) { member(key).encode(v) }
    mutating func encode(_ v: Int16, forKey key: Key) { member(key).encode(v) }
    mutating func encode(_ v: Int32, forKey key: Key) { member(key).encode(v) }
    mutating func encode(_ v: Int64, forKey key: Key) { member(key).encode(v) }
    mutating func encode(_ v: UInt, forKey key: Key) { member(key).encode(v) }
    mutating func encode(_ v: UInt8, forKey key: Key) { member(key).encode(v) }
    mutating func encode(_ v: UInt16, forKey key: Key) { member(key).encode(v) }
    mutating func encode(_ v: UInt32, forKey key: Key) { member(key).encode(v) }
    mutating func encode(_ v: UInt64, forKey key: Key) { member(key).encode(v) }
    mutating func encode<T: Encodable>(_ v: T, forKey key: Key) throws { try v.encode(to: member(key)) }

    mutating func nestedContainer<N: CodingKey>(keyedBy type: N.Type, forKey key: Key) -> KeyedEncodingContainer<N> {
        member(key).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { member(key).unkeyedContainer() }
    mutating func superEncoder() -> any Encoder { member(Key(stringValue: "super")!) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { member(key) }
}

struct JSONUnkeyedEncoding: UnkeyedEncodingContainer {
    let box: Box
    let codingPath: [any CodingKey]

    var count: Int { box.kind == .array ? box.children.count : 0 }

    func next() -> JSONEncodingCursor {
        let index = count
        return JSONEncodingCursor(box: box.item(), codingPath: codingPath + [AnyKey(intValue: index)])
    }

    mutating func encodeNil() { next().encodeNil() }
    mutating func encode(_ v: Bool) { next().encode(v) }
    mutating func encode(_ v: String) { next().encode(v) }
    mutating func encode(_ v: Double) throws { try next().encode(v) }
    mutating func encode(_ v: Float) throws { try next().encode(v) }
    mutating func encode(_ v: Int) { next().encode(v) }
    mutating func encode(_ v: Int8) { next().encode(v) }
    mutating func encode(_ v: Int16) { next().encode(v) }
    mutating func encode(_ v: Int32) { next().encode(v) }
    mutating func encode(_ v: Int64) { next().encode(v) }
    mutating func encode(_ v: UInt) { next().encode(v) }
    mutating func encode(_ v: UInt8) { next().encode(v) }
    mutating func encode(_ v: UInt16) { next().encode(v) }
    mutating func encode(_ v: UInt32) { next().encode(v) }
    mutating func encode(_ v: UInt64) { next().encode(v) }
    mutating func encode<T: Encodable>(_ v: T) throws { try v.encode(to: next()) }

    mutating func nestedContainer<N: CodingKey>(keyedBy type: N.Type) -> KeyedEncodingContainer<N> {
        next().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { next().unkeyedContainer() }
    mutating func superEncoder() -> any Encoder { next() }
}
