/// Items assigned to periods, indexed so that the list of any period is found
/// without scanning every item.
///
/// Which items a list shows is ``AgendaItem/isListed(in:)``: the assigned
/// period overlaps the list's, is no coarser, and the item is visible at the
/// list's granularity. A week-48 item visible everywhere shows in the week
/// list, in November *and* December 2023, and in 2023.
///
/// Lists are sorted by the last day of the assigned period, then by title
/// (Swift's `String` order: Unicode canonical, not locale-aware), then by id.
///
/// ```swift
/// var agenda = Agenda()
/// try agenda.insert(AgendaItem(id: "1", title: "Plan sprint", period: .week(2023, 48)))
/// try agenda.insert(AgendaItem(id: "2", title: "Call Ada", period: .day(CivilDate(2023, 11, 13))))
/// try agenda.list(for: .month(2023, 12)).map(\.title)   // ["Plan sprint"]
/// try agenda.list(for: .month(2023, 11)).map(\.title)   // ["Call Ada", "Plan sprint"]
/// ```
///
/// The index keeps, for each list granularity, the items that lists of that
/// granularity can show, bucketed by shape (days; weeks of one rule; months;
/// years; spans of one length). Within a bucket the distinct periods are
/// sorted by first day, which also sorts them by last day, so the periods that
/// overlap a list are one run found by two binary searches, and every item
/// visited is an item returned.
public struct Agenda: Sendable, Hashable {
    private var _items: [String: AgendaItem] = [:]
    /// One index per list granularity, at `Granularity.rawValue`.
    private var _lists = [ListIndex](repeating: ListIndex(), count: Period.Granularity.allCases.count)

    /// An empty agenda.
    ///
    /// ```swift
    /// var agenda = Agenda()
    /// ```
    public init() {}

    /// An agenda holding `items`; of items sharing an id the last one wins.
    ///
    /// ```swift
    /// let agenda = Agenda(loadedItems)
    /// ```
    ///
    /// - Complexity: O(n log n) for n items.
    public init(_ items: some Sequence<AgendaItem>) {
        for item in items { _items[item.id] = item }
        for item in _items.values { _index(item, sorted: false) }
        for g in _lists.indices { _lists[g].sortAll() }
    }

    /// How many items the agenda holds.
    ///
    /// ```swift
    /// Agenda([item]).count   // 1
    /// ```
    public var count: Int { _items.count }

    /// Whether the agenda holds no item.
    ///
    /// ```swift
    /// Agenda().isEmpty   // true
    /// ```
    public var isEmpty: Bool { _items.isEmpty }

    /// All items, in no particular order.
    ///
    /// ```swift
    /// let titles = agenda.items.map(\.title)
    /// ```
    public var items: Dictionary<String, AgendaItem>.Values { _items.values }

    /// The item with `id`, if any.
    ///
    /// ```swift
    /// agenda["1"]?.title   // "Plan sprint"
    /// ```
    ///
    /// - Complexity: O(1) on average.
    public subscript(id: String) -> AgendaItem? { _items[id] }

    /// Adds `item`, or replaces the item with the same id; returns the
    /// replaced item.
    ///
    /// ```swift
    /// try agenda.insert(AgendaItem(id: "1", title: "Plan sprint", period: .week(2023, 48)))
    /// ```
    ///
    /// - Complexity: O(log d) on average when the item's period already has
    ///   items, O(d) otherwise (an array insertion), where d is the number of
    ///   distinct periods of its shape; done for each of the at most four
    ///   list granularities it shows in.
    @discardableResult
    public mutating func insert(_ item: AgendaItem) -> AgendaItem? {
        let old = _items.updateValue(item, forKey: item.id)
        if let old { unindex(old) }
        _index(item, sorted: true)
        return old
    }

    /// Removes the item with `id` and returns it, or returns `nil` when there is none.
    ///
    /// ```swift
    /// agenda.remove(id: "1")?.title   // "Plan sprint"
    /// ```
    ///
    /// - Complexity: O(d) at most, as ``insert(_:)``.
    @discardableResult
    public mutating func remove(id: String) -> AgendaItem? {
        guard let old = _items.removeValue(forKey: id) else { return nil }
        unindex(old)
        return old
    }

    /// Reassigns the item with `id` to the period of `granularity` that
    /// contains `date` (see ``AgendaItem/moved(to:containing:weekRule:)``: it
    /// becomes visible at `granularity`, its other choices are kept) and
    /// returns the moved item.
    ///
    /// ```swift
    /// try agenda.move(id: "2", to: .week, containing: CivilDate(2023, 11, 13))   // now in 2023-W46
    /// ```
    ///
    /// - Throws: ``AlmanacError`` of kind ``AlmanacError/Kind/invalidValue``
    ///   when no item has `id`, of kind ``AlmanacError/Kind/outOfRange`` when
    ///   the week holding `date` crosses 0001-01-01 or 9999-12-31.
    /// - Complexity: as ``insert(_:)``.
    @discardableResult
    public mutating func move(id: String, to granularity: Period.Granularity, containing date: CivilDate,
                              weekRule: WeekRule = .iso) throws(AlmanacError) -> AgendaItem {
        guard let item = _items[id] else {
            throw AlmanacError(.invalidValue, "no item has the id \"\(id)\"", text: id)
        }
        let moved = try item.moved(to: granularity, containing: date, weekRule: weekRule)
        insert(moved)
        return moved
    }

