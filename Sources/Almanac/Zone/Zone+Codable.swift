import AlmanacCore

extension CodingUserInfoKey {
    /// The ``Zone/Source`` a decoder loads zone ids from (when absent, as
    /// ``Zone/init(_:source:)`` does with no source):
    /// `decoder.userInfo[.almanacZoneSource] = Zone.Source.foundation`.
    public static let almanacZoneSource = CodingUserInfoKey(rawValue: "almanac.zoneSource")!
}

extension Zone: Codable {
    /// Reads a zone id and loads the zone, as ``init(_:source:)`` does; a
    /// fixed offset written as `±HH:MM[:SS]` (the id of ``fixed(_:)``)
    /// gives that fixed zone.
    ///
    /// The zone is loaded as ``init(_:source:)`` loads it with no source
    /// (the newest tz data), or from the source in
    /// `decoder.userInfo[.almanacZoneSource]`: the id names the zone, the
    /// data is the decoding machine's, so a zone encoded from Foundation and
    /// decoded from ICU has ICU's transitions (and is not `==` to the
    /// original, which compares the source too).
    ///
    /// ```swift
    /// try JSONDecoder().decode(Zone.self, from: Data(#""America/New_York""#.utf8))
    /// ```
    ///
    /// - Throws: `DecodingError.dataCorrupted` at the id's coding path, with
    ///   the ``AlmanacError`` (kind ``AlmanacError/Kind/unknownZone``) as
    ///   its underlying error, when the source knows no zone by this id.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        let id = try c.decode(String.self)
        let source = decoder.userInfo[.almanacZoneSource] as? Source
        do { self = try Zone(codingIdentifier: id, source: source) } catch {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: c.codingPath, debugDescription: error.message, underlyingError: error))
        }
    }

    /// Writes the zone's id (``identifier``) as a single string.
    ///
    /// ```swift
    /// try JSONEncoder().encode(try Zone("America/New_York"))   // "America\/New_York"
    /// ```
    ///
    /// - Throws: `EncodingError.invalidValue` for a zone its id does not
    ///   load back: one built from transitions with
    ///   ``init(identifier:transitions:offsets:)``, whose data is not in any
    ///   source (store its transitions instead).
    public func encode(to encoder: any Encoder) throws {
        guard (try? Zone(codingIdentifier: identifier, source: source)) == self else {
            throw EncodingError.invalidValue(self, EncodingError.Context(codingPath: encoder.codingPath, debugDescription:
                "zone \"\(identifier)\" was built from transitions and its id does not load it back: encode its transitions instead"))
        }
        var c = encoder.singleValueContainer()
        try c.encode(identifier)
    }

    /// The zone an encoded id stands for: a fixed offset `±HH:MM[:SS]`, or
    /// an id loaded from `source`.
    init(codingIdentifier id: String, source: Source?) throws(AlmanacError) {
        if let offset = Self.fixedOffset(id) { self = .fixed(offset); return }
        try self.init(id, source: source)
    }

    /// The offset of a ``fixed(_:)`` zone's id, exactly as ``Offset/description``
    /// writes it, or `nil`.
    static func fixedOffset(_ id: String) -> Offset? {
        let b = Array(id.utf8)
        guard b.count == 6 || b.count == 9, b[0] == UInt8(ascii: "+") || b[0] == UInt8(ascii: "-") else { return nil }
        func two(_ i: Int) -> Int? {
            guard b[i] >= 0x30, b[i] <= 0x39, b[i + 1] >= 0x30, b[i + 1] <= 0x39 else { return nil }
            return Int(b[i] - 0x30) * 10 + Int(b[i + 1] - 0x30)
        }
        guard b[3] == UInt8(ascii: ":"), let h = two(1), let m = two(4), m < 60 else { return nil }
        var s = 0
        if b.count == 9 {
            guard b[6] == UInt8(ascii: ":"), let v = two(7), v < 60, v > 0 else { return nil }
            s = v
        }
        let magnitude = h * 3600 + m * 60 + s
        guard let offset = try? Offset(seconds: b[0] == UInt8(ascii: "-") ? -magnitude : magnitude), offset.description == id else { return nil }
        return offset
    }
}
