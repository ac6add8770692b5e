import Almanac
import AlmanacCalendar

extension CalendarStore {
    /// Applies a fresh snapshot of a calendar (an `.ics` read, a Google or
    /// Graph payload read into an `EventCalendar`): the series whose text
    /// changed are re-expanded into the index, removed series leave it, and
    /// the day records of changed series move to their new keys (the
    /// snapshot diff's day-key mapping), all in one transaction. A new
    /// calendar is created.
    ///
    /// ```swift
    /// let fresh = try GoogleEvents.read(json: payload)
    /// let r = try await store.apply(EventCalendar(events: fresh.map(\.series)), to: "ana-work",
    ///                               options: ApplyOptions(owner: "ana", source: .google))
    /// ```
    ///
    /// - Complexity: writing each series' text to compare its digest
    ///   (linear in the snapshot, no expansion), then expansion, diff and
    ///   writes for the changed series only.
    @discardableResult
    public func apply(_ snapshot: EventCalendar, to id: String, options: ApplyOptions = ApplyOptions()) async throws(StoreError) -> ApplyReport {
        var attempt = 0
        while true {
            do {
                return try await applyOnce(snapshot, to: id, options: options)
            } catch where error.kind == .conflict && attempt < 16 {
                attempt += 1   // another writer changed the calendar first: prepare again against its version
            } catch {
                snapshots.forget(id)
                throw error
            }
        }
    }

    /// Moves the horizon of a calendar's index (to reach further ahead, say)
    /// and re-indexes all its series over it.
    ///
    /// ```swift
    /// let c = try await store.calendar("work")!
    /// try await store.setHorizon(of: "work", to: c.horizon.lowerBound..<Timestamp(secondsSinceEpoch: 2_000_000_000))
    /// ```
    public func setHorizon(of id: String, to horizon: Range<Timestamp>) async throws(StoreError) {
        guard try await backend.calendar(id) != nil else { throw StoreError(.notFound, "no calendar \"\(id)\" in the store") }
        let rows = try await backend.series(calendar: id, uids: nil)
        let zones = try await backend.zones(calendar: id)
        try await apply(SeriesText.calendar(rows, zones: zones), to: id, options: ApplyOptions(horizon: horizon))
    }

    /// One attempt: prepared against the calendar's version, committed only at it.
    func applyOnce(_ snapshot: EventCalendar, to id: String, options: ApplyOptions) async throws(StoreError) -> ApplyReport {
        let now = options.now ?? Self.now()
        let old = try await backend.calendar(id)
        let zoneID = options.zoneID ?? old?.zoneID ?? "UTC"
        let zone: Zone
        do { zone = try Zone(zoneID) } catch { throw StoreError(.invalidValue, "records' zone: \(error.message)") }
        let horizon = options.horizon ?? old?.horizon ?? Self.defaultHorizon(around: now)
        guard horizon.lowerBound < horizon.upperBound else {
            throw StoreError(.invalidValue, "the horizon \(horizon.lowerBound) ..< \(horizon.upperBound) is empty")
        }
        // The remembered snapshot of this version is what the store holds:
        // its digests are the stored ones, and need not be read.
        let previous = old.flatMap { snapshots.plan(of: id, version: $0.version) }
        var digests: [String: Int64] = [:]
        if let previous { digests = previous.digests } else if old != nil { digests = try await backend.seriesDigests(calendar: id) }
        let plan = SnapshotPlan(snapshot, stored: digests, previous: previous)
        let (changed, removed) = (plan.changed, plan.removed)
        let rebuild = old.map { $0.horizon != horizon } ?? false
        let indexed = rebuild ? plan.uids : changed
        let rows = IndexRows.rows(of: EventCalendar(events: plan.events(of: indexed)), calendarID: id, horizon: horizon)
        let touched = changed + removed
        // The old series are read only when they have records now; the
        // records themselves are carried inside the commit, as they are then.
        let records = touched.isEmpty ? [] : try await backend.records(RecordQuery(calendars: [id], seriesIDs: touched))
        var before: EventCalendar?
        if !records.isEmpty {
            before = try SeriesText.calendar(try await backend.series(calendar: id, uids: touched.filter { digests[$0] != nil }),
                                             zones: try await backend.zones(calendar: id))
        }
        let carry = RecordCarry(before: before, after: EventCalendar(events: plan.events(of: changed)), horizon: horizon, zone: zone, now: now)
        let calendar = StoredCalendar(id: id, owner: options.owner ?? old?.owner ?? "", source: options.source ?? old?.source ?? .ics,
                                      sync: options.sync ?? old?.sync ?? SyncState(), horizon: horizon, zoneID: zoneID,
                                      version: (old?.version ?? 0) + 1)
        let moves = try await backend.commit(StoreChange(
            calendar: calendar, expectedVersion: old?.version, removedSeries: touched.filter { digests[$0] != nil },
            series: changed.map { plan.row(of: $0, calendarID: id) }, instances: rows,
            zones: (changed.isEmpty || plan.zonesAreStored) && old != nil ? nil : plan.zoneRows(calendarID: id), rebuildsIndex: rebuild,
            carriedSeries: touched, carry: { carry.moves($0) }, at: now))
        snapshots.keep(plan, of: id, version: calendar.version)
        return ApplyReport(version: calendar.version, changedSeries: changed, removedSeries: removed, instancesWritten: rows.count,
                           recordsMoved: moves.count { $0.change == .rekeyed }, recordsOrphaned: moves.count { $0.change == .orphaned },
                           recordsRestored: moves.count { $0.change == .restored })
    }
}
