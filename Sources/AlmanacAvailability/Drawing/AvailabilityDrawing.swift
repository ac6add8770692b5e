import Almanac
import AlmanacCalendar

/// Free/busy and free slots drawn as a self-contained SVG: a row per
/// person on a shared time axis, their working hours shaded, their busy
/// blocks by type, and the slots found highlighted.
///
/// ```swift
/// let finder = SlotFinder([ana, ben, chie])
/// let slots = try finder.slots(in: week, length: 1800)
/// let svg = AvailabilityDrawing(finder, window: week, slots: slots).svg()   // write it to slots.svg
/// ```
///
/// **Layout.** The axis runs left to right over the window (``x(of:)``),
/// with a line at each midnight of the axis zone and the date above it.
/// Each person has a band (``band(of:)``): white outside their working
/// hours, ``Colour/hours`` inside them (computed in their own zone, so a
/// Tokyo row's 09:00 is not Paris's); busy blocks over it in the colour of
/// their FBTYPE (``Colour/busy``, ``Colour/tentative``,
/// ``Colour/unavailable``; X- types as BUSY); and, in the lower third of
/// the band, a ``Colour/slot`` strip where a slot found includes them. A
/// last row, "slots", shows every slot at full height. The legend is below.
///
/// The text uses the generic `sans-serif` family, there are no images or
/// external references, and the same input gives the same bytes.
public struct AvailabilityDrawing: Sendable {
    /// One person's row.
    ///
    /// ```swift
    /// let row = AvailabilityDrawing.Row(name: "ana (Europe/Paris)", hours: hours, busy: busy)
    /// ```
    public struct Row: Sendable {
        /// The label on the left.
        public var name: String
        /// Their working hours in the window (``WorkingHours/intervals(in:zone:)``); `[window]` when unknown.
        public var hours: [Range<Timestamp>]
        /// Their busy periods.
        public var busy: [BusyPeriod]

        /// A row from its parts.
        ///
        /// ```swift
        /// let row = AvailabilityDrawing.Row(name: "ben", hours: [week], busy: benBusy)
        /// ```
        public init(name: String, hours: [Range<Timestamp>], busy: [BusyPeriod]) {
            self.name = name
            self.hours = hours
            self.busy = busy
        }
    }

    /// The rows, top to bottom.
    ///
    /// ```swift
    /// drawing.rows.count
    /// ```
    public let rows: [Row]
    /// The time drawn.
    ///
    /// ```swift
    /// drawing.window.lowerBound
    /// ```
    public let window: Range<Timestamp>
    /// The slots highlighted (``FreeSlot/attendees`` index ``rows``).
    ///
    /// ```swift
    /// drawing.slots.first?.range
    /// ```
    public let slots: [FreeSlot]
    /// The zone whose midnights the axis marks.
    ///
    /// ```swift
    /// drawing.axisZone.identifier   // "UTC"
    /// ```
    public let axisZone: Zone
    /// The width of the time axis, in SVG units.
    let plotWidth: Int
    let left = 176, top = 72, rowHeight = 30, rowGap = 10

    /// A drawing of `rows` over `window`.
    ///
    /// ```swift
    /// let drawing = AvailabilityDrawing(rows: [row], window: week)
    /// ```
    public init(rows: [Row], window: Range<Timestamp>, slots: [FreeSlot] = [], axisZone: Zone = .utc) {
        self.rows = rows
        self.window = window
        self.slots = slots
        self.axisZone = axisZone
        let hours = max(1, Int((window.upperBound - window.lowerBound) / 3600))
        plotWidth = min(2400, max(480, hours * 6))
    }

    /// A drawing of a finder's attendees (named with their zone), their
    /// hours and busy periods in `window`, and `slots`.
    ///
    /// ```swift
    /// let drawing = AvailabilityDrawing(finder, window: week, slots: slots, axisZone: try Zone("Europe/Paris"))
    /// ```
    public init(_ finder: SlotFinder, window: Range<Timestamp>, slots: [FreeSlot] = [], axisZone: Zone = .utc) {
        let rows = finder.attendees.map {
            Row(name: "\($0.name) (\($0.zone.identifier))", hours: $0.hours.intervals(in: window, zone: $0.zone), busy: $0.busy)
        }
        self.init(rows: rows, window: window, slots: slots, axisZone: axisZone)
    }

    /// The colours, as `#rrggbb`.
    ///
    /// ```swift
    /// AvailabilityDrawing.Colour.busy   // "#d64545"
    /// ```
    public enum Colour {
        /// Working hours with nothing in them.
        public static let hours = "#cfe8d5"
        /// BUSY (and X- types).
        public static let busy = "#d64545"
        /// BUSY-TENTATIVE.
        public static let tentative = "#f2a93b"
        /// BUSY-UNAVAILABLE.
        public static let unavailable = "#6b6b7b"
        /// The slots found.
        public static let slot = "#2f6fd6"
        /// Outside working hours.
        public static let off = "#ffffff"
        /// Text, borders and the axis.
        public static let ink = "#333333"
    }

    /// The colour of a busy block of this type.
    ///
    /// ```swift
    /// AvailabilityDrawing.colour(of: .busyTentative)   // "#f2a93b"
    /// ```
    public static func colour(of type: FreeBusyType) -> String {
        switch type {
        case .busyTentative: Colour.tentative
        case .busyUnavailable: Colour.unavailable
        case .free: Colour.hours
        default: Colour.busy
        }
    }

