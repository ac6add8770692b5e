import Almanac

/// A request read and checked: the recurrence set, the window, the limit,
/// and the liberties lenient parsing took. Everything that can fail has
/// failed by the time one exists; running it cannot fail.
///
/// ```swift
/// let query = try BatchQuery(BatchRequest(dtstart: "19970902T090000Z", rrules: ["FREQ=DAILY"], limit: 3))
/// let truncated = query.expand { print($0) }
/// // 1997-09-02T09:00:00Z
/// // 1997-09-03T09:00:00Z
/// // 1997-09-04T09:00:00Z
/// // truncated == true
/// ```
public struct BatchQuery: Sendable {
    /// The recurrence set the request describes.
    public let set: RecurrenceSet
    /// `[after, before)`: wall clock for a floating or DATE series, instants
    /// for a zoned or UTC one; `nil` for no window.
    public let window: RecurrenceSet.Window?
    /// How many occurrences to produce at most, already capped at ``BatchRequest/maximumLimit``.
    public let limit: Int
    /// How lenient parsing read what strict RFC 5545 rejects, one line each,
    /// after the field it is about (`rrule: column 1: ...`).
    public let readings: [String]
    /// The occurrences of ``set`` in ``window``, planned (so expansion cannot fail) but not produced.
    public let occurrences: RecurrenceSet.Occurrences

    /// Reads a request: the zone, the values, the rules, the window.
    ///
    /// - Throws: `AlmanacError`: `invalid_request` for a negative limit, a
    ///   `tzid` with a DATE or UTC `dtstart`, or `after` later than `before`;
    ///   `unknown_zone`, `invalid_value`, `out_of_range` or `invalid_rule`
    ///   from the library, with the request's field in `AlmanacError/field`
    ///   (`dtstart`, `tzid`, `rrule`, `rdate[0]`, `after`...); and
    ///   what the expander refuses to plan (a sub-daily rule on a DATE start).
    public init(_ request: BatchRequest) throws(AlmanacError) {
        guard request.limit >= 0 else {
            throw AlmanacError(.invalidRequest, "limit must be a non-negative integer, got \(request.limit)")
        }
        let (set, setReadings) = try request.recurrenceSet()
        let readings = setReadings
        // The zone of a local value: the tzid's, which placed the start.
        let zone = request.tzid == nil ? nil : set.start.zone

        var window: RecurrenceSet.Window?
        if request.after != nil || request.before != nil {
            let lower = try request.after.map { (t) throws(AlmanacError) in try Self.anchor(t, "after", zone: zone) }
            let upper = try request.before.map { (t) throws(AlmanacError) in try Self.anchor(t, "before", zone: zone) }
            guard let w = set.window(after: lower, before: upper) else {
                throw AlmanacError(.invalidRequest, "the window is reversed: after (\(request.after!)) is later than before (\(request.before!))",
                                   text: request.before).at(field: "before")
            }
            window = w
        }

        self.set = set
        self.window = window
        self.limit = min(request.limit, BatchRequest.maximumLimit)
        self.readings = readings
        if let window { occurrences = try set.occurrences(in: window) } else { occurrences = try set.occurrences() }
    }

    /// Calls `body` with each occurrence in order, at most ``limit`` times,
    /// and says whether more occurrences exist past the limit.
    ///
    /// - Returns: `true` when the sequence had more than ``limit`` occurrences (`truncated`).
    /// - Complexity: ``limit`` + 1 steps of the expander at most.
    public func expand<E: Error>(_ body: (Occurrence) throws(E) -> Void) throws(E) -> Bool {
        var iterator = occurrences.makeIterator()
        var produced = 0
        while produced < limit, let o = iterator.next() {
            try body(o)
            produced += 1
        }
        return iterator.next() != nil
    }

    /// A value read on its own (`zone: nil`), then placed in `zone` when it is a local date-time.
    /// `read` skips the parse when the value was read already.
    static func anchor(_ text: String, _ field: String, zone: Zone?, read: Anchor? = nil) throws(AlmanacError) -> Anchor {
        let anchor: Anchor
        if let read {
            anchor = read
        } else {
            do throws(AlmanacError) { anchor = try Anchor(parsing: text, zone: nil) } catch { throw error.at(field: field) }
        }
        if let zone, case .floating(let civil) = anchor { return .zoned(civil, zone) }
        return anchor
    }

    static func anchors(_ texts: [String], _ field: String, _ zone: Zone?) throws(AlmanacError) -> [Anchor] {
        var out: [Anchor] = []
        out.reserveCapacity(texts.count)
        for (k, text) in texts.enumerated() { out.append(try anchor(text, "\(field)[\(k)]", zone: zone)) }
        return out
    }

    static func rules(_ texts: [String], _ field: String, _ mode: RecurrenceRule.ParsingMode,
                      _ readings: inout [String]) throws(AlmanacError) -> [RecurrenceRule] {
        var out: [RecurrenceRule] = []
        out.reserveCapacity(texts.count)
        for (k, text) in texts.enumerated() {
            let name = texts.count == 1 ? field : "\(field)[\(k)]"
            do throws(AlmanacError) {
                let (rule, ruleReadings) = try RecurrenceRule.parse(text, mode: mode)
                out.append(rule)
                for r in ruleReadings { readings.append(name + ": " + r.description) }
            } catch {
                throw error.at(field: name)
            }
        }
        return out
    }
}
