import Almanac
import AlmanacCalendar

extension CalendarStore {
    /// The instances of `calendars` that overlap `window` (each starts
    /// before its end and ends after its start; a zero-length one at its
    /// start counts: RFC 4791 section 9.9's time-range test), in start
    /// order in `viewer`, then calendar, UID and recurrence id. Floating and
    /// all-day instances are placed in `viewer`.
    ///
    /// ```swift
    /// let week = try await store.instances(of: ["work", "home"], overlapping: monday..<nextMonday, viewer: paris)
    /// ```
    ///
    /// Inside a calendar's horizon the answer comes from the index; a
    /// window that leaves it is answered by expanding the stored series,
    /// with the same instances either way.
    public func instances(of calendars: [String], overlapping window: Range<Timestamp>, viewer: Zone = .utc,
                          dropsCancelled: Bool = false) async throws(StoreError) -> [StoredInstance] {
        var out: [StoredInstance] = []
        var fromIndex: [String] = []
        var versions: [String: Int64] = [:]
        for id in calendars {
            guard let c = try await backend.calendar(id) else { throw StoreError(.notFound, "no calendar \"\(id)\" in the store") }
            if c.horizon.lowerBound <= window.lowerBound && window.upperBound <= c.horizon.upperBound {
                fromIndex.append(id)
                versions[id] = c.version
            } else {
                out += try await expanded(id, overlapping: window, viewer: viewer, dropsCancelled: dropsCancelled)
            }
        }
        if !fromIndex.isEmpty {
            let rows = try await backend.instanceRows(
                calendars: fromIndex, window: window.lowerBound.secondsSinceEpoch..<window.upperBound.secondsSinceEpoch)
            var fileZones: [String: [String: Zone]] = [:]
            var named: [String: Zone?] = [:]   // zones by name, looked up once per query
            for r in rows {
                if dropsCancelled && r.status == "CANCELLED" { continue }
                if r.zone != nil && fileZones[r.calendarID] == nil {
                    let id = r.calendarID
                    fileZones[id] = try await snapshots.fileZones(of: id, version: versions[id] ?? 0) { () async throws(StoreError) in
                        try StoredZones.zones(try await backend.zones(calendar: id))
                    }
                }
                let own = fileZones[r.calendarID]
                let i = try IndexRows.instance(r, viewer: viewer) { name in
                    if let z = own?[name] { return z }
                    if let z = named[name] { return z }
                    let z = try? Zone(name)
                    named[name] = z
                    return z
                }
                if window.overlapsInstance(start: i.instants.lowerBound, end: i.instants.upperBound) { out.append(i) }
            }
        }
        out.sort(by: IndexRows.precedes)
        return out
    }

    /// The instances of all of `owner`'s calendars that overlap `window`.
    ///
    /// ```swift
    /// let week = try await store.instances(ofOwner: "ana", overlapping: monday..<nextMonday, viewer: paris)
    /// ```
    public func instances(ofOwner owner: String, overlapping window: Range<Timestamp>, viewer: Zone = .utc,
                          dropsCancelled: Bool = false) async throws(StoreError) -> [StoredInstance] {
        let ids = try await backend.calendars(owner: owner).map(\.id)
        return try await instances(of: ids, overlapping: window, viewer: viewer, dropsCancelled: dropsCancelled)
    }

    /// The instances of a calendar that overlap `window`, by expanding its
    /// stored series (what the index holds inside the horizon).
    ///
    /// ```swift
    /// let fresh = try await store.expandedInstances(of: "work", overlapping: week, viewer: paris)
    /// ```
    public func expandedInstances(of id: String, overlapping window: Range<Timestamp>, viewer: Zone = .utc,
                                  dropsCancelled: Bool = false) async throws(StoreError) -> [StoredInstance] {
        try await expanded(id, overlapping: window, viewer: viewer, dropsCancelled: dropsCancelled).sorted(by: IndexRows.precedes)
    }

    func expanded(_ id: String, overlapping window: Range<Timestamp>, viewer: Zone, dropsCancelled: Bool) async throws(StoreError)
        -> [StoredInstance] {
        let calendar = try await storedCalendar(id)
        return calendar.occurrences(overlapping: window, viewer: viewer, dropsCancelled: dropsCancelled)
            .map { IndexRows.instance($0, calendarID: id, viewer: viewer) }
    }

    /// The series of a calendar as stored, read back into an `EventCalendar`.
    ///
    /// ```swift
    /// let work = try await store.storedCalendar("work")
    /// print(work.events.count)
    /// ```
    public func storedCalendar(_ id: String) async throws(StoreError) -> EventCalendar {
        guard try await backend.calendar(id) != nil else { throw StoreError(.notFound, "no calendar \"\(id)\" in the store") }
        return try SeriesText.calendar(try await backend.series(calendar: id, uids: nil), zones: try await backend.zones(calendar: id))
    }

    /// The day slices, in `viewer`'s zone, of the instances that overlap
    /// `window`: one per local day an instance touches, each with the day
    /// key its record is kept under.
    ///
    /// ```swift
    /// for d in try await store.daySlices(of: ["work"], overlapping: week, viewer: paris) { print(d.key) }
    /// ```
    public func daySlices(of calendars: [String], overlapping window: Range<Timestamp>, viewer: Zone,
                          dropsCancelled: Bool = false) async throws(StoreError) -> [StoredDaySlice] {
        var out: [StoredDaySlice] = []
        for i in try await instances(of: calendars, overlapping: window, viewer: viewer, dropsCancelled: dropsCancelled) {
            for s in i.occurrence.daySlices(in: viewer) where window.overlapsInstance(start: s.start, end: s.end) {
                out.append(StoredDaySlice(instance: i, slice: s))
            }
        }
        return out
    }
}

/// One local day of a stored instance, with the key its record is kept under.
///
/// ```swift
/// let d: StoredDaySlice = slices[0]
/// print(d.slice.date, d.instance.title ?? "", d.key)
/// ```
public struct StoredDaySlice: Sendable, Hashable {
    /// The instance.
    public var instance: StoredInstance
    /// The day: its date, its part of the instance in the viewer's zone.
    public var slice: DaySlice
    /// The day key: the instance's occurrence key and the slice's date.
    public var key: DayKey { DayKey(occurrence: instance.key, date: slice.date) }

    /// A slice of an instance.
    ///
    /// ```swift
    /// let d = StoredDaySlice(instance: i, slice: i.occurrence.daySlices(in: paris).first!)
    /// ```
    public init(instance: StoredInstance, slice: DaySlice) {
        self.instance = instance
        self.slice = slice
    }
}
