import Almanac

extension CalendarStore {
    /// How many series, index rows and records a calendar holds (what
    /// `almanac store status` prints).
    ///
    /// ```swift
    /// let n = try await store.counts(of: "work")
    /// print(n.series, n.instances, n.records, n.orphans)
    /// ```
    ///
    /// - Complexity: four counts by the database, over the calendar's rows.
    public func counts(of id: String) async throws(StoreError) -> StoredCounts {
        guard try await backend.calendar(id) != nil else { throw StoreError(.notFound, "no calendar \"\(id)\" in the store") }
        return try await backend.counts(calendar: id)
    }

    /// The calendars (by name) that hold a series with UID `uid`: where a
    /// day key's record belongs when no calendar is named.
    ///
    /// ```swift
    /// let homes = try await store.calendars(withSeries: "standup@example.com")   // ["work"]
    /// ```
    public func calendars(withSeries uid: String) async throws(StoreError) -> [String] {
        var out: [String] = []
        for c in try await backend.calendars(owner: nil) where try await !backend.series(calendar: c.id, uids: [uid]).isEmpty {
            out.append(c.id)
        }
        return out
    }
}

/// What a calendar of the store holds, counted.
///
/// ```swift
/// let n: StoredCounts = try await store.counts(of: "work")
/// print("\(n.series) series, \(n.instances) instances, \(n.records) records (\(n.orphans) orphaned)")
/// ```
public struct StoredCounts: Sendable, Hashable {
    /// Series (UIDs) stored.
    public var series: Int
    /// Rows of the instance index (the instances over the horizon).
    public var instances: Int
    /// Day records, orphans included.
    public var records: Int
    /// Records whose day is gone.
    public var orphans: Int

    /// Counts from their parts.
    ///
    /// ```swift
    /// let none = StoredCounts(series: 0, instances: 0, records: 0, orphans: 0)
    /// ```
    public init(series: Int, instances: Int, records: Int, orphans: Int) {
        self.series = series
        self.instances = instances
        self.records = records
        self.orphans = orphans
    }
}
