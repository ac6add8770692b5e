import Almanac

/// A calendar as the store holds it: its name, owner, source and sync
/// state, the horizon its instance index covers, and a version that every
/// applied snapshot raises.
///
/// ```swift
/// let work = try await store.calendar("work")
/// print(work?.sync.etag ?? "-", work?.horizon ?? Timestamp.min..<Timestamp.min)
/// ```
public struct StoredCalendar: Sendable, Hashable {
    /// Its name, unique in the store (the partition key in PostgreSQL).
    public var id: String
    /// Whose calendar it is: queries can take all of an owner's calendars.
    public var owner: String
    /// Where its snapshots come from.
    public var source: CalendarSource
    /// The sync state of its last snapshot.
    public var sync: SyncState
    /// The instants the instance index covers: an instance that overlaps a
    /// window inside it is in the index, in any viewer zone.
    public var horizon: Range<Timestamp>
    /// The zone whose days key the calendar's day records (the viewer its
    /// records were made in): a snapshot carries records to their new days
    /// in this zone.
    public var zoneID: String
    /// Raised by one with every snapshot applied (1 for the first): a
    /// snapshot prepared against one version is committed only at that
    /// version. Marks do not raise it (a snapshot carries the records it
    /// finds inside its own transaction).
    public var version: Int64

    /// A calendar record.
    ///
    /// ```swift
    /// let c = StoredCalendar(id: "work", owner: "ana", source: .ics, sync: SyncState(),
    ///                        horizon: CalendarStore.defaultHorizon(around: CalendarStore.now()), zoneID: "Europe/Paris", version: 1)
    /// ```
    public init(id: String, owner: String, source: CalendarSource, sync: SyncState, horizon: Range<Timestamp>,
                zoneID: String, version: Int64) {
        self.id = id
        self.owner = owner
        self.source = source
        self.sync = sync
        self.horizon = horizon
        self.zoneID = zoneID
        self.version = version
    }
}

/// Where a calendar's snapshots come from.
///
/// ```swift
/// let source = CalendarSource(rawValue: "google")   // .google
/// ```
public enum CalendarSource: String, Sendable, Hashable, CaseIterable {
    /// An iCalendar file or CalDAV collection.
    case ics
    /// A Google Calendar `events.list` payload.
    case google
    /// A Microsoft Graph `events` or `calendarView` payload.
    case graph
}

/// What a sync layer keeps to fetch the next snapshot cheaply.
///
/// ```swift
/// let state = SyncState(etag: "\"p32g9s1\"", syncToken: "CPDAlvWDx70CEPDAlvWDx70CGAU=", lastFetch: CalendarStore.now())
/// ```
public struct SyncState: Sendable, Hashable {
    /// The ETag of the last snapshot (HTTP, CalDAV `getetag`).
    public var etag: String?
    /// The sync token (Google's `nextSyncToken`, Graph's delta link, CalDAV's sync-token).
    public var syncToken: String?
    /// When the last snapshot was fetched.
    public var lastFetch: Timestamp?

    /// A sync state; all parts are optional.
    ///
    /// ```swift
    /// let none = SyncState()
    /// ```
    public init(etag: String? = nil, syncToken: String? = nil, lastFetch: Timestamp? = nil) {
        self.etag = etag
        self.syncToken = syncToken
        self.lastFetch = lastFetch
    }
}
