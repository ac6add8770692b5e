import Almanac
import AlmanacRequests
import ArgumentParser

/// `almanac days`: the day slices of an event or a series in a viewer's zone.
struct DaysCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "days",
        abstract: "Split an event or a series into the local days of a viewer's zone.",
        discussion: """
            Prints one line per day an occurrence touches, as a viewer in --viewer sees \
            it: the local date, which of the occurrence's days it is, the part of the \
            occurrence on that day, its real length, and its start and end (wall clock \
            and UTC offset in the viewer's zone, the end's offset only when it \
            differs; 24:00 is the end of the day). With --series-id, also the day key a to-do app can keep a \
            per-day record under: series id / recurrence id / date. Without a rule, \
            the event itself. An all-day (DATE) event ends the day before --end \
            (DTEND is exclusive); a timed one touches every date it overlaps.

            Examples:

              A three-day trip, all day, with its day keys:
                almanac days --start 20240501 --end 20240504 --series-id trip \\
                  --viewer America/New_York
                2024-05-01 Wed  1/3   24h  00:00-04:00 → 24:00  trip/2024-05-01/2024-05-01
                2024-05-02 Thu  2/3   24h  00:00-04:00 → 24:00  trip/2024-05-01/2024-05-02
                2024-05-03 Fri  3/3   24h  00:00-04:00 → 24:00  trip/2024-05-01/2024-05-03

              22:00 to 02:00 on the night New York springs forward: the second
              day has 2 hours, 00:00 to 03:00 on the clock:
                almanac days --start 20240309T220000 --tz America/New_York \\
                  --duration PT4H
                2024-03-09 Sat  1/2    2h  22:00-05:00 → 24:00
                2024-03-10 Sun  2/2    2h  00:00-05:00 → 03:00-04:00

              A weekly 22:00 Tokyo meeting, seen from New York:
                almanac days 'FREQ=WEEKLY;COUNT=3' --start 20240310T220000 \\
                  --tz Asia/Tokyo --duration PT4H --viewer America/New_York
                2024-03-10 Sun  1/1    4h  09:00-04:00 → 13:00
                2024-03-17 Sun  1/1    4h  09:00-04:00 → 13:00
                2024-03-24 Sun  1/1    4h  09:00-04:00 → 13:00

              The days of ISO week 11 of 2024 as JSON, and a window of instants:
                almanac days FREQ=DAILY --start 20240101T090000 --tz Europe/Paris \\
                  --duration PT30M --period 2024-W11 --json
                almanac days FREQ=DAILY --start 20240101T090000 --tz Europe/Paris \\
                  --viewer Asia/Tokyo --after 20240311 --before 20240313

            --after and --before bound the slices in time: a slice is printed when it \
            overlaps [after, before). Their values are read in the viewer's zone (a \
            date means its first instant there; a value ending in Z is UTC). --period \
            (2024-03-11, 2024-W11, 2024-03, 2024, 2024-03-11/P3D) prints instead the \
            slices whose date lies in the period. Without either, every slice, up to \
            --limit.

            With --json, prints one object: {"viewer": ..., "slices": [{"date", \
            "index" (from 0), "count", "start", "end", "seconds", "all_day", \
            "occurrence", "key" (with --series-id)}], "truncated": ...}, with start and \
            end as RFC 3339 instants in the viewer's zone.

            Values take RFC 5545's or RFC 3339's forms, as in `almanac expand` \
            (2024-03-09T22:00:00, 2024-03-09T22:00:00Z, 2024-03-09T22:00:00-05:00); \
            --rdate and --exdate take comma lists and TZID=zone: prefixes.

            Exit status: 0 on success, 2 for a usage or input error (the message goes \
            to standard error; with --json, {"error":{"kind":…,"message":…}} also goes \
            to standard output), 1 if the output cannot be written.
            """
    )

    @Argument(help: ArgumentHelp("RRULE values (none: a single event).", valueName: "rrule"))
    var rrules: [String] = []

    @OptionGroup(title: "Series") var series: SeriesOptions

    @Option(help: ArgumentHelp("DTEND: the end of the first occurrence, in the form of --start (exclusive for a date).", valueName: "dtend"))
    var end: String?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("DURATION of each occurrence, such as PT4H, P1D or P1DT2H30M.", valueName: "duration"))
    var duration: String?

    @Option(help: ArgumentHelp("The zone whose days are shown (default: the zone of --tz, else UTC).", valueName: "zone"))
    var viewer: String?

    @Option(help: ArgumentHelp("Only slices that end after this instant (read in the viewer's zone).", valueName: "value"))
    var after: String?

    @Option(help: ArgumentHelp("Only slices that start before this instant (read in the viewer's zone).", valueName: "value"))
    var before: String?

    @Option(help: ArgumentHelp("Only slices dated in this period: 2024-03-11, 2024-W11, 2024-03, 2024 or 2024-03-11/P3D.", valueName: "period"))
    var period: String?

    @Option(name: .customLong("series-id"), help: ArgumentHelp("Print day keys with this series id (a UID).", valueName: "id"))
    var seriesID: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("At most this many slices.", valueName: "n"))
    var limit: Int = BatchRequest.defaultLimit

    @Option(help: ArgumentHelp("An iCalendar file, or Google Calendar or Microsoft Graph JSON (- for standard input): the day slices of its events and to-dos instead of a series given by options; needs --period or --after/--before.", valueName: "file"))
    var ics: String?

    @Option(help: ArgumentHelp("With --ics: only the series with this UID.", valueName: "uid"))
    var uid: String?

    @OptionGroup var output: JSONOption

    func validate() throws {
        if ics == nil && series.start == nil { throw ValidationError("Missing expected argument '--start <dtstart>'") }
        if ics != nil && (series.start != nil || !rrules.isEmpty || end != nil || duration != nil) {
            throw ValidationError("--ics and a series given by options (--start, a rule, --end, --duration) exclude each other")
        }
        if ics != nil && period == nil && after == nil && before == nil {
            throw ValidationError("--ics needs --period or --after/--before: a calendar's series may never end")
        }
        if end != nil && duration != nil {
            throw ValidationError("--end and --duration exclude each other: an event has a DTEND or a DURATION (RFC 5545 section 3.6.1)")
        }
        if period != nil && (after != nil || before != nil) {
            throw ValidationError("--period and --after/--before exclude each other: choose days by period or by instants")
        }
    }

    func run() throws {
        let limit = try CLI.limit(limit)
        if let ics { return try runCalendar(ics, limit: limit) }
        let set = try recurrenceSet()
        let viewerZone = try viewer.map { id throws(AlmanacError) in try CLI.zone(id, option: "--viewer") } ?? set.start.zone ?? .utc

        // The slices, in order, one more than the limit to tell truncation.
        var slices: [DaySlice] = []
        func take(_ s: DaySlice) -> Bool {
            slices.append(s)
            return slices.count <= limit
        }
        do throws(AlmanacError) {
            if let period {
                let p: Period
                do throws(AlmanacError) { p = try Period(parsing: period) } catch { throw error.at(field: "--period") }
                for s in try set.daySlices(in: p, viewer: viewerZone) {
                    if !take(s) { break }
                }
            } else if after != nil || before != nil {
                let lower = try after.map { v throws(AlmanacError) in try instant(v, "--after", viewerZone) } ?? Timestamp.min
                let upper = try before.map { v throws(AlmanacError) in try instant(v, "--before", viewerZone) } ?? Timestamp.max + 1
                guard lower <= upper else {
                    throw AlmanacError(.invalidRequest, "the window is reversed: --after \(after!) is later than --before \(before!)")
                }
                for s in try set.daySlices(in: lower..<upper, viewer: viewerZone) {
                    if !take(s) { break }
                }
            } else {
                outer: for o in try set.occurrences() {
                    for s in o.daySlices(in: viewerZone) {
                        if !take(s) { break outer }
                    }
                }
            }
        } catch {
            throw error
        }
        let truncated = slices.count > limit
        if truncated { slices.removeLast() }

        if output.json {
            let rows = slices.map { SliceJSON($0, seriesID: seriesID, viewer: viewerZone) }
            try CLI.writeJSON(DaysJSON(viewer: viewerZone.identifier, slices: rows, truncated: truncated))
            return
        }
        var out = ""
        for s in slices {
            out += Self.line(s, seriesID: seriesID, viewer: viewerZone)
            if out.utf8.count >= 1 << 16 {
                try CLI.write(out)
                out = ""
            }
        }
        try CLI.write(out)
        if truncated { StandardStreams.printError("… truncated at \(limit) (--limit raises it)") }
    }

    /// The series from the arguments: read as `almanac expand` and `almanac
    /// batch` read it, plus DTEND or DURATION.
    func recurrenceSet() throws(AlmanacError) -> RecurrenceSet {
        var set = try series.recurrenceSet(rrules: rrules)
        do throws(AlmanacError) {
            let endText = try end.map { v throws(AlmanacError) in
                do throws(AlmanacError) { return try CLIValue.rfc5545(v) } catch { throw error.named(field: "--end", input: v) }
            }
            set.length = try Self.length(end: endText, duration: duration, start: set.start,
                                         endName: "--end", durationName: "--duration")
        } catch {
            throw error
        }
        return set
    }

    /// DTEND (in `endZone`, else the start's zone; of the start's value
    /// type; not before the start) or DURATION (not negative; whole days for
    /// a date), or `nil` for neither. Messages begin with the field's name.
    static func length(end: String?, endZone: Zone? = nil, duration: String?, start: Anchor,
                       endName: String, durationName: String) throws(AlmanacError) -> RecurrenceSet.Length? {
        if let end {
            let anchor: Anchor
            do throws(AlmanacError) {
                anchor = try Anchor(parsing: end, zone: endZone ?? (start.kind == .zoned ? start.zone : nil))
            } catch {
                throw error.at(field: endName)
            }
            if (anchor.kind == .date) != (start.kind == .date) {
                let want = start.kind == .date ? "a date such as 20240504, as the start is a date"
                    : "a date-time such as 20240504T090000, as the start is a date-time"
                throw AlmanacError(.invalidValue, "\"\(end)\" must be \(want) (RFC 5545 section 3.8.2.2)", text: end).at(field: endName)
            }
            let probe = RecurrenceSet(start: start)
            // A window from the start to the end is reversed when the end comes first.
            if probe.window(after: start, before: anchor) == nil {
                throw AlmanacError(.invalidValue, "\(end) is before the start \(start.rfc5545) (RFC 5545 section 3.8.2.2)", text: end).at(field: endName)
            }
            return .end(anchor)
        }
        if let duration {
            let d: EventDuration
            do throws(AlmanacError) { d = try EventDuration(parsing: duration) } catch { throw error.at(field: durationName) }
            if d.days < 0 || d.seconds < 0 {
                throw AlmanacError(.invalidValue, "\(duration) is negative: an event cannot end before it starts", text: duration).at(field: durationName)
            }
            if start.kind == .date && d.seconds != 0 {
                throw AlmanacError(.invalidValue, "\(duration) has hours, minutes or seconds, but the start is a date: use whole days such as P1D or P1W (RFC 5545 section 3.8.2.5)", text: duration).at(field: durationName)
            }
            return .duration(d)
        }
        return nil
    }

    /// A bound read in the viewer's zone: a date is its first instant there.
    func instant(_ text: String, _ option: String, _ viewer: Zone) throws(AlmanacError) -> Timestamp {
        do throws(AlmanacError) {
            switch try Anchor(parsing: text, zone: viewer, syntax: CLIValue.syntax) {
            case .date(let d): return viewer.startOfDay(d)
            case .utc(let c): return Timestamp(utc: c)
            case .zoned(let c, let z): return try z.timestamp(for: c)
            case .floating(let c): return try viewer.timestamp(for: c)
            }
        } catch {
            throw error.at(field: option)
        }
    }

    /// `2024-03-10 Sun  2/2    2h  00:00-05:00 → 03:00-04:00  party/2024-03-09T22:00:00/2024-03-10`
    /// (the key with a series id only; the end's offset only when it is not the start's).
    static func line(_ s: DaySlice, seriesID: String?, viewer: Zone) -> String {
        let c = Text.sliceClock(s, in: viewer)
        let position = Text.padded("\(s.index + 1)/\(s.count)", 5)
        let end = c.end + (c.endOffset == c.startOffset ? "" : c.endOffset.description)
        var line = "\(Text.dateAndWeekday(s.date))  \(position)\(Text.leftPadded(Text.length(s.length), 4))  "
        line += "\(c.start)\(c.startOffset) → \(end)"
        if let seriesID { line += "  " + DayKey(seriesID: seriesID, slice: s).description }
        return line + "\n"
    }
}

