import Almanac

/// How a snapshot is applied: who owns the calendar, where it comes from,
/// its sync state, the zone of its records' days, the index's horizon.
///
/// ```swift
/// var o = ApplyOptions(owner: "ana", source: .google)
/// o.sync = SyncState(syncToken: page.nextSyncToken, lastFetch: CalendarStore.now())
/// try await store.apply(snapshot, to: "ana-work", options: o)
/// ```
public struct ApplyOptions: Sendable, Hashable {
    /// The owner (kept from the stored calendar when `nil`; "" for a new one).
    public var owner: String?
    /// The source (kept when `nil`; `.ics` for a new one).
    public var source: CalendarSource?
    /// The sync state written with the snapshot (kept when `nil`).
    public var sync: SyncState?
    /// The zone whose days key the records (kept when `nil`; UTC for a new one).
    public var zoneID: String?
    /// The index's horizon (kept when `nil`; ``CalendarStore/defaultHorizon(around:)`` for a new one).
    /// A different horizon re-indexes every series.
    public var horizon: Range<Timestamp>?
    /// The time of the change, for the history (the clock's when `nil`).
    public var now: Timestamp?

    /// Options; every `nil` keeps what the store has.
    ///
    /// ```swift
    /// let keep = ApplyOptions()
    /// ```
    public init(owner: String? = nil, source: CalendarSource? = nil, sync: SyncState? = nil, zoneID: String? = nil,
                horizon: Range<Timestamp>? = nil, now: Timestamp? = nil) {
        self.owner = owner
        self.source = source
        self.sync = sync
        self.zoneID = zoneID
        self.horizon = horizon
        self.now = now
    }
}

/// What applying a snapshot did.
///
/// ```swift
/// let r = try await store.apply(snapshot, to: "work")
/// print("\(r.changedSeries.count) changed, \(r.recordsMoved) records moved, \(r.recordsOrphaned) orphaned")
/// ```
public struct ApplyReport: Sendable, Hashable {
    /// The calendar's version after the snapshot.
    public var version: Int64
    /// UIDs of series added or changed (re-expanded), in the snapshot's order.
    public var changedSeries: [String]
    /// UIDs of series removed, by UID.
    public var removedSeries: [String]
    /// Index rows written.
    public var instancesWritten: Int
    /// Records carried to a new key.
    public var recordsMoved: Int
    /// Records whose day is gone (kept, marked).
    public var recordsOrphaned: Int
    /// Orphans whose day came back.
    public var recordsRestored: Int

    /// A report from its parts.
    ///
    /// ```swift
    /// let none = ApplyReport(version: 1, changedSeries: [], removedSeries: [], instancesWritten: 0,
    ///                        recordsMoved: 0, recordsOrphaned: 0, recordsRestored: 0)
    /// ```
    public init(version: Int64, changedSeries: [String], removedSeries: [String], instancesWritten: Int,
                recordsMoved: Int, recordsOrphaned: Int, recordsRestored: Int) {
        self.version = version
        self.changedSeries = changedSeries
        self.removedSeries = removedSeries
        self.instancesWritten = instancesWritten
        self.recordsMoved = recordsMoved
        self.recordsOrphaned = recordsOrphaned
        self.recordsRestored = recordsRestored
    }
}
