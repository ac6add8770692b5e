import Almanac

/// A component as read: its name, its properties in order, the components
/// it contains. Only the components Almanac uses are kept (VCALENDAR,
/// VEVENT and VTODO with their VALARMs, VTIMEZONE with STANDARD and
/// DAYLIGHT, VFREEBUSY, VAVAILABILITY with its AVAILABLEs); the others
/// (VJOURNAL, X- components, a VALARM in a VALARM...) are stepped over with
/// a depth counter, so they cost no memory however deep they nest.
struct ParsedComponent: Sendable {
    var name: String
    var properties: [ContentLine] = []
    var children: [ParsedComponent] = []
    /// Physical line of its BEGIN.
    var line: Int

    /// The first such property.
    func first(_ property: Property) -> ContentLine? {
        for p in properties where p.property == property { return p }
        return nil
    }

    /// Every such property, in order.
    func all(_ property: Property) -> [ContentLine] { properties.filter { $0.property == property } }
}

/// Builds the component tree from content lines (RFC 5545 section 3.4 and 3.6).
enum ComponentReader {
    /// Which components are kept under which parent.
    static func keeps(_ name: String, under parent: String?) -> Bool {
        switch (parent, name) {
        case (nil, "VCALENDAR"): true
        case ("VCALENDAR", "VEVENT"), ("VCALENDAR", "VTODO"), ("VCALENDAR", "VTIMEZONE"): true
        case ("VCALENDAR", "VFREEBUSY"), ("VCALENDAR", "VAVAILABILITY"), ("VAVAILABILITY", "AVAILABLE"): true
        case ("VEVENT", "VALARM"), ("VTODO", "VALARM"): true
        case ("VTIMEZONE", "STANDARD"), ("VTIMEZONE", "DAYLIGHT"): true
        default: false
        }
    }

