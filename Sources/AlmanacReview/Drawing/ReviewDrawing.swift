import Almanac

/// A review drawn as a self-contained SVG: a heat map of the period's days,
/// one bar per event, and a legend.
///
/// ```swift
/// let svg = ReviewDrawing(review).svg()      // write it to review.svg
/// try ReviewDrawing(review).cell(for: CivilDate(2023, 11, 27))   // where that day's square is
/// ```
///
/// **The heat map.** One square a day, in the weeks of the period (ISO,
/// Monday first): for up to six weeks a calendar (a row per week, a column
/// per weekday, 44-unit squares with the day's number); for longer periods
/// a column per week and a row per weekday (14-unit squares, no numbers).
/// A day with nothing expected is white with a dashed grey border; a day
/// with something expected is shaded by its completion (see ``shade(_:)``);
/// a day with a partly done record is hatched with orange diagonal stripes
/// (an SVG `pattern`) over its shade. Dates of the weeks outside the period
/// are not drawn.
///
/// **The bars.** Per event (in ``Review/events`` order), a bar as long as
/// its expected days: done, partial, skipped and unrecorded segments in the
/// legend's colours.
///
/// The text uses the generic `sans-serif` family, there are no images or
/// external references, and the same review gives the same bytes.
public struct ReviewDrawing: Sendable {
    /// The review drawn.
    ///
    /// ```swift
    /// drawing.review.period
    /// ```
    public let review: Review
    /// The weeks drawn: the ISO weeks the period overlaps.
    let weeks: [Period]
    /// Calendar layout (rows of weeks) for short periods.
    let calendar: Bool
    let size: Int
    let gap = 4
    let left = 64, top = 64

    /// A drawing of `review`.
    ///
    /// ```swift
    /// let drawing = ReviewDrawing(review)
    /// ```
    public init(_ review: Review) {
        self.review = review
        weeks = review.period.periods(of: .week)
        calendar = weeks.count <= 6
        size = calendar ? 44 : 14
    }

    /// The colours, as `#rrggbb`.
    ///
    /// ```swift
    /// ReviewDrawing.Colour.done   // "#216e39"
    /// ```
    public enum Colour {
        /// A day or segment that is all done, and the top of the shade scale.
        public static let done = "#216e39"
        /// The stripes of partly done days, and partial segments.
        public static let partial = "#f29d12"
        /// Skipped segments.
        public static let skipped = "#8c8c8c"
        /// Unrecorded segments, and days with something expected and nothing done.
        public static let open = "#e4e4e4"
        /// Days with nothing expected.
        public static let empty = "#ffffff"
        /// Text and borders.
        public static let ink = "#333333"
    }

    /// The shade of a day by its completion: nil (nothing expected) white;
    /// 0 light grey (``Colour/open``); then four greens, for up to 1/4, up
    /// to 1/2, up to 3/4 and above 3/4 (all done is ``Colour/done``).
    ///
    /// ```swift
    /// ReviewDrawing.shade(0.6)   // "#40c463"
    /// ```
    public static func shade(_ completion: Double?) -> String {
        guard let c = completion else { return Colour.empty }
        if c <= 0 { return Colour.open }
        if c <= 0.25 { return "#c6e48b" }
        if c <= 0.5 { return "#9be9a8" }
        if c <= 0.75 { return "#40c463" }
        return Colour.done
    }

    /// The square of a date of the period: its top-left corner and side, in
    /// SVG units (one unit is one pixel at scale 1); nil for other dates.
    ///
    /// ```swift
    /// drawing.cell(for: review.period.firstDay)   // (x: 64, y: 64, size: 44) for a week
    /// ```
    public func cell(for date: CivilDate) -> (x: Int, y: Int, size: Int)? {
        guard review.period.contains(date), let w = weeks.firstIndex(where: { $0.contains(date) }) else { return nil }
        let d = date.weekday.rawValue - 1
        let (col, row) = calendar ? (d, w) : (w, d)
        return (left + col * (size + gap), top + row * (size + gap), size)
    }

