import AlmanacCore

/// A time zone: an IANA id (or a Windows id, mapped through ICU) with its
/// transitions loaded once into an immutable table shared by every copy.
///
/// ```swift
/// let ny = try Zone("America/New_York")
/// ny.offset(at: Timestamp(secondsSinceEpoch: 0))        // -05:00
/// try ny.resolve(CivilDate(2024, 3, 10).at(2, 30))          // .gap(before: -05:00, after: -04:00)
/// try ny.timestamp(for: CivilDate(2024, 3, 10).at(2, 30)) // 2024-03-10T07:30:00Z, i.e. 03:30 EDT
/// ```
///
/// Its rules come from the newest tz data the machine has (see
/// ``preferredSource``): the system's tz database (TZif files) or ICU's.
/// Loading reads them once; later loads of the same id come from a
/// process-wide cache.
public struct Zone: Sendable, Hashable, CustomStringConvertible {
    @usableFromInline let table: ZoneTable

    init(table: ZoneTable) { self.table = table }

    /// The zone's id as it was loaded (IANA; a Windows id is mapped to IANA).
    public var identifier: String { table.identifier }
    /// Where this zone's transitions came from.
    public var source: Source { table.source }
    /// The tz data version of the source: the system database's (e.g. `2025b`),
    /// ICU's `ucal_getTZDataVersion` (e.g. `2022e`) or Foundation's
    /// `TimeZone.timeZoneDataVersion`;
    /// empty for ``utc``, ``fixed(_:)`` and hand-made zones.
    public var dataVersion: String { table.dataVersion }
    /// The zone's ``identifier``.
    public var description: String { identifier }

    /// UTC as a zone: offset zero, no transitions. It is the zone
    /// `Zone("UTC")` loads (from ``preferredSource``), so the two are `==`
    /// and `"UTC"` decodes back to it; where no source knows `UTC`, a table
    /// made here.
    public static let utc: Zone = (try? Zone("UTC"))
        ?? Zone(table: ZoneTable(identifier: "UTC", transitions: [], offsets: [0], source: .icu, dataVersion: ""))

    /// A zone whose offset never changes (for tests and fixed-offset inputs).
    public static func fixed(_ offset: Offset) -> Zone {
        Zone(table: ZoneTable(identifier: offset.description, transitions: [], offsets: [offset.seconds], source: .icu, dataVersion: ""))
    }

    /// A zone from its transitions, in UTC seconds, and the offsets in force
    /// before the first, between each pair and after the last transition.
    ///
    /// `offsets.count` must be `transitions.count + 1` and transitions must
    /// increase; otherwise this throws.
    public init(identifier: String, transitions: [Int64], offsets: [Offset]) throws(AlmanacError) {
        guard offsets.count == transitions.count + 1 else {
            throw AlmanacError(.invalidValue, "a zone needs one more offset than transitions (\(offsets.count) offsets, \(transitions.count) transitions)")
        }
        guard zip(transitions, transitions.dropFirst()).allSatisfy({ $0 < $1 }) else {
            throw AlmanacError(.invalidValue, "zone transitions must increase strictly")
        }
        // Equal tables are one object (see `ZoneInterner`): `==` is then immediate.
        self.init(table: ZoneInterner.shared.intern(
            ZoneTable(identifier: identifier, transitions: transitions, offsets: offsets.map(\.seconds), source: .icu, dataVersion: "")))
    }

    /// The UTC offset in force at an instant.
    ///
    /// - Complexity: O(log n) in the number of transitions.
    public func offset(at instant: Timestamp) -> Offset {
        Offset(uncheckedSeconds: table.offset(at: instant.secondsSinceEpoch))
    }

    /// Transitions in `[start, end)`: the instant and the offsets before and after.
    public func transitions(from start: Timestamp, to end: Timestamp) -> [Transition] {
        var out: [Transition] = []
        var t = start.secondsSinceEpoch
        while t < end.secondsSinceEpoch, let next = nextTransition(after: t), next < end.secondsSinceEpoch {
            out.append(Transition(instant: Timestamp(secondsSinceEpoch: next),
                                  before: Offset(uncheckedSeconds: table.offset(at: next - 1)),
                                  after: Offset(uncheckedSeconds: table.offset(at: next))))
            t = next
        }
        return out
    }

    /// The first transition strictly after UTC second `t`, if any.
    func nextTransition(after t: Int64) -> Int64? {
        let (ft, shift) = table.fold(t)
        let i = table.spanIndex(ft)
        if i < table.transitions.count { return table.transitions[i] + shift }
        guard table.repeats else { return nil }
        // Past the table's last transition inside the folded cycle: the next
        // one is the first transition of the cycle, one cycle later.
        let firstInCycle = table.spanIndex(ZoneTable.tableEnd - ZoneTable.cycle - 1)
        return table.transitions[firstInCycle] + shift + ZoneTable.cycle
    }

    /// Whether two zones have the same id, source and transitions.
    public static func == (a: Zone, b: Zone) -> Bool {
        a.table === b.table || a.table.hasSameRules(as: b.table)
    }

    /// Hashes the id and the source.
    public func hash(into h: inout Hasher) {
        h.combine(table.identifier)
        h.combine(table.source)
    }
}

/// A change of UTC offset.
///
/// ```swift
/// let ny = try Zone("America/New_York")
/// let t = try ny.transitions(from: Timestamp(utc: CivilDate(2024, 1, 1).at(0, 0)),
///                        to: try Timestamp(utc: CivilDate(2025, 1, 1).at(0, 0)))[0]
/// t.instant   // 2024-03-10T07:00:00Z
/// t.before    // -05:00
/// t.after     // -04:00
/// ```
public struct Transition: Sendable, Hashable {
    /// The first instant with the new offset.
    public var instant: Timestamp
    /// The offset in force until the transition.
    public var before: Offset
    /// The offset in force from the transition on.
    public var after: Offset
}
