import AlmanacCore

extension ZoneTable {
    /// 0001-01-01T00:00:00Z: loaders record transitions from here on.
    static let tableStart: Int64 = Int64(daysFromCivil(1, 1, 1)) * 86_400

    /// A table from the offset in force at ``tableStart`` and the changes a
    /// loader reported, in increasing order of instant.
    ///
    /// Sources report more than offset changes (ICU also reports a new zone
    /// name or a new split between raw and DST offset at the same total), so
    /// this keeps only the instants where the total offset changes, and
    /// drops instants at or after ``tableEnd``.
    static func build(identifier: String, initialOffset: Int32, changes: some Sequence<(instant: Int64, offset: Int32)>,
                      source: Zone.Source, dataVersion: String) -> ZoneTable {
        var transitions: [Int64] = []
        var offsets: [Int32] = [initialOffset]
        for change in changes where change.instant < tableEnd {
            guard change.offset != offsets[offsets.count - 1] else { continue }
            precondition(transitions.last.map { $0 < change.instant } ?? true, "zone transitions must increase strictly")
            transitions.append(change.instant)
            offsets.append(change.offset)
        }
        return ZoneTable(identifier: identifier, transitions: transitions, offsets: offsets, source: source, dataVersion: dataVersion)
    }

    /// The same data under another id (an alias such as `US/Eastern` shares
    /// the arrays of `America/New_York`).
    func renamed(_ identifier: String) -> ZoneTable {
        identifier == self.identifier ? self
            : ZoneTable(identifier: identifier, transitions: transitions, offsets: offsets, source: source, dataVersion: dataVersion)
    }
}
