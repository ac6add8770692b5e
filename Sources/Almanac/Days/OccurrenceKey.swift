import AlmanacCore

/// A stable key for one occurrence of a series: the series' id (an iCalendar
/// UID, an EventKit identifier, any string) and the occurrence's
/// ``RecurrenceID``.
///
/// ```swift
/// let key = try OccurrenceKey(seriesID: "trip/42", recurrenceID: RecurrenceID(date: CivilDate(2024, 5, 1)))
/// key.description                                         // "trip%2F42/2024-05-01"
/// try OccurrenceKey(parsing: "trip%2F42/2024-05-01") == key   // true
/// ```
///
/// **Canonical text** (``description``, read back by ``init(parsing:)``):
///
/// ```
/// occurrence-key = series-id "/" recurrence-id
/// series-id      = *( unreserved / "%" HEXDIG HEXDIG )   ; the id's UTF-8 bytes
/// unreserved     = ALPHA / DIGIT / "-" / "." / "_" / "~"  ; RFC 3986
/// recurrence-id  = date [ "T" time [ "~2" ] ]              ; see RecurrenceID
/// date           = 4DIGIT "-" 2DIGIT "-" 2DIGIT
/// time           = 2DIGIT ":" 2DIGIT ":" 2DIGIT
/// ```
///
/// Every byte of the id outside the unreserved set is written `%HH` with
/// upper-case hex, so the text is ASCII, one line, free of `/` inside the
/// id, and safe in URLs, file names and logs. The reader accepts exactly
/// these texts (no lower-case hex, no escaped unreserved byte, no bytes that
/// are not UTF-8), so text and key determine each other: distinct keys have
/// distinct texts and every accepted text parses back to the key that wrote it.
///
/// Series ids compare by their UTF-8 bytes, as calendar servers compare
/// UIDs: Almanac does not normalize Unicode, so an id with a precomposed "é"
/// and one with "e" and a combining accent are different series (Swift's
/// `String ==` would call them equal).
///
/// Codable as the canonical text, and usable as a dictionary key in JSON
/// (`CodingKeyRepresentable`): `[OccurrenceKey: Note]` encodes as an object.
///
/// - Complexity: making, comparing, hashing and writing a key are O(length
///   of the series id); reading one is O(length of the text).
public struct OccurrenceKey: Sendable, Hashable {
    /// The series' id, any string (compared byte for byte).
    ///
    /// ```swift
    /// try OccurrenceKey(parsing: "a%20b/2024-05-01").seriesID   // "a b"
    /// ```
    public let seriesID: String
    /// Which occurrence of the series.
    ///
    /// ```swift
    /// try OccurrenceKey(parsing: "s/2024-05-01T09:00:00").recurrenceID.time   // 09:00:00
    /// ```
    public let recurrenceID: RecurrenceID

    /// A key from its parts.
    ///
    /// ```swift
    /// try OccurrenceKey(seriesID: "standup", recurrenceID: RecurrenceID(CivilDate(2024, 5, 7).at(9, 0)))
    /// ```
    public init(seriesID: String, recurrenceID: RecurrenceID) {
        self.seriesID = seriesID
        self.recurrenceID = recurrenceID
    }

    /// The key of an occurrence of the series `seriesID`.
    ///
    /// ```swift
    /// let o = Array(try set.occurrences().prefix(1))[0]
    /// OccurrenceKey(seriesID: "standup", occurrence: o).description   // "standup/2024-05-07T09:00:00"
    /// ```
    public init(seriesID: String, occurrence: Occurrence) {
        self.init(seriesID: seriesID, recurrenceID: occurrence.recurrenceID)
    }

    /// Equal when the series ids have the same UTF-8 bytes and the
    /// recurrence ids are equal.
    ///
    /// ```swift
    /// OccurrenceKey(seriesID: "\u{E9}", recurrenceID: r) == OccurrenceKey(seriesID: "e\u{301}", recurrenceID: r)   // false
    /// ```
    ///
    /// - Complexity: O(length of the ids).
    public static func == (a: OccurrenceKey, b: OccurrenceKey) -> Bool {
        guard a.recurrenceID == b.recurrenceID else { return false }
        // The bytes at once (a native string's are contiguous), not a
        // view's elements one by one.
        var (x, y) = (a.seriesID, b.seriesID)
        return x.withUTF8 { bx in y.withUTF8 { by in _sameBytes(bx, by) } }
    }

    /// Hashes the id's bytes and the recurrence id.
    ///
    /// ```swift
    /// Set([key, key]).count   // 1
    /// ```
    ///
    /// - Complexity: O(length of the id).
    public func hash(into h: inout Hasher) {
        h.combine(recurrenceID)
        var id = seriesID
        id.withUTF8 { bytes in
            h.combine(bytes.count)
            h.combine(bytes: UnsafeRawBufferPointer(bytes))
        }
    }
}

extension OccurrenceKey: CustomStringConvertible, LosslessStringConvertible {
    /// The canonical text (see the type's grammar): `standup/2024-05-07T09:00:00`.
    ///
    /// ```swift
    /// try OccurrenceKey(seriesID: "a/b c", recurrenceID: RecurrenceID(date: CivilDate(2024, 5, 1))).description
    /// // "a%2Fb%20c/2024-05-01"
    /// ```
    ///
    /// - Complexity: O(length of the id).
    public var description: String {
        var out: [UInt8] = []
        out.reserveCapacity(seriesID.utf8.count + 24)
        KeyText.write(self, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Reads the canonical text, and nothing else.
    ///
    /// ```swift
    /// try OccurrenceKey(parsing: "a%2Fb%20c/2024-05-01").seriesID   // "a/b c"
    /// try OccurrenceKey(parsing: "a%2fb/2024-05-01")   // throws: lower-case hex is not canonical
    /// ```
    ///
    /// - Throws: ``AlmanacError/Kind/invalidValue`` with the column of the fault.
    /// - Complexity: O(length of the text).
    public init(parsing text: some StringProtocol) throws(AlmanacError) {
        var scanner = ValueText(text, what: "occurrence key")
        self = try scanner.occurrenceKey()
        try scanner.finish()
    }

}

extension OccurrenceKey: Codable, CodingKeyRepresentable, CanonicalText {}

extension ValueText {
    /// `series-id "/" recurrence-id`.
    mutating func occurrenceKey() throws(AlmanacError) -> OccurrenceKey {
        let id = try seriesID()
        try expect(0x2F, "expected \"/\" after the series id")
        return OccurrenceKey(seriesID: id, recurrenceID: try recurrenceID())
    }
}

/// Whether two byte buffers hold the same bytes: eight at a time, then the
/// rest (`elementsEqual` compares one byte per step).
package func _sameBytes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    guard a.count == b.count else { return false }
    guard let p = a.baseAddress, let q = b.baseAddress, p != q else { return true }
    let (x, y) = (UnsafeRawPointer(p), UnsafeRawPointer(q))
    var i = 0
    while i + 8 <= a.count {
        if x.loadUnaligned(fromByteOffset: i, as: UInt64.self) != y.loadUnaligned(fromByteOffset: i, as: UInt64.self) { return false }
        i += 8
    }
    while i < a.count {
        if p[i] != q[i] { return false }
        i += 1
    }
    return true
}
