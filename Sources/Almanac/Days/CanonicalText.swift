import AlmanacCore

/// A value with one canonical text form that parses back (`OccurrenceKey`,
/// `DayKey`, `RecurrenceID`). Their `LosslessStringConvertible`, `Codable`
/// and `CodingKeyRepresentable` conformances all go through that text,
/// written once here. Package access: users see the public conformances, not
/// this protocol (its public members are the witnesses of those conformances).
/// Their `Codable` conformance is AlmanacCore's `TextCoded`'s: the text in
/// a single-value container, and a decoding error that carries the
/// ``AlmanacError`` of the parser.
package protocol CanonicalText: TextCoded {}

extension CanonicalText {
    /// The value of a canonical text, or `nil` (`init(parsing:)` says why).
    ///
    /// - Complexity: O(length of the text).
    public init?(_ description: String) {
        guard let value = try? Self(parsing: description) else { return nil }
        self = value
    }

    /// What a decoder expects, for the error when it finds something else.
    package static var textShape: String { "\(Self.self) is written as its canonical text" }

    /// The canonical text as a coding key, so a dictionary keyed by these
    /// values encodes as a JSON object (`{"standup/2024-05-07T09:00:00":"done"}`).
    ///
    /// - Complexity: O(length of the text).
    public var codingKey: any CodingKey { TextCodingKey(description) }

    /// The value of a coding key's text, or `nil` when it is not canonical.
    ///
    /// - Complexity: O(length of the text).
    public init?<T: CodingKey>(codingKey: T) {
        self.init(codingKey.stringValue)
    }
}

/// A coding key holding a text (for `CodingKeyRepresentable`).
struct TextCodingKey: CodingKey {
    var stringValue: String
    init(_ s: String) { stringValue = s }
    init?(stringValue: String) { self.stringValue = stringValue }
    var intValue: Int? { nil }
    init?(intValue: Int) { nil }
}
