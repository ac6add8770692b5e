import Almanac

/// One read of a payload: its mode and what it noticed. Lenient reads skip
/// an item that cannot be read, with a reading; strict ones throw, naming
/// the item by its place and id.
struct ReadLog {
    let mode: RecurrenceRule.ParsingMode
    /// Each reading with the path of the item it is about.
    private var notes: [(item: String, reading: SyncReading)] = []

    init(mode: RecurrenceRule.ParsingMode) {
        self.mode = mode
    }

    var isStrict: Bool { mode == .strict }

    /// `body`'s result for the item `f`; when it throws: in lenient mode
    /// `nil` and a reading (the item's own readings dropped with it), in
    /// strict mode the error, its field the full path of the fault and the
    /// item's id after its message
    /// (`value[3].recurrence.pattern.type: ... (item id "AAMkX")`).
    mutating func item<T>(_ f: JSONField, _ body: (inout ReadLog) throws(AlmanacError) -> T) throws(AlmanacError) -> T? {
        let mark = notes.count
        do throws(AlmanacError) {
            return try body(&self)
        } catch {
            notes.removeSubrange(mark...)
            let id = Self.id(of: f)
            if isStrict {
                var e = error.field == nil && !f.path.isEmpty ? error.at(field: f.path) : error
                if let id { e.message += " (item id \"\(id)\")" }
                throw e
            }
            notes.append((f.path, SyncReading(.skipped, path: f.path, id: id, Self.relative(error, to: f.path).description)))
            return nil
        }
    }

    /// `body`'s result for the part `part` of the item `item` (an entry of
    /// a list): when it throws, in lenient mode `nil` and a reading about
    /// the part (`value[4].cancelledOccurrences[1] (id "AAMkX"): skipped:
    /// ...`), in strict mode the error (which ``item(_:_:)`` then leads
    /// with the item).
    mutating func part<T>(_ part: JSONField, of item: JSONField, _ body: () throws(AlmanacError) -> T) throws(AlmanacError) -> T? {
        do throws(AlmanacError) {
            return try body()
        } catch {
            if isStrict { throw error }
            notes.append((item.path, SyncReading(.skipped, path: part.path, id: Self.id(of: item), Self.relative(error, to: part.path).description)))
            return nil
        }
    }

    /// A reading about the item `f` (its id, when it has one, read from it),
    /// about its member at the path `field` when given (`value[3].start`).
    mutating func note(_ kind: SyncReading.Kind, _ f: JSONField, field: String? = nil, _ message: String) {
        let about = field.flatMap { Self.relative(field: $0, to: f.path) }
        notes.append((f.path, SyncReading(kind, path: f.path, id: Self.id(of: f), about.map { $0 + ": " + message } ?? message)))
    }

    /// The readings in the order of the items they are about (`items`, in
    /// input order), each item's in the order they were made.
    func readings(inOrderOf items: [JSONField]) -> [SyncReading] {
        var rank: [String: Int] = [:]
        for (k, f) in items.enumerated() where rank[f.path] == nil { rank[f.path] = k }
        return notes.enumerated().sorted { a, b in
            let x = rank[a.element.item] ?? Int.max, y = rank[b.element.item] ?? Int.max
            return x != y ? x < y : a.offset < b.offset
        }.map(\.element.reading)
    }

    /// The item's `id`, when it is a string.
    static func id(of f: JSONField) -> String? {
        guard let v = f["id"], case .string(let s) = v.value else { return nil }
        return s
    }

    /// An error at `value[3].start.timeZone` said from the item `value[3]`:
    /// its field is `start.timeZone` (none when it is the item itself).
    static func relative(_ error: AlmanacError, to path: String) -> AlmanacError {
        guard let field = error.field else { return error }
        var e = error
        e.field = relative(field: field, to: path)
        return e
    }

    /// The field path `value[3].start.timeZone` from `value[3]`: `start.timeZone`;
    /// `nil` for `value[3]` itself; the path unchanged when it is not inside `path`.
    static func relative(field: String, to path: String) -> String? {
        guard !path.isEmpty, field.hasPrefix(path) else { return field }
        let rest = field.dropFirst(path.count)
        if rest.isEmpty { return nil }
        if rest.hasPrefix(".") { return String(rest.dropFirst()) }
        return rest.hasPrefix("[") ? String(rest) : field
    }
}

extension JSONField {
    /// Whether the object has the member `key`, `null` included.
    func has(_ key: String) -> Bool {
        guard case .object(let o) = value else { return false }
        return o[key] != nil
    }
}
