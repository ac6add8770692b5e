import AlmanacCore

/// Decodes `Decodable` values from JSON read by ``JSONReader``, with no
/// Foundation: how the package reads JSON files into its types (the CLI's
/// agenda file, a review's records, `Codable` values of AlmanacCore).
///
/// Errors are `AlmanacError`s of kind `invalid_request` whose `field` is
/// the path of the faulty value, so a file's author can find it:
///
/// ```swift
/// struct Todo: Codable { var id: String; var done: Bool }
/// let bytes = Array(#"[{"id":"a","done":true},{"id":"b","done":"no"}]"#.utf8)
/// try JSONValueDecoder().decode([Todo].self, from: bytes)
/// // invalid_request: [1].done: expected true or false, got a string
/// ```
///
/// Numbers decode into integer types only when written as integers (`3`,
/// `-3`), into floating-point types from any number; `null` is absent for
/// `decodeIfPresent`.
public struct JSONValueDecoder: Sendable {
    /// A decoder.
    ///
    /// ```swift
    /// let decoder = JSONValueDecoder()
    /// ```
    public init() {}

    /// Decodes a value from a parsed JSON value.
    ///
    /// ```swift
    /// let v = try JSONReader.parse(#"{"limit":3}"#)
    /// try JSONValueDecoder().decode([String: Int].self, from: v)   // ["limit": 3]
    /// ```
    ///
    /// - Throws: `AlmanacError` of kind `invalid_request`, its `field` the path.
    /// - Complexity: O(n) in the size of the value.
    public func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws(AlmanacError) -> T {
        do {
            return try T(from: JSONDecodingCursor(value, path: []))
        } catch let error as DecodingError {
            throw Self.error(error)
        } catch let error as AlmanacError {
            throw error
        } catch {
            throw AlmanacError(.invalidRequest, "\(error)")
        }
    }

    /// Reads JSON text (UTF-8) with ``JSONReader``, then decodes it.
    ///
    /// ```swift
    /// try JSONValueDecoder().decode([Int].self, from: Array("[1,2]".utf8))   // [1, 2]
    /// ```
    ///
    /// - Throws: `AlmanacError` of kind `invalid_request`: a syntax error
    ///   with its line and column, or a decoding error with its path.
    /// - Complexity: O(n) in the length of the text.
    public func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws(AlmanacError) -> T {
        let value = try bytes.withUnsafeBufferPointer { (p) throws(AlmanacError) -> JSONValue in try JSONReader.parse(p) }
        return try decode(type, from: value)
    }

    /// `events[2].rrule`, `todos[0]` or `the top level`, from a coding path:
    /// how the decoder's messages name a place, for messages of your own.
    ///
    /// ```swift
    /// JSONValueDecoder.path(decoder.codingPath)   // "events[2].rrule"
    /// ```
    public static func path(_ keys: [any CodingKey]) -> String {
        var out = ""
        for key in keys {
            if let k = key.intValue { out += "[\(k)]" } else { out += (out.isEmpty ? "" : ".") + key.stringValue }
        }
        return out.isEmpty ? "the top level" : out
    }

    /// A decoding error, its path as the error's field.
    static func error(_ error: DecodingError) -> AlmanacError {
        switch error {
        case .typeMismatch(_, let c), .dataCorrupted(let c):
            return AlmanacError(.invalidRequest, c.debugDescription).at(field: path(c.codingPath))
        case .valueNotFound(_, let c):
            return AlmanacError(.invalidRequest, c.debugDescription).at(field: path(c.codingPath))
        case .keyNotFound(let key, let c):
            return AlmanacError(.invalidRequest, "missing field \"\(key.stringValue)\"").at(field: path(c.codingPath))
        @unknown default:
            return AlmanacError(.invalidRequest, "\(error)")
        }
    }
}

/// A coding key for any member name or array index.
struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }
}

/// The `Decoder` over one ``JSONValue``; also its own single-value container.
struct JSONDecodingCursor: Decoder, SingleValueDecodingContainer {
    let value: JSONValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(_ value: JSONValue, path: [any CodingKey]) {
        self.value = value
        self.codingPath = path
    }

    func mismatch(_ expected: String) -> DecodingError {
        .typeMismatch(Any.self, .init(codingPath: codingPath, debugDescription: "expected \(expected), got \(value.kind)"))
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let o) = value else { throw mismatch("an object") }
        return KeyedDecodingContainer(KeyedContainer<Key>(object: o, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let items) = value else { throw mismatch("an array") }
        return UnkeyedContainer(items: items, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    // MARK: Single value

    func decodeNil() -> Bool { value == .null }

    func decode(_ type: Bool.Type) throws -> Bool {
        guard case .bool(let b) = value else { throw mismatch("true or false") }
        return b
    }

    func decode(_ type: String.Type) throws -> String {
        guard case .string(let s) = value else { throw mismatch("a string") }
        return s
    }

    func floating<T: LosslessStringConvertible>(_ type: T.Type) throws -> T {
        guard case .number(let n) = value, let v = T(n.text) else { throw mismatch("a number") }
        return v
    }

    func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        guard case .number(let n) = value else { throw mismatch("an integer") }
        guard let v = T(n.text, radix: 10) else {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath,
                                                    debugDescription: "expected an integer from \(T.min) to \(T.max), got \(n.text)"))
        }
        return v
    }

    func decode(_ type: Double.Type) throws -> Double { try floating(type) }
    func decode(_ type: Float.Type) throws -> Float { try floating(type) }
    func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: self) }
}