    /// The VCALENDARs of the input (a file may concatenate several), and
    /// the store that holds their lines' values.
    ///
    /// `sink` is handed each component as it closes directly inside a
    /// VCALENDAR, and each VCALENDAR as it closes: a component it takes
    /// leaves the tree and its lines leave the store, so that a calendar of
    /// many events is never held as lines all at once. The VCALENDARs
    /// returned hold what the sink did not take.
    static func read(_ bytes: [UInt8], lenient: Bool, readings: inout [CalendarReading],
                     sink: inout EntrySink) throws(AlmanacError) -> (calendars: [ParsedComponent], store: LineStore) {
        var scanner = LineScanner(bytes)
        var store = LineStore()
        var stack: [ParsedComponent] = []
        // The lines of the innermost open component, moved into it at once
        // when it closes or a child opens (one allocation per component).
        var pending = PendingLines()
        var calendars: [ParsedComponent] = []
        var skipping: (name: String, depth: Int, line: Int)? = nil
        // Lenient: stack[0] is a VCALENDAR the input never opened, around
        // bare components (see ``PastedComponent``).
        var implicit = false
        func liberty(_ line: Int, _ message: String) { readings.append(CalendarReading(.liberty, line: line, message)) }

        // Whether the innermost open component is a VALARM, VFREEBUSY...
        // (``isEventOrCalendar(_:)``), worked out when a component opens or closes.
        var outsideEvents = false
        while scanner.next() {
            guard let parsed = try ContentLineParser.parse(&scanner, into: &store, lenient: lenient, outsideEvents: outsideEvents,
                                                            readings: &readings) else { continue }
            guard case .kept(let cl) = parsed else {
                if skipping == nil, stack.isEmpty {
                    let name = ContentLineParser.name(scanner)
                    if !lenient { throw AlmanacError(.structure, line: scanner.line, column: 1, "\(name) outside a VCALENDAR") }
                    liberty(scanner.line, "\(name) outside a VCALENDAR: skipped")
                }
                continue
            }
            let isBegin = cl.property == .begin, isEnd = cl.property == .end
            // Only the lines of kept components stay in the store.
            let value = isBegin || isEnd ? store.upperValue(cl) : ""
            if isBegin || isEnd || skipping != nil || stack.isEmpty { store.removeLast(cl) }
            if var s = skipping {
                if isBegin { s.depth += 1 } else if isEnd { s.depth -= 1 }
                skipping = s.depth == 0 ? nil : s
                continue
            }
            if isBegin {
                skipping = try begin(value, line: cl.line, lenient: lenient, stack: &stack, calendars: &calendars,
                                     pending: &pending, store: &store, sink: &sink, implicit: &implicit, readings: &readings)
                outsideEvents = stack.count > 1 && !isEventOrCalendar(stack[stack.count - 1].name)
                continue
            }
            if isEnd {
                try end(value, line: cl.line, lenient: lenient, stack: &stack, calendars: &calendars, pending: &pending,
                        store: &store, sink: &sink, readings: &readings)
                if stack.isEmpty { implicit = false }
                outsideEvents = stack.count > 1 && !isEventOrCalendar(stack[stack.count - 1].name)
                continue
            }
            guard !stack.isEmpty else {
                if !lenient { throw AlmanacError(.structure, line: cl.line, column: 1, "\(cl.name) outside a VCALENDAR") }
                liberty(cl.line, "\(cl.name) outside a VCALENDAR: skipped")
                continue
            }
            pending.lines.append(cl)
        }
        if let s = skipping, !lenient {
            throw AlmanacError(.structure, line: s.line, column: 1, "BEGIN:\(s.name) is never closed")
        }
        if implicit, stack.count == 1 {
            close(&stack, &calendars, &pending, &store, &sink)
        }
        if let open = stack.last {
            if !lenient { throw AlmanacError(.structure, line: open.line, column: 1, "BEGIN:\(open.name) is never closed (END:\(open.name) missing)") }
            while let t = stack.last {
                if !(implicit && stack.count == 1) { liberty(t.line, "END:\(t.name) missing at the end of the input: closed there") }
                close(&stack, &calendars, &pending, &store, &sink)
            }
        }
        if scanner.bareBreaks > 0 {
            if !lenient { throw AlmanacError(.syntax, line: scanner.firstBareBreakLine, column: 0, "a line ends without CRLF (RFC 5545 section 3.1)") }
            liberty(scanner.firstBareBreakLine, "\(scanner.bareBreaks) line breaks are LF or CR alone, not CRLF (the first on this line): read as line breaks")
        }
        return (calendars, store)
    }

    /// VEVENT, VTODO or VCALENDAR: components whose DESCRIPTION and PRIORITY are not read.
    @inline(__always)
    static func isEventOrCalendar(_ name: String) -> Bool { name == "VEVENT" || name == "VTODO" || name == "VCALENDAR" }

    /// Reads `BEGIN:value` on `line`: opens a component Almanac keeps, or
    /// (lenient) the VCALENDAR around a bare component (``PastedComponent``)
    /// or an event nested in an event (``NestedEvent``); else returns the
    /// component to step over.
    private static func begin(_ value: String, line: Int, lenient: Bool, stack: inout [ParsedComponent], calendars: inout [ParsedComponent],
                              pending: inout PendingLines, store: inout LineStore, sink: inout EntrySink, implicit: inout Bool,
                              readings: inout [CalendarReading]) throws(AlmanacError) -> (name: String, depth: Int, line: Int)? {
        if implicit, stack.count == 1, value == "VCALENDAR" {
            close(&stack, &calendars, &pending, &store, &sink)
            implicit = false
        }
        if keeps(value, under: stack.last?.name) {
            pending.flush(into: &stack)
            stack.append(ParsedComponent(name: value, line: line))
        } else if stack.isEmpty {
            if !lenient { throw AlmanacError(.structure, line: line, column: 1, "BEGIN:\(value) outside a VCALENDAR") }
            guard PastedComponent.opensCalendar(value) else {
                readings.append(CalendarReading(.liberty, line: line, "BEGIN:\(value) outside a VCALENDAR: skipped"))
                return (value, 1, line)
            }
            readings.append(PastedComponent.reading(value, line: line))
            stack = [ParsedComponent(name: "VCALENDAR", line: line), ParsedComponent(name: value, line: line)]
            implicit = true
        } else if NestedEvent.isNested(value, in: stack.last?.name) {
            let parent = (name: stack[stack.count - 1].name, line: stack[stack.count - 1].line)
            if !lenient { throw NestedEvent.error(value, line: line, parent: parent) }
            guard stack.count - 1 <= NestedEvent.deepest else {   // stack[0] is the VCALENDAR
                readings.append(NestedEvent.tooDeep(value, line: line))
                return (value, 1, line)
            }
            readings.append(NestedEvent.reading(value, line: line, parent: parent))
            pending.flush(into: &stack)
            stack.append(ParsedComponent(name: value, line: line))
        } else {
            return (value, 1, line)
        }
        return nil
    }

