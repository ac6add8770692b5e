import AlmanacCore

/// What to do with a local time that a rule produces inside a DST gap.
public enum NonexistentTimePolicy: String, Sendable, Hashable, Codable {
    /// RFC 5545 section 3.3.5 (and the last paragraph of 3.3.10): read it with
    /// the offset before the gap, so 02:30 becomes 03:30. The default, as in
    /// Foundation, Google Calendar and Outlook.
    case shift
    /// RFC 5545 section 3.3.10's other sentence: such instances "MUST be ignored".
    case skip
}

/// Options of an expansion that are not part of the RFC 5545 data.
public struct ExpansionOptions: Sendable, Hashable, Codable {
    /// RFC 5545 section 3.8.5.3: DTSTART is the first instance and counts
    /// toward COUNT, even when the rule does not produce it (`true`, the
    /// default). `false` reads it as python-dateutil and rrule.js do: DTSTART
    /// is an instance only when the rule produces it.
    public var includesStart: Bool = true
    /// RFC 5545 section 3.3.10: DTSTART "always counts as the first
    /// occurrence" of COUNT (`true`, the default). `false`: COUNT counts
    /// the rules' own instances, and DTSTART (with ``includesStart``) is an
    /// instance beside them, as KCalendarCore, python-dateutil's rruleset
    /// with DTSTART as an RDATE, rrule.js and recurring-ical-events read a
    /// DTSTART the rule does not produce (section 3.8.5.3 calls such a set
    /// undefined). It changes nothing for a DTSTART the rules produce, nor
    /// for rules without COUNT. The calendar reader's default
    /// (`CalendarOptions.UnsynchronizedStart` of AlmanacCalendar).
    public var countsStart: Bool = true
    /// Times in a DST gap: shifted (default) or skipped.
    public var nonexistentTimes: NonexistentTimePolicy = .shift

    /// Options for an expansion; the defaults follow RFC 5545.
    ///
    /// ```swift
    /// ExpansionOptions(includesStart: false)   // python-dateutil's reading of DTSTART
    /// ```
    public init(includesStart: Bool = true, countsStart: Bool = true, nonexistentTimes: NonexistentTimePolicy = .shift) {
        self.includesStart = includesStart
        self.countsStart = countsStart
        self.nonexistentTimes = nonexistentTimes
    }

    /// Whether DTSTART is an instance of its own beside rules `plans`
    /// rather than their first (see ``countsStart``).
    func startBesideRules(_ plans: [_RulePlan]) -> Bool {
        includesStart && !countsStart && plans.contains { $0.count != nil }
    }
}

/// A recurrence set (RFC 5545 section 3.8.5): a start, rules and dates that
/// add instances, rules and dates that remove them.
///
/// ```swift
/// let ny = try Zone("America/New_York")
/// let set = RecurrenceSet(
///     start: try .zoned(CivilDate(1997, 9, 2).at(9, 0), ny),
///     rules: [try RecurrenceRule("FREQ=DAILY;COUNT=10")],
///     excludedDates: try [.zoned(CivilDate(1997, 9, 4).at(9, 0), ny)])
/// for o in try set.occurrences() { print(o) }   // 9 instances, 1997-09-04 left out
/// ```
///
/// The instances are sorted and each instant appears once. EXDATE removes an
/// instance by instant in timed series and by date in DATE series.
public struct RecurrenceSet: Sendable, Hashable {
    /// DTSTART: the first instance (see ``ExpansionOptions/includesStart``)
    /// and the anchor every rule is expanded from.
    public var start: Anchor
    /// RRULEs: each adds its instances.
    public var rules: [RecurrenceRule]
    /// EXRULEs (RFC 2445, deprecated by RFC 5545 but still sent): each removes its instances.
    public var exclusionRules: [RecurrenceRule]
    /// RDATEs: extra instances.
    public var dates: [Anchor]
    /// EXDATEs: removed instances.
    public var excludedDates: [Anchor]
    /// How long each instance lasts (RFC 5545 section 3.8.5.3): a DTEND gives
    /// every instance the same *exact* duration as DTEND - DTSTART, a
    /// DURATION the same *nominal* one. Without either, a DATE instance lasts
    /// one day and a timed one no time at all (section 3.6.1).
    public var length: Length?
    /// How to expand: whether DTSTART is always an instance, what to do
    /// with times in a DST gap (see ``ExpansionOptions``).
    public var options: ExpansionOptions

    /// DTEND or DURATION.
    public enum Length: Sendable, Hashable {
        /// DTEND: the end of the first instance. The end of a DATE event is
        /// exclusive: DTSTART 2024-05-01, DTEND 2024-05-04 covers three days.
        case end(Anchor)
        /// DURATION: nominal days (wall clock) then exact seconds.
        case duration(EventDuration)
    }

    /// A recurrence set from its parts: only DTSTART is required (a set of
    /// DTSTART alone has one instance).
    public init(start: Anchor, rules: [RecurrenceRule] = [], exclusionRules: [RecurrenceRule] = [],
                dates: [Anchor] = [], excludedDates: [Anchor] = [], length: Length? = nil,
                options: ExpansionOptions = ExpansionOptions()) {
        self.start = start
        self.rules = rules
        self.exclusionRules = exclusionRules
        self.dates = dates
        self.excludedDates = excludedDates
        self.length = length
        self.options = options
    }

    /// Each instance's length as nominal days and exact seconds.
    var nominalLength: (days: Int, seconds: Int64) {
        switch (length, start) {
        case (nil, .date): return (1, 0)
        case (nil, _): return (0, 0)
        case (.duration(let d)?, _): return (d.days, Int64(d.seconds))
        case (.end(let e)?, .date(let d)): return (e.civil.date.daysSinceEpoch - d.daysSinceEpoch, 0)
        case (.end(let e)?, _): return (0, sortKey(of: e) - sortKey(of: start))
        }
    }
}

extension RecurrenceRule {
    /// The instances of this rule from a DTSTART, in order (RFC 5545 rules:
    /// DTSTART first; see ``ExpansionOptions``).
    ///
    /// - Complexity: O(1) to create; each instance costs amortised O(1).
    /// - Throws: ``AlmanacError`` when the rule cannot be expanded from this
    ///   start (see ``RecurrenceSet/occurrences()``).
    public func occurrences(from start: Anchor, options: ExpansionOptions = ExpansionOptions()) throws(AlmanacError) -> RecurrenceSet.Occurrences {
        try RecurrenceSet(start: start, rules: [self], options: options).occurrences()
    }

    /// The instances whose start lies in `window`, seeking to the window when
    /// the rule has no COUNT instead of walking from DTSTART.
    ///
    /// - Throws: as ``RecurrenceSet/occurrences(in:)``.
    public func occurrences(from start: Anchor, in window: RecurrenceSet.Window, options: ExpansionOptions = ExpansionOptions()) throws(AlmanacError) -> RecurrenceSet.Occurrences {
        try RecurrenceSet(start: start, rules: [self], options: options).occurrences(in: window)
    }
}
