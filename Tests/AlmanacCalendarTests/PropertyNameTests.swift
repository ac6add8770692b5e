@testable import AlmanacCalendar
import Testing

/// The reader tells property and parameter names apart by their packed
/// bytes (`Property.of`): every name it reads, in any case, and nothing else.
struct PropertyNameTests {
    static let all: [Property] = (1...32).map { Property(rawValue: $0)! }

    /// The property named `name`, read alone and at the start of a long
    /// line (two ways through the packing); `nil` when they disagree.
    static func property(_ name: String) -> Property? {
        let n = name.utf8.count
        let alone = Array(name.utf8), inLine = Array((name + ":20240101T090000Z;X-PADDING").utf8)
        let a = alone.withUnsafeBufferPointer { Property.of($0, count: n) }
        let b = inLine.withUnsafeBufferPointer { Property.of($0, count: n) }
        return a == b ? a : nil
    }

    static func parameter(_ name: String) -> ParameterName? {
        let n = name.utf8.count
        let alone = Array(name.utf8), inLine = Array(("DTSTART;" + name + "=Europe/Paris:20240101T090000").utf8)
        let a = alone.withUnsafeBufferPointer { ParameterName.of($0, 0, count: n) }
        let b = inLine.withUnsafeBufferPointer { ParameterName.of($0, 8, count: n) }
        return a == b ? a : .none
    }

    @Test func everyNameIsItsPropertyInAnyCase() {
        for p in Self.all {
            #expect(Self.property(p.name) == p)
            #expect(Self.property(p.name.lowercased()) == p)
            let mixed = String(p.name.enumerated().map { $0.offset % 2 == 0 ? Character($0.element.lowercased()) : $0.element })
            #expect(Self.property(mixed) == p)
        }
    }

    @Test func otherNamesAreOther() {
        for p in Self.all {
            let name = p.name
            #expect(Self.property(String(name.dropLast())) == .other, "\(name) without its last letter")
            #expect(Self.property(name + "S") == .other, "\(name) with a letter more")
            #expect(Self.property("X" + name.dropFirst()) == .other || name.hasPrefix("X"), "\(name) with another first letter")
        }
        // `-` and digits never fold onto letters.
        for name in ["RECURRENCEMID", "LAST0MODIFIED", "X-WR-TIMEZONE0", "DTSTART2", "UI4", "", "DESCRIPTIONS", "ATTENDEE", "RELATED0TO", "TRANSPS"] {
            #expect(Self.property(name) == .other, "\(name)")
        }
    }

    @Test func parameterNames() {
        #expect(Self.parameter("TZID") == .tzid)
        #expect(Self.parameter("tzid") == .tzid)
        #expect(Self.parameter("Value") == .value)
        #expect(Self.parameter("RANGE") == .range)
        #expect(Self.parameter("related") == .related)
        #expect(Self.parameter("RELTYPE") == .reltype)
        #expect(Self.parameter("FbType") == .fbtype)
        for other in ["CN", "TZI", "TZIDS", "VALU", "ROLE", "RANGES", "PARTSTAT", "RELATE", "RELTYPES", "FBTYP"] { #expect(Self.parameter(other) == nil, "\(other)") }
    }
}
