import Almanac

/// What a payload reader read: the events, and what it noticed on the way
/// (items skipped, zones read otherwise than written), as
/// `EventCalendar` keeps its `readings` for `.ics` files.
///
/// ```swift
/// let payload = try GraphEvents.read(json: bytes, mode: .lenient)
/// let calendar = EventCalendar(events: payload.events.map(\.series))
/// for r in payload.readings { print("note:", r) }   // value[3] (id "AAMk..."): skipped: ...
/// ```
public struct SyncPayload: Sendable, Hashable {
    /// The events, in input order (exceptions folded into their series).
    public var events: [SyncEvent]
    /// What the reader noticed, in input order.
    public var readings: [SyncReading]

    /// A payload from its parts.
    ///
    /// ```swift
    /// let empty = SyncPayload(events: [], readings: [])
    /// ```
    public init(events: [SyncEvent], readings: [SyncReading] = []) {
        self.events = events
        self.readings = readings
    }
}

/// Something a payload reader noticed about one item: that it was skipped
/// (lenient mode: in strict mode that is an error naming the same item), or
/// how a zone was read.
///
/// ```swift
/// let r = try GoogleEvents.read(json: bytes, mode: .lenient).readings[0]
/// r.path      // "items[1]"
/// r.id        // "bad-zone"
/// r.kind      // .skipped
/// r.description   // items[1] (id "bad-zone"): skipped: start.timeZone: unknown time zone "Mars/Olympus"
/// ```
public struct SyncReading: Sendable, Hashable, CustomStringConvertible {
    /// What a reading is about.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// An item that cannot be read, left out (lenient mode), or a part
        /// of one (a `cancelledOccurrences` entry).
        case skipped
        /// A zone name that names no known zone, and the zone read instead.
        case zone
        /// Something read leniently: by the recurrence lines' iCalendar
        /// reader, or a value the service does not document (a
        /// `transparency` or `showAs` read as its default).
        case liberty
    }

    /// What the reading is about.
    public var kind: Kind
    /// The item's place in the input: `value[3]`, `items[0]`, `[1].items[2]`
    /// for the third item of a second page.
    public var path: String
    /// The item's `id`, when it has one.
    public var id: String?
    /// What was read and how.
    public var message: String

    /// A reading from its parts.
    ///
    /// ```swift
    /// SyncReading(.skipped, path: "value[0]", id: "AAMk", "missing field \"start\"")
    /// ```
    public init(_ kind: Kind, path: String, id: String?, _ message: String) {
        self.kind = kind
        self.path = path
        self.id = id
        self.message = message
    }

    /// `value[3] (id "AAMkX"): skipped: recurrence.pattern.type: ...`.
    public var description: String {
        SyncReading.item(path, id) + ": " + (kind == .skipped ? "skipped: " : "") + message
    }

    /// How messages name an item: `value[3] (id "AAMkX")`, or its path alone.
    static func item(_ path: String, _ id: String?) -> String {
        (path.isEmpty ? "the item" : path) + (id.map { " (id \"\($0)\")" } ?? "")
    }
}
