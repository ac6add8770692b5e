#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Almanac
import AlmanacAvailability

/// The slots as text or JSON Lines.
struct SlotsOutput {
    let finder: SlotFinder
    let viewer: Zone
    let json: Bool

    /// The JSON form of one slot.
    struct Line: Encodable {
        struct Person: Encodable {
            var name: String
            var zone: String
            var start: String
            var end: String
        }

        var start: String
        var end: String
        var minutes: Int64
        var people: [Person]
    }

    func render(_ slots: ArraySlice<FreeSlot>) throws -> String {
        var out = ""
        for s in slots {
            let people = s.attendees.map { finder.attendees[$0] }
            if json {
                let line = Line(start: Text.instant(s.range.lowerBound, in: viewer), end: Text.instant(s.range.upperBound, in: viewer),
                                minutes: s.seconds / 60, people: people.map {
                                    Line.Person(name: $0.name, zone: $0.zone.identifier, start: Text.instant(s.range.lowerBound, in: $0.zone),
                                                end: Text.instant(s.range.upperBound, in: $0.zone))
                                })
                out += String(decoding: try CLI.jsonLine(line), as: UTF8.self)
            } else {
                let local = people.map { "\($0.name) \(Self.local(s.range, in: $0.zone))" }.joined(separator: ", ")
                out += Text.instant(s.range.lowerBound, in: viewer) + "  " + Text.instant(s.range.upperBound, in: viewer)
                    + "  " + Text.padded(Text.length(s.seconds), 6) + "  " + local + "\n"
            }
        }
        if !json, slots.isEmpty { out = "no slots\n" }
        return out
    }

    /// `Tue 14:30-15:00` in `zone` (the end's weekday too when it is another day).
    static func local(_ r: Range<Timestamp>, in zone: Zone) -> String {
        guard let (s, _) = zone.civil(at: r.lowerBound), let (e, _) = zone.civil(at: r.upperBound) else { return "" }
        let day = Text.weekday(s.date.weekday) + " " + Text.clock(s.time)
        let end = e.date == s.date ? Text.clock(e.time) : Text.weekday(e.date.weekday) + " " + Text.clock(e.time)
        return day + "-" + end
    }

    /// Writes `text` to the file at `path`; failure is an input error naming `option`.
    static func writeFile(_ text: String, path: String, option: String) throws(AlmanacError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw CLI.inputError(option: option, "cannot write \"\(path)\": " + String(cString: strerror(errno))) }
        defer { close(fd) }
        guard StandardStreams.writeAll(Array(text.utf8), to: fd) else {
            throw CLI.inputError(option: option, "cannot write \"\(path)\": " + String(cString: strerror(errno)))
        }
    }
}
