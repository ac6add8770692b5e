/// A to-do assigned to a period, with the lists it may appear in.
///
/// The list of a period `L` shows an item assigned to `P` when
/// 1. `P` overlaps `L` (they share a day),
/// 2. `P` is no coarser than `L`: `P.listGranularity <= L.listGranularity`, and
/// 3. the item is visible at `L`'s granularity: `visibleIn` holds `L.listGranularity`.
///
/// Spans are ranked by their length (``Period/listGranularity``): a span of
/// 2...7 days counts as a week, 8...31 days as a month, longer as a year; a
/// span used as a list (a horizon) is ranked the same way.
///
/// ```swift
/// let item = try AgendaItem(id: "t1", title: "Pay rent", period: .week(2023, 48),
///                       visibleIn: [.week, .month, .year])
/// try item.isListed(in: .month(2023, 11))   // true
/// try item.isListed(in: .month(2023, 12))   // true
/// try item.isListed(in: .day(CivilDate(2023, 11, 28)))   // false: a week is coarser than a day
/// ```
public struct AgendaItem: Sendable, Hashable, Identifiable {
    /// A stable identifier, unique within an ``Agenda``.
    ///
    /// ```swift
    /// try AgendaItem(id: "t1", title: "Pay rent", period: .month(2023, 11)).id   // "t1"
    /// ```
    public var id: String
    /// The text shown in lists; the second sort key.
    ///
    /// ```swift
    /// item.title = "Pay rent (done)"
    /// ```
    public var title: String
    /// The period the item is assigned to.
    ///
    /// ```swift
    /// item.period = try .month(2023, 12)
    /// ```
    public var period: Period
    /// The granularities of the lists the item may appear in.
    ///
    /// ```swift
    /// item.visibleIn = [.day, .week]   // never in month or year lists
    /// ```
    public var visibleIn: Set<Period.Granularity>

    /// An item, visible in every list by default.
    ///
    /// ```swift
    /// try AgendaItem(id: "t1", title: "Call Ada", period: .day(CivilDate(2023, 11, 13)), visibleIn: [.day])
    /// ```
    public init(id: String, title: String, period: Period,
                visibleIn: Set<Period.Granularity> = Set(Period.Granularity.allCases)) {
        self.id = id
        self.title = title
        self.period = period
        self.visibleIn = visibleIn
    }

    /// Whether the list of `list` shows this item (the three conditions above).
    ///
    /// ```swift
    /// let d = try AgendaItem(id: "a", title: "A", period: .day(CivilDate(2023, 11, 13)), visibleIn: [.day, .week])
    /// try d.isListed(in: .week(2023, 46))    // true
    /// try d.isListed(in: .month(2023, 11))   // false: not visible in month lists
    /// ```
    ///
    /// - Complexity: O(1).
    public func isListed(in list: Period) -> Bool {
        let g = list.listGranularity
        return period.overlaps(list) && period.listGranularity <= g && visibleIn.contains(g)
    }

    /// The same item reassigned to the period of `granularity` that contains
    /// `date` (weeks follow `weekRule`), and made visible at `granularity`
    /// so that it shows in the list of its own period; the other visibility
    /// choices are kept.
    ///
    /// ```swift
    /// let d = try AgendaItem(id: "a", title: "A", period: .day(CivilDate(2023, 11, 13)), visibleIn: [.day])
    /// try d.moved(to: .month, containing: CivilDate(2023, 11, 13)).period.description   // "2023-11"
    /// ```
    ///
    /// - Throws: ``AlmanacError`` of kind ``AlmanacError/Kind/outOfRange``
    ///   when the week holding `date` crosses 0001-01-01 or 9999-12-31.
    /// - Complexity: O(1).
    public func moved(to granularity: Period.Granularity, containing date: CivilDate,
                      weekRule: WeekRule = .iso) throws(AlmanacError) -> AgendaItem {
        guard let p = try? Period.containing(date, granularity, weekRule: weekRule) else {
            throw AlmanacError(.outOfRange, "the \(granularity) containing \(date) crosses the supported range 0001-01-01...9999-12-31")
        }
        var item = self
        item.period = p
        item.visibleIn.insert(granularity)
        return item
    }
}

extension AgendaItem: Codable {
    private enum CodingKeys: String, CodingKey, CaseIterable { case id, title, period, visibleIn }

    /// Reads `{"id": "t1", "title": "Pay rent", "period": "2023-W48", "visibleIn": ["week", "month"]}`;
    /// without `visibleIn` the item shows in every list.
    ///
    /// Misspellings are errors rather than silent defaults: a member other
    /// than the four above (`"rrul"`, `"visiblein"`, `"done"`) and an empty
    /// `visibleIn` (which would hide the item everywhere) throw.
    ///
    /// ```swift
    /// let item = try JSONDecoder().decode(AgendaItem.self, from: data)
    /// ```
    ///
    /// - Throws: a `DecodingError` when a field is missing, malformed or
    ///   unknown, or `visibleIn` is empty.
    /// - Complexity: O(1) plus the length of the text.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownMembers(CodingKeys.self, "a to-do has id, title, period and visibleIn")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let visibleIn = try c.decodeIfPresent(Set<Period.Granularity>.self, forKey: .visibleIn) ?? Set(Period.Granularity.allCases)
        if visibleIn.isEmpty {
            throw DecodingError.dataCorruptedError(
                forKey: .visibleIn, in: c,
                debugDescription: "an empty list hides the to-do everywhere; name at least one of day, week, month, year, or leave visibleIn out to show it in every list")
        }
        self.init(id: try c.decode(String.self, forKey: .id), title: try c.decode(String.self, forKey: .title),
                  period: try c.decode(Period.self, forKey: .period), visibleIn: visibleIn)
    }

    /// Writes the fields, `visibleIn` sorted finest first so the output is stable.
    ///
    /// ```swift
    /// try JSONEncoder().encode(item)
    /// ```
    ///
    /// - Complexity: O(1) plus the length of the text.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(title, forKey: .title)
        try c.encode(period, forKey: .period)
        try c.encode(visibleIn.sorted(), forKey: .visibleIn)
    }
}
