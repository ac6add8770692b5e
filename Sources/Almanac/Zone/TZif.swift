import AlmanacCore

/// A TZif file (RFC 8536), the binary form of the tz database that
/// operating systems keep under `/usr/share/zoneinfo`. Not API; the system
/// loader (`SystemZones`) reads zones through it.
///
/// Only what a ``ZoneTable`` needs is kept: the transition instants, the
/// total UTC offset in force from each, the offset before the first
/// (time type 0, RFC 8536 section 3.2), and the footer's POSIX TZ string,
/// which governs every instant after the last transition (section 3.3).
/// The version 1 data block is skipped when a version 2+ block follows
/// (its 32-bit times end in 2038).
///
/// Every count and index is checked against the bytes before it is used,
/// so a truncated or hostile file gives `nil`, never a trap. Files with
/// leap-second records (the `right/` zones) are refused: their
/// transition times count leap seconds, and Almanac's do not.
struct TZif {
    /// Transition instants in UTC seconds, strictly increasing.
    var transitions: [Int64]
    /// The total offset (UTC offset including DST) in force from each transition.
    var offsets: [Int32]
    /// The offset in force before the first transition.
    var initialOffset: Int32
    /// The footer's TZ string (version 2+), empty when there is none.
    var footer: String

    /// At most this many transitions or types: the largest zone of tzdata
    /// has about 240 transitions ("fat" files about 2,000 with the 2037 tail).
    static let maximumTransitions = 1 << 16

    init?(_ bytes: [UInt8]) {
        var reader = ByteReader(bytes)
        guard let v1 = reader.header() else { return nil }
        var header = v1
        if v1.version != 0 {
            // Skip the version 1 block (4-byte times, 8-byte leap records).
            guard reader.skip(v1.blockSize(timeSize: 4)), let v2 = reader.header(), v2.version != 0 else { return nil }
            header = v2
        }
        guard header.leapCount == 0, header.typeCount >= 1, header.typeCount <= 256,
              header.timeCount <= Self.maximumTransitions else { return nil }
        let timeSize = header.version == 0 ? 4 : 8
        guard reader.remaining >= header.blockSize(timeSize: timeSize) else { return nil }
        var times: [Int64] = []
        times.reserveCapacity(header.timeCount)
        for _ in 0..<header.timeCount {
            guard let t = timeSize == 4 ? reader.int32().map(Int64.init) : reader.int64() else { return nil }
            guard times.last.map({ $0 < t }) ?? true else { return nil }   // strictly increasing (RFC 8536 3.2)
            times.append(t)
        }
        var typeIndices: [Int] = []
        typeIndices.reserveCapacity(header.timeCount)
        for _ in 0..<header.timeCount {
            guard let i = reader.byte().map(Int.init), i < header.typeCount else { return nil }
            typeIndices.append(i)
        }
        var typeOffsets: [Int32] = []
        for _ in 0..<header.typeCount {
            guard let utoff = reader.int32(), reader.skip(2), (try? Offset(seconds: Int(utoff))) != nil else { return nil }
            typeOffsets.append(utoff)
        }
        guard reader.skip(header.charCount + header.stdCount + header.utCount) else { return nil }
        transitions = times
        offsets = typeIndices.map { typeOffsets[$0] }
        initialOffset = typeOffsets[0]
        footer = ""
        if header.version != 0 {
            guard let text = reader.footer() else { return nil }
            footer = text
        }
    }
}

/// The counts of a TZif header (RFC 8536 section 3.1).
private struct TZifHeader {
    var version: UInt8
    var utCount: Int, stdCount: Int, leapCount: Int, timeCount: Int, typeCount: Int, charCount: Int

    /// The bytes of the data block that follows this header.
    func blockSize(timeSize: Int) -> Int {
        timeCount * timeSize + timeCount + typeCount * 6 + charCount + leapCount * (timeSize + 4) + stdCount + utCount
    }
}

/// A cursor over big-endian bytes that answers `nil` past the end.
private struct ByteReader {
    let bytes: [UInt8]
    var at = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var remaining: Int { bytes.count - at }

    mutating func skip(_ n: Int) -> Bool {
        guard n >= 0, n <= remaining else { return false }
        at += n
        return true
    }

    mutating func byte() -> UInt8? {
        guard remaining >= 1 else { return nil }
        defer { at += 1 }
        return bytes[at]
    }

    mutating func uint(_ size: Int) -> UInt64? {
        guard remaining >= size else { return nil }
        var v: UInt64 = 0
        for i in 0..<size { v = v << 8 | UInt64(bytes[at + i]) }
        at += size
        return v
    }

    mutating func int32() -> Int32? { uint(4).map { Int32(bitPattern: UInt32($0)) } }
    mutating func int64() -> Int64? { uint(8).map { Int64(bitPattern: $0) } }

    /// "TZif", a version byte (0, '2', '3' or '4'), 15 unused bytes and six counts.
    mutating func header() -> TZifHeader? {
        guard remaining >= 44, bytes[at..<at + 4].elementsEqual("TZif".utf8) else { return nil }
        let version = bytes[at + 4]
        guard version == 0 || (version >= UInt8(ascii: "2") && version <= UInt8(ascii: "9")) else { return nil }
        at += 20
        var counts: [Int] = []
        for _ in 0..<6 {
            guard let c = uint(4), c <= UInt64(TZif.maximumTransitions) * 8 else { return nil }
            counts.append(Int(c))
        }
        return TZifHeader(version: version, utCount: counts[0], stdCount: counts[1], leapCount: counts[2],
                           timeCount: counts[3], typeCount: counts[4], charCount: counts[5])
    }

    /// The footer: a line feed, the TZ string (ASCII, no line feed), a line feed.
    mutating func footer() -> String? {
        guard byte() == 0x0A, let end = bytes[at...].firstIndex(of: 0x0A), end - at <= 256 else { return nil }
        let text = bytes[at..<end]
        guard text.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
        at = end + 1
        return String(decoding: text, as: UTF8.self)
    }
}
