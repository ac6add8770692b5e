import Foundation
import Testing
import AlmanacCore

/// `Offset` keeps to -18:00...+18:00: out-of-range input is refused, never
/// truncated (`Offset(seconds: 4_294_967_296 + 3600)` used to be +01:00).
@Suite struct OffsetTests {
    @Test func theRangeIsPlusOrMinusEighteenHours() {
        #expect((try? Offset(seconds: 64_800))?.description == "+18:00")
        #expect((try? Offset(seconds: -64_800))?.description == "-18:00")
        #expect(Offset.max.seconds == 64_800 && Offset.min.seconds == -64_800)
        for bad in [64_801, -64_801, 86_400, 1 << 32, (1 << 32) + 3600, Int.max, Int.min] {
            #expect((try? Offset(seconds: bad)) == nil, "\(bad)")
        }
        #expect((try? Offset(hours: 18))?.seconds == 64_800)
        #expect((try? Offset(hours: -3, minutes: 30))?.description == "-03:30")
        #expect((try? Offset(hours: 0, minutes: 45))?.description == "+00:45")
        #expect((try? Offset(hours: 18, minutes: 1)) == nil)
        #expect((try? Offset(hours: -18, minutes: 30)) == nil)
        #expect((try? Offset(hours: 5, minutes: 60)) == nil)
        #expect((try? Offset(hours: 5, minutes: -30)) == nil)
        #expect((try? Offset(hours: Int.max)) == nil)
    }

    @Test func validatingNamesTheValueAndTheRange() throws {
        #expect {
            try Offset(seconds: 90_000)
        } throws: { error in
            let e = error as? AlmanacError
            return e?.kind == .outOfRange && e?.text == "90000"
                && e?.message == "UTC offset 90000 seconds (+25:00) is out of range: an offset must be within -18:00...+18:00 (±64800 seconds)"
        }
        #expect {
            try Offset(seconds: -64_801)
        } throws: { error in
            (error as? AlmanacError)?.message.hasPrefix("UTC offset -64801 seconds (-18:00:01) is out of range") == true
        }
        #expect(throws: AlmanacError.self) { try Offset(seconds: Int.min) }
        #expect(try Offset(seconds: -17_762).description == "-04:56:02")
    }

    @Test func decodingValidates() throws {
        // Codable as the text `description` writes (issue 25: values travel as their text).
        let decoder = JSONDecoder()
        #expect(try decoder.decode(Offset.self, from: Data(#""-04:00""#.utf8)) == Offset(hours: -4))
        #expect(String(decoding: try JSONEncoder().encode(Offset(hours: 5, minutes: 30)), as: UTF8.self) == #""+05:30""#)
        do {
            _ = try decoder.decode([Offset].self, from: Data(#"["+00:00","+19:00"]"#.utf8))
            Issue.record("decoded an out-of-range offset")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.codingPath.map(\.stringValue) == ["Index 1"])
            #expect((context.underlyingError as? AlmanacError)?.kind == .outOfRange)
        }
        // The storage form of earlier versions is refused with the reason, not read.
        do {
            _ = try decoder.decode(Offset.self, from: Data(#"{"seconds":-14400}"#.utf8))
            Issue.record("decoded an object as an offset")
        } catch let DecodingError.dataCorrupted(context) {
            #expect((context.underlyingError as? AlmanacError)?.message.contains("\"±HH:MM\"") == true)
        }
    }
}