    /// The SVG document.
    ///
    /// ```swift
    /// let text = ReviewDrawing(review).svg()   // "<svg xmlns=..."
    /// ```
    ///
    /// - Complexity: O(days + events).
    public func svg() -> String {
        let cols = calendar ? 7 : weeks.count, rows = calendar ? weeks.count : 7
        let mapBottom = top + rows * (size + gap)
        let barTop = mapBottom + 36
        let legendTop = barTop + review.events.count * 22 + 16
        let width = max(left + cols * (size + gap) + 24, 680)
        let height = legendTop + 40
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\""
            + " font-family=\"sans-serif\" font-size=\"12\">\n"
        out += "<defs><pattern id=\"hatch\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\">"
            + "<rect x=\"0\" y=\"0\" width=\"3\" height=\"6\" fill=\"\(Colour.partial)\"/></pattern></defs>\n"
        out += "<rect x=\"0\" y=\"0\" width=\"\(width)\" height=\"\(height)\" fill=\"#ffffff\"/>\n"
        let t = review.totals
        out += text(16, 24, "Review of \(review.period) (\(review.viewer.identifier))", size: 16, bold: true)
        out += text(16, 44, "\(t.expected) days expected: \(t.done) done, \(t.partial) partial, \(t.skipped) skipped, "
            + "\(t.unrecorded) open; completion \(Self.percent(t.completion))")
        out += labels()
        for d in review.days { out += day(d) }
        out += bars(top: barTop)
        out += legend(top: legendTop)
        return out + "</svg>\n"
    }

    /// Weekday and week labels around the map.
    func labels() -> String {
        var out = ""
        let names = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
        for (i, n) in names.enumerated() {
            let offset = i * (size + gap)
            out += calendar ? text(left + offset + 4, top - 6, n) : text(16, top + offset + size - 2, n, size: 10)
        }
        for (i, w) in weeks.enumerated() where calendar || i % 4 == 0 {
            let label = "W" + String(w.weekOfYear?.week ?? 0)
            out += calendar ? text(16, top + i * (size + gap) + size / 2 + 4, label)
                : text(left + i * (size + gap), top - 6, label, size: 10)
        }
        return out
    }

    /// One day's square: shade, hatching, number.
    func day(_ d: Review.DaySummary) -> String {
        guard let c = cell(for: d.date) else { return "" }
        var out = "<rect x=\"\(c.x)\" y=\"\(c.y)\" width=\"\(c.size)\" height=\"\(c.size)\" fill=\"\(Self.shade(d.tally.completion))\""
        out += d.tally.expected == 0 ? " stroke=\"#b0b0b0\" stroke-dasharray=\"3 2\"/>\n" : "/>\n"
        if d.tally.partial > 0 {
            out += "<rect x=\"\(c.x)\" y=\"\(c.y)\" width=\"\(c.size)\" height=\"\(c.size)\" fill=\"url(#hatch)\"/>\n"
        }
        if calendar {
            let shade = Self.shade(d.tally.completion)
            out += text(c.x + 3, c.y + 12, String(d.date.day), size: 10, fill: shade == Colour.done ? "#ffffff" : Colour.ink)
        }
        return out
    }

    /// One bar per event: done, partial, skipped, unrecorded.
    func bars(top: Int) -> String {
        var out = text(16, top - 10, "By event (one square a day)", bold: true)
        let unit = max(2, min(24, 400 / max(1, review.events.map(\.tally.expected).max() ?? 1)))
        for (i, e) in review.events.enumerated() {
            let y = top + i * 22
            out += text(16, y + 13, Self.clipped(e.title))
            var x = 240
            let parts = [(e.tally.done, Colour.done), (e.tally.partial, Colour.partial),
                         (e.tally.skipped, Colour.skipped), (e.tally.unrecorded, Colour.open)]
            for (n, colour) in parts where n > 0 {
                out += "<rect x=\"\(x)\" y=\"\(y + 2)\" width=\"\(n * unit)\" height=\"14\" fill=\"\(colour)\"/>\n"
                x += n * unit
            }
            out += text(x + 6, y + 13, Self.percent(e.tally.completion))
        }
        return out
    }

    /// Swatches and their meaning.
    func legend(top: Int) -> String {
        let items = [(Colour.done, "done"), (Colour.partial, "partial"), (Colour.skipped, "skipped"),
                     (Colour.open, "nothing done / open"), (Colour.empty, "nothing expected")]
        var out = "", x = 16
        for (colour, label) in items {
            let border = colour == Colour.empty ? " stroke=\"#b0b0b0\" stroke-dasharray=\"3 2\"" : ""
            out += "<rect x=\"\(x)\" y=\"\(top)\" width=\"14\" height=\"14\" fill=\"\(colour)\"\(border)/>\n"
            out += text(x + 20, top + 12, label)
            x += 28 + label.count * 7
        }
        return out
    }

    func text(_ x: Int, _ y: Int, _ s: String, size: Int = 12, bold: Bool = false, fill: String = Colour.ink) -> String {
        SVGText.text(x, y, s, size: size, bold: bold, fill: fill)
    }

    /// At most 30 characters.
    static func clipped(_ s: String) -> String { s.count <= 30 ? s : String(s.prefix(29)) + "…" }

    static func percent(_ c: Double?) -> String { c.map { "\(Int(($0 * 100).rounded()))%" } ?? "–" }
}