    /// The items the list of `period` shows, sorted by the last day of their
    /// period, then title, then id.
    ///
    /// ```swift
    /// try agenda.list(for: .year(2023))
    /// agenda.list(for: try Horizon.days(7).span(from: today))   // a 7-day span lists like a week
    /// ```
    ///
    /// - Complexity: O(b log d + k log k), where k is the number of items
    ///   returned, d the number of distinct periods in a bucket, and b the
    ///   number of buckets the list's granularity can show (at most: days,
    ///   months, years, one per week rule in use and one per span length in
    ///   use). Only the items returned are visited.
    public func list(for period: Period) -> [AgendaItem] {
        var out: [AgendaItem] = []
        _lists[period.listGranularity.rawValue].forEachOverlapping(period) { out.append(_items[$0]!) }
        out.sort(by: Agenda.listOrder)
        return out
    }

    /// The lists of the periods of `horizon` from `date`, in order, or `nil`
    /// when the horizon leaves the supported range (see ``Horizon/periods(from:weekRule:)``).
    ///
    /// ```swift
    /// for (week, items) in try agenda.lists(for: .weeks(6), from: today) { ... }
    /// ```
    ///
    /// - Complexity: the sum of ``list(for:)`` over the horizon's periods.
    public func lists(for horizon: Horizon, from date: CivilDate,
                      weekRule: WeekRule = .iso) throws(AlmanacError) -> [(period: Period, items: [AgendaItem])] {
        try horizon.periods(from: date, weekRule: weekRule).map { ($0, list(for: $0)) }
    }

    /// The order of every list: last day of the period, then title, then id.
    ///
    /// ```swift
    /// items.sorted(by: Agenda.listOrder)
    /// ```
    ///
    /// - Complexity: O(1) (plus the length of the titles compared).
    public static func listOrder(_ a: AgendaItem, _ b: AgendaItem) -> Bool {
        let (ea, eb) = (a.period.lastDay, b.period.lastDay)
        if ea != eb { return ea < eb }
        if a.title != b.title { return a.title < b.title }
        return a.id < b.id
    }

    /// The list granularities at which `item` can be shown.
    private func _levels(_ item: AgendaItem) -> some Sequence<Period.Granularity> {
        let rank = item.period.listGranularity
        return Period.Granularity.allCases.lazy.filter { $0 >= rank && item.visibleIn.contains($0) }
    }

    private mutating func _index(_ item: AgendaItem, sorted: Bool) {
        for g in _levels(item) { _lists[g.rawValue].insert(item.period, id: item.id, sorted: sorted) }
    }

    private mutating func unindex(_ item: AgendaItem) {
        for g in _levels(item) { _lists[g.rawValue].remove(item.period, id: item.id) }
    }

    /// Two agendas are equal when they hold the same items.
    ///
    /// ```swift
    /// Agenda([a, b]) == Agenda([b, a])   // true
    /// ```
    ///
    /// - Complexity: O(n).
    public static func == (a: Agenda, b: Agenda) -> Bool { a._items == b._items }

    /// Hashes the items.
    ///
    /// ```swift
    /// let seen: Set<Agenda> = [agenda]
    /// ```
    ///
    /// - Complexity: O(n).
    public func hash(into hasher: inout Hasher) { hasher.combine(_items) }
}

extension Agenda: Codable {
    /// Reads an array of items and rebuilds the index.
    ///
    /// ```swift
    /// let agenda = try JSONDecoder().decode(Agenda.self, from: data)
    /// ```
    ///
    /// - Throws: a `DecodingError` when an item is malformed (see
    ///   ``AgendaItem/init(from:)``) or two items have the same id, which
    ///   would otherwise lose one of them silently.
    /// - Complexity: O(n log n).
    public init(from decoder: any Decoder) throws {
        var c = try decoder.unkeyedContainer()
        var items: [AgendaItem] = []
        var ids = Set<String>()
        while !c.isAtEnd {
            let index = c.currentIndex
            let item = try c.decode(AgendaItem.self)
            guard ids.insert(item.id).inserted else {
                throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath + [IndexKey(intValue: index)],
                                                        debugDescription: "two items have the id \"\(item.id)\""))
            }
            items.append(item)
        }
        self.init(items)
    }

    /// An array index as a coding key, for the path of a repeated id.
    private struct IndexKey: CodingKey {
        var intValue: Int?
        var stringValue: String { String(intValue ?? 0) }
        init(intValue: Int) { self.intValue = intValue }
        init?(stringValue: String) { nil }
    }

    /// Writes the items as an array sorted by id.
    ///
    /// ```swift
    /// let data = try JSONEncoder().encode(agenda)   // [{"id": ..., "period": "2023-W48", ...}]
    /// ```
    ///
    /// - Complexity: O(n log n).
    public func encode(to encoder: any Encoder) throws {
        try _items.values.sorted { $0.id < $1.id }.encode(to: encoder)
    }
}
