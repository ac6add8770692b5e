/// What makes periods line up in one sorted array: kind, week rule, and for
/// spans the length. Periods of one shape sorted by first day are also sorted
/// by last day (days, weeks of one rule, months and years tile the calendar;
/// spans of one length are translates of each other), so the ones that
/// overlap a list form one contiguous run found by two binary searches.
struct Shape: Hashable, Sendable {
    let granularity: Period.Granularity?
    let weekRule: WeekRule?
    let spanLength: Int

    init(_ p: Period) {
        granularity = p.granularity
        weekRule = p.weekRule
        spanLength = p.isSpan ? p.dayCount : 0
    }
}

/// The distinct periods of one shape, sorted by first day, with the ids of
/// the items assigned to each.
struct Bucket: Sendable {
    var periods: [Period] = []
    var ids: [Period: Set<String>] = [:]

    /// The first index whose period is not `isBefore`, for a predicate that
    /// holds on a prefix of `periods` (a lower bound by binary search).
    func partition(_ isBefore: (Period) -> Bool) -> Int {
        var lo = 0, hi = periods.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if isBefore(periods[mid]) { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// Adds `id` under `period`; keeps `periods` sorted unless `sorted` is false
    /// (bulk loading sorts once at the end).
    mutating func insert(_ period: Period, id: String, sorted: Bool = true) {
        if ids[period]?.insert(id) != nil { return }
        ids[period] = [id]
        if sorted {
            let first = period.firstDay
            periods.insert(period, at: partition { $0.firstDay < first })
        } else {
            periods.append(period)
        }
    }

    mutating func remove(_ period: Period, id: String) {
        guard ids[period]?.remove(id) != nil, ids[period]!.isEmpty else { return }
        ids[period] = nil
        let first = period.firstDay
        let i = partition { $0.firstDay < first }
        if i < periods.count, periods[i] == period { periods.remove(at: i) }
    }

    /// Calls `body` with every id assigned to a period that overlaps `list`.
    func forEachOverlapping(_ list: Period, _ body: (String) -> Void) {
        let lo = partition { $0.lastDay < list.firstDay }
        let hi = partition { $0.firstDay <= list.lastDay }
        guard lo < hi else { return }
        for p in periods[lo..<hi] {
            for id in ids[p]! { body(id) }
        }
    }
}

/// The items that the lists of one granularity can show (visible there and
/// no coarser), bucketed by shape.
struct ListIndex: Sendable {
    var buckets: [Shape: Bucket] = [:]

    mutating func insert(_ period: Period, id: String, sorted: Bool = true) {
        buckets[Shape(period), default: Bucket()].insert(period, id: id, sorted: sorted)
    }

    mutating func remove(_ period: Period, id: String) {
        let shape = Shape(period)
        buckets[shape]?.remove(period, id: id)
        if buckets[shape]?.ids.isEmpty == true { buckets[shape] = nil }
    }

    mutating func sortAll() {
        for key in buckets.keys { buckets[key]!.periods.sort { $0.firstDay < $1.firstDay } }
    }

    func forEachOverlapping(_ list: Period, _ body: (String) -> Void) {
        for bucket in buckets.values { bucket.forEachOverlapping(list, body) }
    }
}
