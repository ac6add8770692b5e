#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Almanac
import AlmanacAvailability
import AlmanacCalendar

/// One `--person` of `almanac slots`: `FILE[,FILE...][;zone=ZONE][;hours=PATTERN][;name=NAME]`.
///
/// A file after the first whose name has no `/` is looked for beside the
/// file before it first (`team/ana.ics,ana-hours.ics`), then as given.
///
/// A piece without `=` continues the value before it, so that a pattern
/// may hold `;` (`hours=Mon-Fri 09:00-17:00;Sat 10:00-12:00`).
struct PersonSpec {
    var files: [String] = []
    var zone: String?
    var hours: String?
    var name: String?
    let text: String

    init(_ text: String) throws(AlmanacError) {
        self.text = text
        var pieces: [(key: String, value: String)] = []
        for (i, piece) in text.split(separator: ";", omittingEmptySubsequences: false).enumerated() {
            if i == 0 { pieces.append(("files", String(piece))); continue }
            if let eq = piece.firstIndex(of: "="), !piece[..<eq].contains(" ") {
                pieces.append((piece[..<eq].trimmingCharacters, String(piece[piece.index(after: eq)...])))
            } else if var last = pieces.popLast() {
                last.value += ";" + piece
                pieces.append(last)
            }
        }
        for (key, value) in pieces {
            switch key {
            case "files": files = Self.paths(value.split(separator: ",").map { $0.trimmingCharacters }.filter { !$0.isEmpty })
            case "zone": zone = Substring(value).trimmingCharacters
            case "hours": hours = value
            case "name": name = Substring(value).trimmingCharacters
            default: throw fault("unknown setting \"\(key)\" (expected zone=, hours= or name=)")
            }
        }
        guard !files.isEmpty else { throw fault("no calendar file before the first ;") }
    }

    /// Each bare name after the first file resolved beside the file before it, when it exists there.
    static func paths(_ names: [String]) -> [String] {
        var out: [String] = []
        for n in names {
            if let previous = out.last, !n.contains("/"), let slash = previous.lastIndex(of: "/") {
                let beside = String(previous[...slash]) + n
                if access(beside, F_OK) == 0 { out.append(beside); continue }
            }
            out.append(n)
        }
        return out
    }

    func fault(_ message: String) -> AlmanacError {
        AlmanacError(.invalidRequest, message).named(field: "--person", input: text)
    }

    /// The person, their files read, with their busy periods in `window`
    /// (``FreeBusy/busyPeriods(of:overlapping:viewer:options:)`` of their
    /// files, all-day and floating instances in their zone).
    func attendee(in window: Range<Timestamp>, options: FreeBusyOptions) throws(AlmanacError) -> Attendee {
        var calendars: [EventCalendar] = []
        for f in files { calendars.append(try InputFile.calendar(f, source: nil)) }
        let availability = calendars.flatMap(\.availability)
        let zone: Zone
        if let id = self.zone {
            do throws(AlmanacError) { zone = try Zone(id) } catch { throw error.named(field: "--person", input: text) }
        } else if let z = availability.lazy.compactMap({ $0.start?.zone ?? $0.available.first?.recurrence.start.zone }).first {
            zone = z
        } else if hours != nil {
            throw fault("hours= needs zone= (the zone the pattern is read in)")
        } else {
            zone = .utc
        }
        let workingHours: WorkingHours
        if let hours {
            do throws(AlmanacError) { workingHours = .weekly(try WeeklyHours(parsing: hours)) } catch { throw error.named(field: "--person", input: text) }
        } else {
            workingHours = availability.isEmpty ? .always : .availability(availability)
        }
        let busy = FreeBusy.busyPeriods(of: calendars, overlapping: window, viewer: zone, options: options)
        let base = files[0].split(separator: "/").last.map(String.init) ?? files[0]
        let defaultName = base.hasSuffix(".ics") || base.hasSuffix(".json") ? String(base[..<base.lastIndex(of: ".")!]) : base
        return Attendee(name: name ?? defaultName, zone: zone, busy: busy, hours: workingHours)
    }
}

extension Substring {
    /// Without leading and trailing spaces.
    var trimmingCharacters: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
