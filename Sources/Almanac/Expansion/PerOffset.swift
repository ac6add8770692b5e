/// Values an expansion derives from the zone's offset (reachability of the
/// time filters, count-ahead tables), kept for the last two offsets asked:
/// a zone with daylight saving time alternates two.
struct PerOffset<Value> {
    private var entries: [(offset: Int64, value: Value)] = []

    /// The value kept for offset `o`; setting one forgets all but the last before it.
    subscript(offset o: Int64) -> Value? {
        get { entries.first(where: { $0.offset == o })?.value }
        set {
            guard let value = newValue else { return }
            entries = [entries.last, (o, value)].compactMap { $0 }
        }
    }
}