/// `almanac days --json`: `{"viewer", "slices", "truncated"}`.
struct DaysJSON: Encodable {
    var viewer: String
    var slices: [SliceJSON]
    var truncated: Bool
}

/// One slice in `days --json`: the slice's fields, then `seconds`,
/// `all_day`, `occurrence` and `key` (with a series id).
struct SliceJSON: Encodable {
    var fields: SliceFields
    var seconds: Int
    var allDay: Bool
    var occurrence: String
    var key: String?
    /// With --ics: the instance's SUMMARY.
    var summary: String? = nil

    init(_ s: DaySlice, seriesID: String?, viewer: Zone) {
        fields = SliceFields(s, viewer: viewer)
        seconds = Int(s.length)
        allDay = s.isAllDay
        occurrence = s.occurrence.description
        key = seriesID.map { DayKey(seriesID: $0, slice: s).description }
    }

    enum CodingKeys: String, CodingKey { case seconds, allDay = "all_day", occurrence, key, summary }

    func encode(to encoder: any Encoder) throws {
        try fields.encode(to: encoder)
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(seconds, forKey: .seconds)
        try c.encode(allDay, forKey: .allDay)
        try c.encode(occurrence, forKey: .occurrence)
        try c.encodeIfPresent(key, forKey: .key)
        try c.encodeIfPresent(summary, forKey: .summary)
    }
}