    /// The horizontal position of instant `t` (clamped to the window), in SVG units.
    ///
    /// ```swift
    /// drawing.x(of: week.lowerBound)   // 176
    /// ```
    public func x(of t: Timestamp) -> Int {
        let span = max(1, window.upperBound - window.lowerBound)
        let clamped = min(max(t, window.lowerBound), window.upperBound)
        return left + Int((clamped - window.lowerBound) * Int64(plotWidth) / span)
    }

    /// The vertical extent of row `index` (the slots row is `rows.count`):
    /// its top and height, in SVG units.
    ///
    /// ```swift
    /// drawing.band(of: 0)   // (y: 72, height: 30)
    /// ```
    public func band(of index: Int) -> (y: Int, height: Int) {
        (top + index * (rowHeight + rowGap), rowHeight)
    }

    /// The SVG document.
    ///
    /// ```swift
    /// let text = drawing.svg()   // "<svg xmlns=..."
    /// ```
    ///
    /// - Complexity: O(days + hours intervals + busy periods + slots × their attendees).
    public func svg() -> String {
        let width = left + plotWidth + 24
        let legendTop = band(of: rows.count + 1).y + 4
        let height = legendTop + 40
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\""
            + " font-family=\"sans-serif\" font-size=\"12\">\n"
        out += rect(0, 0, width, height, "#ffffff")
        out += text(16, 24, "Free/busy \(Self.stamp(window.lowerBound)) to \(Self.stamp(window.upperBound))"
            + " (axis: \(axisZone.identifier))", size: 16, bold: true)
        out += text(16, 44, "\(rows.count) people, \(slots.count) slots")
        for (i, row) in rows.enumerated() { out += draw(row, index: i) }
        out += slotRow()
        out += axis()
        out += legend(top: legendTop)
        return out + "</svg>\n"
    }

    /// One person's band: hours, busy blocks, their slots.
    func draw(_ row: Row, index: Int) -> String {
        let b = band(of: index)
        var out = text(16, b.y + b.height / 2 + 4, Self.clipped(row.name))
        out += rect(left, b.y, plotWidth, b.height, Colour.off, stroke: true)
        for h in row.hours { out += block(h, y: b.y, height: b.height, Colour.hours) }
        for p in row.busy where p.type != .free { out += block(p.range, y: b.y, height: b.height, Self.colour(of: p.type)) }
        let strip = b.height / 3
        for s in slots where s.attendees.contains(index) {
            out += block(s.range, y: b.y + b.height - strip, height: strip, Colour.slot)
        }
        return out
    }

    /// The row of every slot, full height.
    func slotRow() -> String {
        let b = band(of: rows.count)
        var out = text(16, b.y + b.height / 2 + 4, "slots")
        out += rect(left, b.y, plotWidth, b.height, Colour.off, stroke: true)
        for s in slots { out += block(s.range, y: b.y, height: b.height, Colour.slot) }
        return out
    }

    /// A line and a date at each midnight of the axis zone.
    func axis() -> String {
        var out = ""
        let bottom = band(of: rows.count).y + rowHeight
        guard let first = axisZone.civil(at: window.lowerBound)?.0.date,
              let last = axisZone.civil(at: window.upperBound)?.0.date else { return out }
        var day = first.daysSinceEpoch
        while day <= last.daysSinceEpoch, let date = CivilDate(daysSinceEpoch: day) {
            let t = axisZone.startOfDay(date)
            if t >= window.lowerBound, t < window.upperBound {
                let x = x(of: t)
                out += "<line x1=\"\(x)\" y1=\"\(top - 8)\" x2=\"\(x)\" y2=\"\(bottom)\" stroke=\"\(Colour.ink)\" stroke-width=\"1\"/>\n"
                out += text(x + 3, top - 12, WeeklyHours.names[date.weekday.rawValue - 1] + " " + String(date.day), size: 10)
            }
            day += 1
        }
        return out
    }

    /// Swatches and their meaning.
    func legend(top: Int) -> String {
        let items = [(Colour.hours, "working hours"), (Colour.busy, "busy"), (Colour.tentative, "tentative"),
                     (Colour.unavailable, "unavailable"), (Colour.slot, "slot found")]
        var out = "", x = 16
        for (colour, label) in items {
            out += rect(x, top, 14, 14, colour)
            out += text(x + 20, top + 12, label)
            x += 28 + label.count * 7
        }
        return out
    }

    func block(_ r: Range<Timestamp>, y: Int, height: Int, _ colour: String) -> String {
        let a = x(of: r.lowerBound), b = x(of: r.upperBound)
        guard r.upperBound > window.lowerBound, r.lowerBound < window.upperBound else { return "" }
        return rect(a, y, max(1, b - a), height, colour)
    }

    func rect(_ x: Int, _ y: Int, _ w: Int, _ h: Int, _ fill: String, stroke: Bool = false) -> String {
        "<rect x=\"\(x)\" y=\"\(y)\" width=\"\(w)\" height=\"\(h)\" fill=\"\(fill)\"" + (stroke ? " stroke=\"#b0b0b0\"" : "") + "/>\n"
    }

    func text(_ x: Int, _ y: Int, _ s: String, size: Int = 12, bold: Bool = false) -> String {
        SVGText.text(x, y, s, size: size, bold: bold, fill: Colour.ink)
    }

    /// `2026-03-23T00:00Z`.
    static func stamp(_ t: Timestamp) -> String {
        guard let c = t.utc else { return t.description }
        return c.date.description + "T" + String(c.time.description.prefix(5)) + "Z"
    }

    static func clipped(_ s: String) -> String { s.count <= 26 ? s : String(s.prefix(25)) + "…" }
}
