import Almanac
import AlmanacCalendar

extension DaysCommand {
    /// `almanac days --ics FILE`: the day slices of a calendar's instances,
    /// overrides applied, each with its day key (UID / recurrence id / date).
    func runCalendar(_ path: String, limit: Int) throws {
        let calendar = try Self.readCalendar(path)
        let zone = try viewer.map { id throws(CLIError) in try CLI.zone(id, option: "--viewer") } ?? .utc
        var found: [CalendarDaySlice]
        do throws(AlmanacError) {
            if let period {
                let p: Period
                do throws(AlmanacError) { p = try Period(parsing: period) } catch { throw error.prefixed("--period") }
                found = calendar.daySlices(in: p, viewer: zone, dropsCancelled: true)
            } else {
                let lower = try after.map { v throws(AlmanacError) in try instant(v, "--after", zone) } ?? Timestamp.min
                let upper = try before.map { v throws(AlmanacError) in try instant(v, "--before", zone) } ?? Timestamp.max
                guard lower <= upper else {
                    throw AlmanacError(.invalidRequest, "the window is reversed: --after \(after!) is later than --before \(before!)")
                }
                found = calendar.daySlices(overlapping: lower..<upper, viewer: zone, dropsCancelled: true)
            }
        } catch {
            throw CLIError(error)
        }
        if let uid { found = found.filter { $0.occurrence.seriesID == uid } }
        found.sort { ($0.slice.date, $0.slice.start) < ($1.slice.date, $1.slice.start) }
        let truncated = found.count > limit
        let shown = found.prefix(limit)
        if output.json {
            let rows = shown.map { d in
                var row = SliceJSON(d.slice, seriesID: d.occurrence.seriesID, viewer: zone)
                row.summary = d.occurrence.title
                return row
            }
            try CLI.writeJSON(DaysJSON(viewer: zone.identifier, slices: Array(rows), truncated: truncated))
            return
        }
        var out = ""
        for d in shown {
            out += Self.line(d.slice, seriesID: d.occurrence.seriesID, viewer: zone).dropLast() + "  " + (d.occurrence.title ?? "") + "\n"
        }
        try CLI.write(out)
        if truncated { StandardStreams.printError("… truncated at \(limit) (--limit raises it)") }
    }

    /// Reads a calendar file (`-`: standard input): iCalendar, read
    /// leniently with its notes on standard error, or Google or Graph JSON
    /// (told apart by their content); errors name the file and the line and
    /// column, or the field.
    static func readCalendar(_ path: String) throws(CLIError) -> EventCalendar {
        try SyncInput.calendar(path, source: nil)
    }

    /// iCalendar bytes read, notes printed; errors carry the file, line and column.
    static func calendar(_ bytes: [UInt8], path: String, options: CalendarOptions) throws(AlmanacError) -> EventCalendar {
        do throws(CalendarError) {
            let calendar = try EventCalendar(ics: bytes, options: options)
            for r in calendar.readings where !r.resolvesKnownZone {
                StandardStreams.printError("note: \(path): \(r)")
            }
            return calendar
        } catch {
            throw AlmanacError(.invalidValue, "\(path): \(error)")
        }
    }
}
