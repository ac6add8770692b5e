import Almanac
import AlmanacReview

/// The `--json` form of `almanac review` (see the command's help).
struct ReviewJSON: Encodable {
    struct TallyJSON: Encodable {
        var expected, done, partial: Int
        var partialCredit: Double
        var skipped, unrecorded: Int
        var completion: Double?

        enum CodingKeys: String, CodingKey {
            case expected, done, partial, partialCredit = "partial_credit", skipped, unrecorded, completion
        }

        init(_ t: Tally) {
            expected = t.expected; done = t.done; partial = t.partial
            partialCredit = t.partialCredit; skipped = t.skipped; unrecorded = t.unrecorded
            completion = t.completion
        }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(expected, forKey: .expected)
            try c.encode(done, forKey: .done)
            try c.encode(partial, forKey: .partial)
            try c.encode(partialCredit, forKey: .partialCredit)
            try c.encode(skipped, forKey: .skipped)
            try c.encode(unrecorded, forKey: .unrecorded)
            if let completion { try c.encode(completion, forKey: .completion) } else { try c.encodeNil(forKey: .completion) }
        }
    }

    /// A label and a tally, flattened into one object.
    struct Labelled: Encodable {
        var fields: [(String, String)]
        var ints: [(String, Int)] = []
        var tally: Tally

        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Key.self)
            for (k, v) in fields { try c.encode(v, forKey: Key(stringValue: k)) }
            for (k, v) in ints { try c.encode(v, forKey: Key(stringValue: k)) }
            let t = TallyJSON(tally)
            try c.encode(t.expected, forKey: Key(stringValue: "expected"))
            try c.encode(t.done, forKey: Key(stringValue: "done"))
            try c.encode(t.partial, forKey: Key(stringValue: "partial"))
            try c.encode(t.partialCredit, forKey: Key(stringValue: "partial_credit"))
            try c.encode(t.skipped, forKey: Key(stringValue: "skipped"))
            try c.encode(t.unrecorded, forKey: Key(stringValue: "unrecorded"))
            if let v = t.completion { try c.encode(v, forKey: Key(stringValue: "completion")) }
            else { try c.encodeNil(forKey: Key(stringValue: "completion")) }
        }
    }

    struct StreaksJSON: Encodable {
        var longest: Int
        var longestEnd: String?
        var current: Int
        enum CodingKeys: String, CodingKey { case longest, longestEnd = "longest_end", current }
    }

    struct RecordFields: Encodable {
        var key: String
        var event: String?
        var date: String?
        var start: String?
        var end: String?
        var allDay: Bool?
        var reason: String?
        var mark: String?
        var fraction: Double?
        var note: String?
        var recorded: String?
        enum CodingKeys: String, CodingKey {
            case key, event, date, start, end, allDay = "all_day", reason, mark, fraction, note, recorded
        }

        mutating func set(_ r: DayRecord?) {
            guard let r else { return }
            mark = r.mark.name
            if case .partial(let f?) = r.mark { fraction = f }
            note = r.note
            recorded = r.recordedAt.description
        }
    }

    var period: String
    var first: String
    var last: String
    var viewer: String
    var totals: TallyJSON
    var events: [Labelled]
    var days: [Labelled]
    var weeks: [Labelled]
    var weekdays: [Labelled]
    var hours: [Labelled]
    var allDay: TallyJSON
    var streaks: StreaksJSON
    var entries: [RecordFields]
    var orphans: [RecordFields]

    enum CodingKeys: String, CodingKey {
        case period, first, last, viewer, totals, events, days, weeks, weekdays, hours, allDay = "all_day", streaks, entries, orphans
    }

    init(_ r: Review) {
        period = r.period.description
        first = r.period.firstDay.description
        last = r.period.lastDay.description
        viewer = r.viewer.identifier
        totals = TallyJSON(r.totals)
        events = r.events.map { Labelled(fields: [("id", $0.id), ("title", $0.title)], tally: $0.tally) }
        days = r.days.map { Labelled(fields: [("date", $0.date.description)], tally: $0.tally) }
        weeks = r.weeks.map {
            Labelled(fields: [("period", $0.period.description), ("first", $0.days.firstDay.description),
                              ("last", $0.days.lastDay.description)], tally: $0.tally)
        }
        weekdays = r.weekdays.enumerated().map { Labelled(fields: [("weekday", Weekday(rawValue: $0 + 1)!.rfcCode)], tally: $1) }
        hours = r.hours.enumerated().filter { $1.expected > 0 }.map { Labelled(fields: [], ints: [("hour", $0)], tally: $1) }
        allDay = TallyJSON(r.allDay)
        streaks = StreaksJSON(longest: r.streaks.longest, longestEnd: r.streaks.longestEnd?.description, current: r.streaks.current)
        entries = r.entries.map { e in
            var f = RecordFields(key: e.key.description, event: e.key.seriesID, date: e.slice.date.description,
                                 start: Text.instant(e.slice.start, in: r.viewer), end: Text.instant(e.slice.end, in: r.viewer),
                                 allDay: e.slice.isAllDay)
            f.set(e.record)
            return f
        }
        orphans = r.orphans.map { o in
            var f = RecordFields(key: o.key.description, reason: o.reason.rawValue)
            f.set(o.record)
            return f
        }
    }
}
