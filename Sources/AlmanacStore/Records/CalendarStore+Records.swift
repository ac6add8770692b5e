import Almanac
import AlmanacCalendar
import AlmanacReview

extension CalendarStore {
    /// Stores a day record (replacing the one at its key) with a `marked`
    /// history entry, in one transaction, and returns it as stored. Marks
    /// from many threads and processes at once are each stored once. A
    /// record of a day inside the horizon whose occurrence the calendar no
    /// longer has (a snapshot removed it after the key was read) is stored
    /// as an orphan (``StoredRecord/orphanedAt``), never refused.
    ///
    /// ```swift
    /// try await store.mark(DayRecord(key: slice.key, mark: .partial(fraction: 0.5), note: "half", recordedAt: CalendarStore.now()),
    ///                      calendar: "work")
    /// ```
    @discardableResult
    public func mark(_ record: DayRecord, calendar id: String) async throws(StoreError) -> StoredRecord {
        guard record.recordedAt.utc != nil else {
            throw StoreError(.invalidValue, "recorded at \(record.recordedAt.secondsSinceEpoch) s lies outside years 1...9999")
        }
        return try await backend.mark(StoredRecord(calendarID: id, record: record), at: Self.now())
    }

    /// The record at a day key, if any.
    ///
    /// ```swift
    /// let r = try await store.record(at: key, calendar: "work")
    /// ```
    public func record(at key: DayKey, calendar id: String) async throws(StoreError) -> StoredRecord? {
        try await backend.records(RecordQuery(calendars: [id], key: key.description)).first
    }

    /// The records of `calendars` whose day lies in `days`, by day then key.
    ///
    /// ```swift
    /// let may = try await store.records(of: ["work"], days: CivilDate(2024, 5, 1)!..<CivilDate(2024, 6, 1)!)
    /// ```
    public func records(of calendars: [String], days: Range<CivilDate>) async throws(StoreError) -> [StoredRecord] {
        let r = Int64(days.lowerBound.daysSinceEpoch)..<Int64(days.upperBound.daysSinceEpoch)
        return try await backend.records(RecordQuery(calendars: calendars, days: r))
    }

    /// The records of one series (UID) of a calendar, orphans included.
    ///
    /// ```swift
    /// let standups = try await store.records(of: "work", series: "standup@example.com")
    /// ```
    public func records(of id: String, series: String) async throws(StoreError) -> [StoredRecord] {
        try await backend.records(RecordQuery(calendars: [id], seriesIDs: [series]))
    }

    /// All records of `calendars` (only the orphans when `orphansOnly`).
    ///
    /// ```swift
    /// let orphans = try await store.records(of: ["work"], orphansOnly: true)
    /// ```
    public func records(of calendars: [String], orphansOnly: Bool = false) async throws(StoreError) -> [StoredRecord] {
        try await backend.records(RecordQuery(calendars: calendars, orphansOnly: orphansOnly))
    }

    /// The history of the record at a day key, oldest first: its marks,
    /// orphanings and restorations, the moves that brought it there, and
    /// what happened at the keys it came from before it moved.
    ///
    /// ```swift
    /// for h in try await store.history(of: key, calendar: "work") { print(h.change, h.previousKey ?? key, h.record.mark.name) }
    /// ```
    public func history(of key: DayKey, calendar id: String) async throws(StoreError) -> [RecordChange] {
        var keys = [key.description], known: Set<String> = [key.description]
        while true {
            let entries = try await backend.history(calendar: id, keys: keys)
            let earlier = entries.compactMap { $0.change == .rekeyed ? $0.previousKey?.description : nil }.filter { known.insert($0).inserted }
            if earlier.isEmpty { return entries }
            keys += earlier
        }
    }

    /// A review of `period` from the stored series and records of
    /// `calendars`, as AlmanacReview's `Review` makes it from files (tallies, rhythm,
    /// streaks, orphans).
    ///
    /// ```swift
    /// let week = try await store.review(of: try Period(parsing: "2024-W19"), calendars: ["work"], viewer: paris)
    /// print(week.totals.done)
    /// ```
    public func review(of period: Period, calendars: [String], viewer: Zone) async throws(StoreError) -> Review {
        var series: [ReviewSeries] = []
        var records: [DayRecord] = []
        for id in calendars {
            series += try await storedCalendar(id).events.map(ReviewSeries.init(event:))
            records += try await backend.records(RecordQuery(calendars: [id])).map(\.record)
        }
        do {
            return try Review(of: period, viewer: viewer, series: series, records: records)
        } catch {
            throw StoreError(.invalidValue, "review of \(period): \(error)")
        }
    }
}