    /// Reads `END:value` on `line`: closes the innermost component, or
    /// (lenient) the components it leaves open, or skips a stray END.
    private static func end(_ value: String, line: Int, lenient: Bool, stack: inout [ParsedComponent], calendars: inout [ParsedComponent],
                            pending: inout PendingLines, store: inout LineStore, sink: inout EntrySink,
                            readings: inout [CalendarReading]) throws(AlmanacError) {
        func liberty(_ message: String) { readings.append(CalendarReading(.liberty, line: line, message)) }
        guard let top = stack.last else {
            if !lenient { throw AlmanacError(.structure, line: line, column: 1, "END:\(value) without a BEGIN") }
            return liberty("END:\(value) without a BEGIN: skipped")
        }
        if top.name != value {
            guard lenient, stack.contains(where: { $0.name == value }) else {
                if !lenient { throw AlmanacError(.structure, line: line, column: 1, "END:\(value) where END:\(top.name) was expected (BEGIN:\(top.name) on line \(top.line))") }
                return liberty("END:\(value) does not close BEGIN:\(top.name) of line \(top.line): skipped")
            }
            while let t = stack.last, t.name != value {
                liberty("END:\(t.name) missing (BEGIN on line \(t.line)): closed at END:\(value)")
                close(&stack, &calendars, &pending, &store, &sink)
            }
        }
        close(&stack, &calendars, &pending, &store, &sink)
    }

    /// Pops the innermost component into its parent (or the output),
    /// unless `sink` takes it: then its lines, the last the store holds,
    /// leave the store. A VCALENDAR goes to the sink, then to the output
    /// without its components (the sink has read them). An event nested in
    /// an event (lenient) belongs to the VCALENDAR around them.
    private static func close(_ stack: inout [ParsedComponent], _ calendars: inout [ParsedComponent], _ pending: inout PendingLines,
                              _ store: inout LineStore, _ sink: inout EntrySink) {
        pending.flush(into: &stack)
        var c = stack.removeLast()
        if stack.isEmpty {
            sink.close(c, store: store)
            c.children = []
            calendars.append(c)
            return
        }
        // stack[0] is the only VCALENDAR (none is kept inside another). The
        // parent is read by its name only: a copy of it would share its
        // children, and each append would copy them all.
        let nested = NestedEvent.isNested(c.name, in: stack[stack.count - 1].name)
        if stack.count == 1 || nested, sink.take(c, in: stack[0], store: store) {
            if let first = c.properties.first { store.removeLast(first) }
        } else if nested {
            stack[0].children.append(c)
        } else {
            stack[stack.count - 1].children.append(c)
        }
    }
}

/// Lines read for the innermost open component, not yet moved into it.
struct PendingLines {
    var lines: [ContentLine] = []

    mutating func flush(into stack: inout [ParsedComponent]) {
        guard !lines.isEmpty, !stack.isEmpty else { return }
        stack[stack.count - 1].properties.append(contentsOf: lines)
        lines.removeAll(keepingCapacity: true)
    }
}

