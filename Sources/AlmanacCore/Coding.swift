/// Not API: a coding key of any text or index, so the Codable conformances
/// can see every key an object holds (and refuse unknown ones) and name
/// array elements in coding paths.
package struct AnyCodingKey: CodingKey {
    package var stringValue: String
    package var intValue: Int?
    package init(_ s: String) { stringValue = s }
    package init(index: Int) { stringValue = "Index \(index)"; intValue = index }
    package init?(stringValue: String) { self.stringValue = stringValue }
    package init?(intValue: Int) { self.init(index: intValue) }
}

extension Decoder {
    /// Throws for a member of this object that `Keys` does not name:
    /// misspellings are errors, not silent defaults. `members` lists the
    /// ones there are, for the message ("a to-do has id, title, ...").
    package func rejectUnknownMembers<Keys: CodingKey>(_ keys: Keys.Type, _ members: String) throws {
        let all = try container(keyedBy: AnyCodingKey.self)
        for key in all.allKeys where Keys(stringValue: key.stringValue) == nil {
            throw DecodingError.dataCorruptedError(forKey: key, in: all, debugDescription: "unknown field \"\(key.stringValue)\": \(members)")
        }
    }
}

