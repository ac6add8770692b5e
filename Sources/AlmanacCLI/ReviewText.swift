import Almanac
import AlmanacReview

/// The text form of `almanac review`: tables of tallies, streaks, notes, orphans.
struct ReviewText {
    var review: Review
    var seriesSource: String
    var seriesCount: Int
    var recordSource: String
    var recordCount: Int
    /// The width of the label column.
    var width: Int

    init(_ review: Review, seriesSource: String, seriesCount: Int, recordSource: String, recordCount: Int) {
        self.review = review
        self.seriesSource = seriesSource
        self.seriesCount = seriesCount
        self.recordSource = recordSource
        self.recordCount = recordCount
        width = max(18, review.events.map(\.title.count).max() ?? 0) + 2
    }

    func text() -> String {
        let p = review.period
        var out = "Review of \(p): \(Self.dayTitle(p.firstDay)) – \(Self.dayTitle(p.lastDay)), days in \(review.viewer.identifier)\n"
        out += "\(seriesCount) events and to-dos from \(seriesSource), \(review.events.count) with days in \(p)\n"
        out += "\(recordCount) record\(recordCount == 1 ? "" : "s") from \(recordSource)\n\n"
        out += header("Event")
        for e in review.events { out += row(e.title, e.tally) }
        out += row("Total", review.totals)
        out += "\n"
        if p.dayCount <= 31 {
            out += header("Day")
            for d in review.days { out += row(Self.day(d.date), d.tally) }
            out += "\n"
        }
        if p.dayCount > 31 {
            out += header("Month")
            for m in review.parts(of: .month) { out += row(part(m), m.tally) }
            out += "\n"
        } else if p.dayCount > 7 {
            out += header("Week")
            for w in review.weeks { out += row(part(w), w.tally) }
            out += "\n"
        }
        if p.dayCount > 7 {
            out += header("Weekday")
            for (i, t) in review.weekdays.enumerated() { out += row(Text.weekday(Weekday(rawValue: i + 1)!), t) }
            out += "\n"
        }
        out += header("Start (hour)")
        for (h, t) in review.hours.enumerated() where t.expected > 0 { out += row(Text.pad2(h) + ":00", t) }
        if review.allDay.expected > 0 { out += row("all day", review.allDay) }
        out += "\n" + streaks() + notes() + orphans()
        return out
    }

    func header(_ label: String) -> String {
        Text.padded(label, width) + "  days  done  partial  skipped  open  credit   rate\n"
    }

    func row(_ label: String, _ t: Tally) -> String {
        var line = Text.padded(label, width)
        for (v, w) in [(t.expected, 6), (t.done, 6), (t.partial, 9), (t.skipped, 9), (t.unrecorded, 6)] {
            line += Text.leftPadded(String(v), w)
        }
        line += Text.leftPadded(Self.decimal(Double(t.done) + t.partialCredit), 8)
        line += Text.leftPadded(t.completion.map(Self.percent) ?? "–", 7)
        return line + "\n"
    }

    /// `2023-W48 (3 days)` when the part has fewer days in the period than its own.
    func part(_ p: Review.PartSummary) -> String {
        p.days.dayCount == p.period.dayCount ? p.period.description : "\(p.period) (\(p.days.dayCount) days)"
    }

    func streaks() -> String {
        let s = review.streaks
        var out = "Streak (days in a row with something done): longest \(s.longest)"
        if let end = s.longestEnd { out += ", to \(Self.day(end))" }
        return out + "; at the end of the period \(s.current)\n"
    }

    func notes() -> String {
        let noted = review.entries.filter { $0.record?.note != nil }
        guard !noted.isEmpty else { return "" }
        let titles = Dictionary(review.events.map { ($0.id, $0.title) }, uniquingKeysWith: { a, _ in a })
        var out = "\nNotes\n"
        for e in noted {
            out += Text.padded(Self.day(e.slice.date), 12) + Text.padded(titles[e.key.seriesID] ?? e.key.seriesID, width)
                + Text.padded(Self.mark(e.record!.mark), 14) + e.record!.note! + "\n"
        }
        return out
    }

    func orphans() -> String {
        guard !review.orphans.isEmpty else { return "" }
        var out = "\nRecords that match no day of the period (not counted)\n"
        for o in review.orphans {
            out += "\(o.key)  \(Self.mark(o.record.mark))  \(o.reason)"
            if let note = o.record.note { out += "  \"\(note)\"" }
            out += "\n"
        }
        return out
    }

    static func mark(_ m: DayRecord.Mark) -> String {
        if case .partial(let f?) = m { return "partial " + decimal(f) }
        return m.name
    }

    /// `Mon 27 Nov`.
    static func day(_ d: CivilDate) -> String { "\(Text.weekday(d.weekday)) \(d.day) \(Text.monthAbbreviation(d.month))" }

    /// `Mon 27 Nov 2023`.
    static func dayTitle(_ d: CivilDate) -> String { day(d) + " \(d.year)" }

    /// Two decimals: `2.25`.
    static func decimal(_ x: Double) -> String {
        let hundredths = Int((x * 100).rounded())
        return "\(hundredths / 100)." + Text.pad2(hundredths % 100)
    }

    /// A whole percentage: `56%`.
    static func percent(_ x: Double) -> String { "\(Int((x * 100).rounded()))%" }
}
