import AlmanacCore
import Synchronization

/// Not API: a zone source whose data comes from another module of the
/// package, so the engine links no more than it reads. AlmanacFoundation
/// installs Foundation's `TimeZone` as ``Zone/Source/foundation`` this way
/// (`Zone.enableFoundationSource()`); the engine never imports Foundation.
package struct ExternalZoneSource: Sendable {
    /// The source's tz data version, such as `2025b`.
    package var dataVersion: @Sendable () -> String
    /// The ids the source knows, sorted.
    package var identifiers: @Sendable () -> [String]
    /// The offset in force at ``tableStart`` and every change of the total
    /// offset up to ``tableEnd``, in increasing order; `nil` for an id the
    /// source does not know.
    package var transitions: @Sendable (String) -> (initialOffset: Int32, changes: [(instant: Int64, offset: Int32)])?

    /// An external source from its three answers.
    package init(dataVersion: @escaping @Sendable () -> String, identifiers: @escaping @Sendable () -> [String],
                 transitions: @escaping @Sendable (String) -> (initialOffset: Int32, changes: [(instant: Int64, offset: Int32)])?) {
        self.dataVersion = dataVersion
        self.identifiers = identifiers
        self.transitions = transitions
    }

    /// 0001-01-01T00:00:00Z: where a source starts reporting.
    package static var tableStart: Int64 { ZoneTable.tableStart }
    /// Where zone tables end (their last transition is before it).
    package static var tableEnd: Int64 { ZoneTable.tableEnd }

    private static let installed = Mutex<[Zone.Source: ExternalZoneSource]>([:])

    /// Makes `source` answer for `kind`; the first installation wins.
    package static func install(_ source: ExternalZoneSource, as kind: Zone.Source) {
        installed.withLock { if $0[kind] == nil { $0[kind] = source } }
    }

    /// The source installed for `kind`, if any.
    static func installed(_ kind: Zone.Source) -> ExternalZoneSource? {
        installed.withLock { $0[kind] }
    }

    /// The table of `identifier`, named `identifier`.
    func table(_ identifier: String, source: Zone.Source) -> ZoneTable? {
        guard let t = transitions(identifier) else { return nil }
        return ZoneTable.build(identifier: identifier, initialOffset: t.initialOffset, changes: t.changes,
                               source: source, dataVersion: dataVersion())
    }
}
