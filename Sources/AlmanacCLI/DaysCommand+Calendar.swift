import Almanac
import AlmanacCalendar

extension DaysCommand {
    /// `almanac days --ics FILE`: the day slices of a calendar's instances,
    /// overrides applied, each with its day key (UID / recurrence id / date).
    func runCalendar(_ path: String, limit: Int) throws {
        let calendar = try InputFile.calendar(path, source: nil)
        let zone = try viewer.map { id throws(AlmanacError) in try CLI.zone(id, option: "--viewer") } ?? .utc
        var found: [CalendarDaySlice]
        do throws(AlmanacError) {
            if let period {
                let p: Period
                do throws(AlmanacError) { p = try Period(parsing: period) } catch { throw error.at(field: "--period") }
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
            throw error
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
}
