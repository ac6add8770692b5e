import NIOCore
import PostgresNIO

/// SQL text built piece by piece with bound parameters: `bind` appends
/// `$n` to the text and the value to the bindings, never the value's text.
struct SQL {
    private(set) var text: String
    private(set) var binds = PostgresBindings()

    init(_ text: String) { self.text = text }

    /// Appends SQL text of ours (never a value).
    mutating func append(_ more: String) { text += more }

    /// Appends a parameter placeholder for `value`.
    mutating func bind<V: PostgresDynamicTypeEncodable>(_ value: V) {
        binds.append(value)
        text += "$\(binds.count)"
    }

    var query: PostgresQuery { PostgresQuery(unsafeSQL: text, binds: binds) }
}

/// A `text[]` parameter whose elements may be NULL (postgres-nio encodes
/// arrays of non-optional elements only): PostgreSQL's binary array format,
/// one dimension, lower bound 1, a length of -1 for each NULL.
struct NullableTextArray: PostgresNonThrowingEncodable, PostgresDynamicTypeEncodable {
    var values: [String?]

    static var psqlType: PostgresDataType { .textArray }
    static var psqlFormat: PostgresFormat { .binary }

    func encode<JSONEncoder: PostgresJSONEncoder>(into buffer: inout ByteBuffer, context: PostgresEncodingContext<JSONEncoder>) {
        buffer.writeInteger(values.isEmpty ? 0 : 1, as: Int32.self)                  // dimensions
        buffer.writeInteger(values.contains(nil) ? 1 : 0, as: Int32.self)            // has NULLs
        buffer.writeInteger(PostgresDataType.text.rawValue)                          // element type
        guard !values.isEmpty else { return }
        buffer.writeInteger(Int32(values.count), as: Int32.self)                     // length
        buffer.writeInteger(1, as: Int32.self)                                       // lower bound
        for v in values {
            if let v {
                buffer.writeInteger(Int32(v.utf8.count), as: Int32.self)
                buffer.writeString(v)
            } else {
                buffer.writeInteger(-1, as: Int32.self)
            }
        }
    }
}