/// An object's members by key.
struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let object: JSONObject
    let codingPath: [any CodingKey]

    var allKeys: [Key] { object.members.compactMap { Key(stringValue: $0.key) } }

    func contains(_ key: Key) -> Bool { object[key.stringValue] != nil }

    func member(_ key: Key) throws -> JSONDecodingCursor {
        guard let v = object[key.stringValue] else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "missing field \"\(key.stringValue)\""))
        }
        return JSONDecodingCursor(v, path: codingPath + [key])
    }

    func decodeNil(forKey key: Key) throws -> Bool { object[key.stringValue] == nil || object[key.stringValue] == .null }
    func decode(_ t: Bool.Type, forKey key: Key) throws -> Bool { try member(key).decode(t) }
    func decode(_ t: String.Type, forKey key: Key) throws -> String { try member(key).decode(t) }
    func decode(_ t: Double.Type, forKey key: Key) throws -> Double { try member(key).decode(t) }
    func decode(_ t: Float.Type, forKey key: Key) throws -> Float { try member(key).decode(t) }
    func decode(_ t: Int.Type, forKey key: Key) throws -> Int { try member(key).decode(t) }
    func decode(_ t: Int8.Type, forKey key: Key) throws -> Int8 { try member(key).decode(t) }
    func decode(_ t: Int16.Type, forKey key: Key) throws -> Int16 { try member(key).decode(t) }
    func decode(_ t: Int32.Type, forKey key: Key) throws -> Int32 { try member(key).decode(t) }
    func decode(_ t: Int64.Type, forKey key: Key) throws -> Int64 { try member(key).decode(t) }
    func decode(_ t: UInt.Type, forKey key: Key) throws -> UInt { try member(key).decode(t) }
    func decode(_ t: UInt8.Type, forKey key: Key) throws -> UInt8 { try member(key).decode(t) }
    func decode(_ t: UInt16.Type, forKey key: Key) throws -> UInt16 { try member(key).decode(t) }
    func decode(_ t: UInt32.Type, forKey key: Key) throws -> UInt32 { try member(key).decode(t) }
    func decode(_ t: UInt64.Type, forKey key: Key) throws -> UInt64 { try member(key).decode(t) }
    func decode<T: Decodable>(_ t: T.Type, forKey key: Key) throws -> T { try T(from: member(key)) }

    func nestedContainer<N: CodingKey>(keyedBy type: N.Type, forKey key: Key) throws -> KeyedDecodingContainer<N> {
        try member(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try member(key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { JSONDecodingCursor(.object(object), path: codingPath) }
    func superDecoder(forKey key: Key) throws -> any Decoder { try member(key) }
}

/// An array's items in order.
struct UnkeyedContainer: UnkeyedDecodingContainer {
    let items: [JSONValue]
    let codingPath: [any CodingKey]
    var currentIndex = 0

    init(items: [JSONValue], codingPath: [any CodingKey]) {
        self.items = items
        self.codingPath = codingPath
    }

    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    mutating func next() throws -> JSONDecodingCursor {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(Any.self, .init(codingPath: codingPath + [AnyKey(intValue: currentIndex)],
                                                               debugDescription: "the array has only \(items.count) items"))
        }
        defer { currentIndex += 1 }
        return JSONDecodingCursor(items[currentIndex], path: codingPath + [AnyKey(intValue: currentIndex)])
    }

    mutating func decodeNil() throws -> Bool {
        if !isAtEnd, items[currentIndex] == .null {
            currentIndex += 1
            return true
        }
        return false
    }

    mutating func decode(_ t: Bool.Type) throws -> Bool { try next().decode(t) }
    mutating func decode(_ t: String.Type) throws -> String { try next().decode(t) }
    mutating func decode(_ t: Double.Type) throws -> Double { try next().decode(t) }
    mutating func decode(_ t: Float.Type) throws -> Float { try next().decode(t) }
    mutating func decode(_ t: Int.Type) throws -> Int { try next().decode(t) }
    mutating func decode(_ t: Int8.Type) throws -> Int8 { try next().decode(t) }
    mutating func decode(_ t: Int16.Type) throws -> Int16 { try next().decode(t) }
    mutating func decode(_ t: Int32.Type) throws -> Int32 { try next().decode(t) }
    mutating func decode(_ t: Int64.Type) throws -> Int64 { try next().decode(t) }
    mutating func decode(_ t: UInt.Type) throws -> UInt { try next().decode(t) }
    mutating func decode(_ t: UInt8.Type) throws -> UInt8 { try next().decode(t) }
    mutating func decode(_ t: UInt16.Type) throws -> UInt16 { try next().decode(t) }
    mutating func decode(_ t: UInt32.Type) throws -> UInt32 { try next().decode(t) }
    mutating func decode(_ t: UInt64.Type) throws -> UInt64 { try next().decode(t) }
    mutating func decode<T: Decodable>(_ t: T.Type) throws -> T { try T(from: next()) }

    mutating func nestedContainer<N: CodingKey>(keyedBy type: N.Type) throws -> KeyedDecodingContainer<N> {
        try next().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next().unkeyedContainer() }
    mutating func superDecoder() throws -> any Decoder { try next() }
}
